package videohost

import (
	"context"
	"fmt"
	"strings"
)

// MaxCollectionDepth bounds the walks up the collection tree (player
// settings here, a token's scope in videohost/access): a corrupt parent
// cycle must not loop forever.
const MaxCollectionDepth = 64

// CollectionInput is the body of collection create and update.
type CollectionInput struct {
	Name   *string `json:"name"`
	Parent *string `json:"parent"`
}

// CreateCollection creates a (possibly nested) collection.
func (s *Service) CreateCollection(ctx context.Context, p *Principal, in CollectionInput) (*Collection, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	if in.Name == nil || strings.TrimSpace(*in.Name) == "" {
		return nil, Invalid("name", "is required")
	}
	if len(*in.Name) > 200 {
		return nil, Invalid("name", "must be at most 200 bytes")
	}
	now := s.clock.Now()
	c := &Collection{ID: NewID(CollectionIDLen), Space: p.Space, Name: *in.Name, CreatedAt: now, UpdatedAt: now}
	if in.Parent != nil && *in.Parent != "" {
		if _, err := s.store.Collection(ctx, p.Space, *in.Parent); err != nil {
			if IsNotFound(err) {
				return nil, Invalid("parent", "no collection %q in this space", *in.Parent)
			}
			return nil, err
		}
		parent := *in.Parent
		c.Parent = &parent
	}
	if err := s.store.CreateCollection(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Collection returns one collection.
func (s *Service) Collection(ctx context.Context, p *Principal, id string) (*Collection, error) {
	return s.store.Collection(ctx, p.Space, id)
}

// Collections lists collections, optionally the children of parent.
func (s *Service) Collections(ctx context.Context, p *Principal, parent *string, limit int, cursor string) (*Page[*Collection], error) {
	return PageByID(s, limit, cursor, func(after string, limit int) ([]*Collection, error) {
		return s.store.Collections(ctx, p.Space, parent, after, limit)
	}, func(c *Collection) string { return c.ID })
}

// UpdateCollection renames or moves a collection; a move under itself or one
// of its descendants is refused.
func (s *Service) UpdateCollection(ctx context.Context, p *Principal, id string, in CollectionInput) (*Collection, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	c, err := s.store.Collection(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if in.Name != nil {
		if strings.TrimSpace(*in.Name) == "" || len(*in.Name) > 200 {
			return nil, Invalid("name", "must be 1 to 200 bytes")
		}
		c.Name = *in.Name
	}
	if in.Parent != nil {
		if *in.Parent == "" {
			c.Parent = nil
		} else {
			tree, err := s.store.CollectionTree(ctx, p.Space, id)
			if err != nil {
				return nil, err
			}
			for _, t := range tree {
				if t == *in.Parent {
					return nil, Invalid("parent", "a collection cannot move under itself or its descendants")
				}
			}
			if _, err := s.store.Collection(ctx, p.Space, *in.Parent); err != nil {
				if IsNotFound(err) {
					return nil, Invalid("parent", "no collection %q in this space", *in.Parent)
				}
				return nil, err
			}
			parent := *in.Parent
			c.Parent = &parent
		}
	}
	c.UpdatedAt = s.clock.Now()
	if err := s.store.UpdateCollection(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCollection deletes an empty collection, or with recursive the whole
// tree and every video in it.
func (s *Service) DeleteCollection(ctx context.Context, p *Principal, id string, recursive bool) error {
	if err := RequireWrite(p); err != nil {
		return err
	}
	if _, err := s.store.Collection(ctx, p.Space, id); err != nil {
		return err
	}
	if recursive {
		// Videos go first, so a crash half-way leaves collections that can be
		// deleted again, never videos pointing at a deleted collection.
		tree, err := s.store.CollectionTree(ctx, p.Space, id)
		if err != nil {
			return err
		}
		for {
			vs, err := s.store.Videos(ctx, VideoFilter{Space: p.Space, Collections: tree, Limit: MaxListLimit})
			if err != nil {
				return err
			}
			if len(vs) == 0 {
				break
			}
			for _, v := range vs {
				if err := s.deleteVideo(ctx, p.Space, v.ID); err != nil && !IsNotFound(err) {
					return fmt.Errorf("deleting video %s: %w", v.ID, err)
				}
			}
		}
	}
	return s.store.DeleteCollection(ctx, p.Space, id, recursive)
}
