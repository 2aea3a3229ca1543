package access

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
)

// Domain is what access needs of the domain; *videohost.Service is one.
type Domain interface {
	videohost.Pager
	// Store holds the videos and collections tokens name.
	Store() videohost.Store
	Clock() videohost.Clock
	Logger() *slog.Logger
	// TokenKey resolves the kid of a token or a grant to its key.
	TokenKey(ctx context.Context, kid string) (videohost.TokenKey, error)
	// GrantKey signs grants; it is derived from the service's secret.
	GrantKey() []byte
	// ReplacedVersionGrace is how long a replaced asset version is kept
	// (videohost.Config.ReplacedVersionGrace).
	ReplacedVersionGrace() time.Duration
	// SigningKeyStore is the store's signing keys, or EUnavailable.
	SigningKeyStore() (videohost.SigningKeyStore, error)
	// ForgetSigningKey drops a deleted signing key from the key caches.
	ForgetSigningKey(id string)
	// Present, URLs, ResolvedPlayer and HasTranscript build an embed's
	// view; VideoPage reads a page of the public list.
	Present(v *videohost.Video) *videohost.Video
	URLs(space string) videohost.URLs
	ResolvedPlayer(ctx context.Context, v *videohost.Video) videohost.PlayerSettings
	HasTranscript(ctx context.Context, v *videohost.Video) bool
	VideoPage(ctx context.Context, f videohost.VideoFilter) (*videohost.Page[*videohost.Video], error)
}

// Gate answers what a token, a grant or nothing may reach. It is safe for
// concurrent use.
type Gate struct {
	d        Domain
	store    videohost.Store
	clock    videohost.Clock
	grantKey []byte
	grace    time.Duration // Domain.ReplacedVersionGrace, which never changes
	// grantHashes reuses keyed HMACs of grantKey (grantMAC).
	grantHashes sync.Pool
	// verified remembers checked token signatures: a player sends the same
	// token with every segment.
	verified *tokens.VerifiedCache
}

// New returns the Gate of d.
func New(d Domain) *Gate {
	return &Gate{d: d, store: d.Store(), clock: d.Clock(), grantKey: d.GrantKey(), grace: d.ReplacedVersionGrace(),
		verified: tokens.NewVerifiedCache(0, 0)}
}

// TokenGrant is a verified token: its claims and the space of the key that
// signed it (a token can only speak for that space).
type TokenGrant struct {
	Claims *tokens.Claims
	Space  string
	// Access is the access of the signing API key; signing keys count as
	// read_write.
	Access videohost.Access
}

// verifier returns a Verifier over the API keys and signing keys of the
// store. found receives the key that resolved.
func (g *Gate) verifier(found *videohost.TokenKey) *tokens.Verifier {
	return &tokens.Verifier{
		Now:   g.clock.Now,
		Cache: g.verified,
		Keys: tokens.KeyResolverFunc(func(ctx context.Context, kid string) (tokens.VerificationKey, error) {
			k, err := g.d.TokenKey(ctx, kid)
			*found = k
			return k.Verification, err
		}),
	}
}

// VerifyToken checks a token for audience aud and returns its grant. A
// refused token is an *Error with ETokenInvalid or ETokenExpired.
func (g *Gate) VerifyToken(ctx context.Context, raw string, aud tokens.Audience) (*TokenGrant, error) {
	var found videohost.TokenKey
	claims, err := g.verifier(&found).Verify(ctx, raw, aud)
	if err != nil {
		return nil, tokenError(err)
	}
	return &TokenGrant{Claims: claims, Space: found.Space, Access: found.Access}, nil
}

// tokenError maps a tokens error to the domain's codes; anything else (a
// store failure while resolving the key) stays a server fault.
func tokenError(err error) error {
	var te *tokens.Error
	if !errors.As(err, &te) {
		return err
	}
	code := videohost.ETokenInvalid
	if te.Code == tokens.CodeTokenExpired {
		code = videohost.ETokenExpired
	}
	return &videohost.Error{Code: code, Message: "token refused: " + te.Reason, Err: err}
}

