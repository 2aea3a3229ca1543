package analytics

// Session folding: how player signals become hourly rollups.
//
// Stats never read raw signals. Every signal belongs to a session (a page view
// of one video, identified by the client's random session id); the writer
// keeps one row of state per session (its merged watched intervals, flags)
// and the contribution that session last made to the rollup of the hour the
// session started in. When a batch changes a session, the difference between
// its new and old contribution is added to that hour's rollup, so rollups are
// exact and maintained incrementally, in the same transaction as the signals.
// A session is attributed entirely to the hour it started in.

import (
	"context"
	"math"
	"slices"
	"time"
)

// Limits and thresholds of session folding.
const (
	maxIntervalSeconds  = 3600 // one heartbeat never covers more than this
	maxCursorGapSeconds = 60   // a pause or seek closes the interval since the last report only within this
	maxWatchedIntervals = 256
	completionThreshold = 0.95
	minViewWatchSeconds = 1.0
	RetentionPoints     = 100
)

// Interval is a watched stretch of a video, in seconds.
type Interval struct{ From, To float64 }

// PlaybackSession is the state the writer keeps per session: enough to
// recompute the session's contribution to its hour when new signals arrive.
type PlaybackSession struct {
	VideoID  string
	Space    string
	Session  string
	Hour     time.Time // the UTC hour the session started in
	Viewer   string
	Browser  string
	OS       string
	Device   string
	Referrer string
	LastSeen time.Time
	// LiveAt is when the server received the session's last live
	// heartbeat (live.go); zero for a session that never watched live.
	LiveAt time.Time

	Watched     []Interval // merged, sorted
	Cursor      float64    // where the last report left playback; <0 when paused or unknown
	Played      bool
	Ended       bool
	Errored     bool
	StartupMS   float64 // <0 when not reported
	RebufferMS  float64
	Contributed SessionContribution // what this session has added to its hour so far
}

// NewPlaybackSession starts the state of the session sig opens.
func NewPlaybackSession(sig *Signal) *PlaybackSession {
	return &PlaybackSession{
		VideoID: sig.VideoID, Space: sig.Space, Session: sig.Session, Hour: sig.At.UTC().Truncate(time.Hour),
		Viewer: sig.Viewer, Browser: sig.Browser, OS: sig.OS, Device: sig.Device, Referrer: sig.Referrer,
		Cursor: -1, StartupMS: -1,
		Contributed: SessionContribution{StartupBucket: -1}, // nothing added yet
	}
}

// Apply folds one signal of the session into its state.
func (s *PlaybackSession) Apply(sig *Signal) {
	if sig.At.After(s.LastSeen) {
		s.LastSeen = sig.At
	}
	if s.Referrer == "" && sig.Referrer != "" {
		s.Referrer = sig.Referrer
	}
	// closeAt records what was watched between the last report and pos.
	closeAt := func(pos float64) {
		if s.Cursor >= 0 && pos >= s.Cursor && pos-s.Cursor <= maxCursorGapSeconds {
			s.watch(s.Cursor, pos)
		}
	}
	switch sig.Kind {
	case SignalPlay:
		s.Played = true
		s.Cursor = sig.Position
	case SignalHeartbeat:
		s.Played = true
		s.watch(sig.From, sig.To)
		s.Cursor = sig.To
	case SignalSeeked:
		closeAt(sig.From)
		s.Cursor = sig.To
	case SignalPause:
		closeAt(sig.Position)
		s.Cursor = -1
	case SignalEnded:
		closeAt(sig.Position)
		s.Ended = true
		s.Cursor = -1
	case SignalError:
		s.Errored = true
	case SignalStartup:
		if s.StartupMS < 0 {
			s.StartupMS = sig.Value
		}
	case SignalRebufferEnd:
		s.RebufferMS = min(s.RebufferMS+sig.Value, maxRebufferMS)
	}
}

