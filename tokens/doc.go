// Package tokens mints and verifies Reel's upload and playback tokens.
//
// A token is a compact JWS (a JWT) whose "kid" header names the key that
// signed it. Three algorithms exist, and the key decides which one applies:
//
//   - HS256, keyed by an API key: the HMAC secret is the API key string
//     itself, and the kid is the API key's id. Any JWT library can mint these
//     on an integrator's server. The API key must be at least 32 bytes long.
//   - EdDSA (Ed25519) and ES256 (ECDSA P-256), keyed by a signing key created
//     through the API. The server publishes the public halves as a JWKS.
//
// Every other algorithm, "none" included, is refused before a key is looked up.
//
// Upload tokens (aud "upload") let a browser upload into a space or collection
// or replace a video's source; they live at most 24 h and only read-write keys
// may sign them. Playback tokens (aud "playback") unlock videos whose playback
// policy is "signed"; they live at most 7 days and may restrict the pages that
// embed them with an "origins" claim.
//
// Minting, on the integrator's server:
//
//	key := tokens.HMACKey{ID: os.Getenv("REEL_KEY_ID"), Secret: os.Getenv("REEL_API_KEY")}
//	upload, err := tokens.SignUpload(key, spaceID, 15*time.Minute)
//	playback, err := tokens.SignPlayback(key, embedID, time.Hour, []string{"https://shop.example"})
//
// Verifying, on the Reel server:
//
//	v := &tokens.Verifier{Keys: tokens.KeyResolverFunc(func(ctx context.Context, kid string) (tokens.VerificationKey, error) {
//		k, err := store.Key(ctx, kid)
//		if errors.Is(err, store.ErrNotFound) {
//			return tokens.VerificationKey{}, tokens.ErrKeyNotFound
//		}
//		...
//		return tokens.VerificationKey{Secret: []byte(k.Secret), CanSignUpload: k.ReadWrite}, nil
//	})}
//	claims, err := v.Verify(ctx, raw, tokens.AudiencePlayback)
//	switch {
//	case errors.Is(err, tokens.ErrTokenExpired): // 401 token_expired
//	case errors.Is(err, tokens.ErrTokenInvalid): // 401 token_invalid
//	case err != nil: // 500: the key store failed
//	}
//	err = tokens.CheckOrigin(claims, r.Header.Get("Origin"), r.Header.Get("Referer"))
//
// Signing keys:
//
//	sk, err := tokens.GenerateSigningKey(id, tokens.EdDSA)
//	private, err := sk.PrivateJWK()          // shown once to the user
//	public, err := sk.Public().PEM()         // stored by the server
//	jwks, err := tokens.JWKS([]tokens.PublicKey{sk.Public()})
package tokens
