//go:build bench

package scaleout

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/internal/pgtest"
)

// apiPhase is one load phase: who served it and what it cost.
type apiPhase struct {
	name     string
	lat      map[string][]time.Duration
	requests int
	elapsed  time.Duration
	servers  time.Duration // CPU of the refserver processes
	database time.Duration // CPU of PostgreSQL (0 on SQLite)
	loadgen  time.Duration // CPU of this process
	machine  benchkit.MachineCPU
	load     string
}

func (p apiPhase) rate() float64 { return float64(p.requests) / p.elapsed.Seconds() }

func (p apiPhase) perRequest(d time.Duration) float64 {
	return float64(d.Microseconds()) / float64(max(p.requests, 1))
}

func (p apiPhase) quantile(op string, q float64) float64 {
	ds := p.lat[op]
	if len(ds) == 0 {
		return 0
	}
	return ms(ds[int(q*float64(len(ds)-1))])
}

// apiLoad runs clients, client c on bases[c%len(bases)] with keys[c], each
// making perClient requests (1 in 10 a tus creation, then gets of the video
// it created and lists of 25) until done or the deadline.
func apiLoad(t *testing.T, name string, bases, keys []string, perClient int, procs []*proc, pgPID int) apiPhase {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: len(keys), MaxConnsPerHost: len(keys)}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	var mu sync.Mutex
	lat := map[string][]time.Duration{}
	var failures atomic.Int64
	var firstErr atomic.Value
	cpu := func() (servers, db time.Duration) {
		for _, p := range procs {
			servers += p.cpu()
		}
		if pgPID > 0 {
			db = benchkit.CPUTime(pgPID)
		}
		return
	}
	srv0, db0, self0, mach0, load := time.Duration(0), time.Duration(0), selfCPU(), benchkit.ReadMachineCPU(), benchkit.LoadAverage()
	srv0, db0 = cpu()
	deadline := time.Now().Add(2 * time.Minute)
	start := time.Now()
	var wg sync.WaitGroup
	for c, key := range keys {
		base := bases[c%len(bases)]
		wg.Go(func() {
			var id string
			mine := map[string][]time.Duration{}
			for i := 0; i < perClient && time.Now().Before(deadline); i++ {
				var op string
				t0 := time.Now()
				var resp *http.Response
				var err error
				switch {
				case i%10 == 0:
					op = "create"
					req, _ := http.NewRequest("POST", base+"/v1/uploads", nil)
					req.Header.Set("Authorization", "Bearer "+key)
					req.Header.Set("Tus-Resumable", "1.0.0")
					req.Header.Set("Upload-Length", "1000000")
					req.Header.Set("Upload-Metadata", "title YmVuY2g=") // "bench"
					resp, err = client.Do(req)
					if err == nil {
						resp.Body.Close()
						id = resp.Header.Get("Reel-Video-Id")
					}
				case i%2 == 1 && id != "":
					op = "get"
					resp, _, err = do(client, "GET", base+"/v1/videos/"+id, key, nil, nil)
				default:
					op = "list"
					resp, _, err = do(client, "GET", base+"/v1/videos?limit=25", key, nil, nil)
				}
				d := time.Since(t0)
				if err == nil && resp.StatusCode >= 300 {
					err = fmt.Errorf("%s: status %d", op, resp.StatusCode)
				}
				if err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err)
					continue
				}
				mine[op] = append(mine[op], d)
			}
			mu.Lock()
			for op, ds := range mine {
				lat[op] = append(lat[op], ds...)
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	srv1, db1 := cpu()
	ph := apiPhase{name: name, lat: lat, elapsed: elapsed, servers: srv1 - srv0, database: db1 - db0,
		loadgen: selfCPU() - self0, machine: benchkit.ReadMachineCPU().Sub(mach0), load: load + "→" + benchkit.LoadAverage()}
	for _, ds := range lat {
		slices.Sort(ds)
		ph.requests += len(ds)
	}
	if n := failures.Load(); n > 0 {
		t.Errorf("%s: %d requests failed, first: %v", name, n, firstErr.Load())
	}
	if want := len(keys) * perClient; ph.requests < want {
		t.Logf("%s: %d of %d requests before the deadline", name, ph.requests, want)
	}
	return ph
}

// TestAPIScaleOut: the same API load against one and two `refserver api`
// processes sharing one PostgreSQL and one data folder, and against one
// process on SQLite, alternating for REEL_BENCH_ROUNDS rounds. Each phase
// has keys of its own, so the per-key rate limit (600 a minute, counted in
// each process) never answers 429.
func TestAPIScaleOut(t *testing.T) {
	m := startMeasure()
	rounds := benchkit.EnvInt("REEL_BENCH_ROUNDS", 2)
	clients := benchkit.EnvInt("REEL_BENCH_API_CLIENTS", 32)
	perClient := min(benchkit.EnvInt("REEL_BENCH_API_REQUESTS", 300), 500)

	dsn := pgtest.New(t)
	pgData := t.TempDir()
	// A tenth of the requests start an upload that never finishes: no
	// bound on unfinished uploads, so the mix stays what it was.
	unbounded := "--max-open-uploads=-1"
	a := startRefserver(t, "api", pgData, nil, "--database", dsn, unbounded)
	admin := a.key(t, "read_write")
	b := startRefserver(t, "api", pgData, nil, "--database", dsn, unbounded)
	pgPID := postgresPID(t, dsn)
	sq := startRefserver(t, "api", t.TempDir(), nil, unbounded)
	sqAdmin := sq.key(t, "read_write")

	// Seed 300 videos in each database so that lists page through rows.
	apiLoad(t, "seed postgres", []string{a.base}, createKeys(t, a.base, admin, 10), 300, []*proc{a}, pgPID)
	apiLoad(t, "seed sqlite", []string{sq.base}, createKeys(t, sq.base, sqAdmin, 10), 300, []*proc{sq}, 0)
	// Warm both (connections, caches) with keys of their own.
	apiLoad(t, "warm postgres", []string{a.base, b.base}, createKeys(t, a.base, admin, clients), perClient/3, []*proc{a, b}, pgPID)
	apiLoad(t, "warm sqlite", []string{sq.base}, createKeys(t, sq.base, sqAdmin, clients), perClient/3, []*proc{sq}, 0)

	var phases []apiPhase
	for r := 1; r <= rounds; r++ {
		one := apiLoad(t, fmt.Sprintf("postgres, 1 api process (round %d)", r), []string{a.base},
			createKeys(t, a.base, admin, clients), perClient, []*proc{a, b}, pgPID)
		two := apiLoad(t, fmt.Sprintf("postgres, 2 api processes (round %d)", r), []string{a.base, b.base},
			createKeys(t, a.base, admin, clients), perClient, []*proc{a, b}, pgPID)
		lite := apiLoad(t, fmt.Sprintf("sqlite, 1 api process (round %d)", r), []string{sq.base},
			createKeys(t, sq.base, sqAdmin, clients), perClient, []*proc{sq}, 0)
		phases = append(phases, one, two, lite)
	}

	var out strings.Builder
	fmt.Fprintf(&out, "\n%d clients × %d requests per phase (1 in 10 a tus creation, gets of the client's video, lists of 25); %d rounds\n\n", clients, perClient, rounds)
	fmt.Fprintln(&out, "| phase (load avg start→end) | req/s | create p50/p99 ms | get p50/p99 ms | list p50/p99 ms | refserver CPU µs/req | PostgreSQL CPU µs/req | load generator CPU µs/req | machine busy |")
	fmt.Fprintln(&out, "|---|---|---|---|---|---|---|---|---|")
	for _, p := range phases {
		fmt.Fprintf(&out, "| %s (%s) | %.0f | %.1f / %.1f | %.1f / %.1f | %.1f / %.1f | %.0f | %.0f | %.0f | %.0f%% |\n",
			p.name, p.load, p.rate(), p.quantile("create", .5), p.quantile("create", .99), p.quantile("get", .5), p.quantile("get", .99),
			p.quantile("list", .5), p.quantile("list", .99), p.perRequest(p.servers), p.perRequest(p.database), p.perRequest(p.loadgen),
			100*p.machine.BusyShare())
	}
	var twoOverOne, pgOverLite []float64
	for i := 0; i+2 < len(phases); i += 3 {
		twoOverOne = append(twoOverOne, phases[i+1].rate()/phases[i].rate())
		pgOverLite = append(pgOverLite, phases[i].rate()/phases[i+2].rate())
	}
	fmt.Fprintf(&out, "\n2 processes / 1 process, request rate: %s (median %.2f)\n", benchkit.Ratios(twoOverOne), benchkit.Median(twoOverOne))
	fmt.Fprintf(&out, "PostgreSQL / SQLite (1 process), request rate: %s (median %.2f)\n", benchkit.Ratios(pgOverLite), benchkit.Median(pgOverLite))
	fmt.Fprintf(&out, "%s\n", m)
	fmt.Print(out.String())
}
