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

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob/s3"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/httpfast"
	"github.com/reelvideo/reel/videohost/worker"
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
	Database      string // --database, REEL_DATABASE (sqlite://{data}/reel.db, or postgres://…)
	Blobs         string // --blobs, REEL_BLOBS (file://{data}/blobs, or s3://BUCKET[/PREFIX]?endpoint=&region=&path_style=)
	Workers       int    // --workers, REEL_WORKERS (1)
	AllowNetworks string // --allow-networks, REEL_ALLOW_NETWORKS (none)
	LogLevel      string // --log-level, REEL_LOG_LEVEL (info)
	MediaProcess  string // --media-process, REEL_MEDIA_PROCESS (child)
	// RTMPAddr and SRTAddr are where live publishers connect (RTMP over
	// TCP, SRT over UDP): --rtmp-addr, REEL_RTMP_ADDR and --srt-addr,
	// REEL_SRT_ADDR; each ingest is off when empty. The api and all roles
	// listen on them.
	RTMPAddr string
	SRTAddr  string
	// AdvertiseURL is how the other api processes reach this one's HTTP
	// (http://10.0.0.5:8080): --advertise-url, REEL_ADVERTISE_URL. A live
	// session on this process records it, and the others pass the
	// session's low-latency HLS requests on to it; empty: not recorded.
	AdvertiseURL string
	// LiveLadder encodes the lower rungs of an H.264 live stream live
	// (videohost/transcode/liveladder): --live-ladder, REEL_LIVE_LADDER; off by
	// default, each stream then costs a decode and an encode per rung.
	LiveLadder    bool
	ShutdownGrace time.Duration
	// FrameCacheSize caps the frame cache in bytes: --frame-cache-size,
	// REEL_FRAME_CACHE_SIZE, with a unit (512MiB, 2GiB); 0 is 1 GiB.
	FrameCacheSize ByteSize
	// MetricsListen is the admin listener for /metrics (and the health
	// probes): --metrics-listen, REEL_METRICS_LISTEN; off when empty.
	MetricsListen string
	// RenditionCacheSize bounds the local copies of renditions frames are cut
	// from when blobs are not on local disk: --rendition-cache-size,
	// REEL_RENDITION_CACHE_SIZE (2GiB).
	RenditionCacheSize ByteSize
	// MediaCacheSize bounds the local copies of published media files
	// (segments, pictures) an api process serves when blobs are not on
	// local disk: --media-cache-size, REEL_MEDIA_CACHE_SIZE (1GiB; 0: none,
	// every request is a GET to the store).
	MediaCacheSize ByteSize
	// MediaRedirect answers authorized requests for segments and pictures
	// with a redirect to a presigned URL of the bucket valid this long:
	// --media-redirect, REEL_MEDIA_REDIRECT (0: off; s3:// blobs only).
	MediaRedirect time.Duration
	// ReplacedVersionGrace keeps the asset version a publish replaces with
	// the same media (the ladder replacing the early playable set, a
	// revision) this long, so that players holding its URLs play on:
	// --replaced-version-grace, REEL_REPLACED_VERSION_GRACE (10m; 0: removed
	// at once).
	ReplacedVersionGrace time.Duration
	// NetHTTPOnly serves every request with net/http alone. By default a
	// player's plain GETs and HEADs of /media/ on a keep-alive connection
	// are served by httpfast's leaner loop (the same handler, less work per
	// request; everything else goes to net/http): --net-http-only,
	// REEL_NET_HTTP_ONLY (false).
	NetHTTPOnly bool
	// WriteIdleTimeout closes a connection whose response makes no
	// progress this long (a download the client never reads), on the lean
	// loop and net/http alike: --write-idle-timeout,
	// REEL_WRITE_IDLE_TIMEOUT (1m; 0: none).
	WriteIdleTimeout time.Duration
	// MaxOpenUploads bounds the unfinished uploads of one space:
	// --max-open-uploads, REEL_MAX_OPEN_UPLOADS (0: the default, 100;
	// negative: none).
	MaxOpenUploads int
	// Procs is the GOMAXPROCS of a process that serves the API (roles all
	// and api): --procs, REEL_PROCS (0: httpfast.Procs of the CPUs, four
	// times as many, unless GOMAXPROCS is set in the environment).
	Procs int
	// JobRescueAfter is how long a job on PostgreSQL may run before River
	// hands it to another worker, which runs it only if its process is gone
	// (it holds no lock any more): --job-rescue-after,
	// REEL_JOB_RESCUE_AFTER (1m).
	JobRescueAfter time.Duration
	// ChunkThreshold: a longer source is encoded in chunks any worker may
	// take: --chunk-threshold, REEL_CHUNK_THRESHOLD (2m; negative: never).
	ChunkThreshold time.Duration
	// ChunkLength is the length of one chunk: --chunk-length,
	// REEL_CHUNK_LENGTH (1m, rounded to whole 4 s segments).
	ChunkLength time.Duration
}

