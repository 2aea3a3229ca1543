package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRefserverChapters sets a video's chapters from a WebVTT file and from
// a JSON file, lists them, refuses a bad file with the server's code, and
// removes them, against a real refserver.
func TestRefserverChapters(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)
	var v struct {
		ID       string
		Chapters []struct {
			Start float64
			Title string
		}
	}
	e.ok("videos", "upload", makeTestVideo(t), "--title", "Chaptered").json(t, &v)

	dir := t.TempDir()
	vtt := writeFile(t, filepath.Join(dir, "chapters.vtt"), []byte("WEBVTT\n\n00:00.000 --> 00:01.000\nOpening\n\n00:01.250 --> 00:02.000\nClosing\n"))
	e.ok("chapters", "set", v.ID, vtt).json(t, &v)
	if len(v.Chapters) != 2 || v.Chapters[1].Start != 1.25 || v.Chapters[1].Title != "Closing" {
		t.Fatalf("video after chapters set (WebVTT): %+v", v.Chapters)
	}
	// A file named neither .vtt nor .json is told by its content.
	list := writeFile(t, filepath.Join(dir, "chapters.txt"), []byte(`[{"start": 0, "title": "Only one"}]`))
	e.ok("chapters", "set", v.ID, list)
	var page struct {
		Data []struct {
			Start float64
			Title string
		}
	}
	e.ok("chapters", "get", v.ID).json(t, &page)
	if len(page.Data) != 1 || page.Data[0].Title != "Only one" {
		t.Fatalf("chapters get: %+v", page.Data)
	}
	if table := e.ok("chapters", "get", v.ID, "--format", "table").stdout; !strings.Contains(table, "Only one") || !strings.Contains(table, "START") {
		t.Errorf("chapters table:\n%s", table)
	}

	unsorted := writeFile(t, filepath.Join(dir, "bad.json"), []byte(`[{"start": 1, "title": "b"}, {"start": 0, "title": "a"}]`))
	if res := e.run("", "chapters", "set", v.ID, unsorted); res.code != 1 || !strings.Contains(res.stderr, "validation_failed") || !strings.Contains(res.stderr, "chapters[1].start") {
		t.Errorf("unsorted chapters: exit %d, stderr %s", res.code, res.stderr)
	}
	neither := writeFile(t, filepath.Join(dir, "notes.txt"), []byte("Intro at 0:00"))
	if res := e.run("", "chapters", "set", v.ID, neither); res.code != 2 {
		t.Errorf("a file that is neither WebVTT nor JSON: exit %d, stderr %s", res.code, res.stderr)
	}

	e.ok("chapters", "rm", v.ID)
	e.ok("chapters", "get", v.ID).json(t, &page)
	if len(page.Data) != 0 {
		t.Errorf("chapters after rm: %+v", page.Data)
	}
	if res := e.run("", "chapters", "rm", v.ID); res.code != 1 || !strings.Contains(res.stderr, "not_found") {
		t.Errorf("rm without chapters: exit %d, stderr %s", res.code, res.stderr)
	}
}
