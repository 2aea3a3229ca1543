package media_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

func TestPlanChunks(t *testing.T) {
	info := func(seconds float64, num, den int) *media.Info {
		return &media.Info{Duration: seconds, Video: &media.VideoStream{
			Codec: "h264", Width: 1280, Height: 720, FrameRateNum: num, FrameRateDen: den, FrameRate: float64(num) / float64(den),
		}}
	}
	tests := []struct {
		name   string
		info   *media.Info
		length time.Duration
		starts []int64 // StartFrame of each chunk; nil: one piece
		firsts []int
	}{
		{"30 s by 8 s", info(30, 30, 1), 8 * time.Second, []int64{0, 240, 480, 720}, []int{0, 2, 4, 6}},
		{"short rest joins the chunk before", info(34, 30, 1), 8 * time.Second, []int64{0, 240, 480, 720}, []int{0, 2, 4, 6}},
		{"rest of half a chunk stands alone", info(36.5, 30, 1), 8 * time.Second, []int64{0, 240, 480, 720, 960}, []int{0, 2, 4, 6, 8}},
		{"too short to split", info(10, 30, 1), 8 * time.Second, nil, nil},
		{"NTSC: whole GOPs of 30 frames", info(30, 30000, 1001), 8 * time.Second, []int64{0, 240, 480, 720}, []int{0, 2, 4, 6}},
		{"25 fps, 60 s chunks", info(600, 25, 1), time.Minute, []int64{0, 1500, 3000, 4500, 6000, 7500, 9000, 10500, 12000, 13500}, nil},
		{"no video", &media.Info{Duration: 600}, time.Minute, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spans, err := media.PlanChunks(tt.info, media.LadderOptions{}, tt.length)
			if err != nil {
				t.Fatal(err)
			}
			var starts []int64
			var firsts []int
			for i, s := range spans {
				starts = append(starts, s.StartFrame)
				firsts = append(firsts, s.FirstSegment)
				if s.Index != i {
					t.Errorf("span %d has index %d", i, s.Index)
				}
				last := i == len(spans)-1
				if last != (s.EndFrame == 0) {
					t.Errorf("span %d ends at %d", i, s.EndFrame)
				}
				if !last && spans[i+1].StartFrame != s.EndFrame {
					t.Errorf("span %d ends at %d, the next starts at %d", i, s.EndFrame, spans[i+1].StartFrame)
				}
			}
			if fmt.Sprint(starts) != fmt.Sprint(tt.starts) {
				t.Errorf("starts %v, want %v", starts, tt.starts)
			}
			if tt.firsts != nil && fmt.Sprint(firsts) != fmt.Sprint(tt.firsts) {
				t.Errorf("first segments %v, want %v", firsts, tt.firsts)
			}
		})
	}
}

// stitchedLadder encodes source in chunks of length into a fresh folder
// (the chunks in reverse order, as workers might finish them) and stitches
// them; it returns the folder and the manifest.
func stitchedLadder(t *testing.T, source string, ladder media.LadderOptions, length time.Duration) (string, *media.Manifest, int) {
	t.Helper()
	ctx := ladderTestContext(t)
	info, err := media.Probe(ctx, source)
	if err != nil {
		t.Fatal(err)
	}
	spans, err := media.PlanChunks(info, ladder, length)
	if err != nil {
		t.Fatal(err)
	}
	if len(spans) < 3 {
		t.Fatalf("%d chunks, want at least 3", len(spans))
	}
	work := t.TempDir()
	dirs := make([]string, len(spans))
	for i := len(spans) - 1; i >= 0; i-- {
		dirs[i] = filepath.Join(work, "chunk"+strconv.Itoa(i))
		if err := media.EncodeChunk(ctx, media.ChunkOptions{Source: source, Span: spans[i], OutDir: dirs[i], Ladder: ladder, Info: info}); err != nil {
			t.Fatalf("chunk %d: %v", i, err)
		}
	}
	audio := filepath.Join(work, "audio")
	if err := media.EncodeAudio(ctx, media.AudioOptions{Source: source, OutDir: audio, Ladder: ladder, Info: info}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(work, "out")
	m, err := media.Stitch(ctx, media.StitchOptions{Source: source, ChunkDirs: dirs, AudioDir: audio, OutDir: out, Ladder: ladder, Info: info})
	if err != nil {
		t.Fatalf("Stitch: %v", err)
	}
	return out, m, len(spans)
}

// probeTimes lists what ffprobe reads of one stream of a file: packet
// decode times, and frame presentation times, in seconds.
func probeTimes(t *testing.T, path, stream, entries string) [][]float64 {
	t.Helper()
	args := []string{"-v", "error", "-select_streams", stream, "-of", "csv=p=0", "-show_entries", entries}
	out, err := exec.Command("ffprobe", append(args, path)...).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var rows [][]float64
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.Trim(line, ", ") == "" {
			continue // a section without the entries (side data)
		}
		var row []float64
		for _, f := range strings.Split(strings.Trim(line, ","), ",") {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil {
				t.Fatalf("ffprobe %s: %q: %v", path, line, err)
			}
			row = append(row, x)
		}
		rows = append(rows, row)
	}
	return rows
}

