package media

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// ProcessOptions says what to process and where.
type ProcessOptions struct {
	Source string // path of the source file
	OutDir string // every output lands here, and nowhere else
	// WorkDir holds scratch files (the early playable set); it defaults to
	// OutDir/.work and is removed before Process returns when defaulted.
	WorkDir string
	Ladder  LadderOptions
	// OnPlayable, when set, is called once, as early as possible, with a
	// folder holding a playable set (playlist.m3u8 and what it lists). For a
	// standard source (H.264 ≤ 1080p yuv420p, AAC or no audio, no rotation)
	// it is a finished remux of the source under WorkDir, written before any
	// encode and handed over: Process never reads or writes it again, so the
	// callee may move it. Otherwise it is OutDir itself (Playable.Live) as
	// soon as the smallest rendition (and the first audio track) have a
	// first segment: its master lists just that rendition, with an EVENT
	// playlist rewritten after every segment, until Process returns; such a
	// folder can only be served in place. The call runs concurrently with
	// encoding and its error is returned by Process.
	OnPlayable func(ctx context.Context, p Playable) error
	// OnProgress, when set, is called after each encoded segment with the
	// share of the source's duration that every rendition has encoded
	// (0 to 1), from any goroutine, never concurrently. Pictures and
	// packaging after the encode are not counted: they take seconds.
	OnProgress func(done float64)
	// OnEarlyDone, when set, is called once, from any goroutine, when the
	// early pass of an early-first encode (the smallest rendition and the
	// audio, at normal priority) has encoded the whole source: what is
	// left is the ladder pass, 10 nice levels lower. A worker gives the
	// early slot to the next upload then, not when the ladder ends. It is
	// not called for other encodes (a remuxed source, one rendition).
	OnEarlyDone func()
	// PosterTime picks the poster's frame; nil chooses a representative one.
	PosterTime *time.Duration
	// Storyboard shapes the storyboard sprite (zero: the defaults).
	Storyboard StoryboardOptions
	// Background encodes the ladder 10 nice levels lower, as the ladder
	// pass of an early-first encode (transcode_early.go): for a video that
	// plays already (its source was remuxed), nobody waits for this encode,
	// and an early pass beside it (another upload's, at normal priority)
	// must take the cores first. It costs nothing on idle cores. An
	// early-first encode ignores it: its ladder pass runs lower anyway.
	Background bool
	// EarlyOnly encodes the early pass alone: the smallest rendition and
	// the audio, published through OnPlayable (required) as it grows, its
	// playlists finished (VOD) at the end; no other rendition, no
	// pictures. It is for a source whose ladder is encoded elsewhere, in
	// chunks, so that it plays long before they are stitched. The Manifest
	// returned describes the early set. For a standard source, whose remux
	// OnPlayable receives, there is nothing more to encode.
	EarlyOnly bool
	// LadderOnly skips the pictures and the audio-only file: for measuring
	// the ladder alone against an ffmpeg command that makes only the ladder.
	LadderOnly bool
	// SharedDecodeBytes, when positive, has the ladder pass of an
	// early-first encode encode the pictures the early pass decoded,
	// rather than decode the source a second time, and bounds the bytes
	// of those waiting for it (RecommendedSharedDecodeBytes holds the
	// first segment of a 1080p source). When they would not fit while
	// the early pass may not wait (before the ladder pass starts, or with
	// the early pass less than a segment ahead of a viewer who started
	// playing at its first segment), the ladder pass decodes the source
	// itself, as without sharing. 0, the default, never shares: where the
	// first touch of a page of memory costs as much as on the benchmark
	// machine (a VM: 4–5 s of CPU a GiB), the held pictures cost more
	// than the decode they save on a short source, and the early pass,
	// which allocates them before its first segment, is playable 1.6–3×
	// later (BENCHMARKS.md, "Session 20").
	SharedDecodeBytes int64
	Logger            *slog.Logger
	// Info is the source's Probe result when the caller already has it;
	// nil probes the source (probing reads and decodes its first frames).
	Info *Info
}

