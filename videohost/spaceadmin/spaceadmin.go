package spaceadmin

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/reelvideo/reel/videohost"
)

// Domain is what the administration of spaces needs of the domain;
// *videohost.Service is one.
type Domain interface {
	videohost.Pager
	// Store holds the spaces.
	Store() videohost.Store
	Clock() videohost.Clock
	// AuthenticateKey checks an API key, admin or of a space.
	AuthenticateKey(ctx context.Context, apiKey string) (*videohost.Key, error)
	// CreateKey creates an API key in a space ("" for an admin key).
	CreateKey(ctx context.Context, space string, access videohost.Access, name string) (*videohost.Key, error)
	// SpaceWithUsage returns a space with its URL roots and usage.
	SpaceWithUsage(ctx context.Context, id string) (*videohost.Space, error)
	// DecorateSpace sets the URL roots of a space.
	DecorateSpace(sp *videohost.Space) *videohost.Space
	// RemoveSpace deletes a space and forgets its keys.
	RemoveSpace(ctx context.Context, id string, recursive bool) error
}

// Spaces administers the spaces of the installation for an Admin. It
// holds no state of its own and is safe for concurrent use.
type Spaces struct {
	d Domain
}

// New returns the Spaces of d.
func New(d Domain) *Spaces { return &Spaces{d: d} }

// Admin is who makes an installation-wide request: an admin key
// (refserver keys create --admin). An admin reaches only the routes under
// /v1/spaces; a space's own routes refuse its key, so no request ever has
// both the power of an admin and the scope of no space.
type Admin struct {
	KeyID  string
	Access videohost.Access
}

// CanWrite reports whether the admin may change spaces.
func (a *Admin) CanWrite() bool { return a != nil && a.Access == videohost.AccessReadWrite }

func requireAdminWrite(a *Admin) error {
	if a == nil {
		return videohost.Errorf(videohost.EUnauthorized, "authentication required")
	}
	if !a.CanWrite() {
		return videohost.Errorf(videohost.EReadOnlyKey, "a read-only admin key can only read")
	}
	return nil
}

// AuthenticateAdmin resolves an admin key; any other valid key is
// EForbidden.
func (s *Spaces) AuthenticateAdmin(ctx context.Context, apiKey string) (*Admin, error) {
	k, err := s.d.AuthenticateKey(ctx, apiKey)
	if err != nil {
		return nil, err
	}
	return AdminOf(k)
}

// AdminOf is the admin of an authenticated admin key; a key of a space is
// EForbidden.
func AdminOf(k *videohost.Key) (*Admin, error) {
	if k.Space != "" {
		return nil, videohost.Errorf(videohost.EForbidden, "this route needs an admin key (refserver keys create --admin); a space's key manages only its own space")
	}
	return &Admin{KeyID: k.ID, Access: k.Access}, nil
}

// CreateAdminKey creates an installation-wide admin key; the returned Key
// carries its secret, which is never shown again.
func (s *Spaces) CreateAdminKey(ctx context.Context, access videohost.Access, name string) (*videohost.Key, error) {
	return s.d.CreateKey(ctx, "", access, name)
}

// SpaceInput is the body of POST /v1/spaces and PATCH /v1/spaces/{id}.
// Quotas is a JSON object whose members (max_bytes, max_minutes,
// max_videos) set a quota to a whole number ≥ 0 or to null (unlimited);
// on PATCH an absent member keeps its quota.
type SpaceInput struct {
	Name   *string         `json:"name"`
	Quotas json.RawMessage `json:"quotas"`
}

// applyQuotas sets the quotas raw names on q.
func applyQuotas(q *videohost.Quotas, raw json.RawMessage) error {
	if len(raw) == 0 || videohost.IsNull(raw) {
		return nil
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return videohost.Invalid("quotas", "must be an object with max_bytes, max_minutes and max_videos")
	}
	fields := map[string]**int64{"max_bytes": &q.MaxBytes, "max_minutes": &q.MaxMinutes, "max_videos": &q.MaxVideos}
	for name, val := range members {
		dst, known := fields[name]
		if !known {
			return videohost.Invalid("quotas."+videohost.Excerpt(name), "is not a quota: max_bytes, max_minutes or max_videos")
		}
		if videohost.IsNull(val) {
			*dst = nil
			continue
		}
		var f float64
		if err := json.Unmarshal(val, &f); err != nil || f < 0 || f != math.Trunc(f) || f > math.MaxInt64/2 {
			return videohost.Invalid("quotas."+name, "must be a whole number ≥ 0, or null for no limit")
		}
		n := int64(f)
		*dst = &n
	}
	return nil
}

