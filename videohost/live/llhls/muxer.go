package llhls

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4/seekablebuffer"

	"github.com/reelvideo/reel/videohost/live"
)

// Config configures a Muxer. The zero value of every field but Storage
// is a usable default.
type Config struct {
	// Storage receives segments, init segments and, at Finish, the VOD
	// playlists. Required.
	Storage Storage
	// SegmentTarget is the duration a segment is cut at, at the first
	// keyframe once this much has accumulated. Default 2s (low latency);
	// the live stream's standard mode passes 4s.
	SegmentTarget time.Duration
	// PartTarget is the duration of a part (one CMAF chunk). Default
	// 500ms. Negative disables parts: the playlists are standard live
	// HLS, without EXT-X-PART, EXT-X-PRELOAD-HINT or PART-HOLD-BACK.
	PartTarget time.Duration
	// DVRWindow is how much of the session a live playlist lists: a
	// viewer can seek back this far. Default 2h. It limits the
	// playlists only: Storage keeps every segment, the recording.
	DVRWindow time.Duration
	// PartWindow is how far back from the live edge the live playlists
	// list parts (the Muxer keeps them in memory twice as long, for
	// players holding an older playlist). Default three target durations,
	// what RFC 8216bis asks of a server: three SegmentTargets, more when
	// the publisher's keyframes are further apart.
	PartWindow time.Duration
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// Now is the clock EXT-X-PROGRAM-DATE-TIME falls back on for a
	// publish whose units carry no Received time. Default time.Now.
	Now func() time.Time
	// HoldTimeout is how long the Handler holds a blocking playlist or
	// part request before answering 503. Default three times
	// SegmentTarget, as RFC 8216bis asks.
	HoldTimeout time.Duration
	// StorageTimeout bounds one Storage.Put of a segment or init
	// segment, and End's wait for a publish's last files. Default 30s.
	StorageTimeout time.Duration
	// ReelLayout names the tracks and files as Reel names an on-demand
	// video's (the video's folder after its rung, such as h264_hd, by
	// live.RenditionName; audio/0; the first init segment init.mp4, later
	// ones init1.mp4 …) and keeps standard playlists in Storage as the
	// session grows: each track's playlist.m3u8 (without the low-latency
	// tags, listing the DVR window of what Storage holds) after each of its
	// segments, and the multivariant playlist.m3u8 once every track has a
	// segment. Reel's delivery then serves a live session as standard HLS
	// from any process, with the tokens and grants of any video. Off by
	// default: the names are video/, audio/, init0.mp4 and master.m3u8.
	ReelLayout bool
}

