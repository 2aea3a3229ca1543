package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/installcopy"
)

// installation is what a test reads back from a server: the API's view
// of everything a copy moves, and the bytes of every asset.
type installation struct {
	key, roKey, videoID, webhookID string
	api                            map[string]any    // GET path → normalized JSON
	assets                         map[string][]byte // path under the space URL → body
}

// apiPaths are the reads compared before and after a copy.
func (in *installation) apiPaths(collection string) []string {
	return []string{
		"/v1/videos", "/v1/videos/" + in.videoID, "/v1/videos/" + in.videoID + "/subtitles",
		"/v1/collections", "/v1/collections/" + collection, "/v1/space", "/v1/space/player",
		"/v1/collections/" + collection + "/player", "/v1/videos/" + in.videoID + "/player",
		"/v1/videos/" + in.videoID + "/stats", "/v1/stats", "/v1/webhooks", "/v1/signing-keys",
		"/v1/webhooks/" + in.webhookID + "/deliveries",
	}
}

// normalize makes a response comparable across servers: the base URL
// becomes BASE, and times keep PostgreSQL's precision (microseconds).
func normalize(v any, base string) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = normalize(x, base)
		}
	case []any:
		for i, x := range v {
			v[i] = normalize(x, base)
		}
	case string:
		if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
			return t.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano)
		}
		return strings.ReplaceAll(v, base, "BASE")
	}
	return v
}

// read fills in.api and in.assets from s.
func (in *installation) read(t *testing.T, s *server, collection string) {
	t.Helper()
	in.api = map[string]any{}
	for _, p := range in.apiPaths(collection) {
		resp, b := s.do(t, "GET", p, in.key, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", p, resp.StatusCode, b)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("GET %s: %v", p, err)
		}
		in.api[p] = normalize(v, s.URL())
	}
	_, b := s.do(t, "GET", "/v1/videos/"+in.videoID, in.key, nil)
	var v struct {
		Renditions  []struct{ URL string }
		AudioTracks []struct{ URL string } `json:"audio_tracks"`
		Subtitles   []struct{ URL string }
		URLs        map[string]string
	}
	json.Unmarshal(b, &v)
	urls := []string{v.URLs["hls"], v.URLs["dash"], v.URLs["poster"], v.URLs["clip"], v.URLs["audio"], v.URLs["storyboard"],
		strings.TrimSuffix(v.URLs["poster"], ".jpg") + ".webp", strings.TrimSuffix(v.URLs["storyboard"], ".jpg") + ".vtt"}
	for _, r := range v.Renditions {
		urls = append(urls, r.URL)
	}
	for _, a := range v.AudioTracks {
		urls = append(urls, a.URL)
	}
	for _, s := range v.Subtitles {
		urls = append(urls, s.URL)
	}
	spaceURL := v.URLs["hls"][:strings.LastIndex(v.URLs["hls"], "/"+in.videoID+"/")]
	in.assets = map[string][]byte{}
	var get func(u string)
	get = func(u string) {
		rel := strings.TrimPrefix(u, spaceURL)
		if u == "" || in.assets[rel] != nil {
			return
		}
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", u, resp.StatusCode, body)
		}
		in.assets[rel] = body
		if path, _, _ := strings.Cut(u, "?"); strings.HasSuffix(path, ".m3u8") {
			base := u[:strings.LastIndex(u, "/")+1]
			for _, child := range playlistURIs(string(body)) {
				get(base + child)
			}
		}
	}
	for _, u := range urls {
		get(u)
	}
	if len(in.assets) < 15 {
		t.Fatalf("read only %d assets: %v", len(in.assets), slices.Sorted(maps.Keys(in.assets)))
	}
}

// compare fails for every read or asset of got that differs from in.
func (in *installation) compare(t *testing.T, got *installation) {
	t.Helper()
	for p, want := range in.api {
		if !reflect.DeepEqual(got.api[p], want) {
			g, _ := json.Marshal(got.api[p])
			w, _ := json.Marshal(want)
			t.Errorf("GET %s after the copy:\n got %s\nwant %s", p, g, w)
		}
	}
	for p, want := range in.assets {
		if !bytes.Equal(got.assets[p], want) {
			t.Errorf("asset %s: %d bytes after the copy, %d before (or different bytes)", p, len(got.assets[p]), len(want))
		}
	}
	if len(got.assets) != len(in.assets) {
		t.Errorf("%d assets after the copy, %d before", len(got.assets), len(in.assets))
	}
}

