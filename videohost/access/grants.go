package access

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"hash"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
)

// Grants: a signed video's playlists, DASH manifest and storyboard cues list
// their URIs with a compact grant (?v=VERSION&g=GRANT) instead of the
// viewer's whole playback token. A token is some 300 bytes; a 10-minute
// video's media playlist lists 150 segments, and repeating the token on each
// made playlists (and the work of serving them) several times larger than
// the URIs they carry.
//
// A grant is "EXP.KID.MAC": EXP the token's exp in Unix seconds, KID the kid
// of the key that signed the token, MAC the first GrantMACLen bytes of
// HMAC-SHA256 under a key derived from the service's secret
// (Domain.GrantKey) over the space, the video id, the asset version, EXP
// and KID, in unpadded base64url. It holds no state: every api process
// sharing the secret verifies it. It opens every asset of that video at
// that asset version until EXP, while the key KID still exists in the
// video's space; never another video, another version (a re-publish, but
// see videohost's replaced.go), or a deleted, archived or unplayable video.
//
// Grants are minted only for tokens without an "origins" claim: the page
// origin must be checked against the claims on every request, so URIs served
// for such a token keep carrying the token itself.

// GrantParam is the query parameter that carries a grant.
const GrantParam = "g"

// GrantMACLen is how many bytes of the HMAC a grant keeps: 128 bits.
const GrantMACLen = 16

// maxGrantLen bounds what is parsed: EXP (at most 12 digits), KID, MAC.
const maxGrantLen = 12 + 1 + videohost.SigningKeyIDLen + 1 + 24

// GrantError says why a grant was refused. It is carried as the Err of an
// *Error whose Code is ETokenInvalid or ETokenExpired, the codes a refused
// token gets.
type GrantError struct {
	Reason string
}

func (e *GrantError) Error() string { return "grant refused: " + e.Reason }

func grantRefused(code, reason string) *videohost.Error {
	return &videohost.Error{Code: code, Message: "grant refused: " + reason, Err: &GrantError{Reason: reason}}
}

// AssetPass is how a request for an asset of a video was let in, and what the
// URIs of a playlist served to it carry.
type AssetPass struct {
	// Credential is what the request presented for a signed video (its
	// token or its grant); "" for a public video. A body rewritten for the
	// request depends on it alone, so it can key a cache of such bodies.
	Credential string
	// Version is the asset version the request is served from: the video's
	// current one, or once Open has opened the file, a version it replaced
	// that the URL names and that is still kept (videohost's replaced.go).
	// A grant listed for the request is of this version.
	Version string
	param   string // GrantParam or "token"; "" for a public video
	value   string // the grant or token listed; "" while a grant is still to mint
	// replaced is the replaced version the URL names, when the grace keeps
	// replaced versions; bound says a grant of it let the request in, so
	// that it opens that version alone.
	replaced string
	bound    bool
	// What a grant is minted from, on a playlist cache miss only: most
	// requests are segments, and a hit lists what was minted before.
	gate         *Gate
	space, video string
	exp          int64
	kid          string
}

// NamesReplaced reports whether the request names a version its video
// replaced, which Open serves while it is kept.
func (p AssetPass) NamesReplaced() bool { return p.replaced != "" }

// Listed returns the query parameter and value that the URIs a playlist
// lists carry for this request: a grant, the token (when it names origins),
// or "", "" for a public video.
func (p AssetPass) Listed() (param, value string) {
	if p.value == "" && p.gate != nil {
		return p.param, p.gate.mintGrant(p.space, p.video, p.Version, p.exp, p.kid)
	}
	return p.param, p.value
}

// isMaster reports whether name is a master playlist or DASH manifest: the
// files a player starts from.
func isMaster(name string) bool {
	return name == "playlist.m3u8" || name == "manifest.mpd"
}

// Open opens a file for a request let in by p (AuthorizeAsset) with open,
// from the version p serves, and sets p.Version to the version it opened.
// That is the video's current version, or a version it replaced that the
// request names and that is still kept (Config.ReplacedVersionGrace). A
// grant opens its own version only: once that version is gone its files
// are not found. The rule lives here, beside the grant that decides it,
// so that delivery's cached path and the service's uncached one
// (Service.OpenVersion) apply the same one.
func (p *AssetPass) Open(ctx context.Context, v *videohost.Video, name string, open videohost.VersionOpener) (videohost.Blob, videohost.BlobInfo, error) {
	old := p.replaced
	if old == "" || (!p.bound && isMaster(name)) {
		p.Version = v.AssetVersion
		return videohost.OpenCurrent(ctx, v, name, open)
	}
	b, info, err := open(ctx, v.ID, old, name)
	if err == nil {
		p.Version = old
		return b, info, nil
	}
	if !videohost.IsNotFound(err) {
		return nil, videohost.BlobInfo{}, err
	}
	if p.bound {
		// The grant is good (verifyGrant checked it) but names files that
		// are gone: not found, which sends Reel's player to look the video
		// up again, as a public video's 404 does.
		return nil, videohost.BlobInfo{}, err
	}
	p.Version = v.AssetVersion
	return videohost.OpenCurrent(ctx, v, name, open)
}

