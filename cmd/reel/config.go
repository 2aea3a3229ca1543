package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/reelvideo/reel/client"
)

// defaultBaseURL is where refserver listens when started with no flags.
const defaultBaseURL = "http://127.0.0.1:8080"

const defaultProfile = "default"

// config is the file $XDG_CONFIG_HOME/reel/config.json.
type config struct {
	Current  string              `json:"current,omitempty"`
	Profiles map[string]*profile `json:"profiles"`
}

// profile binds an API key to the server it was verified against.
type profile struct {
	BaseURL string `json:"base_url"`
	APIKey  string `json:"api_key"`
	Space   string `json:"space,omitempty"`
}

// configDir is $XDG_CONFIG_HOME/reel, or ~/.config/reel.
func (a *app) configDir() (string, error) {
	if x := a.getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "reel"), nil
	}
	home := a.getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("finding the config folder: %w", err)
		}
		home = h
	}
	return filepath.Join(home, ".config", "reel"), nil
}

func (a *app) configPath() (string, error) {
	dir, err := a.configDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "config.json"), nil
}

func (a *app) loadConfig() (*config, error) {
	cfg := &config{Profiles: map[string]*profile{}}
	path, err := a.configPath()
	if err != nil {
		return nil, err
	}
	if err := readJSONFile(path, cfg); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading config: %w", err)
	}
	if cfg.Profiles == nil {
		cfg.Profiles = map[string]*profile{}
	}
	return cfg, nil
}

func (a *app) saveConfig(cfg *config) error {
	path, err := a.configPath()
	if err != nil {
		return err
	}
	if err := writeJSONFile(path, cfg, 0o600); err != nil {
		return fmt.Errorf("writing config: %w", err)
	}
	return nil
}

// profileName is --profile, REEL_PROFILE, the current profile, or "default".
func (a *app) profileName(cfg *config) string {
	switch {
	case a.global.profile != "":
		return a.global.profile
	case a.getenv("REEL_PROFILE") != "":
		return a.getenv("REEL_PROFILE")
	case cfg != nil && cfg.Current != "":
		return cfg.Current
	}
	return defaultProfile
}

// credentials resolves the server URL and key: flags, then environment,
// then the profile. A stored key is only used for the server it was
// verified against, so that --base-url never leaks it elsewhere.
func (a *app) credentials() (baseURL, apiKey string, err error) {
	baseURL, apiKey, err = a.server()
	if err != nil {
		return "", "", err
	}
	if apiKey == "" {
		return "", "", &codedError{code: "unauthorized", detail: "no API key for " + baseURL + ": run reel login, or pass --api-key or REEL_API_KEY"}
	}
	return baseURL, apiKey, nil
}

// server resolves the server URL and the key for it, which is "" when
// there is none: commands that can do without one (an upload with an
// upload token) decide for themselves.
func (a *app) server() (baseURL, apiKey string, err error) {
	cfg, err := a.loadConfig()
	if err != nil {
		return "", "", err
	}
	p := cfg.Profiles[a.profileName(cfg)]
	baseURL = firstNonEmpty(a.global.baseURL, a.getenv("REEL_BASE_URL"))
	if baseURL == "" && p != nil {
		baseURL = p.BaseURL
	}
	if baseURL == "" {
		baseURL = defaultBaseURL
	}
	baseURL, err = normalizeBaseURL(baseURL)
	if err != nil {
		return "", "", err
	}
	apiKey = firstNonEmpty(a.global.apiKey, a.getenv("REEL_API_KEY"))
	if apiKey == "" && p != nil && sameServer(p.BaseURL, baseURL) {
		apiKey = p.APIKey
	}
	return baseURL, apiKey, nil
}

// client returns an API client for the resolved server and key.
func (a *app) client() (*client.Client, error) {
	baseURL, apiKey, err := a.credentials()
	if err != nil {
		return nil, err
	}
	return newCLIClient(baseURL, apiKey), nil
}

// newCLIClient returns a client for baseURL authenticating with credential
// (an API key or an upload token).
func newCLIClient(baseURL, credential string) *client.Client {
	return client.New(baseURL, credential, client.WithUserAgent("reel-cli/1"), client.WithRetryPolicy(cliRetryPolicy()))
}

// cliRetryPolicy keeps a person at a terminal from waiting long on a server
// that is down: about two seconds of retries.
func cliRetryPolicy() client.RetryPolicy {
	return client.RetryPolicy{MaxAttempts: 4, InitialDelay: 300 * time.Millisecond, MaxDelay: 10 * time.Second}
}

func normalizeBaseURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", usageErrorf("--base-url %q is not an http(s) URL", raw)
	}
	u.Path = strings.TrimSuffix(strings.TrimRight(u.Path, "/"), "/v1")
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

func sameServer(a, b string) bool {
	na, err1 := normalizeBaseURL(a)
	nb, err2 := normalizeBaseURL(b)
	return err1 == nil && err2 == nil && strings.EqualFold(na, nb)
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}

func readJSONFile(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// writeJSONFile replaces path atomically (write to a temporary file in the
// same folder, then rename), so a crash never leaves half a file.
func writeJSONFile(path string, v any, perm os.FileMode) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
