package srt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/opus"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	gosrt "github.com/datarhei/gosrt"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/internal/ingest"
)

// Server accepts SRT publishers sending MPEG-TS. Its zero values are the
// defaults; only Publishers is required.
type Server struct {
	// Publishers decides whether a stream key may publish and receives
	// the publishes. Required.
	Publishers live.Publishers
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// Latency is the SRT latency (TSBPD delay) the server asks for, both
	// ways; the larger of it and the publisher's applies. 0 is 120ms.
	Latency time.Duration
	// ReadTimeout: a publisher that sends no data for this long is
	// dropped (End with an error wrapping os.ErrDeadlineExceeded), which
	// frees its stream key. 0 is 10s. The SRT peer idle timeout (no
	// packet at all, keepalives included) is set to twice this.
	ReadTimeout time.Duration
	// Passphrase, when set, is the SRT encryption passphrase (10 to 79
	// characters) publishers must encrypt with; unencrypted ones are
	// refused. When empty, encrypted publishers are refused.
	Passphrase string
	// MaxProbeBytes bounds what is read before Start: the transport
	// stream must bring its program map and, in band, every video track's
	// parameter sets within this many bytes, or the publish ends with an
	// error (a publisher sending something else than MPEG-TS ends so).
	// 0 is 8 MiB.
	MaxProbeBytes int64
	// Now is the clock of Unit.Received. nil is time.Now.
	Now func() time.Time
}

func (s *Server) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

func (s *Server) readTimeout() time.Duration {
	if s.ReadTimeout > 0 {
		return s.ReadTimeout
	}
	return 10 * time.Second
}

