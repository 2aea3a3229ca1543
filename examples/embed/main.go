// Command embed mounts the whole Reel API under /video/ of its own
// http.ServeMux, with its own SQLite file and an in-process worker: the few
// lines an existing Go application needs to host video. With -database
// postgres://… and -blobs s3://… it keeps everything in PostgreSQL and an
// S3 bucket instead (openScaleOut), so that several copies of the program
// share one installation.
package main

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/blob/s3"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/postgres"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/transcode"
	"github.com/reelvideo/reel/videohost/worker"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "listen address")
	dir := flag.String("data", "./embed-data", "data folder")
	database := flag.String("database", "", "postgres://USER:PASSWORD@HOST:PORT/DB (with -blobs); default a SQLite file in -data")
	bucket := flag.String("blobs", "", "s3://BUCKET?endpoint=URL&region=R&path_style=true (with -database); credentials from the AWS environment")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	st, err := openLocal(ctx, *dir)
	if *database != "" || *bucket != "" {
		st, err = openScaleOut(ctx, *dir, *database, *bucket)
	}
	if err != nil {
		log.Fatal(err)
	}
	app, err := NewAppOn(ctx, st, *dir, "http://"+ln.Addr().String())
	if err != nil {
		log.Fatal(err)
	}
	defer app.Close()
	fmt.Printf("Reel is mounted at http://%s/video/ (key: %s)\n", ln.Addr(), app.Key)
	srv := &http.Server{Handler: app.Mux}
	go func() { <-ctx.Done(); srv.Shutdown(context.Background()) }()
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		log.Fatal(err)
	}
}

// App is an application that hosts Reel beside its own routes.
type App struct {
	Mux   *http.ServeMux
	Key   string // a read-write API key, printed on first start
	close func()
}

// Storage is where Reel keeps its rows, its jobs and its files.
type Storage struct {
	DB interface {
		videohost.Store
		videohost.Queue
		Close() error
	}
	Blobs   videohost.Blobs
	Uploads httpapi.UploadStore // nil: tus uploads in a local folder
}

// openLocal keeps everything under dir: a SQLite file and a blob folder.
func openLocal(ctx context.Context, dir string) (*Storage, error) {
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		return nil, err
	}
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Storage{DB: db, Blobs: blobs}, nil
}

// openScaleOut keeps rows and jobs (on River) in PostgreSQL and files and
// tus uploads in an S3 bucket, credentials coming from the AWS chain
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, ...): any number of processes
// over the same two share one installation. dir keeps only scratch.
func openScaleOut(ctx context.Context, dir, dsn, bucketURL string) (*Storage, error) {
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	bucket, err := s3.OpenURL(ctx, bucketURL)
	if err != nil {
		db.Close()
		return nil, err
	}
	uploads, err := bucket.Uploads(filepath.Join(dir, "uploads"))
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Storage{DB: db, Blobs: bucket, Uploads: uploads}, nil
}

// NewApp opens Reel's storage under dir and mounts its API at /video/.
func NewApp(ctx context.Context, dir, origin string) (*App, error) {
	st, err := openLocal(ctx, dir)
	if err != nil {
		return nil, err
	}
	return NewAppOn(ctx, st, dir, origin)
}

// NewAppOn mounts Reel's API at /video/ over st; dir keeps the secret and
// scratch space. Every process of one installation needs the same secret.
func NewAppOn(ctx context.Context, st *Storage, dir, origin string) (*App, error) {
	db, blobs := st.DB, st.Blobs
	secret, err := loadSecret(filepath.Join(dir, "secret.key"))
	if err != nil {
		return nil, err
	}
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Secret: secret, BaseURL: origin + "/video"})
	if err != nil {
		return nil, err
	}
	api, err := httpapi.New(svc, httpapi.Config{UploadDir: filepath.Join(dir, "uploads"), Uploads: st.Uploads})
	if err != nil {
		return nil, err
	}
	wrk, err := worker.New(worker.Config{Jobs: svc.Jobs(), Pipeline: transcode.New(transcode.Config{}), WorkDir: filepath.Join(dir, "work")})
	if err != nil {
		return nil, err
	}
	space, _, err := svc.Bootstrap(ctx)
	if err != nil {
		return nil, err
	}
	key, err := svc.CreateKey(ctx, space.ID, videohost.AccessReadWrite, "embed example")
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { wrk.Run(runCtx); close(done) }()
	mux := http.NewServeMux()
	mux.Handle("/video/", http.StripPrefix("/video", api))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "my application; videos live under /video/")
	})
	return &App{Mux: mux, Key: key.Secret, close: func() { api.Close(); cancel(); <-done; db.Close() }}, nil
}

// Close stops the worker and closes storage.
func (a *App) Close() { a.close() }

// loadSecret keeps the 32-byte secret that seals API keys across restarts; a
// real application would take it from its own secret store.
func loadSecret(path string) ([]byte, error) {
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		return b, nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	return b, os.WriteFile(path, b, 0o600)
}