// errUsage is a command line that could not be parsed; the usage was
// printed and the process exits 2.
var errUsage = errors.New("usage")

// errHelp is an explicit request for help: the usage went to stdout and
// the process exits 0.
var errHelp = errors.New("help")

// envName is the REEL_* twin of a flag.
func envName(flagName string) string {
	return "REEL_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// flagSet defines every server flag on a new flag set, with the REEL_*
// variables from getenv as defaults. A malformed variable is reported by
// Parse, naming the variable.
func (c *Config) flagSet(name string, getenv func(string) string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	str := func(p *string, flagName, def, usage string) {
		if v := getenv(envName(flagName)); v != "" {
			def = v
		}
		fs.StringVar(p, flagName, def, usage)
	}
	str(&c.Addr, "addr", "127.0.0.1:8080", "listen address")
	str(&c.Data, "data", "./data", "data folder: database, blobs, uploads, caches")
	str(&c.BaseURL, "base-url", "", "public URL of the server (default http://{addr})")
	str(&c.SpaceURL, "space-url", "", "asset root; may hold {space} (default {base-url}/media/{space})")
	str(&c.ImageURL, "image-url", "", "frame image root (default {base-url}/images)")
	str(&c.CDNURL, "cdn-url", "", "components root (default {base-url}/cdn)")
	str(&c.Database, "database", "", "sqlite://PATH or postgres://USER:PASSWORD@HOST:PORT/DB?sslmode=… (default sqlite://{data}/reel.db)")
	str(&c.Blobs, "blobs", "", "file://PATH, or s3://BUCKET[/PREFIX]?endpoint=URL&region=R&path_style=true with credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or the AWS config chain (default file://{data}/blobs)")
	str(&c.AllowNetworks, "allow-networks", "", "comma-separated CIDRs that fetches and webhooks may reach despite the SSRF guard, e.g. 127.0.0.0/8")
	str(&c.LogLevel, "log-level", "info", "debug, info, warn or error")
	str(&c.MetricsListen, "metrics-listen", "", "admin listen address for Prometheus /metrics, /healthz and /readyz, e.g. 127.0.0.1:9090 (off when empty; never expose it publicly)")
	str(&c.RTMPAddr, "rtmp-addr", "", "live ingest over RTMP, e.g. :1935 (off when empty); publishers use rtmp://{host}:{port}/live/{stream key}")
	str(&c.SRTAddr, "srt-addr", "", "live ingest over SRT (UDP), e.g. :9000 (off when empty); publishers use srt://{host}:{port}?streamid=publish:{stream key}")
	str(&c.AdvertiseURL, "advertise-url", "", "with live ingest and several api processes, the URL the others reach this process's HTTP at, e.g. http://10.0.0.5:8080: they pass the low-latency HLS of the sessions it runs on to it (off when empty)")
	str(&c.MediaProcess, "media-process", "child", "where transcodes run: child (a child process per job, so a crash in FFmpeg ends one job) or inline (in this process)")
	// Set before fs.Var so that the usage shows the defaults.
	c.Workers, c.ShutdownGrace, c.RenditionCacheSize, c.JobRescueAfter = 1, 20*time.Second, defaultRenditionCacheSize, time.Minute
	c.MediaCacheSize = defaultMediaCacheSize
	c.WriteIdleTimeout = httpfast.DefaultWriteIdleTimeout
	c.ReplacedVersionGrace = videohost.ReplacedVersionGraceDefault
	c.ChunkThreshold, c.ChunkLength = worker.DefaultChunkThreshold, worker.DefaultChunkLength
	fs.Var(envDefault[int]{p: &c.Workers, parse: strconv.Atoi, env: getenv(envName("workers")), def: 1},
		"workers", "jobs run at once by the in-process worker")
	fs.Var(envDefault[time.Duration]{p: &c.ShutdownGrace, parse: time.ParseDuration, env: getenv(envName("shutdown-grace")), def: 20 * time.Second},
		"shutdown-grace", "time given to in-flight requests and jobs on SIGTERM")
	fs.Var(envDefault[time.Duration]{p: &c.JobRescueAfter, parse: time.ParseDuration, env: getenv(envName("job-rescue-after")), def: time.Minute},
		"job-rescue-after", "with postgres://, how long a job runs before another worker may take it over if its process is gone (River's rescue; checked every 30 s)")
	fs.Var(envDefault[time.Duration]{p: &c.ChunkThreshold, parse: time.ParseDuration, env: getenv(envName("chunk-threshold")), def: worker.DefaultChunkThreshold},
		"chunk-threshold", "a source longer than this is encoded in chunks that every worker of the installation may take (negative: never)")
	fs.Var(envDefault[time.Duration]{p: &c.ChunkLength, parse: time.ParseDuration, env: getenv(envName("chunk-length")), def: worker.DefaultChunkLength},
		"chunk-length", "length of one chunk of a chunked encode, rounded to whole segments")
	fs.Var(envDefault[ByteSize]{p: &c.FrameCacheSize, parse: ParseByteSize, env: getenv(envName("frame-cache-size"))},
		"frame-cache-size", "byte cap of the cache of frames by URL, least recently used out first, e.g. 512MiB or 2GiB; 0 means 1GiB")
	fs.Var(envDefault[ByteSize]{p: &c.RenditionCacheSize, parse: ParseByteSize, env: getenv(envName("rendition-cache-size")), def: defaultRenditionCacheSize},
		"rendition-cache-size", "with s3:// blobs, the local disk kept for copies of the renditions frames by URL are cut from ({data}/cache/renditions)")
	fs.Var(envDefault[time.Duration]{p: &c.MediaRedirect, parse: time.ParseDuration, env: getenv(envName("media-redirect"))},
		"media-redirect", "with s3:// blobs, answer segment and picture requests, once their token is checked, with a redirect to a presigned URL of the bucket valid this long (e.g. 1m), so the bytes go from the bucket to the player; the bucket's endpoint must be reachable by players and allow their origin (CORS); 0: off")
	fs.Var(envDefault[time.Duration]{p: &c.ReplacedVersionGrace, parse: time.ParseDuration, env: getenv(envName("replaced-version-grace")), def: videohost.ReplacedVersionGraceDefault},
		"replaced-version-grace", "how long the files of a version replaced by the same media (the ladder replacing the early playable copy, a revision) stay, so that players that loaded it play on; 0: removed at once")
	fs.Var(envDefault[int]{p: &c.Procs, parse: parseProcs, env: getenv(envName("procs"))},
		"procs", "with roles all and api, how many threads run Go code at once (GOMAXPROCS); 0: four times the CPUs (at most 64), so that other connections go on while segments are sent, unless GOMAXPROCS is set in the environment")
	fs.Var(envBool{envDefault[bool]{p: &c.LiveLadder, parse: strconv.ParseBool, env: getenv(envName("live-ladder"))}},
		"live-ladder", "encode the lower rungs of an H.264 live stream's ladder live, from one decode of it (a 720p feed also plays as 360p; CPU cost in BENCHMARKS.md); off: the published picture is the only rung")
	fs.Var(envBool{envDefault[bool]{p: &c.NetHTTPOnly, parse: strconv.ParseBool, env: getenv(envName("net-http-only"))}},
		"net-http-only", "serve every request with Go's net/http alone, rather than players' GETs of /media/ on the leaner delivery loop (videohost/httpfast)")
	fs.Var(envDefault[time.Duration]{p: &c.WriteIdleTimeout, parse: time.ParseDuration, env: getenv(envName("write-idle-timeout")), def: httpfast.DefaultWriteIdleTimeout},
		"write-idle-timeout", "close a connection whose response makes no progress this long, as a download the client never reads (at least 256 KiB must leave per period); 0: none")
	fs.Var(envDefault[int]{p: &c.MaxOpenUploads, parse: strconv.Atoi, env: getenv(envName("max-open-uploads"))},
		"max-open-uploads", "unfinished tus uploads one space may hold; a creation past it is 429 too_many_uploads (0: 100; negative: no bound)")
	fs.Var(envDefault[ByteSize]{p: &c.MediaCacheSize, parse: ParseByteSize, env: getenv(envName("media-cache-size")), def: defaultMediaCacheSize},
		"media-cache-size", "with s3:// blobs, the local disk kept for copies of the segments and pictures this process serves, so that a repeated request is sent from disk ({data}/cache/media; 0: none)")
	return fs
}

// parseProcs reads --procs: 0 or more.
func parseProcs(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err == nil && n < 0 {
		return 0, fmt.Errorf("%d is negative", n)
	}
	return n, err
}

// envDefault is a flag value whose default comes from its REEL_* variable
// when set; the variable is parsed when the flag set is, so that a bad one
// is reported like a bad flag.
type envDefault[T any] struct {
	p     *T
	parse func(string) (T, error)
	env   string
	def   T
}

func (v envDefault[T]) String() string {
	if v.p == nil {
		return ""
	}
	return fmt.Sprint(*v.p)
}

func (v envDefault[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	*v.p = x
	return nil
}

// envBool is an envDefault[bool] that, like a flag.Bool, needs no value.
type envBool struct{ envDefault[bool] }

func (envBool) IsBoolFlag() bool { return true }

// init sets the default: the variable's value when there is one.
func (v envDefault[T]) init(name string) error {
	*v.p = v.def
	if v.env == "" {
		return nil
	}
	if err := v.Set(v.env); err != nil {
		return fmt.Errorf("%s=%q: %w", envName(name), v.env, err)
	}
	return nil
}

// parseFlags fills c from args, with REEL_* variables as defaults.
func (c *Config) parseFlags(name string, args []string, stderr io.Writer, getenv func(string) string) ([]string, error) {
	fs := c.flagSet(name, getenv)
	return c.parse(fs, args, stderr)
}

// parse applies the environment defaults, parses args and resolves c. -h
// prints the usage to stderr and answers errHelp.
func (c *Config) parse(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s [flags]\n\nflags (each also read from its REEL_* variable):\n", fs.Name())
		printFlags(stderr, fs)
	}
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		if d, ok := f.Value.(interface{ init(string) error }); ok && envErr == nil {
			envErr = d.init(f.Name)
		}
	})
	if envErr != nil {
		return nil, envErr
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, errHelp
		}
		return nil, errUsage
	}
	return fs.Args(), c.resolve()
}

