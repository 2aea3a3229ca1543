package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestEmbeddedAPIUnderPrefix(t *testing.T) {
	ctx := context.Background()
	srv := httptest.NewUnstartedServer(nil)
	srv.Start()
	defer srv.Close()
	app, err := NewApp(ctx, t.TempDir(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	srv.Config.Handler = app.Mux

	req, _ := http.NewRequest("GET", srv.URL+"/video/v1/space", nil)
	req.Header.Set("Authorization", "Bearer "+app.Key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var space struct {
		ID       string `json:"id"`
		SpaceURL string `json:"space_url"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&space); err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /video/v1/space: %d %v", resp.StatusCode, err)
	}
	if !strings.HasPrefix(space.SpaceURL, srv.URL+"/video/media/") {
		t.Errorf("space_url %q is not under the mount point", space.SpaceURL)
	}
	resp2, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp2.Body.Close()
	if resp2.StatusCode != 200 {
		t.Errorf("the application's own route answered %d", resp2.StatusCode)
	}
	resp3, err := http.Get(srv.URL + "/video/v1/videos")
	if err != nil {
		t.Fatal(err)
	}
	resp3.Body.Close()
	if resp3.StatusCode != http.StatusUnauthorized {
		t.Errorf("unauthenticated list answered %d, want 401", resp3.StatusCode)
	}
}
