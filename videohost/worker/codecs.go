package worker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/codecadmin"
)

// Codec policies (issue 33) in the worker: what the transcode asks for
// (processCodecs), the job that adds codecs to a ready video (codecs), and
// the view triggers (SweepViewTriggers).

// processCodecs is ProcessInput.Codecs for v: its effective policy without
// the codecs still waiting for their views; nil for the default policy.
func (w *Worker) processCodecs(ctx context.Context, v *videohost.Video) (map[string]string, error) {
	p, err := w.policies.Effective(ctx, v)
	if err != nil {
		return nil, fmt.Errorf("reading the codec policy: %w", err)
	}
	if p.IsDefault() {
		return nil, nil
	}
	views, err := w.policies.Views(ctx, v.ID)
	if err != nil {
		return nil, fmt.Errorf("counting views: %w", err)
	}
	return codecadmin.Encode(p, views), nil
}

// queueMissingCodecs queues a JobCodecs for a video just published ready
// whose renditions lack a codec its policy names now: a chunked encode
// (videohost.ChunkPipeline takes no policy), or a pipeline that did not
// honour ProcessInput.Codecs. A failure is logged: the video plays, and
// the next policy change or view trigger queues the job again.
func (w *Worker) queueMissingCodecs(ctx context.Context, videoID string) {
	if w.caps.Codecs == nil {
		return
	}
	v, err := w.svc.VideoByID(ctx, videoID)
	if err == nil && v.State == videohost.StateReady {
		var missing []string
		if missing, err = w.policies.MissingOf(ctx, v); err == nil && len(missing) > 0 {
			err = w.policies.Queue(ctx, v.Space, v.ID)
		}
	}
	if err != nil && !videohost.IsNotFound(err) {
		w.log.WarnContext(ctx, "queueing the codecs a video lacks", "video", videoID, "err", err)
	}
}

// codecs adds to a ready video the renditions of the codecs its policy
// names now and it lacks: the published version is checked out (hard
// links on local disk), CodecPipeline.AddCodecs encodes the missing
// codecs from the source beside the renditions there are (which it leaves
// byte-identical), and the revision is published as a new version. A
// video that lacks nothing (the job ran twice, the policy changed back)
// is left as it is. Like the other revisions it emits no event.
func (w *Worker) codecs(ctx context.Context, job *videohost.Job) error {
	cp := w.caps.Codecs
	if cp == nil {
		return fmt.Errorf("this worker's pipeline cannot add codecs: another worker's may") // retried
	}
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if err != nil {
		if videohost.IsNotFound(err) {
			return nil
		}
		return err
	}
	if v.State != videohost.StateReady || v.AssetVersion == "" {
		return nil // the transcode encodes the policy when it publishes
	}
	p, err := w.policies.Effective(ctx, v)
	if err != nil {
		return err
	}
	views, err := w.policies.Views(ctx, v.ID)
	if err != nil {
		return err
	}
	missing := codecadmin.Missing(v, p, views)
	if len(missing) == 0 {
		return nil
	}
	dir, err := w.stageDir(job)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	out := filepath.Join(dir, "out")
	if err := w.svc.CheckoutAssets(ctx, v, out); err != nil {
		return err
	}
	source, err := w.localSource(ctx, v.ID, dir)
	if err != nil {
		return err
	}
	added, err := cp.AddCodecs(ctx, out, source, codecadmin.Encode(p, views))
	if err != nil {
		return orPermanent(err)
	}
	if len(added) == 0 {
		return nil
	}
	found := codecadmin.AddedRenditions(out, added)
	list := func(v *videohost.Video) { codecadmin.AddRenditions(v, found) }
	if err := w.svc.PublishRevisionEdit(ctx, v.ID, v.AssetVersion, out, list); err != nil {
		return err
	}
	w.log.InfoContext(ctx, "codecs added", "video", v.ID, "codecs", added, "views", views)
	return nil
}

// View triggers. A rule such as ">=720p after 100 views" adds its codec
// once the video's views reach 100. The worker finds those videos by a
// periodic sweep of the analytics rollups rather than a hook where views
// are recorded: the sweep reads only the videos with views in the hours
// since its last run (one indexed query, then one policy lookup each), so
// its cost follows the videos watched, not the catalogue, and nothing is
// added to the ingest's write path, which runs for every beacon batch and
// lives in another process (the API's). A view reaches the rollups within
// the ingest's flush; the sweep adds at most ViewTriggerInterval to that.

// DefaultViewTriggerInterval is how often a worker sweeps the view
// triggers (Config.ViewTriggerInterval).
const DefaultViewTriggerInterval = time.Minute

// viewTriggers is the state of a worker's sweeps.
type viewTriggers struct {
	mu   sync.Mutex
	last time.Time            // the clock at the last sweep's start
	sent map[string]time.Time // videos this worker queued a job for, and when
}

// requeueAfter is how long a sweep leaves a video it queued a job for
// alone: the job runs meanwhile (twice is harmless: the second finds
// nothing missing).
const requeueAfter = time.Hour

// SweepViewTriggers queues a JobCodecs for each ready video viewed since
// the last sweep (the last two hours at the first) whose views passed a
// threshold of its policy for a codec it lacks; it returns how many. It
// does nothing without a CodecPipeline or view counts. Run calls it every
// Config.ViewTriggerInterval; the time is the service's clock.
func (w *Worker) SweepViewTriggers(ctx context.Context) (int, error) {
	vc := w.svc.ViewCounts()
	if w.caps.Codecs == nil || vc == nil {
		return 0, nil
	}
	now := w.svc.Clock().Now()
	w.triggers.mu.Lock()
	defer w.triggers.mu.Unlock()
	since := w.triggers.last.Add(-time.Hour) // a session's views count in the hour it started
	if w.triggers.last.IsZero() {
		since = now.Add(-2 * time.Hour)
	}
	viewed, err := vc.ViewedSince(ctx, since)
	if err != nil {
		return 0, err
	}
	for id, at := range w.triggers.sent {
		if now.Sub(at) >= requeueAfter {
			delete(w.triggers.sent, id)
		}
	}
	queued := 0
	for _, c := range viewed {
		if _, ok := w.triggers.sent[c.VideoID]; ok {
			continue
		}
		v, err := w.svc.VideoByID(ctx, c.VideoID)
		if videohost.IsNotFound(err) {
			continue
		}
		if err != nil {
			return queued, err
		}
		if v.State != videohost.StateReady || v.Archived {
			continue
		}
		p, err := w.policies.Effective(ctx, v)
		if err != nil {
			return queued, err
		}
		if p.IsDefault() || len(codecadmin.Missing(v, p, c.Views)) == 0 {
			continue
		}
		if err := w.policies.Queue(ctx, v.Space, v.ID); err != nil {
			return queued, err
		}
		w.triggers.sent[c.VideoID] = now
		queued++
	}
	w.triggers.last = now
	return queued, nil
}

// sweepViewTriggers runs SweepViewTriggers every interval until ctx ends.
func (w *Worker) sweepViewTriggers(ctx context.Context) {
	if w.caps.Codecs == nil || w.svc.ViewCounts() == nil {
		return
	}
	t := time.NewTicker(w.cfg.ViewTriggerInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := w.SweepViewTriggers(ctx); err != nil {
				w.log.WarnContext(ctx, "sweeping the codec view triggers", "err", err)
			} else if n > 0 {
				w.log.InfoContext(ctx, "codec view triggers passed", "videos", n)
			}
		}
	}
}
