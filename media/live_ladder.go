package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/Eyevinn/mp4ff/avc"
	"github.com/asticode/go-astiav"
)

// A live ladder is the lower rungs of a live stream's ladder, encoded as
// the publisher's pictures arrive: the published H.264 passes through as
// the top rung (no generation lost, no encoder latency), and the rungs
// under it are encoded from one decode of it, scaled in one filter graph
// (ladderScaleGraph, as the on-demand encode scales) and encoded by x264 on
// encoder threads (encode_thread.c). Every rung has a keyframe exactly
// where the source has one (forced), and each of its pictures carries the
// timestamp of the source picture it was made from, so that a packager
// cuts segments and parts of every rung at the same instants.

// LiveUnit is one access unit of a live video track: a picture's NAL
// units (without start codes or length prefixes) and its timestamps on
// the publisher's clock.
type LiveUnit struct {
	PTS, DTS time.Duration
	Key      bool
	NALUs    [][]byte
}

// LiveLadderOptions configures a LiveLadder.
type LiveLadderOptions struct {
	// Codec is the published video's: "h264" or "hevc".
	Codec string
	// VPS (HEVC only), SPS and PPS: the published parameter sets, without
	// start codes; the decoder starts with them.
	VPS, SPS, PPS []byte
	// Rungs are the renditions to encode (PlanLiveLadder's lower rungs).
	Rungs []Rendition
	// Ladder gives the preset, the CRF and the bit-rate caps, as for an
	// upload; the zero value is the default ladder.
	Ladder LadderOptions
	// QueueDepth bounds the published units waiting to be decoded: a
	// transcoder that falls further behind than this fails (ErrLiveBehind)
	// rather than make the rungs fall ever further behind the live edge.
	// Default 120 (4 s at 30 fps).
	QueueDepth int
	// NormalPriority runs the ladder at the caller's priority. By default
	// it runs 10 nice levels lower (Linux), as an upload's ladder pass
	// does: on a machine short of processor time the rungs fall behind
	// (and stop, QueueDepth), not the published picture, whose ingest and
	// packaging must stay at the live edge (at 1080p, measured: 0.6 s
	// behind the capture without the ladder, 4.6 s with it at normal
	// priority on an overloaded machine). The price: other work at normal
	// priority (an upload's early pass) can starve the rungs.
	NormalPriority bool
	// OnUnit receives each rung's access units, in order, from one
	// goroutine per rung. An error fails the ladder.
	OnUnit func(rung int, u LiveUnit) error
	Logger *slog.Logger
}

// ErrLiveBehind: the live ladder's queue is full; the machine cannot
// encode the rungs in real time.
var ErrLiveBehind = errors.New("media: the live ladder fell behind the publisher")

// liveTimescale is the time base pictures go through the decoder, the
// filter graph and the encoders in: MPEG-TS's, and a whole number of ticks
// for RTMP's milliseconds.
const liveTimescale = 90000

// PlanLiveLadder plans the ladder of a live picture of width×height as
// PlanLadder plans an upload's, so that the rungs have the names and sizes
// an on-demand video of that picture would: top is the largest rung, which
// the published picture is, passed through; lower are the rungs to encode,
// smallest first. Every rung keeps the published frame rate (PlanLadder
// halves it for sd above 30 fps): a rung that dropped frames could lose the
// source's keyframes, and with them the shared segment boundaries.
func PlanLiveLadder(width, height, fpsNum, fpsDen int, opts LadderOptions) (top Rendition, lower []Rendition, err error) {
	if fpsNum <= 0 || fpsDen <= 0 {
		fpsNum, fpsDen = 30, 1
	}
	info := &Info{Video: &VideoStream{Width: width, Height: height, FrameRateNum: fpsNum, FrameRateDen: fpsDen,
		FrameRate: float64(fpsNum) / float64(fpsDen)}}
	opts.MaxFrameRate = max(opts.MaxFrameRate, float64(fpsNum)/float64(fpsDen))
	rs, err := PlanLadder(info, opts)
	if err != nil {
		return top, nil, err
	}
	if len(rs) == 0 {
		return top, nil, errors.New("planning a live ladder: no rendition")
	}
	for i := range rs {
		rs[i].FrameRateNum, rs[i].FrameRateDen, rs[i].FrameRate = fpsNum, fpsDen, float64(fpsNum)/float64(fpsDen)
	}
	top = rs[len(rs)-1]
	top.Width, top.Height = width, height
	return top, rs[:len(rs)-1], nil
}

