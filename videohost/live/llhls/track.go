package llhls

import (
	"bytes"
	"strconv"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"
)

// pendingSample is a unit on the session's media timeline, waiting for its
// duration (the next unit's DTS) or, for audio, for the video to decide
// the segment boundaries around it.
type pendingSample struct {
	at      time.Duration // DTS on the session's media timeline
	raw     time.Duration // the publisher's DTS (video: plus the publish's delay)
	pts     time.Duration // the publisher's PTS
	wall    time.Time     // the wall clock of its DTS
	dts     uint64        // in the track's timescale
	cto     int64         // PTS - DTS, in the track's timescale
	key     bool
	payload []byte
	params  *params // a video keyframe's parameter sets
}

// part is one CMAF chunk: a moof and its mdat.
type part struct {
	data        []byte
	ticks       uint64
	independent bool
}

type segment struct {
	msn     uint64
	init    int // index of its init segment
	discont bool
	dseq    uint64 // discontinuities up to and including this segment
	pdt     time.Time
	at      time.Duration // media time of its start
	ts      uint32
	start   uint64 // tfdt of its first sample
	ticks   uint64
	parts   []*part // nil once out of the part window's memory
	data    []byte  // the complete segment while recent; nil before or after
	size    int
	nparts  int
}

func (s *segment) duration() time.Duration { return tickDur(s.ticks, s.ts) }

func tickDur(n uint64, ts uint32) time.Duration {
	return time.Duration(n/uint64(ts))*time.Second + time.Duration((n%uint64(ts))*uint64(time.Second)/uint64(ts))
}

// track is one output track (a folder): its init segments, its segments
// and the one growing.
type track struct {
	name  string
	video bool
	// rung marks a lower rung of the video (rungs.go): its segments
	// start where the video's do, with the same sequence numbers.
	rung bool
	cuts []cut           // the video's boundaries not yet applied (rung)
	due  *cut            // a boundary passed, waiting for the rung's keyframe
	held []pendingSample // waiting for the video to decide the boundaries (rung)
	reel bool            // Config.ReelLayout's file names
	ts   uint32          // the timescale of the current publish

	next   params // the parameters the next segment will have
	params params // those of the current init segment
	info   info
	inits  [][]byte
	// initParams are the parameters of each of inits; init is the index
	// of the current one.
	initParams []params
	init       int

	segs []*segment // complete, the whole session
	cur  *segment   // growing
	trim int        // segs[:trim] hold no data any more

	samples   []*fmp4.Sample // of the growing part
	partStart uint64
	partTicks uint64
	partKey   bool
	seq       uint32 // mfhd sequence number

	pending *pendingSample
	end     time.Duration // media time of the end of the last sample
	lastAt  time.Duration
	hasLast bool
	lastDur uint64 // of the last sample, in ticks

	totalBytes int
	longest    time.Duration // the longest segment
	peak       float64       // bits per second of the densest segment
}

// queueStandardPlaylists queues, after t's newest segment, t's standard
// playlist and, once every track has a segment, the multivariant one
// (Config.ReelLayout): Storage holds every file they list before them,
// since puts are stored in order.
func (m *Muxer) queueStandardPlaylists(t *track) {
	m.puts = append(m.puts, putReq{name: t.name + "/playlist.m3u8", data: m.standardPlaylist(t)})
	// Only tracks with a segment, whose playlists Storage holds: a rung
	// that begins later is in the next one.
	if master := m.masterPlaylistOf(func(o *track) bool { return len(o.segs) > 0 }); master != nil {
		m.puts = append(m.puts, putReq{name: "playlist.m3u8", data: master})
	}
}

func newTrack(name string, video bool) *track {
	return &track{name: name, video: video}
}

func (t *track) initName(i int) string { return t.name + "/" + t.initFile(i) }

// initFile is the i-th init segment's file name in the track's folder.
func (t *track) initFile(i int) string {
	if t.reel && i == 0 {
		return "init.mp4"
	}
	return "init" + strconv.Itoa(i) + ".mp4"
}

func (t *track) duration(n uint64) time.Duration { return tickDur(n, t.ts) }

