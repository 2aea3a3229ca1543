// Package liveladder gives a live stream the lower rungs of Reel's ladder: the
// published H.264 passes through as the top rung, as it always did, and
// the rungs under it are encoded live from one decode of it
// (media.LiveLadder) and handed to the packager as tracks of the same
// publish (live.Track.Name), which live/llhls segments at the source's
// keyframes like the top rung.
//
// Which feeds get rungs: an H.264 feed, whatever its bit rate or B-frames
// (the passed-through rung keeps them; the encoded rungs have none), gets
// the rungs PlanLadder gives an upload of its picture size under the top
// one: a 720p feed gets h264_sd, a 1080p one h264_sd and h264_hd, a 360p
// one nothing. An H.265 feed has every rung encoded, the top one too, at
// its picture size, in H.264, and is not packaged itself: Reel's
// renditions and recordings are H.264, and a session of H.265 and H.264
// renditions would play in fewer browsers than its lower rungs do.
//
// A session keeps what its first publish was: a reconnection is scaled to
// the same rungs, encoded wholly again if the first was (even in H.264, so
// that the top rung keeps its encoder's parameter sets and the recording
// stays one rendition), and refused in H.265 when the first passed H.264
// through.
//
// This package is the only live package that links FFmpeg (cgo); the
// service wraps each session's packager with it when lower rungs are on
// (the server's --live-ladder).
package liveladder

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost/live"
)

// Config configures the rungs of a session.
type Config struct {
	// Ladder gives the preset, the CRF and the bit-rate caps; the zero
	// value is the default ladder.
	Ladder media.LadderOptions
	// NormalPriority runs the ladder at the ingest's priority rather than
	// 10 nice levels lower (media.LiveLadderOptions): the rungs are then
	// as urgent as the published picture, which an overloaded machine
	// then delays too.
	NormalPriority bool
	// FlushTimeout bounds the wait for the rungs' last pictures at the end
	// of a publish; default 10s.
	FlushTimeout time.Duration
	// Logger defaults to slog.Default().
	Logger *slog.Logger
}

// Publish is a session's packager (next) with the lower rungs added to
// each publish. It implements live.Publish: Start, WriteUnit and End come
// from the ingest's goroutine; the rungs' units reach next from the
// encoders' goroutines, which next must accept (llhls.Muxer does).
type Publish struct {
	next live.Publish
	cfg  Config

	// rungs are the session's, planned at its first publish (later
	// publishes are scaled to the same rungs, whose names the packager
	// has fixed; a first publish without H.264 video leaves none).
	rungs   []media.Rendition
	planned bool

	// encodeAll: the session's first publish was H.265, every rung is
	// encoded (rungs ends with the top one) and the publisher's video is
	// not packaged.
	encodeAll bool

	ladder  *media.LiveLadder // nil: no rungs for this publish
	video   int               // the publish's video track
	stopped bool              // the ladder failed during this publish
	// ids maps the publish's track IDs to next's (encodeAll: the rungs
	// come first, the publisher's video is left out, -1).
	ids []int
	// topBegun is set once the top rung's first picture went to next
	// (encodeAll): until then the other tracks' units wait in held, as the
	// packager drops what comes before the picture it cuts by.
	topBegun atomic.Bool
	held     []live.Unit
	// beginMu orders the rungs' first units after the top rung's first
	// picture (encodeAll): a smaller rung encodes faster, and the packager
	// drops what comes before the picture it cuts by. heldRungs are the
	// rungs' units waiting for it.
	beginMu   sync.Mutex
	heldRungs []live.Unit
}

var _ live.Publish = (*Publish)(nil)

