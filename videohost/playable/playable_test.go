package playable_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/playable"
)

// journal is a Domain that records its calls.
type journal struct {
	mu    sync.Mutex
	calls []string
	syncs chan string
}

func newJournal() *journal { return &journal{syncs: make(chan string, 16)} }

func (j *journal) log(call string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.calls = append(j.calls, call)
}

func (j *journal) PublishPlayable(_ context.Context, id, dir string, _ *videohost.ProcessOutput) (bool, error) {
	j.log("link " + id + " " + dir)
	return true, nil
}

func (j *journal) PublishPlayableCopy(_ context.Context, id, dir string, _ *videohost.ProcessOutput) (bool, error) {
	j.log("copy " + id + " " + dir)
	return true, nil
}

func (j *journal) SyncPlayable(_ context.Context, id, dir string, _ *videohost.PlayableCopy) error {
	j.log("sync " + id + " " + dir)
	j.syncs <- dir
	return nil
}

func (j *journal) waitSync(t *testing.T) string {
	t.Helper()
	select {
	case d := <-j.syncs:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("no sync")
		return ""
	}
}

func (j *journal) noSync(t *testing.T) {
	t.Helper()
	select {
	case d := <-j.syncs:
		t.Fatalf("an unexpected sync of %s", d)
	default:
	}
}

func TestALiveSetIsCopiedAsItGrowsUntilStopped(t *testing.T) {
	j := newJournal()
	set := playable.New(context.Background(), j, "v1", playable.Options{})
	set.Grew() // before Publish: nothing to copy
	set.Stop()
	if err := set.Publish(context.Background(), "/early", &videohost.ProcessOutput{Live: true}); err != nil {
		t.Fatal(err)
	}
	set.Grew()
	if d := j.waitSync(t); d != "/early" {
		t.Fatalf("synced %s", d)
	}
	set.Stop()
	set.Grew()
	j.noSync(t)
	if set.Finish(context.Background()) {
		t.Fatal("Finish after Stop reported a live set")
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.calls[0] != "link v1 /early" {
		t.Fatalf("calls %v", j.calls)
	}
}

func TestACopiedSetIsFinishedWithOneLastCopy(t *testing.T) {
	j := newJournal()
	set := playable.New(context.Background(), j, "v2", playable.Options{Copy: true})
	if err := set.Publish(context.Background(), "/live", &videohost.ProcessOutput{Live: true}); err != nil {
		t.Fatal(err)
	}
	if !set.Finish(context.Background()) {
		t.Fatal("Finish did not see the live set")
	}
	if d := j.waitSync(t); d != "/live" {
		t.Fatalf("synced %s", d)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.calls[0] != "copy v2 /live" {
		t.Fatalf("calls %v", j.calls)
	}
}

func TestASetThatIsNotLiveIsNotCopied(t *testing.T) {
	j := newJournal()
	set := playable.New(context.Background(), j, "v3", playable.Options{})
	if err := set.Publish(context.Background(), "/remux", &videohost.ProcessOutput{}); err != nil {
		t.Fatal(err)
	}
	set.Grew()
	if set.Finish(context.Background()) {
		t.Fatal("a finished set reported live")
	}
	j.noSync(t)
}
