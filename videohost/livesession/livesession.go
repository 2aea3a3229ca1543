package livesession

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/llhls"
	"github.com/reelvideo/reel/videohost/playable"
)

// Domain is what live sessions need of a video's lifecycle;
// *videohost.Jobs is one.
type Domain interface {
	playable.Domain
	StartLiveVideo(ctx context.Context, in videohost.LiveVideoInput) (*videohost.Video, error)
	PublishReady(ctx context.Context, videoID, dir string, out *videohost.ProcessOutput) (*videohost.Video, error)
	Fail(ctx context.Context, videoID, code, message string) (*videohost.Video, error)
	// DeleteLiveVideo deletes a session's video that is not recorded.
	DeleteLiveVideo(ctx context.Context, videoID string) error
	// ClaimLiveSession and ReleaseLiveSession record which process a
	// session runs on (Config.Owner), for the others' api to reach it.
	ClaimLiveSession(ctx context.Context, videoID, url string) error
	ReleaseLiveSession(ctx context.Context, videoID string) error
	// LiveSessionOwner is the process a session's video records, "" for
	// none.
	LiveSessionOwner(ctx context.Context, videoID string) (string, error)
	// VideoByID, CheckoutAssets and Blobs read and prune the set a
	// session's process copied to the blob store (liveset.go): a
	// publisher that reaches this process after that one died takes the
	// session over with them.
	VideoByID(ctx context.Context, id string) (*videohost.Video, error)
	CheckoutAssets(ctx context.Context, v *videohost.Video, dir string) error
	Blobs() videohost.Blobs
	// SpaceWithUsage is a space with its quotas and what it holds: a
	// publisher whose space is at its max_minutes is refused.
	SpaceWithUsage(ctx context.Context, id string) (*videohost.Space, error)
}

// Streams resolves stream keys and renders the data of a stream's
// live_stream.* events (the stream as the API shows it, never its key,
// with the video of the session); *liveadmin.Streams is one.
type Streams interface {
	Authorize(ctx context.Context, streamKey string) (*videohost.LiveStream, error)
	EventData(ls *videohost.LiveStream, videoID string) ([]byte, error)
}

// States records a live stream's state and the event that reports it, in
// one transaction; the store's videohost.LiveStreamStore is one.
type States interface {
	SetLiveStreamState(ctx context.Context, id, state, activeVideoID, lastVideoID string, at time.Time, event videohost.LiveStreamEventData) error
}

// Recorder makes a finished session's recording into a video's assets;
// the FFmpeg pipeline (videohost/transcode) is one.
type Recorder interface {
	PackageRecording(ctx context.Context, rec live.Recording) (*videohost.ProcessOutput, error)
}

// Config configures Sessions. Domain, Streams, States, Recorder and
// WorkDir are required.
type Config struct {
	Domain   Domain
	Streams  Streams
	States   States
	Recorder Recorder
	// WorkDir holds each session's folder (the packager's output, then
	// the recording's); a session's folder is removed once its video is
	// ready or errored.
	WorkDir string
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// Now defaults to time.Now.
	Now func() time.Time
	// Owner is the URL other processes reach this one's HTTP at: each
	// session's video records it while the session runs, and their api
	// passes its low-latency HLS requests on to it. "" records nothing
	// (one process, or a balancer that sends /live/ to the ingest), and
	// takes no session over.
	Owner string
	// OwnerAlive reports whether the process at an owner's URL is up; a
	// publisher whose stream's session runs on another process is refused
	// while it is (live.ErrBusy), and takes the session over once it is
	// not. The default asks its GET /healthz: any answer within 3 s is
	// alive.
	OwnerAlive func(ctx context.Context, url string) bool
	// Rungs, when set, wraps each session's packager so that its publishes
	// bring the lower rungs of the video (transcode/liveladder's New, which links
	// FFmpeg: this package does not); nil passes the published picture
	// through alone.
	Rungs func(next live.Publish) live.Publish
}

