package llhls

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"

	"github.com/reelvideo/reel/videohost/live"
)

// ResumeMuxer returns a Muxer that continues a session another Muxer
// stored in cfg.Storage and could not finish (its process died): the
// tracks, init segments and segments its standard playlists list
// (Config.ReelLayout, which keeps them in Storage, is required; so is a
// ReadStorage, from which they are read back and served). The next
// publish continues the session after an EXT-X-DISCONTINUITY, its
// segments numbered after the stored ones, its media time after theirs,
// and the playlists list the stored segments before its own, as if the
// same Muxer had seen a publisher drop and come back.
//
// What the dead Muxer held in memory only (the part or segment in
// flight, not yet in Storage) is not there. Storage holding no
// multivariant playlist (the session stored no segment of every track)
// resumes nothing: the Muxer starts as NewMuxer's, and reports
// resumed false.
func ResumeMuxer(ctx context.Context, cfg Config) (m *Muxer, resumed bool, err error) {
	if !cfg.ReelLayout {
		return nil, false, errors.New("llhls: resuming needs ReelLayout")
	}
	rs, ok := cfg.Storage.(ReadStorage)
	if !ok {
		return nil, false, errors.New("llhls: resuming needs a ReadStorage")
	}
	m, err = NewMuxer(cfg)
	if err != nil {
		return nil, false, err
	}
	master, err := readAll(ctx, rs, "playlist.m3u8")
	if errors.Is(err, fs.ErrNotExist) {
		return m, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	videos, audio := masterTracks(master)
	if len(videos) == 0 && audio == "" {
		return nil, false, errors.New("llhls: the stored multivariant playlist lists no track")
	}
	load := func(name string, video bool) (*track, error) {
		t := newTrack(name, video)
		t.reel = true
		if err := m.resumeTrack(ctx, rs, t); err != nil {
			return nil, fmt.Errorf("llhls: resuming %s: %w", name, err)
		}
		return t, nil
	}
	for i, name := range videos {
		t, err := load(name, true)
		if err != nil {
			return nil, false, err
		}
		if i == 0 {
			m.video = t
		} else {
			t.rung = true
			m.rungs = append(m.rungs, t)
		}
	}
	if m.video != nil {
		m.tracks = append(m.tracks, m.video)
		// Rungs in the order a publish brings them: smallest first, as
		// the ladder names them (live.RenditionRank).
		for i := 1; i < len(m.rungs); i++ {
			for j := i; j > 0 && live.RenditionRank(m.rungs[j].name) < live.RenditionRank(m.rungs[j-1].name); j-- {
				m.rungs[j], m.rungs[j-1] = m.rungs[j-1], m.rungs[j]
			}
		}
		m.tracks = append(m.tracks, m.rungs...)
	}
	if audio != "" {
		t, err := load(audio, false)
		if err != nil {
			return nil, false, err
		}
		m.audio = t
		m.tracks = append(m.tracks, t)
	}
	// The tracks' playlists are stored one after the other: the dead
	// Muxer's last segment may be in one and not yet in another. Every
	// track resumes from the last segment the video and the audio both
	// have, so that the next publish starts them together; what a track
	// stored after it is dropped (the segment in flight), and its number
	// is the next publish's.
	var last uint64
	first := true
	for _, t := range []*track{m.video, m.audio} {
		if t == nil {
			continue
		}
		if n := t.segs[len(t.segs)-1].msn; first || n < last {
			last, first = n, false
		}
	}
	for _, t := range m.tracks {
		n := len(t.segs)
		for n > 0 && t.segs[n-1].msn > last {
			n--
		}
		if n < len(t.segs) {
			t.segs = t.segs[:n]
			t.totalBytes, t.longest, t.peak = 0, 0, 0
			m.measureResumed(t)
			if n == 0 {
				return nil, false, fmt.Errorf("llhls: resuming %s: no segment up to %d", t.name, last)
			}
			s := t.segs[n-1]
			t.end = s.at + s.duration()
		}
		t.trim = len(t.segs)
	}
	m.nextMSN = last + 1
	m.cfg.Logger.Info("llhls: session resumed from storage", "tracks", len(m.tracks), "next_msn", m.nextMSN)
	return m, true, nil
}

// masterTracks reads the folders of a stored multivariant playlist: the
// video variants (the published picture first, as masterPlaylist writes
// them) and the audio rendition, or the audio variant of a session of
// audio alone.
func masterTracks(master []byte) (videos []string, audio string) {
	sc := bufio.NewScanner(bytes.NewReader(master))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "#EXT-X-MEDIA:") && strings.Contains(l, "TYPE=AUDIO"):
			if uri := attr(l, "URI"); uri != "" {
				audio = path.Dir(uri)
			}
		case l != "" && !strings.HasPrefix(l, "#"):
			dir := path.Dir(l)
			if dir == "audio" || strings.HasPrefix(dir, "audio/") {
				audio = dir
			} else {
				videos = append(videos, dir)
			}
		}
	}
	return videos, audio
}