func (c Config) withDefaults() Config {
	if c.SegmentTarget <= 0 {
		c.SegmentTarget = 2 * time.Second
	}
	if c.PartTarget == 0 {
		c.PartTarget = 500 * time.Millisecond
	}
	if c.DVRWindow <= 0 {
		c.DVRWindow = 2 * time.Hour
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.StorageTimeout <= 0 {
		c.StorageTimeout = 30 * time.Second
	}
	return c
}

// Errors of a Muxer.
var (
	ErrNotStarted = errors.New("llhls: no publish started")
	ErrFinished   = errors.New("llhls: session finished")
	ErrBadTrack   = errors.New("llhls: unit for an unknown track")
)

// Muxer packages a live session: one publish after another (it implements
// live.Publish), until Finish. Its methods are safe for concurrent use
// with the Handler; Start, WriteUnit and End come from one goroutine, as
// live.Publish has them.
type Muxer struct {
	cfg Config

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every change readers wait for
	tracks   []*track      // video first, then its rungs, then audio; fixed by the first publish
	video    *track
	rungs    []*track // lower rungs encoded from video's pictures (live.Track.Name)
	audio    *track
	pub      *publish // nil between publishes
	nextMSN  uint64
	cuts     []cut // segment boundaries the video decided, not yet applied to the audio
	discont  bool  // the next segment begins a new publish
	finished bool
	puts     []putReq // completed files, for w once m.mu is released
	w        writer
	held     int // requests the Handler holds
	// rendered playlists are reused until the next change: every
	// viewer's poll and blocking request asks for the same bytes, and a
	// DVR window lists thousands of segments.
	rendered map[renderKey][]byte
}

type renderKey struct {
	t    *track
	skip bool
}

// publish is one publisher's connection.
type publish struct {
	byID     []*track // Unit.Track → output track, nil for a track not packaged
	anchored bool     // the first keyframe has arrived
	// Each track's media time continues from where it stood at the end
	// of the previous publish: a track's offset maps the publisher's
	// timestamps onto it, from the first keyframe. An audio track that
	// ran past the video at the end stays that much ahead, less than a
	// frame; its overlapping frames are dropped.
	offsets map[*track]time.Duration
	starts  map[*track]time.Duration // each track's media time at the first keyframe
	base    time.Duration            // DTS of the first keyframe …
	wall    time.Time                // … and the wall clock it was received at
	// delay is the first keyframe's PTS - DTS (B-frames): video
	// composition offsets are reduced by it, so that the keyframe is
	// presented at the start of its segment, in step with the audio, and
	// a publish leaves no hole at its start for players to skip over.
	delay time.Duration
	queue []pendingSample
	// videoRaw is the DTS of the last video unit: every cut before it is
	// decided.
	videoRaw time.Duration
}

// cut is a segment boundary at raw, the publisher's presentation time of
// the keyframe that starts it: the audio, whose media time may run a
// fraction of a frame apart from the video's after a reconnection,
// follows the video's cuts on the publisher's clock.
type cut struct {
	msn     uint64
	raw     time.Duration
	pts     time.Duration // the keyframe's PTS, where the rungs cut
	discont bool
}

var _ live.Publish = (*Muxer)(nil)

// NewMuxer returns a Muxer waiting for its first publish.
func NewMuxer(cfg Config) (*Muxer, error) {
	if cfg.Storage == nil {
		return nil, errors.New("llhls: no storage")
	}
	m := &Muxer{cfg: cfg.withDefaults(), changed: make(chan struct{})}
	m.w.storage = m.cfg.Storage
	m.w.timeout = func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), m.cfg.StorageTimeout)
	}
	return m, nil
}

func (m *Muxer) parts() bool { return m.cfg.PartTarget > 0 }

// notify wakes every waiting reader; m.mu is held.
func (m *Muxer) notify() {
	close(m.changed)
	m.changed = make(chan struct{})
	clear(m.rendered)
}

// playlist is mediaPlaylist, rendered once per change. m.mu is held.
func (m *Muxer) playlist(t *track, skip bool) []byte {
	k := renderKey{t, skip}
	if b, ok := m.rendered[k]; ok {
		return b
	}
	if m.rendered == nil {
		m.rendered = make(map[renderKey][]byte)
	}
	b := m.mediaPlaylist(t, skip)
	m.rendered[k] = b
	return b
}

// HeldRequests is the number of blocking requests the Handler is holding.
func (m *Muxer) HeldRequests() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.held
}

