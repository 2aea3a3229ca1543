package main_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/webhooks"
)

func TestLogin(t *testing.T) {
	srv := newFakeReel(t)
	e := newEnv(t)
	res := e.ok("login", "--base-url", srv.URL()+"/", "--api-key", testKey)
	var out struct {
		Profile string              `json:"profile"`
		BaseURL string              `json:"base_url"`
		Space   struct{ ID string } `json:"space"`
	}
	res.json(t, &out)
	if out.Profile != "default" || out.BaseURL != srv.URL() || out.Space.ID != "spc01" {
		t.Errorf("login printed %+v", out)
	}
	fi, err := os.Stat(filepath.Join(e.config, "reel", "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("config mode %v, want 0600", fi.Mode().Perm())
	}

	tests := []struct {
		name     string
		env      *env
		stdin    string
		args     []string
		wantCode int
		wantErr  string
	}{
		{name: "stored key is used", env: e, args: []string{"videos", "list"}},
		{name: "key from stdin", env: newEnv(t), stdin: testKey + "\n", args: []string{"login", "--base-url", srv.URL()}},
		{name: "wrong key", env: newEnv(t), args: []string{"login", "--base-url", srv.URL(), "--api-key", "rk_nope00000000_x"},
			wantCode: 1, wantErr: "reel: unauthorized: invalid API key"},
		{name: "stored key is not sent to another server", env: e.with("REEL_BASE_URL=http://127.0.0.1:9"), args: []string{"videos", "list"},
			wantCode: 1, wantErr: "reel: unauthorized: no API key for http://127.0.0.1:9"},
		{name: "env key overrides", env: newEnv(t).with("REEL_API_KEY="+testKey, "REEL_BASE_URL="+srv.URL()), args: []string{"videos", "list"}},
		{name: "unknown profile has no key", env: e, args: []string{"videos", "list", "--profile", "other"},
			wantCode: 1, wantErr: "no API key"},
		{name: "server down", env: newEnv(t), args: []string{"login", "--base-url", "http://127.0.0.1:9", "--api-key", testKey},
			wantCode: 1, wantErr: "reel: unreachable:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.env.t = t
			res := tt.env.run(tt.stdin, tt.args...)
			if res.code != tt.wantCode || !strings.Contains(res.stderr, tt.wantErr) {
				t.Errorf("exit %d stderr %q, want %d and %q", res.code, res.stderr, tt.wantCode, tt.wantErr)
			}
			if res.code != 0 && strings.Count(strings.TrimSpace(res.stderr), "\n") > 0 {
				t.Errorf("error is more than one line: %q", res.stderr)
			}
		})
	}

	e.t = t
	e.ok("logout")
	if res := e.run("", "videos", "list"); res.code != 1 {
		t.Errorf("after logout: exit %d, want 1", res.code)
	}
}