// LiveLadder encodes the lower rungs of a live stream: Write hands it the
// published units, OnUnit gets each rung's. Close ends it.
type LiveLadder struct {
	opts   LiveLadderOptions
	logger *slog.Logger
	in     chan LiveUnit
	ctx    context.Context
	cancel context.CancelCauseFunc
	done   chan struct{} // closed when every goroutine is done
	headed bool          // the first keyframe was written

	dec      *astiav.CodecContext
	decFrame *astiav.Frame
	pkt      *astiav.Packet
	graph    *filterGraph
	graphFor [3]int // width, height, pixel format the graph takes
	lastPts  int64  // of the last picture into the graph
	encoders []*liveEncoder

	// stamps maps a picture's time in liveTimescale ticks back to the
	// publisher's PTS, so that each rung's unit carries the very value of
	// the source's (a round trip through ticks may be a nanosecond off),
	// until every rung has emitted it; keys are the source keyframes'.
	mu     sync.Mutex
	stamps map[int64]*liveStamp
	closed bool
}

type liveStamp struct {
	pts  time.Duration
	key  bool
	left int // rungs still to emit it
}

type liveEncoder struct {
	rendition Rendition
	enc       *astiav.CodecContext
	thread    *encoderThread
	sps, pps  []byte
}

// NewLiveLadder opens the decoder and one x264 encoder per rung; the
// parameter sets of each rung's encoder are known on return (Rung).
func NewLiveLadder(ctx context.Context, opts LiveLadderOptions) (*LiveLadder, error) {
	if len(opts.Rungs) == 0 {
		return nil, errors.New("live ladder: no rung to encode")
	}
	if opts.OnUnit == nil {
		return nil, errors.New("live ladder: no OnUnit")
	}
	if opts.QueueDepth <= 0 {
		opts.QueueDepth = 120
	}
	opts.Ladder = opts.Ladder.withDefaults()
	l := &LiveLadder{opts: opts, logger: orDiscard(opts.Logger), in: make(chan LiveUnit, opts.QueueDepth),
		done: make(chan struct{}), stamps: make(map[int64]*liveStamp)}
	l.ctx, l.cancel = context.WithCancelCause(context.WithoutCancel(ctx))
	opened := make(chan error, 1)
	var wg sync.WaitGroup
	wg.Go(func() {
		// The decoder, the filter graph and the encoders run on this
		// thread and the threads it starts (the decoder's, x264's and
		// encode_thread.c's), which inherit its nice value. Left
		// locked: Go ends the thread with the goroutine rather than hand
		// its nice value to other goroutines.
		runtime.LockOSThread()
		if !opts.NormalPriority {
			if err := lowerThreadPriority(); err != nil {
				l.logger.Warn("live ladder: lowering its priority", "err", err)
			}
		}
		err := l.open()
		opened <- err
		if err == nil {
			l.run()
		}
	})
	if err := <-opened; err != nil {
		wg.Wait()
		l.free()
		return nil, err
	}
	for i, e := range l.encoders {
		wg.Go(func() {
			_, err := e.thread.receive(func(p encodedPacket) error { return l.emit(i, p) }, l.fail)
			if err != nil {
				l.fail(fmt.Errorf("live ladder: encoding %s: %w", e.rendition.Name, err))
			}
		})
	}
	go func() {
		wg.Wait()
		l.free()
		close(l.done)
	}()
	return l, nil
}

// open opens the decoder and the encoders and starts the encoders'
// threads.
func (l *LiveLadder) open() error {
	if err := l.openDecoder(); err != nil {
		return err
	}
	for _, r := range l.opts.Rungs {
		e, err := newLiveEncoder(r, l.opts.Ladder)
		if err != nil {
			return err
		}
		l.encoders = append(l.encoders, e)
	}
	for _, e := range l.encoders {
		t, err := startEncoderThread(e.enc, frameQueueDepth)
		if err != nil {
			// The threads started must end before their encoders are freed.
			for _, o := range l.encoders {
				if o.thread != nil {
					o.thread.closeInput(false)
					o.thread.receive(func(encodedPacket) error { return nil }, func(error) {})
				}
			}
			return fmt.Errorf("live ladder: %s: %w", e.rendition.Name, err)
		}
		e.thread = t
	}
	return nil
}