// Start begins a publish. The first publish fixes the session's tracks (the
// first video and the first audio track; others are not packaged, but for
// named video tracks: the lower rungs of the first, see rungs.go); a later
// one must bring the same kinds of track and the same rungs, though codecs
// and parameter sets may differ.
func (m *Muxer) Start(tracks []live.Track) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.finished {
		return ErrFinished
	}
	if m.pub != nil {
		// A Start without the previous publish's End.
		m.endLocked()
		if err := m.w.enqueue(m.takePuts()); err != nil {
			return err
		}
	}
	pub := &publish{byID: make([]*track, len(tracks))}
	var video, audio *live.Track
	var rungs []*live.Track
	for i := range tracks {
		t := &tracks[i]
		if t.ID != i {
			return fmt.Errorf("llhls: track %d has ID %d", i, t.ID)
		}
		switch t.Codec {
		case live.CodecH264, live.CodecH265:
			if video == nil {
				video = t
			} else if t.Name != "" {
				rungs = append(rungs, t)
			}
		case live.CodecAAC, live.CodecOpus:
			if audio == nil {
				audio = t
			}
		default:
			return fmt.Errorf("%w: %q", live.ErrUnsupportedCodec, t.Codec)
		}
	}
	if video == nil && audio == nil {
		return errors.New("llhls: no track to package")
	}
	first := m.tracks == nil
	if !first && ((video == nil) != (m.video == nil) || (audio == nil) != (m.audio == nil)) {
		return errors.New("llhls: a publish must bring the same kinds of track as the first")
	}
	if err := m.checkRungs(first, rungs); err != nil {
		return err
	}
	var audioParams params
	var audioInfo info
	if audio != nil {
		// An audio track's parameters are complete at Start: fail now
		// rather than at its first frame.
		audioParams = paramsOf(*audio)
		in, _, err := describe(audioParams)
		if err != nil {
			return fmt.Errorf("llhls: audio track: %w", err)
		}
		audioInfo = in
	}
	if first {
		if video != nil {
			name := "video"
			if m.cfg.ReelLayout {
				// Named after the first publish's picture; parameter sets
				// not known yet name it as the smallest rung.
				in, _, err := describe(paramsOf(*video))
				name = live.RenditionName(video.Codec, in.width, in.height)
				if err != nil {
					name = live.RenditionName(video.Codec, 0, 0)
				}
			}
			m.video = newTrack(name, true)
			m.tracks = append(m.tracks, m.video)
			for _, r := range rungs {
				if r.Name == name || r.Name == "audio" || strings.HasPrefix(r.Name, "audio/") {
					m.video, m.tracks, m.rungs = nil, nil, nil
					return fmt.Errorf("llhls: a rung named %s, as another track", r.Name)
				}
				rt := newTrack(r.Name, true)
				rt.rung = true
				m.rungs = append(m.rungs, rt)
				m.tracks = append(m.tracks, rt)
			}
		}
		if audio != nil {
			name := "audio"
			if m.cfg.ReelLayout {
				name = "audio/0"
			}
			m.audio = newTrack(name, false)
			m.tracks = append(m.tracks, m.audio)
		}
		for _, t := range m.tracks {
			t.reel = m.cfg.ReelLayout
		}
	}
	if video != nil {
		m.video.next = paramsOf(*video)
		m.video.ts = 90000
		pub.byID[video.ID] = m.video
		for i, r := range rungs {
			rt := m.rungs[i]
			rt.next, rt.ts = paramsOf(*r), 90000
			rt.cuts, rt.due, rt.held = nil, nil, nil
			pub.byID[r.ID] = rt
		}
	}
	if audio != nil {
		m.audio.next = audioParams
		m.audio.ts = audioInfo.timescale
		pub.byID[audio.ID] = m.audio
	}
	m.pub = pub
	m.discont = !first
	return nil
}

// WriteUnit packages one unit. Units before the publish's first video
// keyframe are dropped (a segment must start with one), as are audio
// frames that would overlap the previous publish's.
//
// A unit completes the part before it: a sample's duration is the
// distance to the next one's DTS, so a part is written (and the requests
// held for it answered) when the unit after its last arrives, one frame
// later. A segment or init segment it completes is put to Storage in the
// background, in order, so that a slow Put delays neither the next parts
// nor the ingest; a Put that failed is returned by the next WriteUnit
// (ending the publish), as is a Storage too far behind.
func (m *Muxer) WriteUnit(u live.Unit) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	err := m.writeUnitLocked(u)
	// Queued under m.mu (enqueue does not wait), so that files reach
	// Storage in the order they were made, whichever goroutine made them.
	return errors.Join(err, m.w.enqueue(m.takePuts()))
}

func (m *Muxer) takePuts() []putReq {
	p := m.puts
	m.puts = nil
	return p
}

