package collectionadmin

import (
	"context"
	"fmt"
	"strings"

	"github.com/reelvideo/reel/videohost"
)

// Domain is what the management of collections needs of the domain;
// *videohost.Service is one.
type Domain interface {
	videohost.Pager
	// Store holds the collections.
	Store() videohost.Store
	Clock() videohost.Clock
	// DeleteVideo deletes a video and its assets, as the API does: a
	// recursive delete takes the videos of the tree one by one.
	DeleteVideo(ctx context.Context, p *videohost.Principal, id string) error
}

// Collections manages the collections of the principal's space. It holds
// no state of its own and is safe for concurrent use.
type Collections struct {
	d Domain
}

// New returns the Collections of d.
func New(d Domain) *Collections { return &Collections{d: d} }

// CollectionInput is the body of collection create and update.
type CollectionInput struct {
	Name   *string `json:"name"`
	Parent *string `json:"parent"`
}

// CreateCollection creates a (possibly nested) collection.
func (s *Collections) CreateCollection(ctx context.Context, p *videohost.Principal, in CollectionInput) (*videohost.Collection, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	if in.Name == nil || strings.TrimSpace(*in.Name) == "" {
		return nil, videohost.Invalid("name", "is required")
	}
	if len(*in.Name) > 200 {
		return nil, videohost.Invalid("name", "must be at most 200 bytes")
	}
	now := s.d.Clock().Now()
	c := &videohost.Collection{ID: videohost.NewID(videohost.CollectionIDLen), Space: p.Space, Name: *in.Name, CreatedAt: now, UpdatedAt: now}
	if in.Parent != nil && *in.Parent != "" {
		parent, err := s.parent(ctx, p.Space, *in.Parent)
		if err != nil {
			return nil, err
		}
		c.Parent = parent
	}
	if err := s.d.Store().CreateCollection(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Collection returns one collection.
func (s *Collections) Collection(ctx context.Context, p *videohost.Principal, id string) (*videohost.Collection, error) {
	return s.d.Store().Collection(ctx, p.Space, id)
}

// Collections lists collections, optionally the children of parent.
func (s *Collections) Collections(ctx context.Context, p *videohost.Principal, parent *string, limit int, cursor string) (*videohost.Page[*videohost.Collection], error) {
	return videohost.PageByID(s.d, limit, cursor, func(after string, limit int) ([]*videohost.Collection, error) {
		return s.d.Store().Collections(ctx, p.Space, parent, after, limit)
	}, func(c *videohost.Collection) string { return c.ID })
}

// UpdateCollection renames or moves a collection; a move under itself or one
// of its descendants is refused.
func (s *Collections) UpdateCollection(ctx context.Context, p *videohost.Principal, id string, in CollectionInput) (*videohost.Collection, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	c, err := s.d.Store().Collection(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if in.Name != nil {
		if strings.TrimSpace(*in.Name) == "" || len(*in.Name) > 200 {
			return nil, videohost.Invalid("name", "must be 1 to 200 bytes")
		}
		c.Name = *in.Name
	}
	if in.Parent != nil {
		if *in.Parent == "" {
			c.Parent = nil
		} else {
			tree, err := s.d.Store().CollectionTree(ctx, p.Space, id)
			if err != nil {
				return nil, err
			}
			for _, t := range tree {
				if t == *in.Parent {
					return nil, videohost.Invalid("parent", "a collection cannot move under itself or its descendants")
				}
			}
			if c.Parent, err = s.parent(ctx, p.Space, *in.Parent); err != nil {
				return nil, err
			}
		}
	}
	c.UpdatedAt = s.d.Clock().Now()
	if err := s.d.Store().UpdateCollection(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCollection deletes an empty collection, or with recursive the whole
// tree and every video in it.
func (s *Collections) DeleteCollection(ctx context.Context, p *videohost.Principal, id string, recursive bool) error {
	if err := videohost.RequireWrite(p); err != nil {
		return err
	}
	if _, err := s.d.Store().Collection(ctx, p.Space, id); err != nil {
		return err
	}
	if recursive {
		// Videos go first, so a crash half-way leaves collections that can be
		// deleted again, never videos pointing at a deleted collection.
		tree, err := s.d.Store().CollectionTree(ctx, p.Space, id)
		if err != nil {
			return err
		}
		for {
			vs, err := s.d.Store().Videos(ctx, videohost.VideoFilter{Space: p.Space, Collections: tree, Limit: videohost.MaxListLimit})
			if err != nil {
				return err
			}
			if len(vs) == 0 {
				break
			}
			for _, v := range vs {
				if err := s.d.DeleteVideo(ctx, p, v.ID); err != nil && !videohost.IsNotFound(err) {
					return fmt.Errorf("deleting video %s: %w", v.ID, err)
				}
			}
		}
	}
	return s.d.Store().DeleteCollection(ctx, p.Space, id, recursive)
}

// parent checks that the collection id is in the space, to be a parent.
func (s *Collections) parent(ctx context.Context, space, id string) (*string, error) {
	if _, err := s.d.Store().Collection(ctx, space, id); err != nil {
		if videohost.IsNotFound(err) {
			return nil, videohost.Invalid("parent", "no collection %q in this space", id)
		}
		return nil, err
	}
	return &id, nil
}
