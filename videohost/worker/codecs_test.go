package worker_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/codecadmin"
)

// codecPipeline transcodes like countingPipeline, recording the codec
// policy each transcode was given, and adds codecs by writing a rendition
// folder per codec it is asked for and the folder lacks (a fake of the
// media side's AddCodecs: the real encode is tested there).
type codecPipeline struct {
	countingPipeline
	mu        sync.Mutex
	processed []map[string]string
	added     [][]string
	policies  []map[string]string
}

func (p *codecPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	p.mu.Lock()
	p.processed = append(p.processed, in.Codecs)
	p.mu.Unlock()
	if err := os.MkdirAll(filepath.Join(in.OutDir, "h264_sd"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(in.OutDir, "h264_sd", "playlist.m3u8"), []byte("#EXTM3U h264\n"), 0o644); err != nil {
		return nil, err
	}
	return p.countingPipeline.Process(ctx, in)
}

func (p *codecPipeline) AddCodecs(_ context.Context, dir, source string, policy map[string]string) ([]string, error) {
	if _, err := os.Stat(source); err != nil {
		return nil, fmt.Errorf("no source: %w", err)
	}
	var added []string
	for _, c := range []string{"hevc", "av1"} {
		if r, ok := policy[c]; !ok || r == "none" {
			continue
		}
		folder := filepath.Join(dir, c+"_sd")
		if _, err := os.Stat(folder); err == nil {
			continue
		}
		if err := os.MkdirAll(folder, 0o755); err != nil {
			return nil, err
		}
		for name, body := range map[string]string{"playlist.m3u8": "#EXTM3U " + c + "\n", "init.mp4": "init", "0.m4s": "0123456789"} {
			if err := os.WriteFile(filepath.Join(folder, name), []byte(body), 0o644); err != nil {
				return nil, err
			}
		}
		added = append(added, c)
	}
	p.mu.Lock()
	p.added = append(p.added, added)
	p.policies = append(p.policies, maps.Clone(policy))
	p.mu.Unlock()
	return added, nil
}

func (p *codecPipeline) calls() (processed []map[string]string, added [][]string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.processed), slices.Clone(p.added)
}

func setCodecs(t *testing.T, e *env, kind, id string, rules map[string]any) *codecadmin.View {
	t.Helper()
	patch := map[string]json.RawMessage{}
	for c, r := range rules {
		raw, _ := json.Marshal(r)
		patch[c] = raw
	}
	v, err := codecadmin.New(e.svc).UpdatePolicy(context.Background(), e.p, kind, id, patch)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestTranscodePassesCodecPolicy: the transcode gets the video's effective
// policy without the codecs waiting for views, and nil when that is H.264
// alone (nothing changes for anyone without a policy).
func TestTranscodePassesCodecPolicy(t *testing.T) {
	for _, c := range []struct {
		name  string
		space map[string]any
		want  map[string]string
	}{
		{"no policy", nil, nil},
		{"av1 for hd and up", map[string]any{"av1": ">=720p"}, map[string]string{"h264": "all", "av1": ">=720p"}},
		{"av1 waiting for views", map[string]any{"av1": "all after 100 views"}, nil},
		{"hevc now, av1 later", map[string]any{"hevc": "all", "av1": "all after 100 views"}, map[string]string{"h264": "all", "hevc": "all"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			if c.space != nil {
				setCodecs(t, e, videohost.PlayerScopeSpace, "", c.space)
			}
			p := &codecPipeline{}
			readyVideo(t, e, p)
			processed, _ := p.calls()
			if len(processed) != 1 || !maps.Equal(processed[0], c.want) || (c.want == nil) != (processed[0] == nil) {
				t.Fatalf("ProcessInput.Codecs %v, want %v", processed, c.want)
			}
		})
	}
}

// TestCodecPolicyChangeAddsCodecs: a policy change on a ready video queues
// a job that adds the missing codec to a copy of its version, publishes it
// as a new version listing the new rendition, and leaves the H.264 files
// as they were; a second run finds nothing missing.
func TestCodecPolicyChangeAddsCodecs(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	p := &codecPipeline{}
	v := readyVideo(t, e, p)
	before := e.video(t, v.ID)

	view := setCodecs(t, e, videohost.PlayerScopeVideo, v.ID, map[string]any{"av1": "all"})
	if view.Queued == nil || *view.Queued != 1 {
		t.Fatalf("queued %v, want 1", view.Queued)
	}
	w := e.worker(t, "codecs", p)
	runOne(t, w)
	after := e.video(t, v.ID)
	if after.AssetVersion == before.AssetVersion {
		t.Fatal("no new version published")
	}
	i := slices.IndexFunc(after.Renditions, func(r videohost.Rendition) bool { return r.Name == "av1_sd" })
	if i < 0 || after.Renditions[i].Codec != "av1" || after.Renditions[i].Size != int64(len("#EXTM3U av1\n")+len("init")+len("0123456789")) ||
		after.Renditions[i].Width != 320 || after.Renditions[i].Height != 240 {
		t.Fatalf("renditions %+v", after.Renditions)
	}
	_, added := p.calls()
	if len(added) != 1 || !slices.Equal(added[0], []string{"av1"}) || !maps.Equal(p.policies[0], map[string]string{"h264": "all", "av1": "all"}) {
		t.Fatalf("AddCodecs added %v with %v", added, p.policies)
	}
	published := filepath.Join(t.TempDir(), "published")
	if err := e.svc.Jobs().CheckoutAssets(ctx, after, published); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"av1_sd/0.m4s": "0123456789", "h264_sd/playlist.m3u8": "#EXTM3U h264\n"} {
		got, err := os.ReadFile(filepath.Join(published, filepath.FromSlash(name)))
		if err != nil || string(got) != want {
			t.Fatalf("%s in the new version: %q (%v), want %q", name, got, err, want)
		}
	}

	// Nothing is missing now: a change that adds nothing queues nothing,
	// and a job run again publishes nothing.
	view = setCodecs(t, e, videohost.PlayerScopeSpace, "", map[string]any{"av1": ">=720p"})
	if *view.Queued != 0 {
		t.Fatalf("queued %d for a video that lacks nothing", *view.Queued)
	}
	if err := codecadmin.New(e.svc).Queue(ctx, v.Space, v.ID); err != nil {
		t.Fatal(err)
	}
	runOne(t, w)
	if got := e.video(t, v.ID); got.AssetVersion != after.AssetVersion {
		t.Fatal("a job with nothing to add published a version")
	}
	if _, added := p.calls(); len(added) != 1 {
		t.Fatalf("AddCodecs called again: %v", added)
	}
}

