package llhls_test

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/llhls"
)

// withRung adds a rung, "h264_low", made of the source's own pictures (the
// packager does not look inside them), as a live ladder's encoder emits
// them: in presentation order, DTS = PTS, each once the source's decode
// clock has passed it.
func withRung(tracks []live.Track, units []live.Unit) ([]live.Track, []live.Unit) {
	rung := tracks[0]
	rung.ID, rung.Name = len(tracks), "h264_low"
	tracks = append(slices.Clone(tracks), rung)
	var held, out []live.Unit
	release := func(upTo int64, all bool) {
		slices.SortFunc(held, func(a, b live.Unit) int { return int(a.PTS - b.PTS) })
		n := 0
		for n < len(held) && (all || int64(held[n].PTS) <= upTo) {
			out = append(out, held[n])
			n++
		}
		held = held[n:]
	}
	for _, u := range units {
		out = append(out, u)
		if u.Track == tracks[0].ID {
			r := u
			r.Track, r.DTS = rung.ID, u.PTS
			held = append(held, r)
			release(int64(u.DTS), false)
		}
	}
	release(0, true)
	return tracks, out
}

var extinfRe = regexp.MustCompile(`(?m)^#EXTINF:([0-9.]+),$|^#EXT-X-DISCONTINUITY$`)

// segments lists a VOD playlist's segment durations, a discontinuity as -1.
func segments(playlist string) []float64 {
	var ds []float64
	for _, m := range extinfRe.FindAllStringSubmatch(playlist, -1) {
		if m[1] == "" {
			ds = append(ds, -1)
			continue
		}
		d, _ := strconv.ParseFloat(m[1], 64)
		ds = append(ds, d)
	}
	return ds
}

// TestRungsFollowTheVideo: a rung's segments start at the video's
// keyframes with the video's sequence numbers and discontinuities, over a
// reconnection; the multivariant playlist has a variant per rendition and
// each live playlist reports the others.
func TestRungsFollowTheVideo(t *testing.T) {
	src, srcUnits := h264Source(t)
	tracks, units := withRung(src, srcUnits)
	e := newMuxer(t, llhls.Config{})
	e.publish(t, tracks, units)
	// The publisher comes back for three GOPs (its encoder
	// flushed, as at the end of a stream): the ladder's flush brings the
	// rung's last pictures before End.
	keys, cut := 0, 0
	for i, u := range srcUnits {
		if u.Track == src[0].ID && u.Key {
			if keys++; keys == 4 {
				cut = i
				break
			}
		}
	}
	_, half := withRung(src, srcUnits[:cut])
	if err := e.m.Start(tracks); err != nil {
		t.Fatal(err)
	}
	for _, u := range half {
		if err := e.m.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	_, b, _ := get(t, e.srv.URL+"/live/h264_low/playlist.m3u8")
	if live := string(b); !strings.Contains(live, `#EXT-X-RENDITION-REPORT:URI="../video/playlist.m3u8"`) {
		t.Errorf("the rung's playlist does not report the video's:\n%s", live)
	}
	_, b, _ = get(t, e.srv.URL+"/live/video/playlist.m3u8")
	if v := string(b); !strings.Contains(v, `#EXT-X-RENDITION-REPORT:URI="../h264_low/playlist.m3u8"`) {
		t.Errorf("the video's playlist does not report the rung's:\n%s", v)
	}
	e.m.End(nil)
	e.finish(t)
	video, rung := segments(string(e.file(t, "video/playlist.m3u8"))), segments(string(e.file(t, "h264_low/playlist.m3u8")))
	if len(video) != len(rung) || len(video) < 6 {
		t.Fatalf("video segments %v, rung %v", video, rung)
	}
	for i := range video {
		if (video[i] < 0) != (rung[i] < 0) || math.Abs(video[i]-rung[i]) > 1.0/30+1e-3 {
			t.Errorf("segment %d: video %v, rung %v", i, video[i], rung[i])
		}
	}
	master := string(e.file(t, "master.m3u8"))
	if n := strings.Count(master, "#EXT-X-STREAM-INF:"); n != 2 || !strings.Contains(master, "\nh264_low/playlist.m3u8\n") {
		t.Errorf("master:\n%s", master)
	}
	t.Logf("video %v\nrung  %v", video, rung)
}

// TestRungsMustStayTheSame: a publish that brings other rungs than the
// session's first is refused.
func TestRungsMustStayTheSame(t *testing.T) {
	tracks, units := withRung(h264Source(t))
	e := newMuxer(t, llhls.Config{})
	e.publish(t, tracks, units)
	plain, _ := h264Source(t)
	if err := e.m.Start(plain); err == nil {
		t.Error("a publish without the session's rung was accepted")
	}
	renamed := slices.Clone(tracks)
	renamed[len(renamed)-1].Name = "h264_other"
	if err := e.m.Start(renamed); err == nil {
		t.Error("a publish with another rung was accepted")
	}
}

// TestRungThatNeverStarts: a rung whose ladder failed before its first
// picture does not keep the stream from players: once the video has a
// segment (the LL one: two), the multivariant playlists leave it out.
func TestRungThatNeverStarts(t *testing.T) {
	tracks, units := withRung(h264Source(t))
	e := newMuxer(t, llhls.Config{ReelLayout: true})
	if err := e.m.Start(tracks); err != nil {
		t.Fatal(err)
	}
	rung := tracks[len(tracks)-1].ID
	for _, u := range units {
		if u.Track == rung {
			continue
		}
		if err := e.m.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	code, b, _ := get(t, e.srv.URL+"/live/master.m3u8")
	if master := string(b); code != 200 || strings.Count(master, "#EXT-X-STREAM-INF:") != 1 || strings.Contains(master, "h264_low") {
		t.Errorf("master.m3u8: %d\n%s", code, master)
	}
	e.m.End(nil)
	if master := string(e.file(t, "playlist.m3u8")); strings.Count(master, "#EXT-X-STREAM-INF:") != 1 {
		t.Errorf("the standard playlist.m3u8:\n%s", master)
	}
}
