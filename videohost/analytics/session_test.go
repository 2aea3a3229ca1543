package analytics_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/analytics"
)

// TestSessionContribution folds signal sequences into a session and checks
// what the session adds to its hour.
func TestSessionContribution(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 30, 0, 0, time.UTC)
	type e = analytics.Signal
	hb := func(from, to float64) e { return e{Kind: analytics.SignalHeartbeat, From: from, To: to} }
	seek := func(from, to float64) e { return e{Kind: analytics.SignalSeeked, From: from, To: to} }
	at0 := func(k analytics.SignalKind, pos float64) e { return e{Kind: k, Position: pos} }
	for _, tc := range []struct {
		name      string
		duration  float64
		signals   []e
		views     int64
		watchMS   int64
		completed int64
		failed    int64
		retention int // retention points set
	}{
		{"heartbeats, seek, heartbeat", 100, []e{at0(analytics.SignalPlay, 0), hb(0, 10), seek(10, 50), hb(50, 55)}, 1, 15000, 0, 0, 15},
		{"seek closes the interval since the last heartbeat", 100, []e{at0(analytics.SignalPlay, 0), hb(0, 10), seek(14, 50)}, 1, 14000, 0, 0, 14},
		{"rewatching counts once", 100, []e{hb(0, 10), seek(10, 0), hb(0, 10), hb(5, 12)}, 1, 12000, 0, 0, 12},
		{"pause closes the interval since play", 0, []e{at0(analytics.SignalPlay, 3), at0(analytics.SignalPause, 7)}, 1, 4000, 0, 0, 0},
		{"under a second is no view", 100, []e{at0(analytics.SignalPlay, 0), at0(analytics.SignalPause, 0.5)}, 0, 0, 0, 0, 0},
		{"ended completes", 0, []e{hb(0, 3), at0(analytics.SignalEnded, 4)}, 1, 4000, 1, 0, 0},
		{"95 percent completes", 20, []e{hb(0, 10), hb(10, 19)}, 1, 19000, 1, 0, 95},
		{"intervals past the duration are clipped", 20, []e{hb(0, 10), hb(10, 30)}, 1, 20000, 1, 0, 100},
		{"error before play fails", 20, []e{at0(analytics.SignalView, 0), at0(analytics.SignalError, 0)}, 0, 0, 0, 1, 0},
		{"error after playing is no failure", 20, []e{hb(0, 5), at0(analytics.SignalError, 5)}, 1, 5000, 0, 0, 25},
		{"a pause far from the last report adds nothing", 100, []e{hb(0, 10), at0(analytics.SignalPause, 90)}, 1, 10000, 0, 0, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := tc.signals[0]
			first.At = at
			s := analytics.NewPlaybackSession(&first)
			for i := range tc.signals {
				s.Apply(&tc.signals[i])
			}
			c := s.Contribution(tc.duration)
			points := 0
			for i := range 100 {
				if c.Retention[i/64]&(1<<(i%64)) != 0 {
					points++
				}
			}
			if c.Sessions != 1 || c.Views != tc.views || c.WatchMS != tc.watchMS || c.Completed != tc.completed || c.Failed != tc.failed || points != tc.retention {
				t.Errorf("contribution %+v (%d retention points), want views %d watch %d ms completed %d failed %d retention %d",
					c, points, tc.views, tc.watchMS, tc.completed, tc.failed, tc.retention)
			}
			if !s.Hour.Equal(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)) {
				t.Errorf("hour %v", s.Hour)
			}
		})
	}
}

// TestRollupAddIsExact: applying a session's contributions step by step gives
// the rollup of its final contribution.
func TestRollupAddIsExact(t *testing.T) {
	first := analytics.Signal{Kind: analytics.SignalStartup, Value: 350}
	s := analytics.NewPlaybackSession(&first)
	var r analytics.HourRollup
	steps := []analytics.Signal{first, {Kind: analytics.SignalHeartbeat, From: 0, To: 0.5}, {Kind: analytics.SignalHeartbeat, From: 0.5, To: 10},
		{Kind: analytics.SignalRebufferEnd, Value: 1200}, {Kind: analytics.SignalEnded, Position: 10}}
	for i := range steps {
		old := s.Contributed
		s.Apply(&steps[i])
		s.Contributed = s.Contribution(10)
		r.Add(s.Contributed, old)
	}
	var want analytics.HourRollup
	want.Add(s.Contributed, analytics.SessionContribution{StartupBucket: -1})
	if r != want {
		t.Fatalf("incremental %+v\nwant %+v", r, want)
	}
	if r.Views != 1 || r.WatchMS != 10000 || r.Completed != 1 || r.RebufferMS != 1200 || r.Startup[analytics.StartupBucket(350)] != 1 || r.Retention[99] != 1 {
		t.Fatalf("rollup %+v", r)
	}
	for i, n := range r.Startup {
		if n < 0 {
			t.Fatalf("startup bucket %d is %d", i, n)
		}
	}
}

