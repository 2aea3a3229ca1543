// Command refserver is Reel's reference server: the REST API, uploads, asset
// delivery and an in-process worker over SQLite or PostgreSQL (--database
// postgres://…) and local disk or an S3-compatible bucket (--blobs
// s3://…), configured by flags with REEL_* environment twins. It stays
// thin: everything it wires is
// importable from the videohost packages.
//
// Usage:
//
//	refserver [flags]                       serve the API and run a worker
//	refserver api [flags]                   serve the API only
//	refserver worker [flags]                run a worker only
//	refserver keys create --access read_write|read_only [--data DIR]
//	refserver copy --to-database URL --to-blobs URL  move an installation
//	refserver media-process                 one transcode, for --media-process child
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m := NewMain()
	m.SetProcs = runtime.GOMAXPROCS
	if err := m.Execute(ctx, os.Args[1:]); err != nil {
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "refserver:", err)
		os.Exit(1)
	}
}
