package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestCollectionByName(t *testing.T) {
	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	create := func(name string, parent ...string) string {
		t.Helper()
		var col struct{ ID string }
		e.ok(append([]string{"collections", "create", "--name", name}, parent...)...).json(t, &col)
		return col.ID
	}
	talks := create("Talks")
	talks2026 := create("2026", "--parent", talks)
	trips := create("Trips")
	// --parent takes a path of names as --collection does.
	trips2026 := create("2026", "--parent", "Trips")
	archive := create("Archive")
	oldTalks := create("Talks", "--parent", archive)
	// A collection named like another's id: the id wins.
	create(trips)

	tests := []struct {
		name     string
		ref      string
		want     string // the collection id the video lands in
		wantCode int
		wantErr  []string
	}{
		{name: "id", ref: talks2026, want: talks2026},
		{name: "unique name", ref: "Trips", want: trips},
		{name: "path", ref: "Talks/2026", want: talks2026},
		{name: "other path", ref: "Trips/2026", want: trips2026},
		{name: "path from the top", ref: "/Talks", want: talks},
		{name: "deep path", ref: "Archive/Talks", want: oldTalks},
		{name: "id wins over a name", ref: trips, want: trips},
		{name: "ambiguous name", ref: "Talks", wantCode: 2,
			wantErr: []string{`reel: --collection "Talks" is ambiguous:`, talks + " (Talks)", oldTalks + " (Archive/Talks)", "give the id, or a longer path"}},
		{name: "ambiguous leaf", ref: "2026", wantCode: 2, wantErr: []string{talks2026 + " (Talks/2026)", trips2026 + " (Trips/2026)"}},
		{name: "no match", ref: "Nothing/Here", wantCode: 2, wantErr: []string{`reel: --collection "Nothing/Here": no collection has this id, name or path`}},
		{name: "typo", ref: "Tirps", wantCode: 2, wantErr: []string{`no collection has this id, name or path; did you mean "Trips"?`}},
		{name: "path that does not continue", ref: "Trips/2025", wantCode: 2, wantErr: []string{"no collection has this id, name or path"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			posts := srv.writes()
			res := e.run("", "videos", "create", "https://example.com/a.mp4", "--collection", tt.ref)
			if res.code != tt.wantCode {
				t.Fatalf("exit %d (%s), want %d", res.code, res.stderr, tt.wantCode)
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(res.stderr, want) {
					t.Errorf("stderr %q lacks %q", res.stderr, want)
				}
			}
			if tt.wantCode != 0 {
				if srv.writes() != posts {
					t.Error("a video was created although the collection did not resolve")
				}
				return
			}
			var v struct{ Collection string }
			res.json(t, &v)
			if v.Collection != tt.want {
				t.Errorf("video in %q, want %q", v.Collection, tt.want)
			}
		})
	}

	e.t = t
	// Upload, list and import take names too.
	file := writeFile(t, filepath.Join(t.TempDir(), "clip.mp4"), randomBytes(1000))
	var up struct{ ID, Collection string }
	e.ok("--quiet", "videos", "upload", file, "--collection", "Trips/2026").json(t, &up)
	if up.Collection != trips2026 {
		t.Errorf("upload --collection Trips/2026 put the video in %q, want %s", up.Collection, trips2026)
	}
	var page struct{ Data []struct{ ID string } }
	e.ok("videos", "list", "--collection", "Trips/2026").json(t, &page)
	// The "other path" case above created the first one.
	if len(page.Data) != 2 || page.Data[0].ID != up.ID {
		t.Errorf("videos list --collection Trips/2026: %+v, want %s and one more", page.Data, up.ID)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.mp4"), randomBytes(500))
	var rep importReport
	e.ok("--quiet", "import", "dir", dir, "--collection", "Archive", "--state", filepath.Join(t.TempDir(), "state.json")).json(t, &rep)
	if _, _, _, _, parent := rep.item(t, "a.mp4"); parent != archive {
		t.Errorf("import dir --collection Archive: parent %q, want %s", parent, archive)
	}
}

func TestUploadTooLarge(t *testing.T) {
	srv := newFakeReel(t)
	srv.maxUpload = 2 << 10
	e := loggedIn(t, srv)
	file := writeFile(t, filepath.Join(t.TempDir(), "big.mp4"), randomBytes(3<<10))
	res := e.run("", "videos", "upload", file)
	want := "reel: payload_too_large: " + file + " is 3 KiB; this server accepts uploads of at most 2 KiB\n"
	if res.code != 1 || res.stderr != want {
		t.Errorf("exit %d stderr %q, want 1 and %q", res.code, res.stderr, want)
	}
}