// Sessions implements live.Directory and live.Lifecycle for a live.Hub.
type Sessions struct {
	cfg Config
	// base outlives the connections: a session's copies and its recording
	// run in it.
	base context.Context

	mu      sync.Mutex
	streams map[string]*videohost.LiveStream // by id, as Authorize last saw them
	byVideo map[string]*session
	// current and lastVideo are each stream's running session's video
	// and its latest session's, by stream id; finished is the video of
	// the session that just ended ("" when it had none), until the stream
	// is reported idle.
	current, lastVideo, finished map[string]string
	// open counts each stream's sessions not finished yet.
	open map[string]int
	// takeovers are the sessions another process ran and left (it died),
	// taken over by Authorize and waiting for the hub's Open, by stream id.
	takeovers map[string]*session
	// fetching marks the streams whose session Authorize is taking over.
	fetching map[string]bool
}

// New returns Sessions; base is the context of the process that runs
// them.
func New(base context.Context, cfg Config) (*Sessions, error) {
	if cfg.Domain == nil || cfg.Streams == nil || cfg.States == nil || cfg.Recorder == nil || cfg.WorkDir == "" {
		return nil, errors.New("livesession: Domain, Streams, States, Recorder and WorkDir are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.OwnerAlive == nil {
		cfg.OwnerAlive = healthy
	}
	return &Sessions{cfg: cfg, base: context.WithoutCancel(base),
		streams: make(map[string]*videohost.LiveStream), byVideo: make(map[string]*session),
		current: make(map[string]string), lastVideo: make(map[string]string), finished: make(map[string]string),
		open: make(map[string]int), takeovers: make(map[string]*session), fetching: make(map[string]bool)}, nil
}

var (
	_ live.Directory = (*Sessions)(nil)
	_ live.Lifecycle = (*Sessions)(nil)
)

// Authorize implements live.Directory. A key that is no stream's is
// live.ErrUnknownKey; a stream whose space already holds its max_minutes
// is live.ErrOverQuota (the ingest refuses the publisher at the
// handshake), unless its session is running and the publisher comes back
// to it within the reconnect window.
func (s *Sessions) Authorize(ctx context.Context, key string) (live.Stream, error) {
	ls, err := s.cfg.Streams.Authorize(ctx, key)
	if videohost.IsNotFound(err) {
		return live.Stream{}, live.ErrUnknownKey
	}
	if err != nil {
		return live.Stream{}, err
	}
	video, err := s.takeover(ctx, ls)
	if err != nil {
		return live.Stream{}, err
	}
	var taken *session
	if video != "" {
		// The session is fetched and resumed here, before the hub opens
		// it: the hub opens sessions one at a time, and a long session's
		// fetch must not hold up the other streams' publishers. A
		// publisher whose handshake timed out during the fetch and came
		// back has it ready; one that comes while it runs is refused.
		s.mu.Lock()
		ready, fetching := s.takeovers[ls.ID], s.fetching[ls.ID]
		if ready != nil && ready.videoID == video {
			delete(s.takeovers, ls.ID)
			taken = ready
		} else if !fetching {
			s.fetching[ls.ID] = true
		}
		s.mu.Unlock()
		if taken == nil && fetching {
			return live.Stream{}, fmt.Errorf("%w: the session is being taken over", live.ErrBusy)
		}
		if taken == nil {
			// Not cut short when the publisher gives up waiting: its
			// retry takes the session fetched.
			fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), takeoverTimeout)
			taken, err = s.newSession(fctx, ls, video)
			cancel()
			s.mu.Lock()
			delete(s.fetching, ls.ID)
			s.mu.Unlock()
			if err != nil {
				s.cfg.Logger.ErrorContext(ctx, "live: taking a session over", "stream", ls.ID, "video", video, "err", err)
				return live.Stream{}, err
			}
		}
	} else if err := s.checkQuota(ctx, ls); err != nil {
		return live.Stream{}, err
	}
	s.mu.Lock()
	s.streams[ls.ID] = ls
	old := s.takeovers[ls.ID]
	delete(s.takeovers, ls.ID)
	if taken != nil {
		s.takeovers[ls.ID] = taken
	}
	s.mu.Unlock()
	if old != nil {
		old.discard()
	}
	return live.Stream{ID: ls.ID, Space: ls.Space, ReconnectWindow: time.Duration(ls.ReconnectWindow) * time.Second}, nil
}

