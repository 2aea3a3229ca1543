package videohost

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// This file holds spaces as an installation manages them: the admin key,
// spaces created and deleted through the API, and their quotas.

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

// SpaceInput is the body of POST /v1/spaces and PATCH /v1/spaces/{id}.
// Quotas is a JSON object whose members (max_bytes, max_minutes,
// max_videos) set a quota to a whole number ≥ 0 or to null (unlimited);
// on PATCH an absent member keeps its quota.
type SpaceInput struct {
	Name   *string         `json:"name"`
	Quotas json.RawMessage `json:"quotas"`
}

// applyQuotas sets the quotas raw names on q.
func applyQuotas(q *Quotas, raw json.RawMessage) error {
	if len(raw) == 0 || isNull(raw) {
		return nil
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return Invalid("quotas", "must be an object with max_bytes, max_minutes and max_videos")
	}
	fields := map[string]**int64{"max_bytes": &q.MaxBytes, "max_minutes": &q.MaxMinutes, "max_videos": &q.MaxVideos}
	for name, val := range members {
		dst, known := fields[name]
		if !known {
			return Invalid("quotas."+Excerpt(name), "is not a quota: max_bytes, max_minutes or max_videos")
		}
		if isNull(val) {
			*dst = nil
			continue
		}
		var f float64
		if err := json.Unmarshal(val, &f); err != nil || f < 0 || f != math.Trunc(f) || f > math.MaxInt64/2 {
			return Invalid("quotas."+name, "must be a whole number ≥ 0, or null for no limit")
		}
		n := int64(f)
		*dst = &n
	}
	return nil
}

func validSpaceName(name string) error {
	if strings.TrimSpace(name) == "" {
		return Invalid("name", "is required")
	}
	if len(name) > 200 {
		return Invalid("name", "must be at most 200 bytes")
	}
	return nil
}

// ---- the admin key ----

// Admin is who makes an installation-wide request: an admin key
// (refserver keys create --admin). An admin reaches only the routes under
// /v1/spaces; a space's own routes refuse its key, so no request ever has
// both the power of an admin and the scope of no space.
type Admin struct {
	KeyID  string
	Access Access
}

// CanWrite reports whether the admin may change spaces.
func (a *Admin) CanWrite() bool { return a != nil && a.Access == AccessReadWrite }

func requireAdminWrite(a *Admin) error {
	if a == nil {
		return Errorf(EUnauthorized, "authentication required")
	}
	if !a.CanWrite() {
		return Errorf(EReadOnlyKey, "a read-only admin key can only read")
	}
	return nil
}

// AuthenticateAdmin resolves an admin key; any other valid key is
// EForbidden.
func (s *Service) AuthenticateAdmin(ctx context.Context, apiKey string) (*Admin, error) {
	k, err := s.AuthenticateKey(ctx, apiKey)
	if err != nil {
		return nil, err
	}
	return AdminOf(k)
}

// AdminOf is the admin of an authenticated admin key; a key of a space is
// EForbidden.
func AdminOf(k *Key) (*Admin, error) {
	if k.Space != "" {
		return nil, Errorf(EForbidden, "this route needs an admin key (refserver keys create --admin); a space's key manages only its own space")
	}
	return &Admin{KeyID: k.ID, Access: k.Access}, nil
}

// CreateAdminKey creates an installation-wide admin key; the returned Key
// carries its secret, which is never shown again.
func (s *Service) CreateAdminKey(ctx context.Context, access Access, name string) (*Key, error) {
	return s.CreateKey(ctx, "", access, name)
}

// ---- spaces ----

// CreateSpace creates a space with the name and quotas of in.
func (s *Service) CreateSpace(ctx context.Context, a *Admin, in SpaceInput) (*Space, error) {
	if err := requireAdminWrite(a); err != nil {
		return nil, err
	}
	if in.Name == nil {
		return nil, Invalid("name", "is required")
	}
	if err := validSpaceName(*in.Name); err != nil {
		return nil, err
	}
	sp := &Space{ID: NewID(SpaceIDLen), Name: *in.Name, CreatedAt: s.clock.Now()}
	if err := applyQuotas(&sp.Quotas, in.Quotas); err != nil {
		return nil, err
	}
	if err := s.store.CreateSpace(ctx, sp); err != nil {
		return nil, fmt.Errorf("creating space: %w", err)
	}
	sp.Usage = &Usage{}
	return s.decorateSpace(sp), nil
}

