package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/reelvideo/reel/client"
	"golang.org/x/term"
)

func cmdLogin(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("login")
	const usage = "reel login [--api-key KEY] [--base-url URL] [--profile NAME]"
	if _, err := a.parseArgs(fs, args, usage, 0, 0); err != nil {
		return err
	}
	cfg, err := a.loadConfig()
	if err != nil {
		return err
	}
	name := a.profileName(cfg)
	baseURL := firstNonEmpty(a.global.baseURL, a.getenv("REEL_BASE_URL"))
	if baseURL == "" && cfg.Profiles[name] != nil {
		baseURL = cfg.Profiles[name].BaseURL
	}
	baseURL, err = normalizeBaseURL(firstNonEmpty(baseURL, defaultBaseURL))
	if err != nil {
		return err
	}
	key := firstNonEmpty(a.global.apiKey, a.getenv("REEL_API_KEY"))
	if key == "" {
		if key, err = a.readKey(); err != nil {
			return err
		}
	}
	if key == "" {
		return usageErrorf("an API key is required: --api-key, REEL_API_KEY or on stdin")
	}
	space, err := client.New(baseURL, key, client.WithUserAgent("reel-cli/1"), client.WithRetryPolicy(cliRetryPolicy())).Space(ctx)
	if err != nil {
		return fmt.Errorf("verifying the key: %w", err)
	}
	cfg.Profiles[name] = &profile{BaseURL: baseURL, APIKey: key, Space: space.ID}
	cfg.Current = name
	if err := a.saveConfig(cfg); err != nil {
		return err
	}
	path, _ := a.configPath()
	return a.print(map[string]any{"profile": name, "base_url": baseURL, "config": path, "space": space}, nil)
}

// readKey reads the key from stdin: with a prompt and no echo on a
// terminal, or the first line of a pipe.
func (a *app) readKey() (string, error) {
	if f, ok := a.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(a.stderr, "API key: ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(a.stderr)
		if err != nil {
			return "", fmt.Errorf("reading the key: %w", err)
		}
		return strings.TrimSpace(string(b)), nil
	}
	line, err := bufio.NewReader(a.stdin).ReadString('\n')
	if err != nil && line == "" {
		return "", nil
	}
	return strings.TrimSpace(line), nil
}

func cmdLogout(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("logout")
	if _, err := a.parseArgs(fs, args, "reel logout [--profile NAME]", 0, 0); err != nil {
		return err
	}
	cfg, err := a.loadConfig()
	if err != nil {
		return err
	}
	name := a.profileName(cfg)
	_, existed := cfg.Profiles[name]
	delete(cfg.Profiles, name)
	if cfg.Current == name {
		cfg.Current = ""
	}
	if err := a.saveConfig(cfg); err != nil {
		return err
	}
	return a.print(map[string]any{"profile": name, "logged_out": existed}, nil)
}