// takeover decides what becomes of a publisher whose stream's session
// runs on another process, which the session's video records
// (ClaimLiveSession, Config.Owner): while that process is up, the
// publisher is refused (live.ErrBusy), as a second publisher on one
// process is; once it is down (killed, crashed, its machine gone), the
// publisher takes the session over and takeover returns its video: the
// session goes on here, from what that process copied to the blob store.
// A process is down when its /healthz does not answer (Config.OwnerAlive):
// no lease to refresh, and a process that stopped cleanly has ended its
// sessions and removed their records already. "" is a new session, as
// without several processes.
func (s *Sessions) takeover(ctx context.Context, ls *videohost.LiveStream) (string, error) {
	video := ls.ActiveVideoID
	if s.cfg.Owner == "" || video == "" {
		return "", nil
	}
	s.mu.Lock()
	here := s.current[ls.ID] != "" || s.open[ls.ID] > 0
	s.mu.Unlock()
	if here {
		// This process's session: the hub decides (a reconnect, or busy).
		return "", nil
	}
	owner, err := s.cfg.Domain.LiveSessionOwner(ctx, video)
	if err != nil {
		return "", err
	}
	if owner == "" {
		// No process runs it (it ended), or its process records none.
		return "", nil
	}
	if owner != s.cfg.Owner && s.cfg.OwnerAlive(ctx, owner) {
		s.cfg.Logger.InfoContext(ctx, "live: publisher refused, the stream's session runs on another process", "stream", ls.ID,
			"video", video, "owner", owner)
		return "", fmt.Errorf("%w (on %s)", live.ErrBusy, owner)
	}
	ended, err := s.liveSessionEnded(ctx, video)
	if err != nil || ended {
		return "", err
	}
	s.cfg.Logger.InfoContext(ctx, "live: taking over a session whose process is down", "stream", ls.ID, "video", video, "owner", owner)
	return video, nil
}

// takeoverTimeout bounds the fetch of a session taken over.
const takeoverTimeout = 10 * time.Minute

// healthy is Config.OwnerAlive's default: any answer of the process's
// GET /healthz within 3 s. One that does not answer (connection refused,
// no route, a timeout) is down. The connection's end is not the owner's:
// a publisher that left is not a reason to take a session over.
func healthy(ctx context.Context, url string) bool {
	cctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(cctx, http.MethodGet, url+"/healthz", nil)
	if err != nil {
		return true
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return ctx.Err() != nil
	}
	resp.Body.Close()
	return true
}

// checkQuota refuses a new session in a space at or past its
// max_minutes: its recording could only end errored quota_exceeded.
func (s *Sessions) checkQuota(ctx context.Context, ls *videohost.LiveStream) error {
	s.mu.Lock()
	running := s.current[ls.ID] != ""
	s.mu.Unlock()
	if running {
		return nil
	}
	sp, err := s.cfg.Domain.SpaceWithUsage(ctx, ls.Space)
	if err != nil {
		return fmt.Errorf("reading the space's quotas: %w", err)
	}
	if limit := sp.Quotas.MaxMinutes; limit != nil && sp.Usage != nil && sp.Usage.Minutes >= float64(*limit) {
		s.cfg.Logger.InfoContext(ctx, "live: publisher refused, the space is over its quota", "stream", ls.ID, "space", ls.Space,
			"max_minutes", *limit, "minutes", sp.Usage.Minutes)
		return fmt.Errorf("%w: the space holds %.2f of its %d minutes", live.ErrOverQuota, sp.Usage.Minutes, *limit)
	}
	return nil
}

