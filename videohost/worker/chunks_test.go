// The tests of chunked encodes run the real FFmpeg pipeline (cgo).

//go:build cgo

package worker_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/transcode"
	"github.com/reelvideo/reel/videohost/worker"
)

// chunkSource writes a 30 s 320x240 H.264/AAC source: with chunks of 8 s
// it makes four chunks (three joins) and the audio.
func chunkSource(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	path := filepath.Join(t.TempDir(), "long.mp4")
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", "30", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	return path
}

// chunkPipeline is the real FFmpeg pipeline, counting the runs of each
// chunk and failing those it is told to.
type chunkPipeline struct {
	*transcode.Pipeline
	mu        *sync.Mutex // shared by pipelines that share failOnce
	runs      map[int]int // span index → EncodeChunk calls
	failOnce  map[int]bool
	failCode  map[int]string  // fails for good with this code
	onEncode  func(index int) // called before each encode
	processed int
}

func newChunkPipeline() *chunkPipeline {
	return &chunkPipeline{
		Pipeline: transcode.New(transcode.Config{Ladder: media.LadderOptions{Preset: "ultrafast"}}),
		mu:       &sync.Mutex{},
		runs:     map[int]int{}, failOnce: map[int]bool{}, failCode: map[int]string{},
	}
}

func (p *chunkPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	p.mu.Lock()
	p.processed++
	p.mu.Unlock()
	return p.Pipeline.Process(ctx, in)
}

func (p *chunkPipeline) EncodeChunk(ctx context.Context, in videohost.ChunkInput) error {
	var span media.ChunkSpan
	if err := json.Unmarshal(in.Spec, &span); err != nil {
		return err
	}
	p.mu.Lock()
	p.runs[span.Index]++
	failOnce := p.failOnce[span.Index]
	delete(p.failOnce, span.Index)
	code := p.failCode[span.Index]
	onEncode := p.onEncode
	p.mu.Unlock()
	if onEncode != nil {
		onEncode(span.Index)
	}
	switch {
	case code != "":
		return &videohost.Error{Code: code, Message: "chunk cannot be decoded"}
	case failOnce:
		return errors.New("worker died")
	}
	return p.Pipeline.EncodeChunk(ctx, in)
}

func (p *chunkPipeline) runsOf() map[int]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[int]int{}
	for k, v := range p.runs {
		out[k] = v
	}
	return out
}