// TestRecordPlaybackFolds folds batches through an in-memory store and
// checks the rollups, breakdowns and daily viewers they leave.
func TestRecordPlaybackFolds(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 50, 0, 0, time.UTC)
	type e = analytics.Signal
	watched := []e{{Kind: analytics.SignalStartup, Value: 300}, {Kind: analytics.SignalPlay}, {Kind: analytics.SignalHeartbeat, From: 0, To: 10},
		{Kind: analytics.SignalSeeked, From: 12, To: 30}, {Kind: analytics.SignalHeartbeat, From: 30, To: 40}, {Kind: analytics.SignalEnded, Position: 40}}
	oneByOne := func(sigs []e) [][]e {
		var out [][]e
		for _, sig := range sigs {
			out = append(out, []e{sig})
		}
		return out
	}
	whole := memSession("s1", "v1", at, watched...)
	reversed := memSession("s1", "v1", at, e{Kind: analytics.SignalPlay, Position: 3}, e{Kind: analytics.SignalPause, Position: 7})
	reversed[0], reversed[1] = reversed[1], reversed[0]
	wholeDims := map[string]int64{"referrer=https://ref.example": 1, "browser=Firefox": 1, "os=Linux": 1, "device=desktop": 1}
	for _, tc := range []struct {
		name    string
		batches [][]e
		hours   map[string]memHourTotals // by "02 15h"
		dims    map[string]int64
		saves   int // SaveRollup calls over all batches
	}{
		{"one session in one batch", [][]e{whole},
			map[string]memHourTotals{"01 12h": {Sessions: 1, Views: 1, Unique: 1, Completed: 1, WatchMS: 22000}}, wholeDims, 1},
		{"the same events one by one", oneByOne(whole),
			map[string]memHourTotals{"01 12h": {Sessions: 1, Views: 1, Unique: 1, Completed: 1, WatchMS: 22000}}, wholeDims, 4},
		{"events are applied in time order", [][]e{reversed},
			map[string]memHourTotals{"01 12h": {Sessions: 1, Views: 1, Unique: 1, WatchMS: 4000}}, wholeDims, 1},
		{"a session stays in the hour it started", [][]e{
			memSession("s1", "v1", at, e{Kind: analytics.SignalHeartbeat, From: 0, To: 0.5}),
			memSession("s1", "v1", at.Add(20*time.Minute), e{Kind: analytics.SignalHeartbeat, From: 0.5, To: 10})},
			map[string]memHourTotals{"01 12h": {Sessions: 1, Views: 1, Unique: 1, WatchMS: 10000}}, wholeDims, 2},
		{"one viewer's sessions on one day are one unique viewer", [][]e{
			memSession("s1", "v1", at, e{Kind: analytics.SignalHeartbeat, From: 0, To: 5}),
			memSession("s2", "v1", at.Add(time.Hour), e{Kind: analytics.SignalHeartbeat, From: 0, To: 5})},
			map[string]memHourTotals{"01 12h": {Sessions: 1, Views: 1, Unique: 1, WatchMS: 5000}, "01 13h": {Sessions: 1, Views: 1, WatchMS: 5000}},
			map[string]int64{"referrer=https://ref.example": 2, "browser=Firefox": 2, "os=Linux": 2, "device=desktop": 2}, 2},
		{"a viewer on two days is two unique viewers", [][]e{
			memSession("s1", "v1", at, e{Kind: analytics.SignalHeartbeat, From: 0, To: 5}),
			memSession("s2", "v1", at.Add(24*time.Hour), e{Kind: analytics.SignalHeartbeat, From: 0, To: 5})},
			map[string]memHourTotals{"01 12h": {Sessions: 1, Views: 1, Unique: 1, WatchMS: 5000}, "02 12h": {Sessions: 1, Views: 1, Unique: 1, WatchMS: 5000}},
			map[string]int64{"referrer=https://ref.example": 2, "browser=Firefox": 2, "os=Linux": 2, "device=desktop": 2}, 2},
		{"a session without a view has no breakdown or viewer", [][]e{memSession("s1", "v1", at, e{Kind: analytics.SignalStartup, Value: 300})},
			map[string]memHourTotals{"01 12h": {Sessions: 1}}, map[string]int64{}, 1},
		{"an unchanged contribution saves no rollup", [][]e{
			memSession("s1", "v1", at, e{Kind: analytics.SignalHeartbeat, From: 0, To: 5}),
			memSession("s1", "v1", at.Add(time.Minute), e{Kind: analytics.SignalRenditionChange, Text: "720p"})},
			map[string]memHourTotals{"01 12h": {Sessions: 1, Views: 1, Unique: 1, WatchMS: 5000}}, wholeDims, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMemAnalytics()
			signals := 0
			for _, b := range tc.batches {
				if err := analytics.RecordPlayback(context.Background(), m, b); err != nil {
					t.Fatalf("RecordPlayback: %v", err)
				}
				signals += len(b)
			}
			if got := m.hours(); !maps.Equal(got, tc.hours) {
				t.Errorf("hours %+v, want %+v", got, tc.hours)
			}
			if got := m.dimTotals(); !maps.Equal(got, tc.dims) {
				t.Errorf("breakdowns %v, want %v", got, tc.dims)
			}
			if m.saves != tc.saves {
				t.Errorf("%d rollup saves, want %d", m.saves, tc.saves)
			}
			if len(m.state.signals) != signals {
				t.Errorf("%d events stored, want %d", len(m.state.signals), signals)
			}
		})
	}
}