// trackEnd is when the last frame of a stream of file ends, in seconds.
func trackEnd(t *testing.T, path, stream string) float64 {
	t.Helper()
	var end float64
	for _, r := range probeTimes(t, path, stream, "packet=pts_time,duration_time") {
		end = max(end, r[0]+r[1])
	}
	return end
}

func TestStitchJoins(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes a ladder five times")
	}
	// 30 s at 320x240, 4 s segments, chunks of 8 s: four chunks, three joins.
	source := avSource(t, "320x240", "30", "30")
	// The default preset: B-frames, so decode times run behind presentation
	// and a join that got the decode shift wrong would show.
	ladder := media.LadderOptions{}
	whole := t.TempDir()
	single, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: source, OutDir: whole, Ladder: ladder})
	if err != nil {
		t.Fatal(err)
	}
	out, m, chunks := stitchedLadder(t, source, ladder, 8*time.Second)
	t.Logf("%d chunks", chunks)

	if len(m.Renditions) != len(single.Renditions) || len(m.AudioTracks) != 1 {
		t.Fatalf("%d renditions and %d audio tracks, want %d and 1", len(m.Renditions), len(m.AudioTracks), len(single.Renditions))
	}
	if m.Poster == nil || m.Storyboard == nil || m.Clip == "" || m.Audio == "" {
		t.Errorf("missing pictures or audio file: %+v", m)
	}
	const frames = 900
	r, sr := m.Renditions[0], single.Renditions[0]
	// Segments: the same boundaries as the one-job encode, each of the
	// segment time (4 s, 120 frames) but the last, numbered 0…N-1.
	if len(r.Segments) != len(sr.Segments) {
		t.Fatalf("%d segments, one job made %d", len(r.Segments), len(sr.Segments))
	}
	for i, s := range r.Segments {
		if s.URI != fmt.Sprintf("%s/%d.m4s", r.Name, i) {
			t.Errorf("segment %d is %s", i, s.URI)
		}
		if s.Start != sr.Segments[i].Start || s.Ticks != sr.Segments[i].Ticks {
			t.Errorf("segment %d: start %d, %d ticks; one job: %d, %d", i, s.Start, s.Ticks, sr.Segments[i].Start, sr.Segments[i].Ticks)
		}
		if i < len(r.Segments)-1 && math.Abs(s.Duration-4) > 1e-9 {
			t.Errorf("segment %d lasts %.4f s, want 4", i, s.Duration)
		}
	}
	playlist, err := os.ReadFile(filepath.Join(out, r.Name, media.MediaPlaylistFile))
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Segments {
		if !bytes.Contains(playlist, []byte(fmt.Sprintf("\n%d.m4s\n", i))) {
			t.Errorf("media playlist misses %d.m4s:\n%s", i, playlist)
		}
	}

	// The joined fMP4 track and the MP4 rendition: exactly the source's
	// frames, decode and presentation times strictly increasing, one frame
	// apart.
	var files []string
	files = append(files, filepath.Join(out, r.Init))
	for _, s := range r.Segments {
		files = append(files, filepath.Join(out, s.URI))
	}
	joined := concatFiles(t, filepath.Join(t.TempDir(), "joined.mp4"), files...)
	for _, file := range []string{joined, filepath.Join(out, r.MP4)} {
		packets := probeTimes(t, file, "v:0", "packet=dts_time")
		if len(packets) != frames {
			t.Errorf("%s: %d packets, want %d", filepath.Base(file), len(packets), frames)
		}
		for i := 1; i < len(packets); i++ {
			if packets[i][0] <= packets[i-1][0] {
				t.Errorf("%s: packet %d decodes at %.4f after %.4f", filepath.Base(file), i, packets[i][0], packets[i-1][0])
				break
			}
		}
		shown := probeTimes(t, file, "v:0", "frame=pts_time")
		if len(shown) != frames {
			t.Errorf("%s: %d frames, want %d", filepath.Base(file), len(shown), frames)
		}
		for i := 1; i < len(shown); i++ {
			if step := shown[i][0] - shown[i-1][0]; math.Abs(step-1.0/30) > 1e-3 {
				t.Errorf("%s: frame %d shows %.4f s after the one before", filepath.Base(file), i, step)
				break
			}
		}
	}

	// Audio against video at the end: the same offset as in the one-job
	// encode, within one AAC frame.
	offset := func(dir string, m *media.Manifest) float64 {
		mp4 := filepath.Join(dir, m.Renditions[0].MP4)
		return trackEnd(t, mp4, "a:0") - trackEnd(t, mp4, "v:0")
	}
	stitched, one := offset(out, m), offset(whole, single)
	if math.Abs(stitched-one) > 1024.0/48000 {
		t.Errorf("audio ends %.4f s after the video stitched, %.4f s in one job", stitched, one)
	}
	t.Logf("A/V offset at the end: stitched %.4f s, one job %.4f s", stitched, one)

	// media.json describes the stitched set like Process's.
	var described media.Manifest
	b, err := os.ReadFile(filepath.Join(out, media.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &described); err != nil {
		t.Fatal(err)
	}
	if len(described.Renditions[0].Segments) != len(r.Segments) || described.Renditions[0].MP4Size == 0 {
		t.Errorf("media.json: %+v", described.Renditions[0])
	}
}

