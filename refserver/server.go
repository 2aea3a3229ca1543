package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	tus "github.com/tus/tusd/v2/pkg/handler"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/blob/s3"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/httpfast"
	"github.com/reelvideo/reel/videohost/metrics"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/videohost/postgres"
	"github.com/reelvideo/reel/videohost/spaceadmin"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/transcode"
	"github.com/reelvideo/reel/videohost/worker"
)

// Main is the whole server: end-to-end tests build one, run it on a free
// port and close it, exactly as the binary does.
type Main struct {
	Config Config
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string

	// SetProcs sets GOMAXPROCS for the roles that serve the API (--procs)
	// and returns the previous setting, as runtime.GOMAXPROCS does; main
	// sets it to that. Nil leaves GOMAXPROCS alone: tests running a Main
	// inside the test binary keep the test binary's.
	SetProcs func(int) int

	// Pipeline overrides the media pipeline (tests); nil means the FFmpeg one.
	Pipeline videohost.Pipeline
	// MediaCommand is the argv that runs "refserver media-process" for
	// --media-process child (default: this executable); MediaCommandEnv is
	// added to its environment. Tests point both at the test binary.
	MediaCommand    []string
	MediaCommandEnv []string
	Stdin           io.Reader

	DB    Database
	Blobs videohost.Blobs // a *blob.Disk, or an *s3.Store for s3:// blobs
	// UploadLocker overrides the locker of tus uploads; nil is PostgreSQL
	// advisory locks (postgres.UploadLocker) on a postgres:// database, so
	// that every api process sharing it takes turns on an upload, else
	// httpapi's default (lock files beside uploads on disk; in memory for
	// uploads in S3, which holds while one api process serves them).
	UploadLocker tus.Locker
	uploadLocker *postgres.UploadLocker // the one Open made, closed by Close
	Service      *videohost.Service
	// Delivery serves the Service's published files and frames; the API
	// and the metrics share it.
	Delivery *delivery.Delivery
	API      *httpapi.Handler
	Logger   *slog.Logger
	// Metrics is set when --metrics-listen is: this process's metrics.
	Metrics *metrics.Metrics

	listener net.Listener
	live     *liveIngest // nil unless --rtmp-addr or --srt-addr
	instance *instance
	server   httpServer
	cancel   context.CancelFunc
	done     sync.WaitGroup
	serveErr chan error

	adminListener net.Listener
	admin         *http.Server
	adminErr      chan error
}

// Database is what the server needs of its database: *sqlite.DB or
// *postgres.DB.
type Database interface {
	videohost.Store
	videohost.Queue
	Close() error
}

// NewMain returns a Main writing to the process's stdout and stderr.
func NewMain() *Main {
	return &Main{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin, Getenv: osGetenv}
}

// Execute parses args, runs the chosen role until ctx ends, and shuts down.
func (m *Main) Execute(ctx context.Context, args []string) error {
	role := "all"
	if len(args) > 0 {
		switch args[0] {
		case "api", "worker", "all":
			role, args = args[0], args[1:]
		case "keys":
			return m.keys(ctx, args[1:])
		case "copy":
			return m.copyCommand(ctx, args[1:])
		case "media-process":
			return transcode.RunChild(ctx, m.Stdin, m.Stdout, m.Stderr, m.Getenv("REEL_LOG_LEVEL") == "debug")
		case "help", "-h", "-help", "--help":
			m.usage(m.Stdout)
			return nil
		}
	}
	fs := m.Config.flagSet("refserver "+role, m.Getenv)
	rest, err := m.Config.parse(fs, args, m.Stderr)
	if errors.Is(err, errHelp) {
		m.usage(m.Stdout)
		return nil
	}
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("unexpected argument %q (roles are all, api and worker; see refserver --help)", rest[0])
	}
	if err := m.Open(ctx, role); err != nil {
		m.Close()
		return err
	}
	<-ctx.Done()
	return m.Close()
}

