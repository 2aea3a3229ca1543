// Package livetest is what the ingests' tests share: a live.Publishers
// that records what an ingest hands it (in process, the real
// implementation's place, not a mock of a protocol peer), FFmpeg as the
// publisher, and the checks of a recorded publish.
package livetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"

	"github.com/reelvideo/reel/videohost/live"
)

// Recorder is a live.Publishers that accepts the keys in Keys (any other
// is live.ErrUnknownKey), refuses a key already publishing with
// live.ErrBusy, and records every Begin and Publish.
type Recorder struct {
	Keys map[string]bool

	mu      sync.Mutex
	begins  []live.Request
	active  map[string]bool
	pubs    []*Publish
	begun   chan struct{} // a value per Begin
	created chan *Publish
}

// NewRecorder accepts the given keys.
func NewRecorder(keys ...string) *Recorder {
	r := &Recorder{Keys: map[string]bool{}, active: map[string]bool{}, begun: make(chan struct{}, 100), created: make(chan *Publish, 100)}
	for _, k := range keys {
		r.Keys[k] = true
	}
	return r
}

// Begin implements live.Publishers.
func (r *Recorder) Begin(ctx context.Context, req live.Request) (live.Publish, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.begins = append(r.begins, req)
	r.begun <- struct{}{}
	if !r.Keys[req.Key] {
		return nil, live.ErrUnknownKey
	}
	if r.active[req.Key] {
		return nil, live.ErrBusy
	}
	r.active[req.Key] = true
	p := &Publish{Req: req, Begun: time.Now(), rec: r, started: make(chan struct{}), ended: make(chan struct{}), unit: make(chan struct{}, 1)}
	r.pubs = append(r.pubs, p)
	r.created <- p
	return p, nil
}

// Begins is every request Begin got.
func (r *Recorder) Begins() []live.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]live.Request(nil), r.begins...)
}

// Publishes is every Publish Begin returned.
func (r *Recorder) Publishes() []*Publish {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*Publish(nil), r.pubs...)
}

// NextPublish waits for the next Publish Begin returns.
func (r *Recorder) NextPublish(t testing.TB, within time.Duration) *Publish {
	t.Helper()
	select {
	case p := <-r.created:
		return p
	case <-time.After(within):
		t.Fatalf("no publish began within %v", within)
		return nil
	}
}

// WaitBegin waits for the next call of Begin, accepted or not.
func (r *Recorder) WaitBegin(t testing.TB, within time.Duration) {
	t.Helper()
	select {
	case <-r.begun:
	case <-time.After(within):
		t.Fatalf("Begin not called within %v", within)
	}
}

// Publish records one publish.
type Publish struct {
	Req   live.Request
	Begun time.Time
	// WriteErr, when set before the publish starts, is returned by every
	// WriteUnit.
	WriteErr error

	rec     *Recorder
	mu      sync.Mutex
	tracks  []live.Track
	starts  int
	startAt time.Time
	units   []live.Unit
	ends    int
	endErr  error
	started chan struct{}
	ended   chan struct{}
	unit    chan struct{}
}

// Start implements live.Publish.
func (p *Publish) Start(tracks []live.Track) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.starts++
	if p.starts == 1 {
		p.tracks = tracks
		p.startAt = time.Now()
		close(p.started)
	}
	return nil
}

// WriteUnit implements live.Publish.
func (p *Publish) WriteUnit(u live.Unit) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.starts == 0 || p.ends > 0 {
		return errors.New("livetest: WriteUnit outside Start..End")
	}
	p.units = append(p.units, u)
	select {
	case p.unit <- struct{}{}:
	default:
	}
	return p.WriteErr
}

// End implements live.Publish.
func (p *Publish) End(err error) {
	p.rec.mu.Lock()
	delete(p.rec.active, p.Req.Key)
	p.rec.mu.Unlock()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ends++
	if p.ends == 1 {
		p.endErr = err
		close(p.ended)
	}
}

// WaitStart waits for Start and returns its tracks.
func (p *Publish) WaitStart(t testing.TB, within time.Duration) []live.Track {
	t.Helper()
	select {
	case <-p.started:
	case <-p.ended:
		t.Fatalf("publish ended (%v) before it started", p.EndErr())
	case <-time.After(within):
		t.Fatalf("publish not started within %v", within)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.tracks
}

// WaitUnits waits until the publish has written at least n units.
func (p *Publish) WaitUnits(t testing.TB, n int, within time.Duration) {
	t.Helper()
	deadline := time.After(within)
	for {
		if len(p.Units()) >= n {
			return
		}
		select {
		case <-p.unit:
		case <-p.ended:
			if len(p.Units()) >= n {
				return
			}
			t.Fatalf("publish ended (%v) with %d units, want %d", p.EndErr(), len(p.Units()), n)
		case <-deadline:
			t.Fatalf("%d units within %v, want %d", len(p.Units()), within, n)
		}
	}
}

// WaitEnd waits for End and returns its error.
func (p *Publish) WaitEnd(t testing.TB, within time.Duration) error {
	t.Helper()
	select {
	case <-p.ended:
	case <-time.After(within):
		t.Fatalf("publish not ended within %v", within)
	}
	return p.EndErr()
}

// Ended is closed when End is called.
func (p *Publish) Ended() <-chan struct{} { return p.ended }

// Started reports whether Start was called.
func (p *Publish) Started() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.starts > 0
}

