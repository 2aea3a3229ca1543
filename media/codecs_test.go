package media_test

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/codecpolicy"
	"github.com/reelvideo/reel/media"
)

// codecsLadder is a ladder with AV1 and HEVC renditions, SVT-AV1 at its
// fastest preset: the tests check the plumbing, not the compression.
func codecsLadder(t *testing.T, rules map[string]string) media.LadderOptions {
	t.Helper()
	p, err := codecpolicy.Parse(rules)
	if err != nil {
		t.Fatal(err)
	}
	return media.LadderOptions{Codecs: p, AV1Preset: 12, HEVCPreset: "ultrafast"}
}

func TestPlanLadderCodecs(t *testing.T) {
	fhd := &media.Info{Duration: 10, Video: &media.VideoStream{Width: 1920, Height: 1080, FrameRateNum: 60, FrameRateDen: 1, FrameRate: 60}}
	tiny := &media.Info{Duration: 10, Video: &media.VideoStream{Width: 96, Height: 54, FrameRateNum: 30, FrameRateDen: 1, FrameRate: 30}}
	for _, tc := range []struct {
		name  string
		info  *media.Info
		rules map[string]string
		want  []string
	}{
		{"default", fhd, nil, []string{"h264_sd", "h264_hd", "h264_fhd"}},
		{"av1 from 720p", fhd, map[string]string{"av1": ">=720p"}, []string{"h264_sd", "h264_hd", "h264_fhd", "av1_hd", "av1_fhd"}},
		{"all three", fhd, map[string]string{"av1": ">=720p", "hevc": "all"},
			[]string{"h264_sd", "h264_hd", "h264_fhd", "hevc_sd", "hevc_hd", "hevc_fhd", "av1_hd", "av1_fhd"}},
		{"h264 sd alone", fhd, map[string]string{"h264": "<=360p", "av1": ">=720p after 10 views"}, []string{"h264_sd", "av1_hd", "av1_fhd"}},
		// SVT-AV1 takes no picture under 64 pixels on an edge.
		{"too small for av1", tiny, map[string]string{"av1": "all", "hevc": "all"}, []string{"h264_sd", "hevc_sd"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := media.PlanLadder(tc.info, codecsLadder(t, tc.rules))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			byQuality := map[string]media.Rendition{}
			for _, r := range rs {
				names = append(names, r.Name)
				if r.Name != r.Codec+"_"+r.Quality {
					t.Errorf("%s: codec %s quality %s", r.Name, r.Codec, r.Quality)
				}
				// Every codec's rung of a box has H.264's size, rate and cap.
				if o, ok := byQuality[r.Quality]; ok && (o.Width != r.Width || o.Height != r.Height || o.FrameRate != r.FrameRate || o.MaxBitrate != r.MaxBitrate) {
					t.Errorf("%s differs from %s: %+v vs %+v", r.Name, o.Name, r, o)
				}
				byQuality[r.Quality] = r
			}
			if !slices.Equal(names, tc.want) {
				t.Errorf("planned %v, want %v", names, tc.want)
			}
		})
	}
}

// TestPlanChunksCodecs: a ladder with codecs besides H.264 is encoded in
// one piece (PlanChunks answers nil); H.264 alone is cut as before.
func TestPlanChunksCodecs(t *testing.T) {
	info := &media.Info{Duration: 600, Video: &media.VideoStream{Codec: "h264", Width: 1280, Height: 720, FrameRateNum: 30, FrameRateDen: 1, FrameRate: 30}}
	for _, tc := range []struct {
		rules map[string]string
		cut   bool
	}{
		{nil, true},
		{map[string]string{"h264": "all", "av1": "none"}, true},
		{map[string]string{"av1": ">=720p"}, false},
		{map[string]string{"hevc": "all"}, false},
	} {
		spans, err := media.PlanChunks(info, codecsLadder(t, tc.rules), time.Minute)
		if err != nil || (len(spans) > 0) != tc.cut {
			t.Errorf("policy %v: %d chunks, %v; want cut %v", tc.rules, len(spans), err, tc.cut)
		}
	}
}

