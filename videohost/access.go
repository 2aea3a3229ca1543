package videohost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// This file holds delivery and access (asset URLs, playback and upload tokens): signing
// keys, token verification, playback authorization and the public lookups
// the web components make without an API key.

// SigningKey is the public half of an asymmetric token-signing key. The
// private half exists only in the response that creates the key.
type SigningKey struct {
	ID        string `json:"id"`
	Space     string `json:"space"`
	Algorithm string `json:"algorithm"` // EdDSA or ES256
	// PublicPEM is the stored form of the public key (SPKI PEM).
	PublicPEM string          `json:"-"`
	PublicJWK json.RawMessage `json:"public_jwk"`
	CreatedAt time.Time       `json:"created_at"`
}

// NewSigningKey is a signing key as created: with its private half, shown once.
type NewSigningKey struct {
	*SigningKey
	PrivatePEM string          `json:"private_pem"`
	PrivateJWK json.RawMessage `json:"private_jwk"`
}

// SigningKeyIDLen is the length of a signing key id. It differs from
// KeyIDLen so that a kid tells which kind of key signed a token.
const SigningKeyIDLen = 16

func (s *Service) signingKeys() (SigningKeyStore, error) {
	return need(s.caps.signingKeys, "signing keys", "store")
}

// CreateSigningKey creates an EdDSA (default) or ES256 key pair in the
// principal's space; only its public half is stored.
func (s *Service) CreateSigningKey(ctx context.Context, p *Principal, algorithm string) (*NewSigningKey, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	alg := tokens.Algorithm(algorithm)
	switch alg {
	case "":
		alg = tokens.EdDSA
	case tokens.EdDSA, tokens.ES256:
	default:
		return nil, Invalid("algorithm", "must be EdDSA or ES256")
	}
	ks, err := s.signingKeys()
	if err != nil {
		return nil, err
	}
	priv, err := tokens.GenerateSigningKey(NewID(SigningKeyIDLen), alg)
	if err != nil {
		return nil, fmt.Errorf("generating signing key: %w", err)
	}
	pub := priv.Public()
	pubPEM, err := pub.PEM()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	pubJWK, err := pub.JWK()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	privPEM, err := priv.PrivatePEM()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	privJWK, err := priv.PrivateJWK()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	k := &SigningKey{ID: priv.ID, Space: p.Space, Algorithm: string(alg), PublicPEM: string(pubPEM), PublicJWK: pubJWK, CreatedAt: s.clock.Now()}
	if err := ks.CreateSigningKey(ctx, k); err != nil {
		return nil, fmt.Errorf("creating signing key: %w", err)
	}
	return &NewSigningKey{SigningKey: k, PrivatePEM: string(privPEM), PrivateJWK: privJWK}, nil
}

// SigningKeys lists the signing keys of the principal's space.
func (s *Service) SigningKeys(ctx context.Context, p *Principal) ([]*SigningKey, error) {
	ks, err := s.signingKeys()
	if err != nil {
		return nil, err
	}
	keys, err := ks.SigningKeys(ctx, p.Space)
	if err != nil {
		return nil, err
	}
	return withJWKs(keys)
}

// DeleteSigningKey removes a signing key; every token it signed stops
// verifying at once.
func (s *Service) DeleteSigningKey(ctx context.Context, p *Principal, id string) error {
	if err := requireWrite(p); err != nil {
		return err
	}
	ks, err := s.signingKeys()
	if err != nil {
		return err
	}
	if err := ks.DeleteSigningKey(ctx, p.Space, id); err != nil {
		return err
	}
	s.signing.forget(id)
	return nil
}

// loadSigningKey returns signing key id as token verification needs it,
// from the cache when a recent copy is there: a player sends a token or a
// grant with every segment, and a database read and a PEM parse on each
// would cost more than the segment. A store without signing keys answers
// ENotFound.
func (s *Service) loadSigningKey(ctx context.Context, id string) (cachedSigningKey, error) {
	if c, ok := s.signing.get(id); ok {
		return c, nil
	}
	ks := s.caps.signingKeys
	if ks == nil { // no key was ever made: a token naming one names nothing
		return cachedSigningKey{}, Errorf(ENotFound, "signing key %s not found", id)
	}
	k, err := ks.SigningKey(ctx, id)
	if err != nil {
		return cachedSigningKey{}, err
	}
	pub, err := tokens.ParsePublicKeyPEM(k.ID, []byte(k.PublicPEM))
	if err != nil {
		return cachedSigningKey{}, fmt.Errorf("reading signing key %s: %w", id, err)
	}
	c := cachedSigningKey{space: k.Space, verification: pub.VerificationKey(true)}
	s.signing.put(id, c)
	return c, nil
}

