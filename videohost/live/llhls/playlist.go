package llhls

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// targetDuration is EXT-X-TARGETDURATION: SegmentTarget, or more when a
// publisher's keyframes are further apart (every EXTINF, rounded, must fit).
func (m *Muxer) targetDuration(t *track) int {
	td := int(math.Ceil(m.cfg.SegmentTarget.Seconds()))
	return max(td, int(math.Round(t.longest.Seconds())), 1)
}

// partWindow is how far back from the live edge parts are listed:
// Config.PartWindow, by default three target durations as RFC 8216bis
// asks (more than three SegmentTargets when the publisher's keyframes are
// further apart).
func (m *Muxer) partWindow(t *track) time.Duration {
	if m.cfg.PartWindow > 0 {
		return m.cfg.PartWindow
	}
	return 3 * time.Duration(m.targetDuration(t)) * time.Second
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 5, 64)
}

// firstListed is the index of the first segment the live playlist lists:
// those ending within DVRWindow of the live edge.
func (m *Muxer) firstListed(t *track) int {
	from := t.edge() - m.cfg.DVRWindow
	return sort.Search(len(t.segs), func(i int) bool { return t.segs[i].at+t.segs[i].duration() > from })
}

// mediaPlaylist renders t's media playlist: live, or (live false) the
// VOD playlist of the whole session. skip asks for a delta update.
// m.mu is held.
func (m *Muxer) mediaPlaylist(t *track, skip bool) []byte {
	return m.renderMediaPlaylist(t, skip, false)
}

// standardPlaylist renders t's live playlist without the low-latency tags,
// its completed segments only: what a player without LL support, or a
// copy in Storage, reads (Config.ReelLayout). m.mu is held.
func (m *Muxer) standardPlaylist(t *track) []byte {
	return m.renderMediaPlaylist(t, false, true)
}

