//go:build bench

package scaleout

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/client"
	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
)

// makeSource encodes a testsrc2 + sine source of seconds at size.
func makeSource(t *testing.T, seconds int, size string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "source.mp4")
	cmd := exec.Command("ffmpeg", "-v", "error", "-y",
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%s:rate=30:duration=%d", size, seconds),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:duration=%d", seconds),
		"-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", p)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	return p
}

// uploadAll uploads src n times through base, parallel at a time, and
// returns the video ids.
func uploadAll(t *testing.T, base, key, src string, n, parallel int) []string {
	t.Helper()
	c := client.New(base, key)
	ids := make([]string, n)
	errs := make([]error, n)
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			res, err := c.UploadFile(ctx, src, client.UploadOptions{Title: fmt.Sprintf("bench %d", i)})
			if err == nil {
				ids[i] = res.VideoID
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil || ids[i] == "" {
			t.Fatalf("upload %d: %v (video id %q)", i, err, ids[i])
		}
	}
	return ids
}

// waitReady polls the videos (one list of 100 a second, bounded by limit)
// until every id is ready; it fails on an errored one.
func waitReady(t *testing.T, base, key string, ids []string, limit time.Duration) time.Time {
	t.Helper()
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		ready := 0
		cursor := ""
		for range 100 { // pages of 100
			var page struct {
				Data []struct {
					ID, State string
				}
				NextCursor string `json:"next_cursor"`
			}
			u := base + "/v1/videos?limit=100"
			if cursor != "" {
				u += "&cursor=" + cursor
			}
			resp, b, err := do(http.DefaultClient, "GET", u, key, nil, &page)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("listing videos: %v %s", err, b)
			}
			for _, v := range page.Data {
				if !want[v.ID] {
					continue
				}
				switch v.State {
				case "ready":
					ready++
				case "errored":
					t.Fatalf("video %s errored", v.ID)
				}
			}
			if cursor = page.NextCursor; cursor == "" {
				break
			}
		}
		if ready == len(ids) {
			return time.Now()
		}
		time.Sleep(time.Second)
	}
	t.Fatalf("%d videos not all ready within %s", len(ids), limit)
	return time.Time{}
}

// jobSpan is one job a worker ran, from its log.
type jobSpan struct {
	kind       string
	start, end time.Time
}

// jobSpans reads "job started" and its end (done, failed, interrupted)
// from a worker's log lines; a job with no end yet runs until far ahead
// (busy clips it).
func jobSpans(lines []string) []jobSpan {
	field := func(line, name string) string {
		i := strings.Index(line, " "+name+"=")
		if i < 0 && strings.HasPrefix(line, name+"=") {
			i = -1
		} else if i < 0 {
			return ""
		}
		rest := line[i+len(name)+2:]
		if strings.HasPrefix(rest, `"`) {
			end := strings.Index(rest[1:], `"`)
			if end < 0 {
				return rest[1:]
			}
			return rest[1 : end+1]
		}
		return strings.Fields(rest + " ")[0]
	}
	open := map[string]jobSpan{}
	var out []jobSpan
	for _, l := range lines {
		at, err := time.Parse(time.RFC3339Nano, field(l, "time"))
		if err != nil {
			continue
		}
		job := field(l, "job") + "/" + field(l, "attempt")
		switch {
		case strings.Contains(l, `msg="job started"`):
			open[job] = jobSpan{kind: field(l, "kind"), start: at}
		case strings.Contains(l, `msg="job done"`), strings.Contains(l, `msg="job failed"`), strings.Contains(l, `msg="job interrupted`):
			if s, ok := open[job]; ok {
				s.end = at
				out = append(out, s)
				delete(open, job)
			}
		}
	}
	for _, s := range open {
		s.end = s.start.Add(24 * time.Hour)
		out = append(out, s)
	}
	return out
}

// busy is the time within [from, to] covered by at least one span.
func busy(spans []jobSpan, from, to time.Time) time.Duration {
	slices.SortFunc(spans, func(a, b jobSpan) int { return a.start.Compare(b.start) })
	var total time.Duration
	var curS, curE time.Time
	for _, s := range spans {
		st, en := max64(s.start, from), min64(s.end, to)
		if !en.After(st) {
			continue
		}
		if curE.IsZero() || st.After(curE) {
			if !curE.IsZero() {
				total += curE.Sub(curS)
			}
			curS, curE = st, en
		} else if en.After(curE) {
			curE = en
		}
	}
	if !curE.IsZero() {
		total += curE.Sub(curS)
	}
	return total
}

