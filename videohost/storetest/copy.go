package storetest

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/installcopy"
)

// exportAll reads every table of db as CopyTables describes them.
func exportAll(t *testing.T, db installcopy.Copier) map[string][][]any {
	t.Helper()
	out := map[string][][]any{}
	for _, tab := range installcopy.Tables() {
		err := db.ExportRows(context.Background(), tab, func(row []any) error {
			out[tab.Name] = append(out[tab.Name], row)
			return nil
		})
		if err != nil {
			t.Fatalf("ExportRows(%s): %v", tab.Name, err)
		}
	}
	return out
}

// fillInstallation writes a little of everything a store keeps.
func fillInstallation(t *testing.T, db DB, now time.Time) *videohost.Video {
	t.Helper()
	ctx := context.Background()
	createSpace(t, db, "aaaaa")
	k := &videohost.Key{ID: "key000000001", Space: "aaaaa", Access: videohost.AccessReadWrite, Name: "k", CreatedAt: now}
	if err := db.CreateKey(ctx, k, []byte{1, 2, 3}, []byte{4, 5, 6}); err != nil {
		t.Fatal(err)
	}
	if err := db.TouchKey(ctx, k.ID, now.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	// Children created before their parents' ids sort: the export must
	// still give parents first.
	createCollection(t, db, "aaaaa", "zzzzzzzzzzzz", nil)
	createCollection(t, db, "aaaaa", "mmmmmmmmmmmm", ptr("zzzzzzzzzzzz"))
	createCollection(t, db, "aaaaa", "aaaaaaaaaaaa", ptr("mmmmmmmmmmmm"))
	v := fullVideo("aaaaa", now)
	v.Collection = ptr("aaaaaaaaaaaa")
	if err := db.CreateVideo(ctx, v, videohost.Change{Events: []videohost.EventType{videohost.EventVideoCreated}}, nil); err != nil {
		t.Fatal(err)
	}
	gone := createVideo(t, db, newVideo("aaaaa", now))
	if _, err := db.DeleteVideo(ctx, "aaaaa", gone.ID, func(*videohost.Video) (videohost.Change, error) {
		return videohost.Change{Events: []videohost.EventType{videohost.EventVideoDeleted}}, nil
	}, nil); err != nil {
		t.Fatal(err)
	}
	if ps, ok := db.(videohost.PlayerSettingsStore); ok {
		scope := videohost.PlayerScope{Kind: "video", ID: v.ID}
		if err := ps.PutPlayerSettings(ctx, "aaaaa", scope, videohost.PlayerSettings{Color: ptr("#123456"), Loop: ptr(true)}, now); err != nil {
			t.Fatal(err)
		}
	}
	if ls, ok := db.(videohost.LiveStreamStore); ok {
		if err := ls.CreateLiveStream(ctx, newLiveStream("aaaaa", "ls0000000001", "hash-copy", now)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.CreateSigningKey(ctx, &videohost.SigningKey{ID: "sk0000000001", Space: "aaaaa", Algorithm: "EdDSA",
		PublicPEM: "-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	createWebhook(t, db, "aaaaa")
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded)
	fanOutAll(t, db, now)
	c := claimDelivery(t, db, "w1", now)
	if err := db.RecordWebhookAttempt(ctx, c.Delivery.Seq, "w1", videohost.DeliveryAttempt{At: now, Status: 500, DurationMS: 12, Error: "boom"},
		videohost.DeliveryPending, now.Add(time.Minute), time.Time{}); err != nil {
		t.Fatal(err)
	}
	sigs := playbackSignals(v, "s1", now,
		analytics.Signal{Kind: analytics.SignalStartup, Value: 300},
		analytics.Signal{Kind: analytics.SignalPlay},
		analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 10})
	// A live heartbeat too: a session's live_at and a live minute.
	sigs = append(sigs, playbackSignals(v, "s2", now,
		analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 10, Live: true, Latency: 1.5, Received: now})...)
	if err := analytics.RecordPlayback(ctx, db, sigs); err != nil {
		t.Fatal(err)
	}
	return v
}

// testCopyBetweenStores: every row exported from one store and imported
// into an empty one reads back the same, twice over (an import is an
// upsert), and the target's own numbering goes on after the copied rows.
func testCopyBetweenStores(t *testing.T, open Opener) {
	ctx := context.Background()
	src, dst := open(t), open(t)
	from, ok := src.DB.(installcopy.Copier)
	if !ok {
		t.Skip("the store cannot copy")
	}
	to := dst.DB.(installcopy.Copier)
	for _, c := range []installcopy.Copier{from, to} {
		if err := c.CopyCheck(ctx); err != nil {
			t.Fatalf("CopyCheck: %v", err)
		}
	}
	v := fillInstallation(t, src.DB, src.Clock.Now())
	want := exportAll(t, from)
	for _, name := range []string{"spaces", "api_keys", "collections", "videos", "events", "webhook_endpoints",
		"webhook_deliveries", "webhook_attempts", "signing_keys", "playback_hourly", "playback_events", "live_streams", "playback_live_minutes"} {
		if len(want[name]) == 0 {
			t.Errorf("the source has no %s rows: the test copies nothing there", name)
		}
	}
	if cs := want["collections"]; len(cs) == 3 && (cs[0][0] != "zzzzzzzzzzzz" || cs[2][0] != "aaaaaaaaaaaa") {
		t.Errorf("collections exported %v, %v, %v: want parents first", cs[0][0], cs[1][0], cs[2][0])
	}
	for range 2 {
		for _, tab := range installcopy.Tables() {
			if len(want[tab.Name]) == 0 {
				continue
			}
			if err := to.ImportRows(ctx, tab, want[tab.Name]); err != nil {
				t.Fatalf("ImportRows(%s): %v", tab.Name, err)
			}
		}
	}
	got := exportAll(t, to)
	for _, tab := range installcopy.Tables() {
		if !reflect.DeepEqual(got[tab.Name], want[tab.Name]) {
			t.Errorf("table %s after the copy:\n got %v\nwant %v", tab.Name, fmt.Sprint(got[tab.Name]), fmt.Sprint(want[tab.Name]))
		}
	}
	// The copy reads back through the store's own API.
	cv, err := dst.DB.Video(ctx, "aaaaa", v.ID)
	if err != nil || cv.Title != v.Title || *cv.Collection != "aaaaaaaaaaaa" || !cv.OriginalAccess || cv.AssetVersion != "v1" {
		t.Fatalf("copied video %+v, %v", cv, err)
	}
	// New outbox events number after the copied ones.
	before := allEvents(t, dst.DB)
	emitEvents(t, dst.DB, "aaaaa", videohost.EventVideoCreated)
	after := allEvents(t, dst.DB)
	if len(after) != len(before)+1 || after[len(after)-1].Seq <= before[len(before)-1].Seq {
		t.Fatalf("a new event after the copy: %d events, last seq %d after %d", len(after), after[len(after)-1].Seq, before[len(before)-1].Seq)
	}

	// The marker.
	if m, err := to.CopyMarker(ctx); err != nil || m != nil {
		t.Fatalf("CopyMarker of a store never copied into = %+v, %v", m, err)
	}
	start := time.Date(2025, 3, 1, 12, 0, 0, 123456000, time.UTC)
	for _, m := range []installcopy.Marker{
		{Source: "sqlite:///srv/reel.db file:///srv/blobs", StartedAt: start},
		{Source: "sqlite:///srv/reel.db file:///srv/blobs", StartedAt: start, FinishedAt: start.Add(time.Hour)},
	} {
		if err := to.SetCopyMarker(ctx, m); err != nil {
			t.Fatal(err)
		}
		if got, err := to.CopyMarker(ctx); err != nil || got == nil || *got != m {
			t.Fatalf("CopyMarker = %+v, %v; want %+v", got, err, m)
		}
	}
}