// buildInstallation makes a small real installation on s: a ready video
// in a nested collection, with subtitles, player settings at every scope,
// a webhook endpoint with its deliveries, a signing key and analytics.
func buildInstallation(t *testing.T, s *server, hooks *receiver) (*installation, string) {
	t.Helper()
	in := &installation{key: s.key, roKey: s.roKey}
	src := makeSource(t, t.TempDir(), 2, "320x240")
	origin := httptest.NewServer(http.FileServer(http.Dir(filepath.Dir(src))))
	defer origin.Close()

	resp, b := s.do(t, "POST", "/v1/webhooks", s.key, map[string]any{"url": hooks.URL})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create webhook: %d %s", resp.StatusCode, b)
	}
	var endpoint struct{ ID, Secret string }
	json.Unmarshal(b, &endpoint)
	hooks.verifier.Secrets = []string{endpoint.Secret}
	in.webhookID = endpoint.ID

	var parent, child struct{ ID string }
	_, b = s.do(t, "POST", "/v1/collections", s.key, map[string]any{"name": "Parent"})
	json.Unmarshal(b, &parent)
	_, b = s.do(t, "POST", "/v1/collections", s.key, map[string]any{"name": "Child", "parent": parent.ID})
	json.Unmarshal(b, &child)
	if child.ID == "" {
		t.Fatalf("nested collection: %s", b)
	}
	resp, b = s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/source.mp4", "title": "moving house",
		"collection": child.ID, "metadata": map[string]string{"from": "sqlite"}})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, b)
	}
	var v video
	json.Unmarshal(b, &v)
	in.videoID = v.ID
	if v = s.waitFor(t, v.ID, func(v video) bool { return v.State == "ready" }); v.State != "ready" {
		t.Fatalf("video ended %s (%+v)", v.State, v.Error)
	}
	checkSubtitles(t, s, v.ID)
	hooks.waitFor(t, []string{"video.created", "video.uploaded", "video.processing", "video.ready"})
	for path, body := range map[string]map[string]any{
		"/v1/space/player":                        {"color": "#ff5a36"},
		"/v1/collections/" + child.ID + "/player": {"autoplay": true},
		"/v1/videos/" + v.ID + "/player":          {"loop": true, "muted": true},
	} {
		if resp, b := s.do(t, "PATCH", path, s.key, body); resp.StatusCode != http.StatusOK {
			t.Fatalf("PATCH %s: %d %s", path, resp.StatusCode, b)
		}
	}
	if resp, b := s.do(t, "POST", "/v1/signing-keys", s.key, map[string]any{"algorithm": "EdDSA"}); resp.StatusCode != http.StatusCreated {
		t.Fatalf("signing key: %d %s", resp.StatusCode, b)
	}
	if resp, b := s.do(t, "PATCH", "/v1/videos/"+v.ID, s.key, map[string]any{"description": "after publishing"}); resp.StatusCode != http.StatusOK {
		t.Fatalf("PATCH video: %d %s", resp.StatusCode, b)
	}

	// Analytics: a viewer watches ten seconds.
	_, b = s.do(t, "GET", "/v1/videos/"+v.ID, s.key, nil)
	var full struct{ Embed string }
	json.Unmarshal(b, &full)
	now := time.Now()
	beacon := func(kind string, at time.Time, extra ...any) map[string]any {
		e := map[string]any{"type": kind, "embed": full.Embed, "session": "copy-session", "t": at.UnixMilli(), "position": 0}
		for i := 0; i+1 < len(extra); i += 2 {
			e[extra[i].(string)] = extra[i+1]
		}
		return e
	}
	resp, b = s.do(t, "POST", "/v1/events", "", map[string]any{"events": []map[string]any{
		beacon("view", now), beacon("play", now), beacon("heartbeat", now.Add(time.Second), "from", 0, "to", 1.5, "position", 1.5),
	}})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST /v1/events: %d %s", resp.StatusCode, b)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, b := s.do(t, "GET", "/v1/videos/"+v.ID+"/stats", s.key, nil)
		var st struct{ Views int }
		json.Unmarshal(b, &st)
		if st.Views > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the view never reached the stats: %s", b)
		}
		time.Sleep(100 * time.Millisecond)
	}
	in.read(t, s, child.ID)
	return in, child.ID
}

// runCopy runs refserver copy with args; cancelAt, when set, cancels it
// as soon as its progress prints that text.
func runCopy(t *testing.T, cancelAt string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelWriter{at: cancelAt, cancel: cancel}
	m := NewMain()
	m.Stdout, m.Stderr = io.Discard, out
	m.Getenv = os.Getenv // the AWS_* variables of the S3 server
	err := m.Execute(ctx, append([]string{"copy"}, args...))
	return out.String(), err
}