// Open implements live.Lifecycle: a new session. Its video is created
// when media first flows (the first Start): a publisher that connects and
// leaves without sending any makes none.
func (s *Sessions) Open(ctx context.Context, st live.Stream) (live.Session, error) {
	s.mu.Lock()
	ls := s.streams[st.ID]
	sess := s.takeovers[st.ID]
	delete(s.takeovers, st.ID)
	s.mu.Unlock()
	if ls == nil {
		return nil, fmt.Errorf("livesession: stream %s was not authorized", st.ID)
	}
	if sess == nil {
		var err error
		if sess, err = s.newSession(ctx, ls, ""); err != nil {
			return nil, err
		}
	}
	s.mu.Lock()
	if sess.videoID != "" {
		// A session taken over: its video is there from the start.
		s.byVideo[sess.videoID] = sess
		s.current[ls.ID] = sess.videoID
		s.lastVideo[ls.ID] = sess.videoID
	}
	s.open[ls.ID]++
	s.mu.Unlock()
	return sess, nil
}

// newSession makes a session's folder and packager: a new session's, or
// (takeover, a video) the continuation of one whose process died.
func (s *Sessions) newSession(ctx context.Context, ls *videohost.LiveStream, takeover string) (*session, error) {
	dir := filepath.Join(s.cfg.WorkDir, ls.ID+"-"+videohost.NewID(8))
	if err := os.MkdirAll(filepath.Join(dir, "live"), 0o755); err != nil {
		return nil, fmt.Errorf("livesession: creating the session's folder: %w", err)
	}
	sess := &session{s: s, stream: *ls, dir: dir}
	mcfg := llhls.Config{Storage: &watchedStorage{DirStorage: llhls.DirStorage{Dir: filepath.Join(dir, "live")}, onPut: sess.stored},
		DVRWindow: time.Duration(ls.DVRWindow) * time.Second, Logger: s.cfg.Logger, ReelLayout: true}
	if ls.LatencyMode == videohost.LatencyStandard {
		mcfg.SegmentTarget, mcfg.PartTarget = 4*time.Second, -1
	}
	var mux *llhls.Muxer
	var err error
	if takeover != "" {
		mux, err = s.takeOver(ctx, sess, takeover, mcfg)
	} else {
		mux, err = llhls.NewMuxer(mcfg)
	}
	if err != nil {
		if sess.early != nil {
			sess.early.Stop()
		}
		os.RemoveAll(dir)
		return nil, err
	}
	sess.mux, sess.pub = mux, live.Publish(mux)
	if s.cfg.Rungs != nil {
		sess.pub = s.cfg.Rungs(mux)
	}
	return sess, nil
}

// discard drops a session made for a takeover that was never opened (the
// hub refused the publisher after Authorize, or a newer one came).
func (x *session) discard() {
	if x.early != nil {
		x.early.Stop()
	}
	x.mux.Finish(context.Background())
	os.RemoveAll(x.dir)
}

// takeOver makes sess the continuation of the session of video, which a
// process that died ran: this process claims it (the others' api pass its
// viewers here from now on), fetches what that process copied to the
// blob store into the session's folder, and resumes the packager from it
// (llhls.ResumeMuxer): the publish continues the same playlists after a
// discontinuity, its segments numbered after the stored ones, and the
// recording at the end holds both. What the dead process had not copied
// yet (the segment in flight, at most a segment and its copy) is lost.
func (s *Sessions) takeOver(ctx context.Context, sess *session, video string, mcfg llhls.Config) (*llhls.Muxer, error) {
	ls := sess.stream
	if err := s.cfg.Domain.ClaimLiveSession(ctx, video, s.cfg.Owner); err != nil {
		return nil, fmt.Errorf("livesession: claiming the session of video %s: %w", video, err)
	}
	had, err := s.checkoutLiveSet(ctx, video, sess.liveDir())
	if err != nil {
		return nil, fmt.Errorf("livesession: fetching the stored session of video %s: %w", video, err)
	}
	mux, resumed, err := llhls.ResumeMuxer(ctx, mcfg)
	if err != nil {
		return nil, err
	}
	if had {
		// What the dead process stored past the segment every track
		// reached (its last playlists were being copied) goes: the
		// publish's next segments take its names, and the recording is
		// this folder's segments.
		if err := dropSegmentsFrom(sess.liveDir(), mux.NextMSN()); err != nil {
			return nil, err
		}
		if err := s.pruneLiveSet(ctx, video, sess.liveDir()); err != nil {
			return nil, err
		}
	}
	// What Recover needs, should this process die too.
	note, _ := json.Marshal(sessionNote{Stream: ls.ID, Video: video, Record: ls.Record})
	if err := os.WriteFile(filepath.Join(sess.dir, sessionNoteFile), note, 0o644); err != nil {
		return nil, fmt.Errorf("livesession: writing the session's note: %w", err)
	}
	sess.videoID = video
	sess.early = playable.New(s.base, s.cfg.Domain, video, playable.Options{Copy: true, Logger: s.cfg.Logger})
	if had && resumed {
		// The video's early version is that set: it grows from here.
		sess.early.Adopt(sess.liveDir())
		sess.published = true
	}
	s.cfg.Logger.InfoContext(ctx, "live: session taken over", "stream", ls.ID, "video", video, "resumed", resumed)
	return mux, nil
}

