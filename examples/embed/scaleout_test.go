package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Stop(s3test.Main(m))) }

// TestEmbeddedOnPostgresAndS3: the scale-out wiring serves the same API,
// and two programs over one database and bucket share one installation.
func TestEmbeddedOnPostgresAndS3(t *testing.T) {
	ctx := context.Background()
	s3srv := s3test.Start(t)
	for k, v := range s3srv.Env() {
		t.Setenv(k, v)
	}
	dsn, bucket := pgtest.New(t), s3srv.URL(s3srv.Bucket(t))
	secret := t.TempDir()
	var apps []*App
	var servers []*httptest.Server
	for range 2 {
		srv := httptest.NewServer(nil)
		defer srv.Close()
		dir := t.TempDir()
		b, err := os.ReadFile(filepath.Join(secret, "secret.key"))
		if err == nil {
			os.WriteFile(dir+"/secret.key", b, 0o600) // one secret for the installation
		}
		st, err := openScaleOut(ctx, dir, dsn, bucket)
		if err != nil {
			t.Fatal(err)
		}
		app, err := NewAppOn(ctx, st, dir, srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer app.Close()
		srv.Config.Handler = app.Mux
		if len(apps) == 0 {
			b, _ := os.ReadFile(filepath.Join(dir, "secret.key"))
			os.WriteFile(secret+"/secret.key", b, 0o600)
		}
		apps, servers = append(apps, app), append(servers, srv)
	}
	spaces := map[string]bool{}
	for i, srv := range servers {
		// The key the first program made works on the second.
		req, _ := http.NewRequest("GET", srv.URL+"/video/v1/space", nil)
		req.Header.Set("Authorization", "Bearer "+apps[0].Key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var space struct {
			ID       string `json:"id"`
			SpaceURL string `json:"space_url"`
		}
		err = json.NewDecoder(resp.Body).Decode(&space)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("program %d: GET /video/v1/space: %d %v", i, resp.StatusCode, err)
		}
		if !strings.HasPrefix(space.SpaceURL, srv.URL+"/video/media/") {
			t.Errorf("program %d: space_url %q", i, space.SpaceURL)
		}
		spaces[space.ID] = true
	}
	if len(spaces) != 1 {
		t.Errorf("the two programs serve spaces %v, want one", spaces)
	}
}
