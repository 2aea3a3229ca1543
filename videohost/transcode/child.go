package transcode

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

// The isolated pipeline runs every Process call in a child process (the
// command in Config.Command), so that FFmpeg decoding an uploaded file
// can crash, leak or be killed without taking the server down. Parent and
// child speak JSON: one mediaRequest on the child's stdin, then mediaEvent
// lines on its stdout. Frames stay in-process: they decode Reel's own
// renditions, not uploads, and they are latency-bound.

// mediaRequest is videohost.ProcessInput without the callback.
type mediaRequest struct {
	Source     string   `json:"source"`
	OutDir     string   `json:"out_dir"`
	WorkDir    string   `json:"work_dir"`
	PosterTime *float64 `json:"poster_time,omitempty"`
	Playable   bool     `json:"playable"`             // the parent wants early playable sets
	Progress   bool     `json:"progress,omitempty"`   // the parent wants progress events
	EarlyDone  bool     `json:"early_done,omitempty"` // the parent wants the early pass's end
	EarlyOnly  bool     `json:"early_only,omitempty"` // the early pass alone (ProcessInput.EarlyOnly)
	// Prepare asks for Pipeline.Prepare instead of Process, the playable
	// set going to PlayableDir.
	Prepare     bool   `json:"prepare,omitempty"`
	PlayableDir string `json:"playable_dir,omitempty"`

	Ladder          media.LadderOptions `json:"ladder"`
	StoryboardTiles int                 `json:"storyboard_tiles,omitempty"`
	// Codecs is ProcessInput.Codecs, or AddCodecs's policy: the form
	// codecpolicy.Parse takes, parsed again by the child.
	Codecs map[string]string `json:"codecs,omitempty"`

	// Op names a track or poster operation (tracks.go) instead of
	// Process; its result comes as Done.
	Op    string                `json:"op,omitempty"`
	Track *videohost.AddedAudio `json:"track,omitempty"`
	// Chunk asks for one step of a chunked encode instead (chunks.go).
	Chunk *chunkRequest `json:"chunk,omitempty"`
}

// mediaEvent is one line of the child's stdout; exactly one field is set.
type mediaEvent struct {
	Playable *playableEvent           `json:"playable,omitempty"`
	Done     *videohost.ProcessOutput `json:"done,omitempty"`
	Prepared *preparedEvent           `json:"prepared,omitempty"`
	Progress *float64                 `json:"progress,omitempty"`
	// EarlyDone says the early pass has encoded the whole source.
	EarlyDone bool          `json:"early_done,omitempty"`
	Chunked   *chunkedEvent `json:"chunked,omitempty"`
	// Added answers an add_codecs request: the codecs it added.
	Added *addedEvent   `json:"added,omitempty"`
	Error *mediaFailure `json:"error,omitempty"`
}

// addedEvent answers an add_codecs request (Pipeline.AddCodecs).
type addedEvent struct {
	Codecs []string `json:"codecs"`
}

// preparedEvent answers a Prepare request; Output is nil when the source
// needs encoding before it plays.
type preparedEvent struct {
	Output *videohost.ProcessOutput `json:"output"`
}

type playableEvent struct {
	Dir    string                   `json:"dir"`
	Output *videohost.ProcessOutput `json:"output"`
}

type mediaFailure struct {
	Code    string `json:"code,omitempty"`
	Message string `json:"message"`
}

// childStopGrace is how long a cancelled child has to stop after SIGTERM
// before it is killed.
const childStopGrace = 10 * time.Second

// processInChild runs one Process call in a child process.
func (p *Pipeline) processInChild(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	if _, err := parsePolicy(in.Codecs); err != nil {
		return nil, err // before a child is started for it
	}
	return p.runChild(ctx, mediaRequest{
		Source: in.Source, OutDir: in.OutDir, WorkDir: in.WorkDir,
		PosterTime: in.PosterTime, Playable: in.OnPlayable != nil, Progress: in.OnProgress != nil,
		EarlyDone: in.OnEarlyDone != nil, EarlyOnly: in.EarlyOnly, Ladder: p.cfg.Ladder, StoryboardTiles: p.cfg.StoryboardTiles,
		Codecs: in.Codecs,
	}, childHooks{onPlayable: in.OnPlayable, onProgress: in.OnProgress, onEarlyDone: in.OnEarlyDone})
}

// prepareInChild runs one Prepare call in a child process.
func (p *Pipeline) prepareInChild(ctx context.Context, in videohost.PrepareInput) (*videohost.ProcessOutput, error) {
	return p.runChild(ctx, mediaRequest{
		Source: in.Source, WorkDir: in.WorkDir, Prepare: true, PlayableDir: in.PlayableDir, Ladder: p.cfg.Ladder,
	}, childHooks{})
}

// childHooks receive a child's events besides its result; nil fields
// ignore theirs.
type childHooks struct {
	onPlayable  func(context.Context, string, *videohost.ProcessOutput) error
	onProgress  func(float64)
	onEarlyDone func()
	chunked     *chunkedEvent // receives a chunked encode's answer
	added       *addedEvent   // receives an add_codecs answer
}

