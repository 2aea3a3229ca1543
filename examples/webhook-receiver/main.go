// Command webhook-receiver is the smallest useful receiver of Reel's webhooks:
// it verifies each delivery and prints the event.
//
//	REEL_WEBHOOK_SECRET=whsec_... go run ./examples/webhook-receiver
//
// Environment:
//
//	REEL_WEBHOOK_SECRET  the endpoint's secret; during a rotation, the old and the
//	                     new secret separated by a space                  required
//	REEL_LISTEN_ADDR     where to listen                                  default :8080
//
// It answers 204 to a verified delivery, 401 to one that does not verify (Reel
// records the failure and retries), 400 to a body that is not an event. A real
// receiver also remembers recent webhook-id values: delivery is at least once,
// and a retry of an already handled message carries the same id.
package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/reelvideo/reel/webhooks"
)

// maxBody bounds what a delivery may send; Reel's events are a few KiB.
const maxBody = 1 << 20

func main() {
	secrets := strings.Fields(os.Getenv("REEL_WEBHOOK_SECRET"))
	if len(secrets) == 0 {
		fmt.Fprintln(os.Stderr, "webhook-receiver: set REEL_WEBHOOK_SECRET")
		os.Exit(1)
	}
	addr := os.Getenv("REEL_LISTEN_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	server := &http.Server{
		Addr:              addr,
		Handler:           newHandler(&webhooks.Verifier{Secrets: secrets}, os.Stdout),
		ReadHeaderTimeout: 5 * time.Second,
	}
	log.Printf("listening on %s", addr)
	log.Fatal(server.ListenAndServe())
}

// newHandler verifies deliveries with v and prints one line per event to out.
func newHandler(v *webhooks.Verifier, out io.Writer) http.Handler {
	printer := log.New(out, "", 0) // log.Logger serialises concurrent writes
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		// Verify the body exactly as received: decoding first and
		// re-encoding would change the bytes the signature covers.
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			http.Error(w, "body too large or unreadable", http.StatusRequestEntityTooLarge)
			return
		}
		event, err := v.VerifyEvent(r.Header, body)
		var hookErr *webhooks.Error
		switch {
		case errors.As(err, &hookErr):
			http.Error(w, hookErr.Code, http.StatusUnauthorized)
			return
		case err != nil:
			http.Error(w, "not a webhook event", http.StatusBadRequest)
			return
		}
		printer.Printf("%s %s %s %s", r.Header.Get(webhooks.HeaderID), event.Type,
			event.Timestamp.Format(time.RFC3339), event.Data)
		w.WriteHeader(http.StatusNoContent)
	})
}
