package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is the server configuration; every field has a flag and a REEL_*
// environment twin, and the zero configuration works.
type Config struct {
	Addr          string // --addr, REEL_ADDR (127.0.0.1:8080)
	Data          string // --data, REEL_DATA (./data)
	BaseURL       string // --base-url, REEL_BASE_URL (http://{addr})
	SpaceURL      string // --space-url, REEL_SPACE_URL ({base-url}/media/{space})
	ImageURL      string // --image-url, REEL_IMAGE_URL ({base-url}/images)
	CDNURL        string // --cdn-url, REEL_CDN_URL ({base-url}/cdn)
	Database      string // --database, REEL_DATABASE (sqlite://{data}/reel.db)
	Blobs         string // --blobs, REEL_BLOBS (file://{data}/blobs)
	Workers       int    // --workers, REEL_WORKERS (1)
	AllowNetworks string // --allow-networks, REEL_ALLOW_NETWORKS (none)
	LogLevel      string // --log-level, REEL_LOG_LEVEL (info)
	MediaProcess  string // --media-process, REEL_MEDIA_PROCESS (child)
	ShutdownGrace time.Duration
}

var errUsage = errors.New("usage")

// parseFlags fills c from args, with REEL_* variables as defaults.
func (c *Config) parseFlags(name string, args []string, stderr io.Writer, getenv func(string) string) ([]string, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	env := func(flagName, def string) string {
		if v := getenv("REEL_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))); v != "" {
			return v
		}
		return def
	}
	str := func(p *string, flagName, def, usage string) {
		fs.StringVar(p, flagName, env(flagName, def), usage+" (env REEL_"+strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))+")")
	}
	str(&c.Addr, "addr", "127.0.0.1:8080", "listen address")
	str(&c.Data, "data", "./data", "data folder: database, blobs, uploads, caches")
	str(&c.BaseURL, "base-url", "", "public URL of the server (default http://{addr})")
	str(&c.SpaceURL, "space-url", "", "asset root; may hold {space} (default {base-url}/media/{space})")
	str(&c.ImageURL, "image-url", "", "frame image root (default {base-url}/images)")
	str(&c.CDNURL, "cdn-url", "", "components root (default {base-url}/cdn)")
	str(&c.Database, "database", "", "sqlite://PATH (default sqlite://{data}/reel.db)")
	str(&c.Blobs, "blobs", "", "file://PATH (default file://{data}/blobs)")
	str(&c.AllowNetworks, "allow-networks", "", "comma-separated CIDRs that fetches and webhooks may reach despite the SSRF guard")
	str(&c.LogLevel, "log-level", "info", "debug, info, warn or error")
	str(&c.MediaProcess, "media-process", "child", "where transcodes run: child (a child process per job, so a crash in FFmpeg ends one job) or inline (in this process)")
	workers, err := strconv.Atoi(env("workers", "1"))
	if err != nil {
		return nil, fmt.Errorf("REEL_WORKERS: %w", err)
	}
	fs.IntVar(&c.Workers, "workers", workers, "jobs run at once by the in-process worker (env REEL_WORKERS)")
	fs.DurationVar(&c.ShutdownGrace, "shutdown-grace", 20*time.Second, "time given to in-flight requests on SIGTERM")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, errUsage
		}
		return nil, errUsage
	}
	return fs.Args(), c.resolve()
}

func (c *Config) resolve() error {
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("--base-url %q is not an http(s) URL", c.BaseURL)
	}
	if c.Database == "" {
		c.Database = "sqlite://" + filepath.Join(c.Data, "reel.db")
	}
	if c.Blobs == "" {
		c.Blobs = "file://" + filepath.Join(c.Data, "blobs")
	}
	if c.Workers < 0 {
		return fmt.Errorf("--workers must be 0 or more")
	}
	if c.MediaProcess != "child" && c.MediaProcess != "inline" {
		return fmt.Errorf("--media-process %q: want child or inline", c.MediaProcess)
	}
	return nil
}

// databasePath returns the SQLite path of --database.
func (c *Config) databasePath() (string, error) {
	if p, ok := strings.CutPrefix(c.Database, "sqlite://"); ok && p != "" {
		return p, nil
	}
	if strings.HasPrefix(c.Database, "postgres://") || strings.HasPrefix(c.Database, "postgresql://") {
		return "", errors.New("--database postgres:// is not available in this build yet; use sqlite://PATH")
	}
	return "", fmt.Errorf("--database %q: want sqlite://PATH", c.Database)
}

// blobsPath returns the folder of --blobs.
func (c *Config) blobsPath() (string, error) {
	if p, ok := strings.CutPrefix(c.Blobs, "file://"); ok && p != "" {
		return p, nil
	}
	if strings.HasPrefix(c.Blobs, "s3://") {
		return "", errors.New("--blobs s3:// is not available in this build yet; use file://PATH")
	}
	return "", fmt.Errorf("--blobs %q: want file://PATH", c.Blobs)
}

func (c *Config) allowNetworks() []string {
	var out []string
	for _, s := range strings.Split(c.AllowNetworks, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func osGetenv(k string) string { return os.Getenv(k) }