// Rung is rung i's rendition and its encoder's parameter sets (what its
// init segment needs).
func (l *LiveLadder) Rung(i int) (r Rendition, sps, pps []byte) {
	e := l.encoders[i]
	return e.rendition, e.sps, e.pps
}

func (l *LiveLadder) fail(err error) {
	if context.Cause(l.ctx) == nil {
		l.logger.Error("live ladder failed", "err", err)
	}
	l.cancel(err)
}

// Err is why the ladder failed, or nil.
func (l *LiveLadder) Err() error {
	if err := context.Cause(l.ctx); err != nil && !errors.Is(err, errLiveClosed) {
		return err
	}
	return nil
}

var errLiveClosed = errors.New("live ladder closed")

// Write queues a published unit for decoding; it never blocks the
// publisher. Units before the first keyframe are dropped. It fails once
// the ladder failed, or when the queue is full (ErrLiveBehind, which
// fails the ladder).
func (l *LiveLadder) Write(u LiveUnit) error {
	if err := l.Err(); err != nil {
		return err
	}
	if !l.headed && !u.Key {
		return nil
	}
	l.headed = true
	nalus := make([][]byte, len(u.NALUs))
	for i, n := range u.NALUs {
		nalus[i] = bytes.Clone(n)
	}
	u.NALUs = nalus
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return errLiveClosed
	}
	select {
	case l.in <- u:
		return nil
	default:
		l.fail(ErrLiveBehind)
		return ErrLiveBehind
	}
}

// Close ends the input and waits for every rung's last unit (flush) or,
// with flush false or after a failure, only for the goroutines to end. It
// returns the ladder's failure, if any.
func (l *LiveLadder) Close(ctx context.Context, flush bool) error {
	l.mu.Lock()
	if !l.closed {
		l.closed = true
		if !flush {
			l.cancel(errLiveClosed)
		}
		close(l.in)
	}
	l.mu.Unlock()
	select {
	case <-l.done:
	case <-ctx.Done():
		l.cancel(errLiveClosed)
		<-l.done
	}
	return l.Err()
}

func (l *LiveLadder) openDecoder() error {
	id := astiav.CodecIDH264
	params := [][]byte{l.opts.SPS, l.opts.PPS}
	if l.opts.Codec == "hevc" {
		id = astiav.CodecIDHevc
		params = [][]byte{l.opts.VPS, l.opts.SPS, l.opts.PPS}
	}
	codec := astiav.FindDecoder(id)
	if codec == nil {
		return newError(CodeUnsupportedCodec, "live", fmt.Errorf("no decoder for %s", l.opts.Codec))
	}
	l.dec = astiav.AllocCodecContext(codec)
	if l.dec == nil {
		return errors.New("live ladder: allocating the decoder")
	}
	if extra := annexB(params); len(extra) > 0 {
		if err := l.dec.SetExtraData(extra); err != nil {
			return fmt.Errorf("live ladder: decoder parameter sets: %w", err)
		}
	}
	l.dec.SetTimeBase(astiav.NewRational(1, liveTimescale))
	// One thread: frame threads would hold back a picture per thread,
	// latency every rung would add to its distance from the live edge.
	l.dec.SetThreadCount(1)
	if err := l.dec.Open(codec, nil); err != nil {
		return newError(CodeUnsupportedCodec, "live", fmt.Errorf("opening the decoder: %w", err))
	}
	l.decFrame = astiav.AllocFrame()
	l.pkt = astiav.AllocPacket()
	return nil
}

// annexB joins NAL units with four-byte start codes.
func annexB(nalus [][]byte) []byte {
	var b bytes.Buffer
	for _, n := range nalus {
		if len(n) == 0 {
			continue
		}
		b.Write([]byte{0, 0, 0, 1})
		b.Write(n)
	}
	return b.Bytes()
}

// liveTicks converts a publisher's time to liveTimescale, rounding, for
// any session length.
func liveTicks(d time.Duration) int64 {
	s, rem := d/time.Second, d%time.Second
	return int64(s)*liveTimescale + (int64(rem)*liveTimescale+int64(time.Second)/2)/int64(time.Second)
}

