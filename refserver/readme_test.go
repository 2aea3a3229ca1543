package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The README's shell examples are a script: TestREADMEExamples runs every
// ```sh block of README.md in order, in one bash session, against a real
// server, so that an example that no longer works fails make test. A block
// right after a line "<!-- readme_test: not run (why) -->" is left out.
//
// The script is what a reader types, with what a reader changes by hand:
//
//   - the server is the one this test starts, on a free port (the base
//     URL http://127.0.0.1:8080 becomes its URL) with the flags of the
//     README's `make run ARGS="..."` line; `make build` and `make run` are
//     no-ops (bin/reel and bin/refserver are built beforehand);
//   - KEY=rk_... takes the read-write key the server printed;
//   - the demo origin's port 8000 and /tmp/reel-demo become free ones;
//   - curl fails on an HTTP error (--fail-with-body), and the script stops
//     at the first command that fails (set -euo pipefail).

const readmeNotRun = "<!-- readme_test: not run"

// readmeBlock is one ```sh block of the README.
type readmeBlock struct {
	line  int // README line of the block's first command
	lines []string
}

// readmeBlocks returns the ```sh blocks of a Markdown document that are not
// marked as not run.
func readmeBlocks(t *testing.T, doc string) []readmeBlock {
	t.Helper()
	var (
		blocks  []readmeBlock
		cur     *readmeBlock
		skipped bool // the previous non-blank line marks the next block
		skip    bool // the block being read is not run
	)
	for i, line := range strings.Split(doc, "\n") {
		switch {
		case cur == nil && !skip && strings.HasPrefix(line, "```sh"):
			if skipped {
				skip, skipped = true, false
				continue
			}
			cur = &readmeBlock{line: i + 2}
		case (cur != nil || skip) && strings.HasPrefix(line, "```"):
			if cur != nil {
				blocks = append(blocks, *cur)
			}
			cur, skip = nil, false
		case cur != nil:
			cur.lines = append(cur.lines, line)
		case skip:
		case strings.HasPrefix(line, readmeNotRun):
			skipped = true
		case strings.TrimSpace(line) != "":
			skipped = false
		}
	}
	if cur != nil {
		t.Fatalf("README.md: the ```sh block at line %d is not closed", cur.line-1)
	}
	return blocks
}

// makeRunArgs finds the ARGS of the README's `make run ARGS="..."` lines;
// they must agree, since the test starts one server.
var makeRunArgs = regexp.MustCompile(`^make run ARGS="([^"]*)"`)

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestREADMEExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("short: runs the README's walkthrough against a real server")
	}
	for _, tool := range []string{"bash", "curl", "jq", "python3", "ffmpeg", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the README's examples need %s (make deps-test installs it): %v", tool, err)
		}
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeBlocks(t, string(readme))
	if len(blocks) < 4 {
		t.Fatalf("README.md has %d runnable ```sh blocks; the walkthrough has more", len(blocks))
	}

	// The server's flags come from the README.
	args := ""
	for _, b := range blocks {
		for _, l := range b.lines {
			if m := makeRunArgs.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
				if args != "" && args != m[1] {
					t.Fatalf("README.md starts the server with ARGS=%q and ARGS=%q; the test starts one", args, m[1])
				}
				args = m[1]
			}
		}
	}
	if args == "" {
		t.Fatal(`README.md has no make run ARGS="..." line in a run block (the offline example)`)
	}

	work := t.TempDir()
	bin := filepath.Join(work, "bin")
	script := readmeScript(blocks)
	buildTools(t, bin, script)

	data := filepath.Join(work, "data")
	out := &bytes.Buffer{}
	m := NewMain()
	m.Stdout, m.Stderr = out, io.Discard
	m.Getenv = func(string) string { return "" }
	flags := append([]string{"--addr", "127.0.0.1:0", "--data", data, "--log-level", "error"}, strings.Fields(args)...)
	if _, err := m.Config.parseFlags("refserver", flags, io.Discard, m.Getenv); err != nil {
		t.Fatalf("the README's ARGS %q: %v", args, err)
	}
	if err := m.Open(context.Background(), "all"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	key := ""
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "read_write" {
			key = f[1]
		}
	}
	if key == "" {
		t.Fatalf("the server printed no read-write key:\n%s", out)
	}

	demo := filepath.Join(work, "reel-demo")
	origin := strconv.Itoa(freePort(t))
	hooks := strconv.Itoa(freePort(t))
	body := strings.NewReplacer(
		"http://127.0.0.1:8080", m.URL(),
		"127.0.0.1:8000", "127.0.0.1:"+origin,
		"http.server 8000", "http.server "+origin,
		"127.0.0.1:9000", "127.0.0.1:"+hooks,
		"/tmp/reel-demo", demo,
		"KEY=rk_...", "KEY="+key,
	).Replace(script.text)
	if strings.Contains(body, "rk_...") {
		t.Fatal("README.md: a run block names the key as rk_... outside KEY=rk_...")
	}
	path := filepath.Join(work, "readme.sh")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", path)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "HOME="+work, "XDG_CONFIG_HOME="+filepath.Join(work, "config"),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	// Background jobs (the demo origin) outlive the script, as they do in
	// a reader's terminal, until the test ends: they share bash's process
	// group, which the cleanup stops. Their output goes to a file, so that
	// waiting for bash does not wait for them.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	logFile, err := os.Create(filepath.Join(work, "readme.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	start := time.Now()
	err = cmd.Start()
	if err == nil {
		pgid := cmd.Process.Pid
		t.Cleanup(func() { syscall.Kill(-pgid, syscall.SIGTERM) })
		err = cmd.Wait()
	}
	if err != nil {
		output, _ := os.ReadFile(logFile.Name())
		t.Fatalf("the README's examples failed (%v) near README.md line %d after %s:\n%s",
			err, script.readmeLine(failedLine(string(output))), time.Since(start).Round(time.Millisecond), output)
	}
	t.Logf("the README's examples ran in %s", time.Since(start).Round(time.Millisecond))

	// The walkthrough's video ends ready; the others it made are playable.
	waitWalkthrough(t, m.URL(), key)
}

