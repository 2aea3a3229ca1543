package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// CodecPolicySQL is a store's SQL text for the codec policy and view count
// methods of Store.
type CodecPolicySQL struct {
	// Get selects (kind, id, rules) given a space and n (kind, id) pairs.
	Get func(n int) string
	// Delete removes a row given (space, kind, id); Put upserts (space,
	// kind, id, rules, updated_at).
	Delete, Put string
	// Views selects the sum of a video's views in playback_hourly given
	// its id; ViewedSince selects (space, video_id, total views) of the
	// videos with a playback_hourly row at or after an hour.
	Views, ViewedSince string
}

// CodecPolicies returns the rules of those scopes of space that have any.
func (s *Store) CodecPolicies(ctx context.Context, space string, scopes []videohost.PlayerScope) (map[videohost.PlayerScope]map[string]string, error) {
	out := map[videohost.PlayerScope]map[string]string{}
	if len(scopes) == 0 {
		return out, nil
	}
	args := []any{space}
	for _, sc := range scopes {
		args = append(args, sc.Kind, sc.ID)
	}
	return Read(ctx, s.b.Read, "reading codec policies", func(rows Rows) (map[videohost.PlayerScope]map[string]string, error) {
		var sc videohost.PlayerScope
		var raw []byte
		err := Each(rows, "reading codec policies", func() error {
			var m map[string]string
			if err := json.Unmarshal(raw, &m); err != nil {
				return fmt.Errorf("decoding the codec policy of %s %s: %w", sc.Kind, sc.ID, err)
			}
			out[sc] = m
			return nil
		}, &sc.Kind, &sc.ID, &raw)
		return out, err
	}, s.b.Q.CodecPolicies.Get(len(scopes)), args...)
}

// PutCodecPolicy replaces the rules of a scope; no rules remove its row.
func (s *Store) PutCodecPolicy(ctx context.Context, space string, scope videohost.PlayerScope, rules map[string]string, now time.Time) error {
	if len(rules) == 0 {
		return Exec(ctx, s.b.Write, "removing a codec policy", s.b.Q.CodecPolicies.Delete, space, scope.Kind, scope.ID)
	}
	raw, err := json.Marshal(rules)
	if err != nil {
		return err
	}
	if _, err := s.b.Write.Exec(ctx, s.b.Q.CodecPolicies.Put, space, scope.Kind, scope.ID, string(raw), now); err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "storing the codec policy of %s %s", scope.Kind, scope.ID)
	}
	return nil
}

// VideoViews is the views of a video over all its hourly rollups.
func (s *Store) VideoViews(ctx context.Context, videoID string) (int64, error) {
	var n int64
	if err := s.b.Read.QueryRow(ctx, s.b.Q.CodecPolicies.Views, videoID).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting views: %w", err)
	}
	return n, nil
}

// ViewedSince lists the videos with views in an hour at or after since,
// each with its total views.
func (s *Store) ViewedSince(ctx context.Context, since time.Time) ([]videohost.VideoViewCount, error) {
	return Read(ctx, s.b.Read, "listing viewed videos", func(rows Rows) ([]videohost.VideoViewCount, error) {
		var out []videohost.VideoViewCount
		var c videohost.VideoViewCount
		err := Each(rows, "listing viewed videos", func() error {
			out = append(out, c)
			return nil
		}, &c.Space, &c.VideoID, &c.Views)
		return out, err
	}, s.b.Q.CodecPolicies.ViewedSince, s.round(since.UTC().Truncate(time.Hour)))
}
