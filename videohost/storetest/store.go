package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

func testOpenTwiceKeepsData(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	createSpace(t, b.DB, "aaaaa")
	if err := b.DB.Close(); err != nil {
		t.Fatal(err)
	}
	db := b.Reopen(t) // migrations must not run again
	if _, err := db.Space(ctx, "aaaaa"); err != nil {
		t.Fatalf("Space after reopen: %v", err)
	}
}

func testSpaces(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	for i, id := range []string{"bbbbb", "aaaaa"} {
		s := &videohost.Space{ID: id, Name: id, SpaceURL: "https://s/" + id,
			CreatedAt: time.Date(2025, 1, 1+i, 0, 0, 0, 0, time.UTC)}
		if err := db.CreateSpace(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.Space(ctx, "bbbbb")
	if err != nil {
		t.Fatal(err)
	}
	if got.SpaceURL != "https://s/bbbbb" || !got.CreatedAt.Equal(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Space = %+v", got)
	}
	_, err = db.Space(ctx, "zzzzz")
	wantCode(t, err, videohost.ENotFound)
	wantCode(t, db.CreateSpace(ctx, &videohost.Space{ID: "aaaaa", CreatedAt: time.Now()}), videohost.EConflict)

	all, err := db.Spaces(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].ID != "bbbbb" || all[1].ID != "aaaaa" {
		t.Errorf("Spaces not oldest first: %v, %v", all[0].ID, all[1].ID)
	}
}

func testKeys(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	created := time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)
	k := &videohost.Key{ID: "key000000001", Space: "aaaaa", Access: videohost.AccessReadOnly, Name: "ro", Secret: "plain", CreatedAt: created}
	if err := db.CreateKey(ctx, k, []byte("hash"), []byte("sealed")); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.CreateKey(ctx, k, []byte("h"), []byte("s")), videohost.EConflict)
	wantCode(t, db.CreateKey(ctx, &videohost.Key{ID: "key000000009", Space: "nospc", Access: videohost.AccessReadOnly, CreatedAt: created},
		[]byte("h"), []byte("s")), videohost.EConflict)

	got, hash, sealed, err := db.KeyByID(ctx, k.ID)
	if err != nil {
		t.Fatal(err)
	}
	if string(hash) != "hash" || string(sealed) != "sealed" {
		t.Errorf("KeyByID hash=%q sealed=%q", hash, sealed)
	}
	if got.Secret != "" || got.Space != "aaaaa" || got.Access != videohost.AccessReadOnly || got.LastUsedAt != nil || !got.CreatedAt.Equal(created) {
		t.Errorf("KeyByID key = %+v", got)
	}
	_, _, _, err = db.KeyByID(ctx, "missing")
	wantCode(t, err, videohost.ENotFound)

	used := created.Add(time.Hour)
	if err := db.TouchKey(ctx, k.ID, used); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.TouchKey(ctx, "missing", used), videohost.ENotFound)
	keys, err := db.Keys(ctx, "aaaaa")
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 1 || keys[0].LastUsedAt == nil || !keys[0].LastUsedAt.Equal(used) {
		t.Fatalf("Keys = %+v", keys)
	}
	if keys, _ := db.Keys(ctx, "bbbbb"); len(keys) != 0 {
		t.Errorf("Keys of another space = %v", keys)
	}

	wantCode(t, db.DeleteKey(ctx, "bbbbb", k.ID), videohost.ENotFound)
	if err := db.DeleteKey(ctx, "aaaaa", k.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.DeleteKey(ctx, "aaaaa", k.ID), videohost.ENotFound)
}

