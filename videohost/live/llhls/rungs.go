package llhls

import (
	"errors"
	"fmt"

	"github.com/reelvideo/reel/videohost/live"
)

// Rungs: a publish may bring, besides the publisher's video, lower rungs
// of it the service encodes live (media.LiveLadder): video tracks with a
// live.Track.Name, each a rendition of its own in the multivariant
// playlist. A rung's pictures carry the PTS of the source pictures they
// were made from and have a keyframe on each of the source's, so a rung
// does not decide its segments: it starts one at the source keyframe that
// starts the video's, with the same media sequence number, as the audio
// does. A player switching rungs then finds the same segments and parts
// at the same times in every rendition.
//
// A rung's units arrive after the video's (a picture is decoded, scaled
// and encoded first), and a boundary is known once the video's next
// picture arrived: a rung's pictures wait (held) until the video is past
// them, a frame or the encoder's delay, whichever is longer.

// checkRungs refuses a publish whose rungs are not the session's.
func (m *Muxer) checkRungs(first bool, rungs []*live.Track) error {
	seen := make(map[string]bool)
	for _, r := range rungs {
		if r.Codec != live.CodecH264 && r.Codec != live.CodecH265 {
			return fmt.Errorf("llhls: rung %s: %w: %q", r.Name, live.ErrUnsupportedCodec, r.Codec)
		}
		if seen[r.Name] {
			return fmt.Errorf("llhls: two rungs named %s", r.Name)
		}
		seen[r.Name] = true
	}
	if first {
		return nil
	}
	if len(rungs) != len(m.rungs) {
		return errors.New("llhls: a publish must bring the same rungs as the first")
	}
	for i, r := range rungs {
		if m.rungs[i].name != r.Name {
			return errors.New("llhls: a publish must bring the same rungs as the first")
		}
	}
	return nil
}

func (m *Muxer) pushRung(t *track, s pendingSample) error {
	t.held = append(t.held, s)
	// The video stalled: the rung goes on in its segment rather than pile up.
	return m.releaseRung(t, len(t.held) > maxAudioQueue)
}

func (m *Muxer) releaseRungs(all bool) error {
	var err error
	for _, r := range m.rungs {
		err = errors.Join(err, m.releaseRung(r, all))
	}
	return err
}

// releaseRung places t's held pictures whose segment boundaries are known:
// those before the video's last picture (all of them at the end of a
// publish).
func (m *Muxer) releaseRung(t *track, all bool) error {
	n := 0
	for n < len(t.held) && (all || t.held[n].raw < m.pub.videoRaw) {
		n++
	}
	for _, s := range t.held[:n] {
		if t.pending != nil {
			prev := *t.pending
			if err := m.finalizeRung(t, prev, s.dts-prev.dts); err != nil {
				return err
			}
		}
		s := s
		t.pending = &s
		t.end = s.at
	}
	t.held = append(t.held[:0], t.held[n:]...)
	return nil
}

// finalizeRung places a rung's picture whose duration is now known: the
// keyframe at (or first after) a boundary of the video starts the rung's
// segment of the same sequence number.
func (m *Muxer) finalizeRung(t *track, s pendingSample, dur uint64) error {
	for len(t.cuts) > 0 && t.cuts[0].pts <= s.raw {
		c := t.cuts[0]
		t.cuts = t.cuts[1:]
		if t.due != nil && t.cur != nil {
			m.cfg.Logger.Warn("llhls: a rung has no keyframe at a boundary of the video; its segment is longer",
				"track", t.name, "msn", t.due.msn)
		}
		t.due = &c
	}
	if t.due != nil && s.key {
		if t.cur != nil {
			m.closeSegment(t)
		}
		p := t.next
		if s.params != nil {
			p = *s.params
		}
		if err := m.useParams(t, p); err != nil {
			return err
		}
		m.openSegment(t, *t.due, s)
		t.due = nil
	}
	if t.cur == nil {
		// Before the rung's first boundary: only pictures before the
		// video's first keyframe, which the ladder does not encode.
		return nil
	}
	return m.addSample(t, s, dur)
}

// endRungs places every rung's last pictures at the end of a publish.
func (m *Muxer) endRungs() error {
	var err error
	for _, t := range m.rungs {
		err = errors.Join(err, m.releaseRung(t, true))
		if t.pending != nil {
			s := *t.pending
			t.pending = nil
			err = errors.Join(err, m.finalizeRung(t, s, t.lastDurOf()))
			t.end = s.at + t.duration(t.lastDurOf())
		}
		t.cuts, t.due, t.held = nil, nil, nil
	}
	return err
}
