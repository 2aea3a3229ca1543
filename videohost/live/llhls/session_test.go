package llhls_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/llhls"
)

func TestReconnectedPublishContinuesAfterADiscontinuity(t *testing.T) {
	e := newMuxer(t, llhls.Config{PartWindow: time.Hour})
	e.publish(t, synthTracks(), synth(10*time.Second, 5*time.Second, 30, t0))
	// The publisher comes back a minute later with a clock of its own.
	e.publish(t, synthTracks(), synth(1000*time.Second, 5*time.Second, 30, t0.Add(time.Minute)))

	for _, name := range []string{"video", "audio"} {
		pl := checkTrack(t, e, name, name == "video") // tfdt runs on across the publishes
		var discont []string
		for _, s := range pl.segments {
			if s.discont {
				discont = append(discont, s.uri+" "+s.pdt)
			}
		}
		if len(discont) != 1 || !strings.HasPrefix(discont[0], "3.m4s 2026-11-28T09:01:00") {
			t.Errorf("%s: discontinuities %v, want one at 3.m4s with the second publish's wall clock", name, discont)
		}
		maps := 0
		for _, l := range pl.lines {
			if strings.HasPrefix(l, "#EXT-X-MAP:") {
				maps++
			}
		}
		if maps != 1 {
			t.Errorf("%s: %d EXT-X-MAP, want 1 (the parameter sets did not change)", name, maps)
		}
		if pl.value("#EXT-X-DISCONTINUITY-SEQUENCE:") != "0" {
			t.Errorf("%s: DISCONTINUITY-SEQUENCE %s", name, pl.value("#EXT-X-DISCONTINUITY-SEQUENCE:"))
		}
	}
}

func TestNewParameterSetsGiveANewInitSegment(t *testing.T) {
	_, hevc := hevcSource(t)
	e := newMuxer(t, llhls.Config{})
	e.publish(t, synthTracks()[:1], synth(0, 4*time.Second, 30, t0)[:0])
	e.publish(t, synthTracks()[:1], onlyTrack(synth(0, 4*time.Second, 30, t0), 0))
	e.publish(t, hevc.tracks, hevc.units)
	e.finish(t)
	pl := parsePlaylist(t, e.file(t, "video/playlist.m3u8"))
	var maps []string
	for _, l := range pl.lines {
		if strings.HasPrefix(l, "#EXT-X-MAP:") {
			maps = append(maps, l)
		}
	}
	if len(maps) != 2 || !strings.Contains(maps[1], "init1.mp4") {
		t.Errorf("EXT-X-MAPs %v, want init0 then init1", maps)
	}
	e.file(t, "video/init1.mp4")
}

func onlyTrack(units []live.Unit, id int) []live.Unit {
	var out []live.Unit
	for _, u := range units {
		if u.Track == id {
			out = append(out, u)
		}
	}
	return out
}

func TestFinishMakesVOD(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	rest := startSynth(t, e, 6*time.Second, 3*time.Second)
	_ = rest
	// A request held at Finish is answered with the VOD playlist.
	held := getAsync(context.Background(), e.srv.URL+"/live/video/playlist.m3u8?_HLS_msn=2")
	waitFor(t, "the request held", func() bool { return e.m.HeldRequests() == 1 })
	e.finish(t)
	r := <-held
	if r.code != http.StatusOK || !strings.Contains(string(r.body), "#EXT-X-ENDLIST") {
		t.Errorf("held request at Finish: %d\n%s", r.code, r.body)
	}
	for _, name := range []string{"video", "audio"} {
		b := e.file(t, name+"/playlist.m3u8")
		pl := parsePlaylist(t, b)
		for _, want := range []string{"#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-ENDLIST"} {
			if !pl.has(want) {
				t.Errorf("%s: no %s", name, want)
			}
		}
		for _, unwanted := range []string{"#EXT-X-PART", "#EXT-X-PRELOAD-HINT", "#EXT-X-SERVER-CONTROL", "#EXT-X-RENDITION-REPORT", "#EXT-X-SKIP"} {
			if pl.has(unwanted) {
				t.Errorf("%s: VOD has %s", name, unwanted)
			}
		}
		if len(pl.segments) != 2 {
			t.Errorf("%s: %d segments, want 2 (3 s cut at 2 s)", name, len(pl.segments))
		}
		for _, s := range pl.segments {
			e.file(t, name+"/"+s.uri)
		}
	}
	if err := e.m.WriteUnit(live.Unit{}); !errors.Is(err, llhls.ErrFinished) {
		t.Errorf("WriteUnit after Finish: %v", err)
	}
	if err := e.m.Start(synthTracks()); !errors.Is(err, llhls.ErrFinished) {
		t.Errorf("Start after Finish: %v", err)
	}
}

