package media_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/Eyevinn/hls-m3u8/m3u8"
	"github.com/Eyevinn/mp4ff/mp4"
	"github.com/reelvideo/reel/media"
)

func TestProcessLadders(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		make       func(t *testing.T) string
		seconds    float64
		renditions []string // "name WxH"
		audio      []string // languages
	}{
		{
			name:       "720p five seconds",
			make:       func(t *testing.T) string { return avSource(t, "1280x720", "30", "5") },
			seconds:    5,
			renditions: []string{"h264_sd 640x360", "h264_hd 1280x720"},
			audio:      []string{""},
		},
		{
			name:       "1080p",
			make:       func(t *testing.T) string { return avSource(t, "1920x1080", "15", "1") },
			seconds:    1,
			renditions: []string{"h264_sd 640x360", "h264_hd 1280x720", "h264_fhd 1920x1080"},
			audio:      []string{""},
		},
		{
			name:       "320x240",
			make:       func(t *testing.T) string { return avSource(t, "320x240", "25", "2") },
			seconds:    2,
			renditions: []string{"h264_sd 320x240"},
			audio:      []string{""},
		},
		{
			name:       "portrait",
			make:       func(t *testing.T) string { return avSource(t, "1080x1920", "15", "1") },
			seconds:    1,
			renditions: []string{"h264_sd 360x640", "h264_hd 720x1280", "h264_fhd 1080x1920"},
			audio:      []string{""},
		},
		{
			name: "rotated",
			make: func(t *testing.T) string {
				src := avSource(t, "640x360", "30", "2")
				return generateSource(t, "rotated.mp4", "-i", src, "-c", "copy", "-metadata:s:v", "rotate=90")
			},
			seconds:    2,
			renditions: []string{"h264_sd 360x640"},
			audio:      []string{""},
		},
		{
			name: "two audio languages",
			make: func(t *testing.T) string {
				return generateSource(t, "langs.mkv",
					"-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
					"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-f", "lavfi", "-i", "sine=frequency=880:sample_rate=48000",
					"-map", "0", "-map", "1", "-map", "2", "-t", "2", "-ac:a:1", "2",
					"-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
					"-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra")
			},
			seconds:    2,
			renditions: []string{"h264_sd 320x180"},
			audio:      []string{"en", "fr"},
		},
		{
			name: "audio only",
			make: func(t *testing.T) string {
				return generateSource(t, "audio.m4a", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "3", "-c:a", "aac")
			},
			seconds: 3,
			audio:   []string{""},
		},
		{
			name: "4k",
			make: func(t *testing.T) string {
				return generateSource(t, "uhd.mp4", "-f", "lavfi", "-i", "testsrc2=size=3840x2160:rate=10", "-t", "1",
					"-c:v", "libx264", "-preset", "ultrafast")
			},
			seconds:    1,
			renditions: []string{"h264_sd 640x360", "h264_hd 1280x720", "h264_fhd 1920x1080", "h264_qhd 2560x1440", "h264_uhd 3840x2160"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.make(t)
			out := t.TempDir()
			m, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: out})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range m.Renditions {
				got = append(got, fmt.Sprintf("%s %dx%d", r.Name, r.Width, r.Height))
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.renditions) {
				t.Fatalf("renditions %q, want %q", got, tt.renditions)
			}
			var langs []string
			for _, a := range m.AudioTracks {
				langs = append(langs, a.Language)
			}
			if fmt.Sprint(langs) != fmt.Sprint(tt.audio) {
				t.Fatalf("audio languages %q, want %q", langs, tt.audio)
			}
			checkOutput(t, out, m, tt.seconds)
		})
	}
}

// checkSideFiles checks that Process made the pictures when there is video
// and the audio-only file when there is audio, and nothing it did not list.
func checkSideFiles(t *testing.T, out string, m *media.Manifest) {
	t.Helper()
	hasVideo, hasAudio := len(m.Renditions) > 0, len(m.AudioTracks) > 0
	if (m.Poster != nil) != hasVideo || (m.Storyboard != nil) != hasVideo || (m.Clip != "") != hasVideo || (m.Audio != "") != hasAudio {
		t.Fatalf("side files poster=%+v storyboard=%+v clip=%q audio=%q for video=%v audio=%v",
			m.Poster, m.Storyboard, m.Clip, m.Audio, hasVideo, hasAudio)
	}
	var files []string
	if m.Poster != nil {
		files = append(files, m.Poster.JPEG, m.Poster.WebP, m.Storyboard.Image, m.Storyboard.VTT, m.Clip)
		if m.Poster.Time < 0 || m.Poster.Time > m.Duration || m.Poster.Width == 0 {
			t.Errorf("poster %+v for a %.2fs video", m.Poster, m.Duration)
		}
	}
	if m.Audio != "" {
		files = append(files, m.Audio)
	}
	for _, f := range files {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("side file %s: %v", f, err)
		}
	}
	for _, name := range []string{"poster.jpg", "clip.mp4", "audio.m4a"} {
		listed := slices.Contains(files, name)
		if _, err := os.Stat(filepath.Join(out, name)); (err == nil) != listed {
			t.Errorf("%s exists=%v, listed=%v", name, err == nil, listed)
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(out, "*.part")); len(leftovers) > 0 {
		t.Errorf("partial files left: %v", leftovers)
	}
}