// usage prints every role and flag, with its default and REEL_* twin.
func (m *Main) usage(w io.Writer) {
	fmt.Fprint(w, `refserver is Reel's server: the REST API, uploads, asset delivery and workers.

usage:
  refserver [all] [flags]      serve the API and run the jobs (the default)
  refserver api [flags]        serve the API only; run no jobs
  refserver worker [flags]     run the jobs only
  refserver keys create --access read_write|read_only [--name NAME] [flags]
                               print one new API key as JSON
  refserver copy --to-database URL --to-blobs URL [--from-database URL] [--from-blobs URL]
                               copy a whole installation into an empty one
                               (SQLite + disk to PostgreSQL + S3, or back);
                               refserver copy -h says more
  refserver keys create --admin [--access read_write|read_only] [flags]
                               print one new admin key (manages /v1/spaces) as JSON
  refserver media-process      one transcode (what --media-process child starts)
  refserver help               this text

flags (every role takes them; each also reads its REEL_* variable):
`)
	var c Config
	printFlags(w, c.flagSet("refserver", func(string) string { return "" }))
}

// Open opens storage, bootstraps the first space and starts the API and the
// worker as role asks ("all", "api" or "worker").
func (m *Main) Open(ctx context.Context, role string) error {
	if m.Getenv == nil {
		m.Getenv = osGetenv
	}
	if m.Config.BaseURL == "" && m.Config.Addr == "" {
		if _, err := m.Config.parseFlags("refserver", nil, m.Stderr, m.Getenv); err != nil {
			return err
		}
	}
	if err := m.Config.resolve(); err != nil {
		return err
	}
	level := slog.LevelInfo
	_ = level.UnmarshalText([]byte(m.Config.LogLevel))
	if m.Logger == nil {
		m.Logger = slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: level}))
	}
	if err := os.MkdirAll(m.Config.Data, 0o755); err != nil {
		return fmt.Errorf("creating data folder: %w", err)
	}
	// Bind first, so that a base URL derived from ":0" names the real port.
	// The worker role listens too, for its health probes only.
	ln, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", m.Config.Addr, err)
	}
	m.listener = ln
	if m.Config.BaseURL == "http://"+m.Config.Addr {
		m.Config.BaseURL = "http://" + ln.Addr().String()
	}
	if m.Config.MetricsListen != "" {
		aln, err := net.Listen("tcp", m.Config.MetricsListen)
		if err != nil {
			return fmt.Errorf("listening on --metrics-listen %s: %w", m.Config.MetricsListen, err)
		}
		m.adminListener = aln
		m.Metrics = metrics.New(metrics.Config{Logger: m.Logger})
	}
	if err := m.openService(ctx, true); err != nil {
		return err
	}
	if m.Metrics != nil {
		if err := m.Metrics.Watch(m.Service, m.Delivery); err != nil {
			return fmt.Errorf("registering metrics: %w", err)
		}
		m.startAdmin()
	}
	space, keys, err := m.Service.Bootstrap(ctx)
	if err != nil {
		return fmt.Errorf("bootstrapping: %w", err)
	}
	if len(keys) > 0 {
		fmt.Fprintf(m.Stdout, "Created space %s. These keys are shown once; keep them.\n", space.ID)
		for _, k := range keys {
			fmt.Fprintf(m.Stdout, "  %-10s %s\n", k.Access, k.Secret)
		}
		if role != "worker" {
			fmt.Fprintf(m.Stdout, "Dashboard: %s/ (sign in with the read_write key)\n", m.Config.BaseURL)
		}
	}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	m.cancel = cancel
	if role != "api" && m.Config.Workers > 0 {
		if err := m.startWorker(runCtx); err != nil {
			return err
		}
	}
	if role == "worker" {
		m.serve(httpapi.HealthHandler(m.Service))
		m.Logger.Info("serving health probes", "addr", m.listener.Addr().String())
		return nil
	}
	m.setProcs()
	// Count the frame cache a previous run left before serving frames, so
	// that the first frame request does not pay for the scan.
	fc := m.Delivery.FrameCacheStats(ctx)
	m.Logger.Debug("frame cache", "bytes", fc.Bytes, "frames", fc.Frames, "limit", fc.Limit)
	if err := m.startLive(runCtx); err != nil {
		return err
	}
	if err := m.startHTTP(); err != nil {
		return err
	}
	m.Logger.Info("serving", "addr", m.listener.Addr().String(), "base_url", m.Config.BaseURL, "space", space.ID)
	return nil
}