// TestProcessCodecs encodes a 2 s 720p source with H.264 everywhere, HEVC
// everywhere and AV1 from 720p, and checks what players read of it.
func TestProcessCodecs(t *testing.T) {
	ctx := ladderTestContext(t)
	src := avSource(t, "1280x720", "30", "3")
	out := filepath.Join(t.TempDir(), "out")
	m, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: out, LadderOnly: true,
		Ladder: codecsLadder(t, map[string]string{"h264": "all", "av1": ">=720p", "hevc": "all"})})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range m.Renditions {
		names = append(names, r.Name)
	}
	if want := []string{"h264_sd", "h264_hd", "hevc_sd", "hevc_hd", "av1_hd"}; !slices.Equal(names, want) {
		t.Fatalf("renditions %v, want %v", names, want)
	}
	h264Keys := keyframeTimes(t, joinTrack(t, out, m.Renditions[1]))
	if len(h264Keys) != 2 {
		t.Fatalf("h264_hd has keyframes at %v, want 2", h264Keys)
	}
	for _, tc := range []struct {
		name, codec, tag, codecs string
	}{
		{"h264_hd", "h264", "avc1", "avc1.64001f"},
		{"hevc_sd", "hevc", "hvc1", "hvc1.1.6.L"},
		{"hevc_hd", "hevc", "hvc1", "hvc1.1.6.L"},
		{"av1_hd", "av1", "av01", "av01.0.0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rendition(t, m, tc.name)
			if !strings.HasPrefix(r.Codecs, tc.codecs) {
				t.Errorf("CODECS %q, want %s…", r.Codecs, tc.codecs)
			}
			joined := joinTrack(t, out, r)
			s := ffprobeJSON(t, joined).Streams
			if len(s) != 1 || s[0].CodecName != tc.codec || s[0].PixFmt != "yuv420p" || s[0].Width != r.Width || s[0].Height != r.Height {
				t.Errorf("segments: %+v", s)
			}
			// The level in CODECS is the one ffprobe reads off the same
			// track: HEVC's level_idc after "L", AV1's seq_level_idx as two
			// digits before the tier.
			if level := ffprobeLevel(t, joined); tc.codec == "hevc" && !strings.Contains(r.Codecs, ".L"+strconv.Itoa(level)+".") ||
				tc.codec == "av1" && !strings.HasPrefix(r.Codecs, fmt.Sprintf("av01.0.%02dM.08", level)) {
				t.Errorf("CODECS %q, ffprobe's level %d", r.Codecs, level)
			}
			if tag := codecTag(t, filepath.Join(out, r.Init)); tag != tc.tag {
				t.Errorf("codec tag %q, want %q", tag, tc.tag)
			}
			if r.Quality == "hd" {
				if keys := keyframeTimes(t, joined); !slices.Equal(keys, h264Keys) {
					t.Errorf("keyframes at %v, H.264's at %v", keys, h264Keys)
				}
			}
			mp4 := ffprobeJSON(t, filepath.Join(out, r.MP4))
			if d := mp4.duration(t).Seconds(); d < 3-1.0/30 || d > 3+1.0/30 {
				t.Errorf("%s lasts %.3f s", r.MP4, d)
			}
			if mp4.Streams[0].CodecName != tc.codec {
				t.Errorf("%s: %s", r.MP4, mp4.Streams[0].CodecName)
			}
			if tag := codecTag(t, filepath.Join(out, r.MP4)); tag != tc.tag {
				t.Errorf("%s codec tag %q, want %q", r.MP4, tag, tc.tag)
			}
		})
	}

	master := readFile(t, filepath.Join(out, media.MasterPlaylistFile))
	var variants []string
	for _, line := range strings.Split(master, "\n") {
		if strings.HasPrefix(line, "#EXT-X-STREAM-INF:") {
			variants = append(variants, line)
		}
	}
	if len(variants) != len(m.Renditions) {
		t.Fatalf("master lists %d variants:\n%s", len(variants), master)
	}
	for i, r := range m.Renditions {
		v := variants[i]
		for _, want := range []string{`CODECS="` + r.Codecs + `,mp4a.40.2"`, "RESOLUTION=" + strconv.Itoa(r.Width) + "x" + strconv.Itoa(r.Height), "FRAME-RATE=30.000", `AUDIO="audio"`} {
			if !strings.Contains(v, want) {
				t.Errorf("variant %d (%s) lacks %s: %s", i, r.Name, want, v)
			}
		}
	}
	mpd := readFile(t, filepath.Join(out, media.DASHManifestFile))
	if n := strings.Count(mpd, `contentType="video"`); n != 3 {
		t.Errorf("DASH has %d video adaptation sets, want 3 (one per codec)", n)
	}
}