// checkOutput verifies every file of a processed output with the package's
// own Probe and the playlist parser.
func checkOutput(t *testing.T, out string, m *media.Manifest, seconds float64) {
	t.Helper()
	ctx := ladderTestContext(t)
	for _, r := range m.Renditions {
		frame := float64(r.FrameRateDen) / float64(r.FrameRateNum)
		files := []string{filepath.Join(out, r.Init)}
		for _, s := range r.Segments {
			files = append(files, filepath.Join(out, s.URI))
		}
		joined := concatFiles(t, filepath.Join(t.TempDir(), r.Name+".mp4"), files...)
		info, err := media.Probe(ctx, joined)
		if err != nil {
			t.Fatalf("%s segments do not decode: %v", r.Name, err)
		}
		if info.Video == nil || info.Video.Codec != "h264" || info.Video.Width != r.Width || info.Video.Height != r.Height {
			t.Fatalf("%s segments: %+v", r.Name, info.Video)
		}
		var total float64
		for _, s := range r.Segments {
			total += s.Duration
			if s.Duration > 6.01 {
				t.Errorf("%s segment %s lasts %.3fs", r.Name, s.URI, s.Duration)
			}
		}
		if math.Abs(total-seconds) > frame+0.001 {
			t.Errorf("%s lasts %.3fs, want %.3fs ± 1 frame", r.Name, total, seconds)
		}
		mp4Info, err := media.Probe(ctx, filepath.Join(out, r.MP4))
		if err != nil {
			t.Fatalf("%s: %v", r.MP4, err)
		}
		if mp4Info.Video.Width != r.Width || len(mp4Info.Audio) != min(len(m.AudioTracks), 1) {
			t.Errorf("%s: %+v", r.MP4, mp4Info)
		}
		if math.Abs(mp4Info.Duration-seconds) > 0.1 {
			t.Errorf("%s lasts %.3fs, want %.3fs", r.MP4, mp4Info.Duration, seconds)
		}
		checkMediaPlaylist(t, filepath.Join(out, r.Playlist), len(r.Segments))
	}
	checkKeyframesAligned(t, out, m)
	for _, a := range m.AudioTracks {
		files := []string{filepath.Join(out, a.Init)}
		for _, s := range a.Segments {
			files = append(files, filepath.Join(out, s.URI))
		}
		joined := concatFiles(t, filepath.Join(t.TempDir(), "audio"+a.ID+".mp4"), files...)
		info, err := media.Probe(ctx, joined)
		if err != nil {
			t.Fatalf("audio %s segments do not decode: %v", a.ID, err)
		}
		if len(info.Audio) != 1 || info.Audio[0].Codec != "aac" || info.Audio[0].Channels != 2 || info.Audio[0].SampleRate != 48000 {
			t.Fatalf("audio %s: %+v", a.ID, info.Audio)
		}
		// AAC priming (the source's and ours, 1024 samples each) and frame
		// granularity shift the end by a few tens of milliseconds.
		if math.Abs(info.Duration-seconds) > 0.1 {
			t.Errorf("audio %s lasts %.3fs, want %.3fs", a.ID, info.Duration, seconds)
		}
		checkMediaPlaylist(t, filepath.Join(out, a.Playlist), len(a.Segments))
	}
	checkMasterPlaylist(t, out, m)
	checkDASH(t, out, m)
	checkSideFiles(t, out, m)
	back, err := media.ReadManifest(out)
	if err != nil || len(back.Renditions) != len(m.Renditions) || len(back.AudioTracks) != len(m.AudioTracks) {
		t.Fatalf("media.json: %v %+v", err, back)
	}
}

