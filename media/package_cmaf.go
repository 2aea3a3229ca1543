package media

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/Eyevinn/mp4ff/aac"
	"github.com/Eyevinn/mp4ff/avc"
	"github.com/Eyevinn/mp4ff/mp4"
)

// cmafSample is one access unit handed to a cmafTrack, timestamps in the
// track's timescale and relative to the common presentation origin.
type cmafSample struct {
	data []byte // length-prefixed NAL units (video) or a raw AAC frame (audio)
	dts  int64
	pts  int64
	dur  int64 // 0 when unknown: taken from the next sample's dts
	key  bool
}

// segmentInfo describes one written media segment.
type segmentInfo struct {
	Start    int64 // presentation start, track timescale
	Ticks    int64 // duration, track timescale
	Size     int64 // bytes
	Duration float64
}

// cmafTrack writes one single-track CMAF switching set member: init.mp4 and
// numbered segments cut on sync samples at whole multiples of the target
// segment duration, so renditions that share keyframes share boundaries.
// A cmafTrack is used by one goroutine; only completedSegments is safe to call
// from others.
type cmafTrack struct {
	dir       string
	timescale int64
	segTicks  int64
	codecs    string // RFC 6381 codecs string

	decodeShift int64 // added to dts so that the first decode time is >= 0
	started     bool
	next        int64 // presentation time of the next boundary
	pending     *cmafSample
	lastDur     int64
	cur         []mp4.FullSample
	w           *bufio.Writer // segment write buffer, reused

	mu       sync.Mutex
	segments []segmentInfo

	onSegment func() // called after each segment is on disk; may be nil
	live      bool   // rewrite an EVENT playlist after each segment

	// firstSegment numbers the track's first segment (file name and
	// fragment sequence): a chunk of a longer encode continues the
	// numbering of the chunks before it.
	firstSegment int
	// alignDecode takes the decode shift from the first sample's own
	// composition offset instead of from a negative decode time: a chunk
	// that starts at frame N then has the decode times the whole encode
	// would have had there, so chunks join without a gap or an overlap.
	alignDecode bool
	samples     int64 // samples written
	// firstCut, when positive, is where the first segment ends (in ticks)
	// instead of at the segment time: a short first segment is on disk,
	// and playable, sooner. Later boundaries are the usual multiples.
	firstCut int64
}

func newCMAFTrack(dir string, timescale int64, segSeconds float64) (*cmafTrack, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating track folder: %w", err)
	}
	return &cmafTrack{
		dir:       dir,
		timescale: timescale,
		segTicks:  int64(segSeconds * float64(timescale)),
	}, nil
}

// writeVideoInit writes init.mp4 for H.264 from parameter sets found in
// extradata, in either Annex B or avcC form.
func (t *cmafTrack) writeVideoInit(extradata []byte, language string) error {
	spss, ppss, err := h264ParameterSets(extradata)
	if err != nil {
		return err
	}
	sps, err := avc.ParseSPSNALUnit(spss[0], false)
	if err != nil {
		return fmt.Errorf("parsing sps: %w", err)
	}
	t.codecs = strings.ToLower(avc.CodecString("avc1", sps))
	init := mp4.CreateEmptyInit()
	trak := init.AddEmptyTrack(uint32(t.timescale), "video", isoLanguage(language))
	if err := trak.SetAVCDescriptor("avc1", spss, ppss, true); err != nil {
		return fmt.Errorf("building avc1 sample entry: %w", err)
	}
	return t.writeInit(init)
}

// writeAudioInit writes init.mp4 for AAC from its AudioSpecificConfig.
func (t *cmafTrack) writeAudioInit(asc []byte, channels, sampleRate int, language string) error {
	if len(asc) < 2 {
		return errors.New("missing aac audio specific config")
	}
	cfg, err := aac.DecodeAudioSpecificConfig(bytes.NewReader(asc))
	if err != nil {
		return fmt.Errorf("parsing aac config: %w", err)
	}
	t.codecs = fmt.Sprintf("mp4a.40.%d", cfg.ObjectType)
	init := mp4.CreateEmptyInit()
	trak := init.AddEmptyTrack(uint32(t.timescale), "audio", isoLanguage(language))
	entry := mp4.CreateAudioSampleEntryBox("mp4a", uint16(channels), 16, uint16(min(sampleRate, 65535)), mp4.CreateEsdsBox(asc))
	trak.Mdia.Minf.Stbl.Stsd.AddChild(entry)
	return t.writeInit(init)
}