// attr is the value of a playlist tag's attribute, unquoted.
func attr(line, name string) string {
	i := strings.Index(line, name+"=")
	if i < 0 {
		return ""
	}
	v := line[i+len(name)+1:]
	if strings.HasPrefix(v, `"`) {
		v = v[1:]
		if j := strings.IndexByte(v, '"'); j >= 0 {
			return v[:j]
		}
		return v
	}
	if j := strings.IndexByte(v, ','); j >= 0 {
		return v[:j]
	}
	return v
}

// storedSegment is what a stored standard playlist says of a segment.
type storedSegment struct {
	msn     uint64
	init    string
	discont bool
	pdt     time.Time
	dur     time.Duration
}

// resumeTrack loads t from its stored playlist: its init segments (every
// one the playlist names, and those before them), its segments (their
// data left in Storage), and where its media time stands.
func (m *Muxer) resumeTrack(ctx context.Context, rs ReadStorage, t *track) error {
	list, err := readAll(ctx, rs, t.name+"/playlist.m3u8")
	if err != nil {
		return err
	}
	segs, dseq, err := parseStandardPlaylist(list)
	if err != nil {
		return err
	}
	if len(segs) == 0 {
		return errors.New("its playlist lists no segment")
	}
	// The init segments, init.mp4, init1.mp4 …, up to the last one named.
	last := 0
	for _, s := range segs {
		i, ok := initIndex(s.init)
		if !ok {
			return fmt.Errorf("init segment %q is not one of Reel's names", s.init)
		}
		last = max(last, i)
	}
	for i := 0; i <= last; i++ {
		b, err := readAll(ctx, rs, t.initName(i))
		if err != nil {
			return err
		}
		p, err := paramsOfInit(b)
		if err != nil {
			return fmt.Errorf("%s: %w", t.initName(i), err)
		}
		t.inits = append(t.inits, b)
		t.initParams = append(t.initParams, p)
	}
	t.init, _ = initIndex(segs[len(segs)-1].init)
	t.params = t.initParams[t.init]
	in, _, err := describe(t.params)
	if err != nil {
		return fmt.Errorf("%s: %w", t.initName(t.init), err)
	}
	t.info, t.ts = in, in.timescale

	// Where the last segment ends, exactly: its fragments' base time and
	// sample durations. The ones before it are placed back from there by
	// their EXTINF durations, which only the playlists read.
	lastSeg := segs[len(segs)-1]
	data, err := readAll(ctx, rs, t.name+"/"+strconv.FormatUint(lastSeg.msn, 10)+".m4s")
	if err != nil {
		return err
	}
	var parts fmp4.Parts
	if err := parts.Unmarshal(data); err != nil || len(parts) == 0 || len(parts[0].Tracks) == 0 {
		return fmt.Errorf("segment %d: %v", lastSeg.msn, err)
	}
	start := parts[0].Tracks[0].BaseTime
	var lastTicks uint64
	for _, p := range parts {
		for _, pt := range p.Tracks {
			for _, s := range pt.Samples {
				lastTicks += uint64(s.Duration)
				t.lastDur = uint64(s.Duration)
			}
		}
	}
	t.seq = parts[len(parts)-1].SequenceNumber + 1
	at := tickDur(start, t.ts)
	t.segs = make([]*segment, len(segs))
	for i := len(segs) - 1; i >= 0; i-- {
		s := segs[i]
		n := ticks(s.dur, t.ts)
		if i == len(segs)-1 {
			n = lastTicks
		} else {
			at -= tickDur(n, t.ts)
		}
		init, _ := initIndex(s.init)
		t.segs[i] = &segment{msn: s.msn, init: init, discont: s.discont, pdt: s.pdt, at: at,
			ts: t.ts, start: ticks(at, t.ts), ticks: n}
		if i == len(segs)-1 {
			t.segs[i].start = start
		}
	}
	// Discontinuity sequence numbers, from the playlist's.
	d := dseq
	for _, s := range t.segs {
		if s.discont {
			d++
		}
		s.dseq = d
	}
	if err := m.sizeResumed(ctx, rs, t); err != nil {
		return err
	}
	m.measureResumed(t)
	t.trim = len(t.segs)
	lastS := t.segs[len(t.segs)-1]
	t.end = lastS.at + lastS.duration()
	return nil
}

// sizeResumed reads the sizes of t's resumed segments, which the
// multivariant playlist's bit rates are measured by, from a Storage that
// tells them (DirStorage).
func (m *Muxer) sizeResumed(ctx context.Context, rs ReadStorage, t *track) error {
	ss, ok := rs.(interface {
		Size(context.Context, string) (int64, error)
	})
	if !ok {
		return nil
	}
	for _, s := range t.segs {
		n, err := ss.Size(ctx, t.name+"/"+strconv.FormatUint(s.msn, 10)+".m4s")
		if err != nil {
			return err
		}
		// What a rendition report needs (LAST-PART); the parts themselves
		// are not kept, their segment is.
		s.size, s.nparts = int(n), 1
	}
	return nil
}