// setProcs applies --procs (httpfast.Procs of the CPUs when 0, unless
// GOMAXPROCS is set in the environment).
func (m *Main) setProcs() {
	if m.SetProcs == nil {
		return
	}
	n := m.Config.Procs
	if n == 0 {
		if m.Getenv("GOMAXPROCS") != "" {
			return // the runtime read it already
		}
		n = httpfast.Procs(m.SetProcs(0))
	}
	was := m.SetProcs(n)
	m.Logger.Info("threads running Go code", "procs", n, "was", was)
}

// openService opens storage and builds the Service; withMedia wires the
// FFmpeg pipeline (unless a test set one).
func (m *Main) openService(ctx context.Context, withMedia bool) error {
	dbKind, dbTarget, err := m.Config.database()
	if err != nil {
		return err
	}
	blobPath, s3cfg, err := m.Config.blobsTarget()
	if err != nil {
		return err
	}
	if m.Config.MediaRedirect > 0 && s3cfg == nil {
		return errors.New("--media-redirect needs s3:// blobs: files on local disk are sent from where they lie")
	}
	secret, err := loadSecret(filepath.Join(m.Config.Data, "secret.key"))
	if err != nil {
		return err
	}
	if m.DB, err = m.openDatabase(ctx, dbKind, dbTarget); err != nil {
		return err
	}
	if s3cfg != nil {
		s3cfg.Logger = m.Logger
		// Checked now, so that a server with unreachable blobs does not start.
		if m.Blobs, err = s3.Open(ctx, *s3cfg); err != nil {
			return err
		}
	} else if m.Blobs, err = blob.Open(blobPath); err != nil {
		return err
	}
	nets, err := netguard.ParseNetworks(m.Config.allowNetworks())
	if err != nil {
		return fmt.Errorf("--allow-networks: %w", err)
	}
	if m.Pipeline == nil && withMedia {
		// FFmpeg's chatter (x264 banners, muxer notes) only says what the
		// typed errors say; at debug level it is kept for diagnosis.
		debug := m.Config.LogLevel == "debug"
		transcode.LogFFmpeg(debug)
		cfg := transcode.Config{Logger: m.Logger}
		if m.Config.MediaProcess == "child" {
			cfg.Command, cfg.CommandEnv = m.MediaCommand, m.MediaCommandEnv
			if len(cfg.Command) == 0 {
				exe, err := os.Executable()
				if err != nil {
					return fmt.Errorf("finding this executable for --media-process child: %w", err)
				}
				cfg.Command = []string{exe, "media-process"}
			}
			if debug {
				cfg.CommandEnv = append(cfg.CommandEnv, "REEL_LOG_LEVEL=debug")
			}
		}
		m.Pipeline = transcode.New(cfg)
	}
	cacheBytes := int64(m.Config.RenditionCacheSize)
	if cacheBytes == 0 {
		cacheBytes = -1 // no copy kept past the frame being cut (delivery's 0 is its default)
	}
	mediaBytes := int64(m.Config.MediaCacheSize)
	if mediaBytes == 0 {
		mediaBytes = -1 // every request fetched from the store (delivery's 0 is its default)
	}
	m.Service, err = videohost.New(videohost.Config{
		Store: m.DB, Queue: m.DB, Blobs: m.Blobs, Pipeline: m.Pipeline,
		Logger: m.Logger, Secret: secret, BaseURL: m.Config.BaseURL,
		SpaceURL: m.Config.SpaceURL, ImageURL: m.Config.ImageURL, CDNURL: m.Config.CDNURL,
		Guard:                &netguard.Guard{Allow: nets},
		ReplacedVersionGrace: m.Config.ReplacedVersionGrace,
		MaxOpenUploads:       m.Config.MaxOpenUploads,
	})
	if err != nil {
		return err
	}
	m.Delivery, err = delivery.New(m.Service, delivery.Config{
		FrameCacheSize:      int64(m.Config.FrameCacheSize),
		RenditionCacheDir:   filepath.Join(m.Config.Data, "cache", "renditions"),
		RenditionCacheBytes: cacheBytes,
		MediaCacheDir:       filepath.Join(m.Config.Data, "cache", "media"),
		MediaCacheBytes:     mediaBytes,
		MediaRedirect:       m.Config.MediaRedirect,
	})
	if err != nil {
		return err
	}
	return checkSecret(ctx, m.Service, filepath.Join(m.Config.Data, "secret.key"))
}