// JWKS returns the JSON Web Key Set of every signing key of the server, for
// {base_url}/.well-known/jwks.json.
func (s *Service) JWKS(ctx context.Context) ([]byte, error) {
	ks, err := s.signingKeys()
	if err != nil {
		return tokens.JWKS(nil)
	}
	keys, err := ks.SigningKeys(ctx, "")
	if err != nil {
		return nil, err
	}
	pubs := make([]tokens.PublicKey, 0, len(keys))
	for _, k := range keys {
		pub, err := tokens.ParsePublicKeyPEM(k.ID, []byte(k.PublicPEM))
		if err != nil {
			s.log.WarnContext(ctx, "skipping an unreadable signing key", "key", k.ID, "err", err)
			continue
		}
		pubs = append(pubs, pub)
	}
	return tokens.JWKS(pubs)
}

func withJWKs(keys []*SigningKey) ([]*SigningKey, error) {
	for _, k := range keys {
		if len(k.PublicJWK) > 0 {
			continue
		}
		pub, err := tokens.ParsePublicKeyPEM(k.ID, []byte(k.PublicPEM))
		if err != nil {
			return nil, fmt.Errorf("reading signing key %s: %w", k.ID, err)
		}
		if k.PublicJWK, err = pub.JWK(); err != nil {
			return nil, fmt.Errorf("encoding signing key %s: %w", k.ID, err)
		}
	}
	if keys == nil {
		keys = []*SigningKey{}
	}
	return keys, nil
}

// ---- token verification ----

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

// EmbedView is what <reel-player> and friends learn about a video from its
// embed id, without an API key.
type EmbedView struct {
	ID             string           `json:"id"`
	Embed          string           `json:"embed"`
	Title          string           `json:"title"`
	Duration       float64          `json:"duration"`
	Width          int              `json:"width"`
	Height         int              `json:"height"`
	AspectRatio    string           `json:"aspect_ratio"`
	State          State            `json:"state"`
	Playable       bool             `json:"playable"`
	Archived       bool             `json:"archived"`
	PlaybackPolicy PlaybackPolicy   `json:"playback_policy"`
	PosterTime     *float64         `json:"poster_time"`
	URLs           VideoURLs        `json:"urls"`
	Renditions     []EmbedRendition `json:"renditions"`
	AudioTracks    []AudioTrack     `json:"audio_tracks"`
	Subtitles      []Subtitle       `json:"subtitles"`
	Chapters       []Chapter        `json:"chapters"`
	Transcript     *string          `json:"transcript"`
	// Player is the player settings of the video's space, collections and
	// its own, resolved (PlayerSettings); the page's attributes win.
	Player PlayerSettings `json:"player"`
}