// Playable is a folder holding a playable set of a source being processed.
type Playable struct {
	Dir string
	// Live marks a folder the ladder is still writing: its playlists grow
	// until Process returns, so it must be published by reference (served
	// in place), never moved or copied.
	Live bool
}

// Process probes the source, plans the ladder, decodes once and encodes
// every rendition and audio track, packages CMAF + HLS + DASH + MP4 into
// OutDir, makes the pictures (poster, storyboard, clip) and the audio-only
// file, and returns the Manifest (also written as OutDir/media.json).
func Process(ctx context.Context, opts ProcessOptions) (*Manifest, error) {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if opts.Source == "" || opts.OutDir == "" {
		return nil, errors.New("processing: source and output folder are required")
	}
	if opts.EarlyOnly && opts.OnPlayable == nil {
		return nil, errors.New("processing: an early pass alone needs OnPlayable")
	}
	started := time.Now()
	info := opts.Info
	if info == nil {
		var err error
		if info, err = Probe(ctx, opts.Source); err != nil {
			return nil, err
		}
	}
	ladderOpts := opts.Ladder.withDefaults()
	renditions, err := planSource(info, ladderOpts)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating output folder: %w", err)
	}
	workDir := opts.WorkDir
	if workDir == "" {
		workDir = filepath.Join(opts.OutDir, ".work")
		defer os.RemoveAll(workDir)
	}
	logger.InfoContext(ctx, "media: planned", "source", opts.Source, "duration", info.Duration,
		"renditions", len(renditions), "audio_tracks", len(info.Audio))

	playable := newPlayableNotifier(ctx, opts.OnPlayable, logger, started)
	defer playable.wait()

	live := map[string]bool{}
	if opts.OnPlayable != nil && isStandardSource(info) {
		dir := filepath.Join(workDir, "playable")
		if err := remuxPlayable(ctx, opts.Source, info, dir, ladderOpts); err != nil {
			// The ladder still makes the video playable; only later.
			logger.WarnContext(ctx, "media: early remux failed", "err", err)
		} else {
			playable.notify(Playable{Dir: dir})
		}
	}
	if opts.OnPlayable != nil && !playable.done() {
		if len(renditions) > 0 {
			live[renditions[0].Name] = true
		}
		if len(info.Audio) > 0 {
			live["audio/0"] = true
		}
	}

	var out *ladderOutput
	job := ladderJob{
		source: opts.Source, info: info, renditions: renditions, opts: ladderOpts,
		outDir: opts.OutDir, logger: logger, live: live, onEarlyDone: opts.OnEarlyDone,
		sharedDecodeBytes: opts.SharedDecodeBytes,
	}
	var mu sync.Mutex
	var tracks *ladderOutput // set before the first segment
	var lastProgress float64
	job.onStart = func(o *ladderOutput) {
		mu.Lock()
		if tracks == nil {
			tracks = &ladderOutput{}
		}
		tracks.add(o) // once per pass (transcodeEarlyFirst runs two)
		mu.Unlock()
	}
	job.onSegment = func() {
		mu.Lock()
		defer mu.Unlock()
		if tracks == nil {
			return
		}
		if opts.OnProgress != nil {
			if done := encodedShare(tracks, info.Duration); done > lastProgress {
				lastProgress = done
				opts.OnProgress(done)
			}
		}
		if len(live) == 0 || playable.done() {
			return
		}
		if m := earlyManifest(tracks, info, ladderOpts); m != nil {
			if err := WriteMasterPlaylist(opts.OutDir, m); err != nil {
				logger.WarnContext(ctx, "media: writing early master", "err", err)
				return
			}
			playable.notify(Playable{Dir: opts.OutDir, Live: true})
		}
	}
	switch {
	case opts.EarlyOnly:
		return encodeEarlyOnly(ctx, opts, job, playable)
	case len(live) > 0 && len(renditions) > 1:
		out, err = transcodeEarlyFirst(ctx, job)
	case opts.Background:
		out, err = transcodeLowered(ctx, job)
	default:
		out, err = transcodeLadder(ctx, job)
	}
	if err != nil {
		return nil, err
	}
	logger.InfoContext(ctx, "media: encoded", "elapsed", time.Since(started))

	m, err := packageLadder(ctx, opts, info, ladderOpts, out)
	if err != nil {
		return nil, err
	}
	if err := playable.wait(); err != nil {
		return nil, fmt.Errorf("publishing playable set: %w", err)
	}
	logger.InfoContext(ctx, "media: done", "elapsed", time.Since(started))
	return m, nil
}

