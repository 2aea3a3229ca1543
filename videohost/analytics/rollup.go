package analytics

import "time"

// startupBucketsMS are the upper bounds (ms) of the startup time histogram
// (read only); a last, open bucket holds everything slower. Percentiles are
// read from it by linear interpolation, which is exact enough for a
// dashboard and keeps a rollup at 20 counters.
var startupBucketsMS = [...]float64{100, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 45000, 60000}

// StartupBuckets is the number of counters of the startup histogram.
const StartupBuckets = len(startupBucketsMS) + 1

// StartupBucket returns the histogram bucket of a startup time.
func StartupBucket(ms float64) int {
	for i, upper := range startupBucketsMS {
		if ms <= upper {
			return i
		}
	}
	return len(startupBucketsMS)
}

// HourRollup is the aggregate of one video over one hour, or of several
// video-hours summed.
type HourRollup struct {
	VideoID       string
	Hour          time.Time
	Sessions      int64
	Views         int64
	UniqueViewers int64
	Completed     int64
	Failed        int64
	WatchMS       int64
	RebufferMS    int64
	Startup       [StartupBuckets]int64
	Retention     [RetentionPoints]int64
}

// Add applies the difference between a session's new and old contributions.
func (r *HourRollup) Add(now, old SessionContribution) {
	r.Sessions += now.Sessions - old.Sessions
	r.Views += now.Views - old.Views
	r.Completed += now.Completed - old.Completed
	r.Failed += now.Failed - old.Failed
	r.WatchMS += now.WatchMS - old.WatchMS
	r.RebufferMS += now.RebufferMS - old.RebufferMS
	if old.StartupBucket >= 0 {
		r.Startup[old.StartupBucket]--
	}
	if now.StartupBucket >= 0 {
		r.Startup[now.StartupBucket]++
	}
	for i := range RetentionPoints {
		bit := uint64(1) << (i % 64)
		was, is := old.Retention[i/64]&bit != 0, now.Retention[i/64]&bit != 0
		switch {
		case is && !was:
			r.Retention[i]++
		case was && !is:
			r.Retention[i]--
		}
	}
}

// Merge adds o's counters into r.
func (r *HourRollup) Merge(o *HourRollup) {
	r.Sessions += o.Sessions
	r.Views += o.Views
	r.UniqueViewers += o.UniqueViewers
	r.Completed += o.Completed
	r.Failed += o.Failed
	r.WatchMS += o.WatchMS
	r.RebufferMS += o.RebufferMS
	for i := range r.Startup {
		r.Startup[i] += o.Startup[i]
	}
	for i := range r.Retention {
		r.Retention[i] += o.Retention[i]
	}
}

// Dimensions of the breakdowns.
const (
	DimReferrer = "referrer"
	DimBrowser  = "browser"
	DimOS       = "os"
	DimDevice   = "device"
)

// DimensionViews counts the views of one value of a dimension.
type DimensionViews struct {
	Dim   string
	Value string
	Views int64
}

// VideoViews is the total of one video over a range.
type VideoViews struct {
	VideoID string
	Title   string
	Views   int64
	WatchMS int64
}

// RollupQuery selects rollups: of one video, or of every video of a space.
type RollupQuery struct {
	Space   string
	VideoID string // "" = every video of Space
	From    time.Time
	To      time.Time // exclusive; both on hour boundaries
	// TopVideos asks for the videos of the space with the most views.
	TopVideos int
}

// Rollups is what a stats query reads.
type Rollups struct {
	Hours     []*HourRollup // one per hour that has data, per video summed
	Dims      []DimensionViews
	TopVideos []VideoViews
}
