package webhooks_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/webhooks"
)

// fuzzSecret is a fixed whsec_ secret (24 bytes of key).
const fuzzSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

var fuzzNow = time.Unix(1_767_225_600, 0)

// FuzzVerify feeds arbitrary headers and bodies to Verify. It must never
// panic, every refusal is a *webhooks.Error with a known code, and whatever
// it accepts carries a v1 signature that an independent HMAC over
// "id.timestamp.body" confirms, with a timestamp within the tolerance.
func FuzzVerify(f *testing.F) {
	body := []byte(`{"type":"video.ready","data":{"id":"abcdefghijkl"}}`)
	sig, err := webhooks.Sign(fuzzSecret, "msg_1", fuzzNow, body)
	if err != nil {
		f.Fatal(err)
	}
	ts := strconv.FormatInt(fuzzNow.Unix(), 10)
	f.Add("msg_1", ts, sig, body)
	f.Add("msg_1", ts, "v1a,abc "+sig, body)
	f.Add("msg_1", ts, sig, append(body, ' '))
	f.Add("msg_1", "1767225600.5", sig, body)
	f.Add("", ts, sig, body)
	f.Add("msg_1", "99999999999999999999", "v1,", []byte{})

	known := map[string]bool{
		webhooks.CodeMissingHeaders: true, webhooks.CodeMalformedHeaders: true, webhooks.CodeInvalidSignature: true,
		webhooks.CodeTimestampTooOld: true, webhooks.CodeTimestampTooNew: true,
	}
	v := &webhooks.Verifier{Secrets: []string{fuzzSecret}, Now: func() time.Time { return fuzzNow }}
	f.Fuzz(func(t *testing.T, id, ts, sig string, body []byte) {
		h := http.Header{}
		h.Set(webhooks.HeaderID, id)
		h.Set(webhooks.HeaderTimestamp, ts)
		h.Set(webhooks.HeaderSignature, sig)
		err := v.Verify(h, body)
		if err != nil {
			var we *webhooks.Error
			if !errors.As(err, &we) || !known[we.Code] {
				t.Fatalf("Verify = %v, not a *webhooks.Error with a known code", err)
			}
			return
		}
		unix, perr := strconv.ParseInt(h.Get(webhooks.HeaderTimestamp), 10, 64)
		if perr != nil {
			t.Fatalf("accepted timestamp %q", ts)
		}
		if d := fuzzNow.Sub(time.Unix(unix, 0)); d > webhooks.DefaultTolerance || d < -webhooks.DefaultTolerance {
			t.Fatalf("accepted timestamp %d, %s off", unix, d)
		}
		key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(fuzzSecret, webhooks.SecretPrefix))
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(h.Get(webhooks.HeaderID) + "." + strconv.FormatInt(unix, 10) + "."))
		mac.Write(body)
		want := mac.Sum(nil)
		for _, s := range strings.Fields(h.Get(webhooks.HeaderSignature)) {
			if enc, ok := strings.CutPrefix(s, "v1,"); ok {
				if got, err := base64.StdEncoding.DecodeString(enc); err == nil && hmac.Equal(got, want) {
					return
				}
			}
		}
		t.Fatalf("accepted a delivery no v1 signature covers: id %q ts %q sig %q", id, ts, sig)
	})
}
