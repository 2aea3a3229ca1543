package storetest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// testSpaceLifecycle: quotas round-trip, spaces list by id, and a deleted
// space is gone for every lookup but keeps its id.
func testSpaceLifecycle(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	for _, id := range []string{"ccccc", "aaaaa", "bbbbb"} {
		createSpace(t, db, id)
	}
	sp, err := db.Space(ctx, "aaaaa")
	if err != nil {
		t.Fatal(err)
	}
	if sp.Quotas != (videohost.Quotas{}) {
		t.Fatalf("a new space has quotas %+v, want none", sp.Quotas)
	}
	sp.Name = "renamed"
	sp.Quotas = videohost.Quotas{MaxBytes: ptr[int64](1 << 40), MaxMinutes: ptr[int64](0), MaxVideos: ptr[int64](7)}
	if err := db.UpdateSpace(ctx, sp); err != nil {
		t.Fatal(err)
	}
	got, err := db.Space(ctx, "aaaaa")
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "renamed" || got.Quotas.MaxBytes == nil || *got.Quotas.MaxBytes != 1<<40 ||
		got.Quotas.MaxMinutes == nil || *got.Quotas.MaxMinutes != 0 || got.Quotas.MaxVideos == nil || *got.Quotas.MaxVideos != 7 {
		t.Fatalf("after UpdateSpace: %+v quotas %+v", got, got.Quotas)
	}
	wantCode(t, db.UpdateSpace(ctx, &videohost.Space{ID: "zzzzz", Name: "x"}), videohost.ENotFound)

	page, err := db.ListSpaces(ctx, "", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(page) != 2 || page[0].ID != "aaaaa" || page[1].ID != "bbbbb" {
		t.Fatalf("ListSpaces first page = %v", spaceIDs(page))
	}
	page, err = db.ListSpaces(ctx, "bbbbb", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(page) != 1 || page[0].ID != "ccccc" {
		t.Fatalf("ListSpaces after bbbbb = %v", spaceIDs(page))
	}

	if err := db.DeleteSpace(ctx, "bbbbb", false); err != nil {
		t.Fatal(err)
	}
	_, err = db.Space(ctx, "bbbbb")
	wantCode(t, err, videohost.ENotFound)
	wantCode(t, db.DeleteSpace(ctx, "bbbbb", false), videohost.ENotFound)
	wantCode(t, db.UpdateSpace(ctx, &videohost.Space{ID: "bbbbb", Name: "x"}), videohost.ENotFound)
	all, err := db.Spaces(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ids := spaceIDs(all); len(ids) != 2 || ids[0] == "bbbbb" || ids[1] == "bbbbb" {
		t.Fatalf("Spaces after delete = %v", ids)
	}
	if page, _ := db.ListSpaces(ctx, "", 0); len(page) != 2 {
		t.Fatalf("ListSpaces after delete = %v", spaceIDs(page))
	}
	// The id is never handed out again, and the space takes no video.
	wantCode(t, db.CreateSpace(ctx, &videohost.Space{ID: "bbbbb", Name: "again", CreatedAt: time.Now()}), videohost.EConflict)
	wantCode(t, db.CreateVideo(ctx, newVideo("bbbbb", time.Now()), videohost.Change{}, nil), videohost.ENotFound)
}

func spaceIDs(spaces []*videohost.Space) []string {
	out := make([]string, len(spaces))
	for i, s := range spaces {
		out[i] = s.ID
	}
	return out
}

// testDeleteSpace: a space with a video or (without recursive) a
// collection is refused and left whole; otherwise its keys, signing keys,
// webhooks, player settings and collections go, and other spaces keep
// theirs.
func testDeleteSpace(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	ps, ok := db.(videohost.PlayerSettingsStore)
	if !ok {
		t.Fatal("the store keeps no player settings")
	}
	at := time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)
	for _, space := range []string{"aaaaa", "bbbbb"} {
		createSpace(t, db, space)
		if err := db.CreateKey(ctx, &videohost.Key{ID: videohost.NewID(videohost.KeyIDLen), Space: space, Access: videohost.AccessReadWrite, CreatedAt: at},
			[]byte("h"), []byte("s")); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateSigningKey(ctx, &videohost.SigningKey{ID: videohost.NewID(videohost.SigningKeyIDLen), Space: space, Algorithm: "EdDSA", PublicPEM: "pem", CreatedAt: at}); err != nil {
			t.Fatal(err)
		}
		createWebhook(t, db, space)
		if err := ps.PutPlayerSettings(ctx, space, videohost.PlayerScope{Kind: videohost.PlayerScopeSpace, ID: space},
			videohost.PlayerSettings{Color: ptr("#ff0000")}, at); err != nil {
			t.Fatal(err)
		}
		parent := createCollection(t, db, space, videohost.NewID(videohost.CollectionIDLen), nil)
		createCollection(t, db, space, videohost.NewID(videohost.CollectionIDLen), &parent.ID)
	}
	v := createVideo(t, db, newVideo("aaaaa", at))

	wantCode(t, db.DeleteSpace(ctx, "aaaaa", true), videohost.EConflict) // a video
	if _, err := db.DeleteVideo(ctx, "aaaaa", v.ID, func(*videohost.Video) (videohost.Change, error) { return videohost.Change{}, nil }, nil); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.DeleteSpace(ctx, "aaaaa", false), videohost.EConflict) // collections
	if keys, _ := db.Keys(ctx, "aaaaa"); len(keys) != 1 {
		t.Fatalf("a refused delete removed keys: %v", keys)
	}
	if err := db.DeleteSpace(ctx, "aaaaa", true); err != nil {
		t.Fatal(err)
	}

	counts := func(space string) string {
		keys, err := db.Keys(ctx, space)
		if err != nil {
			t.Fatal(err)
		}
		sks, err := db.SigningKeys(ctx, space)
		if err != nil {
			t.Fatal(err)
		}
		hooks, err := db.Webhooks(ctx, space, nil, 100)
		if err != nil {
			t.Fatal(err)
		}
		colls, err := db.Collections(ctx, space, nil, "", 100)
		if err != nil {
			t.Fatal(err)
		}
		settings, err := ps.PlayerSettings(ctx, space, []videohost.PlayerScope{{Kind: videohost.PlayerScopeSpace, ID: space}})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("keys=%d signing=%d webhooks=%d collections=%d settings=%d", len(keys), len(sks), len(hooks), len(colls), len(settings))
	}
	if got, want := counts("aaaaa"), "keys=0 signing=0 webhooks=0 collections=0 settings=0"; got != want {
		t.Errorf("deleted space keeps %s, want %s", got, want)
	}
	if got, want := counts("bbbbb"), "keys=1 signing=1 webhooks=1 collections=2 settings=1"; got != want {
		t.Errorf("the other space has %s, want %s", got, want)
	}
}

// testAdminKeys: a key of no space is an admin key, found by id like any
// key, listed and deleted as the keys of space "".
func testAdminKeys(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	at := time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)
	admin := &videohost.Key{ID: "adm000000001", Access: videohost.AccessReadOnly, Name: "ops", CreatedAt: at}
	if err := db.CreateKey(ctx, admin, []byte("hash"), []byte("sealed")); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.CreateKey(ctx, admin, []byte("h"), []byte("s")), videohost.EConflict)
	spaceKey := &videohost.Key{ID: "key000000001", Space: "aaaaa", Access: videohost.AccessReadWrite, CreatedAt: at}
	if err := db.CreateKey(ctx, spaceKey, []byte("h"), []byte("s")); err != nil {
		t.Fatal(err)
	}
	got, hash, sealed, err := db.KeyByID(ctx, admin.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Space != "" || got.Access != videohost.AccessReadOnly || got.Name != "ops" || string(hash) != "hash" || string(sealed) != "sealed" {
		t.Fatalf("KeyByID(admin) = %+v %q %q", got, hash, sealed)
	}
	if err := db.TouchKey(ctx, admin.ID, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	admins, err := db.Keys(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(admins) != 1 || admins[0].ID != admin.ID || admins[0].LastUsedAt == nil || !admins[0].LastUsedAt.Equal(at.Add(time.Hour)) {
		t.Fatalf(`Keys("") = %+v`, admins)
	}
	if keys, _ := db.Keys(ctx, "aaaaa"); len(keys) != 1 || keys[0].ID != spaceKey.ID {
		t.Fatalf("the space's keys include the admin key: %+v", keys)
	}
	wantCode(t, db.DeleteKey(ctx, "aaaaa", admin.ID), videohost.ENotFound)
	wantCode(t, db.DeleteKey(ctx, "", spaceKey.ID), videohost.ENotFound)
	if err := db.DeleteKey(ctx, "", admin.ID); err != nil {
		t.Fatal(err)
	}
	_, _, _, err = db.KeyByID(ctx, admin.ID)
	wantCode(t, err, videohost.ENotFound)
}

// testQuotas: the store refuses, in the write's transaction, a create or
// update that takes a space past a quota, naming it; a write that grows
// nothing passes a quota the space already exceeds; usage counts live
// videos only.
func testQuotas(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	sp := createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	at := time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)
	sp.Quotas = videohost.Quotas{MaxBytes: ptr[int64](1000), MaxMinutes: ptr[int64](2), MaxVideos: ptr[int64](3)}
	if err := db.UpdateSpace(ctx, sp); err != nil {
		t.Fatal(err)
	}
	wantQuota := func(err error, field string) {
		t.Helper()
		wantCode(t, err, videohost.EQuotaExceeded)
		var e *videohost.Error
		if !asError(err, &e) || len(e.Fields) != 1 || e.Fields[0].Field != field {
			t.Fatalf("quota error %v names %+v, want %s", err, e, field)
		}
	}

	v1 := newVideo("aaaaa", at)
	v1.QuotaBytes = 600
	createVideo(t, db, v1)
	v2 := newVideo("aaaaa", at.Add(time.Second))
	v2.QuotaBytes = 401 // 1001 > 1000
	wantQuota(db.CreateVideo(ctx, v2, videohost.Change{}, nil), "max_bytes")
	v2.QuotaBytes = 400
	createVideo(t, db, v2)
	createVideo(t, db, newVideo("aaaaa", at.Add(2*time.Second)))
	wantQuota(db.CreateVideo(ctx, newVideo("aaaaa", at.Add(3*time.Second)), videohost.Change{}, nil), "max_videos")
	// Another space is not counted.
	createVideo(t, db, newVideo("bbbbb", at))

	u, err := db.SpaceUsage(ctx, "aaaaa")
	if err != nil {
		t.Fatal(err)
	}
	if u.Videos != 3 || u.Bytes != 1000 || u.Minutes != 0 {
		t.Fatalf("usage = %+v, want 3 videos, 1000 bytes", u)
	}

	setDuration := func(id string, seconds float64) error {
		_, err := db.UpdateVideo(ctx, "aaaaa", id, func(v *videohost.Video) (videohost.Change, error) {
			v.Duration = seconds
			return videohost.Change{}, nil
		}, nil)
		return err
	}
	if err := setDuration(v1.ID, 90); err != nil {
		t.Fatal(err)
	}
	wantQuota(setDuration(v2.ID, 31), "max_minutes") // 121 s > 2 min
	if err := setDuration(v2.ID, 30); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Video(ctx, "aaaaa", v2.ID); got.Duration != 30 {
		t.Fatalf("refused update was kept: duration %v", got.Duration)
	}

	// Lowered below the usage: writes that add nothing still pass.
	sp.Quotas = videohost.Quotas{MaxBytes: ptr[int64](10), MaxMinutes: ptr[int64](1), MaxVideos: ptr[int64](1)}
	if err := db.UpdateSpace(ctx, sp); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateVideo(ctx, "aaaaa", v1.ID, func(v *videohost.Video) (videohost.Change, error) {
		v.Title, v.QuotaBytes, v.Duration = "shrunk", 500, 80
		return videohost.Change{}, nil
	}, nil); err != nil {
		t.Fatalf("an update that grows nothing: %v", err)
	}
	if _, err := db.DeleteVideo(ctx, "aaaaa", v2.ID, func(*videohost.Video) (videohost.Change, error) { return videohost.Change{}, nil }, nil); err != nil {
		t.Fatal(err)
	}
	u, err = db.SpaceUsage(ctx, "aaaaa")
	if err != nil {
		t.Fatal(err)
	}
	if u.Videos != 2 || u.Bytes != 500 || math.Abs(u.Minutes-80.0/60) > 1e-9 {
		t.Fatalf("usage after delete = %+v, want 2 videos, 500 bytes, 1.33 minutes", u)
	}
	// No quotas: anything goes.
	sp.Quotas = videohost.Quotas{}
	if err := db.UpdateSpace(ctx, sp); err != nil {
		t.Fatal(err)
	}
	big := newVideo("aaaaa", at.Add(time.Hour))
	big.QuotaBytes, big.Duration = 1<<40, 1e6
	createVideo(t, db, big)
}

func asError(err error, target **videohost.Error) bool { return errors.As(err, target) }

// testQuotaRaceAtLimit: creates racing at max_videos through two stores
// on one database (two processes): exactly the limit succeed, the rest
// are refused with quota_exceeded.
func testQuotaRaceAtLimit(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	dbs := []DB{b.DB, b.Reopen(t)}
	sp := createSpace(t, b.DB, "aaaaa")
	const limit, writers = 3, 12
	sp.Quotas.MaxVideos = ptr[int64](limit)
	if err := b.DB.UpdateSpace(ctx, sp); err != nil {
		t.Fatal(err)
	}
	var created, refused atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, writers)
	for i := range writers {
		wg.Go(func() {
			<-start
			err := dbs[i%2].CreateVideo(ctx, newVideo("aaaaa", time.Date(2025, 3, 1, 0, 0, i, 0, time.UTC)), videohost.Change{}, nil)
			switch videohost.ErrorCode(err) {
			case "":
				created.Add(1)
			case videohost.EQuotaExceeded:
				refused.Add(1)
			default:
				errs <- err
			}
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if created.Load() != limit || refused.Load() != writers-limit {
		t.Fatalf("%d created, %d refused; want %d and %d", created.Load(), refused.Load(), limit, writers-limit)
	}
	if n, err := b.DB.CountVideos(ctx, videohost.VideoFilter{Space: "aaaaa"}); err != nil || n != limit {
		t.Fatalf("CountVideos = %d, %v; want %d", n, err, limit)
	}
}
