package transcode

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

// Config configures the FFmpeg pipeline. Zero values are the defaults.
type Config struct {
	// Ladder sets the rendition ladder (qualities, bitrates, preset); the
	// zero value is the default ladder
	// (the source fitted inside the 16:9 boxes sd 640×360, hd 1280×720,
	// fhd 1920×1080, qhd 2560×1440, uhd 3840×2160, turned for a portrait
	// source; libx264 veryfast; keyframes every 2 s).
	Ladder media.LadderOptions
	// StoryboardTiles caps the storyboard sprite (default 100).
	StoryboardTiles int
	Logger          *slog.Logger
	// Command, when set, runs every Process call in a child process, so
	// that FFmpeg crashing on a hostile upload ends one job, not the
	// server: the argv of a command that calls ServeChild
	// (refserver's own "refserver media-process"). Empty (the default)
	// runs the pipeline in this process.
	Command []string
	// CommandEnv is added to the child's environment.
	CommandEnv []string
}

// Pipeline implements videohost.Pipeline with the media package.
type Pipeline struct {
	cfg Config
	log *slog.Logger
}

var _ videohost.Pipeline = (*Pipeline)(nil)

// New returns the FFmpeg pipeline.
func New(cfg Config) *Pipeline {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Pipeline{cfg: cfg, log: log}
}

// Process encodes the ladder and makes every other asset (media.Process).
func (p *Pipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	if len(p.cfg.Command) > 0 {
		return p.processInChild(ctx, in)
	}
	ladder, err := p.ladderFor(in.Codecs)
	if err != nil {
		return nil, err
	}
	info, err := media.Probe(ctx, in.Source)
	if err != nil {
		return nil, mediaError(err)
	}
	opts := media.ProcessOptions{
		Source: in.Source, OutDir: in.OutDir, WorkDir: in.WorkDir,
		Ladder: ladder, Logger: p.log, Info: info,
		Storyboard: media.StoryboardOptions{MaxTiles: p.cfg.StoryboardTiles},
		OnProgress: in.OnProgress, OnEarlyDone: in.OnEarlyDone, EarlyOnly: in.EarlyOnly,
		// No OnPlayable: the video plays already (the worker sets it only
		// for one that does not), so its ladder yields the cores to the
		// early pass of an upload that does not play yet (README: "Early
		// playback, in a lane of its own").
		Background: in.OnPlayable == nil,
	}
	if in.PosterTime != nil {
		at := time.Duration(*in.PosterTime * float64(time.Second))
		opts.PosterTime = &at
	}
	if in.OnPlayable != nil {
		opts.OnPlayable = func(ctx context.Context, set media.Playable) error {
			out := earlyOutput(info)
			out.Live = set.Live
			return in.OnPlayable(ctx, set.Dir, out)
		}
	}
	m, err := media.Process(ctx, opts)
	if err != nil {
		return nil, mediaError(err)
	}
	return processOutput(info, m), nil
}

var _ videohost.PreparePipeline = (*Pipeline)(nil)

// Prepare probes the source and remuxes a standard one into a playable set
// (media.Remux).
func (p *Pipeline) Prepare(ctx context.Context, in videohost.PrepareInput) (*videohost.ProcessOutput, error) {
	if len(p.cfg.Command) > 0 {
		return p.prepareInChild(ctx, in)
	}
	info, playable, err := media.Remux(ctx, media.RemuxOptions{Source: in.Source, Dir: in.PlayableDir, Ladder: p.cfg.Ladder})
	if err != nil {
		return nil, mediaError(err)
	}
	if !playable {
		return nil, nil
	}
	return earlyOutput(info), nil
}

// processOutput describes a finished media.Process run in the domain's terms.
func processOutput(info *media.Info, m *media.Manifest) *videohost.ProcessOutput {
	out := &videohost.ProcessOutput{
		Duration: m.Duration, Width: m.Width, Height: m.Height,
		Source: sourceInfo(info),
		Assets: videohost.AssetFlags{
			DASH: m.DASH != "", Poster: m.Poster != nil, Storyboard: m.Storyboard != nil,
			Clip: m.Clip != "", Audio: m.Audio != "",
		},
	}
	if m.Poster != nil {
		out.PosterTime = m.Poster.Time
	}
	for _, r := range m.Renditions {
		out.Renditions = append(out.Renditions, videohost.Rendition{
			Name: r.Name, Codec: r.Codec, Quality: r.Quality, Width: r.Width, Height: r.Height,
			Bitrate: r.Bitrate, Size: r.MP4Size,
		})
	}
	for _, a := range m.AudioTracks {
		out.AudioTracks = append(out.AudioTracks, videohost.AudioTrack{
			ID: a.ID, Language: a.Language, Label: a.Label, Default: a.Default,
		})
	}
	return out
}

// Frame extracts one still from the smallest source at least as wide as asked.
func (p *Pipeline) Frame(ctx context.Context, req videohost.FrameRequest) ([]byte, error) {
	format, err := media.ParseImageFormat(req.Format)
	if err != nil {
		return nil, videohost.Invalid("format", "%v", err)
	}
	sources := make([]media.FrameSource, len(req.Sources))
	for i, s := range req.Sources {
		sources[i] = media.FrameSource{Path: s.Path, Width: s.Width, Height: s.Height}
	}
	at := time.Duration(req.Time * float64(time.Second))
	b, err := media.FrameFromSources(ctx, sources, at, req.Width, format)
	if err != nil {
		return nil, mediaError(err)
	}
	return b, nil
}

// mediaError turns a media error into a videohost error whose code is the
// video error code, so the worker knows whether a retry can help.
func mediaError(err error) error {
	if err == nil {
		return nil
	}
	var me *media.Error
	if errors.As(err, &me) && me.Code != "" {
		// The code travels once, as the code: the message says what failed
		// ("probe: opening input: Invalid data…"), not "not_media" again.
		msg := me.Op
		if me.Err != nil {
			msg += ": " + me.Err.Error()
		}
		return &videohost.Error{Code: me.Code, Message: msg}
	}
	return err
}

func sourceInfo(info *media.Info) videohost.SourceInfo {
	s := videohost.SourceInfo{Size: info.Size, Container: info.Container}
	if info.Video != nil {
		s.VideoCodec = info.Video.Codec
		s.FrameRate = math.Round(info.Video.FrameRate*1000) / 1000
		s.Width, s.Height = info.Video.DisplaySize()
	}
	if len(info.Audio) > 0 {
		s.AudioCodec = info.Audio[0].Codec
	}
	return s
}

// earlyOutput describes the early playable set: the source, remuxed.
func earlyOutput(info *media.Info) *videohost.ProcessOutput {
	out := &videohost.ProcessOutput{Duration: info.Duration, Source: sourceInfo(info)}
	if info.Video != nil {
		out.Width, out.Height = info.Video.DisplaySize()
	}
	return out
}