func TestUsageAndBadInput(t *testing.T) {
	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	dir := t.TempDir()
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{name: "no command", args: nil, wantCode: 2, wantErr: "a command is required"},
		{name: "unknown command", args: []string{"frobnicate"}, wantCode: 2, wantErr: `reel: unknown command "frobnicate" (see reel --help)`},
		{name: "mistyped command", args: []string{"vidoes", "list"}, wantCode: 2, wantErr: `reel: unknown command "vidoes"; did you mean "videos"?`},
		{name: "mistyped command, one letter off", args: []string{"stat"}, wantCode: 2, wantErr: `did you mean "stats"?`},
		{name: "unknown subcommand", args: []string{"videos", "frobnicate"}, wantCode: 2, wantErr: `reel: unknown command "videos frobnicate" (see reel videos --help)`},
		{name: "mistyped subcommand", args: []string{"videos", "lsit"}, wantCode: 2, wantErr: `reel: unknown command "videos lsit"; did you mean "videos list"?`},
		{name: "mistyped subcommand, a letter missing", args: []string{"webhooks", "rotate-secrt", "x"}, wantCode: 2, wantErr: `did you mean "webhooks rotate-secret"?`},
		{name: "missing argument", args: []string{"videos", "get"}, wantCode: 2, wantErr: "usage: reel videos get"},
		{name: "unknown flag", args: []string{"videos", "list", "--colour"}, wantCode: 2, wantErr: "flag provided but not defined"},
		{name: "bad --wait", args: []string{"videos", "upload", "x.mp4", "--wait=soon"}, wantCode: 2, wantErr: "must be playable or ready"},
		{name: "bad format", args: []string{"videos", "list", "--format", "yaml"}, wantCode: 2, wantErr: "--format"},
		{name: "missing file", args: []string{"videos", "upload", filepath.Join(dir, "nope.mp4")}, wantCode: 2, wantErr: "reel: no such file: " + filepath.Join(dir, "nope.mp4")},
		{name: "missing file without credentials", args: []string{"videos", "upload", "nope.mp4", "--profile", "nobody"}, wantCode: 2, wantErr: "reel: no such file: nope.mp4"},
		{name: "directory", args: []string{"videos", "upload", dir}, wantCode: 2, wantErr: "is a folder, not a video file"},
		{name: "missing subtitle file", args: []string{"subtitles", "add", "vid1", filepath.Join(dir, "nope.vtt"), "--language", "en"}, wantCode: 2, wantErr: "reel: no such file: "},
		{name: "missing import folder", args: []string{"import", "dir", filepath.Join(dir, "nope")}, wantCode: 2, wantErr: "reel: no such folder: "},
		{name: "unknown video", args: []string{"videos", "get", "vid999999999"}, wantCode: 1, wantErr: "reel: not_found: no video vid999999999"},
		{name: "unknown collection", args: []string{"videos", "create", "--url", "https://example.com/a.mp4", "--collection", "nope"},
			wantCode: 2, wantErr: `reel: --collection "nope": no collection has this id, name or path`},
		{name: "no URL", args: []string{"videos", "create", "--title", "x"}, wantCode: 2, wantErr: "a URL is required"},
		{name: "two URLs", args: []string{"videos", "create", "https://example.com/a.mp4", "--input-url", "https://example.com/b.mp4"}, wantCode: 2, wantErr: "two different URLs"},
		{name: "private input URL", args: []string{"videos", "create", "http://10.0.0.7/a.mp4"},
			wantCode: 1, wantErr: "reel: input_url_not_allowed: input_url points at an address that is not allowed (the server refuses private, loopback and link-local addresses; to fetch from one, start it with --allow-networks CIDR"},
		{name: "body too large in human units", args: []string{"videos", "create", "https://example.com/a.mp4", "--title", "huge"},
			wantCode: 1, wantErr: "reel: payload_too_large: the request body is larger than 1 MiB\n"},
		{name: "ttl too long", args: []string{"tokens", "playback", "--embed", "e1", "--ttl", "8d"}, wantCode: 1, wantErr: "--ttl 8d is longer than a playback token may live (7d)"},
		{name: "malformed ttl", args: []string{"tokens", "upload", "--ttl", "soon"}, wantCode: 2, wantErr: "--ttl"},
		{name: "help", args: []string{"help"}, wantCode: 0},
		{name: "subcommand help", args: []string{"videos", "list", "--help"}, wantCode: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			res := e.run("", tt.args...)
			if res.code != tt.wantCode || !strings.Contains(res.stderr, tt.wantErr) {
				t.Errorf("exit %d stderr %q, want %d and %q", res.code, res.stderr, tt.wantCode, tt.wantErr)
			}
		})
	}
}