func max64(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func min64(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// TestWorkersScaleOut: REEL_BENCH_UPLOADS uploads of a
// REEL_BENCH_UPLOAD_SECONDS 640x360 source through one `refserver api`,
// processed by one `refserver worker` and then by two (each --workers 1),
// all on one PostgreSQL and one versitygw bucket: the time from the first
// upload's start until every video is ready, and the share of that time
// the worker processes ran no job.
func TestWorkersScaleOut(t *testing.T) {
	m := startMeasure()
	uploads := benchkit.EnvInt("REEL_BENCH_UPLOADS", 20)
	seconds := benchkit.EnvInt("REEL_BENCH_UPLOAD_SECONDS", 10)
	src := makeSource(t, seconds, "640x360")
	srv := s3test.Start(t)
	dsn := pgtest.New(t)
	data := t.TempDir()
	bucket := srv.Bucket(t)
	var env []string
	for k, v := range srv.Env() {
		env = append(env, k+"="+v)
	}
	flags := []string{"--database", dsn, "--blobs", srv.URL(bucket)}
	api := startRefserver(t, "api", data, env, flags...)
	admin := api.key(t, "read_write")
	gw := versitygwPID(t)
	pg := postgresPID(t, dsn)

	type result struct {
		workers          int
		total, uploading time.Duration
		idle             float64
		jobs             []int
		workerCPU, other time.Duration
		load             string
	}
	var results []result
	for _, n := range []int{1, 2} {
		var workers []*proc
		for range n {
			workers = append(workers, startRefserver(t, "worker", data, env, flags...))
		}
		keys := createKeys(t, api.base, admin, 2)
		load := benchkit.LoadAverage()
		cpu0 := make([]time.Duration, n)
		for i, w := range workers {
			cpu0[i] = w.cpu()
		}
		other0 := api.cpu() + benchkit.CPUTime(gw) + benchkit.CPUTime(pg)
		start := time.Now()
		ids := uploadAll(t, api.base, keys[0], src, uploads, 4)
		uploaded := time.Now()
		end := waitReady(t, api.base, keys[1], ids, 30*time.Minute)
		r := result{workers: n, total: end.Sub(start), uploading: uploaded.Sub(start), load: load + "→" + benchkit.LoadAverage(),
			other: api.cpu() + benchkit.CPUTime(gw) + benchkit.CPUTime(pg) - other0}
		for i, w := range workers {
			r.workerCPU += w.cpu() - cpu0[i]
		}
		// Stopped first, so that every line they wrote has been read.
		for _, w := range workers {
			w.stop()
		}
		var busyAll time.Duration
		for _, w := range workers {
			spans := jobSpans(w.logLines())
			r.jobs = append(r.jobs, len(spans))
			busyAll += busy(spans, start, end)
		}
		r.idle = 1 - float64(busyAll)/float64(time.Duration(n)*r.total)
		results = append(results, r)
	}

	var out strings.Builder
	fmt.Fprintf(&out, "\n%d uploads of a %d s 640x360 source (4 at a time) through one refserver api; PostgreSQL + versitygw\n\n", uploads, seconds)
	fmt.Fprintln(&out, "| worker processes (load avg start→end) | uploads done s | all ready s | idle share of the workers | jobs per worker | workers' CPU s | api + versitygw + PostgreSQL CPU s |")
	fmt.Fprintln(&out, "|---|---|---|---|---|---|---|")
	for _, r := range results {
		jobs := make([]string, len(r.jobs))
		for i, j := range r.jobs {
			jobs[i] = fmt.Sprint(j)
		}
		fmt.Fprintf(&out, "| %d (%s) | %.1f | %.1f | %.0f%% | %s | %.1f | %.1f |\n", r.workers, r.load, r.uploading.Seconds(), r.total.Seconds(),
			100*r.idle, strings.Join(jobs, ", "), r.workerCPU.Seconds(), r.other.Seconds())
	}
	fmt.Fprintf(&out, "\n2 workers / 1 worker, time to all ready: %.2f\n%s\n", results[1].total.Seconds()/results[0].total.Seconds(), m)
	fmt.Print(out.String())
}