func checkMediaPlaylist(t *testing.T, path string, segments int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, typ, err := m3u8.DecodeFrom(f, true)
	if err != nil || typ != m3u8.MEDIA {
		t.Fatalf("%s: %v", path, err)
	}
	mp := p.(*m3u8.MediaPlaylist)
	if mp.Version() < 6 || mp.Map == nil || mp.Map.URI != "init.mp4" || !mp.Closed || mp.MediaType != m3u8.VOD {
		t.Fatalf("%s: version %d map %+v closed %v type %v", path, mp.Version(), mp.Map, mp.Closed, mp.MediaType)
	}
	if int(mp.Count()) != segments {
		t.Fatalf("%s lists %d segments, want %d", path, mp.Count(), segments)
	}
}

func checkMasterPlaylist(t *testing.T, out string, m *media.Manifest) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "playlist.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"#EXT-X-INDEPENDENT-SEGMENTS", "#EXT-X-VERSION:7"} {
		if !bytes.Contains(b, []byte(tag)) {
			t.Errorf("master lacks %s", tag)
		}
	}
	p, typ, err := m3u8.DecodeFrom(bytes.NewReader(b), true)
	if err != nil || typ != m3u8.MASTER {
		t.Fatalf("master: %v", err)
	}
	mp := p.(*m3u8.MasterPlaylist)
	wantVariants := len(m.Renditions)
	if wantVariants == 0 {
		wantVariants = len(m.AudioTracks)
	}
	if len(mp.Variants) != wantVariants {
		t.Fatalf("master has %d variants, want %d", len(mp.Variants), wantVariants)
	}
	for _, v := range mp.Variants {
		if v.Bandwidth == 0 || v.AverageBandwidth == 0 || v.Codecs == "" {
			t.Errorf("variant %s: %+v", v.URI, v.VariantParams)
		}
		if len(m.Renditions) > 0 && (v.Resolution == "" || !strings.HasPrefix(v.Codecs, "avc1.")) {
			t.Errorf("variant %s: %+v", v.URI, v.VariantParams)
		}
		if len(m.AudioTracks) > 0 && (v.Audio != "audio" || !strings.Contains(v.Codecs, "mp4a.40.2")) {
			t.Errorf("variant %s lacks the audio group: %+v", v.URI, v.VariantParams)
		}
	}
	var audioAlts int
	for _, a := range mp.GetAllAlternatives() {
		if a.Type == "AUDIO" {
			audioAlts++
		}
	}
	if audioAlts != len(m.AudioTracks) {
		t.Errorf("master lists %d audio tracks, want %d", audioAlts, len(m.AudioTracks))
	}
}

func checkDASH(t *testing.T, out string, m *media.Manifest) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "manifest.mpd"))
	if err != nil {
		t.Fatal(err)
	}
	var mpd struct {
		Type   string `xml:"type,attr"`
		Period struct {
			Sets []struct {
				ContentType string `xml:"contentType,attr"`
				Reps        []struct {
					ID string `xml:"id,attr"`
				} `xml:"Representation"`
			} `xml:"AdaptationSet"`
		} `xml:"Period"`
	}
	if err := xml.Unmarshal(b, &mpd); err != nil {
		t.Fatalf("manifest.mpd: %v", err)
	}
	want := len(m.AudioTracks)
	if len(m.Renditions) > 0 {
		want++
		if len(mpd.Period.Sets[0].Reps) != len(m.Renditions) {
			t.Fatalf("DASH video set has %d representations", len(mpd.Period.Sets[0].Reps))
		}
	}
	if mpd.Type != "static" || len(mpd.Period.Sets) != want {
		t.Fatalf("DASH: type %s, %d adaptation sets, want %d", mpd.Type, len(mpd.Period.Sets), want)
	}
}

// checkKeyframesAligned parses every segment: each starts with a sync
// sample, and segment n starts at the same time in every rendition.
func checkKeyframesAligned(t *testing.T, out string, m *media.Manifest) {
	t.Helper()
	var starts [][]uint64
	for _, r := range m.Renditions {
		var rs []uint64
		for _, s := range r.Segments {
			f, err := mp4.ReadMP4File(filepath.Join(out, s.URI))
			if err != nil {
				t.Fatalf("%s: %v", s.URI, err)
			}
			frag := f.Segments[0].Fragments[0]
			trun := frag.Moof.Traf.Trun
			if len(trun.Samples) == 0 {
				t.Fatalf("%s has no samples", s.URI)
			}
			flags := trun.Samples[0].Flags
			if first, ok := trun.FirstSampleFlags(); ok {
				flags = first
			}
			if !mp4.IsSyncSampleFlags(flags) {
				t.Errorf("%s does not start with a keyframe", s.URI)
			}
			rs = append(rs, frag.Moof.Traf.Tfdt.BaseMediaDecodeTime())
		}
		starts = append(starts, rs)
	}
	for i := 1; i < len(starts); i++ {
		if fmt.Sprint(starts[i]) != fmt.Sprint(starts[0]) {
			t.Errorf("%s segments start at %v, %s at %v", m.Renditions[0].Name, starts[0], m.Renditions[i].Name, starts[i])
		}
	}
}