// cancelWriter collects output and cancels when it sees at.
type cancelWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	at     string
	cancel context.CancelFunc
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.at != "" && strings.Contains(w.buf.String(), w.at) {
		w.cancel()
	}
	return len(p), nil
}

func (w *cancelWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// cancelAfterPuts is a blob store that cancels a copy after n writes.
type cancelAfterPuts struct {
	videohost.Blobs
	mu     sync.Mutex
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfterPuts) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	c.mu.Lock()
	c.n--
	if c.n < 0 {
		c.cancel()
	}
	c.mu.Unlock()
	return c.Blobs.Put(ctx, key, r)
}

// TestCopyToPostgresAndS3 moves a real installation from SQLite and local
// disk to PostgreSQL and S3, interrupted twice on the way, then back: the
// servers on the copies answer exactly as the original did, its keys and
// webhook secret keep working, and a non-empty target is refused.
func TestCopyToPostgresAndS3(t *testing.T) {
	srv := s3test.Start(t)
	for k, v := range srv.Env() {
		t.Setenv(k, v)
	}
	dsn := pgtest.New(t)
	s3URL := srv.URL(srv.Bucket(t))
	hooks := newReceiver(t)

	data := t.TempDir()
	src := startServer(t, data)
	want, collection := buildInstallation(t, src, hooks)
	if err := src.Close(); err != nil {
		t.Fatal(err)
	}
	copyArgs := []string{"--data", data, "--to-database", dsn, "--to-blobs", s3URL}

	// Interrupted among the tables.
	out, err := runCopy(t, "table collections:", copyArgs...)
	if err == nil || !strings.Contains(err.Error(), "run the same command again") {
		t.Fatalf("copy cancelled among the tables: %v\n%s", err, out)
	}
	// Interrupted among the blobs, after a few.
	from, fromName, err := openCopyDatabase(context.Background(), "--from-database", "sqlite://"+filepath.Join(data, "reel.db"), true, nil)
	if err != nil {
		t.Fatal(err)
	}
	fromBlobs, fromBlobsName, err := openCopyBlobs(context.Background(), "--from-blobs", "file://"+filepath.Join(data, "blobs"), true, nil)
	if err != nil {
		t.Fatal(err)
	}
	to, _, err := openCopyDatabase(context.Background(), "--to-database", dsn, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	toBlobs, _, err := openCopyBlobs(context.Background(), "--to-blobs", s3URL, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	_, err = installcopy.Run(ctx, installcopy.Config{From: from, To: to, FromBlobs: fromBlobs,
		ToBlobs: &cancelAfterPuts{Blobs: toBlobs, n: 5, cancel: cancel}, Source: fromName + " " + fromBlobsName})
	cancel()
	from.Close()
	to.Close()
	if err == nil {
		t.Fatal("the copy cancelled among the blobs finished")
	}
	// The rerun goes on and finishes.
	out, err = runCopy(t, "", copyArgs...)
	if err != nil {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	for _, part := range []string{"done in", "(resumed)", "videos", "blobs already there", "secret.key"} {
		if !strings.Contains(out, part) {
			t.Errorf("the copy's summary has no %q:\n%s", part, out)
		}
	}
	if regexp.MustCompile(`blobs already there\s+0 files`).MatchString(out) {
		t.Errorf("the rerun copied every blob again:\n%s", out)
	}
	t.Logf("copy output:\n%s", out)

	// A server on the copy, with the original's secret.
	target := t.TempDir()
	copySecret(t, data, target)
	dst := startServer(t, target, "--database", dsn, "--blobs", s3URL)
	if dst.key != "" {
		t.Fatalf("the server on the copy made a new space:\n%s", dst.stdout)
	}
	dst.key = want.key
	got := &installation{key: want.key, videoID: want.videoID, webhookID: want.webhookID}
	got.read(t, dst, collection)
	want.compare(t, got)
	if resp, b := dst.do(t, "GET", "/v1/videos", want.roKey, nil); resp.StatusCode != http.StatusOK {
		t.Errorf("the read-only key on the copy: %d %s", resp.StatusCode, b)
	}
	// The webhook secret still signs: the receiver checks with the old one.
	before := len(hooks.received())
	if resp, b := dst.do(t, "POST", "/v1/webhooks/"+want.webhookID+"/test", want.key, nil); resp.StatusCode >= 300 {
		t.Fatalf("test webhook: %d %s", resp.StatusCode, b)
	}
	deadline := time.Now().Add(30 * time.Second)
	for len(hooks.received()) == before {
		if time.Now().After(deadline) {
			t.Fatal("the test event sent by the copy never arrived verified")
		}
		time.Sleep(50 * time.Millisecond)
	}
	hooks.mu.Lock()
	bad := hooks.bad
	hooks.mu.Unlock()
	if bad > 0 {
		t.Fatalf("%d deliveries from the copy failed verification with the original secret", bad)
	}

	// A finished copy is not written into again.
	if out, err := runCopy(t, "", copyArgs...); err == nil || !strings.Contains(err.Error(), "finished copy") {
		t.Errorf("a second copy into the same target: %v\n%s", err, out)
	}
	// Nor is an installation that a server started.
	other := t.TempDir()
	if err := startServer(t, other).Close(); err != nil {
		t.Fatal(err)
	}
	if out, err := runCopy(t, "", "--data", data, "--to-database", "sqlite://"+filepath.Join(other, "reel.db"),
		"--to-blobs", "file://"+filepath.Join(other, "copied-blobs")); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a copy into a used installation: %v\n%s", err, out)
	}

	// And back: PostgreSQL and S3 to SQLite and disk, with what the server
	// on PostgreSQL added (the test delivery).
	want = &installation{key: want.key, videoID: want.videoID, webhookID: want.webhookID}
	want.read(t, dst, collection)
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	back := t.TempDir()
	out, err = runCopy(t, "", "--from-database", dsn, "--from-blobs", s3URL,
		"--to-database", "sqlite://"+filepath.Join(back, "reel.db"), "--to-blobs", "file://"+filepath.Join(back, "blobs"))
	if err != nil {
		t.Fatalf("copy back: %v\n%s", err, out)
	}
	copySecret(t, data, back)
	home := startServer(t, back)
	if home.key != "" {
		t.Fatalf("the server on the copy back made a new space:\n%s", home.stdout)
	}
	home.key = want.key
	got = &installation{key: want.key, videoID: want.videoID, webhookID: want.webhookID}
	got.read(t, home, collection)
	want.compare(t, got)
}

func copySecret(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(from, "secret.key"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(to, "secret.key"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestCopyRefusesBadInput: every malformed or impossible command line is
// one clear error, before anything is written.
func TestCopyRefusesBadInput(t *testing.T) {
	data := t.TempDir()
	if err := startServer(t, data).Close(); err != nil {
		t.Fatal(err)
	}
	target := t.TempDir()
	to := []string{"--to-database", "sqlite://" + filepath.Join(target, "reel.db"), "--to-blobs", "file://" + filepath.Join(target, "blobs")}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"no target database", []string{"--data", data, "--to-blobs", "file://" + target}, "usage"},
		{"no target blobs", []string{"--data", data, "--to-database", "sqlite://" + filepath.Join(target, "reel.db")}, "usage"},
		{"unknown flag", append([]string{"--data", data, "--from", "x"}, to...), "usage"},
		{"stray argument", append([]string{"--data", data, "now"}, to...), `unexpected argument "now"`},
		{"bad scheme", []string{"--data", data, "--to-database", "mysql://u:hunter2@db/reel", "--to-blobs", "file://" + target}, `--to-database: scheme "mysql"`},
		{"bad bucket", []string{"--data", data, "--to-database", "sqlite://" + filepath.Join(target, "reel.db"), "--to-blobs", "s3://Bad_Bucket"}, "--to-blobs: s3 URL"},
		{"no source database", append([]string{"--data", filepath.Join(target, "nothing")}, to...), "--from-database: no database at"},
		{"no source blobs", []string{"--data", data, "--from-blobs", "file://" + filepath.Join(target, "nothing"),
			"--to-database", "sqlite://" + filepath.Join(t.TempDir(), "reel.db"), "--to-blobs", "file://" + target}, "--from-blobs: no blob folder at"},
		{"same blobs", []string{"--data", data, "--to-database", "sqlite://" + filepath.Join(t.TempDir(), "reel.db"), "--to-blobs", "file://" + filepath.Join(data, "blobs")}, "are the same store"},
		{"same database", []string{"--data", data, "--to-database", "sqlite://" + filepath.Join(data, "reel.db"), "--to-blobs", "file://" + target}, "are the same database"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCopy(t, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error()+out, "hunter2") {
				t.Fatalf("err = %v, want one with %q (without secrets); output:\n%s", err, tt.want, out)
			}
		})
	}
	for _, p := range []string{"nothing", "reel.db"} {
		if _, err := os.Stat(filepath.Join(target, p)); err == nil {
			t.Errorf("a refused copy created %s", p)
		}
	}
}