func (m *Muxer) writeUnitLocked(u live.Unit) error {
	if m.finished {
		return ErrFinished
	}
	pub := m.pub
	if pub == nil {
		return ErrNotStarted
	}
	if u.Track < 0 || u.Track >= len(pub.byID) {
		return fmt.Errorf("%w: %d", ErrBadTrack, u.Track)
	}
	t := pub.byID[u.Track]
	if t == nil || len(u.Payload) == 0 {
		return nil
	}
	if !pub.anchored {
		if (m.video != nil && (t != m.video || !u.Key)) || (m.video == nil && t.video) {
			return nil
		}
		pub.anchored = true
		pub.base = u.DTS
		pub.delay = max(u.PTS-u.DTS, 0)
		pub.offsets = make(map[*track]time.Duration)
		pub.starts = make(map[*track]time.Duration)
		for _, o := range m.tracks {
			// Video is placed by DTS (tfdt), audio by presentation time.
			pub.offsets[o] = o.end - u.DTS - pub.delay
			if o == m.video {
				pub.offsets[o] = o.end - u.DTS
			}
			pub.starts[o] = o.end
		}
		pub.wall = u.Received
		if pub.wall.IsZero() {
			pub.wall = m.cfg.Now()
		}
	}
	raw := u.DTS
	if !t.video && !t.hasLast && raw+pub.offsets[t] < t.end && raw+pub.offsets[t] > t.end-time.Millisecond {
		// The audio frame presented with the first keyframe, a rounding
		// away (ADTS timestamps in 90 kHz ticks).
		raw = t.end - pub.offsets[t]
	}
	at := raw + pub.offsets[t]
	if at < t.end || at < t.lastAt || (t.hasLast && at == t.lastAt) {
		if t.video {
			return fmt.Errorf("llhls: video DTS %v does not increase", u.DTS)
		}
		return nil
	}
	payload, err := payloadOf(t.next.codec, u.Payload)
	if err != nil {
		return err
	}
	if payload == nil {
		return nil
	}
	s := pendingSample{
		at: at, raw: raw, pts: u.PTS, dts: ticks(at, t.ts),
		wall: pub.wall.Add(at - pub.starts[t]),
		key:  u.Key || !t.video, payload: payload,
	}
	if t.video {
		if t.rung {
			// A rung's pictures have no B-frames (DTS = PTS): placed, as
			// the audio is, by presentation time.
			s.cto = signedTicks(u.PTS-u.DTS, t.ts)
		} else {
			s.cto = signedTicks(u.PTS-u.DTS-pub.delay, t.ts)
			// Cuts are on the presentation clock the audio is placed by.
			s.raw += pub.delay
		}
		if u.Key {
			// Parameter sets in band take over from the Track's; a change
			// starts a segment with a new init segment.
			t.next.inBand(u.Payload)
			p := t.next
			s.params = &p
		}
		if t.cur == nil && t.pending == nil && s.params != nil {
			// The first keyframe of a publish: the init segment must be
			// valid before anything is written.
			if _, _, err := describe(*s.params); err != nil {
				return fmt.Errorf("llhls: video track: %w", err)
			}
		}
	}
	t.lastAt, t.hasLast = at, true
	if t.rung {
		return m.pushRung(t, s)
	}
	if t.video {
		return m.pushVideo(s)
	}
	if m.video == nil {
		return m.pushAudioAlone(s)
	}
	pub.queue = append(pub.queue, s)
	if len(pub.queue) > maxAudioQueue {
		// The video stalled: audio goes on in the current segment rather
		// than pile up.
		return m.releaseAudio(true)
	}
	return m.releaseAudio(false)
}

// signedTicks converts a composition offset (PTS - DTS), which an open
// GOP's leading pictures make negative.
func signedTicks(d time.Duration, timescale uint32) int64 {
	if d < 0 {
		return -int64(ticks(-d, timescale))
	}
	return int64(ticks(d, timescale))
}