func rendition(t *testing.T, m *media.Manifest, name string) media.RenditionFiles {
	t.Helper()
	for _, r := range m.Renditions {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no rendition %s", name)
	return media.RenditionFiles{}
}

// joinTrack joins a rendition's init and segments into one file.
func joinTrack(t *testing.T, dir string, r media.RenditionFiles) string {
	t.Helper()
	files := []string{filepath.Join(dir, r.Init)}
	for _, s := range r.Segments {
		files = append(files, filepath.Join(dir, s.URI))
	}
	return concatFiles(t, filepath.Join(t.TempDir(), r.Name+".mp4"), files...)
}

// keyframeTimes lists the presentation times of a joined track's
// keyframes, in frames of 30 fps from its first picture (FFmpeg's demuxer
// shifts a track with B-frames by their delay).
func keyframeTimes(t *testing.T, joined string) []int {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags",
		"-of", "csv=p=0", joined).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", joined, err)
	}
	var keys []float64
	first := math.Inf(1)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, ",")
		pts, err := strconv.ParseFloat(f[0], 64)
		if err != nil || len(f) < 2 {
			t.Fatalf("ffprobe %s: %q", joined, line)
		}
		first = min(first, pts)
		if strings.HasPrefix(f[1], "K") {
			keys = append(keys, pts)
		}
	}
	var frames []int
	for _, k := range keys {
		frames = append(frames, int(math.Round((k-first)*30)))
	}
	slices.Sort(frames)
	return frames
}

func codecTag(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string",
		"-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	return strings.TrimSpace(string(out))
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAddCodecs adds AV1 to the hd rung of a finished H.264 output: the
// files it had stay byte for byte, the master and DASH list the new
// rendition, and a second call adds nothing.
func TestAddCodecs(t *testing.T) {
	ctx := ladderTestContext(t)
	src := avSource(t, "1280x720", "30", "3")
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: dir, LadderOnly: true}); err != nil {
		t.Fatal(err)
	}
	before := hashTree(t, dir, func(string) bool { return true })
	opts := media.AddCodecsOptions{Dir: dir, Source: src, Ladder: codecsLadder(t, nil)}
	opts.Policy = codecsLadder(t, map[string]string{"av1": ">=720p"}).Codecs
	added, err := media.AddCodecs(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(added, []string{"av1"}) {
		t.Fatalf("added %v, want [av1]", added)
	}
	after := hashTree(t, dir, func(string) bool { return true })
	for name, sum := range before {
		switch name {
		case media.ManifestFile, media.MasterPlaylistFile, media.DASHManifestFile:
			continue
		}
		if after[name] != sum {
			t.Errorf("%s changed", name)
		}
	}
	m, err := media.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range m.Renditions {
		names = append(names, r.Name)
	}
	if want := []string{"h264_sd", "h264_hd", "av1_hd"}; !slices.Equal(names, want) {
		t.Fatalf("renditions %v, want %v", names, want)
	}
	hd, av1 := rendition(t, m, "h264_hd"), rendition(t, m, "av1_hd")
	if av1.Width != hd.Width || av1.Height != hd.Height || len(av1.Segments) != len(hd.Segments) || av1.MP4 != "av1_hd.mp4" {
		t.Errorf("av1_hd %+v beside h264_hd %+v", av1.Rendition, hd.Rendition)
	}
	for i := range av1.Segments {
		if av1.Segments[i].Duration != hd.Segments[i].Duration {
			t.Errorf("segment %d: %.3f s, H.264's %.3f s", i, av1.Segments[i].Duration, hd.Segments[i].Duration)
		}
	}
	if keys := keyframeTimes(t, joinTrack(t, dir, av1)); !slices.Equal(keys, keyframeTimes(t, joinTrack(t, dir, hd))) {
		t.Errorf("av1_hd keyframes %v differ from h264_hd's", keys)
	}
	master := readFile(t, filepath.Join(dir, media.MasterPlaylistFile))
	if i, j := strings.Index(master, "h264_hd/playlist.m3u8"), strings.Index(master, "av1_hd/playlist.m3u8"); i < 0 || j < i || !strings.Contains(master, av1.Codecs+",mp4a.40.2") {
		t.Errorf("master:\n%s", master)
	}
	if mpd := readFile(t, filepath.Join(dir, media.DASHManifestFile)); strings.Count(mpd, `contentType="video"`) != 2 {
		t.Errorf("DASH:\n%s", mpd)
	}

	again, err := media.AddCodecs(ctx, opts)
	if err != nil || len(again) != 0 {
		t.Fatalf("second call added %v, %v", again, err)
	}
	if _, err := media.AddCodecs(ctx, media.AddCodecsOptions{Dir: t.TempDir(), Source: src, Policy: opts.Policy}); err == nil {
		t.Error("an output without media.json: no error")
	}
}

// ffprobeLevel is the level ffprobe reads off a file's video stream.
func ffprobeLevel(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=level", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	level, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("ffprobe level of %s: %q", path, out)
	}
	return level
}