// encodeEarlyOnly runs the early pass alone (ProcessOptions.EarlyOnly)
// and finishes its playlists, so that the set plays to its end while the
// chunks of the ladder are encoded elsewhere.
func encodeEarlyOnly(ctx context.Context, opts ProcessOptions, job ladderJob, playable *playableNotifier) (*Manifest, error) {
	if len(job.live) == 0 {
		// Remuxed and handed over already: nothing to encode.
		if err := playable.wait(); err != nil {
			return nil, fmt.Errorf("publishing playable set: %w", err)
		}
		return &Manifest{Duration: job.info.Duration, Source: job.info}, nil
	}
	job.renditions = job.renditions[:min(1, len(job.renditions))]
	job.scaleFirst = true
	job.shortFirstSegment = true
	out, err := transcodeLadder(ctx, job)
	if err != nil {
		return nil, err
	}
	if err := out.finishPlaylists(opts.OutDir); err != nil {
		return nil, err
	}
	m := earlyManifest(out, job.info, job.opts)
	if m == nil {
		return nil, newError(CodeTranscodeFailed, "early pass", errors.New("no segment encoded"))
	}
	m.Source = job.info
	if err := WriteMasterPlaylist(opts.OutDir, m); err != nil {
		return nil, err
	}
	// A source shorter than a segment has its first one only now.
	playable.notify(Playable{Dir: opts.OutDir, Live: true})
	if err := playable.wait(); err != nil {
		return nil, fmt.Errorf("publishing playable set: %w", err)
	}
	if job.onEarlyDone != nil {
		job.onEarlyDone()
	}
	return m, nil
}

// packageLadder writes what follows an encode of the whole ladder (one
// encode, or stitched chunks): the media playlists, the MP4 renditions, the
// master playlist, DASH, the pictures and media.json.
func packageLadder(ctx context.Context, opts ProcessOptions, info *Info, ladderOpts LadderOptions, out *ladderOutput) (*Manifest, error) {
	m := buildManifest(out, info, ladderOpts)
	if err := out.finishPlaylists(opts.OutDir); err != nil {
		return nil, err
	}
	for i := range m.Renditions {
		if err := writeProgressiveMP4(ctx, opts.OutDir, &m.Renditions[i], m.AudioTracks); err != nil {
			return nil, err
		}
	}
	if err := WriteMasterPlaylist(opts.OutDir, m); err != nil {
		return nil, err
	}
	if err := WriteDASHManifest(opts.OutDir, m); err != nil {
		return nil, err
	}
	if !opts.LadderOnly {
		if err := makeSideFiles(ctx, opts, m); err != nil {
			return nil, err
		}
	}
	if err := WriteManifest(opts.OutDir, m); err != nil {
		return nil, err
	}
	return m, nil
}

// finishPlaylists writes every track's media playlist in outDir as a
// finished (VOD) playlist of the segments on disk.
func (o *ladderOutput) finishPlaylists(outDir string) error {
	for _, v := range o.videos {
		if err := writeMediaPlaylist(filepath.Join(outDir, v.rendition.Name), v.track.completedSegments(), true); err != nil {
			return err
		}
	}
	for _, a := range o.audios {
		if err := writeMediaPlaylist(filepath.Join(outDir, "audio", a.id), a.track.completedSegments(), true); err != nil {
			return err
		}
	}
	return nil
}

