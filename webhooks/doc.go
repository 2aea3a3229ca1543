// Package webhooks holds Reel's webhook format: the event envelope, the
// Standard Webhooks (standardwebhooks.com) signer and verifier, and the
// delivery retry policy. It imports only the standard library, so a receiver
// can verify Reel's events without pulling in the server.
//
// Every delivery carries three headers:
//
//	webhook-id:        msg_...            (the same across retries: deduplicate on it)
//	webhook-timestamp: 1767225600         (unix seconds of this attempt)
//	webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">
//
// The HMAC key is the base64-decoded part of the endpoint's secret
// ("whsec_..."). During a secret rotation the signature header holds one
// signature per secret, separated by spaces. Any Standard Webhooks library
// verifies these deliveries.
//
// Receiving, in an http.Handler:
//
//	v := &webhooks.Verifier{Secrets: []string{os.Getenv("REEL_WEBHOOK_SECRET")}}
//	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
//	event, err := v.VerifyEvent(r.Header, body)
//	if errors.Is(err, webhooks.ErrInvalidSignature) { ... 401 ... }
//	switch event.Type {
//	case webhooks.KindVideoReady: ...
//	}
//
// Sending (the server's worker):
//
//	body, err := json.Marshal(webhooks.Event{Type: webhooks.KindVideoReady, Timestamp: at, Data: video})
//	header, err := webhooks.Headers(endpoint.Secrets, deliveryID, time.Now(), body)
//	...
//	if delay, ok := webhooks.NextAttempt(attempts, nil); ok { retry after delay } else { mark failed }
package webhooks