// printFlags lists every flag of fs with its default and REEL_* twin.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		def := ""
		if f.DefValue != "" && f.DefValue != "0" {
			def = " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "  --%-16s %s%s\n  %-18s env %s\n", f.Name, f.Usage, def, "", envName(f.Name))
	})
}

func (c *Config) resolve() error {
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("--base-url %q is not an http(s) URL", c.BaseURL)
	}
	if c.AdvertiseURL != "" {
		c.AdvertiseURL = strings.TrimRight(c.AdvertiseURL, "/")
		if u, err := url.Parse(c.AdvertiseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
			return fmt.Errorf("--advertise-url %q is not an http(s) URL of a host", c.AdvertiseURL)
		}
	}
	if c.Database == "" {
		c.Database = "sqlite://" + filepath.Join(c.Data, "reel.db")
	}
	if c.Blobs == "" {
		c.Blobs = "file://" + filepath.Join(c.Data, "blobs")
	}
	if c.JobRescueAfter == 0 {
		c.JobRescueAfter = time.Minute
	}
	if c.JobRescueAfter < time.Second {
		return fmt.Errorf("--job-rescue-after %s: want 1s or more", c.JobRescueAfter)
	}
	if c.Workers < 0 {
		return fmt.Errorf("--workers must be 0 or more")
	}
	if c.MediaProcess != "child" && c.MediaProcess != "inline" {
		return fmt.Errorf("--media-process %q: want child or inline", c.MediaProcess)
	}
	if _, _, err := c.blobsTarget(); err != nil {
		return err
	}
	return nil
}

