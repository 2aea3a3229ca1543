package videohost

import (
	"context"
	"errors"
	"fmt"

	"github.com/reelvideo/reel/tokens"
)

// Access: verifying playback and upload tokens (signed by an API key or a
// signing key, signing_keys.go) and authorising playback of a video. The
// public lookups built on it are in embeds.go.

// TokenGrant is a verified token: its claims and the space of the key that
// signed it (a token can only speak for that space).
type TokenGrant struct {
	Claims *tokens.Claims
	Space  string
	// Access is the access of the signing API key; signing keys count as
	// read_write.
	Access Access
}

// tokenKey is a key that signs tokens, as resolved from the caches: an API
// key of a space, or a signing key.
type tokenKey struct {
	verification tokens.VerificationKey
	space        string
	access       Access
}

// resolveTokenKey resolves kid to the key that signed a token or a grant.
// A kid that names no key, or an admin key (which speaks for no space and
// signs nothing), is tokens.ErrKeyNotFound; a store failure is itself.
func (s *Service) resolveTokenKey(ctx context.Context, kid string) (tokenKey, error) {
	switch {
	case ValidID(kid, KeyIDLen):
		c, err := s.loadKey(ctx, kid)
		if IsNotFound(err) {
			return tokenKey{}, fmt.Errorf("API key %s: %w", kid, tokens.ErrKeyNotFound)
		}
		if err != nil {
			return tokenKey{}, err
		}
		if c.key.Space == "" {
			return tokenKey{}, fmt.Errorf("API key %s is an admin key, which signs no token: %w", kid, tokens.ErrKeyNotFound)
		}
		return tokenKey{verification: c.verification, space: c.key.Space, access: c.key.Access}, nil
	case ValidID(kid, SigningKeyIDLen):
		c, err := s.loadSigningKey(ctx, kid)
		if IsNotFound(err) {
			return tokenKey{}, fmt.Errorf("signing key %s: %w", kid, tokens.ErrKeyNotFound)
		}
		if err != nil {
			return tokenKey{}, err
		}
		return tokenKey{verification: c.verification, space: c.space, access: AccessReadWrite}, nil
	}
	return tokenKey{}, fmt.Errorf("kid %q: %w", kid, tokens.ErrKeyNotFound)
}

// verifier returns a Verifier over the API keys and signing keys of the
// store. found receives the key that resolved.
func (s *Service) verifier(found *tokenKey) *tokens.Verifier {
	return &tokens.Verifier{
		Now:   s.clock.Now,
		Cache: s.verified,
		Keys: tokens.KeyResolverFunc(func(ctx context.Context, kid string) (tokens.VerificationKey, error) {
			k, err := s.resolveTokenKey(ctx, kid)
			*found = k
			return k.verification, err
		}),
	}
}

// VerifyToken checks a token for audience aud and returns its grant. A
// refused token is an *Error with ETokenInvalid or ETokenExpired.
func (s *Service) VerifyToken(ctx context.Context, raw string, aud tokens.Audience) (*TokenGrant, error) {
	var found tokenKey
	claims, err := s.verifier(&found).Verify(ctx, raw, aud)
	if err != nil {
		return nil, tokenError(err)
	}
	return &TokenGrant{Claims: claims, Space: found.space, Access: found.access}, nil
}

// tokenError maps a tokens error to the domain's codes; anything else (a
// store failure while resolving the key) stays a server fault.
func tokenError(err error) error {
	var te *tokens.Error
	if !errors.As(err, &te) {
		return err
	}
	code := ETokenInvalid
	if te.Code == tokens.CodeTokenExpired {
		code = ETokenExpired
	}
	return &Error{Code: code, Message: "token refused: " + te.Reason, Err: err}
}

// UploadAuthorization is what a verified upload token lets its bearer do.
type UploadAuthorization struct {
	// Principal stands for the key that signed the token; it can write.
	Principal *Principal
	// Collection, when set, is where new videos go.
	Collection string
	// ReplaceVideo, when set, is the video whose source the upload replaces.
	ReplaceVideo string
}