// New wraps next.
func New(next live.Publish, cfg Config) *Publish {
	if cfg.FlushTimeout <= 0 {
		cfg.FlushTimeout = 10 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Publish{next: next, cfg: cfg}
}

// Rungs are the names of the session's encoded rungs, smallest first
// (none before the first publish with video).
func (p *Publish) Rungs() []string {
	var names []string
	for _, r := range p.rungs {
		names = append(names, r.Name)
	}
	return names
}

// Start starts the ladder for an H.264 feed and hands next the publish's
// tracks with a track per rung after them.
func (p *Publish) Start(tracks []live.Track) error {
	p.ladder, p.stopped, p.ids, p.held, p.heldRungs = nil, false, nil, nil, nil
	p.topBegun.Store(false)
	first := !p.planned
	p.planned = true
	var v *live.Track
	for i := range tracks {
		if tracks[i].Codec.IsVideo() {
			v = &tracks[i]
			break
		}
	}
	if first && v != nil && v.Codec == live.CodecH265 {
		p.encodeAll = true
	}
	if p.encodeAll {
		var err error
		if tracks, err = p.openAll(v, tracks, first); err != nil {
			return err
		}
	} else if v != nil && v.Codec == live.CodecH264 {
		added, err := p.open(*v, len(tracks), first)
		if err != nil && first {
			// The session goes on without rungs: the packager fixes them now.
			p.cfg.Logger.Error("live: no lower rungs for this session", "err", err)
			p.rungs = nil
		} else if err != nil {
			return err
		}
		tracks = append(slices.Clone(tracks), added...)
	} else if len(p.rungs) > 0 {
		// The packager refuses a publish without the session's rungs.
		return fmt.Errorf("live ladder: the session has lower rungs; this publish's video (%v) cannot make them", codecOf(v))
	}
	if err := p.next.Start(tracks); err != nil {
		p.closeLadder(false)
		return err
	}
	return nil
}

func codecOf(v *live.Track) live.Codec {
	if v == nil {
		return "none"
	}
	return v.Codec
}

// openAll starts the ladder of a session whose every rung is encoded and
// answers next's tracks: the rungs, the top one first (the one the
// packager cuts segments by), then the publish's other tracks but its
// video, renumbered (p.ids).
func (p *Publish) openAll(v *live.Track, tracks []live.Track, first bool) ([]live.Track, error) {
	if v == nil {
		return nil, errors.New("live ladder: the session's rungs are encoded from a picture; this publish has none")
	}
	width, height, fps, err := pictureOf(*v)
	if err != nil {
		return nil, err
	}
	if first {
		num, den := frameRate(fps)
		top, lower, err := media.PlanLiveLadder(width, height, num, den, p.cfg.Ladder)
		if err != nil {
			return nil, fmt.Errorf("live ladder: %w", err)
		}
		// x264 takes 4:2:0 pictures of even sizes only.
		top.Width, top.Height = top.Width&^1, top.Height&^1
		p.rungs = append(lower, top)
		p.cfg.Logger.Info("live: every rung encoded live", "codec", v.Codec, "width", width, "height", height,
			"fps", fps, "rungs", p.Rungs())
	}
	n := len(p.rungs)
	// Rung i (smallest first) is next's track 1+i, the top one 0.
	id := func(i int) int {
		if i == n-1 {
			return 0
		}
		return 1 + i
	}
	codec := "h264"
	if v.Codec == live.CodecH265 {
		codec = "hevc"
	}
	l, err := media.NewLiveLadder(context.Background(), media.LiveLadderOptions{
		Codec: codec, VPS: v.VPS, SPS: v.SPS, PPS: v.PPS, Rungs: p.rungs, Ladder: p.cfg.Ladder, Logger: p.cfg.Logger, NormalPriority: p.cfg.NormalPriority,
		OnUnit: func(i int, u media.LiveUnit) error {
			unit := live.Unit{Track: id(i), PTS: u.PTS, DTS: u.DTS, Key: u.Key, Payload: u.NALUs, Received: time.Now()}
			if p.topBegun.Load() {
				return p.next.WriteUnit(unit)
			}
			p.beginMu.Lock()
			defer p.beginMu.Unlock()
			if p.topBegun.Load() {
				return p.next.WriteUnit(unit)
			}
			if i != n-1 {
				p.heldRungs = append(p.heldRungs, unit)
				return nil
			}
			err := p.next.WriteUnit(unit)
			held := p.heldRungs
			p.heldRungs = nil
			for _, h := range held {
				err = errors.Join(err, p.next.WriteUnit(h))
			}
			p.topBegun.Store(true)
			return err
		},
	})
	if err != nil {
		return nil, fmt.Errorf("live ladder: %w", err)
	}
	out := make([]live.Track, n)
	for i := range p.rungs {
		r, rsps, rpps := l.Rung(i)
		t := live.Track{ID: id(i), Codec: live.CodecH264, SPS: rsps, PPS: rpps, Name: r.Name}
		if i == n-1 {
			t.Name = "" // the packager names the video it cuts by
		}
		out[id(i)] = t
	}
	p.ids = make([]int, len(tracks))
	for i, t := range tracks {
		p.ids[i] = -1
		if !t.Codec.IsVideo() {
			p.ids[i] = len(out)
			t.ID = len(out)
			out = append(out, t)
		}
	}
	p.ladder, p.video = l, v.ID
	return out, nil
}

// pictureOf reads a video track's size and frame rate from its SPS.
func pictureOf(v live.Track) (width, height int, fps float64, err error) {
	switch v.Codec {
	case live.CodecH264:
		var sps h264.SPS
		if err := sps.Unmarshal(v.SPS); err != nil {
			return 0, 0, 0, fmt.Errorf("live ladder: the video's SPS: %w", err)
		}
		return sps.Width(), sps.Height(), sps.FPS(), nil
	case live.CodecH265:
		var sps h265.SPS
		if err := sps.Unmarshal(v.SPS); err != nil {
			return 0, 0, 0, fmt.Errorf("live ladder: the video's SPS: %w", err)
		}
		return sps.Width(), sps.Height(), sps.FPS(), nil
	}
	return 0, 0, 0, fmt.Errorf("live ladder: %w: %q", live.ErrUnsupportedCodec, v.Codec)
}

// open plans the rungs (at the session's first publish) and starts the
// ladder; it answers the rungs' tracks, numbered from base.
func (p *Publish) open(v live.Track, base int, first bool) ([]live.Track, error) {
	if !first && len(p.rungs) == 0 {
		return nil, nil
	}
	var sps h264.SPS
	if err := sps.Unmarshal(v.SPS); err != nil {
		return nil, fmt.Errorf("live ladder: the video's SPS: %w", err)
	}
	if first {
		num, den := frameRate(sps.FPS())
		_, lower, err := media.PlanLiveLadder(sps.Width(), sps.Height(), num, den, p.cfg.Ladder)
		if err != nil {
			return nil, fmt.Errorf("live ladder: %w", err)
		}
		p.rungs = lower
		if len(lower) > 0 {
			p.cfg.Logger.Info("live: lower rungs encoded live", "width", sps.Width(), "height", sps.Height(),
				"fps", sps.FPS(), "rungs", p.Rungs())
		}
	}
	if len(p.rungs) == 0 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), p.cfg.FlushTimeout)
	defer cancel()
	l, err := media.NewLiveLadder(ctx, media.LiveLadderOptions{
		Codec: "h264", SPS: v.SPS, PPS: v.PPS, Rungs: p.rungs, Ladder: p.cfg.Ladder, Logger: p.cfg.Logger, NormalPriority: p.cfg.NormalPriority,
		OnUnit: func(i int, u media.LiveUnit) error {
			return p.next.WriteUnit(live.Unit{Track: base + i, PTS: u.PTS, DTS: u.DTS, Key: u.Key,
				Payload: u.NALUs, Received: time.Now()})
		},
	})
	if err != nil {
		return nil, fmt.Errorf("live ladder: %w", err)
	}
	added := make([]live.Track, len(p.rungs))
	for i := range p.rungs {
		r, rsps, rpps := l.Rung(i)
		added[i] = live.Track{ID: base + i, Codec: live.CodecH264, SPS: rsps, PPS: rpps, Name: r.Name}
	}
	p.ladder, p.video = l, v.ID
	return added, nil
}