// script is the bash text made of the README's blocks, with the README
// line of each of its lines.
type script struct {
	text  string
	lines []int // lines[i] is the README line of script line i+1; 0 for the prelude
}

// readmePrelude stops at the first failure and reports the failing line,
// makes curl fail on HTTP errors and stands in for make.
const readmePrelude = `set -euo pipefail
trap 'echo "readme_test: failed at script line $LINENO" >&2' ERR
curl() { command curl --fail-with-body "$@" || return; }
make() {
	case "$1" in
	build) ;; # bin/reel and bin/refserver are built by the test
	run) ;;   # the test started the server with these ARGS
	*) echo "readme_test: make $1 is not expected in the README's examples" >&2; return 1 ;;
	esac
}
`

func readmeScript(blocks []readmeBlock) script {
	var s script
	var text strings.Builder
	add := func(line string, readmeLine int) {
		text.WriteString(line + "\n")
		s.lines = append(s.lines, readmeLine)
	}
	for _, l := range strings.Split(strings.TrimSuffix(readmePrelude, "\n"), "\n") {
		add(l, 0)
	}
	for _, b := range blocks {
		add(fmt.Sprintf("# README.md line %d", b.line), 0)
		for i, l := range b.lines {
			add(l, b.line+i)
		}
	}
	s.text = text.String()
	return s
}

// readmeLine maps a line of the script to the README's.
func (s script) readmeLine(scriptLine int) int {
	if scriptLine < 1 || scriptLine > len(s.lines) {
		return 0
	}
	return s.lines[scriptLine-1]
}

// failedLine is the last line the ERR trap reported; the trap fires in a
// function and again where it was called, so the last one is the README's.
func failedLine(output string) int {
	line := 0
	sc := bufio.NewScanner(strings.NewReader(output))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "readme_test: failed at script line "); ok {
			line, _ = strconv.Atoi(rest)
		}
	}
	return line
}

// buildTools builds the binaries the script names into bin: bin/reel
// always, bin/refserver when the script uses it.
func buildTools(t *testing.T, bin string, s script) {
	t.Helper()
	builds := map[string]string{"reel": "../cmd/reel"}
	if strings.Contains(s.text, "bin/refserver") {
		builds["refserver"] = "."
	}
	for name, pkg := range builds {
		cmd := exec.Command("go", "build", "-o", filepath.Join(bin, name), pkg)
		if name == "reel" {
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", name, err, out)
		}
	}
}

// waitWalkthrough waits until the video titled Hello (the walkthrough's) is
// ready and every other video is playable; none may be errored.
func waitWalkthrough(t *testing.T, base, key string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		req, _ := http.NewRequest("GET", base+"/v1/videos?limit=100", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var page struct {
			Data []struct {
				ID, Title, State string
				Playable         bool
				Error            *struct{ Code, Message string }
			}
		}
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		done, hello := true, false
		for _, v := range page.Data {
			if v.State == "errored" {
				t.Fatalf("video %s (%q) errored: %+v", v.ID, v.Title, v.Error)
			}
			if v.Title == "Hello" {
				hello = true
				done = done && v.State == "ready"
			} else {
				done = done && v.Playable
			}
		}
		if !hello {
			t.Fatalf("the walkthrough made no video titled Hello; videos: %+v", page.Data)
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the walkthrough's videos did not become ready and playable: %+v", page.Data)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func TestREADMEBlocks(t *testing.T) {
	doc := strings.Join([]string{
		"# Title",            // 1
		"",                   // 2
		"```sh",              // 3
		"echo one",           // 4
		"```",                // 5
		readmeNotRun + "-->", // 6
		"```sh",              // 7
		"make test",          // 8
		"```",                // 9
		"```go",              // 10
		"x := 1",             // 11
		"```",                // 12
		readmeNotRun + "-->", // 13
		"text between",       // 14
		"```sh",              // 15
		"echo two",           // 16
		"echo three",         // 17
		"```",                // 18
	}, "\n")
	got := readmeBlocks(t, doc)
	want := []readmeBlock{{line: 4, lines: []string{"echo one"}}, {line: 16, lines: []string{"echo two", "echo three"}}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("blocks = %+v, want %+v", got, want)
	}
	s := readmeScript(got)
	if l := s.readmeLine(strings.Count(readmePrelude, "\n") + 4); l != 16 {
		t.Errorf("the script's echo two maps to README line %d, want 16", l)
	}
	if l := failedLine("x\nreadme_test: failed at script line 3\nreadme_test: failed at script line 9\n"); l != 9 {
		t.Errorf("failedLine = %d, want the last report, 9", l)
	}
}
