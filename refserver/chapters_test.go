package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestChaptersRepublishWithoutReencoding sets chapters on a ready video
// made by the real pipeline and waits for the revision: chapters.vtt ends
// each chapter where the next begins and the last at the duration, the
// master playlist names chapters.json in EXT-X-SESSION-DATA, chapters.json
// is Apple's format, and every media file of the ladder is byte-identical
// to what it was (nothing re-encoded).
func TestChaptersRepublishWithoutReencoding(t *testing.T) {
	src := makeSource(t, t.TempDir(), 3, "640x360")
	origin := httptest.NewServer(http.FileServer(http.Dir(filepath.Dir(src))))
	defer origin.Close()
	s := startServer(t, t.TempDir())
	resp, b := s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/source.mp4", "title": "chaptered"})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, b)
	}
	var v video
	json.Unmarshal(b, &v)
	v = s.waitFor(t, v.ID, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" {
		t.Fatalf("video ended %s", v.State)
	}
	ctx := context.Background()
	stored, err := s.Service.VideoByID(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Every media file of the published version, by hash.
	media := func() map[string][32]byte {
		t.Helper()
		cur, err := s.Service.VideoByID(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][32]byte{}
		dir := filepath.Join(t.TempDir(), "checkout")
		if err := s.Service.Jobs().CheckoutAssets(ctx, cur, dir); err != nil {
			t.Fatal(err)
		}
		err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch filepath.Ext(p) {
			case ".m4s", ".mp4", ".m4a", ".jpg", ".webp":
			default:
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			out[rel] = sha256.Sum256(data)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := media()
	if len(before) < 5 {
		t.Fatalf("only %d media files: %v", len(before), before)
	}

	req, _ := http.NewRequest("PUT", s.URL()+"/v1/videos/"+v.ID+"/chapters", strings.NewReader(
		"WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nIntro\n\n00:00:01.500 --> 00:00:02.000\nThe rest\n"))
	req.Header.Set("Authorization", "Bearer "+s.key)
	req.Header.Set("Content-Type", "text/vtt")
	put, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, put.Body)
	put.Body.Close()
	if put.StatusCode != http.StatusOK {
		t.Fatalf("PUT chapters: %d", put.StatusCode)
	}

	deadline := time.Now().Add(30 * time.Second)
	for {
		_, b := s.do(t, "GET", "/v1/videos/"+v.ID, s.key, nil)
		json.Unmarshal(b, &v)
		if v.URLs["chapters"] != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("chapters never published: %s", b)
		}
		time.Sleep(50 * time.Millisecond)
	}
	get := func(url string) string {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", url, resp.StatusCode, body)
		}
		return string(body)
	}
	end := vttTimestamp(v.Duration)
	wantVTT := "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nIntro\n\n00:00:01.500 --> " + end + "\nThe rest\n"
	if got := get(v.URLs["chapters"]); got != wantVTT {
		t.Errorf("chapters.vtt:\n%s\nwant\n%s", got, wantVTT)
	}
	master := get(v.URLs["hls"])
	cur, _ := s.Service.VideoByID(ctx, v.ID)
	tag := `#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.chapters",URI="chapters.json?v=` + cur.AssetVersion + `"`
	if !strings.Contains(master, tag) {
		t.Fatalf("master lacks %s:\n%s", tag, master)
	}
	var apple []map[string]any
	if err := json.Unmarshal([]byte(get(v.URLs["hls"][:strings.LastIndex(v.URLs["hls"], "/")+1]+"chapters.json")), &apple); err != nil {
		t.Fatal(err)
	}
	if len(apple) != 2 || apple[1]["start-time"] != 1.5 || apple[0]["duration"] != 1.5 ||
		apple[1]["titles"].([]any)[0].(map[string]any)["title"] != "The rest" {
		t.Errorf("chapters.json: %v", apple)
	}
	if cur.AssetVersion == stored.AssetVersion {
		t.Fatal("the chapters were not published as a new version")
	}
	after := media()
	if len(after) != len(before) {
		t.Fatalf("%d media files after the revision, %d before", len(after), len(before))
	}
	for name, sum := range before {
		if after[name] != sum {
			t.Errorf("%s changed when chapters were added", name)
		}
	}
}

// vttTimestamp formats seconds as hh:mm:ss.ttt.
func vttTimestamp(s float64) string {
	ms := int64(s*1000 + 0.5)
	return time.Time{}.Add(time.Duration(ms) * time.Millisecond).Format("15:04:05.000")
}
