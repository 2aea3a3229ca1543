// Command tokens mints an upload token and a playback token the way an
// integrator's server does before handing them to a browser: with its Reel API
// key, without calling Reel.
//
//	REEL_KEY_ID=key_7f3a REEL_API_KEY=reel_sk_... REEL_SPACE=spc01 go run ./examples/tokens
//
// Environment:
//
//	REEL_KEY_ID    the API key's id (the token's kid)             required
//	REEL_API_KEY   the API key string (the HS256 secret)          required
//	REEL_SPACE     where uploads land: a space or collection id   required
//	REEL_EMBED     what may play: an embed, collection or space   default REEL_SPACE
//	REEL_ORIGINS   comma-separated page origins allowed to play   default any
//
// It prints JSON such as a server would return to its front end:
//
//	{"upload_token":"eyJ...","upload_expires_at":"...","playback_token":"eyJ...","playback_expires_at":"..."}
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// Lifetimes: an upload must start soon after the page loads; a playback token
// should outlive a viewing session but not be worth sharing.
const (
	uploadTTL   = 15 * time.Minute
	playbackTTL = 6 * time.Hour
)

type mintedTokens struct {
	UploadToken       string    `json:"upload_token"`
	UploadExpiresAt   time.Time `json:"upload_expires_at"`
	PlaybackToken     string    `json:"playback_token"`
	PlaybackExpiresAt time.Time `json:"playback_expires_at"`
}

func main() {
	if err := run(os.Getenv, time.Now, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tokens:", err)
		os.Exit(1)
	}
}

func run(getenv func(string) string, now func() time.Time, out io.Writer) error {
	key := tokens.HMACKey{ID: getenv("REEL_KEY_ID"), Secret: getenv("REEL_API_KEY")}
	space := getenv("REEL_SPACE")
	if key.ID == "" || key.Secret == "" || space == "" {
		return errors.New("set REEL_KEY_ID, REEL_API_KEY and REEL_SPACE")
	}
	embed := getenv("REEL_EMBED")
	if embed == "" {
		embed = space
	}
	var origins []string
	for _, o := range strings.Split(getenv("REEL_ORIGINS"), ",") {
		if o = strings.TrimSpace(o); o != "" {
			origins = append(origins, o)
		}
	}

	issued := now().UTC().Truncate(time.Second)
	at := tokens.WithNow(func() time.Time { return issued })
	upload, err := tokens.SignUpload(key, space, uploadTTL, at)
	if err != nil {
		return fmt.Errorf("mint upload token: %w", err)
	}
	playback, err := tokens.SignPlayback(key, embed, playbackTTL, origins, at)
	if err != nil {
		return fmt.Errorf("mint playback token: %w", err)
	}

	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(mintedTokens{
		UploadToken:       upload,
		UploadExpiresAt:   issued.Add(uploadTTL),
		PlaybackToken:     playback,
		PlaybackExpiresAt: issued.Add(playbackTTL),
	})
}
