package videohost

import (
	"context"
	"fmt"
)

// This file holds what the stores and the service share of spaces: their
// quotas, the first space of an installation, and the removal of one. The
// admin key and the /v1/spaces routes' use cases are videohost/spaceadmin's.

// Quotas bound what a space may hold; a nil field is unlimited. Every
// video that is not deleted counts, errored ones included.
type Quotas struct {
	// MaxBytes bounds the bytes of the sources stored (an upload counts
	// the length it declared from its creation on).
	MaxBytes *int64 `json:"max_bytes"`
	// MaxMinutes bounds the summed duration of the videos, in minutes.
	MaxMinutes *int64 `json:"max_minutes"`
	// MaxVideos bounds the number of videos.
	MaxVideos *int64 `json:"max_videos"`
}

// Usage is what a space holds, as its quotas count it.
type Usage struct {
	Bytes   int64   `json:"bytes"`
	Minutes float64 `json:"minutes"`
	Videos  int64   `json:"videos"`
}

// Growth says which amounts a write adds to a space: a store checks the
// quotas of those, and only those, so that a lowered quota never blocks a
// write that adds nothing (a title edit, a delete).
type Growth struct {
	Bytes, Minutes, Videos bool
}

// Any reports whether the write grows anything.
func (g Growth) Any() bool { return g.Bytes || g.Minutes || g.Videos }

// VideoGrowth is what replacing before with after (nil before: creating
// after) adds to their space.
func VideoGrowth(before, after *Video) Growth {
	if before == nil {
		return Growth{Videos: true, Bytes: after.QuotaBytes > 0, Minutes: after.Duration > 0}
	}
	return Growth{Bytes: after.QuotaBytes > before.QuotaBytes, Minutes: after.Duration > before.Duration}
}

// Limits reports whether q bounds any amount g grows: a store need not
// count the space's usage otherwise.
func (q Quotas) Limits(g Growth) bool {
	return (g.Bytes && q.MaxBytes != nil) || (g.Minutes && q.MaxMinutes != nil) || (g.Videos && q.MaxVideos != nil)
}

// Check returns an EQuotaExceeded error naming the first quota that u, the
// usage after a write that grew g, exceeds; nil when none. Stores call it
// inside the write's transaction, with the usage counted there.
func (q Quotas) Check(u Usage, g Growth) error {
	switch {
	case g.Videos && q.MaxVideos != nil && u.Videos > *q.MaxVideos:
		return quotaError("max_videos", "the space may hold at most %d videos", *q.MaxVideos)
	case g.Bytes && q.MaxBytes != nil && u.Bytes > *q.MaxBytes:
		return quotaError("max_bytes", "the space may store at most %d bytes of sources; this would make %d", *q.MaxBytes, u.Bytes)
	case g.Minutes && q.MaxMinutes != nil && u.Minutes > float64(*q.MaxMinutes):
		return quotaError("max_minutes", "the space may hold at most %d minutes of video; this would make %.2f", *q.MaxMinutes, u.Minutes)
	}
	return nil
}

func quotaError(field, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Code: EQuotaExceeded, Message: "quota " + field + " exceeded: " + msg,
		Fields: []FieldError{{Field: field, Message: msg}}}
}

// RemoveSpace deletes a space that holds no video and no collection; with
// recursive it first deletes every video (assets included, each with its
// video.deleted event) and collection in it. Its keys, signing keys,
// webhook endpoints and player settings go with it, and the service's
// caches forget its keys at once, so that the tokens they signed stop
// verifying. The admin's DeleteSpace (videohost/spaceadmin) calls it.
func (s *Service) RemoveSpace(ctx context.Context, id string, recursive bool) error {
	if _, err := s.store.Space(ctx, id); err != nil {
		return err
	}
	if recursive {
		for range maxDeletePasses {
			vs, err := s.store.Videos(ctx, VideoFilter{Space: id, Limit: MaxListLimit})
			if err != nil {
				return err
			}
			if len(vs) == 0 {
				break
			}
			for _, v := range vs {
				if err := s.deleteVideo(ctx, id, v.ID); err != nil && !IsNotFound(err) {
					return fmt.Errorf("deleting video %s: %w", v.ID, err)
				}
			}
		}
	}
	keys, err := s.store.Keys(ctx, id)
	if err != nil {
		return err
	}
	var signing []*SigningKey
	if ks := s.caps.signingKeys; ks != nil {
		if signing, err = ks.SigningKeys(ctx, id); err != nil {
			return err
		}
	}
	if err := s.store.DeleteSpace(ctx, id, recursive); err != nil {
		return err
	}
	for _, k := range signing {
		s.signing.Forget(k.ID)
	}
	for _, k := range keys {
		s.keys.Forget(k.ID)
	}
	return nil
}

// maxDeletePasses bounds the pages of videos a recursive delete goes
// through: a space that keeps getting new videos is refused (EConflict by
// the store) rather than chased forever.
const maxDeletePasses = 10_000

// Bootstrap makes sure a space exists. On first start it creates one with a
// read-write and a read-only key and returns them (secrets included).
func (s *Service) Bootstrap(ctx context.Context) (*Space, []*Key, error) {
	ex := s.caps.exclusive
	if ex == nil {
		return s.bootstrap(ctx)
	}
	var (
		sp   *Space
		keys []*Key
	)
	err := ex.Exclusive(ctx, "bootstrap", func(ctx context.Context) error {
		var err error
		sp, keys, err = s.bootstrap(ctx)
		return err
	})
	return sp, keys, err
}

func (s *Service) bootstrap(ctx context.Context) (*Space, []*Key, error) {
	spaces, err := s.store.Spaces(ctx)
	if err != nil {
		return nil, nil, err
	}
	if len(spaces) > 0 {
		return s.DecorateSpace(spaces[0]), nil, nil
	}
	sp := &Space{ID: NewID(SpaceIDLen), Name: "default", CreatedAt: s.clock.Now()}
	if err := s.store.CreateSpace(ctx, sp); err != nil {
		return nil, nil, fmt.Errorf("creating space: %w", err)
	}
	rw, err := s.CreateKey(ctx, sp.ID, AccessReadWrite, "default read-write")
	if err != nil {
		return nil, nil, err
	}
	ro, err := s.CreateKey(ctx, sp.ID, AccessReadOnly, "default read-only")
	if err != nil {
		return nil, nil, err
	}
	return s.DecorateSpace(sp), []*Key{rw, ro}, nil
}

// Space returns the principal's space with its URL roots, its quotas and
// its usage.
func (s *Service) Space(ctx context.Context, p *Principal) (*Space, error) {
	return s.SpaceWithUsage(ctx, p.Space)
}

// SpaceWithUsage returns a space with its URL roots, its quotas and its
// usage.
func (s *Service) SpaceWithUsage(ctx context.Context, id string) (*Space, error) {
	sp, err := s.store.Space(ctx, id)
	if err != nil {
		return nil, err
	}
	u, err := s.store.SpaceUsage(ctx, id)
	if err != nil {
		return nil, err
	}
	sp.Usage = &u
	return s.DecorateSpace(sp), nil
}

// DecorateSpace sets the URL roots of sp, which the store does not keep.
func (s *Service) DecorateSpace(sp *Space) *Space {
	u := s.URLs(sp.ID)
	sp.SpaceURL, sp.ImageURL, sp.CDNURL = u.SpaceURL, u.ImageURL, u.CDNURL
	return sp
}

// ---- videos ----