// frameRate is an SPS's frame rate as a fraction: NTSC rates exactly, 30
// when the SPS does not say.
func frameRate(fps float64) (num, den int) {
	if fps <= 0 || fps > 240 {
		return 30, 1
	}
	if r := math.Round(fps); math.Abs(fps-r) < 0.005 {
		return int(r), 1
	}
	if r := math.Round(fps * 1.001); math.Abs(fps*1.001-r) < 0.005 {
		return int(r) * 1000, 1001
	}
	return int(math.Round(fps * 1000)), 1000
}

// WriteUnit hands u to next and, for the video, to the ladder. A ladder
// that fails (the machine cannot encode in real time) stops the rungs for
// the rest of the publish; the published picture goes on.
func (p *Publish) WriteUnit(u live.Unit) error {
	if p.ids != nil {
		return p.writeEncodeAll(u)
	}
	if err := p.next.WriteUnit(u); err != nil {
		return err
	}
	if p.ladder == nil || p.stopped || u.Track != p.video {
		return nil
	}
	if err := p.ladder.Write(media.LiveUnit{PTS: u.PTS, DTS: u.DTS, Key: u.Key, NALUs: u.Payload}); err != nil {
		p.stopped = true
		p.cfg.Logger.Error("live: the lower rungs stopped for this publish", "err", err)
		p.closeLadder(false)
	}
	return nil
}

