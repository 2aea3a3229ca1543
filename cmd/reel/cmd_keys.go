package main

import (
	"context"

	"github.com/reelvideo/reel/client"
)

// ---- API keys ----

func cmdKeysCreate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("keys create")
	var access, name string
	fs.StringVar(&access, "access", "", "read_write or read_only")
	fs.StringVar(&name, "name", "", "a name to tell the key apart")
	const usage = "reel keys create --access read_write|read_only [--name NAME]"
	if _, err := a.parseArgs(fs, args, usage, 0, 0); err != nil {
		return err
	}
	switch access {
	case "read_write", "read_only":
	case "":
		return usageErrorf("--access is required (usage: %s)", usage)
	default:
		return usageErrorf("--access must be read_write or read_only, not %q", access)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	k, err := c.CreateKey(ctx, access, name)
	if err != nil {
		return err
	}
	// Always JSON, whatever --format says: the secret is shown this once and
	// must reach the caller whole.
	return a.print(k, nil)
}

func keysTable(keys []*client.Key) func() table {
	return func() table {
		t := table{headers: []string{"ID", "ACCESS", "NAME", "CREATED", "LAST USED"}}
		for _, k := range keys {
			lastUsed := "-"
			if k.LastUsedAt != nil {
				lastUsed = humanTime(*k.LastUsedAt)
			}
			t.rows = append(t.rows, row{k.ID, k.Access, orDefault(truncate(k.Name, 40), "-"), humanTime(k.CreatedAt), lastUsed})
		}
		return t
	}
}

func cmdKeysList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("keys list")
	if _, err := a.parseArgs(fs, args, "reel keys list [--format json|table]", 0, 0); err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	keys, err := c.Keys(ctx)
	if err != nil {
		return err
	}
	if keys == nil {
		keys = []*client.Key{}
	}
	return a.print(client.Page[*client.Key]{Data: keys}, keysTable(keys))
}

func cmdKeysDelete(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("keys delete")
	pos, err := a.parseArgs(fs, args, "reel keys delete <key-id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteKey(ctx, pos[0]); err != nil {
		return err
	}
	return a.print(map[string]any{"id": pos[0], "deleted": true}, nil)
}

// ---- token-signing keys ----

func cmdSigningKeysCreate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("signing-keys create")
	var algorithm string
	fs.StringVar(&algorithm, "algorithm", "EdDSA", "EdDSA (Ed25519) or ES256")
	if _, err := a.parseArgs(fs, args, "reel signing-keys create [--algorithm EdDSA|ES256]", 0, 0); err != nil {
		return err
	}
	if algorithm != "EdDSA" && algorithm != "ES256" {
		return usageErrorf("--algorithm must be EdDSA or ES256, not %q", algorithm)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	k, err := c.CreateSigningKey(ctx, algorithm)
	if err != nil {
		return err
	}
	// Always JSON, whatever --format says: the private half (PEM and JWK)
	// is shown this once and must reach the caller whole.
	return a.print(k, nil)
}

func cmdSigningKeysList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("signing-keys list")
	if _, err := a.parseArgs(fs, args, "reel signing-keys list [--format json|table]", 0, 0); err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	keys, err := c.SigningKeys(ctx)
	if err != nil {
		return err
	}
	if keys == nil {
		keys = []*client.SigningKey{}
	}
	return a.print(client.Page[*client.SigningKey]{Data: keys}, func() table {
		t := table{headers: []string{"ID", "ALGORITHM", "CREATED"}}
		for _, k := range keys {
			t.rows = append(t.rows, row{k.ID, k.Algorithm, humanTime(k.CreatedAt)})
		}
		return t
	})
}

func cmdSigningKeysDelete(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("signing-keys delete")
	pos, err := a.parseArgs(fs, args, "reel signing-keys delete <signing-key-id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteSigningKey(ctx, pos[0]); err != nil {
		return err
	}
	return a.print(map[string]any{"id": pos[0], "deleted": true}, nil)
}