func TestVideosAndCollections(t *testing.T) {
	srv := newFakeReel(t)
	e := loggedIn(t, srv)

	var col struct{ ID, Name string }
	e.ok("collections", "create", "--name", "Trips").json(t, &col)
	var child struct {
		ID     string
		Parent string
	}
	e.ok("collections", "create", "--name", "Alps", "--parent", col.ID).json(t, &child)
	if child.Parent != col.ID {
		t.Errorf("child parent %q, want %q", child.Parent, col.ID)
	}

	var v struct {
		ID, Title, State string
		Collection       string
	}
	// Flags after the positional arguments and before them both work.
	e.ok("videos", "create", "--input-url", "https://example.com/a.mp4", "--title", "First", "--collection", col.ID).json(t, &v)
	if v.Title != "First" || v.Collection != col.ID {
		t.Errorf("created %+v", v)
	}
	for i := range 4 {
		// The URL as the argument, and as --url (the older name).
		if i%2 == 0 {
			e.ok("--quiet", "videos", "create", "https://example.com/"+string(rune('b'+i))+".mp4")
		} else {
			e.ok("--quiet", "videos", "create", "--url", "https://example.com/"+string(rune('b'+i))+".mp4")
		}
	}
	e.ok("videos", "update", v.ID, "--title", "Renamed").json(t, &v)
	if v.Title != "Renamed" {
		t.Errorf("title after update %q", v.Title)
	}
	var got struct {
		Archived bool
		Title    string
	}
	e.ok("videos", "archive", v.ID).json(t, &got)
	if !got.Archived {
		t.Error("archive did not archive")
	}
	e.ok("--format", "json", "videos", "get", v.ID).json(t, &got)

	var page struct {
		Data       []struct{ ID string }
		NextCursor *string `json:"next_cursor"`
	}
	e.ok("videos", "list", "--limit", "2").json(t, &page)
	if len(page.Data) != 2 || page.NextCursor == nil {
		t.Errorf("first page: %d videos, cursor %v", len(page.Data), page.NextCursor)
	}
	e.ok("videos", "list", "--limit", "2", "--all").json(t, &page)
	if len(page.Data) != 5 || page.NextCursor != nil {
		t.Errorf("--all: %d videos, cursor %v; want 5 and null", len(page.Data), page.NextCursor)
	}
	e.ok("videos", "list", "--collection", col.ID).json(t, &page)
	if len(page.Data) != 1 {
		t.Errorf("--collection: %d videos, want 1", len(page.Data))
	}

	table := e.ok("videos", "list", "--format", "table").stdout
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[0], "ID") || !strings.Contains(lines[0], "STATE") || !strings.Contains(table, "Renamed") {
		t.Errorf("table:\n%s", table)
	}
	if !strings.Contains(e.ok("collections", "list", "--format", "table").stdout, "Alps") {
		t.Error("collections table lacks Alps")
	}

	e.ok("videos", "delete", v.ID)
	if res := e.run("", "videos", "get", v.ID); res.code != 1 {
		t.Errorf("get after delete: exit %d", res.code)
	}
	e.ok("collections", "delete", child.ID)
}