func fullVideo(space string, at time.Time) *videohost.Video {
	v := newVideo(space, at)
	ready := at.Add(time.Minute)
	v.Title, v.Description = "Title", "Description"
	v.Metadata = map[string]string{"k": "v"}
	v.State = videohost.StateReady
	v.Playable, v.Archived = true, true
	v.Duration, v.Width, v.Height, v.AspectRatio = 12.5, 1920, 1080, "16:9"
	v.Source = &videohost.SourceInfo{Size: 42, Container: "mp4", VideoCodec: "h264", AudioCodec: "aac", FrameRate: 29.97}
	v.QuotaBytes = 42
	v.Renditions = []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd", Width: 640, Height: 360, Bitrate: 1, Size: 2}}
	v.AudioTracks = []videohost.AudioTrack{{ID: "a0", Language: "en", Default: true},
		{ID: "fr", Language: "fr", Label: "Doublage", Kind: videohost.TrackDub, Added: true, State: videohost.TrackErrored,
			Error: &videohost.VideoError{Code: "no_audio", Message: "m"}, Rev: "r1"}}
	v.Subtitles = []videohost.Subtitle{{Language: "fr", Label: "Français"}}
	v.Chapters = []videohost.Chapter{{Start: 0, Title: "Intro"}, {Start: 4.125, Title: "Ünïcode & <markup>"}}
	v.URLs = &videohost.VideoURLs{HLS: "https://x/playlist.m3u8"}
	v.PlaybackPolicy = videohost.PlaybackSigned
	v.PosterTime = ptr(3.25)
	v.InputURL = "https://example.com/in.mp4"
	v.Error = &videohost.VideoError{Code: "c", Message: "m"}
	v.ReadyAt = &ready
	v.AssetVersion = "v1"
	v.Assets = videohost.AssetFlags{Poster: true, Clip: true, DASH: true, Chapters: true}
	v.OriginalAccess = true
	v.PosterImage = true
	v.PosterError = &videohost.VideoError{Code: "not_media", Message: "probe image: no picture that decodes"}
	return v
}

func testVideoRoundTrip(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	createCollection(t, db, "aaaaa", "col000000001", nil)
	at := time.Date(2025, 3, 1, 10, 0, 0, 123456000, time.UTC)
	minimal := newVideo("aaaaa", at)
	full := fullVideo("aaaaa", at)
	full.Collection = ptr("col000000001")

	for name, v := range map[string]*videohost.Video{"minimal": minimal, "full": full} {
		t.Run(name, func(t *testing.T) {
			createVideo(t, db, v)
			for _, space := range []string{"aaaaa", ""} {
				got, err := db.Video(ctx, space, v.ID)
				if err != nil {
					t.Fatalf("Video(%q): %v", space, err)
				}
				if !reflect.DeepEqual(got, v) {
					t.Errorf("Video(%q) =\n%+v\nwant\n%+v", space, got, v)
				}
			}
			got, err := db.VideoByEmbed(ctx, v.Embed)
			if err != nil || got.ID != v.ID {
				t.Errorf("VideoByEmbed = %v, %v", got, err)
			}
			_, err = db.Video(ctx, "bbbbb", v.ID)
			wantCode(t, err, videohost.ENotFound)
		})
	}
	_, err := db.Video(ctx, "", "nosuchvideo0")
	wantCode(t, err, videohost.ENotFound)
	_, err = db.VideoByEmbed(ctx, "aaaaanosuchemb")
	wantCode(t, err, videohost.ENotFound)

	sameID := newVideo("aaaaa", at)
	sameID.ID = minimal.ID
	wantCode(t, db.CreateVideo(ctx, sameID, videohost.Change{}, nil), videohost.EConflict)
	sameEmbed := newVideo("aaaaa", at)
	sameEmbed.Embed = minimal.Embed
	wantCode(t, db.CreateVideo(ctx, sameEmbed, videohost.Change{}, nil), videohost.EConflict)
	inMissingCollection := newVideo("aaaaa", at)
	inMissingCollection.Collection = ptr("nosuchcoll00")
	wantCode(t, db.CreateVideo(ctx, inMissingCollection, videohost.Change{}, nil), videohost.ENotFound)
	inOtherSpaceCollection := newVideo("bbbbb", at)
	inOtherSpaceCollection.Collection = ptr("col000000001")
	wantCode(t, db.CreateVideo(ctx, inOtherSpaceCollection, videohost.Change{}, nil), videohost.ENotFound)
}

