package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// newLiveStream is an idle stream of space with every setting away from
// its zero value, so that a column read back wrong shows.
func newLiveStream(space, id, keyHash string, now time.Time) *videohost.LiveStream {
	return &videohost.LiveStream{
		ID: id, Space: space, Title: "Studio " + id, CollectionID: "c0000000000" + space[:1],
		PlaybackPolicy: videohost.PlaybackSigned, LatencyMode: videohost.LatencyStandard, Record: true,
		ReconnectWindow: 45, DVRWindow: 3600, State: videohost.LiveIdle,
		KeyHash: keyHash, KeyHint: "ab12", CreatedAt: now, UpdatedAt: now, StateChangedAt: now,
	}
}

func liveStreams(t *testing.T, db DB) videohost.LiveStreamStore {
	t.Helper()
	ls, ok := db.(videohost.LiveStreamStore)
	if !ok {
		t.Skip("the store keeps no live streams")
	}
	return ls
}

func liveStreamIDs(list []*videohost.LiveStream) []string {
	ids := make([]string, len(list))
	for i, ls := range list {
		ids[i] = ls.ID
	}
	return ids
}

// Live streams round-trip, list by id within their space, update their
// settings only, and go with their space.
func testLiveStreams(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db := b.DB
	store := liveStreams(t, db)
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	now := time.Date(2025, 3, 4, 5, 6, 7, 891011000, time.UTC)
	for _, ls := range []*videohost.LiveStream{
		newLiveStream("aaaaa", "ls3", "h3", now), newLiveStream("aaaaa", "ls1", "h1", now),
		newLiveStream("aaaaa", "ls2", "h2", now), newLiveStream("bbbbb", "ls9", "h9", now),
	} {
		if err := store.CreateLiveStream(ctx, ls); err != nil {
			t.Fatal(err)
		}
	}
	want := newLiveStream("aaaaa", "ls1", "h1", now)
	got, err := store.LiveStream(ctx, "aaaaa", "ls1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != want.Title || got.CollectionID != want.CollectionID || got.PlaybackPolicy != want.PlaybackPolicy ||
		got.LatencyMode != want.LatencyMode || !got.Record || got.ReconnectWindow != 45 || got.DVRWindow != 3600 ||
		got.State != videohost.LiveIdle || got.ActiveVideoID != "" || got.LastVideoID != "" || got.KeyHash != "h1" || got.KeyHint != "ab12" ||
		!got.CreatedAt.Equal(got.UpdatedAt) || !got.StateChangedAt.Equal(got.CreatedAt) || got.CreatedAt.Sub(now).Abs() > time.Millisecond {
		t.Fatalf("LiveStream = %+v, want %+v", got, want)
	}

	for _, tc := range []struct {
		name string
		ls   *videohost.LiveStream
		code string
	}{
		{"duplicate id", newLiveStream("aaaaa", "ls1", "hx", now), videohost.EConflict},
		{"duplicate key hash", newLiveStream("bbbbb", "ls8", "h1", now), videohost.EConflict},
		{"no such space", newLiveStream("zzzzz", "ls7", "hz", now), videohost.EConflict},
	} {
		t.Run(tc.name, func(t *testing.T) { wantCode(t, store.CreateLiveStream(ctx, tc.ls), tc.code) })
	}

	for _, tc := range []struct {
		name  string
		space string
		after string
		limit int
		want  []string
	}{
		{"all", "aaaaa", "", 0, []string{"ls1", "ls2", "ls3"}},
		{"page", "aaaaa", "ls1", 1, []string{"ls2"}},
		{"other space", "bbbbb", "", 0, []string{"ls9"}},
		{"empty space", "ccccc", "", 0, []string{}},
	} {
		t.Run("list "+tc.name, func(t *testing.T) {
			list, err := store.ListLiveStreams(ctx, tc.space, tc.after, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			if ids := liveStreamIDs(list); !slices.Equal(ids, tc.want) {
				t.Fatalf("ListLiveStreams = %v, want %v", ids, tc.want)
			}
		})
	}

	later := now.Add(time.Hour)
	edit := *got
	edit.Title, edit.CollectionID, edit.PlaybackPolicy, edit.LatencyMode = "renamed", "", videohost.PlaybackPublic, videohost.LatencyLow
	edit.Record, edit.ReconnectWindow, edit.DVRWindow, edit.UpdatedAt = false, 0, 60, later
	// UpdateLiveStream saves the settings, never the key or the state.
	edit.KeyHash, edit.State = "sneaky", videohost.LiveActive
	if err := store.UpdateLiveStream(ctx, &edit); err != nil {
		t.Fatal(err)
	}
	got, err = store.LiveStream(ctx, "aaaaa", "ls1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "renamed" || got.CollectionID != "" || got.PlaybackPolicy != videohost.PlaybackPublic || got.LatencyMode != videohost.LatencyLow ||
		got.Record || got.ReconnectWindow != 0 || got.DVRWindow != 60 || got.UpdatedAt.Sub(later).Abs() > time.Millisecond ||
		got.KeyHash != "h1" || got.State != videohost.LiveIdle {
		t.Fatalf("after UpdateLiveStream: %+v", got)
	}

	for _, tc := range []struct {
		name string
		err  error
	}{
		{"get in another space", func() error { _, err := store.LiveStream(ctx, "bbbbb", "ls1"); return err }()},
		{"update in another space", store.UpdateLiveStream(ctx, &videohost.LiveStream{ID: "ls1", Space: "bbbbb", PlaybackPolicy: "public", LatencyMode: "low", State: "idle"})},
		{"delete in another space", store.DeleteLiveStream(ctx, "bbbbb", "ls1")},
		{"delete a missing one", store.DeleteLiveStream(ctx, "aaaaa", "nope")},
	} {
		t.Run(tc.name, func(t *testing.T) { wantCode(t, tc.err, videohost.ENotFound) })
	}

	if err := store.DeleteLiveStream(ctx, "aaaaa", "ls2"); err != nil {
		t.Fatal(err)
	}
	_, err = store.LiveStream(ctx, "aaaaa", "ls2")
	wantCode(t, err, videohost.ENotFound)
	_, err = store.LiveStreamByKeyHash(ctx, "h2")
	wantCode(t, err, videohost.ENotFound)

	// Deleting a space deletes its live streams, and theirs alone.
	if err := db.DeleteSpace(ctx, "aaaaa", true); err != nil {
		t.Fatal(err)
	}
	for _, hash := range []string{"h1", "h3"} {
		_, err := store.LiveStreamByKeyHash(ctx, hash)
		wantCode(t, err, videohost.ENotFound)
	}
	if _, err := store.LiveStreamByKeyHash(ctx, "h9"); err != nil {
		t.Fatalf("the other space's stream: %v", err)
	}
}

// A stream is found by its key's hash in any space; a new key replaces
// the old one at once; the ingest sets the state by id alone.
func testLiveStreamKeyAndState(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	store := liveStreams(t, db)
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	now := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	for _, ls := range []*videohost.LiveStream{newLiveStream("aaaaa", "ls1", "old", now), newLiveStream("bbbbb", "ls2", "theirs", now)} {
		if err := store.CreateLiveStream(ctx, ls); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := store.LiveStreamByKeyHash(ctx, "theirs"); err != nil || got.ID != "ls2" || got.Space != "bbbbb" {
		t.Fatalf("LiveStreamByKeyHash(theirs) = %+v, %v", got, err)
	}
	_, err := store.LiveStreamByKeyHash(ctx, "nope")
	wantCode(t, err, videohost.ENotFound)

	later := now.Add(time.Minute)
	wantCode(t, store.SetLiveStreamKey(ctx, "bbbbb", "ls1", "new", "wxyz", later), videohost.ENotFound)
	wantCode(t, store.SetLiveStreamKey(ctx, "aaaaa", "ls1", "theirs", "wxyz", later), videohost.EConflict)
	if err := store.SetLiveStreamKey(ctx, "aaaaa", "ls1", "new", "wxyz", later); err != nil {
		t.Fatal(err)
	}
	_, err = store.LiveStreamByKeyHash(ctx, "old")
	wantCode(t, err, videohost.ENotFound)
	got, err := store.LiveStreamByKeyHash(ctx, "new")
	if err != nil || got.ID != "ls1" || got.KeyHint != "wxyz" || got.UpdatedAt.Sub(later).Abs() > time.Millisecond {
		t.Fatalf("after SetLiveStreamKey: %+v, %v", got, err)
	}

	for _, step := range []struct{ state, active, last string }{
		{videohost.LiveConnected, "", ""},
		{videohost.LiveActive, "video0000001", ""},
		{videohost.LiveDisconnected, "video0000001", ""},
		{videohost.LiveIdle, "", "video0000001"},
	} {
		later = later.Add(time.Second)
		if err := store.SetLiveStreamState(ctx, "ls1", step.state, step.active, step.last, later, nil); err != nil {
			t.Fatal(err)
		}
		got, err := store.LiveStream(ctx, "aaaaa", "ls1")
		if err != nil {
			t.Fatal(err)
		}
		if got.State != step.state || got.ActiveVideoID != step.active || got.LastVideoID != step.last ||
			got.StateChangedAt.Sub(later).Abs() > time.Millisecond || got.KeyHash != "new" {
			t.Fatalf("after SetLiveStreamState(%+v): %+v", step, got)
		}
	}
	wantCode(t, store.SetLiveStreamState(ctx, "nope", videohost.LiveIdle, "", "", later, nil), videohost.ENotFound)
	if events, err := db.Events(ctx, 0, 0); err != nil || len(events) != 0 {
		t.Fatalf("without a renderer the states wrote events: %+v, %v", events, err)
	}
}

// A state set with an event renderer writes live_stream.<state> in the
// same transaction: its data rendered from the stream as saved, in the
// stream's space, with no video id; it fans out to the endpoints that
// subscribe to its kind. A renderer that fails leaves the state as it
// was, and a missing stream writes no event.
func testLiveStreamStateEvents(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db := b.DB
	store := liveStreams(t, db)
	createSpace(t, db, "aaaaa")
	now := b.Clock.Now()
	if err := store.CreateLiveStream(ctx, newLiveStream("aaaaa", "ls1", "h1", now)); err != nil {
		t.Fatal(err)
	}
	all := createWebhook(t, db, "aaaaa", videohost.EventLiveStreamConnected, videohost.EventLiveStreamActive,
		videohost.EventLiveStreamDisconnected, videohost.EventLiveStreamIdle)
	activeOnly := createWebhook(t, db, "aaaaa", videohost.EventLiveStreamActive)
	videos := createWebhook(t, db, "aaaaa") // the seven video kinds: none of these

	render := func(ls *videohost.LiveStream) ([]byte, error) {
		return json.Marshal(map[string]string{"id": ls.ID, "state": ls.State, "active": ls.ActiveVideoID, "last": ls.LastVideoID})
	}
	steps := []struct{ state, active, last string }{
		{videohost.LiveConnected, "", ""},
		{videohost.LiveActive, "video0000001", "video0000001"},
		{videohost.LiveDisconnected, "video0000001", "video0000001"},
		{videohost.LiveIdle, "", "video0000001"},
	}
	at := now
	for _, step := range steps {
		at = at.Add(time.Second)
		if err := store.SetLiveStreamState(ctx, "ls1", step.state, step.active, step.last, at, render); err != nil {
			t.Fatal(err)
		}
	}
	events, err := db.Events(ctx, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != len(steps) {
		t.Fatalf("%d events, want %d: %+v", len(events), len(steps), events)
	}
	for i, ev := range events {
		step := steps[i]
		want := `{"active":"` + step.active + `","id":"ls1","last":"` + step.last + `","state":"` + step.state + `"}`
		if ev.Type != videohost.LiveStreamEvent(step.state) || ev.Space != "aaaaa" || ev.VideoID != "" || string(ev.Data) != want ||
			ev.CreatedAt.Sub(now.Add(time.Duration(i+1)*time.Second)).Abs() > time.Millisecond {
			t.Errorf("event %d = %+v (data %s), want %s with data %s", i, ev, ev.Data, videohost.LiveStreamEvent(step.state), want)
		}
	}

	fanOutAll(t, db, b.Clock.Now())
	if got, want := deliveryTypes(t, db, all.ID), []string{"live_stream.connected", "live_stream.active", "live_stream.disconnected", "live_stream.idle"}; !slices.Equal(got, want) {
		t.Errorf("the endpoint of the four kinds got %v, want %v", got, want)
	}
	if got := deliveryTypes(t, db, activeOnly.ID); !slices.Equal(got, []string{"live_stream.active"}) {
		t.Errorf("the endpoint of live_stream.active got %v", got)
	}
	if got := deliveryTypes(t, db, videos.ID); len(got) != 0 {
		t.Errorf("the endpoint of the video kinds got %v", got)
	}

	// One transaction: a renderer that fails leaves the state as it was.
	boom := func(*videohost.LiveStream) ([]byte, error) { return nil, errors.New("boom") }
	if err := store.SetLiveStreamState(ctx, "ls1", videohost.LiveConnected, "", "video0000001", at.Add(time.Second), boom); err == nil {
		t.Fatal("a failing renderer succeeded")
	}
	if got, err := store.LiveStream(ctx, "aaaaa", "ls1"); err != nil || got.State != videohost.LiveIdle {
		t.Fatalf("after a failed renderer: %+v, %v; want the stream idle still", got, err)
	}
	wantCode(t, store.SetLiveStreamState(ctx, "nope", videohost.LiveConnected, "", "", at, render), videohost.ENotFound)
	if events, err := db.Events(ctx, events[len(events)-1].Seq, 0); err != nil || len(events) != 0 {
		t.Fatalf("a failed change wrote events: %+v, %v", events, err)
	}
}