// encodedShare is the share of duration that the slowest video rendition
// (or, without video, audio track) has on disk, capped at 1.
func encodedShare(out *ladderOutput, duration float64) float64 {
	if duration <= 0 {
		return 0
	}
	least := -1.0
	measure := func(segs []segmentInfo) {
		var d float64
		for _, sg := range segs {
			d += sg.Duration
		}
		if least < 0 || d < least {
			least = d
		}
	}
	for _, v := range out.videos {
		measure(v.track.completedSegments())
	}
	if len(out.videos) == 0 {
		for _, a := range out.audios {
			measure(a.track.completedSegments())
		}
	}
	if least <= 0 {
		return 0
	}
	return min(least/duration, 1)
}

// buildManifest describes the finished tracks.
func buildManifest(out *ladderOutput, info *Info, opts LadderOptions) *Manifest {
	m := &Manifest{
		Duration: info.Duration, Source: info,
		HLS: MasterPlaylistFile, DASH: DASHManifestFile,
		SegmentTime: opts.SegmentTime.Seconds(),
		Renditions:  []RenditionFiles{}, AudioTracks: []AudioTrack{}, Subtitles: []SubtitleTrack{},
	}
	for _, v := range out.videos {
		segs := v.track.completedSegments()
		avg, peak := v.track.bitrates()
		var size int64
		for _, s := range segs {
			size += s.Size
		}
		m.Renditions = append(m.Renditions, RenditionFiles{
			Rendition: v.rendition, Codecs: v.track.codecs, Bitrate: avg, PeakBitrate: peak, Size: size,
			Playlist: relURI(v.rendition.Name, MediaPlaylistFile), Init: relURI(v.rendition.Name, InitSegmentFile),
			Segments: toSegments(v.rendition.Name, segs), Timescale: v.track.timescale,
		})
		if v.rendition.Width*v.rendition.Height >= m.Width*m.Height {
			m.Width, m.Height = v.rendition.Width, v.rendition.Height
		}
	}
	for i, a := range out.audios {
		avg, peak := a.track.bitrates()
		folder := relURI("audio", a.id)
		m.AudioTracks = append(m.AudioTracks, AudioTrack{
			ID: a.id, SourceIndex: a.stream.Index, Language: a.stream.Language,
			Label: audioLabel(a.stream, i), Default: i == 0, Codecs: a.track.codecs,
			Channels: 2, SampleRate: audioSampleRate, Bitrate: avg, PeakBitrate: peak,
			Playlist: relURI(folder, MediaPlaylistFile), Init: relURI(folder, InitSegmentFile),
			Segments: toSegments(folder, a.track.completedSegments()), Timescale: a.track.timescale,
		})
	}
	return m
}

// earlyManifest describes the first live rendition and audio track once
// both have a segment; nil until then.
func earlyManifest(out *ladderOutput, info *Info, opts LadderOptions) *Manifest {
	m := &Manifest{Duration: info.Duration, HLS: MasterPlaylistFile}
	if len(out.videos) > 0 {
		v := out.videos[0]
		if len(v.track.completedSegments()) == 0 {
			return nil
		}
		m.Renditions = append(m.Renditions, RenditionFiles{
			Rendition: v.rendition, Codecs: v.track.codecs,
			Bitrate: v.rendition.MaxBitrate, PeakBitrate: v.rendition.MaxBitrate,
			Playlist: relURI(v.rendition.Name, MediaPlaylistFile),
		})
	}
	if len(out.audios) > 0 {
		a := out.audios[0]
		if len(a.track.completedSegments()) == 0 {
			return nil
		}
		m.AudioTracks = append(m.AudioTracks, AudioTrack{
			ID: a.id, Language: a.stream.Language, Label: audioLabel(a.stream, 0), Default: true,
			Codecs: a.track.codecs, Channels: 2, Bitrate: opts.AudioBitrate, PeakBitrate: opts.AudioBitrate,
			Playlist: relURI("audio", a.id, MediaPlaylistFile),
		})
	}
	return m
}

func audioLabel(a AudioStream, i int) string {
	switch {
	case a.Title != "":
		return a.Title
	case LanguageName(a.Language) != "":
		return LanguageName(a.Language)
	case a.Language != "":
		return a.Language
	case i == 0:
		return "Default"
	}
	return fmt.Sprintf("Audio %d", i+1)
}

