package videohost_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// A space may have MaxWaitingFetches videos waiting for their fetch; the
// next create is refused with too_many_fetches until one is done, and other
// spaces are not affected.
func TestWaitingFetchesAreBounded(t *testing.T) {
	ctx := context.Background()
	db, blobs := openLocal(t)
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Secret: bytes.Repeat([]byte("k"), 32),
		BaseURL: "https://reel.example", MaxWaitingFetches: 3})
	if err != nil {
		t.Fatal(err)
	}
	sp, _, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite}
	other := &videohost.Space{ID: videohost.NewID(videohost.SpaceIDLen), Name: "other", CreatedAt: time.Now()}
	if err := db.CreateSpace(ctx, other); err != nil {
		t.Fatal(err)
	}
	q := &videohost.Principal{Space: other.ID, Access: videohost.AccessReadWrite}
	create := func(p *videohost.Principal, i int) (*videohost.Video, error) {
		return svc.CreateVideo(ctx, p, videohost.CreateVideoInput{InputURL: fmt.Sprintf("https://203.0.113.9/%d.mp4", i)})
	}
	// An upload waiting for its bytes is not a fetch.
	if _, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "upload"}); err != nil {
		t.Fatal(err)
	}
	var first *videohost.Video
	for i := range 3 {
		v, err := create(p, i)
		if err != nil {
			t.Fatalf("fetch %d of 3: %v", i+1, err)
		}
		if first == nil {
			first = v
		}
	}
	if _, err := create(p, 3); videohost.ErrorCode(err) != videohost.ETooManyFetches {
		t.Fatalf("a fourth waiting fetch: %v, want %s", err, videohost.ETooManyFetches)
	}
	if _, err := create(q, 0); err != nil {
		t.Fatalf("another space's fetch: %v", err)
	}
	// The first fetch ends (here: fails for good): a place frees up.
	if _, err := svc.Fail(ctx, first.ID, videohost.VideoErrFetchFailed, "origin answered 404"); err != nil {
		t.Fatal(err)
	}
	if _, err := create(p, 4); err != nil {
		t.Fatalf("after a fetch ended: %v", err)
	}
}