func (t *cmafTrack) writeInit(init *mp4.InitSegment) error {
	var buf bytes.Buffer
	if err := init.Encode(&buf); err != nil {
		return fmt.Errorf("encoding init segment: %w", err)
	}
	return writeFileAtomic(filepath.Join(t.dir, "init.mp4"), buf.Bytes())
}

// add queues a sample; the previous one is completed (its duration is now
// known) and a segment is cut before s when s starts a new one.
func (t *cmafTrack) add(s cmafSample) error {
	if !t.started {
		t.started = true
		switch {
		case t.alignDecode:
			t.decodeShift = s.pts - s.dts
		case s.dts < 0:
			t.decodeShift = -s.dts
		}
		t.next = (floorDiv(s.pts, t.segTicks) + 1) * t.segTicks
		if t.firstCut > 0 && s.pts < t.firstCut {
			t.next = t.firstCut
		}
	}
	if p := t.pending; p != nil {
		if p.dur <= 0 {
			p.dur = s.dts - p.dts
		}
		if p.dur <= 0 {
			p.dur = max(t.lastDur, 1)
		}
		t.push(*p)
	}
	if s.key && s.pts >= t.next && len(t.cur) > 0 {
		if err := t.flush(); err != nil {
			return err
		}
		t.next = (floorDiv(s.pts, t.segTicks) + 1) * t.segTicks
	}
	t.pending = &s
	return nil
}

func (t *cmafTrack) push(p cmafSample) {
	t.lastDur = p.dur
	t.samples++
	flags := mp4.NonSyncSampleFlags | mp4.SampleDependsOn1
	if p.key {
		flags = mp4.SyncSampleFlags
	}
	decodeTime := p.dts + t.decodeShift
	t.cur = append(t.cur, mp4.FullSample{
		Sample: mp4.Sample{
			Flags:                 flags,
			Dur:                   uint32(p.dur),
			Size:                  uint32(len(p.data)),
			CompositionTimeOffset: int32(p.pts - decodeTime),
		},
		DecodeTime: uint64(max(decodeTime, 0)),
		Data:       p.data,
	})
}

// finish writes the last segment; lastDur is the duration of the final
// sample when its successor is unknown (0: reuse the previous duration).
func (t *cmafTrack) finish(lastDur int64) error {
	if p := t.pending; p != nil {
		if p.dur <= 0 {
			p.dur = lastDur
		}
		if p.dur <= 0 {
			p.dur = max(t.lastDur, 1)
		}
		t.push(*p)
		t.pending = nil
	}
	if len(t.cur) > 0 {
		return t.flush()
	}
	return nil
}

func (t *cmafTrack) flush() error {
	n := t.firstSegment + len(t.completedSegments())
	frag, err := mp4.CreateFragment(uint32(n+1), 1)
	if err != nil {
		return fmt.Errorf("creating fragment: %w", err)
	}
	var ticks int64
	start := int64(t.cur[0].DecodeTime) + int64(t.cur[0].CompositionTimeOffset)
	frag.Moof.Traf.Tfdt.SetBaseMediaDecodeTime(t.cur[0].DecodeTime)
	trun := frag.Moof.Traf.Trun
	for _, s := range t.cur {
		trun.AddSample(s.Sample)
		// Parts are written from the samples' own buffers: an mdat built
		// by appending would copy a segment's megabytes once or twice more.
		frag.Mdat.AddSampleDataPart(s.Data)
		ticks += int64(s.Dur)
	}
	seg := mp4.NewMediaSegmentWithStyp(mp4.CreateStyp())
	seg.AddFragment(frag)
	size := int64(seg.Size())
	if err := t.writeSegment(fmt.Sprintf("%d.m4s", n), seg); err != nil {
		return err
	}
	clear(t.cur) // drop the sample data for the collector
	t.cur = t.cur[:0]
	t.mu.Lock()
	t.segments = append(t.segments, segmentInfo{
		Start: start, Ticks: ticks, Size: size,
		Duration: float64(ticks) / float64(t.timescale),
	})
	t.mu.Unlock()
	if t.live {
		if err := writeMediaPlaylist(t.dir, t.completedSegments(), false); err != nil {
			return err
		}
	}
	if t.onSegment != nil {
		t.onSegment()
	}
	return nil
}

// completedSegments is a snapshot of the segments on disk.
func (t *cmafTrack) completedSegments() []segmentInfo {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]segmentInfo(nil), t.segments...)
}

// bitrates answers the average and the peak segment bitrate in bits per
// second. A final segment shorter than half the target is left out of the
// peak: its few bytes over a short time say nothing about the stream.
func (t *cmafTrack) bitrates() (average, peak int) {
	return segmentBitrates(t.completedSegments(), float64(t.segTicks)/float64(t.timescale))
}