// watch adds [from, to] to the watched intervals, merging overlaps so that a
// stretch watched twice counts once.
func (s *PlaybackSession) watch(from, to float64) {
	if to-from > maxIntervalSeconds {
		from = to - maxIntervalSeconds
	}
	if !(to > from) || from < 0 {
		return
	}
	iv := append(s.Watched, Interval{from, to})
	slices.SortFunc(iv, func(a, b Interval) int {
		switch {
		case a.From < b.From:
			return -1
		case a.From > b.From:
			return 1
		}
		return 0
	})
	merged := iv[:1]
	for _, x := range iv[1:] {
		last := &merged[len(merged)-1]
		if x.From <= last.To {
			last.To = max(last.To, x.To)
			continue
		}
		merged = append(merged, x)
	}
	// A pathological client could fragment coverage without end; past the
	// bound, the two closest neighbours are joined (a slight overcount).
	for len(merged) > maxWatchedIntervals {
		best := 0
		for i := 1; i < len(merged)-1; i++ {
			if merged[i+1].From-merged[i].To < merged[best+1].From-merged[best].To {
				best = i
			}
		}
		merged[best].To = merged[best+1].To
		merged = slices.Delete(merged, best+1, best+2)
	}
	s.Watched = merged
}

// SessionContribution is what one session adds to the rollup of its hour.
type SessionContribution struct {
	Sessions      int64
	Views         int64
	Completed     int64
	Failed        int64
	WatchMS       int64
	RebufferMS    int64
	StartupBucket int // -1 when none
	Retention     [2]uint64
}

// Contribution computes what the session adds to its hour for a video of
// duration seconds (0 when unknown: no retention, completion only by ended).
func (s *PlaybackSession) Contribution(duration float64) SessionContribution {
	c := SessionContribution{Sessions: 1, StartupBucket: -1}
	watched := 0.0
	end := 0.0
	for _, iv := range s.Watched {
		from, to := iv.From, iv.To
		if duration > 0 {
			from, to = min(from, duration), min(to, duration)
		}
		watched += to - from
		end = max(end, to)
	}
	if s.Errored && !s.Played && watched == 0 {
		c.Failed = 1
	}
	c.RebufferMS = int64(s.RebufferMS)
	if s.StartupMS >= 0 {
		c.StartupBucket = StartupBucket(s.StartupMS)
	}
	if watched < minViewWatchSeconds {
		return c
	}
	c.Views = 1
	c.WatchMS = int64(math.Round(watched * 1000))
	if s.Ended || (duration > 0 && end >= completionThreshold*duration) {
		c.Completed = 1
	}
	if duration > 0 {
		// A percentile counts as watched when its midpoint was.
		j := 0
		for i := range RetentionPoints {
			mid := (float64(i) + 0.5) * duration / RetentionPoints
			for j < len(s.Watched) && s.Watched[j].To < mid {
				j++
			}
			if j < len(s.Watched) && s.Watched[j].From <= mid {
				c.Retention[i/64] |= 1 << (i % 64)
			}
		}
	}
	return c
}

// RecordPlayback stores signals (resolved to their videos) and folds them
// into their sessions and the hourly rollups, in one transaction of store.
// Signals of one session are applied in time order.
func RecordPlayback(ctx context.Context, store Store, signals []Signal) error {
	sessions := bySession(signals)
	return store.UpdatePlayback(ctx, func(tx Tx) error {
		// Fresh per call: nothing of a failed transaction may leak into
		// the next.
		f := &playbackFold{tx: tx, index: map[rollupKey]int{}, liveIndex: map[rollupKey]int{}}
		for _, sigs := range sessions {
			if err := f.session(ctx, sigs); err != nil {
				return err
			}
		}
		return f.save(ctx)
	})
}

// bySession groups signals by session, in the order sessions first appear,
// and sorts each session's signals by time; a stable sort keeps the client's
// order of signals of the same instant.
func bySession(signals []Signal) [][]*Signal {
	type key struct{ videoID, session string }
	index := map[key]int{}
	var out [][]*Signal
	for i := range signals {
		sig := &signals[i]
		k := key{sig.VideoID, sig.Session}
		j, ok := index[k]
		if !ok {
			j = len(out)
			index[k] = j
			out = append(out, nil)
		}
		out[j] = append(out[j], sig)
	}
	for _, sigs := range out {
		slices.SortStableFunc(sigs, func(a, b *Signal) int { return a.At.Compare(b.At) })
	}
	return out
}

type rollupKey struct {
	videoID string
	hour    int64 // UnixNano: equal hours compare equal whatever their location
}

// pendingRollup is one video hour a batch changes, saved once at its end.
type pendingRollup struct {
	space string
	r     *HourRollup
	// dimSpace is the space of the last session whose views changed here.
	dimSpace string
	dims     []DimensionViews // view deltas, in the order first touched
	dimIndex map[[2]string]int
}