// playableNotifier calls OnPlayable at most once, in its own goroutine, and
// remembers its outcome.
type playableNotifier struct {
	ctx     context.Context
	fn      func(context.Context, Playable) error
	logger  *slog.Logger
	started time.Time
	once    sync.Once
	mu      sync.Mutex
	called  bool
	wg      sync.WaitGroup
	err     error
}

func newPlayableNotifier(ctx context.Context, fn func(context.Context, Playable) error, logger *slog.Logger, started time.Time) *playableNotifier {
	return &playableNotifier{ctx: ctx, fn: fn, logger: logger, started: started}
}

func (p *playableNotifier) done() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.called
}

func (p *playableNotifier) notify(set Playable) {
	if p.fn == nil {
		return
	}
	p.once.Do(func() {
		p.mu.Lock()
		p.called = true
		p.mu.Unlock()
		p.logger.InfoContext(p.ctx, "media: playable", "dir", set.Dir, "live", set.Live, "elapsed", time.Since(p.started))
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			if err := p.fn(p.ctx, set); err != nil {
				p.mu.Lock()
				p.err = err
				p.mu.Unlock()
			}
		}()
	})
}

func (p *playableNotifier) wait() error {
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// pictureRendition is the rendition pictures are cut from: the largest
// H.264 one (every FFmpeg decodes it fast; an AV1 or HEVC rung may be as
// large, never larger), or the last one when there is no H.264. m has a
// rendition.
func (m *Manifest) pictureRendition() *RenditionFiles {
	pick := &m.Renditions[len(m.Renditions)-1]
	for i := range m.Renditions {
		r := &m.Renditions[i]
		if r.Codec == "h264" && (pick.Codec != "h264" || r.Width*r.Height >= pick.Width*pick.Height) {
			pick = r
		}
	}
	return pick
}

// makeSideFiles writes the poster, storyboard and clip from the finished
// ladder, and the audio-only file from the source, recording them in m. A
// source without video gets none of the pictures; one without audio gets
// no audio file.
func makeSideFiles(ctx context.Context, opts ProcessOptions, m *Manifest) error {
	if len(m.Renditions) > 0 {
		// The smallest rendition decodes fastest and is upright already.
		small := filepath.Join(opts.OutDir, m.Renditions[0].MP4)
		posterSource := opts.Source
		if m.Source != nil && m.Source.Video != nil && m.Source.Video.HDR {
			// The source's pixels are HDR; the largest rendition is the
			// same picture tone-mapped to SDR.
			posterSource = filepath.Join(opts.OutDir, m.pictureRendition().MP4)
		}
		at := opts.PosterTime
		if at != nil && m.Duration > 0 {
			d := min(*at, time.Duration(m.Duration*float64(time.Second)))
			at = &d
		}
		poster, err := Poster(ctx, posterSource, at, opts.OutDir)
		if err != nil {
			return err
		}
		m.Poster = &PosterFiles{Time: poster.Time.Seconds(), Width: poster.Width, Height: poster.Height,
			JPEG: "poster.jpg", WebP: "poster.webp"}
		if err := Storyboard(ctx, small, opts.OutDir, opts.Storyboard); err != nil {
			return err
		}
		m.Storyboard = &StoryboardFiles{Image: "storyboard.jpg", VTT: "storyboard.vtt"}
		if err := Clip(ctx, small, filepath.Join(opts.OutDir, ClipFile), ClipOptions{}); err != nil {
			return err
		}
		m.Clip = ClipFile
	}
	if _, err := os.Stat(filepath.Join(opts.OutDir, AudioFile)); err == nil && len(m.AudioTracks) > 0 {
		m.Audio = AudioFile // made beside the audio tracks (EncodeAudio)
	} else if len(m.AudioTracks) > 0 {
		err := AudioM4A(ctx, opts.Source, filepath.Join(opts.OutDir, AudioFile))
		switch {
		case err == nil:
			m.Audio = AudioFile
		case !errors.Is(err, ErrNoAudio):
			return err
		}
	}
	return nil
}