func TestProcessReportsProgress(t *testing.T) {
	t.Parallel()
	src := avSource(t, "320x180", "25", "13")
	var mu sync.Mutex
	var reports []float64
	m, err := media.Process(ladderTestContext(t), media.ProcessOptions{
		Source: src, OutDir: t.TempDir(), LadderOnly: true,
		OnProgress: func(done float64) {
			mu.Lock()
			reports = append(reports, done)
			mu.Unlock()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	// 13 s in segments of a few seconds: several reports, each larger than
	// the one before, the last one all of it.
	if len(reports) < 2 {
		t.Fatalf("progress reported %d times (%v)", len(reports), reports)
	}
	for i, r := range reports {
		if r <= 0 || r > 1 || (i > 0 && r <= reports[i-1]) {
			t.Fatalf("progress %v: report %d out of order or range", reports, i)
		}
	}
	if last := reports[len(reports)-1]; last < 0.97 {
		t.Errorf("last progress %.3f of %.1f s, want about 1", last, m.Duration)
	}
}

func TestProcessPublishesEarly(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		make    func(t *testing.T) string
		remuxed bool // the playable set is a remux of the source, outside OutDir
	}{
		{"standard source is remuxed", func(t *testing.T) string { return avSource(t, "640x360", "30", "5") }, true},
		{"other sources publish the first rendition", func(t *testing.T) string {
			return generateSource(t, "mpeg4.mkv", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
				"-f", "lavfi", "-i", "sine", "-t", "5", "-c:v", "mpeg4", "-c:a", "libopus")
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			src := tt.make(t)
			out := t.TempDir()
			var calls atomic.Int32
			var checked error
			_, err := media.Process(ladderTestContext(t), media.ProcessOptions{
				Source: src, OutDir: out,
				OnPlayable: func(ctx context.Context, p media.Playable) error {
					calls.Add(1)
					if tt.remuxed == (p.Dir == out) || tt.remuxed == p.Live {
						checked = fmt.Errorf("playable dir %s live %v (out %s)", p.Dir, p.Live, out)
						return nil
					}
					checked = checkPlayableSet(ctx, p.Dir)
					return nil
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			if calls.Load() != 1 {
				t.Fatalf("OnPlayable called %d times", calls.Load())
			}
			if checked != nil {
				t.Fatal(checked)
			}
		})
	}
}

// checkPlayableSet checks, while Process still runs, that dir has a master
// playlist whose first variant's media playlist lists decodable segments.
func checkPlayableSet(ctx context.Context, dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
	if err != nil {
		return err
	}
	p, _, err := m3u8.DecodeFrom(bytes.NewReader(b), true)
	if err != nil {
		return fmt.Errorf("master: %w", err)
	}
	master, ok := p.(*m3u8.MasterPlaylist)
	if !ok || len(master.Variants) == 0 {
		return errors.New("no variant")
	}
	variant := filepath.Join(dir, filepath.FromSlash(master.Variants[0].URI))
	f, err := os.Open(variant)
	if err != nil {
		return err
	}
	defer f.Close()
	mp, _, err := m3u8.DecodeFrom(f, true)
	if err != nil {
		return fmt.Errorf("media playlist: %w", err)
	}
	segs := mp.(*m3u8.MediaPlaylist).GetAllSegments()
	if len(segs) == 0 {
		return errors.New("no segment yet")
	}
	var all []byte
	for _, name := range []string{"init.mp4", segs[0].URI} {
		b, err := os.ReadFile(filepath.Join(filepath.Dir(variant), name))
		if err != nil {
			return err
		}
		all = append(all, b...)
	}
	joined := filepath.Join(os.TempDir(), "reel-playable-"+strconv.Itoa(os.Getpid())+"-"+strconv.FormatInt(time.Now().UnixNano(), 36)+".mp4")
	if err := os.WriteFile(joined, all, 0o644); err != nil {
		return err
	}
	defer os.Remove(joined)
	info, err := media.Probe(ctx, joined)
	if err != nil {
		return fmt.Errorf("first segment: %w", err)
	}
	if info.Video == nil || info.Video.Codec != "h264" {
		return fmt.Errorf("first segment: %+v", info.Video)
	}
	return nil
}

func TestProcessRefusesBadInputs(t *testing.T) {
	t.Parallel()
	inputs := badMediaInputs(t)
	cases := map[string]string{}
	for name := range inputs {
		cases[name] = media.CodeNotMedia
	}
	inputs["huge dimensions"] = generateSource(t, "huge.mkv", "-f", "lavfi", "-i", "color=size=8200x16:rate=1", "-t", "1", "-c:v", "ffv1")
	cases["huge dimensions"] = media.CodeTooLarge
	for name, path := range inputs {
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			_, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: path, OutDir: out})
			requireCode(t, err, cases[name])
		})
	}
}

func TestProcessStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	src := avSource(t, "1280x720", "15", "10")
	ctx, cancel := context.WithCancel(ladderTestContext(t))
	time.AfterFunc(500*time.Millisecond, cancel)
	start := time.Now()
	_, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: t.TempDir()})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("took %v to stop", d)
	}
}

