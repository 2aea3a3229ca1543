package videohost

import (
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/reelvideo/reel/internal/usertext"
)

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// Identifier lengths. An embed is the space id followed by
// ten random characters, so the space is known from the embed alone.
const (
	SpaceIDLen      = 5
	VideoIDLen      = 12
	EmbedLen        = 15
	CollectionIDLen = 12
	KeyIDLen        = 12
	LiveStreamIDLen = 12
)

// NewID returns n random characters of [a-z0-9], drawn without modulo bias.
func NewID(n int) string {
	out := make([]byte, n)
	buf := make([]byte, n*2)
	i := 0
	for i < n {
		if _, err := rand.Read(buf); err != nil {
			panic(fmt.Sprintf("crypto/rand: %v", err)) // never fails on supported platforms
		}
		for _, b := range buf {
			if b >= 252 { // 252 = 7*36: reject to keep the distribution uniform
				continue
			}
			out[i] = idAlphabet[int(b)%len(idAlphabet)]
			i++
			if i == n {
				break
			}
		}
	}
	return string(out)
}

// NewEmbed returns a new embed id in space.
func NewEmbed(spaceID string) string { return spaceID + NewID(EmbedLen-len(spaceID)) }

// SpaceOfEmbed returns the space id an embed belongs to.
func SpaceOfEmbed(embed string) string {
	if len(embed) != EmbedLen {
		return ""
	}
	return embed[:SpaceIDLen]
}

// ValidEmbed reports whether s has the shape of an embed id.
func ValidEmbed(s string) bool {
	return len(s) == SpaceIDLen+10 && ValidID(s[:SpaceIDLen], SpaceIDLen) && ValidID(s[SpaceIDLen:], 10)
}

// ValidID reports whether s has length n and only [a-z0-9].
func ValidID(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// MaxExcerpt is how many characters of user input an error message quotes.
const MaxExcerpt = usertext.MaxExcerpt

// Excerpt returns s for an error message: whole when it is short, else its
// first MaxExcerpt characters and "…" (usertext.Excerpt).
func Excerpt(s string) string { return usertext.Excerpt(s) }

// IDKind names a kind of identifier; CheckID knows the shape of each.
type IDKind string

// Kinds of identifiers that requests carry.
const (
	IDSpace      IDKind = "space"
	IDVideo      IDKind = "video"
	IDCollection IDKind = "collection"
	IDEmbed      IDKind = "embed"
	IDKey        IDKind = "key"
	IDSigningKey IDKind = "signing key"
	IDWebhook    IDKind = "webhook"
	IDDelivery   IDKind = "delivery"
	IDLiveStream IDKind = "live stream"
	// IDUpload is a video id, or a video id, "-" and 8 characters for an
	// upload that replaces the video's source.
	IDUpload IDKind = "upload"
)

// UploadSuffixLen is the length of the part after "-" in the id of an upload
// that replaces a video's source.
const UploadSuffixLen = 8

// idLengths is the length of every kind of plain id.
var idLengths = map[IDKind]int{
	IDSpace: SpaceIDLen, IDVideo: VideoIDLen, IDCollection: CollectionIDLen, IDEmbed: EmbedLen,
	IDKey: KeyIDLen, IDSigningKey: SigningKeyIDLen, IDWebhook: WebhookIDLen, IDDelivery: WebhookDeliveryIDLen, IDLiveStream: LiveStreamIDLen,
}

// CheckID reports, before any lookup, whether s has the shape of an id of
// kind: a malformed id names nothing, so the error is ENotFound, and it
// quotes at most an excerpt of s. An unknown kind matches nothing.
func CheckID(kind IDKind, s string) error {
	var ok bool
	if kind == IDUpload {
		video, suffix, replacing := strings.Cut(s, "-")
		ok = ValidID(video, VideoIDLen) && (!replacing || ValidID(suffix, UploadSuffixLen))
	} else if n, known := idLengths[kind]; known {
		ok = ValidID(s, n)
	}
	if !ok {
		return Errorf(ENotFound, "%s %s not found", kind, Excerpt(s))
	}
	return nil
}
