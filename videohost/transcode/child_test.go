package transcode_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/transcode"
)

// TestMain serves as the media child when a test runs this binary with one
// of the child modes below.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "media-child":
			ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
			err := transcode.ServeChild(ctx, os.Stdin, os.Stdout, slog.New(slog.DiscardHandler))
			stop()
			if err != nil {
				os.Exit(1)
			}
			os.Exit(0)
		case "crash-child": // what FFmpeg dying on a hostile file looks like
			readRequest()
			os.Stderr.WriteString("decoder blew up\n")
			_ = syscall.Kill(os.Getpid(), syscall.SIGSEGV)
			time.Sleep(time.Minute)
		case "done-then-crash-child": // answers, then dies tearing down
			readRequest()
			os.Stdout.WriteString(`{"done":{"Duration":1.5}}` + "\n")
			_ = syscall.Kill(os.Getpid(), syscall.SIGSEGV)
			time.Sleep(time.Minute)
		case "hang-child":
			time.Sleep(time.Hour)
		case "silent-child": // exits without answering
			os.Exit(0)
		case "batch-child": // prints the policy of every thread, old and new
			batchChild()
		case "garbage-child": // a Command that is not a media child
			os.Stdout.WriteString("usage: something else\n")
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}

// readRequest reads the request line: the parent keeps stdin open after it.
func readRequest() { _, _ = bufio.NewReader(os.Stdin).ReadString('\n') }

// TestChildStopsWhenItsParentIsGone checks that a media child whose parent
// closed its end of the request pipe (exited, or was killed: the kernel
// closes its descriptors) stops its work and answers at once, instead of
// transcoding on into a folder nobody will publish.
func TestChildStopsWhenItsParentIsGone(t *testing.T) {
	t.Parallel()
	src := makeSource(t, "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=60",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
	r, w := io.Pipe()
	var events strings.Builder
	done := make(chan error, 1)
	go func() {
		done <- transcode.ServeChild(testContext(t), r, &events, slog.New(slog.DiscardHandler))
	}()
	request := fmt.Sprintf(`{"source":%q,"out_dir":%q,"work_dir":%q}`+"\n", src, t.TempDir(), t.TempDir())
	if _, err := io.WriteString(w, request); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	w.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ServeChild: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the child still works a minute after its parent was gone")
	}
	t.Logf("stopped %v after the parent's end closed", time.Since(start).Round(time.Millisecond))
	if got := events.String(); !strings.Contains(got, `"error"`) || strings.Contains(got, `"done"`) {
		t.Errorf("events %q: want a failure, no result", got)
	}
}

func childPipeline(mode string) *transcode.Pipeline {
	return transcode.New(transcode.Config{
		Logger:  slog.New(slog.DiscardHandler),
		Command: []string{os.Args[0], mode},
	})
}

