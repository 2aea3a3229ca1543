package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
)

// TestClusterChunks: on the cluster of TestCluster, with chunks of 4 s
// from 6 s on, a 28 s source is encoded in chunks by both workers; the one
// holding a chunk job of it is killed with kill -9 and nothing restarts:
// that chunk alone runs again (every other chunk job started once), the
// video becomes ready, and each stitched MP4 rendition has every frame of
// the source. A second long video deleted while its chunk jobs wait has
// them cancelled. In the end the bucket holds the ready video's source and
// one published version, nothing of the deleted one and no chunk, and the
// workers' scratch folder is empty.
func TestClusterChunks(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Skip("ffprobe not installed")
	}
	c := startCluster(t, "--chunk-threshold", "6s", "--chunk-length", "4s")
	started := time.Now()
	db := pgtest.Conn(t, c.pg.DSN)
	srcDir := t.TempDir()
	src := makeSource(t, srcDir, 28, "640x360")
	origin := httptest.NewServer(http.FileServer(http.Dir(srcDir)))
	defer origin.Close()
	create := func(p *proc, title string) string {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"input_url": origin.URL + "/source.mp4", "title": title})
		resp := p.request(t, "POST", "/v1/videos", c.key, bytes.NewReader(body), "Content-Type", "application/json")
		defer resp.Body.Close()
		var v video
		json.NewDecoder(resp.Body).Decode(&v)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("creating %q: %d", title, resp.StatusCode)
		}
		return v.ID
	}

	// Both workers finish chunks of one video; then the one holding a chunk
	// job of it is stopped, and killed if that job is still running (a
	// stopped process writes nothing, so its log says so for sure).
	long := create(c.a, "long")
	victim, killed := -1, int64(0)
	within(t, 90*time.Second, "both workers finishing a chunk of the long video while one holds another", func() bool {
		for _, w := range c.workers {
			if w.jobCount("job done", chunkJob, long) == 0 {
				return false
			}
		}
		for i, w := range c.workers {
			if _, ok := w.heldChunk(long); !ok {
				continue
			}
			w.cmd.Process.Signal(syscall.SIGSTOP)
			time.Sleep(200 * time.Millisecond) // what it wrote reaches the log
			// Killed once its scratch exists, so that there is some for a
			// replacement to clear: the job logs "job started" before it
			// makes its folder.
			if id, ok := w.heldChunk(long); ok && c.hasScratch(id) {
				w.kill()
				victim, killed = i, id
				return true
			}
			w.cmd.Process.Signal(syscall.SIGCONT)
		}
		return false
	})
	killedAt := time.Now()
	survivor := c.workers[1-victim]
	t.Logf("both workers encoded chunks of %s; killed worker %d holding its chunk job %d", long, victim, killed)

	// A second long video, deleted once its chunks are planned and one of
	// them runs: the others wait on the one worker left.
	gone := create(c.b, "deleted mid-way")
	within(t, 90*time.Second, "a chunk job of the second video starting", func() bool {
		return survivor.hasLog(`msg="job started"`, "kind=chunk", "video="+gone)
	})
	pending := 0
	for _, j := range riverJobs(t, db, "reel.chunk", gone) {
		if j.state == "available" {
			pending++
		}
	}
	if pending == 0 {
		t.Fatalf("no chunk job of %s waits: %+v", gone, riverJobs(t, db, "reel.chunk", gone))
	}
	if r := c.a.request(t, "DELETE", "/v1/videos/"+gone, c.key, nil); r.StatusCode != http.StatusNoContent && r.StatusCode != http.StatusOK {
		t.Fatalf("deleting %s: %d", gone, r.StatusCode)
	}
	within(t, 30*time.Second, "every job of the deleted video ending", func() bool {
		for _, j := range riverJobs(t, db, "", gone) {
			if !slices.Contains([]string{"completed", "cancelled", "discarded"}, j.state) {
				return false
			}
		}
		return true
	})
	cancelled := 0
	for _, j := range riverJobs(t, db, "reel.chunk", gone) {
		switch j.state {
		case "cancelled":
			cancelled++
		case "completed": // the one running when the video went: it stopped
		default:
			t.Errorf("chunk job %d (chunk %d) of the deleted video ended %s", j.id, j.index, j.state)
		}
	}
	if cancelled < pending {
		t.Errorf("%d chunk jobs of the deleted video cancelled; %d were waiting", cancelled, pending)
	}
	if stitches := riverJobs(t, db, "reel.stitch", gone); len(stitches) != 0 {
		t.Errorf("the deleted video has stitch jobs: %+v", stitches)
	}
	t.Logf("the deleted video's %d waiting chunk jobs were cancelled", cancelled)

	// The killed chunk runs again on the other worker once River rescues
	// it; nothing else runs twice.
	c.a.waitReady(t, c.key, long)
	t.Logf("the long video was ready %s after the kill", time.Since(killedAt).Round(time.Millisecond))
	jobs := riverJobs(t, db, "reel.chunk", long)
	if len(jobs) < 5 {
		t.Fatalf("the long video has %d chunk jobs, want at least 5 (4 s chunks of 28 s, and the audio)", len(jobs))
	}
	ranBy := make([]int, len(c.workers))
	for _, j := range jobs {
		starts, dones := 0, 0
		for i, w := range c.workers {
			starts += w.jobCount("job started", j.id, long)
			n := w.jobCount("job done", j.id, long)
			dones += n
			ranBy[i] += n
		}
		wantStarts := 1
		if j.id == killed {
			wantStarts = 2
			if j.attempt < 2 {
				t.Errorf("the killed chunk job %d is at attempt %d, want 2 or more", j.id, j.attempt)
			}
		}
		if j.state != "completed" || starts != wantStarts || dones != 1 {
			t.Errorf("chunk job %d (chunk %d): %s, started %d times and done %d, want completed, started %d times and done once",
				j.id, j.index, j.state, starts, dones, wantStarts)
		}
	}
	if ranBy[0] == 0 || ranBy[1] == 0 {
		t.Errorf("chunk jobs done by each worker: %v; want both to have encoded chunks", ranBy)
	}
	t.Logf("%d chunk jobs: done %v by the two workers; only the killed one started twice", len(jobs), ranBy)

	// Every stitched MP4 rendition, fetched through an api process, has
	// every frame of the source.
	want := frameCount(t, src)
	v := c.b.videoState(t, c.key, long)
	if len(v.Renditions) == 0 {
		t.Fatalf("the long video lists no renditions: %+v", v)
	}
	var names []string
	for _, r := range v.Renditions {
		path := filepath.Join(t.TempDir(), r.Name+".mp4")
		download(t, r.URL, path)
		if got := frameCount(t, path); got != want {
			t.Errorf("rendition %s has %d frames, the source %d", r.Name, got, want)
		}
		names = append(names, r.Name)
	}
	t.Logf("renditions %v have the source's %d frames", names, want)

	// Nothing left behind: the bucket holds the ready video's source, its
	// published version and, for --replaced-version-grace (10 minutes by
	// default), the early playable copy it replaced, which a scheduled
	// job removes; and the workers' scratch folder is empty.
	current := versionOf(t, v.Renditions[0].URL)
	retiring := map[string]bool{}
	for _, j := range riverJobs(t, db, "reel.remove_version", long) {
		var p videohost.RemoveVersionPayload
		json.Unmarshal([]byte(j.payload), &p)
		if j.state != "scheduled" || !strings.HasPrefix(p.Version, "p") {
			t.Errorf("remove_version job %d: %s, payload %s; want scheduled for the early copy", j.id, j.state, j.payload)
		}
		retiring[p.Version] = true
	}
	if len(retiring) != 1 {
		t.Errorf("%d replaced versions scheduled for removal, want the early copy's alone", len(retiring))
	}
	var keys, left []string
	for range 50 { // the stitch drops the chunks just after it publishes
		keys, left = bucketKeys(t, c), nil
		versions := map[string]bool{}
		for _, k := range keys {
			// Keys are the service's to spell (videohost/layout_test.go):
			// the source is ".../{id}/source", a published file
			// "{root}/{id}/{version}/{file}".
			parts := strings.Split(k, "/")
			switch {
			case strings.HasSuffix(k, "/"+long+"/source"):
			case len(parts) >= 4 && parts[1] == long:
				versions[parts[2]] = true
			default:
				left = append(left, k)
			}
		}
		for version := range versions {
			if version != current && !retiring[version] {
				left = append(left, fmt.Sprintf("(version %s of the ready video, neither current nor kept for the grace)", version))
			}
		}
		if len(left) == 0 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if len(left) > 0 {
		t.Errorf("left in the bucket: %v", left)
	}
	t.Logf("the bucket holds %d keys, all the ready video's source and published version", len(keys))
	// Scratch: the live workers' slots are empty once their jobs end; the
	// killed worker's job folder stays in its slot until a process takes
	// the slot, and a replacement worker (its machine restarted) clears it
	// at start.
	work := filepath.Join(c.workData, "work")
	scratchIn := func() []string {
		var found []string
		filepath.WalkDir(work, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(work, path)
				found = append(found, rel)
			}
			return nil
		})
		return found
	}
	replacement := c.startWorker()
	if !replacement.hasLog("removing scratch a stopped process left") {
		t.Errorf("the replacement worker cleared no scratch of the killed one")
	}
	var scratch []string
	for range 100 {
		if scratch = scratchIn(); len(scratch) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(scratch) > 0 {
		t.Errorf("left in the workers' scratch folders: %v", scratch)
	}
	t.Logf("added runtime: %s after the cluster started", time.Since(started).Round(time.Millisecond))
}