// dropSegmentsFrom removes from a session's folder the segments numbered
// from next on.
func dropSegmentsFrom(dir string, next uint64) error {
	return filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(p) != ".m4s" {
			return err
		}
		n, err := strconv.ParseUint(strings.TrimSuffix(e.Name(), ".m4s"), 10, 64)
		if err != nil || n < next {
			return nil
		}
		return os.Remove(p)
	})
}

// startVideo creates the session's video, the first time media flows.
func (s *Sessions) startVideo(ctx context.Context, sess *session) (string, error) {
	ls := sess.stream
	in := videohost.LiveVideoInput{Space: ls.Space, StreamID: ls.ID, Title: ls.Title, Policy: ls.PlaybackPolicy}
	if ls.CollectionID != "" {
		c := ls.CollectionID
		in.Collection = &c
	}
	v, err := s.cfg.Domain.StartLiveVideo(ctx, in)
	if err != nil {
		return "", err
	}
	// What Recover needs to finish the session if this process dies.
	note, _ := json.Marshal(sessionNote{Stream: ls.ID, Video: v.ID, Record: ls.Record})
	if err := os.WriteFile(filepath.Join(sess.dir, sessionNoteFile), note, 0o644); err != nil {
		return "", fmt.Errorf("livesession: writing the session's note: %w", err)
	}
	s.mu.Lock()
	s.byVideo[v.ID] = sess
	s.current[ls.ID] = v.ID
	s.lastVideo[ls.ID] = v.ID
	s.mu.Unlock()
	s.cfg.Logger.InfoContext(ctx, "live: session started", "stream", ls.ID, "video", v.ID)
	return v.ID, nil
}