// AdminSpace returns any space with its usage.
func (s *Service) AdminSpace(ctx context.Context, a *Admin, id string) (*Space, error) {
	if a == nil {
		return nil, Errorf(EUnauthorized, "authentication required")
	}
	return s.spaceWithUsage(ctx, id)
}

func (s *Service) spaceWithUsage(ctx context.Context, id string) (*Space, error) {
	sp, err := s.store.Space(ctx, id)
	if err != nil {
		return nil, err
	}
	u, err := s.store.SpaceUsage(ctx, id)
	if err != nil {
		return nil, err
	}
	sp.Usage = &u
	return s.decorateSpace(sp), nil
}

// AdminSpaces lists the spaces of the installation by id, limit at a time.
func (s *Service) AdminSpaces(ctx context.Context, a *Admin, limit int, cursor string) (*Page[*Space], error) {
	if a == nil {
		return nil, Errorf(EUnauthorized, "authentication required")
	}
	switch {
	case limit == 0:
		limit = MaxListLimit
	case limit < 0 || limit > MaxListLimit:
		return nil, Invalid("limit", "must be between 1 and %d", MaxListLimit)
	}
	after := ""
	if cursor != "" {
		c, err := s.decodeCursor(cursor)
		if err != nil {
			return nil, Invalid("cursor", "is not a cursor this server issued")
		}
		after = c.ID
	}
	spaces, err := s.store.ListSpaces(ctx, after, limit+1)
	if err != nil {
		return nil, err
	}
	page := &Page[*Space]{Data: make([]*Space, 0, len(spaces))}
	if len(spaces) > limit {
		spaces = spaces[:limit]
		next := s.EncodeCursor(Cursor{ID: spaces[limit-1].ID})
		page.NextCursor = &next
	}
	for _, sp := range spaces {
		page.Data = append(page.Data, s.decorateSpace(sp))
	}
	return page, nil
}

// UpdateSpace renames a space or changes its quotas. A quota lowered
// below what the space holds keeps what is there and refuses what would
// add more.
func (s *Service) UpdateSpace(ctx context.Context, a *Admin, id string, in SpaceInput) (*Space, error) {
	if err := requireAdminWrite(a); err != nil {
		return nil, err
	}
	sp, err := s.store.Space(ctx, id)
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
	if err := s.store.UpdateSpace(ctx, sp); err != nil {
		return nil, err
	}
	return s.spaceWithUsage(ctx, id)
}

// DeleteSpace deletes a space that holds no video and no collection; with
// recursive it first deletes every video (assets included, each with its
// video.deleted event) and collection in it. Its keys, signing keys,
// webhook endpoints and player settings go with it; tokens its keys
// signed stop verifying. The id is never handed out again.
func (s *Service) DeleteSpace(ctx context.Context, a *Admin, id string, recursive bool) error {
	if err := requireAdminWrite(a); err != nil {
		return err
	}
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

// CreateSpaceKey creates an API key in any space, for an admin; the
// returned Key carries its secret, which is never shown again.
func (s *Service) CreateSpaceKey(ctx context.Context, a *Admin, space string, access Access, name string) (*Key, error) {
	if err := requireAdminWrite(a); err != nil {
		return nil, err
	}
	if _, err := s.store.Space(ctx, space); err != nil {
		return nil, err
	}
	if access == "" {
		return nil, Invalid("access", "is required: read_write or read_only")
	}
	return s.CreateKey(ctx, space, access, name)
}

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
		return s.decorateSpace(spaces[0]), nil, nil
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
	return s.decorateSpace(sp), []*Key{rw, ro}, nil
}

// Space returns the principal's space with its URL roots, its quotas and
// its usage.
func (s *Service) Space(ctx context.Context, p *Principal) (*Space, error) {
	return s.spaceWithUsage(ctx, p.Space)
}

func (s *Service) decorateSpace(sp *Space) *Space {
	u := s.URLs(sp.ID)
	sp.SpaceURL, sp.ImageURL, sp.CDNURL = u.SpaceURL, u.ImageURL, u.CDNURL
	return sp
}

// ---- videos ----