// TestRecordPlaybackFailsWhole: when any store call fails, RecordPlayback
// returns its error and the store keeps nothing of the batch.
func TestRecordPlaybackFailsWhole(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	first := memSession("s1", "v1", at, analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 5})
	second := memSession("s1", "v1", at.Add(time.Minute), analytics.Signal{Kind: analytics.SignalHeartbeat, From: 5, To: 10})
	second = append(second, memSession("s2", "v2", at, analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 5})...)
	for _, method := range []string{"InsertSignal", "Session", "SaveSession", "Rollup", "SaveRollup", "AddDimensionViews", "AddViewer"} {
		t.Run(method, func(t *testing.T) {
			ctx := context.Background()
			m := newMemAnalytics()
			if err := analytics.RecordPlayback(ctx, m, first); err != nil {
				t.Fatalf("first batch: %v", err)
			}
			before := m.hours()
			m.failOn = method
			if err := analytics.RecordPlayback(ctx, m, second); !errors.Is(err, errMemFailure) {
				t.Fatalf("RecordPlayback = %v, want the failure of %s", err, method)
			}
			if len(m.state.signals) != len(first) || len(m.state.sessions) != 1 || !maps.Equal(m.hours(), before) {
				t.Fatalf("after a failed batch: %d events, %d sessions, hours %+v; want the first batch's",
					len(m.state.signals), len(m.state.sessions), m.hours())
			}
		})
	}
}

// memSession returns signals of one session of video spc01/vid, a second apart
// from at, with the client details every signal of a session shares.
func memSession(session, viewer string, at time.Time, signals ...analytics.Signal) []analytics.Signal {
	out := make([]analytics.Signal, len(signals))
	for i, sig := range signals {
		sig.VideoID, sig.Space, sig.Session, sig.Duration = "vid", "spc01", session, 40
		sig.At = at.Add(time.Duration(i) * time.Second)
		sig.Viewer, sig.Browser, sig.OS, sig.Device, sig.Referrer = viewer, "Firefox", "Linux", "desktop", "https://ref.example"
		out[i] = sig
	}
	return out
}

var errMemFailure = errors.New("mem store failure")

type (
	memHourKey struct {
		videoID string
		hour    int64
	}
	memDimKey struct {
		memHourKey
		dim, value string
	}
	memViewerKey struct {
		videoID string
		day     int64
		viewer  string
	}
	memHourTotals struct{ Sessions, Views, Unique, Completed, WatchMS int64 }
)

// memState is what memAnalytics stores.
type memState struct {
	signals  []analytics.Signal
	sessions map[[2]string]analytics.PlaybackSession
	rollups  map[memHourKey]analytics.HourRollup
	dims     map[memDimKey]int64
	viewers  map[memViewerKey]bool
	live     map[memHourKey]analytics.LiveMinute
}

func (s memState) clone() memState {
	return memState{slices.Clone(s.signals), maps.Clone(s.sessions), maps.Clone(s.rollups), maps.Clone(s.dims), maps.Clone(s.viewers),
		maps.Clone(s.live)}
}

// memAnalytics is an in-memory Store for the folding tests. A
// transaction works on a copy of the state that replaces it when fn
// succeeds; failOn names a Tx method that fails.
type memAnalytics struct {
	analytics.Store // PlaybackRollups and DeletePlaybackBefore: not used
	state           memState
	failOn          string
	saves           int
}

