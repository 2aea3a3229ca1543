package transcode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/live"
)

var _ videohost.ChunkPipeline = (*Pipeline)(nil)

// chunkRequest is one step of a chunked encode for the child process.
type chunkRequest struct {
	Op        string          `json:"op"` // plan, chunk, audio, stitch
	Length    time.Duration   `json:"length,omitempty"`
	Threshold time.Duration   `json:"threshold,omitempty"`
	Spec      json.RawMessage `json:"spec,omitempty"`
	ChunkDirs []string        `json:"chunk_dirs,omitempty"`
	AudioDir  string          `json:"audio_dir,omitempty"`
	// Recording, for Op "recording", is a live session's recording.
	Recording *live.Recording `json:"recording,omitempty"`
}

// chunkedEvent answers a chunkRequest.
type chunkedEvent struct {
	Specs  []json.RawMessage        `json:"specs,omitempty"`
	Output *videohost.ProcessOutput `json:"output,omitempty"`
}

// PlanChunks probes the source and cuts its encode into chunks
// (media.PlanChunks); a span's spec is its media.ChunkSpan as JSON.
func (p *Pipeline) PlanChunks(ctx context.Context, in videohost.ChunkPlanInput) ([]json.RawMessage, error) {
	ev, err := p.chunkStep(ctx, mediaRequest{Source: in.Source}, chunkRequest{Op: "plan", Length: in.Length, Threshold: in.Threshold})
	if err != nil {
		return nil, err
	}
	return ev.Specs, nil
}

// EncodeChunk encodes the video renditions of one span (media.EncodeChunk).
func (p *Pipeline) EncodeChunk(ctx context.Context, in videohost.ChunkInput) error {
	_, err := p.chunkStep(ctx, mediaRequest{Source: in.Source, OutDir: in.OutDir, WorkDir: in.WorkDir}, chunkRequest{Op: "chunk", Spec: in.Spec})
	return err
}

// EncodeAudio encodes the whole source's audio (media.EncodeAudio).
func (p *Pipeline) EncodeAudio(ctx context.Context, in videohost.ChunkInput) error {
	_, err := p.chunkStep(ctx, mediaRequest{Source: in.Source, OutDir: in.OutDir, WorkDir: in.WorkDir}, chunkRequest{Op: "audio"})
	return err
}

// Stitch joins the chunks (media.Stitch).
func (p *Pipeline) Stitch(ctx context.Context, in videohost.StitchInput) (*videohost.ProcessOutput, error) {
	ev, err := p.chunkStep(ctx, mediaRequest{Source: in.Source, OutDir: in.OutDir, WorkDir: in.WorkDir, PosterTime: in.PosterTime},
		chunkRequest{Op: "stitch", ChunkDirs: in.ChunkDirs, AudioDir: in.AudioDir})
	if err != nil {
		return nil, err
	}
	if ev.Output == nil {
		return nil, errors.New("stitching: no output described")
	}
	return ev.Output, nil
}

// PackageRecording makes a finished live session's recording into a
// video's assets without encoding (media.PackageRecording), in a child
// process when the pipeline has one: the recording's bytes came from a
// publisher, and the pictures are decoded from them.
func (p *Pipeline) PackageRecording(ctx context.Context, rec live.Recording) (*videohost.ProcessOutput, error) {
	ev, err := p.chunkStep(ctx, mediaRequest{OutDir: rec.OutDir}, chunkRequest{Op: "recording", Recording: &rec})
	if err != nil {
		return nil, err
	}
	if ev.Output == nil {
		return nil, errors.New("packaging a recording: no output described")
	}
	return ev.Output, nil
}