func TestFinishedSessionKeepsEverySegmentBeyondTheDVRWindow(t *testing.T) {
	e := newMuxer(t, llhls.Config{DVRWindow: 4 * time.Second, PartWindow: time.Second})
	e.publish(t, synthTracks(), synth(0, 12*time.Second, 30, t0))
	live := parsePlaylist(t, mustGet(t, e.srv.URL+"/live/video/playlist.m3u8"))
	if live.value("#EXT-X-MEDIA-SEQUENCE:") != "4" || len(live.segments) != 2 {
		t.Errorf("live playlist of a 4 s DVR window: media sequence %s, %d segments", live.value("#EXT-X-MEDIA-SEQUENCE:"), len(live.segments))
	}
	if len(live.parts) != 4 {
		t.Errorf("%d parts listed in a 1 s part window, want the last segment's 4", len(live.parts))
	}
	// Segment 0 has left memory (its parts with it): the Handler reads it
	// back from Storage.
	if got := mustGet(t, e.srv.URL+"/live/video/0.m4s"); !bytes.Equal(got, e.file(t, "video/0.m4s")) {
		t.Error("segment 0 read back from Storage differs")
	}
	if code, _, _ := get(t, e.srv.URL+"/live/video/0.0.m4s"); code != http.StatusNotFound {
		t.Errorf("a part out of the window: %d", code)
	}
	e.finish(t)
	vod := parsePlaylist(t, e.file(t, "video/playlist.m3u8"))
	if len(vod.segments) != 6 || vod.value("#EXT-X-MEDIA-SEQUENCE:") != "0" {
		t.Errorf("VOD: %d segments from %s, want all 6", len(vod.segments), vod.value("#EXT-X-MEDIA-SEQUENCE:"))
	}
}

func TestBadInput(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	key := live.Unit{Track: 0, Key: true, Payload: [][]byte{payload(0x65, 100, 0)}}
	if err := e.m.WriteUnit(key); !errors.Is(err, llhls.ErrNotStarted) {
		t.Errorf("WriteUnit before Start: %v", err)
	}
	if err := e.m.Start([]live.Track{{ID: 0, Codec: "vp8"}}); !errors.Is(err, live.ErrUnsupportedCodec) {
		t.Errorf("Start with vp8: %v", err)
	}
	if err := e.m.Start([]live.Track{{ID: 0, Codec: live.CodecAAC, AudioConfig: []byte{1}}}); err == nil {
		t.Error("Start with a bad AudioSpecificConfig: no error")
	}
	if err := e.m.Start(synthTracks()); err != nil {
		t.Fatal(err)
	}
	if err := e.m.WriteUnit(live.Unit{Track: 5, Payload: [][]byte{{1}}}); !errors.Is(err, llhls.ErrBadTrack) {
		t.Errorf("unit for track 5: %v", err)
	}
	e.m.End(nil)
	if err := e.m.Start(synthTracks()[:1]); err == nil {
		t.Error("a publish without the first's audio track: no error")
	}

	// A video track without parameter sets, in the Track or in band.
	e = newMuxer(t, llhls.Config{})
	if err := e.m.Start([]live.Track{{ID: 0, Codec: live.CodecH264}}); err != nil {
		t.Fatal(err)
	}
	if err := e.m.WriteUnit(key); err == nil || !strings.Contains(err.Error(), "parameter sets") {
		t.Errorf("keyframe without SPS: %v", err)
	}
	e.m.End(errors.New("closed"))
	// Garbage parameter sets.
	if err := e.m.Start([]live.Track{{ID: 0, Codec: live.CodecH264, SPS: []byte{0x67, 1, 2, 3, 4}, PPS: []byte{0x68}}}); err != nil {
		t.Fatal(err)
	}
	if err := e.m.WriteUnit(key); err == nil {
		t.Error("keyframe with a garbage SPS: no error")
	}
	e.m.End(nil)
	if _, err := llhls.NewMuxer(llhls.Config{}); err == nil {
		t.Error("NewMuxer without storage: no error")
	}
	e.finish(t)
}

