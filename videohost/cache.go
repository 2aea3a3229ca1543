package videohost

import (
	"github.com/reelvideo/reel/tokens"
)

// copyVideo returns a copy of v that shares no slice or map with it, so a
// cached video can be handed out and decorated by concurrent requests.
func copyVideo(v *Video) *Video {
	cp := *v
	cp.Renditions = append([]Rendition(nil), v.Renditions...)
	cp.AudioTracks = append([]AudioTrack(nil), v.AudioTracks...)
	cp.Subtitles = append([]Subtitle(nil), v.Subtitles...)
	cp.Chapters = append([]Chapter(nil), v.Chapters...)
	if v.Metadata != nil {
		cp.Metadata = make(map[string]string, len(v.Metadata))
		for k, val := range v.Metadata {
			cp.Metadata[k] = val
		}
	}
	if v.Source != nil {
		src := *v.Source
		cp.Source = &src
	}
	if v.URLs != nil {
		u := *v.URLs
		cp.URLs = &u
	}
	return &cp
}

// cachedKey is a key as stored: the record, the SHA-256 of the key string
// (for authentication), and the unsealed key string as the token verifier
// takes it for HS256 tokens (built once: every signed segment resolves a
// key). Callers copy key before handing it out.
type cachedKey struct {
	key          *Key
	hash         []byte
	verification tokens.VerificationKey
}

// cachedSigningKey is a signing key as token verification needs it: its
// space and its parsed public half.
type cachedSigningKey struct {
	space        string
	verification tokens.VerificationKey
}
