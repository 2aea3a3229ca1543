package videohost

import (
	"context"
	"fmt"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// Access: what videohost/access, which verifies tokens and grants and
// authorises playback, needs of the service: the keys that sign tokens
// (keys.go, signing_keys.go), the key grants are signed with, and the
// videos a player may be served.

// TokenKey is a key that signs tokens, as resolved from the caches: an API
// key of a space, or a signing key.
type TokenKey struct {
	Verification tokens.VerificationKey
	Space        string
	Access       Access
}

// TokenKey resolves kid to the key that signed a token or a grant, for
// videohost/access, which verifies them: the keys and their caches stay
// here, where deleting a key or a space forgets them at once.
// A kid that names no key, or an admin key (which speaks for no space and
// signs nothing), is tokens.ErrKeyNotFound; a store failure is itself.
func (s *Service) TokenKey(ctx context.Context, kid string) (TokenKey, error) {
	switch {
	case ValidID(kid, KeyIDLen):
		c, err := s.loadKey(ctx, kid)
		if IsNotFound(err) {
			return TokenKey{}, fmt.Errorf("API key %s: %w", kid, tokens.ErrKeyNotFound)
		}
		if err != nil {
			return TokenKey{}, err
		}
		if c.key.Space == "" {
			return TokenKey{}, fmt.Errorf("API key %s is an admin key, which signs no token: %w", kid, tokens.ErrKeyNotFound)
		}
		return TokenKey{Verification: c.verification, Space: c.key.Space, Access: c.key.Access}, nil
	case ValidID(kid, SigningKeyIDLen):
		c, err := s.loadSigningKey(ctx, kid)
		if IsNotFound(err) {
			return TokenKey{}, fmt.Errorf("signing key %s: %w", kid, tokens.ErrKeyNotFound)
		}
		if err != nil {
			return TokenKey{}, err
		}
		return TokenKey{Verification: c.verification, Space: c.space, Access: AccessReadWrite}, nil
	}
	return TokenKey{}, fmt.Errorf("kid %q: %w", kid, tokens.ErrKeyNotFound)
}

// GrantKey is the key grants are signed with (videohost/access), derived
// from Config.Secret so that every process sharing the secret verifies
// the grants of every other.
func (s *Service) GrantKey() []byte { return s.grantKey }

// ReplacedVersionGrace is Config.ReplacedVersionGrace: how long a replaced
// asset version is kept, and so opened for a URL that names it.
func (s *Service) ReplacedVersionGrace() time.Duration { return s.cfg.ReplacedVersionGrace }

// HasTranscript reports whether the published version of v holds a
// transcript, which an embed's view links to.
func (s *Service) HasTranscript(ctx context.Context, v *Video) bool {
	_, err := s.blobs.Stat(ctx, assetPrefix(v.ID, v.AssetVersion)+"/transcript.json")
	return err == nil
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