// lastDurOf is the duration given to the last sample of a publish, which
// has no next sample to measure it by: the one before's.
func (t *track) lastDurOf() uint64 {
	if t.lastDur > 0 {
		return t.lastDur
	}
	if t.video {
		return uint64(t.ts) / 30
	}
	return 1024
}

// edge is the media time of the live edge: the end of the last sample
// written into a part.
func (t *track) edge() time.Duration {
	if t.cur != nil {
		return t.cur.at + tickDur(t.cur.ticks, t.cur.ts)
	}
	if len(t.segs) > 0 {
		s := t.segs[len(t.segs)-1]
		return s.at + s.duration()
	}
	return 0
}

func (m *Muxer) openSegment(t *track, c cut, s pendingSample) {
	seg := &segment{
		msn: c.msn, init: t.init, discont: c.discont, at: s.at, ts: t.ts,
		start: s.dts, pdt: s.wall,
	}
	seg.dseq = 0
	if n := len(t.segs); n > 0 {
		seg.dseq = t.segs[n-1].dseq
	}
	if seg.discont {
		seg.dseq++
	}
	t.cur = seg
	t.partStart = s.dts
	m.notify()
}

func (m *Muxer) addSample(t *track, s pendingSample, dur uint64) error {
	smp, err := sampleOf(t, s, dur)
	if err != nil {
		return err
	}
	target := ticks(m.cfg.PartTarget, t.ts)
	if m.parts() && len(t.samples) > 0 && t.partTicks+dur > target {
		m.flushPart(t)
	}
	if len(t.samples) == 0 {
		t.partKey = s.key
	}
	t.samples = append(t.samples, smp)
	t.partTicks += dur
	t.lastDur = dur
	// Close the part as soon as a next sample like this one would overrun
	// the target, rather than when that sample arrives: a frame earlier.
	if m.parts() && t.partTicks+dur > target {
		m.flushPart(t)
	}
	return nil
}

func (m *Muxer) flushPart(t *track) {
	if len(t.samples) == 0 || t.cur == nil {
		return
	}
	data, err := fragment(t.seq, t.partStart, t.samples)
	if err != nil {
		m.cfg.Logger.Error("llhls: writing a part", "track", t.name, "err", err)
		t.samples = nil
		return
	}
	t.seq++
	t.cur.parts = append(t.cur.parts, &part{data: data, ticks: t.partTicks, independent: t.partKey})
	t.cur.ticks += t.partTicks
	t.partStart += t.partTicks
	t.partTicks = 0
	t.samples = nil
	m.notify()
}

func (m *Muxer) closeSegment(t *track) {
	m.flushPart(t)
	seg := t.cur
	t.cur = nil
	if len(seg.parts) == 0 {
		return
	}
	var buf bytes.Buffer
	for _, p := range seg.parts {
		buf.Write(p.data)
	}
	seg.data = buf.Bytes()
	seg.size = len(seg.data)
	seg.nparts = len(seg.parts)
	t.segs = append(t.segs, seg)
	t.totalBytes += seg.size
	t.longest = max(t.longest, seg.duration())
	// The peak leaves out a segment too short to measure a rate by (the
	// single keyframe a publish may end on).
	if d := seg.duration().Seconds(); d > 0 && (d >= m.cfg.SegmentTarget.Seconds()/2 || t.peak == 0) {
		t.peak = max(t.peak, float64(seg.size*8)/d)
	}
	m.puts = append(m.puts, putReq{name: t.name + "/" + strconv.FormatUint(seg.msn, 10) + ".m4s", data: seg.data})
	if m.cfg.ReelLayout {
		m.queueStandardPlaylists(t)
	}
	// Parts and segment bytes stay in memory while a live playlist may
	// list their parts, and as long again for players that loaded an
	// older playlist; Storage has them after that.
	keepFrom := t.edge() - 2*m.partWindow(t) - m.cfg.SegmentTarget
	for t.trim < len(t.segs) && t.segs[t.trim].at+t.segs[t.trim].duration() < keepFrom {
		t.segs[t.trim].parts, t.segs[t.trim].data = nil, nil
		t.trim++
	}
	m.notify()
}
