package livesession

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/llhls"
	"github.com/reelvideo/reel/videohost/playable"
)

// session is one live session: its video, its packager and its folder.
type session struct {
	s       *Sessions
	stream  videohost.LiveStream
	videoID string
	dir     string // live/ (the packager's), out/ (the recording's)
	mux     *llhls.Muxer
	pub     live.Publish // mux, or mux with the lower rungs (Config.Rungs)
	early   *playable.Set

	mu        sync.Mutex
	published bool
}

// Start creates the session's video with its first publish's media.
func (x *session) Start(tracks []live.Track) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.videoID == "" {
		id, err := x.s.startVideo(x.s.base, x)
		if err != nil {
			return err
		}
		x.videoID = id
		if owner := x.s.cfg.Owner; owner != "" {
			// Not fatal: this process serves the session all the same;
			// the others' viewers have standard HLS from the blob store.
			if err := x.s.cfg.Domain.ClaimLiveSession(x.s.base, id, owner); err != nil {
				x.warn(x.s.base, "live: recording the session's process", err)
			}
		}
		x.early = playable.New(x.s.base, x.s.cfg.Domain, id, playable.Options{Copy: true, Logger: x.s.cfg.Logger})
	}
	return x.pub.Start(tracks)
}

func (x *session) WriteUnit(u live.Unit) error { return x.pub.WriteUnit(u) }
func (x *session) End(err error)               { x.pub.End(err) }
func (x *session) liveDir() string             { return filepath.Join(x.dir, "live") }
func (x *session) logAttrs() []any             { return []any{"stream", x.stream.ID, "video", x.videoID} }
func (x *session) warn(ctx context.Context, msg string, err error) {
	x.s.cfg.Logger.WarnContext(ctx, msg, append(x.logAttrs(), "err", err)...)
}

// stored hears that the packager stored a file: the session's set is
// published as the video's early version once its multivariant
// playlist.m3u8 is there (it plays as standard HLS then, every file it
// reaches stored before it), and copied as it grows after each playlist.
// The set is copied to the blob store, never linked, whatever the store:
// the session's folder goes when the recording is packaged, while players
// that loaded the live playlists play on from the copy for the replaced
// version's grace.
func (x *session) stored(name string) {
	if path.Ext(name) != ".m3u8" {
		return
	}
	x.mu.Lock()
	published, early := x.published, x.early
	x.mu.Unlock()
	if early == nil {
		return
	}
	if published {
		early.Grew()
		return
	}
	if name != "playlist.m3u8" {
		return
	}
	out := &videohost.ProcessOutput{Live: true, Source: videohost.SourceInfo{Container: "live", LiveStream: x.stream.ID}}
	if err := early.Publish(x.s.base, x.liveDir(), out); err != nil {
		x.warn(x.s.base, "live: publishing the session's set", err)
		return
	}
	x.mu.Lock()
	x.published = true
	x.mu.Unlock()
}

// Finish ends the session: the packager's VOD playlists, then the
// recording made into the video's ready version.
func (x *session) Finish(ctx context.Context) error {
	defer x.s.ended(x)
	x.mu.Lock()
	videoID := x.videoID
	x.mu.Unlock()
	if videoID == "" {
		// No media ever flowed: no video, nothing recorded.
		if err := x.mux.Finish(ctx); err != nil {
			x.warn(ctx, "live: finishing a session without media", err)
		}
		return os.RemoveAll(x.dir)
	}
	if !x.stream.Record {
		// Live only: the session leaves no video.
		x.early.Stop()
		if err := x.mux.Finish(ctx); err != nil {
			x.warn(ctx, "live: finishing a session that is not recorded", err)
		}
		if err := x.s.cfg.Domain.DeleteLiveVideo(ctx, videoID); err != nil {
			return fmt.Errorf("deleting the video of a session not recorded: %w", err)
		}
		x.s.cfg.Logger.InfoContext(ctx, "live: session ended, not recorded", x.logAttrs()...)
		return os.RemoveAll(x.dir)
	}
	if err := x.mux.Finish(ctx); err != nil {
		x.early.Stop()
		return x.fail(ctx, fmt.Errorf("finishing the live playlists: %w", err))
	}
	x.early.Finish(ctx)
	return x.packageRecording(ctx)
}