// EmbedRendition is a downloadable rendition as the components see it.
type EmbedRendition struct {
	Name   string `json:"name"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Size   int64  `json:"size"`
	URL    string `json:"url"`
}

// Embed returns the public view of a video by embed id. Missing, deleted and
// archived videos are ENotFound; a signed video needs a playback token, and
// every URL of its view carries it.
func (s *Service) Embed(ctx context.Context, embed string, req PlaybackRequest) (*EmbedView, error) {
	if !ValidID(embed, EmbedLen) {
		return nil, Errorf(ENotFound, "video %s not found", embed)
	}
	v, err := s.store.VideoByEmbed(ctx, embed)
	if err != nil {
		return nil, err
	}
	if v.Archived {
		return nil, Errorf(ENotFound, "video %s not found", embed)
	}
	if err := s.AuthorizePlayback(ctx, v, req); err != nil {
		return nil, err
	}
	s.Present(v)
	token := ""
	if v.PlaybackPolicy == PlaybackSigned {
		token = req.Token
	}
	sign := func(u string) string { return WithToken(u, token) }
	view := &EmbedView{
		ID: v.ID, Embed: v.Embed, Title: v.Title, Duration: v.Duration, Width: v.Width, Height: v.Height,
		AspectRatio: v.AspectRatio, State: v.State, Playable: v.Playable, Archived: v.Archived,
		PlaybackPolicy: v.PlaybackPolicy, PosterTime: v.PosterTime,
		Renditions: []EmbedRendition{}, AudioTracks: []AudioTrack{}, Subtitles: []Subtitle{},
		Chapters: v.Chapters,
	}
	view.Player = s.resolvedPlayer(ctx, v)
	if v.URLs != nil {
		u := *v.URLs
		view.URLs = VideoURLs{
			HLS: sign(u.HLS), DASH: sign(u.DASH), Poster: sign(u.Poster), Clip: sign(u.Clip),
			Audio: sign(u.Audio), Storyboard: sign(u.Storyboard), StoryboardVTT: sign(u.StoryboardVTT), Frame: sign(u.Frame),
			Original: sign(u.Original), Chapters: sign(u.Chapters),
		}
	}
	if !v.Playable {
		return view, nil
	}
	for _, r := range v.Renditions {
		view.Renditions = append(view.Renditions, EmbedRendition{Name: r.Name, Width: r.Width, Height: r.Height, Size: r.Size, URL: sign(r.URL)})
	}
	for _, a := range v.AudioTracks {
		a.URL = sign(a.URL)
		view.AudioTracks = append(view.AudioTracks, a)
	}
	for _, sub := range v.Subtitles {
		sub.URL = sign(sub.URL)
		view.Subtitles = append(view.Subtitles, sub)
	}
	if len(v.Subtitles) > 0 {
		if _, err := s.blobs.Stat(ctx, assetPrefix(v.ID, v.AssetVersion)+"/transcript.json"); err == nil {
			t := sign(s.URLs(v.Space).Transcript(v.ID))
			view.Transcript = &t
		}
	}
	return view, nil
}

// WithToken appends token=... to the query of u (keeping the query it has);
// an empty u or token leaves u unchanged. Template braces ({time}) survive.
func WithToken(u, token string) string { return withQuery(u, "token", token) }

// ListedVideo is one entry of the public list for <reel-list>.
type ListedVideo struct {
	ID       string  `json:"id"`
	Embed    string  `json:"embed"`
	Title    string  `json:"title"`
	Duration float64 `json:"duration"`
	Poster   string  `json:"poster"`
	// State tells a video that is playable while it is still processing
	// (playable early) from a finished one: <reel-list> labels its tile.
	State     State     `json:"state"`
	CreatedAt time.Time `json:"created_at"`
}

// PublicListInput is the query of GET /v1/list.
type PublicListInput struct {
	Limit      int
	Cursor     string
	Collection string // narrows the token's scope to this collection (and its children)
	Order      string
}

// PublicList lists the playable, non-archived videos a playback token whose
// sub is a space or a collection covers, nested collections included.
func (s *Service) PublicList(ctx context.Context, req PlaybackRequest, in PublicListInput) (*Page[*ListedVideo], error) {
	if req.Token == "" {
		return nil, Errorf(ETokenInvalid, "listing needs a playback token (?token= or Bearer)")
	}
	g, err := s.VerifyToken(ctx, req.Token, tokens.AudiencePlayback)
	if err != nil {
		return nil, err
	}
	if err := tokens.CheckOrigin(g.Claims, req.Origin, req.Referer); err != nil {
		return nil, tokenError(err)
	}
	archived, playable := false, true
	f := VideoFilter{Space: g.Space, Archived: &archived, Playable: &playable}
	if err := s.listParams(in.Limit, in.Cursor, in.Order, &f); err != nil {
		return nil, err
	}
	sub := g.Claims.Subject
	var scope []string // nil: the whole space
	switch {
	case sub == g.Space:
	case ValidID(sub, CollectionIDLen):
		tree, err := s.store.CollectionTree(ctx, g.Space, sub)
		if IsNotFound(err) {
			return nil, Errorf(ETokenInvalid, "token refused: sub names no collection of the key's space")
		}
		if err != nil {
			return nil, err
		}
		scope = tree
	default:
		return nil, Errorf(ETokenInvalid, "token refused: a list token's sub is a space or a collection")
	}
	if in.Collection != "" {
		if scope != nil && !contains(scope, in.Collection) {
			return nil, Invalid("collection", "is outside what the token covers")
		}
		tree, err := s.store.CollectionTree(ctx, g.Space, in.Collection)
		if IsNotFound(err) {
			return nil, Invalid("collection", "no collection %q", in.Collection)
		}
		if err != nil {
			return nil, err
		}
		scope = tree
	}
	f.Collections = scope
	page, err := s.videoPage(ctx, f)
	if err != nil {
		return nil, err
	}
	out := &Page[*ListedVideo]{Data: make([]*ListedVideo, 0, len(page.Data)), NextCursor: page.NextCursor}
	for _, v := range page.Data {
		lv := &ListedVideo{ID: v.ID, Embed: v.Embed, Title: v.Title, Duration: v.Duration, State: v.State, CreatedAt: v.CreatedAt}
		if v.URLs != nil && v.URLs.Poster != "" {
			lv.Poster = v.URLs.Poster
			if v.PlaybackPolicy == PlaybackSigned {
				lv.Poster = WithToken(lv.Poster, req.Token)
			}
		}
		out.Data = append(out.Data, lv)
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