func (m *Muxer) renderMediaPlaylist(t *track, skip, standard bool) []byte {
	live := !m.finished
	ll := live && !standard
	var b bytes.Buffer
	td := m.targetDuration(t)
	b.WriteString("#EXTM3U\n")
	if ll {
		b.WriteString("#EXT-X-VERSION:9\n")
	} else {
		b.WriteString("#EXT-X-VERSION:7\n")
	}
	fmt.Fprintf(&b, "#EXT-X-TARGETDURATION:%d\n", td)
	first := 0
	if live && standard {
		first = m.firstListed(t)
	} else if live {
		tdd := time.Duration(td) * time.Second
		fmt.Fprintf(&b, "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=%s", seconds(6*tdd))
		if m.parts() {
			fmt.Fprintf(&b, ",PART-HOLD-BACK=%s", seconds(3*m.cfg.PartTarget))
		}
		fmt.Fprintf(&b, ",HOLD-BACK=%s\n", seconds(3*tdd))
		if m.parts() {
			fmt.Fprintf(&b, "#EXT-X-PART-INF:PART-TARGET=%s\n", seconds(m.cfg.PartTarget))
		}
		first = m.firstListed(t)
	} else {
		b.WriteString("#EXT-X-PLAYLIST-TYPE:VOD\n")
	}
	msn, dseq := m.nextMSN, uint64(0)
	if first < len(t.segs) {
		s := t.segs[first]
		msn, dseq = s.msn, s.dseq
		if s.discont {
			dseq--
		}
	} else if t.cur != nil && !standard {
		msn, dseq = t.cur.msn, t.cur.dseq
		if t.cur.discont {
			dseq--
		}
	} else if n := len(t.segs); n > 0 {
		dseq = t.segs[n-1].dseq
	}
	fmt.Fprintf(&b, "#EXT-X-MEDIA-SEQUENCE:%d\n", msn)
	if dseq > 0 || ll {
		fmt.Fprintf(&b, "#EXT-X-DISCONTINUITY-SEQUENCE:%d\n", dseq)
	}
	edge := t.edge()
	if ll && skip {
		// Segments wholly before the skip boundary (CAN-SKIP-UNTIL from
		// the end of the playlist) are left out.
		boundary := edge - 6*time.Duration(td)*time.Second
		n := 0
		for first+n < len(t.segs) && t.segs[first+n].at+t.segs[first+n].duration() <= boundary {
			n++
		}
		if n > 0 {
			fmt.Fprintf(&b, "#EXT-X-SKIP:SKIPPED-SEGMENTS=%d\n", n)
			first += n
		}
	}
	partsFrom := edge - m.partWindow(t)
	init := -1
	header := func(s *segment) {
		if s.discont {
			b.WriteString("#EXT-X-DISCONTINUITY\n")
		}
		if s.init != init {
			// Every listed segment's EXT-X-MAP is in the playlist, delta
			// updates included.
			init = s.init
			fmt.Fprintf(&b, "#EXT-X-MAP:URI=\"%s\"\n", t.initFile(s.init))
		}
		fmt.Fprintf(&b, "#EXT-X-PROGRAM-DATE-TIME:%s\n", s.pdt.UTC().Round(time.Millisecond).Format("2006-01-02T15:04:05.000Z07:00"))
	}
	parts := func(s *segment) {
		for i, p := range s.parts {
			fmt.Fprintf(&b, "#EXT-X-PART:DURATION=%s,URI=\"%d.%d.m4s\"", seconds(tickDur(p.ticks, s.ts)), s.msn, i)
			if p.independent {
				b.WriteString(",INDEPENDENT=YES")
			}
			b.WriteByte('\n')
		}
	}
	for _, s := range t.segs[first:] {
		header(s)
		if ll && m.parts() && s.parts != nil && s.at+s.duration() > partsFrom {
			parts(s)
		}
		fmt.Fprintf(&b, "#EXTINF:%s,\n%d.m4s\n", seconds(s.duration()), s.msn)
	}
	if !live {
		b.WriteString("#EXT-X-ENDLIST\n")
		return b.Bytes()
	}
	if standard {
		return b.Bytes()
	}
	if m.parts() {
		hintMSN, hintPart := m.nextMSN, 0
		if t.cur != nil {
			header(t.cur)
			parts(t.cur)
			hintMSN, hintPart = t.cur.msn, len(t.cur.parts)
		}
		fmt.Fprintf(&b, "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"%d.%d.m4s\"\n", hintMSN, hintPart)
	}
	for _, o := range m.tracks {
		if o == t {
			continue
		}
		lmsn, lpart, ok := o.last()
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "#EXT-X-RENDITION-REPORT:URI=\"../%s/playlist.m3u8\",LAST-MSN=%d", o.name, lmsn)
		if m.parts() {
			fmt.Fprintf(&b, ",LAST-PART=%d", lpart)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// last is the media sequence number and part index of t's last part.
func (t *track) last() (msn uint64, part int, ok bool) {
	if t.cur != nil && len(t.cur.parts) > 0 {
		return t.cur.msn, len(t.cur.parts) - 1, true
	}
	if n := len(t.segs); n > 0 {
		s := t.segs[n-1]
		return s.msn, s.nparts - 1, true
	}
	return 0, 0, false
}

// bandwidth is the peak and average bit rate of t, measured over its
// segments (or the growing one before the first is complete).
func (t *track) bandwidth() (peak, avg int) {
	var total time.Duration
	for _, s := range t.segs {
		total += s.duration()
	}
	if total > 0 {
		return int(math.Ceil(t.peak)), int(math.Ceil(float64(t.totalBytes*8) / total.Seconds()))
	}
	if c := t.cur; c != nil && c.ticks > 0 {
		n := 0
		for _, p := range c.parts {
			n += len(p.data)
		}
		bps := int(math.Ceil(float64(n*8) / c.duration().Seconds()))
		return bps, bps
	}
	return 0, 0
}

// masterPlaylist renders the multivariant playlist, or nil while the
// tracks' codecs are not known yet. m.mu is held.
//
// A rung is waited for until the video's second segment is complete (its
// first picture comes a frame and an encode after the video's, later when
// its encoders start on a busy machine): a rung that has not begun by
// then (its ladder failed) is left out rather than keep the stream from
// players.
func (m *Muxer) masterPlaylist() []byte {
	return m.masterPlaylistOf(func(t *track) bool { return t.inits != nil })
}

// masterPlaylistOf renders the multivariant playlist of the tracks ready
// says are, or nil while a track but a late rung is not.
func (m *Muxer) masterPlaylistOf(ready func(*track) bool) []byte {
	if m.tracks == nil {
		return nil
	}
	for _, t := range m.tracks {
		if !ready(t) && !(t.rung && m.video != nil && len(m.video.segs) > 1) {
			return nil
		}
	}
	var b bytes.Buffer
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n")
	var audioCodecs []string
	audioPeak, audioAvg := 0, 0
	if a := m.audio; a != nil {
		audioPeak, audioAvg = a.bandwidth()
		audioCodecs = append(audioCodecs, a.info.codecs)
		if m.video != nil {
			fmt.Fprintf(&b, "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\",NAME=\"audio\",DEFAULT=YES,AUTOSELECT=YES,CHANNELS=\"%d\",URI=\"%s/playlist.m3u8\"\n", a.info.channels, a.name)
		}
	}
	variant := func(peak, avg int, codecs []string, attrs []string, uri string) {
		if peak == 0 {
			// Nothing measured yet: a typical live bit rate, replaced by the
			// measured one as soon as a part is written.
			peak, avg = 2_000_000, 2_000_000
		}
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,CODECS=\"%s\"", peak, avg, strings.Join(codecs, ","))
		for _, a := range attrs {
			b.WriteString("," + a)
		}
		fmt.Fprintf(&b, "\n%s\n", uri)
	}
	if m.video == nil {
		variant(audioPeak, audioAvg, audioCodecs, nil, m.audio.name+"/playlist.m3u8")
		return b.Bytes()
	}
	// One variant per rendition, the published picture first: players
	// that take the first as their start (Safari) start sharp, and hls.js
	// moves down from it as the bandwidth it measures asks.
	videos := []*track{m.video}
	for _, r := range m.rungs {
		if ready(r) {
			videos = append(videos, r)
		}
	}
	sort.SliceStable(videos[1:], func(i, j int) bool { return videos[1+i].info.height > videos[1+j].info.height })
	for _, v := range videos {
		peak, avg := v.bandwidth()
		if peak > 0 {
			peak, avg = peak+audioPeak, avg+audioAvg
		}
		attrs := []string{fmt.Sprintf("RESOLUTION=%dx%d", v.info.width, v.info.height)}
		if v.info.fps > 0 {
			attrs = append(attrs, "FRAME-RATE="+strconv.FormatFloat(v.info.fps, 'f', 3, 64))
		}
		if m.audio != nil {
			attrs = append(attrs, `AUDIO="audio"`)
		}
		variant(peak, avg, append([]string{v.info.codecs}, audioCodecs...), attrs, v.name+"/playlist.m3u8")
	}
	return b.Bytes()
}
