package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// TestVideosPaginationIsStable walks every page while new videos are inserted
// between pages (newer, older and with the same timestamp as existing ones):
// each video present at the start is returned exactly once, in order.
func testVideosPaginationIsStable(t *testing.T, open Opener) {
	for _, ascending := range []bool{false, true} {
		t.Run(fmt.Sprintf("ascending=%v", ascending), func(t *testing.T) {
			ctx := context.Background()
			db := open(t).DB
			createSpace(t, db, "aaaaa")
			base := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
			original := map[string]bool{}
			for i := range 23 {
				// Groups of three share a timestamp, so the id breaks ties.
				v := createVideo(t, db, newVideo("aaaaa", base.Add(time.Duration(i/3)*time.Microsecond)))
				original[v.ID] = true
			}
			seen := map[string]int{}
			var last *videohost.Video
			var cursor *videohost.Cursor
			for page := 0; ; page++ {
				vs, err := db.Videos(ctx, videohost.VideoFilter{Space: "aaaaa", After: cursor, Limit: 4, Ascending: ascending})
				if err != nil {
					t.Fatal(err)
				}
				if len(vs) == 0 {
					break
				}
				for _, v := range vs {
					if last != nil {
						c := last.CreatedAt.Compare(v.CreatedAt)
						if c == 0 {
							c = compareStrings(last.ID, v.ID)
						}
						if ascending && c >= 0 || !ascending && c <= 0 {
							t.Fatalf("page %d: %s/%v out of order after %s/%v", page, v.ID, v.CreatedAt, last.ID, last.CreatedAt)
						}
					}
					seen[v.ID]++
					last = v
				}
				cursor = &videohost.Cursor{CreatedAt: last.CreatedAt, ID: last.ID}
				// Concurrent inserts: the newest, the oldest and a tie with the cursor.
				createVideo(t, db, newVideo("aaaaa", base.Add(time.Hour)))
				createVideo(t, db, newVideo("aaaaa", base.Add(-time.Hour)))
				createVideo(t, db, newVideo("aaaaa", last.CreatedAt))
			}
			for id := range original {
				if seen[id] != 1 {
					t.Errorf("video %s seen %d times", id, seen[id])
				}
			}
			for id, n := range seen {
				if n != 1 {
					t.Errorf("video %s seen %d times", id, n)
				}
			}
		})
	}
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func testVideosFilters(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	createCollection(t, db, "aaaaa", "col000000001", nil)
	createCollection(t, db, "aaaaa", "col000000002", nil)
	base := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	mk := func(title string, mutate func(v *videohost.Video)) string {
		v := newVideo("aaaaa", base)
		base = base.Add(time.Second)
		v.Title = title
		if mutate != nil {
			mutate(v)
		}
		return createVideo(t, db, v).ID
	}
	plain := mk("Holiday in Rome", nil)
	inC1 := mk("holiday 100% fun", func(v *videohost.Video) { v.Collection = ptr("col000000001") })
	inC2 := mk("under_score", func(v *videohost.Video) { v.Collection = ptr("col000000002"); v.State = videohost.StateReady })
	archived := mk("archived", func(v *videohost.Video) { v.Archived = true; v.Playable = true })
	playable := mk("playable", func(v *videohost.Video) { v.Playable = true; v.State = videohost.StateReady })
	other := newVideo("bbbbb", base)
	other.Title = "Holiday elsewhere"
	createVideo(t, db, other)

	for _, tc := range []struct {
		name   string
		filter videohost.VideoFilter
		want   []string // newest first
	}{
		{"space", videohost.VideoFilter{Space: "aaaaa"}, []string{playable, archived, inC2, inC1, plain}},
		{"any space", videohost.VideoFilter{}, []string{other.ID, playable, archived, inC2, inC1, plain}},
		{"limit", videohost.VideoFilter{Space: "aaaaa", Limit: 2}, []string{playable, archived}},
		{"collection", videohost.VideoFilter{Space: "aaaaa", Collection: "col000000001"}, []string{inC1}},
		{"collections", videohost.VideoFilter{Space: "aaaaa", Collections: []string{"col000000001", "col000000002"}}, []string{inC2, inC1}},
		{"empty collections", videohost.VideoFilter{Space: "aaaaa", Collections: []string{}}, nil},
		{"state", videohost.VideoFilter{Space: "aaaaa", State: videohost.StateReady}, []string{playable, inC2}},
		{"archived", videohost.VideoFilter{Space: "aaaaa", Archived: ptr(true)}, []string{archived}},
		{"not archived", videohost.VideoFilter{Space: "aaaaa", Archived: ptr(false)}, []string{playable, inC2, inC1, plain}},
		{"playable", videohost.VideoFilter{Space: "aaaaa", Playable: ptr(true)}, []string{playable, archived}},
		{"public list", videohost.VideoFilter{Space: "aaaaa", Playable: ptr(true), Archived: ptr(false)}, []string{playable}},
		{"query case-insensitive", videohost.VideoFilter{Space: "aaaaa", Query: "HOLIDAY"}, []string{inC1, plain}},
		{"query percent is literal", videohost.VideoFilter{Space: "aaaaa", Query: "100%"}, []string{inC1}},
		{"query percent alone", videohost.VideoFilter{Space: "aaaaa", Query: "%"}, []string{inC1}},
		{"query underscore is literal", videohost.VideoFilter{Space: "aaaaa", Query: "y_1"}, nil},
		{"query underscore", videohost.VideoFilter{Space: "aaaaa", Query: "_"}, []string{inC2}},
		{"ascending", videohost.VideoFilter{Space: "aaaaa", Ascending: true, Limit: 2}, []string{plain, inC1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vs, err := db.Videos(ctx, tc.filter)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, v := range vs {
				got = append(got, v.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// Fetching selects the videos created by URL whose fetch has not ended;
// Uploading those waiting for an upload.
func testVideosFetchingFilter(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	fetching := newVideo("aaaaa", at)
	fetching.InputURL = "https://example.com/a.mp4"
	createVideo(t, db, fetching)
	fetched := newVideo("aaaaa", at.Add(time.Second))
	fetched.InputURL = "https://example.com/b.mp4"
	fetched.State = videohost.StateUploaded
	createVideo(t, db, fetched)
	createVideo(t, db, newVideo("aaaaa", at.Add(2*time.Second))) // an upload
	got, err := db.Videos(ctx, videohost.VideoFilter{Space: "aaaaa", Fetching: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != fetching.ID {
		t.Fatalf("fetching: %d videos, want only %s", len(got), fetching.ID)
	}
	for _, tc := range []struct {
		f    videohost.VideoFilter
		want int
	}{
		{videohost.VideoFilter{Space: "aaaaa", Fetching: true}, 1},
		{videohost.VideoFilter{Space: "aaaaa", Uploading: true}, 1},
		{videohost.VideoFilter{Space: "bbbbb", Uploading: true}, 0},
		{videohost.VideoFilter{Space: "aaaaa"}, 3},
		{videohost.VideoFilter{Space: "aaaaa", Limit: 2}, 2},
		{videohost.VideoFilter{Space: "bbbbb"}, 0},
		{videohost.VideoFilter{Space: "aaaaa", Collections: []string{}}, 0},
	} {
		if n, err := db.CountVideos(ctx, tc.f); err != nil || n != tc.want {
			t.Errorf("CountVideos(%+v) = %d, %v; want %d", tc.f, n, err, tc.want)
		}
	}
}