// AuthorizeUpload verifies an upload token. Its sub names the key's space (a
// new video), a collection of it (a new video there) or a video of it (a new
// source for that video); anything else is token_invalid.
func (s *Service) AuthorizeUpload(ctx context.Context, raw string) (*UploadAuthorization, error) {
	g, err := s.VerifyToken(ctx, raw, tokens.AudienceUpload)
	if err != nil {
		return nil, err
	}
	auth := &UploadAuthorization{Principal: &Principal{Space: g.Space, KeyID: g.Claims.KeyID, Access: AccessReadWrite}}
	sub := g.Claims.Subject
	switch {
	case sub == g.Space:
		return auth, nil
	case ValidID(sub, CollectionIDLen):
		// Collection and video ids share a length: look the id up as both.
		if _, err := s.store.Collection(ctx, g.Space, sub); err == nil {
			auth.Collection = sub
			return auth, nil
		} else if !IsNotFound(err) {
			return nil, err
		}
		if _, err := s.store.Video(ctx, g.Space, sub); err == nil {
			auth.ReplaceVideo = sub
			return auth, nil
		} else if !IsNotFound(err) {
			return nil, err
		}
	}
	return nil, Errorf(ETokenInvalid, "token refused: sub names nothing of the key's space")
}

// PlaybackRequest is what a request offers to unlock a signed video.
type PlaybackRequest struct {
	Token   string // the playback token (?token= or Bearer); "" for none
	Origin  string // the Origin header
	Referer string // the Referer header
	// Grant is a compact grant (?g=, grants.go) and Version the asset
	// version the URL names (?v=); only AuthorizeAsset reads them.
	Grant   string
	Version string
}

// maxCollectionDepth bounds the walk up the collection tree: a corrupt
// parent cycle must not loop forever.
const maxCollectionDepth = 64

// AuthorizePlayback decides whether req may play v. A public video needs
// nothing (a token is ignored); a signed one needs a playback token of its
// space whose sub is its embed, a collection containing it (at any depth) or
// its space, used from an allowed origin.
func (s *Service) AuthorizePlayback(ctx context.Context, v *Video, req PlaybackRequest) error {
	if v.PlaybackPolicy != PlaybackSigned {
		return nil
	}
	_, err := s.authorizeToken(ctx, v, req)
	return err
}

// authorizeToken is AuthorizePlayback for a signed video; it returns the
// verified token.
func (s *Service) authorizeToken(ctx context.Context, v *Video, req PlaybackRequest) (*TokenGrant, error) {
	if req.Token == "" {
		return nil, Errorf(ETokenInvalid, "this video needs a playback token (?token=)")
	}
	g, err := s.VerifyToken(ctx, req.Token, tokens.AudiencePlayback)
	if err != nil {
		return nil, err
	}
	if g.Space != v.Space {
		return nil, Errorf(ETokenInvalid, "token refused: it was signed for another space")
	}
	if err := tokens.CheckOrigin(g.Claims, req.Origin, req.Referer); err != nil {
		return nil, tokenError(err)
	}
	ok, err := s.subjectCovers(ctx, g.Claims.Subject, v)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, Errorf(ETokenInvalid, "token refused: it is for another video")
	}
	return g, nil
}

// subjectCovers reports whether a playback token's sub covers v.
func (s *Service) subjectCovers(ctx context.Context, sub string, v *Video) (bool, error) {
	if sub == v.Embed || sub == v.Space {
		return true, nil
	}
	if !ValidID(sub, CollectionIDLen) {
		return false, nil
	}
	return s.InCollection(ctx, v, sub)
}

// InCollection reports whether v is in collection, directly or in a
// collection nested in it at any depth.
func (s *Service) InCollection(ctx context.Context, v *Video, collection string) (bool, error) {
	if v.Collection == nil {
		return false, nil
	}
	id := *v.Collection
	for range maxCollectionDepth {
		if id == collection {
			return true, nil
		}
		c, err := s.store.Collection(ctx, v.Space, id)
		if IsNotFound(err) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if c.Parent == nil {
			return false, nil
		}
		id = *c.Parent
	}
	return false, nil
}

// PlayableVideo returns the video whose assets the delivery layer serves. A
// video that is missing, deleted, archived or not yet playable is ENotFound:
// a public URL must not tell these apart.
//
// The video returned may be the one the cache holds, shared with every
// other request for it (copying it cost a microsecond, a twentieth of a
// playlist request): callers read it and must not modify it.
func (s *Service) PlayableVideo(ctx context.Context, id string) (*Video, error) {
	v, err := s.cachedVideo(ctx, id)
	if err != nil {
		return nil, err
	}
	if v.Archived || !v.Playable || v.AssetVersion == "" {
		return nil, Errorf(ENotFound, "video %s not found", id)
	}
	return v, nil
}

// PlayableVideoByEmbed is PlayableVideo by embed id.
func (s *Service) PlayableVideoByEmbed(ctx context.Context, embed string) (*Video, error) {
	v, err := s.store.VideoByEmbed(ctx, embed)
	if err != nil {
		return nil, err
	}
	if v.Archived || !v.Playable || v.AssetVersion == "" {
		return nil, Errorf(ENotFound, "video %s not found", embed)
	}
	return v, nil
}

// ---- public lookups for the web components ----