// runChild runs one request in a child process and returns its result.
func (p *Pipeline) runChild(ctx context.Context, request mediaRequest, hooks childHooks) (*videohost.ProcessOutput, error) {
	req, err := json.Marshal(request)
	if err != nil {
		return nil, fmt.Errorf("encoding media request: %w", err)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	cmd := exec.CommandContext(ctx, p.cfg.Command[0], p.cfg.Command[1:]...)
	cmd.Env = append(cmd.Environ(), p.cfg.CommandEnv...)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = childStopGrace
	stderr := &headBuffer{max: 4 << 10}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("media process: %w", err)
	}
	// The request goes down stdin, which then stays open until the child
	// has exited (Wait closes it): the child stops when it reads the end,
	// so a server that dies, even by SIGKILL, leaves no transcode behind.
	// (PR_SET_PDEATHSIG would fire when the spawning thread exits, which
	// Go does to any thread a goroutine leaves locked: the ladder's.)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("media process: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting media process: %w", err)
	}
	if _, err := stdin.Write(append(req, '\n')); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("sending the media request: %w", err)
	}

	var done *videohost.ProcessOutput
	var finished bool // a result came, possibly nil (Prepare)
	var failure *mediaFailure
	var callbackErr error
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 64<<10), 16<<20)
	for lines.Scan() {
		var ev mediaEvent
		if err := json.Unmarshal(lines.Bytes(), &ev); err != nil {
			cancel(fmt.Errorf("media process wrote %.200q: %w", lines.Text(), err))
			break
		}
		switch {
		case ev.Playable != nil && hooks.onPlayable != nil && callbackErr == nil:
			out := ev.Playable.Output
			if out == nil {
				out = &videohost.ProcessOutput{}
			}
			if err := hooks.onPlayable(ctx, ev.Playable.Dir, out); err != nil {
				// As in-process: a failed early publish fails the job.
				callbackErr = fmt.Errorf("publishing playable set: %w", err)
				cancel(callbackErr)
			}
		case ev.Progress != nil && hooks.onProgress != nil:
			hooks.onProgress(*ev.Progress)
		case ev.EarlyDone && hooks.onEarlyDone != nil:
			hooks.onEarlyDone()
		case ev.Done != nil:
			done, finished = ev.Done, true
		case ev.Prepared != nil:
			done, finished = ev.Prepared.Output, true
		case ev.Chunked != nil && hooks.chunked != nil:
			*hooks.chunked = *ev.Chunked
			done, finished = ev.Chunked.Output, true
		case ev.Added != nil && hooks.added != nil:
			*hooks.added = *ev.Added
			done, finished = &videohost.ProcessOutput{}, true
		case ev.Error != nil:
			failure = ev.Error
		}
	}
	if err := lines.Err(); err != nil {
		cancel(fmt.Errorf("reading media process output: %w", err))
	}
	// Drain what is left so the child never blocks on a full pipe.
	_, _ = io.Copy(io.Discard, stdout)
	waitErr := cmd.Wait()

	switch {
	case callbackErr != nil:
		return nil, callbackErr
	case ctx.Err() != nil:
		return nil, context.Cause(ctx)
	case failure != nil && failure.Code != "":
		return nil, &videohost.Error{Code: failure.Code, Message: failure.Message}
	case failure != nil:
		return nil, errors.New(failure.Message)
	case !finished:
		// A crash (a signal) or an exit without an answer: the input may
		// be what crashes FFmpeg, so it is a transcode failure, retried a
		// few times like any other.
		msg := "media process exited without a result: " + stderr.firstLines(3)
		if waitErr != nil {
			msg = fmt.Sprintf("media process failed (%v): %s", waitErr, stderr.firstLines(3))
		}
		return nil, &videohost.Error{Code: videohost.VideoErrTranscodeFailed, Message: msg}
	case waitErr != nil:
		// Everything was written and reported before the exit went wrong.
		p.log.WarnContext(ctx, "media process failed after its result", "err", waitErr, "stderr", stderr.firstLines(3))
	}
	return done, nil
}

// LogFFmpeg sets what FFmpeg itself logs (to stderr) in this process:
// everything at info level with debug, else errors only. FFmpeg's log
// level is one setting for the whole process.
func LogFFmpeg(debug bool) {
	if debug {
		media.SetFFmpegLogLevel(media.LogInfo)
	} else {
		media.SetFFmpegLogLevel(media.LogError)
	}
}

// errParentGone ends a child whose parent closed its end of the request
// pipe: it exited, or was killed.
var errParentGone = errors.New("media process: the parent is gone")

