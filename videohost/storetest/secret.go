package storetest

import (
	"context"
	"testing"
)

// The first fingerprint stored is the installation's: a later one is
// answered with it, and nothing replaces it.
func testSecretFingerprint(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	for _, tc := range []struct{ offer, want string }{
		{"first", "first"},
		{"second", "first"},
		{"first", "first"},
	} {
		got, err := db.SecretFingerprint(ctx, tc.offer)
		if err != nil || got != tc.want {
			t.Fatalf("SecretFingerprint(%q) = %q, %v; want %q", tc.offer, got, err, tc.want)
		}
	}
}
