package analytics

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Stats intervals.
const (
	IntervalHour = "hour"
	IntervalDay  = "day"
)

// StatsQuery is the range and resolution of a stats request.
type StatsQuery struct {
	From, To time.Time // zero: the last 7 days
	Interval string    // hour or day; "" = hour for ranges up to 2 days, else day
}

// Percentiles of a histogram (startup time in ms, live latency in
// seconds); null when nothing was measured.
type Percentiles struct {
	P50 *float64 `json:"p50"`
	P95 *float64 `json:"p95"`
}

// NamedViews is one row of a breakdown.
type NamedViews struct {
	Name  string `json:"name"`
	Views int64  `json:"views"`
}

// ReferrerViews is one row of the referrer breakdown.
type ReferrerViews struct {
	Origin string `json:"origin"`
	Views  int64  `json:"views"`
}

// SeriesPoint is one interval of the time series.
type SeriesPoint struct {
	At               time.Time `json:"at"`
	Views            int64     `json:"views"`
	WatchTimeSeconds float64   `json:"watch_time_seconds"`
}

// TopVideo is one row of a space's most viewed videos.
type TopVideo struct {
	ID               string  `json:"id"`
	Title            string  `json:"title"`
	Views            int64   `json:"views"`
	WatchTimeSeconds float64 `json:"watch_time_seconds"`
}

// Stats is the answer of the stats API. Unique viewers are counted per day
// (the salt changes daily), so over several days they are summed daily
// uniques: a viewer seen on two days counts twice.
type Stats struct {
	From               time.Time       `json:"from"`
	To                 time.Time       `json:"to"`
	Interval           string          `json:"interval"`
	Views              int64           `json:"views"`
	UniqueViewers      int64           `json:"unique_viewers"`
	WatchTimeSeconds   float64         `json:"watch_time_seconds"`
	AverageViewSeconds float64         `json:"average_view_seconds"`
	CompletionRate     float64         `json:"completion_rate"`
	Retention          []float64       `json:"retention"`
	StartupTimeMS      Percentiles     `json:"startup_time_ms"`
	RebufferRatio      float64         `json:"rebuffer_ratio"`
	FailureRate        float64         `json:"failure_rate"`
	Referrers          []ReferrerViews `json:"referrers"`
	Browsers           []NamedViews    `json:"browsers"`
	OS                 []NamedViews    `json:"os"`
	Devices            []NamedViews    `json:"devices"`
	Series             []SeriesPoint   `json:"series"`
	// Live is set for a live session's video only (GET /v1/videos/{id}/stats):
	// its live stats over the whole session.
	Live *LiveStats `json:"live,omitempty"`
}

// SpaceStats is Stats of a whole space with its most viewed videos; the
// list is always present, empty when nothing was watched.
type SpaceStats struct {
	Stats
	TopVideos []TopVideo `json:"top_videos"`
}

// Limits of stats queries.
const (
	defaultStatsRange = 7 * 24 * time.Hour
	maxStatsRange     = 366 * 24 * time.Hour
	maxHourlyRange    = 31 * 24 * time.Hour
	maxBreakdownRows  = 20
	topVideosCount    = 10
)