func newMemAnalytics() *memAnalytics {
	return &memAnalytics{state: memState{sessions: map[[2]string]analytics.PlaybackSession{},
		rollups: map[memHourKey]analytics.HourRollup{}, dims: map[memDimKey]int64{}, viewers: map[memViewerKey]bool{},
		live: map[memHourKey]analytics.LiveMinute{}}}
}

func (m *memAnalytics) UpdatePlayback(_ context.Context, fn func(tx analytics.Tx) error) error {
	tx := &memTx{memState: m.state.clone(), failOn: m.failOn}
	if err := fn(tx); err != nil {
		return err
	}
	m.state = tx.memState
	m.saves += tx.saves
	return nil
}

func (m *memAnalytics) hours() map[string]memHourTotals {
	out := map[string]memHourTotals{}
	for k, r := range m.state.rollups {
		out[time.Unix(0, k.hour).UTC().Format("02 15h")] = memHourTotals{r.Sessions, r.Views, r.UniqueViewers, r.Completed, r.WatchMS}
	}
	return out
}

// dimTotals sums the breakdowns over hours, by "dim=value".
func (m *memAnalytics) dimTotals() map[string]int64 {
	out := map[string]int64{}
	for k, n := range m.state.dims {
		out[k.dim+"="+k.value] += n
	}
	return out
}

type memTx struct {
	memState
	failOn string
	saves  int
}

func (tx *memTx) fail(method string) error {
	if method == tx.failOn {
		return fmt.Errorf("%s: %w", method, errMemFailure)
	}
	return nil
}

func (tx *memTx) InsertSignal(_ context.Context, sig *analytics.Signal) error {
	if err := tx.fail("InsertSignal"); err != nil {
		return err
	}
	tx.signals = append(tx.signals, *sig)
	return nil
}

func (tx *memTx) Session(_ context.Context, videoID, session string) (*analytics.PlaybackSession, error) {
	if err := tx.fail("Session"); err != nil {
		return nil, err
	}
	s, ok := tx.sessions[[2]string{videoID, session}]
	if !ok {
		return nil, nil
	}
	s.Watched = slices.Clone(s.Watched)
	return &s, nil
}

func (tx *memTx) SaveSession(_ context.Context, s *analytics.PlaybackSession) error {
	if err := tx.fail("SaveSession"); err != nil {
		return err
	}
	saved := *s
	saved.Watched = slices.Clone(s.Watched)
	tx.sessions[[2]string{s.VideoID, s.Session}] = saved
	return nil
}

func (tx *memTx) Rollup(_ context.Context, videoID string, hour time.Time) (*analytics.HourRollup, error) {
	if err := tx.fail("Rollup"); err != nil {
		return nil, err
	}
	r := tx.rollups[memHourKey{videoID, hour.UnixNano()}]
	return &r, nil
}

func (tx *memTx) SaveRollup(_ context.Context, _ string, r *analytics.HourRollup) error {
	if err := tx.fail("SaveRollup"); err != nil {
		return err
	}
	tx.rollups[memHourKey{r.VideoID, r.Hour.UnixNano()}] = *r
	tx.saves++
	return nil
}

func (tx *memTx) AddDimensionViews(_ context.Context, _, videoID string, hour time.Time, d analytics.DimensionViews) error {
	if err := tx.fail("AddDimensionViews"); err != nil {
		return err
	}
	tx.dims[memDimKey{memHourKey{videoID, hour.UnixNano()}, d.Dim, d.Value}] += d.Views
	return nil
}

func (tx *memTx) AddViewer(_ context.Context, videoID string, day time.Time, viewer string) (bool, error) {
	if err := tx.fail("AddViewer"); err != nil {
		return false, err
	}
	k := memViewerKey{videoID, day.UnixNano(), viewer}
	added := !tx.viewers[k]
	tx.viewers[k] = true
	return added, nil
}

func (tx *memTx) LiveMinute(_ context.Context, videoID string, minute time.Time) (*analytics.LiveMinute, error) {
	if err := tx.fail("LiveMinute"); err != nil {
		return nil, err
	}
	m := tx.live[memHourKey{videoID, minute.UnixNano()}]
	return &m, nil
}

func (tx *memTx) SaveLiveMinute(_ context.Context, _ string, m *analytics.LiveMinute) error {
	if err := tx.fail("SaveLiveMinute"); err != nil {
		return err
	}
	tx.live[memHourKey{m.VideoID, m.Minute.UnixNano()}] = *m
	return nil
}
