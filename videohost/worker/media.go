package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

// MediaConfig configures the FFmpeg pipeline. Zero values are the defaults.
type MediaConfig struct {
	// Ladder sets the rendition ladder (qualities, bitrates, preset); the
	// zero value is DESIGN.md's ladder.
	Ladder media.LadderOptions
	// StoryboardTiles caps the storyboard sprite (default 100).
	StoryboardTiles int
	Logger          *slog.Logger
	// Command, when set, runs every Process call in a child process, so
	// that FFmpeg crashing on a hostile upload ends one job, not the
	// server: the argv of a command that calls ServeMediaProcess
	// (refserver's own "refserver media-process"). Empty (the default)
	// runs the pipeline in this process.
	Command []string
	// CommandEnv is added to the child's environment.
	CommandEnv []string
}

// MediaPipeline implements videohost.Pipeline with the media package.
type MediaPipeline struct {
	cfg MediaConfig
	log *slog.Logger
}

var _ videohost.Pipeline = (*MediaPipeline)(nil)

// NewMediaPipeline returns the FFmpeg pipeline.
func NewMediaPipeline(cfg MediaConfig) *MediaPipeline {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	return &MediaPipeline{cfg: cfg, log: log}
}

// Process encodes the ladder, then makes the pictures, clip and audio file.
func (p *MediaPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	if len(p.cfg.Command) > 0 {
		return p.processInChild(ctx, in)
	}
	info, err := media.Probe(ctx, in.Source)
	if err != nil {
		return nil, mediaError(err)
	}
	opts := media.ProcessOptions{
		Source: in.Source, OutDir: in.OutDir, WorkDir: in.WorkDir,
		Ladder: p.cfg.Ladder, Logger: p.log, Info: info,
	}
	if in.OnPlayable != nil {
		opts.OnPlayable = func(ctx context.Context, dir string) error {
			// A folder the ladder is still writing (OutDir, with growing
			// EVENT playlists) is published live, by reference; a finished
			// early set (the remux) by a snapshot the callee may move.
			if isWithin(dir, in.OutDir) {
				out := earlyOutput(info)
				out.Live = true
				return in.OnPlayable(ctx, dir, out)
			}
			snap := filepath.Join(in.WorkDir, "publish-"+videohost.NewID(6))
			if err := linkTree(dir, snap); err != nil {
				return fmt.Errorf("snapshotting playable set: %w", err)
			}
			return in.OnPlayable(ctx, snap, earlyOutput(info))
		}
	}
	m, err := media.Process(ctx, opts)
	if err != nil {
		return nil, mediaError(err)
	}
	out := &videohost.ProcessOutput{
		Duration: m.Duration, Width: m.Width, Height: m.Height,
		Source: sourceInfo(info),
		Assets: videohost.AssetFlags{DASH: m.DASH != ""},
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
	if err := p.pictures(ctx, in, m, out); err != nil {
		return nil, err
	}
	return out, nil
}

// pictures writes the poster, storyboard, clip and audio file beside the
// ladder. A source without video gets none of the pictures; one without
// audio gets no audio file.
func (p *MediaPipeline) pictures(ctx context.Context, in videohost.ProcessInput, m *media.Manifest, out *videohost.ProcessOutput) error {
	if len(m.Renditions) > 0 {
		var at *time.Duration
		if in.PosterTime != nil {
			d := time.Duration(math.Min(*in.PosterTime, m.Duration) * float64(time.Second))
			at = &d
		}
		// The smallest rendition decodes fastest and is upright already.
		small := filepath.Join(in.OutDir, m.Renditions[0].MP4)
		posterSource := in.Source
		if m.Source != nil && m.Source.Video != nil && m.Source.Video.HDR {
			// The source's pixels are HDR; the largest rendition is the
			// same picture tone-mapped to SDR.
			posterSource = filepath.Join(in.OutDir, m.Renditions[len(m.Renditions)-1].MP4)
		}
		poster, err := media.Poster(ctx, posterSource, at, in.OutDir)
		if err != nil {
			return mediaError(fmt.Errorf("poster: %w", err))
		}
		out.PosterTime = poster.Time.Seconds()
		out.Assets.Poster = true
		if err := media.Storyboard(ctx, small, in.OutDir, media.StoryboardOptions{MaxTiles: p.cfg.StoryboardTiles}); err != nil {
			return mediaError(fmt.Errorf("storyboard: %w", err))
		}
		out.Assets.Storyboard = true
		if err := media.Clip(ctx, small, filepath.Join(in.OutDir, "clip.mp4"), media.ClipOptions{}); err != nil {
			return mediaError(fmt.Errorf("clip: %w", err))
		}
		out.Assets.Clip = true
	}
	if len(m.AudioTracks) > 0 {
		err := media.AudioM4A(ctx, in.Source, filepath.Join(in.OutDir, "audio.m4a"))
		switch {
		case err == nil:
			out.Assets.Audio = true
		case !errors.Is(err, media.ErrNoAudio):
			return mediaError(fmt.Errorf("audio file: %w", err))
		}
	}
	return nil
}

// Frame extracts one still from the smallest source at least as wide as asked.
func (p *MediaPipeline) Frame(ctx context.Context, req videohost.FrameRequest) ([]byte, error) {
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
	if code := media.ErrorCode(err); code != "" {
		return &videohost.Error{Code: code, Message: err.Error(), Err: err}
	}
	return err
}

func sourceInfo(info *media.Info) videohost.SourceInfo {
	s := videohost.SourceInfo{Size: info.Size, Container: info.Container}
	if info.Video != nil {
		s.VideoCodec = info.Video.Codec
		s.FrameRate = math.Round(info.Video.FrameRate*1000) / 1000
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

func isWithin(dir, parent string) bool {
	rel, err := filepath.Rel(parent, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// linkTree recreates src at dst with hard links (copies across devices), so
// the snapshot costs no media copy. Playlists, manifests and text files are
// copied: they are the files a republish rewrites, and a rewrite in place of
// a hard link would change the published original too.
func linkTree(src, dst string) error {
	return filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		switch filepath.Ext(p) {
		case ".m3u8", ".mpd", ".json", ".vtt":
		default:
			if err := os.Link(p, target); err == nil {
				return nil
			}
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		o, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(o, in); err != nil {
			o.Close()
			return err
		}
		return o.Close()
	})
}