// packageRecording runs PackageRecording in this process.
func (p *Pipeline) packageRecording(ctx context.Context, rec *live.Recording) (*chunkedEvent, error) {
	if rec == nil {
		return nil, errors.New("packaging a recording: no recording")
	}
	track := func(t live.RecordedTrack) media.RecordingTrack {
		return media.RecordingTrack{Init: t.Init, Segments: t.Segments, Name: t.Name}
	}
	opts := media.RecordingOptions{OutDir: rec.OutDir, Ladder: p.cfg.Ladder, Logger: p.log,
		Storyboard: media.StoryboardOptions{MaxTiles: p.cfg.StoryboardTiles}}
	if rec.Video != nil {
		v := track(*rec.Video)
		opts.Video = &v
	}
	for _, r := range rec.Rungs {
		opts.Rungs = append(opts.Rungs, track(r))
	}
	for _, a := range rec.Audio {
		opts.Audio = append(opts.Audio, track(a))
	}
	if rec.PosterTime != nil {
		at := time.Duration(*rec.PosterTime * float64(time.Second))
		opts.PosterTime = &at
	}
	m, err := media.PackageRecording(ctx, opts)
	if err != nil {
		return nil, mediaError(err)
	}
	out := processOutput(m.Source, m)
	out.Source.Container = "live"
	return &chunkedEvent{Output: out}, nil
}

// chunkStep runs one step in a child process when the pipeline has one,
// else here.
func (p *Pipeline) chunkStep(ctx context.Context, req mediaRequest, step chunkRequest) (*chunkedEvent, error) {
	req.Chunk = &step
	req.Ladder, req.StoryboardTiles = p.cfg.Ladder, p.cfg.StoryboardTiles
	if len(p.cfg.Command) > 0 {
		var ev chunkedEvent
		if _, err := p.runChild(ctx, req, childHooks{chunked: &ev}); err != nil {
			return nil, err
		}
		return &ev, nil
	}
	return p.serveChunk(ctx, req)
}

// serveChunk runs one step of a chunked encode in this process.
func (p *Pipeline) serveChunk(ctx context.Context, req mediaRequest) (*chunkedEvent, error) {
	step := req.Chunk
	if step.Op == "recording" {
		return p.packageRecording(ctx, step.Recording)
	}
	info, err := media.Probe(ctx, req.Source)
	if err != nil {
		return nil, mediaError(err)
	}
	switch step.Op {
	case "plan":
		if info.Duration <= step.Threshold.Seconds() {
			return &chunkedEvent{}, nil
		}
		spans, err := media.PlanChunks(info, p.cfg.Ladder, step.Length)
		if err != nil {
			return nil, mediaError(err)
		}
		ev := &chunkedEvent{}
		for _, s := range spans {
			b, err := json.Marshal(s)
			if err != nil {
				return nil, err
			}
			ev.Specs = append(ev.Specs, b)
		}
		return ev, nil
	case "chunk":
		var span media.ChunkSpan
		if err := json.Unmarshal(step.Spec, &span); err != nil {
			return nil, fmt.Errorf("reading chunk spec: %w", err)
		}
		err := media.EncodeChunk(ctx, media.ChunkOptions{Source: req.Source, Span: span, OutDir: req.OutDir, Ladder: p.cfg.Ladder, Info: info, Logger: p.log})
		return &chunkedEvent{}, mediaError(err)
	case "audio":
		err := media.EncodeAudio(ctx, media.AudioOptions{Source: req.Source, OutDir: req.OutDir, Ladder: p.cfg.Ladder, Info: info, Logger: p.log})
		return &chunkedEvent{}, mediaError(err)
	case "stitch":
		opts := media.StitchOptions{
			Source: req.Source, ChunkDirs: step.ChunkDirs, AudioDir: step.AudioDir, OutDir: req.OutDir,
			Ladder: p.cfg.Ladder, Info: info, Logger: p.log,
			Storyboard: media.StoryboardOptions{MaxTiles: p.cfg.StoryboardTiles},
		}
		if req.PosterTime != nil {
			at := time.Duration(*req.PosterTime * float64(time.Second))
			opts.PosterTime = &at
		}
		m, err := media.Stitch(ctx, opts)
		if err != nil {
			return nil, mediaError(err)
		}
		return &chunkedEvent{Output: processOutput(info, m)}, nil
	}
	return nil, fmt.Errorf("unknown chunk step %q", step.Op)
}