func TestConcurrentReadersDuringWrites(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	units := synth(0, 20*time.Second, 30, t0)
	if err := e.m.Start(synthTracks()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, p := range []string{"master.m3u8", "video/playlist.m3u8", "audio/playlist.m3u8?_HLS_skip=YES", "video/playlist.m3u8?_HLS_msn=2&_HLS_part=1", "video/0.0.m4s", "audio/1.m4s", "video/init0.mp4"} {
		wg.Go(func() {
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, e.srv.URL+"/live/"+p, nil)
				if resp, err := http.DefaultClient.Do(req); err == nil {
					resp.Body.Close()
				}
			}
		})
	}
	for _, u := range units {
		if err := e.m.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	e.m.End(nil)
	e.finish(t)
	cancel()
	wg.Wait()
	if _, err := filepath.Glob(filepath.Join(e.dir, "video", "*.m4s")); err != nil {
		t.Fatal(err)
	}
}

func TestWithoutPartsThePlaylistsAreStandardHLS(t *testing.T) {
	e := newMuxer(t, llhls.Config{SegmentTarget: 4 * time.Second, PartTarget: -1})
	e.publish(t, synthTracks(), synth(0, 12*time.Second, 30, t0))
	b := mustGet(t, e.srv.URL+"/live/video/playlist.m3u8")
	pl := parsePlaylist(t, b)
	for _, unwanted := range []string{"#EXT-X-PART", "#EXT-X-PRELOAD-HINT", "#EXT-X-PART-INF"} {
		if pl.has(unwanted) {
			t.Errorf("standard playlist has %s:\n%s", unwanted, b)
		}
	}
	if len(pl.segments) != 3 || pl.value("#EXT-X-TARGETDURATION:") != "4" || strings.Contains(string(b), "PART-HOLD-BACK") {
		t.Errorf("standard playlist:\n%s", b)
	}
	for _, s := range pl.segments {
		seg := mustGet(t, e.srv.URL+"/live/video/"+s.uri)
		if n := len(fragments(t, seg)); n != 1 {
			t.Errorf("%s: %d fragments, want 1", s.uri, n)
		}
	}
}

// An audio track that ended before the video loses none of the next
// publish's frames: it follows the video's cuts on the publisher's clock.
func TestReconnectionAfterAudioEndedEarlyKeepsAllAudio(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	var first []live.Unit
	for _, u := range synth(0, 5*time.Second, 30, t0) {
		if u.Track == 0 || u.DTS < 4800*time.Millisecond {
			first = append(first, u)
		}
	}
	e.publish(t, synthTracks(), first)
	second := synth(0, 5*time.Second, 30, t0.Add(time.Minute))
	e.publish(t, synthTracks(), second)
	e.finish(t)
	pl := parsePlaylist(t, e.file(t, "audio/playlist.m3u8"))
	samples := 0
	seen := false
	for _, s := range pl.segments {
		seen = seen || s.discont
		if !seen {
			continue
		}
		for _, f := range fragments(t, e.file(t, "audio/"+s.uri)) {
			samples += len(f.Tracks[0].Samples)
		}
	}
	if want := len(onlyTrack(second, 1)); samples != want {
		t.Errorf("the second publish's audio has %d frames, want %d", samples, want)
	}
}

// Units without a Received time get their EXT-X-PROGRAM-DATE-TIME from
// the Muxer's clock.
func TestProgramDateTimeFallsBackOnTheClock(t *testing.T) {
	now := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	e := newMuxer(t, llhls.Config{Now: func() time.Time { return now }})
	units := synth(0, 3*time.Second, 30, t0)
	for i := range units {
		units[i].Received = time.Time{}
	}
	e.publish(t, synthTracks(), units)
	pl := parsePlaylist(t, mustGet(t, e.srv.URL+"/live/video/playlist.m3u8"))
	if got := pl.segments[0].pdt; got != "2030-01-02T03:04:05.000Z" || pl.segments[1].pdt != "2030-01-02T03:04:07.000Z" {
		t.Errorf("PDT %s, %s", got, pl.segments[1].pdt)
	}
}

// A publisher whose keyframes are further apart than SegmentTarget gets
// segments a GOP long, and a target duration that fits them.
func TestLongGOPs(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	e.publish(t, synthTracks(), synth(0, 12*time.Second, 120, t0))
	pl := parsePlaylist(t, mustGet(t, e.srv.URL+"/live/video/playlist.m3u8"))
	if pl.value("#EXT-X-TARGETDURATION:") != "4" || len(pl.segments) != 3 {
		t.Errorf("target duration %s, %d segments, want 4 and 3", pl.value("#EXT-X-TARGETDURATION:"), len(pl.segments))
	}
	for _, s := range pl.segments {
		if s.duration != "4.00000" || len(s.parts) != 8 || !s.parts[0].independent || s.parts[1].independent {
			t.Errorf("segment %s: %s s, parts %+v", s.uri, s.duration, s.parts)
		}
	}
	checkTrack(t, e, "video", true)
	checkTrack(t, e, "audio", false)
}