// playbackFold is the state of one RecordPlayback transaction.
type playbackFold struct {
	tx      Tx
	rollups []*pendingRollup
	index   map[rollupKey]int
	// live holds the live minutes the batch changes (live.go).
	live      []pendingLive
	liveIndex map[rollupKey]int
}

// session stores the signals of one session and folds them into its state
// and its hour.
func (f *playbackFold) session(ctx context.Context, sigs []*Signal) error {
	for _, sig := range sigs {
		if err := f.tx.InsertSignal(ctx, sig); err != nil {
			return err
		}
	}
	first := sigs[0]
	s, err := f.tx.Session(ctx, first.VideoID, first.Session)
	if err != nil {
		return err
	}
	if s == nil {
		s = NewPlaybackSession(first)
	}
	old := s.Contributed
	for _, sig := range sigs {
		if sig.Live && sig.Kind == SignalHeartbeat {
			if err := f.liveHeartbeat(ctx, s, sig); err != nil {
				return err
			}
		}
		s.Apply(sig)
	}
	now := s.Contribution(first.Duration)
	s.Contributed = now
	if now != old {
		if err := f.add(ctx, s, old, now); err != nil {
			return err
		}
	}
	return f.tx.SaveSession(ctx, s)
}

// add folds the change of a session's contribution into its hour: the
// counters, the breakdowns (by views) and the daily unique viewers.
func (f *playbackFold) add(ctx context.Context, s *PlaybackSession, old, now SessionContribution) error {
	pr, err := f.rollup(ctx, s)
	if err != nil {
		return err
	}
	pr.r.Add(now, old)
	if delta := now.Views - old.Views; delta != 0 {
		for _, d := range [...][2]string{{DimReferrer, s.Referrer}, {DimBrowser, s.Browser}, {DimOS, s.OS}, {DimDevice, s.Device}} {
			pr.addViews(d[0], d[1], delta)
		}
		pr.dimSpace = s.Space
	}
	if old.Views == 0 && now.Views > 0 {
		// Viewer hashes are daily (the salt changes at UTC midnight), so a
		// viewer is unique per day, counted in the hour of its first view.
		added, err := f.tx.AddViewer(ctx, s.VideoID, s.Hour.Truncate(24*time.Hour), s.Viewer)
		if err != nil {
			return err
		}
		if added {
			pr.r.UniqueViewers++
		}
	}
	return nil
}

// rollup returns the pending rollup of s's hour, loading it on first use.
func (f *playbackFold) rollup(ctx context.Context, s *PlaybackSession) (*pendingRollup, error) {
	k := rollupKey{s.VideoID, s.Hour.UnixNano()}
	if i, ok := f.index[k]; ok {
		return f.rollups[i], nil
	}
	r, err := f.tx.Rollup(ctx, s.VideoID, s.Hour)
	if err != nil {
		return nil, err
	}
	r.VideoID, r.Hour = s.VideoID, s.Hour
	pr := &pendingRollup{space: s.Space, r: r, dimIndex: map[[2]string]int{}}
	f.index[k] = len(f.rollups)
	f.rollups = append(f.rollups, pr)
	return pr, nil
}

func (pr *pendingRollup) addViews(dim, value string, delta int64) {
	k := [2]string{dim, value}
	i, ok := pr.dimIndex[k]
	if !ok {
		i = len(pr.dims)
		pr.dimIndex[k] = i
		pr.dims = append(pr.dims, DimensionViews{Dim: dim, Value: value})
	}
	pr.dims[i].Views += delta
}

// save writes every rollup the batch changed; breakdowns that net to zero
// over the batch are left alone.
func (f *playbackFold) save(ctx context.Context) error {
	for _, pr := range f.rollups {
		if err := f.tx.SaveRollup(ctx, pr.space, pr.r); err != nil {
			return err
		}
		for _, d := range pr.dims {
			if d.Views == 0 {
				continue
			}
			if err := f.tx.AddDimensionViews(ctx, pr.dimSpace, pr.r.VideoID, pr.r.Hour, d); err != nil {
				return err
			}
		}
	}
	for _, pl := range f.live {
		if err := f.tx.SaveLiveMinute(ctx, pl.space, pl.m); err != nil {
			return err
		}
	}
	return nil
}