// maxAudioQueue bounds the audio frames held for the video to decide
// segment boundaries: about 10 s of AAC at 48 kHz.
const maxAudioQueue = 500

// ticks converts a media time to a track's timescale without overflowing
// for sessions of any realistic length.
func ticks(d time.Duration, timescale uint32) uint64 {
	if d < 0 {
		return 0
	}
	ts := uint64(timescale)
	return uint64(d/time.Second)*ts + (uint64(d%time.Second)*ts+uint64(time.Second)/2)/uint64(time.Second)
}

func (m *Muxer) pushVideo(s pendingSample) error {
	t := m.video
	if t.pending != nil {
		prev := *t.pending
		if err := m.finalizeVideo(prev, s.dts-prev.dts); err != nil {
			return err
		}
	}
	t.pending = &s
	t.end = s.at
	m.pub.videoRaw = s.raw
	if err := m.releaseRungs(false); err != nil {
		return err
	}
	return m.releaseAudio(false)
}

// finalizeVideo places a video sample whose duration is now known: it
// starts a segment at a keyframe once SegmentTarget has accumulated (or
// when the parameter sets changed, or a publish began), and a part once
// the next sample would overrun PartTarget.
func (m *Muxer) finalizeVideo(s pendingSample, dur uint64) error {
	t := m.video
	startSeg := t.cur == nil
	if s.key && t.cur != nil {
		elapsed := t.duration(s.dts - t.cur.start)
		if elapsed >= m.cfg.SegmentTarget-time.Millisecond || !s.params.equal(t.params) {
			startSeg = true
		}
	}
	if startSeg {
		if !s.key {
			return errors.New("llhls: video segment would not start with a keyframe")
		}
		if t.cur != nil {
			m.closeSegment(t)
		}
		if err := m.useParams(t, *s.params); err != nil {
			return err
		}
		msn := m.nextMSN
		m.nextMSN++
		c := cut{msn: msn, raw: s.raw, pts: s.pts, discont: m.discont}
		m.discont = false
		m.openSegment(t, c, s)
		if m.audio != nil {
			m.cuts = append(m.cuts, c)
		}
		for _, r := range m.rungs {
			r.cuts = append(r.cuts, c)
		}
	}
	return m.addSample(t, s, dur)
}

// useParams makes p the track's current init segment: an earlier one with
// the same parameters (a publisher that reconnects with the encoder
// settings it had), or a new one.
func (m *Muxer) useParams(t *track, p params) error {
	if t.inits != nil && p.equal(t.params) {
		return nil
	}
	for i, q := range t.initParams {
		if p.equal(q) {
			in, _, err := describe(p)
			if err != nil {
				return fmt.Errorf("llhls: %s track: %w", t.name, err)
			}
			t.params, t.info, t.init = p, in, i
			return nil
		}
	}
	in, init, err := describe(p)
	if err != nil {
		return fmt.Errorf("llhls: %s track: %w", t.name, err)
	}
	for i, b := range t.inits {
		// The same init segment by other parameters' bytes: one a
		// resumed session read back from Storage (ResumeMuxer).
		if bytes.Equal(b, init) {
			t.params, t.info, t.init = p, in, i
			t.initParams[i] = p
			return nil
		}
	}
	t.params, t.info, t.init = p, in, len(t.inits)
	t.inits = append(t.inits, init)
	t.initParams = append(t.initParams, p)
	m.puts = append(m.puts, putReq{name: t.initName(t.init), data: init})
	return nil
}

// releaseAudio places the queued audio frames every segment boundary of
// which is known: those before the video's end (all of them at the end
// of a publish).
func (m *Muxer) releaseAudio(all bool) error {
	pub := m.pub
	a := m.audio
	n := 0
	for n < len(pub.queue) && (all || pub.queue[n].raw < pub.videoRaw) {
		n++
	}
	for _, s := range pub.queue[:n] {
		if a.pending != nil {
			prev := *a.pending
			if err := m.finalizeAudio(prev, s.dts-prev.dts); err != nil {
				return err
			}
		}
		s := s
		a.pending = &s
		a.end = s.at
	}
	pub.queue = append(pub.queue[:0], pub.queue[n:]...)
	return nil
}