func segmentBitrates(segs []segmentInfo, target float64) (average, peak int) {
	var bytesTotal int64
	var seconds float64
	for i, s := range segs {
		bytesTotal += s.Size
		seconds += s.Duration
		if s.Duration <= 0 || (i == len(segs)-1 && i > 0 && s.Duration < target/2) {
			continue
		}
		peak = max(peak, int(float64(s.Size*8)/s.Duration))
	}
	if seconds > 0 {
		average = int(float64(bytesTotal*8) / seconds)
	}
	return average, max(peak, average)
}

// lengthPrefixed turns an Annex B access unit into length-prefixed NAL
// units. Encoders write four-byte start codes, which are converted in place
// (no copy per frame); anything else goes through mp4ff's general
// conversion.
func lengthPrefixed(au []byte) []byte {
	if len(au) < 5 || au[0] != 0 || au[1] != 0 || au[2] != 0 || au[3] != 1 {
		return avc.ConvertByteStreamToNaluSample(au)
	}
	// The first pass only checks, so a three-byte start code found late
	// never meets a half-converted unit.
	for pass := range 2 {
		start := 0 // the start code of the NAL unit being measured
		for {
			// Emulation prevention keeps 00 00 01 out of NAL payloads, so
			// the next match is the next start code.
			next := bytes.Index(au[start+4:], []byte{0, 0, 1})
			end := len(au)
			if next >= 0 {
				end = start + 4 + next - 1
			}
			if end <= start+4 || (next >= 0 && au[end] != 0) {
				// An empty unit or a three-byte start code.
				return avc.ConvertByteStreamToNaluSample(au)
			}
			if pass == 1 {
				binary.BigEndian.PutUint32(au[start:], uint32(end-start-4))
			}
			if next < 0 {
				break
			}
			start = end
		}
	}
	return au
}

// h264ParameterSets finds SPS and PPS in Annex B or avcC extradata.
func h264ParameterSets(extradata []byte) (spss, ppss [][]byte, err error) {
	if len(extradata) > 0 && extradata[0] == 1 {
		rec, err := avc.DecodeAVCDecConfRec(extradata)
		if err != nil {
			return nil, nil, fmt.Errorf("parsing avcC: %w", err)
		}
		spss, ppss = rec.SPSnalus, rec.PPSnalus
	} else {
		// GetParameterSetsFromByteStream misses a final NAL unit that no
		// start code follows, which is how encoders end extradata.
		for _, nalu := range avc.ExtractNalusFromByteStream(extradata) {
			switch avc.GetNaluType(nalu[0]) {
			case avc.NALU_SPS:
				spss = append(spss, nalu)
			case avc.NALU_PPS:
				ppss = append(ppss, nalu)
			}
		}
	}
	if len(spss) == 0 || len(ppss) == 0 {
		return nil, nil, errors.New("no h264 parameter sets in extradata")
	}
	return spss, ppss, nil
}

func isoLanguage(l string) string {
	if len(l) == 3 {
		return l
	}
	return "und"
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// writeSegment encodes seg straight into its file, reusing the track's
// write buffer.
func (t *cmafTrack) writeSegment(name string, seg *mp4.MediaSegment) error {
	return writeAtomic(filepath.Join(t.dir, name), func(f io.Writer) error {
		if t.w == nil {
			t.w = bufio.NewWriterSize(f, 64<<10)
		} else {
			t.w.Reset(f)
		}
		defer t.w.Reset(nil)
		if err := seg.Encode(t.w); err != nil {
			return err
		}
		return t.w.Flush()
	})
}

// partialSuffix names a file still being written; it is renamed away
// when complete.
const partialSuffix = ".part"

// writeFileAtomic writes data to path through writeAtomic.
func writeFileAtomic(path string, data []byte) error {
	return writeAtomic(path, func(f io.Writer) error {
		_, err := f.Write(data)
		return err
	})
}

// writeAtomic writes through a temporary name and renames, so a reader
// polling a published folder never sees half a file. It is the one way
// the package writes a whole file; muxers that stream (imgMuxer) rename
// their partial file the same way when they finish.
func writeAtomic(path string, write func(io.Writer) error) error {
	name := filepath.Base(path)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("creating folder of %s: %w", name, err)
	}
	tmp := path + partialSuffix
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("creating %s: %w", name, err)
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("closing %s: %w", name, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("renaming %s: %w", name, err)
	}
	return nil
}
