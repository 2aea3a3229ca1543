//go:build bench

package reliability

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// beaconBatch is what a player sends for one session of embed: a view, the
// startup time, play, then heartbeats every 10 s of playback, as many as fit
// in the server's limits (500 events, 64 KiB).
func beaconBatch(embed, session string, now time.Time) (body []byte, events int) {
	const maxEvents, maxBytes = 500, 64<<10 - 512
	at := func(i int) int64 { return now.Add(-time.Duration(maxEvents-i) * 10 * time.Second).UnixMilli() }
	evs := []map[string]any{
		{"type": "view", "embed": embed, "session": session, "t": at(0)},
		{"type": "startup", "embed": embed, "session": session, "t": at(0), "ms": 420},
		{"type": "play", "embed": embed, "session": session, "t": at(0), "position": 0},
	}
	for i := 1; len(evs) < maxEvents; i++ {
		evs = append(evs, map[string]any{"type": "heartbeat", "embed": embed, "session": session, "t": at(i),
			"from": float64(i-1) * 10, "to": float64(i) * 10, "position": float64(i) * 10})
	}
	for {
		body, _ = json.Marshal(map[string]any{"events": evs})
		if len(body) <= maxBytes {
			return body, len(evs)
		}
		evs = evs[:len(evs)-len(evs)/20-1]
	}
}

// TestBeaconFlood: anonymous POST /v1/events from one address for
// REEL_BENCH_BEACON_SECONDS (30), as fast as the server allows (8 clients;
// a 429 or 503 is waited out for its Retry-After, as a determined sender
// would), each batch a new session with as many events as the limits
// admit and a User-Agent of its own (so that no two batches share a viewer
// hash and the per-viewer cap does not stop them), all for one playable
// video. It reports the growth of reel.db and its WAL and the events the
// server accepted against those it refused.
func TestBeaconFlood(t *testing.T) {
	runFor := time.Duration(benchkit.EnvInt("REEL_BENCH_BEACON_SECONDS", 30)) * time.Second
	const clients = 8
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	src := makeSource(t, dir, 4, "320x240")
	s := startServer(t, data)
	key := s.key("read_write")
	id := s.upload(t, key, src, "beacons")
	v, err := s.waitState(key, id, "ready", 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	dbFile := filepath.Join(data, "reel.db")
	size := func() (db, wal int64) { return fileSize(dbFile), fileSize(dbFile + "-wal") }
	time.Sleep(2 * time.Second)
	db0, wal0 := size()
	load0 := benchkit.LoadAverage()

	var sent, accepted, dropped, refused, batches atomic.Int64
	var mu sync.Mutex
	statuses := map[int]int{}
	transport := 0
	stop := time.Now().Add(runFor)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for i := 0; i < 1_000_000 && time.Now().Before(stop); i++ {
				body, n := beaconBatch(v.Embed, fmt.Sprintf("flood-%d-%d", c, i), time.Now())
				req, _ := http.NewRequest("POST", s.base+"/v1/events", bytes.NewReader(body))
				req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
				req.Header.Set("Origin", "https://flood.example")
				req.Header.Set("User-Agent", fmt.Sprintf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.%d.%d Safari/537.36", c, i))
				resp, err := httpClient.Do(req)
				if err != nil {
					mu.Lock()
					transport++
					mu.Unlock()
					continue
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				batches.Add(1)
				sent.Add(int64(n))
				mu.Lock()
				statuses[resp.StatusCode]++
				mu.Unlock()
				switch resp.StatusCode {
				case http.StatusAccepted:
					var a struct{ Accepted int64 }
					json.Unmarshal(b, &a)
					accepted.Add(a.Accepted)
					dropped.Add(int64(n) - a.Accepted)
				case http.StatusTooManyRequests, http.StatusServiceUnavailable:
					refused.Add(int64(n))
					wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
					time.Sleep(min(time.Duration(max(wait, 1))*time.Second, time.Until(stop)))
				}
			}
		})
	}
	wg.Wait()
	time.Sleep(3 * time.Second) // the writer flushes every 250 ms
	db1, wal1 := size()
	load1 := benchkit.LoadAverage()
	_, fivexx, locked := s.counts()

	fmt.Printf("\n### Anonymous beacon flood from one address, %s, %d clients, one playable video (load average %s at the start, %s at the end)\n\n", runFor, clients, load0, load1)
	fmt.Println("| batches posted | 202 | 429 | 503 | other | events sent | accepted | dropped in a 202 (caps) | refused with 429/503 | reel.db before → after MiB | -wal before → after MiB | growth MiB | bytes per accepted event |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	other := transport
	for code, n := range statuses {
		if code != http.StatusAccepted && code != http.StatusTooManyRequests && code != http.StatusServiceUnavailable {
			other += n
		}
	}
	growth := (db1 + wal1) - (db0 + wal0)
	perEvent := "—"
	if accepted.Load() > 0 {
		perEvent = fmt.Sprintf("%.0f", float64(growth)/float64(accepted.Load()))
	}
	fmt.Printf("| %d | %d | %d | %d | %d | %d | %d | %d | %d | %s → %s | %s → %s | %s | %s |\n", batches.Load(), statuses[http.StatusAccepted],
		statuses[http.StatusTooManyRequests], statuses[http.StatusServiceUnavailable], other, sent.Load(), accepted.Load(),
		dropped.Load(), refused.Load(), mib(db0), mib(db1), mib(wal0), mib(wal1), mib(growth), perEvent)
	fmt.Printf("\nEach batch: one session of one video, view + startup + play + heartbeats, as many as fit in 64 KiB (≤ 500 events); a User-Agent of its own per batch. Server log: %d 5xx, %d \"database is locked\".\n", fivexx, locked)
	if other > 0 {
		t.Errorf("%d answers other than 202, 429 and 503: %v (transport errors %d)", other, statuses, transport)
	}
	if fivexx > 0 {
		t.Errorf("%d 5xx in the server log", fivexx)
	}
}