// checkSecret refuses a secret.key other than the installation's (see
// videohost.Service.CheckSecret) with one line that says what to do: such
// a process would answer every authenticated request 500.
func checkSecret(ctx context.Context, svc *videohost.Service, path string) error {
	err := svc.CheckSecret(ctx)
	if errors.Is(err, videohost.ErrSecretMismatch) {
		return fmt.Errorf("%s: %w; every process sharing a database needs the same secret.key: copy the one from the --data folder of the installation's other processes over it (or give this process a database of its own), then start again", path, err)
	}
	return err
}

// openDatabase opens the store --database names. A PostgreSQL that does not
// answer is one line naming the database and why ("opening database
// postgres://reel@db:5432/reel: database unreachable: …"); the password is
// never shown.
func (m *Main) openDatabase(ctx context.Context, kind, target string) (Database, error) {
	if kind == "postgres" {
		db, err := postgres.Open(ctx, target, postgres.WithLogger(m.Logger), postgres.WithJobRescueAfter(m.Config.JobRescueAfter))
		if err != nil {
			return nil, err // not a typed nil in the interface
		}
		return db, nil
	}
	db, err := sqlite.Open(ctx, target)
	if err != nil {
		return nil, fmt.Errorf("opening database: %w", err)
	}
	return db, nil
}

// startWorker runs the job worker and the webhook dispatcher.
func (m *Main) startWorker(ctx context.Context) error {
	inst, err := claimInstance(m.Config.Data)
	if err != nil {
		return err
	}
	m.instance = inst
	// Each slot has a scratch folder of its own, and holding the slot means
	// no live process uses it: what is there was left by a process killed
	// mid-job (its jobs run again, from the queue, wherever they are taken),
	// so it goes now rather than never, which is what a worker on a machine
	// of its own would otherwise leave.
	workDir := filepath.Join(m.Config.Data, "work", inst.Slot)
	if left, _ := os.ReadDir(workDir); len(left) > 0 {
		m.Logger.Info("removing scratch a stopped process left", "folder", workDir, "entries", len(left))
	}
	if err := os.RemoveAll(workDir); err != nil {
		return fmt.Errorf("clearing the work folder: %w", err)
	}
	wc := worker.Config{
		Jobs: m.Service.Jobs(), Pipeline: m.Pipeline, Concurrency: m.Config.Workers,
		WorkDir: workDir, Logger: m.Logger, ID: inst.ID,
		ChunkThreshold: m.Config.ChunkThreshold, ChunkLength: m.Config.ChunkLength,
	}
	if m.Metrics != nil {
		wc.Observer = m.Metrics
	}
	w, err := worker.New(wc)
	if err != nil {
		return err
	}
	dc := worker.DispatcherConfig{Jobs: m.Service.Jobs(), Logger: m.Logger, ID: inst.ID}
	if m.Metrics != nil {
		dc.Observer = m.Metrics
	}
	d, err := worker.NewDispatcher(dc)
	if err != nil {
		return err
	}
	m.done.Add(2)
	go func() {
		defer m.done.Done()
		if err := w.Run(ctx); err != nil {
			m.Logger.Error("worker stopped", "err", err)
		}
	}()
	go func() {
		defer m.done.Done()
		d.Run(ctx)
	}()
	return nil
}