// UploadAuthorization is what a verified upload token lets its bearer do.
type UploadAuthorization struct {
	// Principal stands for the key that signed the token; it can write.
	Principal *videohost.Principal
	// Collection, when set, is where new videos go.
	Collection string
	// ReplaceVideo, when set, is the video whose source the upload replaces.
	ReplaceVideo string
}

// AuthorizeUpload verifies an upload token. Its sub names the key's space (a
// new video), a collection of it (a new video there) or a video of it (a new
// source for that video); anything else is token_invalid.
func (g *Gate) AuthorizeUpload(ctx context.Context, raw string) (*UploadAuthorization, error) {
	t, err := g.VerifyToken(ctx, raw, tokens.AudienceUpload)
	if err != nil {
		return nil, err
	}
	auth := &UploadAuthorization{Principal: &videohost.Principal{Space: t.Space, KeyID: t.Claims.KeyID, Access: videohost.AccessReadWrite}}
	sub := t.Claims.Subject
	switch {
	case sub == t.Space:
		return auth, nil
	case videohost.ValidID(sub, videohost.CollectionIDLen):
		// Collection and video ids share a length: look the id up as both.
		if _, err := g.store.Collection(ctx, t.Space, sub); err == nil {
			auth.Collection = sub
			return auth, nil
		} else if !videohost.IsNotFound(err) {
			return nil, err
		}
		if _, err := g.store.Video(ctx, t.Space, sub); err == nil {
			auth.ReplaceVideo = sub
			return auth, nil
		} else if !videohost.IsNotFound(err) {
			return nil, err
		}
	}
	return nil, videohost.Errorf(videohost.ETokenInvalid, "token refused: sub names nothing of the key's space")
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

// AuthorizePlayback decides whether req may play v. A public video needs
// nothing (a token is ignored); a signed one needs a playback token of its
// space whose sub is its embed, a collection containing it (at any depth) or
// its space, used from an allowed origin.
func (g *Gate) AuthorizePlayback(ctx context.Context, v *videohost.Video, req PlaybackRequest) error {
	if v.PlaybackPolicy != videohost.PlaybackSigned {
		return nil
	}
	_, err := g.authorizeToken(ctx, v, req)
	return err
}

// authorizeToken is AuthorizePlayback for a signed video; it returns the
// verified token.
func (g *Gate) authorizeToken(ctx context.Context, v *videohost.Video, req PlaybackRequest) (*TokenGrant, error) {
	if req.Token == "" {
		return nil, videohost.Errorf(videohost.ETokenInvalid, "this video needs a playback token (?token=)")
	}
	t, err := g.VerifyToken(ctx, req.Token, tokens.AudiencePlayback)
	if err != nil {
		return nil, err
	}
	if t.Space != v.Space {
		return nil, videohost.Errorf(videohost.ETokenInvalid, "token refused: it was signed for another space")
	}
	if err := tokens.CheckOrigin(t.Claims, req.Origin, req.Referer); err != nil {
		return nil, tokenError(err)
	}
	ok, err := g.subjectCovers(ctx, t.Claims.Subject, v)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, videohost.Errorf(videohost.ETokenInvalid, "token refused: it is for another video")
	}
	return t, nil
}

// subjectCovers reports whether a playback token's sub covers v.
func (g *Gate) subjectCovers(ctx context.Context, sub string, v *videohost.Video) (bool, error) {
	if sub == v.Embed || sub == v.Space {
		return true, nil
	}
	if !videohost.ValidID(sub, videohost.CollectionIDLen) {
		return false, nil
	}
	return g.InCollection(ctx, v, sub)
}

// InCollection reports whether v is in collection, directly or in a
// collection nested in it at any depth.
func (g *Gate) InCollection(ctx context.Context, v *videohost.Video, collection string) (bool, error) {
	if v.Collection == nil {
		return false, nil
	}
	id := *v.Collection
	for range videohost.MaxCollectionDepth {
		if id == collection {
			return true, nil
		}
		c, err := g.store.Collection(ctx, v.Space, id)
		if videohost.IsNotFound(err) {
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