// StartedAt is when Start was called.
func (p *Publish) StartedAt() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.startAt
}

// EndErr is End's error.
func (p *Publish) EndErr() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.endErr
}

// Units is a copy of the units written so far.
func (p *Publish) Units() []live.Unit {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]live.Unit(nil), p.units...)
}

// Calls is how many times Start and End were called.
func (p *Publish) Calls() (starts, ends int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.starts, p.ends
}

// FFmpeg is a running ffmpeg.
type FFmpeg struct {
	Cmd     *exec.Cmd
	Started time.Time
	stderr  bytes.Buffer
	done    chan struct{}
	err     error
}

// StartFFmpeg runs ffmpeg with args (after -nostdin -v error), skipping
// the test when there is no ffmpeg. It is killed when the test ends.
func StartFFmpeg(t testing.TB, args ...string) *FFmpeg {
	t.Helper()
	path, err := exec.LookPath("ffmpeg")
	if err != nil {
		t.Skip("no ffmpeg in PATH")
	}
	f := &FFmpeg{done: make(chan struct{})}
	f.Cmd = exec.Command(path, append([]string{"-nostdin", "-hide_banner", "-v", "error"}, args...)...)
	f.Cmd.Stderr = &f.stderr
	f.Started = time.Now()
	if err := f.Cmd.Start(); err != nil {
		t.Fatalf("starting ffmpeg: %v", err)
	}
	go func() {
		f.err = f.Cmd.Wait()
		close(f.done)
	}()
	t.Cleanup(func() {
		f.Cmd.Process.Kill()
		<-f.done
	})
	return f
}

// Wait waits for ffmpeg to exit and returns its error (nil: exit 0).
func (f *FFmpeg) Wait(t testing.TB, within time.Duration) error {
	t.Helper()
	select {
	case <-f.done:
		return f.err
	case <-time.After(within):
		t.Fatalf("ffmpeg still running after %v", within)
		return nil
	}
}

// Stderr is what ffmpeg wrote to stderr; read it after Wait.
func (f *FFmpeg) Stderr() string { return f.stderr.String() }

// Kill kills ffmpeg and waits for it.
func (f *FFmpeg) Kill() {
	f.Cmd.Process.Kill()
	<-f.done
}

// Expect is what a recorded publish should hold.
type Expect struct {
	Video               live.Codec
	Width, Height       int
	VideoUnits, GOP     int // VideoUnits ±2, a keyframe every GOP
	Audio               live.Codec
	SampleRate          int
	AudioUnits, AudioTo int // AudioUnits ±AudioTo
}