// packageRecording makes what the packager stored into the video's ready
// version, and removes the session's folder.
func (x *session) packageRecording(ctx context.Context) error {
	rec, err := x.recording()
	if err != nil {
		return x.fail(ctx, err)
	}
	rec.OutDir = filepath.Join(x.dir, "out")
	if err := os.RemoveAll(rec.OutDir); err != nil { // a packaging cut short before
		return err
	}
	out, err := x.s.cfg.Recorder.PackageRecording(ctx, rec)
	if err != nil {
		return x.fail(ctx, fmt.Errorf("packaging the recording: %w", err))
	}
	out.Source.LiveStream = x.stream.ID
	if _, err := x.s.cfg.Domain.PublishReady(ctx, x.videoID, rec.OutDir, out); err != nil {
		return fmt.Errorf("publishing the recording: %w", err)
	}
	x.s.cfg.Logger.InfoContext(ctx, "live: recording ready", x.logAttrs()...)
	return os.RemoveAll(x.dir)
}

// fail ends the video errored: a session with nothing recorded, or whose
// recording could not be packaged.
func (x *session) fail(ctx context.Context, cause error) error {
	code := videohost.VideoErrTranscodeFailed
	if _, err := x.s.cfg.Domain.Fail(ctx, x.videoID, code, cause.Error()); err != nil {
		x.warn(ctx, "live: marking the session's video errored", err)
	}
	if err := os.RemoveAll(x.dir); err != nil {
		x.warn(ctx, "live: removing the session's folder", err)
	}
	return cause
}

// recording lists the packager's tracks (Reel's layout: the video's
// rung folder, such as h264_hd, the lower rungs encoded live, such as
// h264_sd, and audio/0): each folder holds one init segment and numbered
// segments. The largest rung is the published picture.
func (x *session) recording() (live.Recording, error) {
	var rec live.Recording
	var videos []live.RecordedTrack
	err := filepath.WalkDir(x.liveDir(), func(p string, e os.DirEntry, err error) error {
		if err != nil || !e.IsDir() || p == x.liveDir() {
			return err
		}
		t, err := recordedTrack(p)
		if err != nil || t == nil {
			return err
		}
		rel, _ := filepath.Rel(x.liveDir(), p)
		if strings.HasPrefix(filepath.ToSlash(rel), "audio/") {
			rec.Audio = append(rec.Audio, *t)
		} else {
			t.Name = filepath.ToSlash(rel)
			videos = append(videos, *t)
		}
		return nil
	})
	sort.SliceStable(videos, func(i, j int) bool {
		return live.RenditionRank(videos[i].Name) < live.RenditionRank(videos[j].Name)
	})
	if n := len(videos); n > 0 {
		rec.Video, rec.Rungs = &videos[n-1], videos[:n-1]
	}
	if err != nil {
		return rec, fmt.Errorf("reading the recording: %w", err)
	}
	if rec.Video == nil && len(rec.Audio) == 0 {
		return rec, fmt.Errorf("nothing was recorded")
	}
	return rec, nil
}

// recordedTrack reads one track's folder; nil when it holds no segment.
func recordedTrack(dir string) (*live.RecordedTrack, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var inits []string
	type numbered struct {
		n    int
		path string
	}
	var segs []numbered
	for _, e := range entries {
		name := e.Name()
		switch ext := path.Ext(name); {
		case ext == ".mp4" && strings.HasPrefix(name, "init"):
			inits = append(inits, filepath.Join(dir, name))
		case ext == ".m4s":
			n, err := strconv.Atoi(strings.TrimSuffix(name, ext))
			if err != nil {
				continue
			}
			segs = append(segs, numbered{n, filepath.Join(dir, name)})
		}
	}
	if len(segs) == 0 {
		return nil, nil
	}
	if len(inits) != 1 {
		// A publisher that came back with other parameter sets made a
		// recording of two encodings: not one rendition.
		return nil, fmt.Errorf("%s: %d init segments (the publisher changed its encoding mid-session)", filepath.Base(dir), len(inits))
	}
	sort.Slice(segs, func(i, j int) bool { return segs[i].n < segs[j].n })
	t := &live.RecordedTrack{Init: inits[0]}
	for _, s := range segs {
		t.Segments = append(t.Segments, s.path)
	}
	return t, nil
}

// watchedStorage is the packager's folder, telling the session of each
// file stored.
type watchedStorage struct {
	llhls.DirStorage
	onPut func(name string)
}

func (w *watchedStorage) Put(ctx context.Context, name string, data []byte) error {
	if err := w.DirStorage.Put(ctx, name, data); err != nil {
		return err
	}
	w.onPut(name)
	return nil
}
