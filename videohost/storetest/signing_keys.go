package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

func testSigningKeys(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	at := time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)
	keys := []*videohost.SigningKey{
		{ID: "k000000000000001", Space: "aaaaa", Algorithm: "EdDSA", PublicPEM: "pem-1", CreatedAt: at},
		{ID: "k000000000000002", Space: "aaaaa", Algorithm: "ES256", PublicPEM: "pem-2", CreatedAt: at.Add(time.Second)},
		{ID: "k000000000000003", Space: "bbbbb", Algorithm: "EdDSA", PublicPEM: "pem-3", CreatedAt: at.Add(2 * time.Second)},
	}
	for _, k := range keys {
		if err := db.CreateSigningKey(ctx, k); err != nil {
			t.Fatalf("CreateSigningKey: %v", err)
		}
	}
	if err := db.CreateSigningKey(ctx, keys[0]); videohost.ErrorCode(err) != videohost.EConflict {
		t.Fatalf("duplicate id: %v", err)
	}
	if err := db.CreateSigningKey(ctx, &videohost.SigningKey{ID: "k000000000000009", Space: "nopee", CreatedAt: at}); err == nil {
		t.Fatal("a key of a missing space was stored")
	}

	got, err := db.SigningKey(ctx, "k000000000000002")
	if err != nil || got.Space != "aaaaa" || got.Algorithm != "ES256" || got.PublicPEM != "pem-2" || !got.CreatedAt.Equal(at.Add(time.Second)) {
		t.Fatalf("SigningKey: %+v, %v", got, err)
	}
	if _, err := db.SigningKey(ctx, "k00000000000000x"); !videohost.IsNotFound(err) {
		t.Fatalf("missing key: %v", err)
	}

	for _, tt := range []struct {
		space string
		want  []string
	}{
		{"aaaaa", []string{"k000000000000001", "k000000000000002"}},
		{"bbbbb", []string{"k000000000000003"}},
		{"", []string{"k000000000000001", "k000000000000002", "k000000000000003"}},
		{"ccccc", nil},
	} {
		list, err := db.SigningKeys(ctx, tt.space)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, k := range list {
			ids = append(ids, k.ID)
		}
		if len(ids) != len(tt.want) || (len(ids) > 0 && ids[len(ids)-1] != tt.want[len(tt.want)-1]) || (len(ids) > 0 && ids[0] != tt.want[0]) {
			t.Errorf("SigningKeys(%q) = %v, want %v", tt.space, ids, tt.want)
		}
	}

	if err := db.DeleteSigningKey(ctx, "bbbbb", "k000000000000001"); !videohost.IsNotFound(err) {
		t.Fatalf("deleting another space's key: %v", err)
	}
	if err := db.DeleteSigningKey(ctx, "aaaaa", "k000000000000001"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SigningKey(ctx, "k000000000000001"); !videohost.IsNotFound(err) {
		t.Fatalf("deleted key still found: %v", err)
	}
}
