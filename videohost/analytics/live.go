package analytics

// Live analytics: how many watch a live session's video now, the most who
// watched it at once, and how far behind the wall clock they were.
//
// A live heartbeat (Signal.Live: the player said so, and the video is a
// live session's that still runs) does three cheap things in the fold,
// none of which reads another session:
//
//   - the session's LiveAt becomes the time the server received it (a
//     column of the session row, indexed by video and LiveAt), so viewers
//     now is a count of one video's sessions with LiveAt in the last
//     LiveViewerWindow, made when stats are asked for, never per beacon;
//   - the first live heartbeat of a session in a UTC minute (by the
//     server's clock) adds one to that minute's viewers (LiveMinute, one
//     stored row per video and minute): the peak is the largest minute,
//     read from the stored minutes, so it survives a restart;
//   - its latency adds one to its bucket in that minute's histogram;
//     p50 and p95 come from the histogram summed over the session.

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// LiveViewerWindow is how recent a session's last live heartbeat must be
// for it to count among the viewers now. @reel/metrics beats every 10 s
// while playing and posts its queue every 5 s, and the writer stores within
// 250 ms, so a watching session's last heartbeat is at most about 15 s old
// when the next one lands; 30 s leaves room for one late or retried batch
// (the player sends a failed batch again at its next flush) and still lets
// a viewer who left go within half a minute.
const LiveViewerWindow = 30 * time.Second

// latencyBucketsS are the upper bounds (seconds) of the latency histogram;
// a last, open bucket holds everything later. Half a second wide up to 4 s,
// where low-latency HLS plays (about 2 s behind the camera), then coarser:
// a percentile read from it (interpolated inside its bucket) is within a
// bucket's width of the exact one: half a second below 4 s.
var latencyBucketsS = [...]float64{0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 20, 30, 60, 120, 300}

// LatencyBuckets is the number of counters of the latency histogram.
const LatencyBuckets = len(latencyBucketsS) + 1

// LatencyBucket returns the histogram bucket of a latency in seconds.
func LatencyBucket(s float64) int {
	for i, upper := range latencyBucketsS {
		if s <= upper {
			return i
		}
	}
	return len(latencyBucketsS)
}

// LiveMinute is what a live video's viewers did in one UTC minute: how many
// sessions sent a live heartbeat in it (a session counts once per minute, so
// one that left and one that joined within the minute both count: the peak
// is at most the sessions of a minute), and the latencies they reported.
type LiveMinute struct {
	VideoID string
	Minute  time.Time
	Viewers int64
	Latency [LatencyBuckets]int64
}

// liveHeartbeat folds a live heartbeat of s into its minute, before Apply.
func (f *playbackFold) liveHeartbeat(ctx context.Context, s *PlaybackSession, sig *Signal) error {
	at := sig.Received
	if at.IsZero() {
		at = sig.At
	}
	at = at.UTC()
	minute := at.Truncate(time.Minute)
	m, err := f.liveMinute(ctx, s, minute)
	if err != nil {
		return err
	}
	// LiveAt only grows, so a session is counted in a minute at most once;
	// a heartbeat received out of order for an earlier minute is not
	// counted there (it was, or the session was not watching yet).
	if s.LiveAt.IsZero() || s.LiveAt.UTC().Truncate(time.Minute).Before(minute) {
		m.Viewers++
	}
	if sig.Latency >= 0 {
		m.Latency[LatencyBucket(sig.Latency)]++
	}
	if at.After(s.LiveAt) {
		s.LiveAt = at
	}
	return nil
}

// liveMinute returns the pending minute of s's video, loading it on first
// use.
func (f *playbackFold) liveMinute(ctx context.Context, s *PlaybackSession, minute time.Time) (*LiveMinute, error) {
	k := rollupKey{s.VideoID, minute.UnixNano()}
	if i, ok := f.liveIndex[k]; ok {
		return f.live[i].m, nil
	}
	m, err := f.tx.LiveMinute(ctx, s.VideoID, minute)
	if err != nil {
		return nil, err
	}
	m.VideoID, m.Minute = s.VideoID, minute
	f.liveIndex[k] = len(f.live)
	f.live = append(f.live, pendingLive{space: s.Space, m: m})
	return m, nil
}