func (m *Muxer) finalizeAudio(s pendingSample, dur uint64) error {
	a := m.audio
	var c *cut
	for len(m.cuts) > 0 && m.cuts[0].raw <= s.raw {
		c = &m.cuts[0]
		m.cuts = m.cuts[1:]
	}
	if a.cur == nil && c == nil {
		// Audio with no video segment open to join: only before the first
		// keyframe, which WriteUnit drops already.
		return nil
	}
	if c != nil {
		if a.cur != nil {
			m.closeSegment(a)
		}
		if err := m.useParams(a, a.next); err != nil {
			return err
		}
		m.openSegment(a, *c, s)
	}
	return m.addSample(a, s, dur)
}

// pushAudioAlone handles an audio-only session: audio cuts its own
// segments, every frame being a random access point.
func (m *Muxer) pushAudioAlone(s pendingSample) error {
	a := m.audio
	if a.pending != nil {
		prev := *a.pending
		dur := s.dts - prev.dts
		if a.cur == nil || a.duration(prev.dts-a.cur.start) >= m.cfg.SegmentTarget-time.Millisecond || m.discont || !a.next.equal(a.params) {
			if a.cur != nil {
				m.closeSegment(a)
			}
			if err := m.useParams(a, a.next); err != nil {
				return err
			}
			c := cut{msn: m.nextMSN, raw: prev.raw, discont: m.discont}
			m.nextMSN++
			m.discont = false
			m.openSegment(a, c, prev)
		}
		if err := m.addSample(a, prev, dur); err != nil {
			return err
		}
	}
	a.pending = &s
	a.end = s.at
	return nil
}

// End ends the current publish: the held-back samples are written, and
// the segments are closed (the next publish begins a new one, after an
// EXT-X-DISCONTINUITY). It returns once the publish's files are in
// Storage, or StorageTimeout has passed.
func (m *Muxer) End(err error) {
	m.mu.Lock()
	if err != nil {
		m.cfg.Logger.Info("llhls: publish ended", "err", err)
	}
	m.endLocked()
	err = m.w.enqueue(m.takePuts())
	m.mu.Unlock()
	// The publish's files are in Storage when End returns.
	ctx, cancel := context.WithTimeout(context.Background(), m.cfg.StorageTimeout)
	defer cancel()
	err = errors.Join(err, m.w.flush(ctx))
	if err != nil {
		m.cfg.Logger.Error("llhls: storing the end of a publish", "err", err)
	}
}

func (m *Muxer) endLocked() {
	pub := m.pub
	if pub == nil {
		return
	}
	defer func() { m.pub = nil; m.notify() }()
	if !pub.anchored {
		return
	}
	var err error
	if v := m.video; v != nil && v.pending != nil {
		s := *v.pending
		v.pending = nil
		err = errors.Join(err, m.finalizeVideo(s, v.lastDurOf()))
		v.end = s.at + v.duration(v.lastDurOf())
	}
	err = errors.Join(err, m.endRungs())
	if a := m.audio; a != nil {
		if m.video != nil {
			err = errors.Join(err, m.releaseAudio(true))
		} else if a.pending != nil {
			// A frame one past the end places the last one.
			next := *a.pending
			next.dts += a.lastDurOf()
			next.at += a.duration(a.lastDurOf())
			err = errors.Join(err, m.pushAudioAlone(next))
			a.pending = nil
		}
		if a.pending != nil {
			s := *a.pending
			a.pending = nil
			if m.video != nil {
				err = errors.Join(err, m.finalizeAudio(s, a.lastDurOf()))
			}
			a.end = s.at + a.duration(a.lastDurOf())
		}
	}
	if err != nil {
		m.cfg.Logger.Error("llhls: ending a publish", "err", err)
	}
	m.cuts = nil
	for _, t := range m.tracks {
		if t.cur != nil {
			m.closeSegment(t)
		}
		t.lastAt, t.hasLast = 0, false
	}
}