// hasScratch reports whether a worker's slot holds a folder of job id
// with something in it.
func (c *cluster) hasScratch(id int64) bool {
	dirs, _ := filepath.Glob(filepath.Join(c.workData, "work", "*", fmt.Sprintf("job-%d", id)))
	for _, d := range dirs {
		if entries, _ := os.ReadDir(d); len(entries) > 0 {
			return true
		}
	}
	return false
}

// chunkJob in place of a job id counts any chunk job.
const chunkJob = -1

// jobCount counts the worker's log lines msg about job id (chunkJob: any
// chunk job) of video.
func (p *proc) jobCount(msg string, id int64, video string) int {
	n := 0
	for _, l := range p.jobLines() {
		if l.msg == msg && l.video == video && (l.id == id || (id == chunkJob && l.kind == "chunk")) {
			n++
		}
	}
	return n
}

// heldChunk is the chunk job of video that the worker started and has not
// ended.
func (p *proc) heldChunk(video string) (int64, bool) {
	open := map[int64]bool{}
	for _, l := range p.jobLines() {
		switch {
		case l.kind != "chunk" || l.video != video:
		case l.msg == "job started":
			open[l.id] = true
		default:
			delete(open, l.id)
		}
	}
	for id := range open {
		return id, true
	}
	return 0, false
}

