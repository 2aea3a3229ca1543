package sqlstore

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/reelvideo/reel/videohost/analytics"
)

// sessionState is the JSON of playback_sessions.state: the mutable part of a
// session. Field names are short because there is one row per page view.
// The keys are part of the byte contract (see the package documentation).
type sessionState struct {
	Watched    [][2]float64 `json:"w,omitempty"`
	Cursor     float64      `json:"c"`
	Played     bool         `json:"p,omitempty"`
	Ended      bool         `json:"e,omitempty"`
	Errored    bool         `json:"x,omitempty"`
	StartupMS  float64      `json:"s"`
	RebufferMS float64      `json:"r,omitempty"`
	// The contribution already added to the session's hour.
	Sessions      int64     `json:"cs,omitempty"`
	Views         int64     `json:"cv,omitempty"`
	Completed     int64     `json:"cc,omitempty"`
	Failed        int64     `json:"cf,omitempty"`
	WatchMS       int64     `json:"cw,omitempty"`
	CRebufferMS   int64     `json:"cr,omitempty"`
	StartupBucket int       `json:"cb"`
	Retention     [2]uint64 `json:"ct"`
}

// EncodeSession returns the state column of s: the fields its events
// change, not those fixed when it starts (which have columns of their own).
func EncodeSession(s *analytics.PlaybackSession) (string, error) {
	st := sessionState{
		Cursor: s.Cursor, Played: s.Played, Ended: s.Ended, Errored: s.Errored,
		StartupMS: s.StartupMS, RebufferMS: s.RebufferMS,
		Sessions: s.Contributed.Sessions, Views: s.Contributed.Views, Completed: s.Contributed.Completed,
		Failed: s.Contributed.Failed, WatchMS: s.Contributed.WatchMS, CRebufferMS: s.Contributed.RebufferMS,
		StartupBucket: s.Contributed.StartupBucket, Retention: s.Contributed.Retention,
	}
	for _, iv := range s.Watched {
		st.Watched = append(st.Watched, [2]float64{iv.From, iv.To})
	}
	b, err := json.Marshal(st)
	if err != nil {
		return "", fmt.Errorf("encoding session: %w", err)
	}
	return string(b), nil
}

// DecodeSession sets the fields of s that EncodeSession wrote into raw.
func DecodeSession(raw string, s *analytics.PlaybackSession) error {
	var st sessionState
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		return fmt.Errorf("decoding session: %w", err)
	}
	s.Watched = s.Watched[:0]
	for _, w := range st.Watched {
		s.Watched = append(s.Watched, analytics.Interval{From: w[0], To: w[1]})
	}
	s.Cursor, s.Played, s.Ended, s.Errored = st.Cursor, st.Played, st.Ended, st.Errored
	s.StartupMS, s.RebufferMS = st.StartupMS, st.RebufferMS
	s.Contributed = analytics.SessionContribution{
		Sessions: st.Sessions, Views: st.Views, Completed: st.Completed, Failed: st.Failed,
		WatchMS: st.WatchMS, RebufferMS: st.CRebufferMS, StartupBucket: st.StartupBucket, Retention: st.Retention,
	}
	return nil
}

// EncodeCounters returns c as a little-endian int64 array (a rollup's
// startup and retention columns).
func EncodeCounters(c []int64) []byte {
	b := make([]byte, 8*len(c))
	for i, v := range c {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(v))
	}
	return b
}

// AddCounters adds the little-endian int64 array b into c; a shorter blob
// (from an older layout) adds what it has, and NULL (nil) adds nothing.
func AddCounters(c []int64, b []byte) {
	for i := 0; i < len(c) && 8*i+8 <= len(b); i++ {
		c[i] += int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
}

// NullFloat is v for a nullable column: NULL unless valid.
func NullFloat(v float64, valid bool) any {
	if !valid {
		return nil
	}
	return v
}

// NullText is s for a nullable column: NULL for "".
func NullText(s string) any {
	if s == "" {
		return nil
	}
	return s
}
