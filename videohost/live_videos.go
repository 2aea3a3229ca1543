package videohost

import (
	"context"
	"fmt"
)

// LiveVideoInput describes the video of a live session.
type LiveVideoInput struct {
	Space      string
	StreamID   string
	Title      string
	Collection *string
	Policy     PlaybackPolicy
}

// StartLiveVideo creates the video of a live session, processing from the
// start (video.created, then video.processing): the ingest publishes the
// session's growing set as its early version (PublishPlayable) and the
// recording as its ready one (PublishReady) when the session ends.
func (s *Jobs) StartLiveVideo(ctx context.Context, in LiveVideoInput) (*Video, error) {
	policy := in.Policy
	v := s.newVideo(in.Space, in.Collection, &in.Title, nil, nil, &policy)
	v.State = StateProcessing
	v.Source = &SourceInfo{Container: "live", LiveStream: in.StreamID}
	ch := Change{Events: []EventType{EventVideoCreated, EventVideoProcessing}}
	if err := s.store.CreateVideo(ctx, v, ch, s.eventData); err != nil {
		return nil, fmt.Errorf("creating the live video: %w", err)
	}
	return s.Present(v), nil
}

// DeleteLiveVideo deletes the video of a live session that is not
// recorded (its stream's record is off) once the session ends
// (video.deleted); any other video is refused.
func (s *Jobs) DeleteLiveVideo(ctx context.Context, videoID string) error {
	v, err := s.store.Video(ctx, "", videoID)
	if err != nil {
		return err
	}
	if v.Source == nil || v.Source.LiveStream == "" {
		return Errorf(EInvalidTransition, "video %s is not a live session's", videoID)
	}
	return s.deleteVideo(ctx, v.Space, videoID)
}
