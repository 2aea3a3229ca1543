package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

func collectionIDs(cs []*videohost.Collection) []string {
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	return ids
}

func testCollections(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	root := createCollection(t, db, "aaaaa", "c1", nil)
	createCollection(t, db, "aaaaa", "c2", ptr("c1"))
	createCollection(t, db, "aaaaa", "c3", ptr("c2"))
	createCollection(t, db, "aaaaa", "c4", nil)
	createCollection(t, db, "bbbbb", "c9", nil)

	got, err := db.Collection(ctx, "aaaaa", "c1")
	if err != nil || got.Name != root.Name || got.Parent != nil || !got.CreatedAt.Equal(root.CreatedAt) {
		t.Fatalf("Collection = %+v, %v", got, err)
	}
	_, err = db.Collection(ctx, "bbbbb", "c1")
	wantCode(t, err, videohost.ENotFound)

	now := time.Date(2025, 3, 4, 5, 6, 7, 891011000, time.UTC)
	for _, tc := range []struct {
		name string
		c    *videohost.Collection
		code string
	}{
		{"duplicate id", &videohost.Collection{ID: "c1", Space: "aaaaa", Name: "x", CreatedAt: now, UpdatedAt: now}, videohost.EConflict},
		{"parent in another space", &videohost.Collection{ID: "c5", Space: "bbbbb", Name: "x", Parent: ptr("c1"), CreatedAt: now, UpdatedAt: now}, videohost.EConflict},
		{"missing parent", &videohost.Collection{ID: "c6", Space: "aaaaa", Name: "x", Parent: ptr("nope"), CreatedAt: now, UpdatedAt: now}, videohost.EConflict},
	} {
		t.Run(tc.name, func(t *testing.T) { wantCode(t, db.CreateCollection(ctx, tc.c), tc.code) })
	}

	for _, tc := range []struct {
		name   string
		space  string
		parent *string
		after  string
		limit  int
		want   []string
	}{
		{"all", "aaaaa", nil, "", 0, []string{"c1", "c2", "c3", "c4"}},
		{"page", "aaaaa", nil, "c1", 2, []string{"c2", "c3"}},
		{"top level", "aaaaa", ptr(""), "", 0, []string{"c1", "c4"}},
		{"children", "aaaaa", ptr("c1"), "", 0, []string{"c2"}},
		{"other space", "bbbbb", nil, "", 0, []string{"c9"}},
	} {
		t.Run("list "+tc.name, func(t *testing.T) {
			cs, err := db.Collections(ctx, tc.space, tc.parent, tc.after, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			if got := collectionIDs(cs); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}

	tree, err := db.CollectionTree(ctx, "aaaaa", "c1")
	if err != nil || !slices.Equal(tree, []string{"c1", "c2", "c3"}) {
		t.Errorf("CollectionTree = %v, %v", tree, err)
	}
	_, err = db.CollectionTree(ctx, "bbbbb", "c1")
	wantCode(t, err, videohost.ENotFound)

	moved := *got
	moved.Name, moved.Parent, moved.UpdatedAt = "renamed", ptr("c4"), now
	if err := db.UpdateCollection(ctx, &moved); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Collection(ctx, "aaaaa", "c1"); got.Name != "renamed" || *got.Parent != "c4" || !got.UpdatedAt.Equal(now) {
		t.Errorf("after update: %+v", got)
	}
	wantCode(t, db.UpdateCollection(ctx, &videohost.Collection{ID: "c1", Space: "bbbbb", Name: "x"}), videohost.ENotFound)
	wantCode(t, db.UpdateCollection(ctx, &videohost.Collection{ID: "c1", Space: "aaaaa", Name: "x", Parent: ptr("c9")}), videohost.EConflict)
}

func testDeleteCollection(t *testing.T, open Opener) {
	ctx := context.Background()
	setup := func(t *testing.T) (db DB, video func(collection string) *videohost.Video, remove func(v *videohost.Video)) {
		t.Helper()
		d := open(t).DB
		createSpace(t, d, "aaaaa")
		createSpace(t, d, "bbbbb")
		createCollection(t, d, "aaaaa", "c1", nil)
		createCollection(t, d, "aaaaa", "c2", ptr("c1"))
		createCollection(t, d, "aaaaa", "c3", ptr("c2"))
		createCollection(t, d, "aaaaa", "c4", nil)
		video = func(collection string) *videohost.Video {
			v := newVideo("aaaaa", time.Now())
			v.Collection = ptr(collection)
			return createVideo(t, d, v)
		}
		remove = func(v *videohost.Video) {
			if _, err := d.DeleteVideo(ctx, "aaaaa", v.ID, func(*videohost.Video) (videohost.Change, error) {
				return videohost.Change{}, nil
			}, nil); err != nil {
				t.Fatal(err)
			}
		}
		return d, video, remove
	}
	remaining := func(t *testing.T, db DB) []string {
		t.Helper()
		cs, err := db.Collections(ctx, "aaaaa", nil, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		return collectionIDs(cs)
	}

	t.Run("leaf", func(t *testing.T) {
		db, _, _ := setup(t)
		if err := db.DeleteCollection(ctx, "aaaaa", "c3", false); err != nil {
			t.Fatal(err)
		}
		if got := remaining(t, db); !slices.Equal(got, []string{"c1", "c2", "c4"}) {
			t.Errorf("remaining %v", got)
		}
	})
	t.Run("not found and other space", func(t *testing.T) {
		db, _, _ := setup(t)
		wantCode(t, db.DeleteCollection(ctx, "aaaaa", "nope", true), videohost.ENotFound)
		wantCode(t, db.DeleteCollection(ctx, "bbbbb", "c4", false), videohost.ENotFound)
	})
	t.Run("with children refused", func(t *testing.T) {
		db, _, _ := setup(t)
		wantCode(t, db.DeleteCollection(ctx, "aaaaa", "c2", false), videohost.EConflict)
	})
	t.Run("with video refused", func(t *testing.T) {
		db, video, _ := setup(t)
		video("c4")
		wantCode(t, db.DeleteCollection(ctx, "aaaaa", "c4", false), videohost.EConflict)
		wantCode(t, db.DeleteCollection(ctx, "aaaaa", "c4", true), videohost.EConflict)
	})
	t.Run("recursive with a video deep inside refused", func(t *testing.T) {
		db, video, _ := setup(t)
		video("c3")
		wantCode(t, db.DeleteCollection(ctx, "aaaaa", "c1", true), videohost.EConflict)
		if got := remaining(t, db); len(got) != 4 {
			t.Errorf("remaining %v", got)
		}
	})
	t.Run("recursive after videos deleted", func(t *testing.T) {
		db, video, remove := setup(t)
		remove(video("c3"))
		remove(video("c1"))
		if err := db.DeleteCollection(ctx, "aaaaa", "c1", true); err != nil {
			t.Fatal(err)
		}
		if got := remaining(t, db); !slices.Equal(got, []string{"c4"}) {
			t.Errorf("remaining %v", got)
		}
	})
}