// VideoStats answers the stats of one video of the principal's space.
func (a *Analytics) VideoStats(ctx context.Context, p *videohost.Principal, id string, q StatsQuery) (*Stats, error) {
	store, err := a.analytics()
	if err != nil {
		return nil, err
	}
	v, err := a.videos.Video(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if err := a.statsRange(&q); err != nil {
		return nil, err
	}
	r, err := store.PlaybackRollups(ctx, RollupQuery{Space: p.Space, VideoID: id, From: q.From, To: q.To})
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	st := buildStats(q, r)
	if IsLiveVideo(v) {
		if st.Live, err = a.liveStats(ctx, store, v); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// SpaceStats answers the stats of every video of the principal's space, with
// its most viewed videos.
func (a *Analytics) SpaceStats(ctx context.Context, p *videohost.Principal, q StatsQuery) (*SpaceStats, error) {
	store, err := a.analytics()
	if err != nil {
		return nil, err
	}
	if err := a.statsRange(&q); err != nil {
		return nil, err
	}
	r, err := store.PlaybackRollups(ctx, RollupQuery{Space: p.Space, From: q.From, To: q.To, TopVideos: topVideosCount})
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	st := &SpaceStats{Stats: *buildStats(q, r), TopVideos: make([]TopVideo, 0, len(r.TopVideos))}
	for _, v := range r.TopVideos {
		st.TopVideos = append(st.TopVideos, TopVideo{ID: v.VideoID, Title: v.Title, Views: v.Views, WatchTimeSeconds: float64(v.WatchMS) / 1000})
	}
	return st, nil
}

// statsRange applies the defaults and aligns the range on rollup hours:
// from rounds down and to rounds up.
func (a *Analytics) statsRange(q *StatsQuery) error {
	now := a.clock.Now().UTC()
	if q.To.IsZero() {
		q.To = now
	}
	if q.From.IsZero() {
		q.From = q.To.Add(-defaultStatsRange)
	}
	q.From = q.From.UTC().Truncate(time.Hour)
	if to := q.To.UTC().Truncate(time.Hour); to.Before(q.To) {
		q.To = to.Add(time.Hour)
	} else {
		q.To = to
	}
	if !q.From.Before(q.To) {
		return videohost.Invalid("from", "must be before to")
	}
	if q.To.Sub(q.From) > maxStatsRange {
		return videohost.Invalid("from", "the range may span at most 366 days")
	}
	switch q.Interval {
	case "":
		q.Interval = IntervalDay
		if q.To.Sub(q.From) <= 48*time.Hour {
			q.Interval = IntervalHour
		}
	case IntervalHour:
		if q.To.Sub(q.From) > maxHourlyRange {
			return videohost.Invalid("interval", "hour is allowed for ranges up to 31 days")
		}
	case IntervalDay:
	default:
		return videohost.Invalid("interval", "must be hour or day")
	}
	return nil
}

func buildStats(q StatsQuery, r *Rollups) *Stats {
	var total HourRollup
	step := time.Hour
	if q.Interval == IntervalDay {
		step = 24 * time.Hour
	}
	start := q.From.Truncate(step)
	series := []SeriesPoint{}
	for at := start; at.Before(q.To); at = at.Add(step) {
		series = append(series, SeriesPoint{At: at})
	}
	for _, h := range r.Hours {
		total.Merge(h)
		if i := int(h.Hour.Sub(start) / step); i >= 0 && i < len(series) {
			series[i].Views += h.Views
			series[i].WatchTimeSeconds += float64(h.WatchMS) / 1000
		}
	}
	st := &Stats{
		From: q.From, To: q.To, Interval: q.Interval,
		Views: total.Views, UniqueViewers: total.UniqueViewers,
		WatchTimeSeconds: float64(total.WatchMS) / 1000,
		Retention:        make([]float64, RetentionPoints),
		Referrers:        []ReferrerViews{}, Browsers: []NamedViews{}, OS: []NamedViews{}, Devices: []NamedViews{},
		Series: series,
	}
	if total.Views > 0 {
		st.AverageViewSeconds = ratio(total.WatchMS, total.Views) / 1000
		st.CompletionRate = ratio(total.Completed, total.Views)
		for i, n := range total.Retention {
			st.Retention[i] = ratio(n, total.Views)
		}
	}
	if total.WatchMS > 0 {
		st.RebufferRatio = ratio(total.RebufferMS, total.WatchMS)
	}
	if total.Sessions > 0 {
		st.FailureRate = ratio(total.Failed, total.Sessions)
	}
	st.StartupTimeMS = Percentiles{
		P50: roundTo(histogramPercentile(total.Startup[:], startupBucketsMS[:], 0.50), 1),
		P95: roundTo(histogramPercentile(total.Startup[:], startupBucketsMS[:], 0.95), 1),
	}
	dims := slices.Clone(r.Dims)
	slices.SortStableFunc(dims, func(a, b DimensionViews) int {
		if a.Views != b.Views {
			return int(b.Views - a.Views)
		}
		return strings.Compare(a.Value, b.Value)
	})
	for _, d := range dims {
		if d.Views <= 0 {
			continue
		}
		switch d.Dim {
		case DimReferrer:
			if d.Value != "" && len(st.Referrers) < maxBreakdownRows {
				st.Referrers = append(st.Referrers, ReferrerViews{Origin: d.Value, Views: d.Views})
			}
		case DimBrowser:
			st.Browsers = appendNamed(st.Browsers, d)
		case DimOS:
			st.OS = appendNamed(st.OS, d)
		case DimDevice:
			st.Devices = appendNamed(st.Devices, d)
		}
	}
	return st
}

func appendNamed(rows []NamedViews, d DimensionViews) []NamedViews {
	if len(rows) >= maxBreakdownRows {
		return rows
	}
	return append(rows, NamedViews{Name: d.Value, Views: d.Views})
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return math.Round(float64(a)/float64(b)*1e6) / 1e6
}

// histogramPercentile estimates the p-quantile of a histogram whose
// buckets end at bounds (a last, open bucket past them), interpolating
// linearly inside the bucket it falls in; the open bucket answers its lower
// bound. Nil when the histogram is empty.
func histogramPercentile(counts []int64, bounds []float64, p float64) *float64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return nil
	}
	rank := p * float64(n)
	var seen float64
	for i, c := range counts {
		if c <= 0 {
			continue
		}
		if seen+float64(c) >= rank {
			lo := 0.0
			if i > 0 {
				lo = bounds[i-1]
			}
			if i == len(bounds) {
				return &lo // the open bucket: its lower bound
			}
			hi := bounds[i]
			v := lo + (hi-lo)*(rank-seen)/float64(c)
			return &v
		}
		seen += float64(c)
	}
	last := bounds[len(bounds)-1]
	return &last
}
