package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/webhooks"
)

// subtitlePipeline is a Pipeline with the subtitle capability that keeps
// WebVTT as it is.
type subtitlePipeline struct{ countingPipeline }

func (*subtitlePipeline) ConvertSubtitles(_ context.Context, body []byte) ([]byte, error) {
	return body, nil
}

func (*subtitlePipeline) ApplySubtitles(context.Context, string, []videohost.SubtitleFile) error {
	return nil
}

// claimEnvelopes fans the outbox out and returns, per endpoint, the bodies
// the dispatcher would send, in order.
func (e *env) claimEnvelopes() map[string][][]byte {
	e.t.Helper()
	ctx := context.Background()
	if _, err := e.svc.Jobs().FanOutWebhookEvents(ctx, 100, e.clock.Now()); err != nil {
		e.t.Fatal(err)
	}
	sends, err := e.svc.Jobs().ClaimWebhookDeliveries(ctx, "test", 100, 100, time.Minute, e.clock.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	out := map[string][][]byte{}
	for _, s := range sends {
		body, err := s.Delivery.Envelope()
		if err != nil {
			e.t.Fatal(err)
		}
		out[s.Delivery.Endpoint] = append(out[s.Delivery.Endpoint], body)
	}
	return out
}

func eventTypes(t *testing.T, bodies [][]byte) []string {
	t.Helper()
	var out []string
	for _, b := range bodies {
		var ev webhooks.Event
		if err := json.Unmarshal(b, &ev); err != nil {
			t.Fatalf("envelope %s: %v", b, err)
		}
		out = append(out, ev.Type)
	}
	return out
}

func TestOptInEventKinds(t *testing.T) {
	e := newEnv(t)
	e.usePipeline(&subtitlePipeline{})

	// Without events an endpoint gets the seven kinds it always got; the
	// opt-in kinds are accepted when named, and kept in a stable order.
	plain := e.createWebhook(e.rw, map[string]any{})
	if !slices.Equal(plain.Events, videohost.EventTypes()) || len(plain.Events) != 7 {
		t.Fatalf("default events %v, want the seven lifecycle kinds", plain.Events)
	}
	optIn := e.createWebhook(e.rw, map[string]any{"events": []string{"video.asset.errored", "video.subtitles.updated", "video.errored", "video.created"}})
	if want := []videohost.EventType{"video.created", "video.errored", "video.subtitles.updated", "video.asset.errored"}; !slices.Equal(optIn.Events, want) {
		t.Fatalf("opt-in events %v, want %v", optIn.Events, want)
	}
	r := e.req("POST", "/v1/webhooks", e.rw, map[string]any{"url": hookURL, "events": []string{"video.failed"}})
	p := problem(t, r, http.StatusBadRequest, "validation_failed")
	if !strings.Contains(r.String(), "video.errored") || !strings.Contains(r.String(), "video.subtitles.updated") {
		t.Errorf("the refusal does not list the opt-in kinds: %+v", p)
	}
	// PATCH can add them to an existing endpoint.
	var patched videohost.WebhookEndpoint
	must(t, e.req("PATCH", "/v1/webhooks/"+plain.ID, e.rw, map[string]any{"events": []string{"video.errored"}}), http.StatusOK, &patched)
	if !slices.Equal(patched.Events, []videohost.EventType{"video.errored"}) {
		t.Fatalf("patched events %v", patched.Events)
	}
	must(t, e.req("PATCH", "/v1/webhooks/"+plain.ID, e.rw, map[string]any{"events": webhooks.Kinds()}), http.StatusOK, &patched)

	ctx := context.Background()
	v := e.createVideo(e.rw, map[string]any{"title": "broken"})
	if _, err := e.svc.Fail(ctx, v.ID, videohost.VideoErrNotMedia, "the file is not a video or audio file"); err != nil {
		t.Fatal(err)
	}
	// A second failure is no transition, and no second event.
	if _, err := e.svc.Fail(ctx, v.ID, videohost.VideoErrNotMedia, "again"); err == nil {
		t.Fatal("failing an errored video again succeeded")
	}
	// Subtitles added to, then removed from, another video.
	s := e.createVideo(e.rw, map[string]any{"title": "talk"})
	vtt := "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n"
	r = e.req("PUT", "/v1/videos/"+s.ID+"/subtitles/en?label=English", e.rw, vtt, "Content-Type", "text/vtt")
	if r.status != http.StatusOK {
		t.Fatalf("PUT subtitles: %d %s", r.status, r)
	}
	r = e.req("DELETE", "/v1/videos/"+s.ID+"/subtitles/en", e.rw, nil)
	if r.status != http.StatusNoContent {
		t.Fatalf("DELETE subtitles: %d %s", r.status, r)
	}

	// A poster change of that video that could not be made.
	if err := e.svc.Jobs().PosterFailed(ctx, s.ID, videohost.VideoErrNotMedia, "probe image: no picture that decodes"); err != nil {
		t.Fatal(err)
	}

	got := e.claimEnvelopes()
	if types := eventTypes(t, got[plain.ID]); !slices.Equal(types, []string{"video.created", "video.created"}) {
		t.Errorf("the endpoint without opt-in kinds got %v, want video.created twice only", types)
	}
	wantOptIn := []string{"video.created", "video.errored", "video.created", "video.subtitles.updated", "video.subtitles.updated", "video.asset.errored"}
	if types := eventTypes(t, got[optIn.ID]); !slices.Equal(types, wantOptIn) {
		t.Fatalf("the opt-in endpoint got %v, want %v", types, wantOptIn)
	}

	// The payloads, as receivers see them (ids, hosts and times replaced).
	normalize := func(b []byte) []byte {
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, b, "", "  "); err != nil {
			t.Fatal(err)
		}
		out := strings.NewReplacer(v.ID, "VIDEO_ID", v.Embed, "EMBED_ID", s.ID, "VIDEO_ID", s.Embed, "EMBED_ID",
			e.space, "SPACE", e.baseURL, "http://BASE").Replace(pretty.String())
		out = regexp.MustCompile(`"\d{4}-\d\d-\d\dT[0-9:.]+Z"`).ReplaceAllString(out, `"2026-01-02T03:04:05Z"`)
		return []byte(out + "\n")
	}
	bodies := got[optIn.ID]
	golden(t, "video.errored.json", normalize(bodies[1]))
	golden(t, "video.subtitles.updated.json", normalize(bodies[3]))
	golden(t, "video.asset.errored.json", normalize(bodies[5]))

	var errored struct {
		Data struct {
			State string
			Error *videohost.VideoError
		}
	}
	json.Unmarshal(bodies[1], &errored)
	if errored.Data.State != "errored" || errored.Data.Error == nil || errored.Data.Error.Code != "not_media" {
		t.Errorf("video.errored data %+v, want the errored video with its error", errored.Data)
	}
}

// golden compares got with testdata/webhooks/name, which -update rewrites.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "webhooks", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden file (run with -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update and review the diff):\n%s", name, got)
	}
}