// pendingLive is one live minute a batch changes, saved once at its end.
type pendingLive struct {
	space string
	m     *LiveMinute
}

// LiveStats is how a live session's video is watched: over the whole
// session, whatever the range of a stats query.
type LiveStats struct {
	// VideoID is the live session's video; "" for a stream that never
	// went live.
	VideoID string `json:"video_id"`
	// Live reports whether the session still runs.
	Live bool `json:"live"`
	// ViewersNow counts the sessions with a live heartbeat in the last
	// LiveViewerWindow.
	ViewersNow int64 `json:"viewers_now"`
	// PeakViewers is the most sessions watching in one minute (or now,
	// when that is more); PeakAt is that minute, null without viewers.
	PeakViewers int64      `json:"peak_viewers"`
	PeakAt      *time.Time `json:"peak_at"`
	// WatchTimeSeconds is what the video's sessions watched, each stretch
	// once per session (the rollups' watch time, since the video began).
	WatchTimeSeconds float64 `json:"watch_time_seconds"`
	// LatencySeconds are the percentiles of the latencies of live
	// heartbeats; null when none reported one.
	LatencySeconds Percentiles `json:"latency_seconds"`
}

// IsLiveVideo reports whether v is a live session's video.
func IsLiveVideo(v *videohost.Video) bool { return v.Source != nil && v.Source.LiveStream != "" }

// LiveStats answers the live stats of a video of the principal's space
// (a live stream's current or last session's).
func (a *Analytics) LiveStats(ctx context.Context, p *videohost.Principal, id string) (*LiveStats, error) {
	store, err := a.analytics()
	if err != nil {
		return nil, err
	}
	v, err := a.videos.Video(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return a.liveStats(ctx, store, v)
}

func (a *Analytics) liveStats(ctx context.Context, store Store, v *videohost.Video) (*LiveStats, error) {
	now := a.clock.Now().UTC()
	st := &LiveStats{VideoID: v.ID, Live: IsLiveVideo(v) && v.State == videohost.StateProcessing}
	var err error
	if st.ViewersNow, err = store.LiveViewers(ctx, v.Space, v.ID, now.Add(-LiveViewerWindow)); err != nil {
		return nil, fmt.Errorf("counting live viewers: %w", err)
	}
	minutes, err := store.LiveMinutes(ctx, v.Space, v.ID)
	if err != nil {
		return nil, fmt.Errorf("reading live minutes: %w", err)
	}
	var latency [LatencyBuckets]int64
	for _, m := range minutes {
		if m.Viewers > st.PeakViewers {
			st.PeakViewers, st.PeakAt = m.Viewers, &m.Minute
		}
		for i, n := range m.Latency {
			latency[i] += n
		}
	}
	if st.ViewersNow > st.PeakViewers {
		at := now.Truncate(time.Minute)
		st.PeakViewers, st.PeakAt = st.ViewersNow, &at
	}
	st.LatencySeconds = Percentiles{
		P50: roundTo(histogramPercentile(latency[:], latencyBucketsS[:], 0.50), 100),
		P95: roundTo(histogramPercentile(latency[:], latencyBucketsS[:], 0.95), 100),
	}
	from := v.CreatedAt.UTC().Truncate(time.Hour)
	to := now.Truncate(time.Hour).Add(time.Hour)
	if !from.Before(to) {
		return st, nil
	}
	r, err := store.PlaybackRollups(ctx, RollupQuery{Space: v.Space, VideoID: v.ID, From: from, To: to})
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	var watchMS int64
	for _, h := range r.Hours {
		watchMS += h.WatchMS
	}
	st.WatchTimeSeconds = float64(watchMS) / 1000
	return st, nil
}

// roundTo rounds *v to 1/scale, keeping nil.
func roundTo(v *float64, scale float64) *float64 {
	if v == nil {
		return nil
	}
	r := math.Round(*v*scale) / scale
	return &r
}