// AuthorizeAsset is AuthorizePlayback for one asset of v, which also
// accepts a grant (req.Grant, with req.Version the version the URL names)
// in place of a token. A token wins when both are present. A refused grant
// is an *Error with ETokenInvalid or ETokenExpired wrapping a *GrantError.
// The file is opened with AssetPass.Open, which picks the version.
func (g *Gate) AuthorizeAsset(ctx context.Context, v *videohost.Video, req PlaybackRequest) (AssetPass, error) {
	pass := AssetPass{Version: v.AssetVersion}
	if req.Version != v.AssetVersion && g.grace > 0 && videohost.ValidVersion(req.Version) {
		pass.replaced = req.Version
	}
	if v.PlaybackPolicy != videohost.PlaybackSigned {
		return pass, nil
	}
	if req.Token == "" && req.Grant != "" {
		if err := g.verifyGrant(ctx, v, req.Version, req.Grant); err != nil {
			return AssetPass{}, err
		}
		pass.Credential, pass.param, pass.value = req.Grant, GrantParam, req.Grant
		pass.bound = pass.replaced != ""
		return pass, nil
	}
	t, err := g.authorizeToken(ctx, v, req)
	if err != nil {
		return AssetPass{}, err
	}
	pass.Credential = req.Token
	if len(t.Claims.Origins) > 0 {
		pass.param, pass.value = "token", req.Token
		return pass, nil
	}
	pass.param, pass.gate = GrantParam, g
	pass.space, pass.video, pass.exp, pass.kid = v.Space, v.ID, t.Claims.Expiry.Unix(), t.Claims.KeyID
	return pass, nil
}

// MintGrant returns the grant of the asset version of a video of space,
// valid until exp while key kid exists. Delivery mints grants itself
// (AuthorizeAsset); this is for tests and tools.
func (g *Gate) MintGrant(space, videoID, version string, exp time.Time, kid string) string {
	return g.mintGrant(space, videoID, version, exp.Unix(), kid)
}

func (g *Gate) mintGrant(space, videoID, version string, exp int64, kid string) string {
	var b [maxGrantLen]byte
	out := strconv.AppendInt(b[:0], exp, 10)
	out = append(out, '.')
	out = append(out, kid...)
	out = append(out, '.')
	mac := g.grantMAC(space, videoID, version, exp, kid)
	out = base64.RawURLEncoding.AppendEncode(out, mac[:GrantMACLen])
	return string(out)
}

// grantMAC is the full HMAC of a grant: HMAC-SHA256 under the grant key
// of "grant|space|video|version|exp|kid". Every segment a player fetches
// checks one, so the message is built on the stack and the keyed hash
// reused (hmac's Reset returns it to its keyed state).
func (g *Gate) grantMAC(space, videoID, version string, exp int64, kid string) [sha256.Size]byte {
	var buf [256]byte
	msg := append(buf[:0], "grant|"...)
	msg = append(msg, space...)
	msg = append(msg, '|')
	msg = append(msg, videoID...)
	msg = append(msg, '|')
	msg = append(msg, version...)
	msg = append(msg, '|')
	msg = strconv.AppendInt(msg, exp, 10)
	msg = append(msg, '|')
	msg = append(msg, kid...)
	m, _ := g.grantHashes.Get().(hash.Hash)
	if m == nil {
		m = hmac.New(sha256.New, g.grantKey)
	}
	m.Reset()
	m.Write(msg)
	var sum [sha256.Size]byte
	m.Sum(sum[:0])
	g.grantHashes.Put(m)
	return sum
}

// verifyGrant checks a grant presented for an asset of v at version.
func (g *Gate) verifyGrant(ctx context.Context, v *videohost.Video, version, grant string) error {
	if len(grant) > maxGrantLen {
		return grantRefused(videohost.ETokenInvalid, "malformed")
	}
	expText, rest, ok1 := strings.Cut(grant, ".")
	kid, macText, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || len(expText) == 0 || len(expText) > 12 ||
		!videohost.ValidID(kid, videohost.KeyIDLen) && !videohost.ValidID(kid, videohost.SigningKeyIDLen) {
		return grantRefused(videohost.ETokenInvalid, "malformed")
	}
	exp, err := strconv.ParseInt(expText, 10, 64)
	if err != nil || exp <= 0 || strconv.FormatInt(exp, 10) != expText {
		return grantRefused(videohost.ETokenInvalid, "malformed")
	}
	var mac [GrantMACLen]byte
	if base64.RawURLEncoding.EncodedLen(GrantMACLen) != len(macText) {
		return grantRefused(videohost.ETokenInvalid, "malformed")
	}
	if n, err := base64.RawURLEncoding.Strict().Decode(mac[:], []byte(macText)); err != nil || n != GrantMACLen {
		return grantRefused(videohost.ETokenInvalid, "malformed")
	}
	if version != v.AssetVersion && (g.grace <= 0 || !videohost.ValidVersion(version)) {
		// A re-publish (or a hand-built URL without its version) ends what
		// a grant of the old version opens, unless the old version is kept
		// for a grace (replaced.go): then the grant opens the old files
		// while they last, and finds nothing once they are gone.
		return grantRefused(videohost.ETokenInvalid, "it is for another asset version")
	}
	want := g.grantMAC(v.Space, v.ID, version, exp, kid)
	if !hmac.Equal(mac[:], want[:GrantMACLen]) {
		return grantRefused(videohost.ETokenInvalid, "it is not valid for this video")
	}
	if g.clock.Now().Unix() >= exp {
		return grantRefused(videohost.ETokenExpired, "expired")
	}
	k, err := g.d.TokenKey(ctx, kid)
	if err != nil && !errors.Is(err, tokens.ErrKeyNotFound) {
		return fmt.Errorf("resolving key %s: %w", kid, err)
	}
	if err != nil || k.Space != v.Space {
		return grantRefused(videohost.ETokenInvalid, "its key is gone")
	}
	return nil
}