// RunChild is the whole child side of an isolated Pipeline, for the main
// function of a command named by Config.Command (refserver's
// "media-process"). When stdout is the process's own, the protocol moves to
// a descriptor of its own (stray output from C goes to stderr) and every
// thread is put under SCHED_BATCH (BatchScheduling): the process only
// transcodes. debug keeps FFmpeg's and the pipeline's chatter.
func RunChild(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, debug bool) error {
	level := slog.LevelWarn
	if debug {
		level = slog.LevelDebug
	}
	LogFFmpeg(debug)
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	if stdout == os.Stdout {
		f, err := reserveStdout()
		if err != nil {
			return err
		}
		defer f.Close()
		stdout = f
		if err := BatchScheduling(); err != nil {
			logger.Warn("media process: batch scheduling unavailable", "error", err)
		}
	}
	return ServeChild(ctx, stdin, stdout, logger)
}

// ServeChild is the child side of an isolated Pipeline: it reads
// one request from r, runs the pipeline in this process and writes events
// to w, logging to logger. A command named by Config.Command must call
// it (refserver's "media-process" does); the ladder settings come with the
// request. It returns an error only when it cannot talk to its parent;
// pipeline failures are sent as events.
//
// The parent keeps r open after the request for as long as it waits for
// this process: the end of r (the parent gone) cancels the work.
func ServeChild(ctx context.Context, r io.Reader, w io.Writer, logger *slog.Logger) error {
	var req mediaRequest
	dec := json.NewDecoder(r)
	if err := dec.Decode(&req); err != nil {
		return fmt.Errorf("reading media request: %w", err)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	go func() {
		_, _ = io.Copy(io.Discard, io.MultiReader(dec.Buffered(), r))
		cancel(errParentGone)
	}()
	p := New(Config{Ladder: req.Ladder, StoryboardTiles: req.StoryboardTiles, Logger: logger})
	var mu sync.Mutex
	enc := json.NewEncoder(w)
	send := func(ev mediaEvent) error {
		mu.Lock()
		defer mu.Unlock()
		return enc.Encode(ev)
	}
	fail := func(err error) error {
		f := &mediaFailure{Message: err.Error()}
		var ve *videohost.Error
		if errors.As(err, &ve) {
			f.Code, f.Message = ve.Code, ve.Message
		}
		return send(mediaEvent{Error: f})
	}
	if req.Op == opAddCodecs {
		added, err := p.AddCodecs(ctx, req.OutDir, req.Source, req.Codecs)
		if err != nil {
			return fail(err)
		}
		return send(mediaEvent{Added: &addedEvent{Codecs: added}})
	}
	if req.Op != "" {
		out, err := serveTrackOp(ctx, p, req)
		if err != nil {
			return fail(err)
		}
		return send(mediaEvent{Done: out})
	}
	if req.Chunk != nil {
		ev, err := p.serveChunk(ctx, req)
		if err != nil {
			return fail(err)
		}
		return send(mediaEvent{Chunked: ev})
	}
	if req.Prepare {
		out, err := p.Prepare(ctx, videohost.PrepareInput{Source: req.Source, PlayableDir: req.PlayableDir, WorkDir: req.WorkDir})
		if err != nil {
			return fail(err)
		}
		return send(mediaEvent{Prepared: &preparedEvent{Output: out}})
	}
	in := videohost.ProcessInput{Source: req.Source, OutDir: req.OutDir, WorkDir: req.WorkDir, PosterTime: req.PosterTime, EarlyOnly: req.EarlyOnly,
		Codecs: req.Codecs}
	if req.Playable {
		in.OnPlayable = func(ctx context.Context, dir string, out *videohost.ProcessOutput) error {
			// The parent takes the folder over from here; this process
			// never touches it again (Pipeline.Process's contract).
			return send(mediaEvent{Playable: &playableEvent{Dir: dir, Output: out}})
		}
	}
	if req.EarlyDone {
		in.OnEarlyDone = func() { _ = send(mediaEvent{EarlyDone: true}) }
	}
	if req.Progress {
		// A line a percent at most: the parent stores far less often.
		var sent float64
		in.OnProgress = func(done float64) {
			if done-sent < 0.01 && done < 1 {
				return
			}
			sent = done
			_ = send(mediaEvent{Progress: &done})
		}
	}
	out, err := p.Process(ctx, in)
	if err != nil {
		return fail(err)
	}
	return send(mediaEvent{Done: out})
}

// headBuffer keeps the first max bytes written to it: what a process says
// first about a failure (FFmpeg's error, the runtime's "fatal error" or
// signal line) comes before the goroutine dump that follows a crash.
type headBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (h *headBuffer) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := h.max - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// firstLines answers up to n non-empty lines, joined by " | ".
func (h *headBuffer) firstLines(n int) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var lines []string
	for _, l := range strings.Split(string(h.buf), "\n") {
		if l = strings.TrimSpace(l); l != "" && len(lines) < n {
			lines = append(lines, fmt.Sprintf("%.300s", l))
		}
	}
	if len(lines) == 0 {
		return "no output"
	}
	return strings.Join(lines, " | ")
}
