package videohost

import (
	"context"
	"math"
)

// RecordProgress stores how much of a video's ladder is encoded (0 to 1).
// A store without ProgressStore ignores it.
func (s *Jobs) RecordProgress(ctx context.Context, videoID string, done float64) error {
	ps := s.caps.progress
	if ps == nil {
		return nil
	}
	if math.IsNaN(done) {
		done = 0
	}
	return ps.SetVideoProgress(ctx, videoID, min(max(done, 0), 1), s.clock.Now())
}

// withProgress sets Progress, as a percentage with one decimal, on the
// processing videos among vs (0 until the worker reports), and leaves it
// nil on the others.
func (s *Service) withProgress(ctx context.Context, vs ...*Video) error {
	var ids []string
	for _, v := range vs {
		v.Progress = nil
		if v.State == StateProcessing {
			zero := 0.0
			v.Progress = &zero
			ids = append(ids, v.ID)
		}
	}
	ps := s.caps.progress
	if ps == nil || len(ids) == 0 {
		return nil
	}
	got, err := ps.VideoProgress(ctx, ids)
	if err != nil {
		return err
	}
	for _, v := range vs {
		if done, ok := got[v.ID]; ok && v.Progress != nil {
			pct := math.Round(done*1000) / 10
			v.Progress = &pct
		}
	}
	return nil
}