func TestAudioOnlySession(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	tracks := synthTracks()[1:]
	tracks[0].ID = 0
	units := onlyTrack(synth(0, 7*time.Second, 30, t0), 1)
	for i := range units {
		units[i].Track = 0
	}
	e.publish(t, tracks, units)
	pl := checkTrack(t, e, "audio", false)
	if len(pl.segments) != 4 {
		t.Errorf("%d audio segments of 7 s, want 4", len(pl.segments))
	}
	e.finish(t)
	master := string(e.file(t, "master.m3u8"))
	if !strings.Contains(master, `CODECS="mp4a.40.2"`) || !strings.Contains(master, "\naudio/playlist.m3u8\n") || strings.Contains(master, "EXT-X-MEDIA:") {
		t.Errorf("audio-only master:\n%s", master)
	}
	vod := parsePlaylist(t, e.file(t, "audio/playlist.m3u8"))
	samples := 0
	for _, s := range vod.segments {
		for _, f := range fragments(t, e.file(t, "audio/"+s.uri)) {
			samples += len(f.Tracks[0].Samples)
		}
	}
	if samples != len(units) {
		t.Errorf("%d frames in the recording, want %d", samples, len(units))
	}
}

// A publisher that comes back with its first parameter sets gets its
// first init segment again.
func TestInitSegmentsAreReused(t *testing.T) {
	other := synthTracks()
	// The same SPS with another level (level_idc 0x1f).
	other[0].SPS = append([]byte{}, synthSPS...)
	other[0].SPS[3] = 0x1f
	var units []live.Unit
	for _, u := range synth(0, 2*time.Second, 30, t0) {
		if u.Key {
			u.Payload = u.Payload[2:] // parameter sets out of band only
		}
		units = append(units, u)
	}
	e := newMuxer(t, llhls.Config{})
	e.publish(t, synthTracks(), units)
	e.publish(t, other, units)
	e.publish(t, synthTracks(), units)
	e.finish(t)
	var maps []string
	for _, l := range parsePlaylist(t, e.file(t, "video/playlist.m3u8")).lines {
		if strings.HasPrefix(l, "#EXT-X-MAP:") {
			maps = append(maps, attr(l, "URI"))
		}
	}
	if strings.Join(maps, " ") != "init0.mp4 init1.mp4 init0.mp4" {
		t.Errorf("EXT-X-MAPs %v", maps)
	}
}

// Odd input (timestamps going back or jumping, empty and garbage
// payloads, reconnections at any point) gives errors, never a panic or
// an invalid playlist.
func TestOddInputDoesNotPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	e := newMuxer(t, llhls.Config{HoldTimeout: 10 * time.Millisecond})
	base := synth(0, 20*time.Second, 30, t0)
	started := false
	for i := range 3000 {
		u := base[rng.IntN(len(base))]
		switch rng.IntN(12) {
		case 0:
			u.DTS -= time.Duration(rng.IntN(1000)) * time.Millisecond
		case 1:
			u.DTS += time.Duration(rng.IntN(10000)) * time.Millisecond
			u.PTS = u.DTS
		case 2:
			u.Payload = [][]byte{{}}
		case 3:
			u.Payload = [][]byte{{0x65}, {}, {0x09, 0x10}}
			u.Key = true
		case 4:
			u.Track = rng.IntN(4) - 1
		case 5:
			e.m.End(nil)
			started = false
		case 6:
			u.PTS = u.DTS - time.Duration(rng.IntN(100))*time.Millisecond
		}
		if !started {
			if err := e.m.Start(synthTracks()); err != nil {
				t.Fatal(err)
			}
			started = true
		}
		if err := e.m.WriteUnit(u); err != nil {
			e.m.End(err)
			started = false
		}
		if i%500 == 0 {
			if code, b, _ := get(t, e.srv.URL+"/live/video/playlist.m3u8"); code != http.StatusOK && code != http.StatusServiceUnavailable {
				t.Errorf("playlist: %d %s", code, b)
			}
		}
	}
	e.finish(t)
	for _, name := range []string{"video", "audio"} {
		pl := parsePlaylist(t, e.file(t, name+"/playlist.m3u8"))
		td, _ := strconv.Atoi(pl.value("#EXT-X-TARGETDURATION:"))
		for _, s := range pl.segments {
			d, _ := strconv.ParseFloat(s.duration, 64)
			if d <= 0 || int(d+0.5) > td {
				t.Errorf("%s %s: EXTINF %s with target duration %d", name, s.uri, s.duration, td)
			}
		}
	}
}