func (e *env) chunkWorker(t *testing.T, p videohost.Pipeline, threshold time.Duration) *worker.Worker {
	t.Helper()
	w, err := worker.New(worker.Config{Jobs: e.svc.Jobs(), Pipeline: p, WorkDir: filepath.Join(e.dir, "work"),
		ID: "w1", Lease: time.Minute, PollInterval: 10 * time.Millisecond,
		ChunkThreshold: threshold, ChunkLength: 8 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// uploadFile creates a video with the file as its source.
func (e *env) uploadFile(t *testing.T, path string) *videohost.Video {
	t.Helper()
	ctx := context.Background()
	v, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "long"})
	if err != nil {
		t.Fatal(err)
	}
	copy := filepath.Join(t.TempDir(), "upload")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copy, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.ImportSource(ctx, v.ID, copy); err != nil {
		t.Fatal(err)
	}
	return v
}

// keys lists every key in the blob store.
func (e *env) keys(t *testing.T) []string {
	t.Helper()
	infos, err := e.blobs.List(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, b := range infos {
		keys = append(keys, b.Key)
	}
	return keys
}

// leftBehind lists the keys that are neither the video's source nor in the
// asset version it points at.
func (e *env) leftBehind(t *testing.T, v *videohost.Video) []string {
	t.Helper()
	var left []string
	for _, k := range e.keys(t) {
		source := strings.HasSuffix(k, "/"+v.ID+"/source")
		published := v.AssetVersion != "" && strings.Contains(k, "/"+v.ID+"/"+v.AssetVersion+"/")
		if !source && !published {
			left = append(left, k)
		}
	}
	return left
}

// jobsOf answers the state of every job of a kind for the video.
func (e *env) jobsOf(t *testing.T, videoID string, kind videohost.JobKind) []videohost.JobState {
	t.Helper()
	var states []videohost.JobState
	for id := int64(1); ; id++ {
		j, err := e.db.Job(context.Background(), id)
		if err != nil {
			return states
		}
		if j.VideoID == videoID && j.Kind == kind {
			states = append(states, j.State)
		}
	}
}

func TestLongVideoIsEncodedInChunks(t *testing.T) {
	e := newEnv(t)
	p := newChunkPipeline()
	v := e.uploadFile(t, chunkSource(t))
	e.drain(t, e.chunkWorker(t, p, 10*time.Second))

	got := e.video(t, v.ID)
	if got.State != videohost.StateReady || !got.Playable || got.Duration < 29.9 {
		t.Fatalf("video %s, duration %.2f, error %+v", got.State, got.Duration, got.Error)
	}
	if p.processed != 0 {
		t.Errorf("Process ran %d times; the chunks should have encoded it", p.processed)
	}
	if runs := p.runsOf(); len(runs) != 4 || runs[0] != 1 || runs[1] != 1 || runs[2] != 1 || runs[3] != 1 {
		t.Errorf("chunk runs %v, want each of 4 once", runs)
	}
	states := e.jobsOf(t, v.ID, videohost.JobChunk)
	if len(states) != 5 {
		t.Errorf("%d chunk jobs, want 4 and the audio", len(states))
	}
	if stitches := e.jobsOf(t, v.ID, videohost.JobStitch); len(stitches) != 1 || stitches[0] != videohost.JobDone {
		t.Errorf("stitch jobs %v, want one done", stitches)
	}
	// The published set: every segment of 4 s numbered through, and no
	// chunk left anywhere.
	if left := e.leftBehind(t, got); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	keys := e.keys(t)
	segments := 0
	for _, k := range keys {
		if strings.Contains(k, "/h264_sd/") && strings.HasSuffix(k, ".m4s") {
			segments++
		}
	}
	if segments != 8 {
		t.Errorf("%d segments of h264_sd published, want 8", segments)
	}
	for _, name := range []string{"poster.jpg", "storyboard.jpg", "audio.m4a", "h264_sd.mp4", "manifest.mpd"} {
		if !containsSuffix(keys, "/"+name) {
			t.Errorf("%s not published: %v", name, keys)
		}
	}
	if left, _ := e.svc.Jobs().Chunks(context.Background(), v.ID); len(left) != 0 {
		t.Errorf("chunks left in the store: %+v", left)
	}
	if entries, _ := os.ReadDir(filepath.Join(e.dir, "work")); len(entries) != 0 {
		t.Errorf("scratch left: %v", entries)
	}
}

// TestLongNonStandardVideoPlaysBeforeTheStitch: a long source that cannot
// be remuxed (4:4:4) is encoded in chunks, and the transcode job that
// planned them runs the early pass alone, so the video plays, to its end,
// before any chunk is encoded: when the first chunk starts, the video is
// playable on an early version whose finished playlist lists segments of
// the whole source, copied to the blob store (the job's folder is gone).
func TestLongNonStandardVideoPlaysBeforeTheStitch(t *testing.T) {
	skipUnderRace(t)
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	src := filepath.Join(t.TempDir(), "long.mp4")
	if out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", "30", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p", "-c:a", "aac", src).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	e := newEnv(t)
	p := newChunkPipeline()
	v := e.uploadFile(t, src)
	var checked bool
	p.onEncode = func(int) {
		if checked {
			return
		}
		checked = true
		early := e.video(t, v.ID)
		if !early.Playable || early.State != videohost.StateProcessing || !strings.HasPrefix(early.AssetVersion, "p") {
			t.Errorf("at the first chunk: playable %v, %s, version %q; want playable early", early.Playable, early.State, early.AssetVersion)
			return
		}
		b, _, err := e.svc.OpenAsset(context.Background(), early, "h264_sd/playlist.m3u8")
		if err != nil {
			t.Errorf("early playlist: %v", err)
			return
		}
		list, _ := io.ReadAll(b)
		b.Close()
		segments, seconds := 0, 0.0
		for _, line := range strings.Split(string(list), "\n") {
			if d, ok := strings.CutPrefix(line, "#EXTINF:"); ok {
				f, _ := strconv.ParseFloat(strings.TrimSuffix(d, ","), 64)
				seconds += f
			}
			if strings.HasSuffix(line, ".m4s") {
				segments++
				seg, _, err := e.svc.OpenAsset(context.Background(), early, "h264_sd/"+line)
				if err != nil {
					t.Errorf("early segment %s: %v", line, err)
					continue
				}
				seg.Close()
			}
		}
		if !strings.Contains(string(list), "#EXT-X-ENDLIST") || segments < 8 || math.Abs(seconds-30) > 0.05 {
			t.Errorf("early playlist of %d segments, %.3f s, want a finished one of the whole 30 s:\n%s", segments, seconds, list)
		}
	}
	e.drain(t, e.chunkWorker(t, p, 10*time.Second))
	if !checked {
		t.Fatal("no chunk was encoded")
	}
	got := e.video(t, v.ID)
	if got.State != videohost.StateReady || got.Duration < 29.9 {
		t.Fatalf("video %s, duration %.2f, error %+v", got.State, got.Duration, got.Error)
	}
	if p.processed != 1 {
		t.Errorf("Process ran %d times, want once: the early pass alone", p.processed)
	}
	if entries, _ := os.ReadDir(filepath.Join(e.dir, "work")); len(entries) != 0 {
		t.Errorf("scratch left: %v", entries)
	}
}

func TestShortVideoKeepsOneJob(t *testing.T) {
	skipUnderRace(t)
	e := newEnv(t)
	p := newChunkPipeline()
	v := e.uploadFile(t, chunkSource(t))
	e.drain(t, e.chunkWorker(t, p, 2*time.Minute))
	if got := e.video(t, v.ID); got.State != videohost.StateReady {
		t.Fatalf("video %s", got.State)
	}
	if p.processed != 1 || len(p.runsOf()) != 0 || len(e.jobsOf(t, v.ID, videohost.JobChunk)) != 0 {
		t.Errorf("Process ran %d times, chunks %v", p.processed, p.runsOf())
	}
}

func TestFailedChunkIsRetriedAlone(t *testing.T) {
	skipUnderRace(t)
	e := newEnv(t)
	p := newChunkPipeline()
	p.failOnce[2] = true
	v := e.uploadFile(t, chunkSource(t))
	e.drain(t, e.chunkWorker(t, p, 10*time.Second))
	if got := e.video(t, v.ID); got.State != videohost.StateReady {
		t.Fatalf("video %s: %+v", got.State, got.Error)
	}
	if runs := p.runsOf(); runs[0] != 1 || runs[1] != 1 || runs[2] != 2 || runs[3] != 1 {
		t.Errorf("chunk runs %v: chunk 2 should have run twice, the others once", runs)
	}
	if left := e.leftBehind(t, e.video(t, v.ID)); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestChunkFailingForGoodFailsTheVideoOnce(t *testing.T) {
	e := newEnv(t)
	p := newChunkPipeline()
	p.failCode[1] = videohost.VideoErrUnsupportedCodec
	p.failCode[3] = videohost.VideoErrUnsupportedCodec
	v := e.uploadFile(t, chunkSource(t))
	e.drain(t, e.chunkWorker(t, p, 10*time.Second))

	got := e.video(t, v.ID)
	if got.State != videohost.StateErrored || got.Error == nil || got.Error.Code != videohost.VideoErrUnsupportedCodec {
		t.Fatalf("video %s, error %+v; want errored with unsupported_codec", got.State, got.Error)
	}
	events, err := e.db.Events(context.Background(), 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	errored := 0
	for _, ev := range events {
		if ev.Type == videohost.EventVideoErrored && ev.VideoID == v.ID {
			errored++
		}
	}
	if errored != 1 {
		t.Errorf("%d video.errored events, want 1", errored)
	}
	// Chunk 1 failed first: chunk 3 and the stitch never ran.
	if runs := p.runsOf(); runs[1] != 1 || runs[3] != 0 {
		t.Errorf("chunk runs %v", runs)
	}
	if stitches := e.jobsOf(t, v.ID, videohost.JobStitch); len(stitches) != 0 {
		t.Errorf("stitch jobs %v", stitches)
	}
	// What is left is what the video row points at: its source, and the
	// early playable remux it keeps (as a video that fails in one job does).
	if left := e.leftBehind(t, got); len(left) > 0 {
		t.Errorf("left behind: %v (the video points at %q)", left, got.AssetVersion)
	}
}

func TestDeletingMidwayCancelsChunks(t *testing.T) {
	e := newEnv(t)
	p := newChunkPipeline()
	v := e.uploadFile(t, chunkSource(t))
	// The video is deleted while chunk 1 encodes: that chunk stops, and
	// the rest never start.
	p.onEncode = func(index int) {
		if index == 1 {
			if err := e.svc.DeleteVideo(context.Background(), e.p, v.ID); err != nil {
				t.Error(err)
			}
		}
	}
	e.drain(t, e.chunkWorker(t, p, 10*time.Second))
	if runs := p.runsOf(); runs[0] != 1 || runs[1] != 1 || runs[2] != 0 || runs[3] != 0 {
		t.Errorf("chunk runs %v, want 0 and 1 only", runs)
	}
	for _, s := range e.jobsOf(t, v.ID, videohost.JobChunk) {
		if s != videohost.JobDone && s != videohost.JobDead {
			t.Errorf("chunk job left %s", s)
		}
	}
	if keys := e.keys(t); len(keys) != 0 {
		t.Errorf("left behind: %v", keys)
	}
	if entries, _ := os.ReadDir(filepath.Join(e.dir, "work")); len(entries) != 0 {
		t.Errorf("scratch left: %v", entries)
	}
}

func containsSuffix(keys []string, suffix string) bool {
	for _, k := range keys {
		if strings.HasSuffix(k, suffix) {
			return true
		}
	}
	return false
}

// skipUnderRace skips a test whose time goes to encoding real video, under
// the race detector: the first pass of make test runs it, and the race
// pass keeps the chunk tests whose point is concurrency (several chunk
// jobs at once, two workers on River, one download shared).
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("encodes real video; run without -race in the first pass")
	}
}
