package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Header names of the Standard Webhooks specification.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// signatureVersion prefixes every symmetric (HMAC-SHA256) signature.
const signatureVersion = "v1"

// Sign returns "v1,<base64 HMAC-SHA256 of {msgID}.{unix ts}.{body}>" for one
// secret.
func Sign(secret, msgID string, ts time.Time, body []byte) (string, error) {
	key, err := ParseSecret(secret)
	if err != nil {
		return "", err
	}
	if err := checkMessageID(msgID); err != nil {
		return "", err
	}
	return signatureVersion + "," + base64.StdEncoding.EncodeToString(mac(key, msgID, ts.Unix(), body)), nil
}

// SignAll signs with every secret and joins the signatures with spaces.
// During a secret rotation the sender signs with both the old and the new
// secret, so receivers can switch at their own pace.
func SignAll(secrets []string, msgID string, ts time.Time, body []byte) (string, error) {
	if len(secrets) == 0 {
		return "", &Error{Code: CodeInvalidSecret, Reason: "no secrets"}
	}
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		sig, err := Sign(s, msgID, ts, body)
		if err != nil {
			return "", err
		}
		sigs = append(sigs, sig)
	}
	return strings.Join(sigs, " "), nil
}

// Headers returns the three headers of a delivery, signed with every secret.
func Headers(secrets []string, msgID string, ts time.Time, body []byte) (http.Header, error) {
	sig, err := SignAll(secrets, msgID, ts, body)
	if err != nil {
		return nil, err
	}
	h := make(http.Header, 3)
	h.Set(HeaderID, msgID)
	h.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	h.Set(HeaderSignature, sig)
	return h, nil
}

func mac(key []byte, msgID string, unix int64, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msgID))
	m.Write([]byte{'.'})
	m.Write([]byte(strconv.FormatInt(unix, 10)))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}

// checkMessageID refuses ids that could not travel in a header unchanged.
func checkMessageID(id string) error {
	if id == "" {
		return errors.New("webhooks: empty message id")
	}
	for _, r := range id {
		if r <= ' ' || r == 0x7f {
			return fmt.Errorf("webhooks: message id %q contains whitespace or control characters", id)
		}
	}
	return nil
}
