package sqlite

import (
	"context"
	"fmt"
)

// SecretFingerprint stores fp as the installation's secret fingerprint
// when none is stored yet, and returns the one stored
// (videohost.SecretFingerprinter).
func (db *DB) SecretFingerprint(ctx context.Context, fp string) (string, error) {
	if _, err := db.write.ExecContext(ctx, `INSERT INTO secret_fingerprint (id, fingerprint) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`, fp); err != nil {
		return "", fmt.Errorf("recording the secret's fingerprint: %w", err)
	}
	var stored string
	if err := db.write.QueryRowContext(ctx, `SELECT fingerprint FROM secret_fingerprint WHERE id = 1`).Scan(&stored); err != nil {
		return "", fmt.Errorf("reading the secret's fingerprint: %w", err)
	}
	return stored, nil
}