// renderTitle is an eventData that shows which version of the video it saw.
func renderTitle(v *videohost.Video) ([]byte, error) {
	return json.Marshal(map[string]string{"title": v.Title})
}

func testCreateVideoWritesEventsAndJobs(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	v := newVideo("aaaaa", clock.Now())
	v.Title = "first"
	change := videohost.Change{
		Events: []videohost.EventType{videohost.EventVideoCreated},
		Jobs:   []videohost.Job{{Kind: videohost.JobFetch, Space: "aaaaa", VideoID: v.ID, MaxAttempts: 3}, {Kind: videohost.JobTranscode}},
	}
	if err := db.CreateVideo(ctx, v, change, renderTitle); err != nil {
		t.Fatal(err)
	}
	evs := allEvents(t, db)
	if len(evs) != 1 {
		t.Fatalf("events = %d, want 1", len(evs))
	}
	e := evs[0]
	if e.Type != videohost.EventVideoCreated || e.Space != "aaaaa" || e.VideoID != v.ID || !e.CreatedAt.Equal(clock.Now()) ||
		string(e.Data) != `{"title":"first"}` || len(e.ID) < 10 || e.ID[:4] != "evt_" {
		t.Errorf("event = %+v data %s", e, e.Data)
	}
	for id, want := range map[int64]videohost.Job{
		1: {Kind: videohost.JobFetch, MaxAttempts: 3},
		2: {Kind: videohost.JobTranscode, MaxAttempts: b.DefaultMaxAttempts},
	} {
		j, err := db.Job(ctx, id)
		if err != nil {
			t.Fatalf("Job(%d): %v", id, err)
		}
		if j.Kind != want.Kind || j.MaxAttempts != want.MaxAttempts || j.State != videohost.JobQueued ||
			j.Space != "aaaaa" || j.VideoID != v.ID || j.RunAt.After(time.Now()) || j.Attempts != 0 {
			t.Errorf("Job(%d) = %+v", id, j)
		}
	}
}

func testUpdateVideo(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	createCollection(t, db, "aaaaa", "col000000001", nil)
	v := createVideo(t, db, newVideo("aaaaa", time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)))

	got, err := db.UpdateVideo(ctx, "aaaaa", v.ID, func(v *videohost.Video) (videohost.Change, error) {
		v.Title = "renamed"
		v.State = videohost.StateUploaded
		v.Collection = ptr("col000000001")
		v.Space, v.ID = "bbbbb", "hijacked0000" // immutable: ignored
		return videohost.Change{
			Events: []videohost.EventType{videohost.EventVideoUploaded, videohost.EventVideoProcessing},
			Jobs:   []videohost.Job{{Kind: videohost.JobTranscode}},
		}, nil
	}, renderTitle)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "renamed" || got.Space != "aaaaa" || got.ID != v.ID {
		t.Errorf("UpdateVideo returned %+v", got)
	}
	stored, err := db.Video(ctx, "aaaaa", v.ID)
	if err != nil || stored.Title != "renamed" || stored.State != videohost.StateUploaded || *stored.Collection != "col000000001" {
		t.Fatalf("stored = %+v, %v", stored, err)
	}
	evs := allEvents(t, db)
	if len(evs) != 2 || evs[0].Type != videohost.EventVideoUploaded || evs[1].Type != videohost.EventVideoProcessing ||
		string(evs[1].Data) != `{"title":"renamed"}` {
		t.Errorf("events = %+v", evs)
	}
	if j, err := db.Job(ctx, 1); err != nil || j.VideoID != v.ID {
		t.Errorf("job = %+v, %v", j, err)
	}

	noop := func(*videohost.Video) (videohost.Change, error) { return videohost.Change{}, nil }
	for _, tc := range []struct{ name, space, id string }{
		{"other space", "bbbbb", v.ID},
		{"missing", "", "nosuchvideo0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := db.UpdateVideo(ctx, tc.space, tc.id, noop, nil)
			wantCode(t, err, videohost.ENotFound)
		})
	}
	t.Run("missing collection", func(t *testing.T) {
		_, err := db.UpdateVideo(ctx, "", v.ID, func(v *videohost.Video) (videohost.Change, error) {
			v.Collection = ptr("nosuchcoll00")
			return videohost.Change{}, nil
		}, nil)
		wantCode(t, err, videohost.ENotFound)
	})
	t.Run("chapters", func(t *testing.T) {
		set := func(chapters []videohost.Chapter) *videohost.Video {
			t.Helper()
			if _, err := db.UpdateVideo(ctx, "aaaaa", v.ID, func(v *videohost.Video) (videohost.Change, error) {
				v.Chapters = chapters
				return videohost.Change{}, nil
			}, nil); err != nil {
				t.Fatal(err)
			}
			stored, err := db.Video(ctx, "aaaaa", v.ID)
			if err != nil {
				t.Fatal(err)
			}
			return stored
		}
		want := []videohost.Chapter{{Start: 0.5, Title: "One"}, {Start: 61.001, Title: "Two"}, {Start: 3599.999, Title: "Three"}}
		if got := set(want); !reflect.DeepEqual(got.Chapters, want) || got.Title != "renamed" {
			t.Errorf("chapters stored as %+v (title %q), want %+v", got.Chapters, got.Title, want)
		}
		if got := set(nil); got.Chapters != nil {
			t.Errorf("cleared chapters read back as %+v, want none", got.Chapters)
		}
	})
}