func TestIsolatedPipelineProcessesAndPublishesEarly(t *testing.T) {
	t.Parallel()
	src := makeSource(t, "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=9",
		"-f", "lavfi", "-i", "sine=duration=9", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
	out, work := t.TempDir(), t.TempDir()
	var early []string
	var progress []float64 // the parent's calls come from its reading goroutine, one at a time
	got, err := childPipeline("media-child").Process(testContext(t), videohost.ProcessInput{
		Source: src, OutDir: out, WorkDir: work,
		OnProgress: func(done float64) { progress = append(progress, done) },
		OnPlayable: func(ctx context.Context, dir string, o *videohost.ProcessOutput) error {
			if _, err := os.Stat(filepath.Join(dir, "playlist.m3u8")); err != nil {
				t.Errorf("playable set without a master playlist: %v", err)
			}
			early = append(early, dir)
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(early) != 1 {
		t.Errorf("OnPlayable called %d times, want once", len(early))
	}
	if len(progress) < 2 || progress[len(progress)-1] < 0.97 {
		t.Errorf("progress events %v: want several, the last about 1", progress)
	}
	for i := 1; i < len(progress); i++ {
		if progress[i] <= progress[i-1] {
			t.Errorf("progress went from %v to %v", progress[i-1], progress[i])
		}
	}
	if got.Duration < 8.9 || got.Width != 320 || len(got.Renditions) == 0 || len(got.AudioTracks) != 1 || !got.Assets.Poster {
		t.Errorf("output %+v", got)
	}
	for _, name := range []string{"playlist.m3u8", "poster.jpg", "storyboard.vtt", "clip.mp4", got.Renditions[0].Name + ".mp4"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("missing %s: %v", name, err)
		}
	}
}

// TestIsolatedPipelineSaysWhenTheEarlyPassEnds: the end of the early pass
// of a source that cannot be remuxed (4:4:4 here) crosses the process
// boundary once, after the video became playable and before the result.
func TestIsolatedPipelineSaysWhenTheEarlyPassEnds(t *testing.T) {
	t.Parallel()
	src := makeSource(t, "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25:duration=4",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p")
	var events []string // the parent's calls come from its reading goroutine, one at a time
	_, err := childPipeline("media-child").Process(testContext(t), videohost.ProcessInput{
		Source: src, OutDir: t.TempDir(), WorkDir: t.TempDir(),
		OnPlayable: func(context.Context, string, *videohost.ProcessOutput) error {
			events = append(events, "playable")
			return nil
		},
		OnEarlyDone: func() { events = append(events, "early done") },
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"playable", "early done"}; !slices.Equal(events, want) {
		t.Errorf("events %q, want %q", events, want)
	}
}

func TestIsolatedPipelineFailures(t *testing.T) {
	t.Parallel()
	notMedia := filepath.Join(t.TempDir(), "notes.mp4")
	if err := os.WriteFile(notMedia, []byte("not a video at all\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, mode, source, code, message string
	}{
		{"bad input keeps its code", "media-child", notMedia, videohost.VideoErrNotMedia, ""},
		{"a crash ends the job, not the server", "crash-child", notMedia, videohost.VideoErrTranscodeFailed, "decoder blew up"},
		{"a child that exits without an answer", "silent-child", notMedia, videohost.VideoErrTranscodeFailed, "exited without a result"},
		{"a command that is not a media child", "garbage-child", notMedia, videohost.EInternal, "media process wrote"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := childPipeline(tt.mode).Process(testContext(t), videohost.ProcessInput{
				Source: tt.source, OutDir: t.TempDir(), WorkDir: t.TempDir(),
			})
			if code := videohost.ErrorCode(err); code != tt.code {
				t.Fatalf("error %v (code %q), want code %s", err, code, tt.code)
			}
			if !strings.Contains(err.Error(), tt.message) {
				t.Errorf("error %q does not say %q", err, tt.message)
			}
		})
	}
}

func TestIsolatedPipelineKeepsAResultReportedBeforeACrash(t *testing.T) {
	t.Parallel()
	got, err := childPipeline("done-then-crash-child").Process(testContext(t), videohost.ProcessInput{
		Source: "unused", OutDir: t.TempDir(), WorkDir: t.TempDir(),
	})
	if err != nil || got.Duration != 1.5 {
		t.Fatalf("got %+v, %v; want the reported output", got, err)
	}
}

func TestIsolatedPipelineStopsTheChildOnCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err := childPipeline("hang-child").Process(ctx, videohost.ProcessInput{
		Source: "unused", OutDir: t.TempDir(), WorkDir: t.TempDir(),
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("returned after %v: the child was not stopped", elapsed)
	}
}

func testContext(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// TestPrepare checks the quick look at a stored source, in this process and
// in a child: a standard source gets a playable remux, one that needs
// encoding gets none, and what is not media fails with not_media and a
// message that does not repeat the code.
func TestPrepare(t *testing.T) {
	t.Parallel()
	standard := makeSource(t, "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1",
		"-f", "lavfi", "-i", "sine=duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
	other := makeSource(t, "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1", "-c:v", "mpeg4")
	notMedia := filepath.Join(t.TempDir(), "notes.mp4")
	if err := os.WriteFile(notMedia, []byte("twelve bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	pipelines := map[string]*transcode.Pipeline{
		"inline": transcode.New(transcode.Config{Logger: slog.New(slog.DiscardHandler)}),
		"child":  childPipeline("media-child"),
	}
	for name, p := range pipelines {
		t.Run(name, func(t *testing.T) {
			for _, tt := range []struct {
				source   string
				playable bool
				code     string
			}{{standard, true, ""}, {other, false, ""}, {notMedia, false, videohost.VideoErrNotMedia}} {
				dir := filepath.Join(t.TempDir(), "playable")
				start := time.Now()
				out, err := p.Prepare(testContext(t), videohost.PrepareInput{Source: tt.source, PlayableDir: dir, WorkDir: t.TempDir()})
				if code := videohost.ErrorCode(err); code != tt.code {
					t.Fatalf("%s: error %v, want code %q", filepath.Base(tt.source), err, tt.code)
				}
				if err != nil {
					var ve *videohost.Error
					if !errors.As(err, &ve) || strings.Contains(ve.Message, tt.code) {
						t.Errorf("message %q repeats its code", err)
					}
					// A refusal probes a 12-byte file: milliseconds. The
					// bound leaves room for a child process started under
					// -race on a loaded machine (2.3 s seen beside a
					// benchmark), far below any encode.
					if took := time.Since(start); took > 5*time.Second {
						t.Errorf("refusing took %v", took)
					}
					continue
				}
				if (out != nil) != tt.playable {
					t.Fatalf("%s: output %+v, want playable=%v", filepath.Base(tt.source), out, tt.playable)
				}
				if _, err := os.Stat(filepath.Join(dir, "playlist.m3u8")); (err == nil) != tt.playable {
					t.Errorf("playlist.m3u8 exists=%v, want %v", err == nil, tt.playable)
				}
				if out != nil && (out.Width != 320 || out.Source.Width != 320 || out.Source.Height != 240 || out.Duration < 0.9 || out.Live) {
					t.Errorf("playable output %+v", out)
				}
			}
		})
	}
}
