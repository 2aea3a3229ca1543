package webhooks

import (
	"crypto/hmac"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultTolerance is how far a message's timestamp may be from now, either
// way, before it is refused as a replay or a forgery.
const DefaultTolerance = 5 * time.Minute

// Verifier checks incoming deliveries. Zero values are the defaults, so a
// Verifier needs only Secrets.
type Verifier struct {
	// Secrets are the endpoint's signing secrets (whsec_...). A message is
	// accepted when any of its signatures matches any secret, which lets the
	// receiver hold the old and the new secret during a rotation.
	Secrets []string
	// Tolerance bounds |now - webhook-timestamp|. Zero means DefaultTolerance.
	Tolerance time.Duration
	// Now is the clock. Nil means time.Now.
	Now func() time.Time
}

// Verify checks the headers and the raw body of a delivery. Pass the body
// exactly as received: re-encoded JSON does not verify.
func (v *Verifier) Verify(header http.Header, body []byte) error {
	keys := make([][]byte, 0, len(v.Secrets))
	for _, s := range v.Secrets {
		key, err := ParseSecret(s)
		if err != nil {
			return err
		}
		keys = append(keys, key)
	}
	if len(keys) == 0 {
		return &Error{Code: CodeInvalidSecret, Reason: "verifier has no secrets"}
	}

	msgID, tsHeader, sigHeader := header.Get(HeaderID), header.Get(HeaderTimestamp), header.Get(HeaderSignature)
	if msgID == "" || tsHeader == "" || sigHeader == "" {
		return &Error{Code: CodeMissingHeaders, Reason: "need webhook-id, webhook-timestamp and webhook-signature"}
	}
	unix, err := parseUnixSeconds(tsHeader)
	if err != nil {
		return &Error{Code: CodeMalformedHeaders, Reason: "webhook-timestamp is not unix seconds", Err: err}
	}
	if err := v.checkTimestamp(unix); err != nil {
		return err
	}

	expected := make([][]byte, len(keys))
	for i, key := range keys {
		expected[i] = mac(key, msgID, unix, body)
	}
	// Signatures of other versions (v1a: asymmetric; future ones) are
	// skipped, not refused: a sender may offer several kinds at once.
	for _, versioned := range strings.Fields(sigHeader) {
		version, encoded, ok := strings.Cut(versioned, ",")
		if !ok || version != signatureVersion {
			continue
		}
		presented, err := base64.StdEncoding.DecodeString(encoded)
		if err != nil {
			continue
		}
		for _, want := range expected {
			if hmac.Equal(presented, want) {
				return nil
			}
		}
	}
	return &Error{Code: CodeInvalidSignature, Reason: "no v1 signature matches"}
}

// VerifyEvent verifies a delivery and decodes its envelope.
func (v *Verifier) VerifyEvent(header http.Header, body []byte) (Event, error) {
	if err := v.Verify(header, body); err != nil {
		return Event{}, err
	}
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return Event{}, fmt.Errorf("decode event: %w", err)
	}
	return e, nil
}

func (v *Verifier) checkTimestamp(unix int64) error {
	tolerance := v.Tolerance
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	// Compare in whole seconds, the header's resolution, so that the
	// boundary is exact and free of overflow for absurd timestamps.
	nowUnix := now().Unix()
	limit := int64(tolerance / time.Second)
	switch {
	case unix < nowUnix-limit:
		return &Error{Code: CodeTimestampTooOld, Reason: fmt.Sprintf("message is %ds old, tolerance %s", nowUnix-unix, tolerance)}
	case unix > nowUnix+limit:
		return &Error{Code: CodeTimestampTooNew, Reason: fmt.Sprintf("message is %ds in the future, tolerance %s", unix-nowUnix, tolerance)}
	}
	return nil
}

// parseUnixSeconds accepts only ASCII digits: no sign, no spaces, no
// fractions, so that one timestamp has exactly one spelling.
func parseUnixSeconds(s string) (int64, error) {
	if len(s) == 0 || len(s) > 12 {
		return 0, fmt.Errorf("%q is not 1 to 12 digits", s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%q is not a number of seconds", s)
		}
	}
	return strconv.ParseInt(s, 10, 64)
}
