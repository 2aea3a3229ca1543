package videohost

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// UploadInput describes a video created by a tus upload.
type UploadInput struct {
	Title      string
	Collection string
	Filename   string
	// ReplaceVideo, when set, makes the upload the new source of that video.
	ReplaceVideo string
	// Size is the length the upload declares (0 when deferred): it counts
	// against the space's max_bytes from now on.
	Size int64
}

// CreateUploadVideo creates the video a tus upload fills; its source arrives
// through UploadCompleted.
func (s *Service) CreateUploadVideo(ctx context.Context, p *Principal, in UploadInput) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	if err := s.checkOpenUploads(ctx, p.Space); err != nil {
		return nil, err
	}
	if in.ReplaceVideo != "" {
		return s.updateVideo(ctx, p.Space, in.ReplaceVideo, func(v *Video) (Change, error) {
			if _, err := Transition(v.State, StateCreated); err != nil {
				return Change{}, Errorf(EConflict, "video %s is %s; its source can be replaced once it is ready or errored", v.ID, v.State)
			}
			v.State, v.Error = StateCreated, nil
			v.QuotaBytes = in.Size
			v.UpdatedAt = s.clock.Now()
			return Change{}, nil
		})
	}
	title := in.Title
	if title == "" {
		title = strings.TrimSuffix(in.Filename, extOf(in.Filename))
	}
	if err := validateCommon(&title, nil, nil, nil); err != nil {
		return nil, err
	}
	var coll *string
	if in.Collection != "" {
		coll = &in.Collection
		if err := s.checkCollection(ctx, p.Space, coll); err != nil {
			return nil, err
		}
	}
	v := s.newVideo(p.Space, coll, &title, nil, nil, nil)
	v.QuotaBytes = in.Size
	if in.Filename != "" {
		v.Metadata["filename"] = in.Filename
	}
	if err := s.store.CreateVideo(ctx, v, Change{Events: []EventType{EventVideoCreated}}, s.eventData); err != nil {
		return nil, fmt.Errorf("creating video: %w", err)
	}
	return s.Present(v), nil
}

// DefaultMaxOpenUploads is Config.MaxOpenUploads's default.
const DefaultMaxOpenUploads = 100

// checkOpenUploads refuses a new upload when the space already has
// MaxOpenUploads unfinished: each may hold up to MaxUploadSize on disk for
// UploadExpiry, so their number is what bounds a space's uploads in flight.
func (s *Service) checkOpenUploads(ctx context.Context, space string) error {
	limit := s.cfg.MaxOpenUploads
	if limit < 0 {
		return nil
	}
	open, err := s.store.CountVideos(ctx, VideoFilter{Space: space, Uploading: true, Limit: limit})
	if err != nil {
		return fmt.Errorf("counting unfinished uploads: %w", err)
	}
	if open >= limit {
		return &Error{Code: ETooManyUploads, RetryAfter: time.Minute,
			Message: fmt.Sprintf("this space already has %d unfinished uploads (the limit); finish or terminate some, or retry when they expire", limit)}
	}
	return nil
}

// ReserveUploadBytes counts total bytes of the unfinished upload of video
// videoID (of space) against the space's max_bytes, as an upload's declared
// length is from its creation: the one rule for every upload, whether its
// length came first or its bytes arrive without one (tus deferred length).
// The video's counted bytes only grow; past max_bytes the error is
// quota_exceeded and nothing changes. A video no longer waiting for its
// upload is left as it is.
func (s *Service) ReserveUploadBytes(ctx context.Context, space, videoID string, total int64) error {
	_, err := s.updateVideo(ctx, space, videoID, func(v *Video) (Change, error) {
		if v.State != StateCreated || total <= v.QuotaBytes {
			return Change{}, errNoChange
		}
		v.QuotaBytes = total
		return Change{}, nil
	})
	if errors.Is(err, errNoChange) {
		return nil
	}
	return err
}

func extOf(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[i:]
	}
	return ""
}