// Check checks a recorded publish's tracks and units against e.
func Check(t testing.TB, p *Publish, e Expect) {
	t.Helper()
	p.mu.Lock()
	tracks := p.tracks
	p.mu.Unlock()
	units := p.Units()

	video, audio := -1, -1
	for i, tr := range tracks {
		if tr.ID != i {
			t.Errorf("track %d has ID %d", i, tr.ID)
		}
		switch {
		case tr.Codec.IsVideo():
			video = i
		default:
			audio = i
		}
	}
	if video < 0 || tracks[video].Codec != e.Video {
		t.Fatalf("tracks %+v: no %s video", tracks, e.Video)
	}
	if e.Audio != "" && (audio < 0 || tracks[audio].Codec != e.Audio) {
		t.Fatalf("tracks %+v: no %s audio", tracks, e.Audio)
	}
	if len(tracks) != 1+btoi(e.Audio != "") {
		t.Errorf("%d tracks, want %d", len(tracks), 1+btoi(e.Audio != ""))
	}

	vt := tracks[video]
	if len(vt.SPS) == 0 || len(vt.PPS) == 0 {
		t.Fatalf("video track without SPS or PPS: %+v", vt)
	}
	var w, h int
	switch vt.Codec {
	case live.CodecH264:
		var sps h264.SPS
		if err := sps.Unmarshal(vt.SPS); err != nil {
			t.Fatalf("H.264 SPS: %v", err)
		}
		w, h = sps.Width(), sps.Height()
	case live.CodecH265:
		if len(vt.VPS) == 0 {
			t.Fatalf("H.265 track without VPS")
		}
		var sps h265.SPS
		if err := sps.Unmarshal(vt.SPS); err != nil {
			t.Fatalf("H.265 SPS: %v", err)
		}
		w, h = sps.Width(), sps.Height()
	}
	if w != e.Width || h != e.Height {
		t.Errorf("SPS says %dx%d, want %dx%d", w, h, e.Width, e.Height)
	}

	if audio >= 0 {
		at := tracks[audio]
		if at.SampleRate != e.SampleRate || at.Channels < 1 || at.Channels > 2 {
			t.Errorf("audio track %d Hz %d channels, want %d Hz, 1 or 2 channels", at.SampleRate, at.Channels, e.SampleRate)
		}
		if at.Codec == live.CodecAAC {
			var conf mpeg4audio.AudioSpecificConfig
			if err := conf.Unmarshal(at.AudioConfig); err != nil {
				t.Fatalf("AudioSpecificConfig %x: %v", at.AudioConfig, err)
			}
			if conf.SampleRate != e.SampleRate {
				t.Errorf("AudioSpecificConfig says %d Hz, want %d", conf.SampleRate, e.SampleRate)
			}
		}
	}

	var nv, na int
	var lastDTS [2]time.Duration
	seen := [2]bool{}
	for _, u := range units {
		if u.Received.IsZero() {
			t.Fatalf("unit without Received: %+v", u.Track)
		}
		if len(u.Payload) == 0 {
			t.Fatalf("unit without payload")
		}
		for _, n := range u.Payload {
			if len(n) == 0 {
				t.Fatalf("empty NAL unit or frame")
			}
			if u.Track == video && len(n) >= 4 && n[0] == 0 && n[1] == 0 && (n[2] == 1 || n[2] == 0 && n[3] == 1) {
				t.Fatalf("NAL unit with a start code")
			}
		}
		k := 0
		if u.Track == audio {
			k = 1
		}
		if seen[k] && u.DTS < lastDTS[k] {
			t.Errorf("track %d: DTS %v after %v", u.Track, u.DTS, lastDTS[k])
		}
		seen[k], lastDTS[k] = true, u.DTS
		if u.PTS < u.DTS {
			t.Errorf("track %d: PTS %v < DTS %v", u.Track, u.PTS, u.DTS)
		}
		switch u.Track {
		case video:
			if u.Key != (nv%e.GOP == 0) {
				t.Errorf("video unit %d: Key %v, want a keyframe every %d", nv, u.Key, e.GOP)
			}
			nv++
		case audio:
			if u.Key || u.PTS != u.DTS || len(u.Payload) != 1 {
				t.Errorf("audio unit %d: key %v, PTS %v DTS %v, %d frames", na, u.Key, u.PTS, u.DTS, len(u.Payload))
			}
			na++
		default:
			t.Fatalf("unit of track %d", u.Track)
		}
	}
	if nv < e.VideoUnits-2 || nv > e.VideoUnits+2 {
		t.Errorf("%d video units, want %d±2", nv, e.VideoUnits)
	}
	if audio >= 0 && (na < e.AudioUnits-e.AudioTo || na > e.AudioUnits+e.AudioTo) {
		t.Errorf("%d audio units, want %d±%d", na, e.AudioUnits, e.AudioTo)
	}
	t.Logf("%d video units, %d audio units; DTS %v..%v", nv, na, units[0].DTS, units[len(units)-1].DTS)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Goroutines counts the running goroutines, leaving out those whose
// stack mentions one of ignore (a test's own clients, say).
func Goroutines(ignore ...string) int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
next:
	for _, g := range strings.Split(string(buf), "\n\n") {
		if !strings.HasPrefix(g, "goroutine ") {
			continue
		}
		for _, s := range ignore {
			if strings.Contains(g, s) {
				continue next
			}
		}
		count++
	}
	return count
}

// WaitGoroutines waits until no more than n goroutines run, leaving out
// those Goroutines(ignore...) does.
func WaitGoroutines(t testing.TB, n int, within time.Duration, ignore ...string) {
	t.Helper()
	deadline := time.Now().Add(within)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for Goroutines(ignore...) > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("%d goroutines after %v, want ≤ %d:\n%s", Goroutines(ignore...), within, n, buf)
		}
		<-tick.C
	}
}

// Describe is a short description of a publish's units, for logs.
func Describe(p *Publish) string {
	return fmt.Sprintf("%d units", len(p.Units()))
}

// StopServe returns the stop of a server whose Serve runs with a context
// cancel ends and reports on done: it cancels, then fails the test unless
// Serve returned nil within 5 s. It runs at the end of the test too;
// calling it again does nothing.
func StopServe(t *testing.T, cancel context.CancelFunc, done <-chan error) (stop func()) {
	t.Helper()
	stopped := false
	stop = func() {
		t.Helper()
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Serve still running 5s after its context ended")
		}
	}
	t.Cleanup(stop)
	return stop
}

// RequireDroppedWhenFrozen freezes the publisher (SIGSTOP) once its publish
// has started and fails the test unless the ingest ends the publish with
// a deadline exceeded within 5 s: a silent publisher is dropped at the
// server's ReadTimeout.
func RequireDroppedWhenFrozen(t *testing.T, ff *FFmpeg, p *Publish) {
	t.Helper()
	p.WaitStart(t, 15*time.Second)
	if err := ff.Cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	stopped := time.Now()
	err := p.WaitEnd(t, 5*time.Second)
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("End(%v), want a deadline exceeded", err)
	}
	t.Logf("dropped %v after the publisher stopped", time.Since(stopped))
	ff.Kill()
}