// database returns the kind of --database, "sqlite" or "postgres", and
// what opens it: the file path, or the DSN.
func (c *Config) database() (kind, target string, err error) {
	return parseDatabase("--database", c.Database)
}

// parseDatabase reads the value of a database flag (--database,
// --from-database, --to-database): sqlite://PATH or postgres://….
func parseDatabase(flagName, value string) (kind, target string, err error) {
	if p, ok := strings.CutPrefix(value, "sqlite://"); ok && p != "" {
		return "sqlite", p, nil
	}
	if strings.HasPrefix(value, "postgres://") || strings.HasPrefix(value, "postgresql://") {
		return "postgres", value, nil
	}
	// The value is not repeated: it may hold a password.
	const want = "want sqlite://PATH or postgres://USER:PASSWORD@HOST:PORT/DB"
	if scheme, _, ok := strings.Cut(value, "://"); ok && !strings.ContainsAny(scheme, "@:/ ") {
		return "", "", fmt.Errorf("%s: scheme %q: %s", flagName, scheme, want)
	}
	return "", "", errors.New(flagName + ": " + want)
}

// blobsTarget reads --blobs: the folder of file://PATH, or the bucket of
// s3://BUCKET[/PREFIX]?... (exactly one of them is set).
func (c *Config) blobsTarget() (string, *s3.Config, error) {
	return parseBlobs("--blobs", c.Blobs)
}