func TestUploadAndWait(t *testing.T) {
	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	src := randomBytes(300_000)
	path := writeFile(t, filepath.Join(t.TempDir(), "holiday clip.mp4"), src)

	tests := []struct {
		name      string
		args      []string
		wantState string
		wantCode  int
	}{
		{name: "no wait", args: []string{"videos", "upload", path}, wantState: "uploaded"},
		{name: "wait playable", args: []string{"videos", "upload", "--wait=playable", path, "--chunk-size", "1"}, wantState: "processing"},
		{name: "wait ready", args: []string{"videos", "upload", path, "--wait"}, wantState: "ready"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			res := e.run("", tt.args...)
			if res.code != tt.wantCode {
				t.Fatalf("exit %d: %s", res.code, res.stderr)
			}
			var v struct {
				ID, Title, State string
				Playable         bool
			}
			res.json(t, &v)
			if v.State != tt.wantState || v.Title != "holiday clip" {
				t.Errorf("video %+v, want state %s and title from the file name", v, tt.wantState)
			}
			if !bytes.Equal(srv.uploaded()[v.ID], src) {
				t.Error("the server does not hold the file's bytes")
			}
			if res.stderr != "" {
				t.Errorf("stderr is not a terminal, yet got %q", res.stderr)
			}
		})
	}

	t.Run("wait timeout exits 3", func(t *testing.T) {
		e.t = t
		srv.mu.Lock()
		srv.readyAfter = 0
		srv.mu.Unlock()
		res := e.run("", "videos", "upload", path, "--wait", "--timeout", "300ms")
		if res.code != 3 || !strings.Contains(res.stderr, "timeout") {
			t.Errorf("exit %d stderr %q, want 3 and a timeout", res.code, res.stderr)
		}
	})

	// A video that ends errored ends the wait at once, with its code: exit
	// 1, not a wait until the timeout.
	srv.mu.Lock()
	srv.erroredAfter = 1
	srv.mu.Unlock()
	for _, args := range [][]string{
		{"videos", "upload", path, "--wait", "--timeout", "1m"},
		{"videos", "upload", path, "--wait=playable", "--timeout", "1m"},
	} {
		t.Run("errored ends "+strings.Join(args[3:], " "), func(t *testing.T) {
			e.t = t
			start := time.Now()
			res := e.run("", args...)
			if res.code != 1 || !strings.Contains(res.stderr, "reel: not_media: the file is not a video") {
				t.Errorf("exit %d stderr %q, want 1 and reel: not_media: ...", res.code, res.stderr)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("the wait took %s", d)
			}
		})
	}
	t.Run("videos wait errored", func(t *testing.T) {
		e.t = t
		var ids []string
		srv.mu.Lock()
		for id, v := range srv.videos {
			if v["state"] == "errored" {
				ids = append(ids, id)
			}
		}
		srv.mu.Unlock()
		if len(ids) == 0 {
			t.Fatal("no errored video")
		}
		res := e.run("", "videos", "wait", ids[0], "--timeout", "1m")
		if res.code != 1 || !strings.Contains(res.stderr, "not_media") {
			t.Errorf("exit %d stderr %q, want 1 and not_media", res.code, res.stderr)
		}
	})
}

func TestUploadInterruptedAndResumed(t *testing.T) {
	srv := newFakeReel(t)
	srv.bytesPerSecond = 4 << 20
	e := loggedIn(t, srv)
	src := randomBytes(6 << 20)
	path := writeFile(t, filepath.Join(t.TempDir(), "big.mp4"), src)

	cmd := exec.Command(reelBinary, "videos", "upload", path, "--chunk-size", "1")
	cmd.Env = e.vars
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Interrupt once the server holds some but not all of the bytes.
	deadline := time.Now().Add(20 * time.Second)
	for {
		n := 0
		for _, b := range srv.uploaded() {
			n = len(b)
		}
		if n > 1<<20 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the upload never got going")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("interrupted upload: %v, want exit 130; stderr %s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "resume") {
		t.Errorf("stderr %q does not say how to resume", stderr.String())
	}
	var partial int
	for _, b := range srv.uploaded() {
		partial = len(b)
	}
	if partial >= len(src) {
		t.Fatalf("the upload finished before the interrupt (%d bytes)", partial)
	}
	if _, err := os.Stat(filepath.Join(e.config, "reel", "uploads.json")); err != nil {
		t.Fatalf("no saved upload: %v", err)
	}

	srv.mu.Lock()
	srv.bytesPerSecond = 0
	srv.mu.Unlock()
	res := e.ok("videos", "upload", path)
	var v struct{ ID, State string }
	res.json(t, &v)
	uploads := srv.uploaded()
	if len(uploads) != 1 {
		t.Errorf("the server has %d uploads, want the one resumed", len(uploads))
	}
	if !bytes.Equal(uploads[v.ID], src) || v.State != "uploaded" {
		t.Errorf("resumed upload: %d bytes, state %s; want %d and uploaded", len(uploads[v.ID]), v.State, len(src))
	}
	// A finished upload is forgotten: the next one of the same file is new.
	e.ok("videos", "upload", path)
	if n := len(srv.uploaded()); n != 2 {
		t.Errorf("after a third run the server has %d uploads, want 2", n)
	}
}