// TestProcessFreesFFmpegObjects runs a tiny transcode 50 times after a
// warm-up: resident memory must stay flat, not grow with every run. It runs
// in a child process of the test binary, so that other tests' memory does
// not count, with glibc's malloc arenas capped: every new encoder thread may
// otherwise open an arena of its own, and that one-off growth (it plateaus
// at 8 arenas a core) would hide or fake a leak of frames or contexts.
func TestProcessFreesFFmpegObjects(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	if os.Getenv("REEL_RSS_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestProcessFreesFFmpegObjects$", "-test.v")
		cmd.Env = append(os.Environ(), "REEL_RSS_CHILD=1", "MALLOC_ARENA_MAX=2")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, lastLines(out, 20))
		}
		for _, line := range strings.Split(string(out), "\n") {
			if strings.Contains(line, "RSS ") {
				t.Log(strings.TrimSpace(line))
			}
		}
		return
	}
	src := avSource(t, "160x90", "10", "1")
	cancelSrc := avSource(t, "640x360", "30", "3")
	run := func() {
		t.Helper()
		if _, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: t.TempDir()}); err != nil {
			t.Fatal(err)
		}
	}
	cancelled := func() {
		t.Helper()
		ctx, cancel := context.WithCancel(ladderTestContext(t))
		defer cancel()
		time.AfterFunc(30*time.Millisecond, cancel)
		if _, err := media.Process(ctx, media.ProcessOptions{Source: cancelSrc, OutDir: t.TempDir()}); err == nil {
			t.Fatal("a cancelled transcode succeeded")
		}
	}
	for range 25 {
		run()
	}
	cancelled()
	debug.FreeOSMemory()
	before := processRSSKiB(t)
	fdsBefore, threadsBefore := dirEntries(t, "/proc/self/fd"), dirEntries(t, "/proc/self/task")
	for i := range 50 {
		run()
		if i%10 == 0 {
			cancelled()
		}
	}
	debug.FreeOSMemory()
	after := processRSSKiB(t)
	t.Logf("RSS %d KiB before, %d KiB after 50 transcodes", before, after)
	// Every encoder has a thread and two pipes of its own; a run that left
	// them behind would add 3 threads and 6 descriptors (plus x264's
	// threads) each time. Go may start a few more threads of its own.
	if fds := dirEntries(t, "/proc/self/fd"); fds > fdsBefore {
		t.Errorf("open descriptors grew from %d to %d", fdsBefore, fds)
	}
	if threads := dirEntries(t, "/proc/self/task"); threads > threadsBefore+8 {
		t.Errorf("threads grew from %d to %d", threadsBefore, threads)
	}
	// A leaked codec or filter context costs megabytes a run (x264 alone
	// keeps its lookahead and reference frames), 50 runs far more than this;
	// allocator noise measured 0.3–4.6 MiB.
	if grown := after - before; grown > 16*1024 {
		t.Fatalf("RSS grew by %d KiB over 50 runs (%d → %d)", grown, before, after)
	}
}

func dirEntries(t *testing.T, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("no %s", dir)
	}
	return len(entries)
}

// lastLines returns the last n lines of out.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func processRSSKiB(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			n, _ := strconv.Atoi(strings.Fields(line)[1])
			return n
		}
	}
	t.Skip("no VmRSS")
	return 0
}