func (s *Server) maxProbeBytes() int64 {
	if s.MaxProbeBytes > 0 {
		return s.MaxProbeBytes
	}
	return 8 << 20
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Listen opens a UDP socket on addr ("host:port"; port 0 picks one, see
// the listener's Addr) configured from s, for Serve.
func (s *Server) Listen(ctx context.Context, addr string) (gosrt.Listener, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	conf := gosrt.DefaultConfig()
	conf.Latency = 120 * time.Millisecond
	if s.Latency > 0 {
		conf.Latency = s.Latency
	}
	conf.PeerIdleTimeout = 2 * s.readTimeout()
	ln, err := gosrt.Listen("srt", addr, conf)
	if err != nil {
		return nil, fmt.Errorf("srt listening on %s: %w", addr, err)
	}
	return ln, nil
}

// ListenAndServe is Listen then Serve.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := s.Listen(ctx, addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve handles the connection requests that come to ln (from Listen)
// until ctx is done or ln fails. Before returning it closes ln and with it
// every connection (their publishes End with an error) and waits for
// their goroutines. It returns nil when ctx ended it, otherwise the
// listener's error.
func (s *Server) Serve(ctx context.Context, ln gosrt.Listener) error {
	if s.Publishers == nil {
		ln.Close()
		return errors.New("srt: Server.Publishers is nil")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	stop := context.AfterFunc(ctx, ln.Close)
	defer func() {
		stop()
		cancel()
		ln.Close()
		wg.Wait()
	}()
	for {
		req, err := ln.Accept2()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("accepting: %w", err)
		}
		wg.Go(func() { s.handle(ctx, req) })
	}
}

// errMode refuses a stream id asking for anything but publishing.
var errMode = errors.New("only publishing is offered over SRT; playback is HLS")

// streamKey reads the key from a stream id: "KEY", "publish:KEY" or the
// SRT access control form "#!::r=KEY,m=publish".
func streamKey(id string) (string, error) {
	var key string
	switch {
	case strings.HasPrefix(id, "#!::"):
		mode := "request" // the access control's default
		for kv := range strings.SplitSeq(id[len("#!::"):], ",") {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "r":
				key = v
			case "m":
				mode = v
			}
		}
		if mode != "publish" {
			return "", fmt.Errorf("mode %q: %w", mode, errMode)
		}
	case strings.HasPrefix(id, "publish:"):
		key = id[len("publish:"):]
	case strings.HasPrefix(id, "read:"), strings.HasPrefix(id, "play:"), strings.HasPrefix(id, "request:"):
		return "", errMode
	default:
		key = id
	}
	if key == "" {
		return "", errors.New("no stream key in the stream id")
	}
	return key, nil
}

// handle decides a connection request and runs its publish.
func (s *Server) handle(ctx context.Context, req gosrt.ConnRequest) {
	log := s.logger().With("protocol", "srt", "remote", req.RemoteAddr().String())
	key, err := streamKey(req.StreamId())
	if err != nil {
		log.Info("srt publisher refused", "err", err)
		if errors.Is(err, errMode) {
			req.Reject(gosrt.REJX_BAD_MODE)
		} else {
			req.Reject(gosrt.REJX_BAD_REQUEST)
		}
		return
	}
	log = log.With("key_hint", ingest.KeyHint(key))
	switch {
	case s.Passphrase == "" && req.IsEncrypted():
		log.Info("srt publisher refused: encrypted, and the server has no passphrase")
		req.Reject(gosrt.REJ_UNSECURE)
		return
	case s.Passphrase != "" && !req.IsEncrypted():
		log.Info("srt publisher refused: not encrypted")
		req.Reject(gosrt.REJ_UNSECURE)
		return
	case s.Passphrase != "":
		if err := req.SetPassphrase(s.Passphrase); err != nil {
			log.Info("srt publisher refused: wrong passphrase")
			req.Reject(gosrt.REJ_BADSECRET)
			return
		}
	}

	pub, err := s.Publishers.Begin(ctx, live.Request{Protocol: "srt", Key: key, Remote: req.RemoteAddr()})
	if err != nil {
		log.Info("srt publisher refused", "err", err)
		switch {
		case errors.Is(err, live.ErrUnknownKey):
			req.Reject(gosrt.REJX_UNAUTHORIZED)
		case errors.Is(err, live.ErrBusy):
			req.Reject(gosrt.REJX_CONFLICT)
		case errors.Is(err, live.ErrOverQuota):
			req.Reject(gosrt.REJX_OVERLOAD)
		default:
			req.Reject(gosrt.REJX_ISE)
		}
		return
	}
	conn, err := req.Accept()
	if err != nil {
		err = fmt.Errorf("accepting the connection: %w", err)
		log.Info("srt publish ended", "err", err)
		pub.End(err)
		return
	}
	log.Info("srt publish begins")
	err = s.publish(ctx, conn, pub, log)
	pub.End(err)
	if err != nil {
		log.Info("srt publish ended", "err", err)
	} else {
		log.Info("srt publish ended by the publisher")
	}
}

// connReader is what the MPEG-TS reader reads: the SRT connection's
// data, with a read timeout (gosrt's deadlines do nothing) and a budget
// of bytes before Start.
type connReader struct {
	conn     gosrt.Conn
	timeout  time.Duration
	timer    *time.Timer
	timedOut atomic.Bool
	now      func() time.Time
	received time.Time

	probing bool
	budget  int64
}

var errProbe = errors.New("no MPEG-TS tracks with their parameter sets")

func (r *connReader) Read(p []byte) (int, error) {
	n, err := r.conn.Read(p)
	if n > 0 {
		r.timer.Reset(r.timeout)
		r.received = r.now()
		if r.probing {
			r.budget -= int64(n)
			if r.budget < 0 {
				return 0, errProbe
			}
		}
	}
	return n, err
}

// publish reads the transport stream of an accepted publisher.
func (s *Server) publish(ctx context.Context, conn gosrt.Conn, pub live.Publish, log *slog.Logger) (err error) {
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	cr := &connReader{conn: conn, timeout: s.readTimeout(), now: s.now, probing: true, budget: s.maxProbeBytes()}
	cr.timer = time.AfterFunc(cr.timeout, func() {
		cr.timedOut.Store(true)
		conn.Close()
	})
	defer cr.timer.Stop()
	// Why the reading ended: our closing of the connection reads as its
	// end (io.EOF) too.
	defer func() {
		switch {
		case cr.timedOut.Load():
			err = fmt.Errorf("no data for %v: %w", cr.timeout, os.ErrDeadlineExceeded)
		case ctx.Err() != nil:
			err = fmt.Errorf("server stopping: %w", context.Cause(ctx))
		case errors.Is(err, io.EOF):
			err = nil // the publisher shut the connection down
		case errors.Is(err, errProbe):
			err = fmt.Errorf("%w within %d bytes", errProbe, s.maxProbeBytes())
		}
	}()

	r := &mpegts.Reader{R: cr}
	if err := r.Initialize(); err != nil {
		return fmt.Errorf("reading tracks: %w", err)
	}
	decodeErrors := 0
	r.OnDecodeError(func(err error) {
		decodeErrors++
		if decodeErrors <= 10 {
			log.Debug("srt: MPEG-TS decode error", "err", err, "count", decodeErrors)
		}
	})

	p := &publish{pub: pub, cr: cr}
	for _, t := range r.Tracks() {
		if err := p.addTrack(r, t); err != nil {
			return fmt.Errorf("track PID %d: %w", t.PID, err)
		}
	}
	if len(p.tracks) == 0 {
		return errors.New("the transport stream has no audio or video")
	}
	if err := p.maybeStart(); err != nil {
		return err
	}
	for {
		if err := r.Read(); err != nil {
			return fmt.Errorf("reading: %w", err)
		}
	}
}

// publish turns the MPEG-TS reader's callbacks into Start and units.
type publish struct {
	pub     live.Publish
	cr      *connReader
	tracks  []live.Track
	started bool
	ts      ingest.Unwrapper // 33-bit 90 kHz
	base    int64
	based   bool
}

// maybeStart starts the publish once every video track has its
// parameter sets.
func (p *publish) maybeStart() error {
	if p.started {
		return nil
	}
	for _, t := range p.tracks {
		if t.Codec.IsVideo() && (len(t.SPS) == 0 || len(t.PPS) == 0 || t.Codec == live.CodecH265 && len(t.VPS) == 0) {
			return nil
		}
	}
	if err := p.pub.Start(append([]live.Track(nil), p.tracks...)); err != nil {
		return fmt.Errorf("starting publish: %w", err)
	}
	p.started = true
	p.cr.probing = false
	return nil
}

// at is a 90 kHz timestamp as a Duration from the first unit's DTS.
func (p *publish) at(ticks int64) time.Duration {
	p.ts.Bits = 33
	t := p.ts.Unwrap(ticks)
	if !p.based {
		p.based, p.base = true, t
	}
	return ingest.Ticks90k(t - p.base)
}

func (p *publish) write(u live.Unit) error {
	u.Received = p.cr.received
	if err := p.pub.WriteUnit(u); err != nil {
		return fmt.Errorf("writing a unit: %w", err)
	}
	return nil
}

func (p *publish) addTrack(r *mpegts.Reader, t *mpegts.Track) error {
	id := len(p.tracks)
	switch c := t.Codec.(type) {
	case *mpegts.CodecH264:
		p.tracks = append(p.tracks, live.Track{ID: id, Codec: live.CodecH264})
		r.OnDataH264(t, func(pts, dts int64, au [][]byte) error {
			return p.video(id, pts, dts, au, h264.IsRandomAccess, func(n []byte) {
				switch h264.NALUType(n[0] & 0x1f) {
				case h264.NALUTypeSPS:
					p.tracks[id].SPS = n
				case h264.NALUTypePPS:
					p.tracks[id].PPS = n
				}
			})
		})
	case *mpegts.CodecH265:
		p.tracks = append(p.tracks, live.Track{ID: id, Codec: live.CodecH265})
		r.OnDataH265(t, func(pts, dts int64, au [][]byte) error {
			return p.video(id, pts, dts, au, h265.IsRandomAccess, func(n []byte) {
				if len(n) < 2 {
					return
				}
				switch h265.NALUType((n[0] >> 1) & 0x3f) {
				case h265.NALUType_VPS_NUT:
					p.tracks[id].VPS = n
				case h265.NALUType_SPS_NUT:
					p.tracks[id].SPS = n
				case h265.NALUType_PPS_NUT:
					p.tracks[id].PPS = n
				}
			})
		})
	case *mpegts.CodecMPEG4Audio:
		conf, err := c.Config.Marshal()
		if err != nil {
			return fmt.Errorf("AAC config: %w", err)
		}
		rate := c.Config.SampleRate
		if rate <= 0 {
			return fmt.Errorf("AAC with a sample rate of %d", rate)
		}
		p.tracks = append(p.tracks, live.Track{ID: id, Codec: live.CodecAAC, AudioConfig: conf, SampleRate: rate, Channels: ingest.AACChannels(&c.Config)})
		r.OnDataMPEG4Audio(t, func(pts int64, aus [][]byte) error {
			for i, au := range aus {
				// One PES may carry several ADTS frames: each is a unit,
				// 1024 samples after the one before.
				if err := p.audio(id, pts+int64(i)*mpeg4audio.SamplesPerAccessUnit*90000/int64(rate), au); err != nil {
					return err
				}
			}
			return nil
		})
	case *mpegts.CodecOpus:
		channels := c.ChannelCount //nolint:staticcheck // Desc may be absent
		if c.Desc != nil {
			channels = c.Desc.ChannelCount()
		}
		p.tracks = append(p.tracks, live.Track{ID: id, Codec: live.CodecOpus, SampleRate: 48000, Channels: channels})
		r.OnDataOpus(t, func(pts int64, packets [][]byte) error {
			for _, pkt := range packets {
				if err := p.audio(id, pts, pkt); err != nil {
					return err
				}
				pts += opus.PacketDuration2(pkt) * 90000 / 48000
			}
			return nil
		})
	case *mpegts.CodecKLV, *mpegts.CodecDVBSubtitle:
		// Data, not media: ignored.
	default:
		return fmt.Errorf("%w: %s", live.ErrUnsupportedCodec, strings.TrimPrefix(fmt.Sprintf("%T", t.Codec), "*codecs."))
	}
	return nil
}

func (p *publish) video(id int, pts, dts int64, au [][]byte, isKey func([][]byte) bool, param func([]byte)) error {
	key := isKey(au)
	if !p.started {
		if !key {
			return nil // nothing to decode from before the first keyframe
		}
		for _, n := range au {
			if len(n) > 0 {
				param(n)
			}
		}
		if err := p.maybeStart(); err != nil || !p.started {
			return err
		}
	}
	cto := (pts - dts) & (1<<33 - 1) // the composition offset, across a wrap too
	if cto > 1<<32 {
		cto = 0 // PTS before DTS: not a picture a decoder could show
	}
	d := p.at(dts)
	return p.write(live.Unit{Track: id, DTS: d, PTS: d + ingest.Ticks90k(cto), Key: key, Payload: au})
}

func (p *publish) audio(id int, pts int64, frame []byte) error {
	if !p.started || len(frame) == 0 {
		return nil
	}
	t := p.at(pts)
	return p.write(live.Unit{Track: id, PTS: t, DTS: t, Payload: [][]byte{frame}})
}