func newLiveEncoder(r Rendition, opts LadderOptions) (*liveEncoder, error) {
	codec := astiav.FindEncoderByName("libx264")
	if codec == nil {
		return nil, newError(CodeTranscodeFailed, "live", errors.New("libx264 encoder not available"))
	}
	enc := astiav.AllocCodecContext(codec)
	if enc == nil {
		return nil, errors.New("live ladder: allocating an encoder")
	}
	ok := false
	defer func() {
		if !ok {
			enc.Free()
		}
	}()
	enc.SetWidth(r.Width)
	enc.SetHeight(r.Height)
	enc.SetPixelFormat(astiav.PixelFormatYuv420P)
	enc.SetTimeBase(astiav.NewRational(1, liveTimescale))
	enc.SetFramerate(astiav.NewRational(r.FrameRateNum, r.FrameRateDen))
	enc.SetSampleAspectRatio(astiav.NewRational(1, 1))
	// Keyframes come from the source's (forced): x264's own only when the
	// publisher's are more than ten seconds apart.
	keyint := max(1, int(r.FrameRate*10+0.5))
	enc.SetGopSize(keyint)
	enc.SetThreadCount(0)
	// Parameter sets in extradata, for the rung's init segment at Start.
	enc.SetFlags(enc.Flags().Add(astiav.CodecContextFlagGlobalHeader))
	d := astiav.NewDictionary()
	defer d.Free()
	for _, kv := range [][2]string{
		{"preset", opts.Preset},
		// No B-frames, no look-ahead, sliced threads: a picture comes out
		// as soon as it went in, and DTS is PTS.
		{"tune", "zerolatency"},
		{"crf", strconv.Itoa(opts.CRF)},
		{"maxrate", strconv.Itoa(r.MaxBitrate)},
		// One second of buffer: a segment's size stays near its share.
		{"bufsize", strconv.Itoa(r.MaxBitrate)},
		{"profile", "high"},
		{"forced-idr", "1"},
		{"x264-params", fmt.Sprintf("keyint=%d:min-keyint=1:scenecut=0:open-gop=0", keyint)},
	} {
		if err := d.Set(kv[0], kv[1], 0); err != nil {
			return nil, fmt.Errorf("setting %s: %w", kv[0], err)
		}
	}
	if err := enc.Open(codec, d); err != nil {
		return nil, newError(CodeTranscodeFailed, "live", fmt.Errorf("opening libx264 for %s: %w", r.Name, err))
	}
	e := &liveEncoder{rendition: r, enc: enc}
	for _, n := range avc.ExtractNalusFromByteStream(enc.ExtraData()) {
		switch {
		case len(n) == 0:
		case avc.GetNaluType(n[0]) == avc.NALU_SPS && e.sps == nil:
			e.sps = bytes.Clone(n)
		case avc.GetNaluType(n[0]) == avc.NALU_PPS && e.pps == nil:
			e.pps = bytes.Clone(n)
		}
	}
	if e.sps == nil || e.pps == nil {
		return nil, fmt.Errorf("live ladder: %s: the encoder gave no parameter sets", r.Name)
	}
	ok = true
	return e, nil
}

// run decodes the queued units and feeds the rungs, then ends their
// input: flushed at the end of the input, abandoned after a failure.
func (l *LiveLadder) run() {
	defer func() {
		for _, e := range l.encoders {
			if err := e.thread.closeInput(l.ctx.Err() == nil); err != nil {
				l.logger.Warn("live ladder: closing an encoder's input", "rendition", e.rendition.Name, "err", err)
			}
		}
	}()
	for u := range l.in {
		if l.ctx.Err() != nil {
			continue // drained, so that Close finds the channel empty
		}
		if err := l.decode(&u); err != nil {
			l.fail(err)
		}
	}
	if l.ctx.Err() == nil {
		if err := l.decode(nil); err != nil {
			l.fail(err)
		}
	}
}