// writeEncodeAll: the picture goes to the ladder alone, the other tracks
// to next under their new IDs; a ladder that fails ends the publish, which
// has no picture without it.
func (p *Publish) writeEncodeAll(u live.Unit) error {
	if u.Track < 0 || u.Track >= len(p.ids) {
		return fmt.Errorf("live ladder: unit for unknown track %d", u.Track)
	}
	if u.Track != p.video {
		if p.ids[u.Track] < 0 {
			return nil
		}
		u.Track = p.ids[u.Track]
		if !p.topBegun.Load() && len(p.held) < maxHeld {
			// A copy: the ingest may reuse its buffers.
			u.Payload = slices.Clone(u.Payload)
			for i, b := range u.Payload {
				u.Payload[i] = slices.Clone(b)
			}
			p.held = append(p.held, u)
			return nil
		}
		if err := p.flushHeld(); err != nil {
			return err
		}
		return p.next.WriteUnit(u)
	}
	if p.ladder == nil {
		return errors.New("live ladder: the rungs stopped")
	}
	if err := p.ladder.Write(media.LiveUnit{PTS: u.PTS, DTS: u.DTS, Key: u.Key, NALUs: u.Payload}); err != nil {
		p.closeLadder(false)
		return fmt.Errorf("live ladder: %w", err)
	}
	return nil
}

// maxHeld bounds the units held for the top rung's first picture: a few
// seconds of audio.
const maxHeld = 500

func (p *Publish) flushHeld() error {
	held := p.held
	p.held = nil
	for _, h := range held {
		if err := p.next.WriteUnit(h); err != nil {
			return err
		}
	}
	return nil
}

// End waits for the rungs' last pictures, then ends next's publish.
func (p *Publish) End(err error) {
	p.closeLadder(true)
	if ferr := p.flushHeld(); ferr != nil {
		p.cfg.Logger.Warn("live: the units held for the top rung", "err", ferr)
	}
	p.next.End(err)
}

func (p *Publish) closeLadder(flush bool) {
	if p.ladder == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), p.cfg.FlushTimeout)
	defer cancel()
	if err := p.ladder.Close(ctx, flush); err != nil && !errors.Is(err, media.ErrLiveBehind) {
		p.cfg.Logger.Error("live: ending the lower rungs", "err", err)
	}
	p.ladder = nil
}
