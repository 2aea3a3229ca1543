package worker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/trackadmin"
)

// editPipeline transcodes to a ready video with a poster, and fails the
// poster and added-track operations with its errors, counting the calls.
type editPipeline struct {
	countingPipeline
	posterErr, audioErr error

	mu                  sync.Mutex
	posterCalls, audios int
}

func (p *editPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	out, err := p.countingPipeline.Process(ctx, in)
	if out != nil {
		out.Assets.Poster = true
	}
	return out, err
}

func (*editPipeline) ProbeAudio(context.Context, string) error { return nil }
func (*editPipeline) ProbeImage(context.Context, string) error { return nil }
func (p *editPipeline) AddAudioTrack(context.Context, string, videohost.AddedAudio) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.audios++
	return p.audioErr
}
func (*editPipeline) KeepAudioTracks(context.Context, string, []string) error { return nil }
func (p *editPipeline) PosterFromImage(context.Context, string, string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.posterCalls++
	return p.posterErr
}
func (p *editPipeline) PosterAt(_ context.Context, _ string, at float64) (float64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.posterCalls++
	return at, p.posterErr
}

// readyVideo gives e's service p as its pipeline (the API's checks of
// tracks and posters need one) and returns a ready video transcoded by p.
func readyVideo(t *testing.T, e *env, p videohost.Pipeline) *videohost.Video {
	t.Helper()
	svc, err := videohost.New(videohost.Config{Store: e.db, Queue: e.db, Blobs: e.blobs, Clock: e.clock, Pipeline: p,
		Secret: bytes.Repeat([]byte("s"), 32), BaseURL: "http://reel.test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	v := uploaded(t, e)
	runOne(t, e.worker(t, "transcode", p))
	if got := e.video(t, v.ID); got.State != videohost.StateReady {
		t.Fatalf("video %s, want ready", got.State)
	}
	return v
}

// pngFile writes a small PNG, a poster upload that passes the API's checks.
func pngFile(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 16, 9))); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "poster")
	if err := os.WriteFile(p, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDeterministicPosterFailureIsPermanent: a poster job whose pipeline
// fails with a code about the input (the WebP: no_video; not_media,
// unsupported_codec) runs once, not again on backoff; a failure with no
// such code is retried until the job's attempts are spent. Either way the
// video stays ready, its poster_error holds the code and the message, one
// video.asset.errored is emitted, and the next poster change clears it.
func TestDeterministicPosterFailureIsPermanent(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		err   error
		calls int
		want  videohost.VideoError
	}{
		{"no_video", &videohost.Error{Code: videohost.ENoVideo, Message: "poster: no video stream"}, 1,
			videohost.VideoError{Code: videohost.ENoVideo, Message: "poster: no video stream"}},
		{"not_media", &videohost.Error{Code: videohost.VideoErrNotMedia, Message: "poster: no decodable picture"}, 1,
			videohost.VideoError{Code: videohost.VideoErrNotMedia, Message: "poster: no decodable picture"}},
		{"unsupported_codec", &videohost.Error{Code: videohost.VideoErrUnsupportedCodec, Message: "poster: no decoder"}, 1,
			videohost.VideoError{Code: videohost.VideoErrUnsupportedCodec, Message: "poster: no decoder"}},
		{"a passing failure", errors.New("disk full"), 5,
			videohost.VideoError{Code: videohost.VideoErrTranscodeFailed, Message: "disk full"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			p := &editPipeline{posterErr: c.err}
			v := readyVideo(t, e, p)
			if _, err := trackadmin.New(e.svc).SetPoster(ctx, e.p, v.ID, trackadmin.PosterInput{Image: pngFile(t)}); err != nil {
				t.Fatal(err)
			}
			e.drain(t, e.worker(t, "w", p))
			if p.posterCalls != c.calls {
				t.Errorf("the poster was tried %d times, want %d", p.posterCalls, c.calls)
			}
			got := e.video(t, v.ID)
			if got.State != videohost.StateReady || got.Error != nil {
				t.Errorf("video %s, error %+v; want ready: a poster failing leaves the video playing", got.State, got.Error)
			}
			if got.PosterError == nil || *got.PosterError != c.want {
				t.Errorf("poster_error %+v, want %+v", got.PosterError, c.want)
			}
			if n := assetErrored(t, e, v.ID, func(d videohost.Video) bool { return d.PosterError != nil && *d.PosterError == c.want }); n != 1 {
				t.Errorf("%d video.asset.errored events carrying the poster error, want 1", n)
			}

			// The next change clears it.
			at := 0.5
			if _, err := trackadmin.New(e.svc).SetPoster(ctx, e.p, v.ID, trackadmin.PosterInput{Time: &at}); err != nil {
				t.Fatal(err)
			}
			if got := e.video(t, v.ID); got.PosterError != nil {
				t.Errorf("poster_error %+v after a new poster change", got.PosterError)
			}
		})
	}
}

// TestDeterministicTrackFailureIsPermanent: an added audio track whose file
// the pipeline cannot encode for a reason of the file ends errored with
// that code after one attempt, with video.asset.errored; one failing for
// any other reason is retried until the job's attempts are spent, then
// errored the same way.
func TestDeterministicTrackFailureIsPermanent(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		err   error
		calls int
		code  string
	}{
		{"not_media", &videohost.Error{Code: videohost.VideoErrNotMedia, Message: "probe: not media"}, 1, videohost.VideoErrNotMedia},
		{"duration_too_long", &videohost.Error{Code: videohost.VideoErrDurationTooLong, Message: "too long"}, 1, videohost.VideoErrDurationTooLong},
		{"a passing failure", errors.New("disk full"), 5, videohost.VideoErrTranscodeFailed},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			p := &editPipeline{audioErr: c.err}
			v := readyVideo(t, e, p)
			if _, err := trackadmin.New(e.svc).PutAudioTrack(ctx, e.p, v.ID, "fr", trackadmin.AudioTrackInput{Path: pngFile(t)}); err != nil {
				t.Fatal(err)
			}
			e.drain(t, e.worker(t, "w", p))
			if p.audios != c.calls {
				t.Errorf("the track was tried %d times, want %d", p.audios, c.calls)
			}
			errored := func(d videohost.Video) bool {
				for _, a := range d.AudioTracks {
					if a.Added && a.State == videohost.TrackErrored && a.Error != nil && a.Error.Code == c.code {
						return true
					}
				}
				return false
			}
			if got := e.video(t, v.ID); got.State != videohost.StateReady || !errored(*got) {
				t.Errorf("video %s, tracks %+v; want ready with the fr track errored %s", got.State, got.AudioTracks, c.code)
			}
			if n := assetErrored(t, e, v.ID, errored); n != 1 {
				t.Errorf("%d video.asset.errored events carrying the track's error, want 1", n)
			}
		})
	}
}

// assetErrored counts the video.asset.errored events of a video whose
// data passes ok.
func assetErrored(t *testing.T, e *env, videoID string, ok func(videohost.Video) bool) int {
	t.Helper()
	events, err := e.db.Events(context.Background(), 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ev := range events {
		if ev.Type != videohost.EventVideoAssetErrored || ev.VideoID != videoID {
			continue
		}
		var d videohost.Video
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			t.Fatal(err)
		}
		if ok(d) {
			n++
		}
	}
	return n
}