func testMutationRollsBackWhenFnFails(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	v := createVideo(t, db, newVideo("aaaaa", time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)))
	boom := errors.New("boom")
	failing := func(v *videohost.Video) (videohost.Change, error) {
		v.Title = "should not stick"
		return videohost.Change{Events: []videohost.EventType{videohost.EventVideoDeleted},
			Jobs: []videohost.Job{{Kind: videohost.JobFetch}}}, boom
	}
	failingRender := func(*videohost.Video) ([]byte, error) { return nil, boom }
	succeeding := func(v *videohost.Video) (videohost.Change, error) {
		v.Title = "should not stick"
		return videohost.Change{Events: []videohost.EventType{videohost.EventVideoReady}}, nil
	}
	for _, tc := range []struct {
		name string
		call func() error
		same bool // the error is fn's own, unwrapped
	}{
		{"update fn", func() error { _, err := db.UpdateVideo(ctx, "", v.ID, failing, renderTitle); return err }, true},
		{"delete fn", func() error { _, err := db.DeleteVideo(ctx, "", v.ID, failing, renderTitle); return err }, true},
		{"update eventData", func() error { _, err := db.UpdateVideo(ctx, "", v.ID, succeeding, failingRender); return err }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if tc.same && err != boom {
				t.Fatalf("err = %v, want fn's error unchanged", err)
			}
			if !errors.Is(err, boom) {
				t.Fatalf("err = %v, want boom", err)
			}
			got, err := db.Video(ctx, "aaaaa", v.ID)
			if err != nil || got.Title != v.Title {
				t.Errorf("video after rollback = %+v, %v", got, err)
			}
			if evs := allEvents(t, db); len(evs) != 0 {
				t.Errorf("events after rollback: %d", len(evs))
			}
			_, err = db.Job(ctx, 1)
			wantCode(t, err, videohost.ENotFound)
		})
	}
}