func TestTokens(t *testing.T) {
	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	verifier := &tokens.Verifier{Keys: tokens.KeyResolverFunc(func(ctx context.Context, kid string) (tokens.VerificationKey, error) {
		if kid != "testkey0001" {
			return tokens.VerificationKey{}, tokens.ErrKeyNotFound
		}
		return tokens.VerificationKey{Secret: []byte(testKey), CanSignUpload: true}, nil
	})}
	tests := []struct {
		name    string
		args    []string
		aud     tokens.Audience
		sub     string
		ttl     time.Duration
		origins []string
	}{
		{name: "upload to the space", args: []string{"tokens", "upload", "--ttl", "15m"}, aud: tokens.AudienceUpload, sub: "spc01", ttl: 15 * time.Minute},
		{name: "upload to a collection", args: []string{"tokens", "upload", "--sub", "col000000001", "--ttl", "2h"}, aud: tokens.AudienceUpload, sub: "col000000001", ttl: 2 * time.Hour},
		{name: "playback with origins", args: []string{"tokens", "playback", "--embed", "spc01abcdefghij", "--ttl", "7d", "--origins", "https://a.example,https://b.example"},
			aud: tokens.AudiencePlayback, sub: "spc01abcdefghij", ttl: 7 * 24 * time.Hour, origins: []string{"https://a.example", "https://b.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			var out struct {
				Token, Kid string
			}
			e.ok(tt.args...).json(t, &out)
			claims, err := verifier.Verify(context.Background(), out.Token, tt.aud)
			if err != nil {
				t.Fatalf("verifying the minted token: %v", err)
			}
			if claims.Subject != tt.sub || claims.KeyID != "testkey0001" || out.Kid != "testkey0001" {
				t.Errorf("claims %+v", claims)
			}
			if got := claims.Expiry.Sub(claims.IssuedAt); got != tt.ttl {
				t.Errorf("lifetime %v, want %v", got, tt.ttl)
			}
			if strings.Join(claims.Origins, ",") != strings.Join(tt.origins, ",") {
				t.Errorf("origins %v, want %v", claims.Origins, tt.origins)
			}
		})
	}
	e.t = t
	if res := e.run("", "tokens", "upload", "--ttl", "48h"); res.code != 1 {
		t.Errorf("a 48 h upload token: exit %d (%s), want 1", res.code, res.stderr)
	}
}

func TestWebhooksVerify(t *testing.T) {
	e := newEnv(t)
	secret, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"type":"video.ready","timestamp":"2026-01-01T00:00:00Z","data":{"id":"vid000000001"}}`)
	h, err := webhooks.Headers([]string{secret}, "msg_1", time.Now(), body)
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	for name := range h {
		args = append(args, "--header", name+": "+h.Get(name))
	}
	tests := []struct {
		name     string
		body     []byte
		secret   string
		wantCode int
	}{
		{name: "valid", body: body, secret: secret, wantCode: 0},
		{name: "tampered body", body: bytes.Replace(body, []byte("ready"), []byte("deleted"), 1), secret: secret, wantCode: 1},
		{name: "other secret", body: body, secret: "whsec_" + strings.Repeat("A", 43) + "=", wantCode: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			res := e.run(string(tt.body), append([]string{"webhooks", "verify", "--secret", tt.secret}, args...)...)
			if res.code != tt.wantCode {
				t.Fatalf("exit %d (%s), want %d", res.code, res.stderr, tt.wantCode)
			}
			if tt.wantCode == 0 && !strings.Contains(res.stdout, `"video.ready"`) {
				t.Errorf("stdout %q lacks the event type", res.stdout)
			}
		})
	}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	r := rand.New(rand.NewPCG(7, uint64(n)))
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	return b
}