// TestViewTriggerAddsCodec: under "all after 3 views", the sweep adds AV1
// once the analytics count the third view, and not before; the clock is
// the test's.
func TestViewTriggerAddsCodec(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	p := &codecPipeline{}
	v := readyVideo(t, e, p)
	setCodecs(t, e, videohost.PlayerScopeSpace, "", map[string]any{"av1": "all after 3 views"})
	w := e.worker(t, "views", p)

	view := func(session string) {
		t.Helper()
		now := e.clock.Now()
		sig := analytics.Signal{VideoID: v.ID, Space: v.Space, Duration: 1, Session: session, Viewer: session,
			Kind: analytics.SignalHeartbeat, At: now, Received: now, From: 0, To: 1}
		if err := analytics.RecordPlayback(ctx, e.db, []analytics.Signal{sig}); err != nil {
			t.Fatal(err)
		}
	}
	sweep := func() int {
		t.Helper()
		n, err := w.SweepViewTriggers(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, s := range []string{"a", "b"} {
		view(s)
		e.clock.Advance(20 * time.Minute)
		if n := sweep(); n != 0 {
			t.Fatalf("queued %d at %s, before the threshold", n, s)
		}
	}
	if ran, err := w.RunOne(ctx); err != nil || ran {
		t.Fatalf("a job ran before the threshold (%v)", err)
	}
	if got := e.video(t, v.ID); slices.ContainsFunc(got.Renditions, func(r videohost.Rendition) bool { return r.Codec == "av1" }) {
		t.Fatal("AV1 before the threshold")
	}

	// The third view, in the next hour: the sweep sees it and adds AV1.
	e.clock.Advance(30 * time.Minute)
	view("c")
	e.clock.Advance(time.Minute)
	if n := sweep(); n != 1 {
		t.Fatalf("queued %d after the threshold, want 1", n)
	}
	runOne(t, w)
	got := e.video(t, v.ID)
	if !slices.ContainsFunc(got.Renditions, func(r videohost.Rendition) bool { return r.Name == "av1_sd" }) {
		t.Fatalf("no AV1 after the threshold: %+v", got.Renditions)
	}
	// Swept again, the video lacks nothing.
	e.clock.Advance(2 * time.Hour)
	view("d")
	if n := sweep(); n != 0 {
		t.Fatalf("queued %d for a video that has AV1", n)
	}
}