func validSpaceName(name string) error {
	if strings.TrimSpace(name) == "" {
		return videohost.Invalid("name", "is required")
	}
	if len(name) > 200 {
		return videohost.Invalid("name", "must be at most 200 bytes")
	}
	return nil
}

// CreateSpace creates a space with the name and quotas of in.
func (s *Spaces) CreateSpace(ctx context.Context, a *Admin, in SpaceInput) (*videohost.Space, error) {
	if err := requireAdminWrite(a); err != nil {
		return nil, err
	}
	if in.Name == nil {
		return nil, videohost.Invalid("name", "is required")
	}
	if err := validSpaceName(*in.Name); err != nil {
		return nil, err
	}
	sp := &videohost.Space{ID: videohost.NewID(videohost.SpaceIDLen), Name: *in.Name, CreatedAt: s.d.Clock().Now()}
	if err := applyQuotas(&sp.Quotas, in.Quotas); err != nil {
		return nil, err
	}
	if err := s.d.Store().CreateSpace(ctx, sp); err != nil {
		return nil, fmt.Errorf("creating space: %w", err)
	}
	sp.Usage = &videohost.Usage{}
	return s.d.DecorateSpace(sp), nil
}

// AdminSpace returns any space with its usage.
func (s *Spaces) AdminSpace(ctx context.Context, a *Admin, id string) (*videohost.Space, error) {
	if a == nil {
		return nil, videohost.Errorf(videohost.EUnauthorized, "authentication required")
	}
	return s.d.SpaceWithUsage(ctx, id)
}

// AdminSpaces lists the spaces of the installation by id, limit at a time
// (MaxListLimit when limit is 0).
func (s *Spaces) AdminSpaces(ctx context.Context, a *Admin, limit int, cursor string) (*videohost.Page[*videohost.Space], error) {
	if a == nil {
		return nil, videohost.Errorf(videohost.EUnauthorized, "authentication required")
	}
	page, err := videohost.PageByID(s.d, limit, cursor, func(after string, limit int) ([]*videohost.Space, error) {
		return s.d.Store().ListSpaces(ctx, after, limit)
	}, func(sp *videohost.Space) string { return sp.ID })
	if err != nil {
		return nil, err
	}
	for _, sp := range page.Data {
		s.d.DecorateSpace(sp)
	}
	return page, nil
}

// UpdateSpace renames a space or changes its quotas. A quota lowered
// below what the space holds keeps what is there and refuses what would
// add more.
func (s *Spaces) UpdateSpace(ctx context.Context, a *Admin, id string, in SpaceInput) (*videohost.Space, error) {
	if err := requireAdminWrite(a); err != nil {
		return nil, err
	}
	store := s.d.Store()
	sp, err := store.Space(ctx, id)
	if err != nil {
		return nil, err
	}
	if in.Name != nil {
		if err := validSpaceName(*in.Name); err != nil {
			return nil, err
		}
		sp.Name = *in.Name
	}
	if err := applyQuotas(&sp.Quotas, in.Quotas); err != nil {
		return nil, err
	}
	if err := store.UpdateSpace(ctx, sp); err != nil {
		return nil, err
	}
	return s.d.SpaceWithUsage(ctx, id)
}

// DeleteSpace deletes a space that holds no video and no collection; with
// recursive it first deletes every video (assets included, each with its
// video.deleted event) and collection in it. Its keys, signing keys,
// webhook endpoints and player settings go with it; tokens its keys
// signed stop verifying. The id is never handed out again.
func (s *Spaces) DeleteSpace(ctx context.Context, a *Admin, id string, recursive bool) error {
	if err := requireAdminWrite(a); err != nil {
		return err
	}
	return s.d.RemoveSpace(ctx, id, recursive)
}

// CreateSpaceKey creates an API key in any space, for an admin; the
// returned Key carries its secret, which is never shown again.
func (s *Spaces) CreateSpaceKey(ctx context.Context, a *Admin, space string, access videohost.Access, name string) (*videohost.Key, error) {
	if err := requireAdminWrite(a); err != nil {
		return nil, err
	}
	if _, err := s.d.Store().Space(ctx, space); err != nil {
		return nil, err
	}
	if access == "" {
		return nil, videohost.Invalid("access", "is required: read_write or read_only")
	}
	return s.d.CreateKey(ctx, space, access, name)
}