// Finish ends the session for good: the current publish ends, and the
// media playlists, now VOD and listing every segment of the session, are
// written to Storage with the multivariant playlist. The Handler serves
// the VOD playlists from then on.
func (m *Muxer) Finish(ctx context.Context) error {
	m.mu.Lock()
	if m.finished {
		m.mu.Unlock()
		return nil
	}
	m.endLocked()
	m.finished = true
	queued := m.w.enqueue(m.takePuts())
	vod := make(map[*track][]byte)
	for _, t := range m.tracks {
		if len(t.segs) > 0 {
			vod[t] = m.mediaPlaylist(t, false)
		}
	}
	master := m.masterPlaylist()
	m.notify()
	m.mu.Unlock()
	// The playlists are put last, once every file they list is stored.
	if err := errors.Join(queued, m.w.flush(ctx)); err != nil || master == nil {
		return err
	}
	lists := []putReq{{name: "master.m3u8", data: master}}
	if m.cfg.ReelLayout {
		lists = append(lists, putReq{name: "playlist.m3u8", data: master})
	}
	for _, t := range m.tracks {
		if b := vod[t]; b != nil {
			lists = append([]putReq{{name: t.name + "/playlist.m3u8", data: b}}, lists...)
		}
	}
	for _, p := range lists {
		if err := m.cfg.Storage.Put(ctx, p.name, p.data); err != nil {
			return fmt.Errorf("llhls: storing %s: %w", p.name, err)
		}
	}
	return nil
}

// fragment writes samples as one moof+mdat.
func fragment(seq uint32, base uint64, samples []*fmp4.Sample) ([]byte, error) {
	p := fmp4.Part{SequenceNumber: seq, Tracks: []*fmp4.PartTrack{{ID: 1, BaseTime: base, Samples: samples}}}
	var buf seekablebuffer.Buffer
	if err := p.Marshal(&buf); err != nil {
		return nil, fmt.Errorf("fragment: %w", err)
	}
	return buf.Bytes(), nil
}

// payloadOf is a unit's sample data: a video picture's NAL units with
// length prefixes (without access unit delimiters, which have no place in
// MP4 samples), an audio frame as it is. It is a copy: the ingest may
// reuse its buffers once WriteUnit returns, and a unit waits for the next
// to know its duration.
func payloadOf(codec live.Codec, au [][]byte) ([]byte, error) {
	if !codec.IsVideo() {
		return bytes.Clone(au[0]), nil
	}
	nalus := make([][]byte, 0, len(au))
	for _, n := range au {
		if len(n) == 0 || (codec == live.CodecH264 && h264.NALUType(n[0]&0x1f) == h264.NALUTypeAccessUnitDelimiter) ||
			(codec == live.CodecH265 && h265.NALUType((n[0]>>1)&0x3f) == h265.NALUType_AUD_NUT) {
			continue
		}
		nalus = append(nalus, n)
	}
	if len(nalus) == 0 {
		return nil, nil
	}
	b, err := h264.AVCC(nalus).Marshal()
	if err != nil {
		return nil, fmt.Errorf("video sample: %w", err)
	}
	return b, nil
}

func sampleOf(t *track, s pendingSample, dur uint64) (*fmp4.Sample, error) {
	if !t.video {
		return &fmp4.Sample{Duration: uint32(dur), Payload: s.payload}, nil
	}
	if s.cto > math.MaxInt32 || s.cto < math.MinInt32 {
		return nil, errors.New("video sample: PTS too far from DTS")
	}
	return &fmp4.Sample{Duration: uint32(dur), PTSOffset: int32(s.cto), IsNonSyncSample: !s.key, Payload: s.payload}, nil
}