func (m *Main) startHTTP() error {
	cfg := httpapi.Config{
		UploadDir:    filepath.Join(m.Config.Data, "uploads"),
		Logger:       m.Logger,
		UploadLocker: m.UploadLocker,
		Delivery:     m.Delivery,
	}
	if m.live != nil {
		cfg.LiveIngest, cfg.LowLatency = m.live.urls, m.live.sessions.Handler
	}
	if pg, ok := m.DB.(*postgres.DB); ok && cfg.UploadLocker == nil {
		l, err := pg.NewUploadLocker()
		if err != nil {
			return err
		}
		m.uploadLocker, cfg.UploadLocker = l, l
	}
	if m.Metrics != nil {
		cfg.Observer = m.Metrics
	}
	if st, ok := m.Blobs.(*s3.Store); ok {
		// Uploads go to the bucket too (uploads/), so that an upload
		// started here resumes on any api process; the local folder only
		// buffers parts on their way.
		up, err := st.Uploads(cfg.UploadDir)
		if err != nil {
			return err
		}
		cfg.Uploads = up
	}
	api, err := httpapi.New(m.Service, cfg)
	if err != nil {
		return fmt.Errorf("building API: %w", err)
	}
	m.API = api
	if m.Metrics != nil {
		if err := m.Metrics.WatchAnalytics(api.AnalyticsSignals); err != nil {
			return fmt.Errorf("registering metrics: %w", err)
		}
	}
	m.serve(api)
	return nil
}

// httpServer is *http.Server or the *httpfast.Server in front of one.
type httpServer interface {
	Serve(net.Listener) error
	Shutdown(context.Context) error
}

// serve serves h on the main listener: a player's requests for media on
// httpfast's lean loop, everything else on net/http (unless
// --net-http-only).
func (m *Main) serve(h http.Handler) {
	hs := m.httpServer(httpfast.WriteIdleTimeout(h, m.Config.WriteIdleTimeout))
	m.server = hs
	if !m.Config.NetHTTPOnly {
		m.server = &httpfast.Server{HTTP: hs, Fast: httpapi.IsDeliveryPath}
	}
	m.serveErr = make(chan error, 1)
	go func() { m.serveErr <- serveUntilClosed(m.server, m.listener) }()
}

// startAdmin serves /metrics and the health probes on the admin listener,
// which only operators should reach.
func (m *Main) startAdmin() {
	mux := http.NewServeMux()
	mux.Handle("/metrics", m.Metrics.Handler())
	health := httpapi.HealthHandler(m.Service)
	mux.Handle("/healthz", health)
	mux.Handle("/readyz", health)
	m.admin = m.httpServer(mux)
	m.adminErr = make(chan error, 1)
	go func() { m.adminErr <- serveUntilClosed(m.admin, m.adminListener) }()
	m.Logger.Info("serving metrics", "addr", m.adminListener.Addr().String())
}

func (m *Main) httpServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn),
	}
}

