package videohost

import (
	"context"
	"fmt"
	"io"
	"strings"
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

// liveOwnerKey is the blob naming the process a live video's session runs
// on, while it runs: under the video's folder, so it goes with the video.
func liveOwnerKey(videoID string) string { return "videos/" + videoID + "/live-owner" }

// maxLiveOwnerBytes bounds what is read of an owner record (a URL).
const maxLiveOwnerBytes = 2048

// ClaimLiveSession records that the session of the live video runs on the
// process other processes reach at url, so that they pass its low-latency
// HLS requests on to it (LiveSessionOwner). The record is in blob storage,
// which every process shares, rather than the database: it is read on a
// viewer's request path, and an api process caches it.
func (s *Jobs) ClaimLiveSession(ctx context.Context, videoID, url string) error {
	if _, err := s.blobs.Put(ctx, liveOwnerKey(videoID), strings.NewReader(url)); err != nil {
		return fmt.Errorf("recording the live session's process: %w", err)
	}
	return nil
}

// ReleaseLiveSession removes the record of ClaimLiveSession once the
// session has ended.
func (s *Jobs) ReleaseLiveSession(ctx context.Context, videoID string) error {
	if err := s.blobs.DeletePrefix(ctx, liveOwnerKey(videoID)); err != nil {
		return fmt.Errorf("removing the live session's process: %w", err)
	}
	return nil
}

// LiveSessionOwner is the URL of the process the live video's session runs
// on (ClaimLiveSession), "" when no process claims one.
func (s *Service) LiveSessionOwner(ctx context.Context, videoID string) (string, error) {
	b, _, err := s.blobs.Open(ctx, liveOwnerKey(videoID))
	if IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("reading the live session's process: %w", err)
	}
	defer b.Close()
	raw, err := io.ReadAll(io.LimitReader(b, maxLiveOwnerBytes))
	if err != nil {
		return "", fmt.Errorf("reading the live session's process: %w", err)
	}
	return strings.TrimSpace(string(raw)), nil
}
