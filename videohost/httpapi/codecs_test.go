package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

type codecView struct {
	Scope     string                `json:"scope"`
	ID        string                `json:"id"`
	Rules     map[string]string     `json:"rules"`
	Inherited map[string]string     `json:"inherited"`
	Resolved  map[string]string     `json:"resolved"`
	Video     *videohost.CodecState `json:"video"`
	Queued    *int                  `json:"queued"`
}

// codecsOnly is a pipeline that can only add codecs: enough for the API
// to queue the jobs (no worker runs here).
type codecsOnly struct{}

func (codecsOnly) Process(context.Context, videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	return nil, errors.New("not here")
}
func (codecsOnly) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return nil, errors.New("not here")
}
func (codecsOnly) AddCodecs(context.Context, string, string, map[string]string) ([]string, error) {
	return nil, errors.New("not here")
}

func TestCodecPolicy(t *testing.T) {
	e := newEnv(t, func(e *env) {
		e.svcOpts = append(e.svcOpts, func(c *videohost.Config) { c.Pipeline = codecsOnly{} })
	})
	top := e.createCollection(e.rw, "Talks", "")
	sub := e.createCollection(e.rw, "2026", top.ID)
	v := e.publish(publishOptions{})
	must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, map[string]any{"collection": sub.ID}), http.StatusOK, nil)
	other := e.publish(publishOptions{}) // in no collection

	// Nothing set: H.264 alone, and the video JSON says so.
	var cv codecView
	must(t, e.req("GET", "/v1/space/codecs", e.ro, nil), http.StatusOK, &cv)
	if cv.Scope != "space" || cv.ID != e.space || len(cv.Rules) != 0 || cv.Resolved["h264"] != "all" || cv.Resolved["av1"] != "none" {
		t.Fatalf("fresh space: %+v", cv)
	}
	var got videohost.Video
	must(t, e.req("GET", "/v1/videos/"+v.ID, e.ro, nil), http.StatusOK, &got)
	if cp := got.CodecPolicy; cp == nil || cp.Rules["h264"] != "all" || !slices.Equal(cp.Encoded, []string{"h264"}) || len(cp.Missing) != 0 {
		t.Fatalf("codec_policy without a policy: %+v", got.CodecPolicy)
	}

	// Space, then the collections from the top, then the video; the
	// nearest wins codec by codec.
	steps := []struct {
		path      string
		patch     map[string]any
		queued    int
		wantRules map[string]string // the scope's own rules after the patch
	}{
		{"/v1/space/codecs", map[string]any{"hevc": "all after 1000 views"}, 0, map[string]string{"hevc": "all after 1000 views"}},
		{"/v1/collections/" + top.ID + "/codecs", map[string]any{"av1": ">=720P"}, 0, map[string]string{"av1": ">=720p"}},
		{"/v1/collections/" + sub.ID + "/codecs", map[string]any{"av1": "all after 5 views"}, 0, map[string]string{"av1": "all after 5 views"}},
		// The video has sd only: av1 for every rung now is missing.
		{"/v1/videos/" + v.ID + "/codecs", map[string]any{"av1": "all", "hevc": "none"}, 1, map[string]string{"av1": "all", "hevc": "none"}},
	}
	for _, s := range steps {
		cv = codecView{}
		must(t, e.req("PATCH", s.path, e.rw, s.patch), http.StatusOK, &cv)
		if !mapsEqual(cv.Rules, s.wantRules) || cv.Queued == nil || *cv.Queued != s.queued {
			t.Fatalf("PATCH %s %v: %+v (queued %v)", s.path, s.patch, cv, cv.Queued)
		}
	}
	cv = codecView{}
	must(t, e.req("GET", "/v1/collections/"+sub.ID+"/codecs", e.ro, nil), http.StatusOK, &cv)
	if cv.Inherited["av1"] != ">=720p" || cv.Inherited["hevc"] != "all after 1000 views" || cv.Resolved["av1"] != "all after 5 views" {
		t.Fatalf("nested collection: %+v", cv)
	}
	cv = codecView{}
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/codecs", e.ro, nil), http.StatusOK, &cv)
	if cv.Resolved["av1"] != "all" || cv.Resolved["hevc"] != "none" || cv.Video == nil || !slices.Equal(cv.Video.Missing, []string{"av1"}) {
		t.Fatalf("video: %+v %+v", cv, cv.Video)
	}
	got = videohost.Video{}
	must(t, e.req("GET", "/v1/videos/"+other.ID, e.ro, nil), http.StatusOK, &got)
	if cp := got.CodecPolicy; cp == nil || cp.Rules["hevc"] != "all after 1000 views" || !slices.Equal(cp.Waiting, []string{"hevc"}) || cp.NextThreshold != 1000 {
		t.Fatalf("a video in no collection inherits the space: %+v", got.CodecPolicy)
	}
	// The video's job was queued once.
	if n := e.codecJobs(v.ID); n != 1 {
		t.Fatalf("%d codec jobs for the video, want 1", n)
	}

	// A video moved into a collection whose policy names a codec it lacks
	// gets the job too.
	av1 := e.createCollection(e.rw, "AV1", "")
	cv = codecView{}
	must(t, e.req("PATCH", "/v1/collections/"+av1.ID+"/codecs", e.rw, map[string]any{"av1": "all"}), http.StatusOK, &cv)
	if *cv.Queued != 0 {
		t.Fatalf("queued %d for an empty collection", *cv.Queued)
	}
	must(t, e.req("PATCH", "/v1/videos/"+other.ID, e.rw, map[string]any{"collection": av1.ID}), http.StatusOK, nil)
	if n := e.codecJobs(other.ID); n != 1 {
		t.Fatalf("%d codec jobs for the moved video, want 1", n)
	}

	// null unsets: the video inherits again.
	cv = codecView{}
	must(t, e.req("PATCH", "/v1/videos/"+v.ID+"/codecs", e.rw, map[string]any{"av1": nil, "hevc": nil}), http.StatusOK, &cv)
	if len(cv.Rules) != 0 || cv.Resolved["av1"] != "all after 5 views" {
		t.Fatalf("unset: %+v", cv)
	}

	// Refused policies name the codec: 400 invalid_codec_policy.
	for _, bad := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"vp9": "all"}, "vp9"},
		{map[string]any{"av1": "most"}, "av1"},
		{map[string]any{"av1": 3}, "av1"},
		{map[string]any{"av1": "all after -1 views"}, "av1"},
		{map[string]any{"h264": "none"}, "h264"},
		{map[string]any{"h264": ">=720p"}, "h264"},
	} {
		p := problem(t, e.req("PATCH", "/v1/space/codecs", e.rw, bad.body), http.StatusBadRequest, videohost.ECodecPolicy)
		if len(p.Errors) != 1 || p.Errors[0].Field != bad.field {
			t.Errorf("%v: errors %+v, want the field %s", bad.body, p.Errors, bad.field)
		}
	}
	// Read-only keys read; other spaces see nothing.
	problem(t, e.req("PATCH", "/v1/space/codecs", e.ro, map[string]any{"av1": "all"}), http.StatusForbidden, videohost.EReadOnlyKey)
	problem(t, e.req("GET", "/v1/videos/"+v.ID+"/codecs", e.otherRW, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("PATCH", "/v1/collections/"+top.ID+"/codecs", e.otherRW, map[string]any{"av1": "all"}), http.StatusNotFound, videohost.ENotFound)
	cv = codecView{}
	must(t, e.req("GET", "/v1/space/codecs", e.otherRW, nil), http.StatusOK, &cv)
	if len(cv.Rules) != 0 {
		t.Fatalf("the other space sees rules: %+v", cv)
	}
}

// codecJobs counts the JobCodecs queued for a video.
func (e *env) codecJobs(videoID string) int {
	e.t.Helper()
	n := 0
	for {
		job, err := e.db.Claim(context.Background(), "test", []videohost.JobKind{videohost.JobCodecs}, 60e9)
		if err != nil {
			e.t.Fatal(err)
		}
		if job == nil {
			return n
		}
		if job.VideoID == videoID {
			n++
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