// ended forgets a finished session.
func (s *Sessions) ended(sess *session) {
	if sess.videoID != "" && s.cfg.Owner != "" {
		if err := s.cfg.Domain.ReleaseLiveSession(s.base, sess.videoID); err != nil {
			s.cfg.Logger.Warn("live: removing the session's process record", "video", sess.videoID, "err", err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[sess.stream.ID]--; s.open[sess.stream.ID] <= 0 {
		delete(s.open, sess.stream.ID)
	}
	s.finished[sess.stream.ID] = sess.videoID
	if sess.videoID != "" {
		delete(s.byVideo, sess.videoID)
		if s.current[sess.stream.ID] == sess.videoID {
			delete(s.current, sess.stream.ID)
		}
	}
}

// StateChanged implements live.Lifecycle: the stream's state, its
// session's video while one runs, and its latest session's video, with
// the live_stream.<state> event whose video_id is the session's video
// (the one that ended, for idle).
func (s *Sessions) StateChanged(ctx context.Context, st live.Stream, state live.State) {
	s.mu.Lock()
	active, last := s.current[st.ID], s.lastVideo[st.ID]
	if ls := s.streams[st.ID]; ls != nil && last == "" {
		last = ls.LastVideoID
	}
	video := active
	if state == live.StateIdle {
		active, video = "", s.finished[st.ID]
		delete(s.finished, st.ID)
		if s.open[st.ID] > 0 {
			// A publisher came back after the window and opened a new
			// session while this one was finishing: the stream is that
			// session's, not idle.
			s.mu.Unlock()
			return
		}
	}
	s.mu.Unlock()
	event := func(ls *videohost.LiveStream) ([]byte, error) { return s.cfg.Streams.EventData(ls, video) }
	if err := s.cfg.States.SetLiveStreamState(ctx, st.ID, string(state), active, last, s.cfg.Now().UTC(), event); err != nil {
		s.cfg.Logger.WarnContext(ctx, "live: recording a stream's state", "stream", st.ID, "state", state, "err", err)
	}
}

// Handler serves the low-latency HLS of a live video on this process:
// GET {prefix}/{videoID}/… with the packager's names (master.m3u8,
// {track}/playlist.m3u8 with blocking reloads, parts). A video with no
// session here answers 404: it was published elsewhere, or it ended.
func (s *Sessions) Handler(videoID string) (http.Handler, bool) {
	s.mu.Lock()
	sess := s.byVideo[videoID]
	s.mu.Unlock()
	if sess == nil {
		return nil, false
	}
	return sess.mux.Handler(), true
}

// sessionNote is what a session's folder says of it (session.json), so
// that a process started after a crash finishes it (Recover).
type sessionNote struct {
	Stream string `json:"stream"`
	Video  string `json:"video"`
	Record bool   `json:"record"`
}

const sessionNoteFile = "session.json"

// Recover finishes the sessions a process that stopped without ending them
// (a crash, kill -9) left in WorkDir: what their packager had stored —
// every segment it completed — becomes each video's recording, as if its
// reconnect window had passed, and the stream is idle again. A folder
// without a video (no media ever flowed) is removed. Call it once, at
// start, before the ingests accept publishers; it returns once every
// session is finished.
func (s *Sessions) Recover(ctx context.Context) error {
	entries, err := os.ReadDir(s.cfg.WorkDir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("livesession: reading %s: %w", s.cfg.WorkDir, err)
	}
	var errs []error
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(s.cfg.WorkDir, e.Name())
		b, err := os.ReadFile(filepath.Join(dir, sessionNoteFile))
		var note sessionNote
		if err != nil || json.Unmarshal(b, &note) != nil || note.Video == "" {
			if err := os.RemoveAll(dir); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		// Another process may have taken the session over while this one
		// was down (a publisher reconnected there): it is that process's
		// to finish, and may be finished already. Everything this one had
		// copied to the blob store is there; what it had not is lost.
		owner, err := s.cfg.Domain.LiveSessionOwner(ctx, note.Video)
		if err != nil {
			errs = append(errs, err) // the folder stays, for the next start
			continue
		}
		ended, err := s.liveSessionEnded(ctx, note.Video)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if (owner != "" && owner != s.cfg.Owner) || ended {
			s.cfg.Logger.InfoContext(ctx, "live: a session a stopped process left was taken over", "stream", note.Stream,
				"video", note.Video, "owner", owner, "ended", ended)
			if err := os.RemoveAll(dir); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		sess := &session{s: s, stream: videohost.LiveStream{ID: note.Stream}, dir: dir, videoID: note.Video}
		s.cfg.Logger.InfoContext(ctx, "live: finishing a session a stopped process left", "stream", note.Stream, "video", note.Video)
		// The others' api stop passing its requests on to this process.
		if err := s.cfg.Domain.ReleaseLiveSession(ctx, note.Video); err != nil {
			errs = append(errs, err)
		}
		if !note.Record {
			// Not recorded: the session's video goes, as at its end.
			if err := s.cfg.Domain.DeleteLiveVideo(ctx, note.Video); err != nil && !videohost.IsNotFound(err) {
				errs = append(errs, err)
			}
			if err := os.RemoveAll(dir); err != nil {
				errs = append(errs, err)
			}
		} else if err := sess.packageRecording(ctx); err != nil {
			errs = append(errs, err)
		}
		// The stream's live_stream.idle, about the session that ended.
		event := func(ls *videohost.LiveStream) ([]byte, error) { return s.cfg.Streams.EventData(ls, note.Video) }
		if err := s.cfg.States.SetLiveStreamState(ctx, note.Stream, string(live.StateIdle), "", note.Video, s.cfg.Now().UTC(), event); err != nil && !videohost.IsNotFound(err) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