// decode sends u (nil: the end) to the decoder and every picture out of it
// through the graph to the encoders.
func (l *LiveLadder) decode(u *LiveUnit) error {
	var pkt *astiav.Packet
	if u != nil {
		ticks := liveTicks(u.PTS)
		l.mu.Lock()
		l.stamps[ticks] = &liveStamp{pts: u.PTS, key: u.Key, left: len(l.encoders)}
		l.mu.Unlock()
		if err := l.pkt.FromData(annexB(u.NALUs)); err != nil {
			return fmt.Errorf("live ladder: packet: %w", err)
		}
		defer l.pkt.Unref()
		l.pkt.SetPts(ticks)
		l.pkt.SetDts(liveTicks(u.DTS))
		if u.Key {
			l.pkt.SetFlags(l.pkt.Flags().Add(astiav.PacketFlagKey))
		}
		pkt = l.pkt
	}
	if err := l.dec.SendPacket(pkt); err != nil && pkt != nil {
		// A damaged picture: its stamp goes, the rungs skip it.
		l.logger.Warn("live ladder: decoding a picture", "err", err)
		l.forget(pkt.Pts())
		return nil
	}
	for {
		err := l.dec.ReceiveFrame(l.decFrame)
		if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
			break
		}
		if err != nil {
			return fmt.Errorf("live ladder: decoding: %w", err)
		}
		err = l.filter(l.decFrame)
		l.decFrame.Unref()
		if err != nil {
			return err
		}
	}
	if u == nil && l.graph != nil {
		if err := closeBufferSource(l.graph.src, l.lastPts+1); err != nil {
			return fmt.Errorf("live ladder: flushing the filter graph: %w", err)
		}
		return l.drain()
	}
	return nil
}

// forget drops the stamp of a picture the rungs will not have.
func (l *LiveLadder) forget(ticks int64) {
	l.mu.Lock()
	delete(l.stamps, ticks)
	l.mu.Unlock()
}

// filter scales one decoded picture for every rung; the graph is built
// for the first picture's size and format, and again when they change (a
// publisher that changed resolution).
func (l *LiveLadder) filter(f *astiav.Frame) error {
	pts := f.Pts()
	if pts == astiav.NoPtsValue {
		pts = f.PktDts()
	}
	l.mu.Lock()
	st, known := l.stamps[pts]
	if known && st.key {
		// Pictures a decoder dropped (a damaged stream) leave stamps no
		// rung emits: those 10 s older than a keyframe go.
		for ticks := range l.stamps {
			if ticks < pts-10*liveTimescale {
				delete(l.stamps, ticks)
			}
		}
	}
	l.mu.Unlock()
	if !known {
		return nil // no unit of ours (cannot happen with a sane decoder)
	}
	f.SetPts(pts)
	l.lastPts = pts
	size := [3]int{f.Width(), f.Height(), int(f.PixelFormat())}
	if l.graph == nil || l.graphFor != size {
		if l.graph != nil {
			l.graph.graph.Free()
			l.graph = nil
		}
		sar := f.SampleAspectRatio()
		if sar.Num() <= 0 || sar.Den() <= 0 {
			sar = astiav.NewRational(1, 1)
		}
		g, err := newFilterGraph(f.Width(), f.Height(), f.PixelFormat(), astiav.NewRational(1, liveTimescale), sar)
		if err != nil {
			return fmt.Errorf("live ladder: %w", err)
		}
		top := l.opts.Rungs[len(l.opts.Rungs)-1]
		if err := g.link("null"+ladderScaleGraph(l.opts.Rungs, top.FrameRateNum, top.FrameRateDen), len(l.opts.Rungs)); err != nil {
			g.graph.Free()
			return fmt.Errorf("live ladder: %w", err)
		}
		l.graph, l.graphFor = g, size
	}
	if err := l.graph.src.BuffersrcAddFrame(f, astiav.NewBuffersrcFlags(astiav.BuffersrcFlagKeepRef)); err != nil {
		return fmt.Errorf("live ladder: filtering: %w", err)
	}
	return l.drain()
}

// drain hands what the graph has ready to the encoders, a source keyframe
// forced a keyframe in every rung.
func (l *LiveLadder) drain() error {
	for i, sink := range l.graph.sinks {
		for {
			f := astiav.AllocFrame()
			err := sink.BuffersinkGetFrame(f, astiav.NewBuffersinkFlags())
			if err != nil {
				f.Free()
				if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
					break
				}
				return fmt.Errorf("live ladder: reading filtered pictures: %w", err)
			}
			l.mu.Lock()
			st := l.stamps[f.Pts()]
			l.mu.Unlock()
			if st == nil {
				f.Free()
				continue
			}
			f.SetPictureType(astiav.PictureTypeNone)
			if st.key {
				f.SetPictureType(astiav.PictureTypeI)
			}
			if err := l.encoders[i].thread.submit(l.ctx, f); err != nil {
				return fmt.Errorf("live ladder: encoding %s: %w", l.encoders[i].rendition.Name, err)
			}
		}
	}
	return nil
}

