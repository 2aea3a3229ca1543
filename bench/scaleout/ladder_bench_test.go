//go:build bench

package scaleout

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
)

// TestLadderS3Overhead: one REEL_BENCH_LADDER_SECONDS (60) 1080p30 upload
// through the whole ladder by one `refserver` (all roles) on PostgreSQL,
// with blobs on local disk and with blobs in a versitygw bucket,
// alternating for REEL_BENCH_LADDER_ROUNDS rounds, each run on a fresh
// database and data folder. Wall time from the upload's start until the
// video is ready; CPU time of refserver (with its media-process children),
// versitygw and PostgreSQL over the same span. Target: S3 ≤ 1.1× disk.
func TestLadderS3Overhead(t *testing.T) {
	m := startMeasure()
	seconds := benchkit.EnvInt("REEL_BENCH_LADDER_SECONDS", 60)
	rounds := benchkit.EnvInt("REEL_BENCH_LADDER_ROUNDS", 1)
	src := makeSource(t, seconds, "1920x1080")
	srv := s3test.Start(t)
	gw := versitygwPID(t)
	var env []string
	for k, v := range srv.Env() {
		env = append(env, k+"="+v)
	}

	type run struct {
		name                      string
		upload, ready             time.Duration
		server, s3, db, transcode time.Duration
		load                      string
	}
	var runs []run
	var wallRatio, cpuRatio []float64
	for round := 1; round <= rounds; round++ {
		var pair [2]run
		for i, onS3 := range []bool{false, true} {
			dsn := pgtest.New(t)
			pg := postgresPID(t, dsn)
			flags := []string{"--database", dsn}
			name := "local disk"
			if onS3 {
				flags = append(flags, "--blobs", srv.URL(srv.Bucket(t)))
				name = "S3 (versitygw)"
			}
			s := startRefserver(t, "all", t.TempDir(), env, flags...)
			key := s.key(t, "read_write")
			load := benchkit.LoadAverage()
			srv0, gw0, pg0 := s.cpu(), benchkit.CPUTime(gw), benchkit.CPUTime(pg)
			start := time.Now()
			ids := uploadAll(t, s.base, key, src, 1, 1)
			uploaded := time.Now()
			end := waitReady(t, s.base, key, ids, 30*time.Minute)
			r := run{name: fmt.Sprintf("%d: %s", round, name), upload: uploaded.Sub(start), ready: end.Sub(start),
				server: s.cpu() - srv0, s3: benchkit.CPUTime(gw) - gw0, db: benchkit.CPUTime(pg) - pg0,
				load: load + "→" + benchkit.LoadAverage()}
			s.stop()
			for _, sp := range jobSpans(s.logLines()) {
				if sp.kind == "transcode" && sp.end.Before(start.Add(24*time.Hour)) {
					r.transcode += sp.end.Sub(sp.start)
				}
			}
			pair[i] = r
			runs = append(runs, r)
		}
		wallRatio = append(wallRatio, pair[1].ready.Seconds()/pair[0].ready.Seconds())
		cpuRatio = append(cpuRatio, (pair[1].server+pair[1].s3+pair[1].db).Seconds()/(pair[0].server+pair[0].s3+pair[0].db).Seconds())
	}

	var out strings.Builder
	fmt.Fprintf(&out, "\none %d s 1920x1080 30 fps upload (testsrc2 + sine, H.264/AAC) through the ladder; refserver (all roles) on PostgreSQL, %d rounds\n\n", seconds, rounds)
	fmt.Fprintln(&out, "| round: blobs (load avg start→end) | upload s | upload start → ready s | transcode job s | refserver CPU s | versitygw CPU s | PostgreSQL CPU s | total CPU s |")
	fmt.Fprintln(&out, "|---|---|---|---|---|---|---|---|")
	for _, r := range runs {
		fmt.Fprintf(&out, "| %s (%s) | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |\n", r.name, r.load, r.upload.Seconds(), r.ready.Seconds(),
			r.transcode.Seconds(), r.server.Seconds(), r.s3.Seconds(), r.db.Seconds(), (r.server + r.s3 + r.db).Seconds())
	}
	fmt.Fprintf(&out, "\nS3 / local disk, wall: %s (median %.2f, target <= 1.10); CPU: %s (median %.2f, target <= 1.10)\n%s\n",
		benchkit.Ratios(wallRatio), benchkit.Median(wallRatio), benchkit.Ratios(cpuRatio), benchkit.Median(cpuRatio), m)
	fmt.Print(out.String())
}
