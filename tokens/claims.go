package tokens

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"
)

// Audience says what a token may be used for. It travels as the "aud" claim.
type Audience string

const (
	// AudienceUpload tokens let a browser upload a new video (sub = a space
	// or collection id) or replace a video's source (sub = a video id).
	AudienceUpload Audience = "upload"
	// AudiencePlayback tokens unlock a video whose playback policy is
	// "signed" (sub = an embed id, a collection id or a space id).
	AudiencePlayback Audience = "playback"
)

func (a Audience) valid() bool { return a == AudienceUpload || a == AudiencePlayback }

// Claims are the claims Reel reads from and writes into a token.
//
// Times are whole seconds (JWT NumericDate); a zero time means the claim is
// absent.
type Claims struct {
	Issuer    string    // "iss", optional and informational
	Subject   string    // "sub": what the token is for (space, collection, video or embed id)
	Audience  Audience  // "aud"
	IssuedAt  time.Time // "iat", optional but recommended: bounds the lifetime check
	Expiry    time.Time // "exp", required
	NotBefore time.Time // "nbf", optional
	Origins   []string  // "origins", playback only: page origins allowed to use the token
	KeyID     string    // the "kid" header; set by Verify, ignored by Sign (the key decides)
}

// wireClaims is the JSON form. Numeric dates are json.Number so that tokens
// minted by other JWT libraries with fractional seconds still parse.
type wireClaims struct {
	Issuer    string          `json:"iss,omitempty"`
	Subject   string          `json:"sub"`
	Audience  json.RawMessage `json:"aud"`
	Expiry    json.Number     `json:"exp,omitempty"`
	IssuedAt  json.Number     `json:"iat,omitempty"`
	NotBefore json.Number     `json:"nbf,omitempty"`
	Origins   []string        `json:"origins,omitempty"`
}

func (c Claims) marshal() ([]byte, error) {
	aud, err := json.Marshal(string(c.Audience))
	if err != nil {
		return nil, err
	}
	w := wireClaims{
		Issuer:    c.Issuer,
		Subject:   c.Subject,
		Audience:  aud,
		Expiry:    numericDate(c.Expiry),
		IssuedAt:  numericDate(c.IssuedAt),
		NotBefore: numericDate(c.NotBefore),
		Origins:   c.Origins,
	}
	return json.Marshal(w)
}

func numericDate(t time.Time) json.Number {
	if t.IsZero() {
		return ""
	}
	return json.Number(fmt.Sprint(t.Unix()))
}

// latestNumericDate bounds accepted dates to year 9999 so that arithmetic
// on them can never overflow time.Duration in surprising ways.
const latestNumericDate = 253402300799

func parseNumericDate(n json.Number) (time.Time, error) {
	if n == "" {
		return time.Time{}, nil
	}
	f, err := n.Float64()
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f > latestNumericDate {
		return time.Time{}, errors.New("not a valid numeric date")
	}
	return time.Unix(int64(f), 0).UTC(), nil
}

// parseAudience accepts "aud" as a string or as a one-element array (RFC 7519
// allows both and other JWT libraries emit either). A token naming several
// audiences is refused: it would be usable for both scopes at once.
func parseAudience(raw json.RawMessage) (Audience, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", errors.New("missing aud")
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return Audience(one), nil
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err != nil {
		return "", errors.New("aud is neither a string nor a list of strings")
	}
	if len(many) != 1 {
		return "", errors.New("aud must name exactly one audience")
	}
	return Audience(many[0]), nil
}

func parseClaims(payload []byte) (Claims, error) {
	var w wireClaims
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	if err := dec.Decode(&w); err != nil {
		return Claims{}, invalid("claims are not a JSON object", err)
	}
	aud, err := parseAudience(w.Audience)
	if err != nil {
		return Claims{}, invalid(err.Error(), nil)
	}
	c := Claims{Issuer: w.Issuer, Subject: w.Subject, Audience: aud, Origins: w.Origins}
	for _, d := range []struct {
		name string
		raw  json.Number
		into *time.Time
	}{
		{"exp", w.Expiry, &c.Expiry},
		{"iat", w.IssuedAt, &c.IssuedAt},
		{"nbf", w.NotBefore, &c.NotBefore},
	} {
		if *d.into, err = parseNumericDate(d.raw); err != nil {
			return Claims{}, invalid(d.name+" is not a valid numeric date", nil)
		}
	}
	return c, nil
}