func serveUntilClosed(srv httpServer, ln net.Listener) error {
	err := srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// MetricsURL is the base URL of the admin listener ("" when off).
func (m *Main) MetricsURL() string {
	if m.adminListener == nil {
		return ""
	}
	return "http://" + m.adminListener.Addr().String()
}

// URL is the base URL the server answers on.
func (m *Main) URL() string { return m.Config.BaseURL }

// Close drains in-flight HTTP requests (up to the shutdown grace), stops the
// worker (its running jobs are handed back to the queue) and closes storage.
func (m *Main) Close() error {
	var errs []error
	if m.server != nil {
		grace := m.Config.ShutdownGrace
		if grace <= 0 {
			grace = 20 * time.Second
		}
		ctx, cancel := context.WithTimeout(context.Background(), grace)
		if err := m.server.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("shutting down HTTP: %w", err))
		}
		cancel()
		if err := <-m.serveErr; err != nil {
			errs = append(errs, err)
		}
		m.server = nil
	} else if m.listener != nil {
		m.listener.Close()
	}
	if m.admin != nil {
		// Metrics stay scrapeable while requests drain; then they go.
		if err := m.admin.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing metrics listener: %w", err))
		}
		if err := <-m.adminErr; err != nil {
			errs = append(errs, err)
		}
		m.admin = nil
	} else if m.adminListener != nil {
		m.adminListener.Close()
	}
	if m.live != nil {
		// After the HTTP drain, before the worker and storage go: each
		// session's recording becomes its video.
		grace := m.Config.ShutdownGrace
		if grace <= 0 {
			grace = 20 * time.Second
		}
		if err := m.live.close(grace); err != nil {
			errs = append(errs, fmt.Errorf("ending live sessions: %w", err))
		}
		m.live = nil
	}
	if m.API != nil {
		m.API.Close()
		m.API = nil
	}
	if m.uploadLocker != nil {
		m.uploadLocker.Close()
		m.uploadLocker = nil
	}
	if m.cancel != nil {
		m.cancel()
		m.done.Wait()
		m.cancel = nil
	}
	if m.DB != nil {
		if err := m.DB.Close(); err != nil {
			errs = append(errs, err)
		}
		m.DB = nil
	}
	// Last: the slot must stay held until no job or delivery can be
	// touched by this process any more.
	m.instance.release()
	m.instance = nil
	return errors.Join(errs...)
}

// loadSecret reads the server secret, creating it (mode 0600) on first start.
// It seals API key material, so losing it invalidates every stored key.
func loadSecret(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		if len(b) < 32 {
			return nil, fmt.Errorf("server secret %s is too short", path)
		}
		return b, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading server secret: %w", err)
	}
	b = make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("creating server secret: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return nil, err
	}
	return b, f.Close()
}

// keys runs "refserver keys create --access ...", printing the key as JSON.
func (m *Main) keys(ctx context.Context, args []string) error {
	const usage = "usage: refserver keys create --access read_write|read_only [--name NAME] [--data DIR]\n" +
		"       refserver keys create --admin [--access read_write|read_only] [--name NAME] [--data DIR]"
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(m.Stderr, usage)
		return errUsage
	}
	fs := m.Config.flagSet("refserver keys create", m.Getenv)
	access := fs.String("access", "", "read_write or read_only (required)")
	name := fs.String("name", "", "a name for the key")
	admin := fs.Bool("admin", false, "an installation-wide admin key: it manages spaces (/v1/spaces) and reaches no space's routes; --access defaults to read_write")
	rest, err := m.Config.parse(fs, args[1:], m.Stderr)
	if errors.Is(err, errHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("unexpected argument %q", rest[0])
	}
	if *access == "" && *admin {
		*access = string(videohost.AccessReadWrite)
	}
	if *access == "" {
		fmt.Fprintln(m.Stderr, "refserver keys create: --access read_write|read_only is required\n"+usage)
		return errUsage
	}
	m.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := os.MkdirAll(m.Config.Data, 0o755); err != nil {
		return err
	}
	if err := m.openService(ctx, false); err != nil {
		return err
	}
	defer m.DB.Close()
	if *admin {
		k, err := spaceadmin.New(m.Service).CreateAdminKey(ctx, videohost.Access(*access), *name)
		if err != nil {
			return err
		}
		return json.NewEncoder(m.Stdout).Encode(map[string]any{
			"id": k.ID, "key": k.Secret, "access": string(k.Access), "admin": true,
		})
	}
	space, _, err := m.Service.Bootstrap(ctx)
	if err != nil {
		return err
	}
	k, err := m.Service.CreateKey(ctx, space.ID, videohost.Access(*access), *name)
	if err != nil {
		return err
	}
	return json.NewEncoder(m.Stdout).Encode(map[string]string{
		"id": k.ID, "key": k.Secret, "access": string(k.Access), "space": k.Space,
	})
}