func TestStitchRefusesBadJoins(t *testing.T) {
	source := avSource(t, "320x240", "30", "20")
	ladder := media.LadderOptions{Preset: "ultrafast"}
	ctx := ladderTestContext(t)
	info, err := media.Probe(ctx, source)
	if err != nil {
		t.Fatal(err)
	}
	spans, err := media.PlanChunks(info, ladder, 4*time.Second)
	if err != nil || len(spans) < 3 {
		t.Fatalf("%d spans, %v", len(spans), err)
	}
	work := t.TempDir()
	encode := func(i int) string {
		dir := filepath.Join(work, "chunk"+strconv.Itoa(i))
		if err := media.EncodeChunk(ctx, media.ChunkOptions{Source: source, Span: spans[i], OutDir: dir, Ladder: ladder, Info: info}); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	audio := filepath.Join(work, "audio")
	if err := media.EncodeAudio(ctx, media.AudioOptions{Source: source, OutDir: audio, Ladder: ladder, Info: info}); err != nil {
		t.Fatal(err)
	}
	// A missing chunk in the middle: chunk 2 in the place of chunk 1.
	_, err = media.Stitch(ctx, media.StitchOptions{Source: source, ChunkDirs: []string{encode(0), encode(2)}, AudioDir: audio,
		OutDir: filepath.Join(work, "out"), Ladder: ladder, Info: info})
	requireCode(t, err, media.CodeTranscodeFailed)
}

// TestStitchJoinsAtTwoRates stitches a 60 fps source whose sd rung runs at
// 30 fps (PlanLadder's rule under 720p): each chunk keeps the frames of the
// same times in both renditions, so each track has exactly its own rate's
// frames, one frame apart, with the one-job encode's segment boundaries.
func TestStitchJoinsAtTwoRates(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes a two-rung ladder twice")
	}
	// 12 s at 1280x720 60 fps, chunks of 4 s: three chunks, two joins.
	source := generateSource(t, "src60.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=60",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "12",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
	ladder := media.LadderOptions{Preset: "ultrafast"}
	single, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: source, OutDir: t.TempDir(), Ladder: ladder, LadderOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	out, m, _ := stitchedLadder(t, source, ladder, 4*time.Second)
	for i, r := range m.Renditions {
		want := map[string]float64{"h264_sd": 30, "h264_hd": 60}[r.Name]
		if r.FrameRate != want {
			t.Fatalf("%s at %g fps, want %g", r.Name, r.FrameRate, want)
		}
		sr := single.Renditions[i]
		if len(r.Segments) != len(sr.Segments) {
			t.Fatalf("%s: %d segments, one job made %d", r.Name, len(r.Segments), len(sr.Segments))
		}
		for j, s := range r.Segments {
			if s.Start != sr.Segments[j].Start || s.Ticks != sr.Segments[j].Ticks {
				t.Errorf("%s segment %d: start %d, %d ticks; one job: %d, %d", r.Name, j, s.Start, s.Ticks, sr.Segments[j].Start, sr.Segments[j].Ticks)
			}
		}
		shown := probeTimes(t, filepath.Join(out, r.MP4), "v:0", "frame=pts_time")
		if len(shown) != int(12*want) {
			t.Errorf("%s: %d frames, want %d", r.Name, len(shown), int(12*want))
		}
		for j := 1; j < len(shown); j++ {
			if step := shown[j][0] - shown[j-1][0]; math.Abs(step-1/want) > 1e-3 {
				t.Errorf("%s: frame %d shows %.4f s after the one before", r.Name, j, step)
				break
			}
		}
	}
}