// emit hands rung i's packet to OnUnit with the source picture's PTS.
func (l *LiveLadder) emit(i int, p encodedPacket) error {
	l.mu.Lock()
	st := l.stamps[p.pts]
	if st != nil {
		if st.left--; st.left <= 0 {
			delete(l.stamps, p.pts)
		}
	}
	l.mu.Unlock()
	if st == nil {
		return fmt.Errorf("live ladder: %s: a picture at %d ticks the source did not have", l.encoders[i].rendition.Name, p.pts)
	}
	if l.ctx.Err() != nil {
		return nil
	}
	nalus := avc.ExtractNalusFromByteStream(p.data)
	// x264's first picture brings its version in an SEI: of no use to a
	// player, and it would make the first sample differ between sessions.
	kept := nalus[:0]
	for _, n := range nalus {
		if len(n) > 0 && avc.GetNaluType(n[0]) != avc.NALU_SEI {
			kept = append(kept, n)
		}
	}
	// zerolatency has no B-frames: every picture is decoded when shown.
	return l.opts.OnUnit(i, LiveUnit{PTS: st.pts, DTS: st.pts, Key: p.key, NALUs: kept})
}

func (l *LiveLadder) free() {
	// The encoders stay listed: Rung reads their rendition and parameter
	// sets, which are Go's.
	for _, e := range l.encoders {
		if e.enc != nil {
			e.enc.Free()
			e.enc = nil
		}
	}
	if l.graph != nil {
		l.graph.graph.Free()
		l.graph = nil
	}
	if l.decFrame != nil {
		l.decFrame.Free()
		l.decFrame = nil
	}
	if l.pkt != nil {
		l.pkt.Free()
		l.pkt = nil
	}
	if l.dec != nil {
		l.dec.Free()
		l.dec = nil
	}
}

// String describes the ladder for logs: the rungs it encodes.
func (l *LiveLadder) String() string {
	names := make([]string, len(l.opts.Rungs))
	for i, r := range l.opts.Rungs {
		names[i] = fmt.Sprintf("%s %dx%d", r.Name, r.Width, r.Height)
	}
	return strings.Join(names, ", ")
}

// takeOverRungs packages a recording's lower rungs (RecordingOptions.Rungs)
// as the renditions rs names them, smallest first, at their recorded size:
// their segments are moved as they are, like the top rung's.
func takeOverRungs(ctx context.Context, opts RecordingOptions, rs []Rendition) ([]*videoTrackOutput, error) {
	var out []*videoTrackOutput
	for _, rung := range opts.Rungs {
		var r Rendition
		if i := slices.IndexFunc(rs, func(r Rendition) bool { return r.Name == rung.Name }); i >= 0 && i < len(rs)-1 {
			r = rs[i]
		} else if q, ok := strings.CutPrefix(rung.Name, "h264_"); ok && qualityRank(q) < len(qualities) && i < 0 {
			// A ladder planned with other options (MaxQuality) than the
			// live one: the rung is kept as it was encoded.
			r = Rendition{Name: rung.Name, Codec: "h264", Quality: q, MaxBitrate: opts.Ladder.withDefaults().maxBitrate(q)}
		} else {
			return nil, newError(CodeTranscodeFailed, "recording", fmt.Errorf("%q is not a lower rung of the recording's ladder", rung.Name))
		}
		rt, err := readRecordedTrack(rung, "video")
		if err != nil {
			return nil, err
		}
		v, err := probeRecorded(ctx, opts.OutDir, rt)
		if err != nil {
			return nil, err
		}
		r.Width, r.Height = v.DisplaySize()
		r.FrameRateNum, r.FrameRateDen, r.FrameRate = v.FrameRateNum, v.FrameRateDen, v.FrameRate
		track, err := rt.takeOver(filepath.Join(opts.OutDir, r.Name))
		if err != nil {
			return nil, err
		}
		out = append(out, &videoTrackOutput{rendition: r, track: track})
	}
	slices.SortFunc(out, func(a, b *videoTrackOutput) int {
		return a.rendition.Height*a.rendition.Width - b.rendition.Height*b.rendition.Width
	})
	return out, nil
}