func testDeleteVideo(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	v := createVideo(t, db, newVideo("aaaaa", time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)))
	del := func(v *videohost.Video) (videohost.Change, error) {
		return videohost.Change{Events: []videohost.EventType{videohost.EventVideoDeleted}}, nil
	}
	_, err := db.DeleteVideo(ctx, "bbbbb", v.ID, del, nil)
	wantCode(t, err, videohost.ENotFound)
	got, err := db.DeleteVideo(ctx, "aaaaa", v.ID, del, nil)
	if err != nil || got.ID != v.ID {
		t.Fatalf("DeleteVideo = %v, %v", got, err)
	}
	_, err = db.Video(ctx, "", v.ID)
	wantCode(t, err, videohost.ENotFound)
	_, err = db.VideoByEmbed(ctx, v.Embed)
	wantCode(t, err, videohost.ENotFound)
	if vs, _ := db.Videos(ctx, videohost.VideoFilter{Space: "aaaaa"}); len(vs) != 0 {
		t.Errorf("Videos lists a deleted video")
	}
	_, err = db.DeleteVideo(ctx, "aaaaa", v.ID, del, nil)
	wantCode(t, err, videohost.ENotFound)
	_, err = db.UpdateVideo(ctx, "aaaaa", v.ID, del, nil)
	wantCode(t, err, videohost.ENotFound)
	if evs := allEvents(t, db); len(evs) != 1 || evs[0].Type != videohost.EventVideoDeleted {
		t.Errorf("events = %+v", evs)
	}
	// The id and the embed are never reused.
	again := newVideo("aaaaa", v.CreatedAt)
	again.ID = v.ID
	wantCode(t, db.CreateVideo(ctx, again, videohost.Change{}, nil), videohost.EConflict)
}

func testEventsOrderAndPaging(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	var want []videohost.EventType
	for i := range 5 {
		v := newVideo("aaaaa", time.Date(2025, 3, 1, 0, 0, i, 0, time.UTC))
		types := []videohost.EventType{videohost.EventVideoCreated, videohost.EventTypes()[i%7+1]}
		if err := db.CreateVideo(ctx, v, videohost.Change{Events: types}, nil); err != nil {
			t.Fatal(err)
		}
		want = append(want, types...)
	}
	var got []videohost.EventType
	var after int64
	for {
		page, err := db.Events(ctx, after, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, e := range page {
			if e.Seq <= after {
				t.Fatalf("seq %d not after %d", e.Seq, after)
			}
			after = e.Seq
			got = append(got, e.Type)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("events = %v, want %v", got, want)
	}
}

// testAddedTracksAndPosterImage: an added audio track's state and the
// poster_image flag change with UpdateVideo, and the jobs that publish
// them (audio_tracks, poster) are queued with the change.
func testAddedTracksAndPosterImage(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	v := fullVideo("aaaaa", time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC))
	v.Archived = false
	createVideo(t, db, v)
	_, err := db.UpdateVideo(ctx, "aaaaa", v.ID, func(v *videohost.Video) (videohost.Change, error) {
		v.AudioTracks[1].State, v.AudioTracks[1].Error, v.AudioTracks[1].Rev = videohost.TrackReady, nil, "r2"
		v.AudioTracks = append(v.AudioTracks, videohost.AudioTrack{ID: "en", Language: "en", Label: "en (audio description)",
			Kind: videohost.TrackDescription, Added: true, State: videohost.TrackProcessing, Rev: "r3"})
		v.PosterImage = false
		return videohost.Change{Jobs: []videohost.Job{{Kind: videohost.JobAudioTracks}, {Kind: videohost.JobPoster}}}, nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := db.Video(ctx, "aaaaa", v.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []videohost.AudioTrack{v.AudioTracks[0],
		{ID: "fr", Language: "fr", Label: "Doublage", Kind: videohost.TrackDub, Added: true, State: videohost.TrackReady, Rev: "r2"},
		{ID: "en", Language: "en", Label: "en (audio description)", Kind: videohost.TrackDescription, Added: true, State: videohost.TrackProcessing, Rev: "r3"}}
	if !reflect.DeepEqual(got.AudioTracks, want) {
		t.Errorf("audio tracks =\n%+v\nwant\n%+v", got.AudioTracks, want)
	}
	if got.PosterImage {
		t.Error("poster_image is still true")
	}
	kinds := map[videohost.JobKind]bool{}
	for id := int64(1); id <= 2; id++ {
		j, err := db.Job(ctx, id)
		if err != nil {
			t.Fatalf("job %d: %v", id, err)
		}
		if j.VideoID != v.ID || j.Space != "aaaaa" {
			t.Errorf("job %d = %+v", id, j)
		}
		kinds[j.Kind] = true
	}
	if !kinds[videohost.JobAudioTracks] || !kinds[videohost.JobPoster] {
		t.Errorf("queued kinds = %v", kinds)
	}
}