// measureResumed measures t's resumed segments as closeSegment measures
// each.
func (m *Muxer) measureResumed(t *track) {
	for _, s := range t.segs {
		s.nparts = 1
		t.totalBytes += s.size
		t.longest = max(t.longest, s.duration())
		if d := s.duration().Seconds(); d > 0 && s.size > 0 && (d >= m.cfg.SegmentTarget.Seconds()/2 || t.peak == 0) {
			t.peak = max(t.peak, float64(s.size*8)/d)
		}
	}
}

// NextMSN is the media sequence number the next segment will have: after
// ResumeMuxer, every stored segment numbered from it on was dropped
// (Storage may still hold it: the caller removes it).
func (m *Muxer) NextMSN() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.nextMSN
}

// parseStandardPlaylist reads a standard live (or VOD) media playlist as
// standardPlaylist writes it.
func parseStandardPlaylist(list []byte) ([]storedSegment, uint64, error) {
	var segs []storedSegment
	var msn, dseq uint64
	var cur storedSegment
	init := ""
	sc := bufio.NewScanner(bytes.NewReader(list))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"):
			n, err := strconv.ParseUint(strings.TrimPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"), 10, 64)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", l, err)
			}
			msn = n
		case strings.HasPrefix(l, "#EXT-X-DISCONTINUITY-SEQUENCE:"):
			n, err := strconv.ParseUint(strings.TrimPrefix(l, "#EXT-X-DISCONTINUITY-SEQUENCE:"), 10, 64)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", l, err)
			}
			dseq = n
		case l == "#EXT-X-DISCONTINUITY":
			cur.discont = true
		case strings.HasPrefix(l, "#EXT-X-MAP:"):
			init = attr(l, "URI")
		case strings.HasPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:"):
			pdt, err := time.Parse(time.RFC3339Nano, strings.TrimPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:"))
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", l, err)
			}
			cur.pdt = pdt
		case strings.HasPrefix(l, "#EXTINF:"):
			v := strings.TrimPrefix(l, "#EXTINF:")
			if i := strings.IndexByte(v, ','); i >= 0 {
				v = v[:i]
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 || math.IsInf(f, 0) {
				return nil, 0, fmt.Errorf("%s: not a duration", l)
			}
			cur.dur = time.Duration(math.Round(f * float64(time.Second)))
		case l != "" && !strings.HasPrefix(l, "#"):
			n, err := strconv.ParseUint(strings.TrimSuffix(l, ".m4s"), 10, 64)
			if err != nil || n != msn+uint64(len(segs)) {
				return nil, 0, fmt.Errorf("segment %q is not number %d", l, msn+uint64(len(segs)))
			}
			cur.msn, cur.init = n, init
			segs = append(segs, cur)
			cur = storedSegment{}
		}
	}
	return segs, dseq, sc.Err()
}

// initIndex is the index of an init segment named as initFile names it
// in Reel's layout.
func initIndex(name string) (int, bool) {
	if name == "init.mp4" {
		return 0, true
	}
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "init"), ".mp4"))
	if err != nil || n < 1 || !strings.HasSuffix(name, ".mp4") {
		return 0, false
	}
	return n, true
}

// paramsOfInit is what an init segment describe made was made of.
func paramsOfInit(b []byte) (params, error) {
	var in fmp4.Init
	if err := in.Unmarshal(bytes.NewReader(b)); err != nil {
		return params{}, err
	}
	if len(in.Tracks) != 1 {
		return params{}, fmt.Errorf("%d tracks", len(in.Tracks))
	}
	switch c := in.Tracks[0].Codec.(type) {
	case *fmp4.CodecH264:
		return params{codec: live.CodecH264, sps: clone(c.SPS), pps: clone(c.PPS)}, nil
	case *fmp4.CodecH265:
		return params{codec: live.CodecH265, vps: clone(c.VPS), sps: clone(c.SPS), pps: clone(c.PPS)}, nil
	case *fmp4.CodecMPEG4Audio:
		conf, err := c.Config.Marshal()
		if err != nil {
			return params{}, err
		}
		return params{codec: live.CodecAAC, audioConfig: conf}, nil
	case *fmp4.CodecOpus:
		return params{codec: live.CodecOpus, sampleRate: 48000, channels: c.ChannelCount}, nil
	}
	return params{}, fmt.Errorf("codec %T", in.Tracks[0].Codec)
}

func readAll(ctx context.Context, rs ReadStorage, name string) ([]byte, error) {
	r, err := rs.Open(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