// parseBlobs reads the value of a blobs flag (--blobs, --from-blobs,
// --to-blobs): file://PATH or s3://BUCKET[/PREFIX]?....
func parseBlobs(flagName, value string) (string, *s3.Config, error) {
	if p, ok := strings.CutPrefix(value, "file://"); ok && p != "" {
		return p, nil, nil
	}
	if strings.HasPrefix(value, "s3://") {
		cfg, err := s3.ParseURL(value)
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", flagName, err)
		}
		return "", &cfg, nil
	}
	return "", nil, fmt.Errorf("%s %q: want file://PATH or s3://BUCKET[/PREFIX]?endpoint=URL&region=R&path_style=true", flagName, videohost.Excerpt(value))
}

// defaultRenditionCacheSize is --rendition-cache-size's default.
const defaultRenditionCacheSize = ByteSize(delivery.DefaultRenditionCacheBytes)

// defaultMediaCacheSize is --media-cache-size's default.
const defaultMediaCacheSize = ByteSize(delivery.DefaultMediaCacheBytes)

// ByteSize is a number of bytes written with an optional unit: 512MiB,
// 2GiB, 1.5GB, 1000000 (B, KiB, MiB, GiB, TiB in powers of 1024; kB, MB,
// GB, TB in powers of 1000).
type ByteSize int64

var byteUnits = []struct {
	suffix string
	n      float64
}{
	{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"kB", 1e3}, {"KB", 1e3}, {"B", 1},
}

// ParseByteSize reads a ByteSize.
func ParseByteSize(s string) (ByteSize, error) {
	num, mult := strings.TrimSpace(s), 1.0
	for _, u := range byteUnits {
		if n, ok := strings.CutSuffix(num, u.suffix); ok {
			num, mult = strings.TrimSpace(n), u.n
			break
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || f*mult > 1<<62 {
		return 0, fmt.Errorf("%q is not a size such as 512MiB or 2GiB", s)
	}
	return ByteSize(f * mult), nil
}

func (b ByteSize) String() string {
	for _, u := range byteUnits[:4] {
		if b >= ByteSize(u.n) && float64(b) == float64(int64(float64(b)/u.n))*u.n {
			return strconv.FormatInt(int64(float64(b)/u.n), 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(b), 10) + "B"
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