// jobLine is a worker's log line about a job: "job started", "job done",
// "job failed" or "job interrupted; handed back".
type jobLine struct {
	msg, kind, video string
	id               int64
}

func (p *proc) jobLines() []jobLine {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []jobLine
	for _, line := range p.lines {
		_, rest, ok := strings.Cut(line, ` msg="job `)
		if !ok {
			continue
		}
		msg, attrs, _ := strings.Cut(rest, `"`)
		l := jobLine{msg: "job " + msg}
		for _, f := range strings.Fields(attrs) {
			k, v, _ := strings.Cut(f, "=")
			switch k {
			case "job":
				if l.id == 0 {
					l.id, _ = strconv.ParseInt(v, 10, 64)
				}
			case "kind":
				l.kind = cmp.Or(l.kind, v)
			case "video":
				l.video = cmp.Or(l.video, v)
			}
		}
		out = append(out, l)
	}
	return out
}

// riverJob is a row of River's job table.
type riverJob struct {
	id          int64
	kind, state string
	attempt     int
	index       int    // a chunk job's chunk
	payload     string // as the store wrote it
}

// riverJobs lists the River jobs of a video, of one kind ("": every kind).
func riverJobs(t *testing.T, db *pgx.Conn, kind, video string) []riverJob {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT id, kind, state, attempt, COALESCE(args->>'payload', '') FROM river_job
		WHERE args->>'video_id' = $1 AND ($2 = '' OR kind = $2) ORDER BY id`, video, kind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []riverJob
	for rows.Next() {
		var j riverJob
		var payload string
		if err := rows.Scan(&j.id, &j.kind, &j.state, &j.attempt, &payload); err != nil {
			t.Fatal(err)
		}
		var p struct{ Index int }
		json.Unmarshal([]byte(payload), &p)
		j.index, j.payload = p.Index, payload
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// bucketKeys lists every key in the cluster's bucket.
func bucketKeys(t *testing.T, c *cluster) []string {
	t.Helper()
	var keys []string
	pages := awss3.NewListObjectsV2Paginator(c.s3.Client(), &awss3.ListObjectsV2Input{Bucket: aws.String(c.bucket)})
	for pages.HasMorePages() {
		page, err := pages.NextPage(context.Background())
		if err != nil {
			t.Fatalf("listing the bucket: %v", err)
		}
		for _, o := range page.Contents {
			keys = append(keys, aws.ToString(o.Key))
		}
	}
	return keys
}

// versionOf is the asset version an asset URL names (?v=).
func versionOf(t *testing.T, assetURL string) string {
	t.Helper()
	u, err := url.Parse(assetURL)
	if err != nil || u.Query().Get("v") == "" {
		t.Fatalf("%q names no version", assetURL)
	}
	return u.Query().Get("v")
}

// download writes what a GET of url answers to path.
func download(t *testing.T, url, path string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, resp.StatusCode)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.Copy(f, resp.Body); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// frameCount counts the video frames of a file with ffprobe.
func frameCount(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets",
		"-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("ffprobe %s: %q", path, out)
	}
	return n
}
