package media

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/asticode/go-astiav"
)

// Split-and-stitch encoding. A long source is cut into chunks at segment
// boundaries (PlanChunks); each chunk encodes every video rendition of its
// frames (EncodeChunk), anywhere, at any time; the audio is encoded once,
// whole (EncodeAudio), so there is no AAC priming at the joins; and Stitch
// puts the segments together into the same output folder Process writes.
//
// The joins are exact because the ladder's keyframes are fixed (every
// DefaultGOPTime, no scene cuts, closed GOPs) and its segments are whole
// GOPs: a chunk starts on a keyframe the whole encode would have put there
// too, its frames carry their absolute numbers, its segments their absolute
// numbers, and its decode times the shift the whole encode would have had
// (cmafTrack.alignDecode). Only the encoder's rate control starts afresh at
// each chunk.

// ChunkSpan is one chunk of a planned encode: output frames
// StartFrame <= n < EndFrame of every rendition (EndFrame 0: to the end of
// the source), whose first segment is number FirstSegment.
type ChunkSpan struct {
	Index        int     `json:"index"`
	StartFrame   int64   `json:"start_frame"`
	EndFrame     int64   `json:"end_frame,omitempty"`
	FirstSegment int     `json:"first_segment"`
	Start        float64 `json:"start"`         // seconds
	End          float64 `json:"end,omitempty"` // seconds; 0 to the end
}

// Files a chunk or audio folder describes itself with.
const (
	chunkResultFile = "chunk.json"
	audioResultFile = "audio.json"
)

// PlanChunks cuts the ladder's encode of a probed source into chunks of
// about length each, at segment boundaries. It answers nil when the source
// has no video or would make a single chunk: it is encoded in one piece.
// The last chunk runs to the end of the source, and is never shorter than
// half a chunk (a shorter rest joins the chunk before it).
//
// A ladder with codecs other than H.264 (LadderOptions.Codecs) is not cut:
// PlanChunks answers nil and the source is encoded in one piece. (The
// joins would hold, as the AV1 and HEVC rungs keep the H.264 rungs'
// keyframes, but SVT-AV1 and x265 at each chunk's start were not
// measured; AddCodecs adds the codecs later to a chunked encode.)
func PlanChunks(info *Info, opts LadderOptions, length time.Duration) ([]ChunkSpan, error) {
	opts = opts.withDefaults()
	if !opts.Codecs.IsDefault() {
		return nil, nil
	}
	rs, err := planSource(info, opts)
	if err != nil || len(rs) == 0 {
		return nil, err
	}
	r := rs[0]
	gop := gopFrames(r)
	timescale, ticksPerFrame := trackTimescale(r)
	segTicks := int64(opts.SegmentTime.Seconds() * float64(timescale))
	frames := int64(math.Floor(info.Duration * float64(r.FrameRateNum) / float64(r.FrameRateDen)))
	perChunk := max(1, int(math.Round(float64(length)/float64(opts.SegmentTime))))
	// The segment boundaries cmafTrack.add cuts at: a keyframe at or past
	// the next whole multiple of the segment time. Every boundary leaves
	// at least one segment of frames after it, so no chunk is empty when
	// the probed duration is a little long.
	var bounds []int64
	next := segTicks
	for f := gop; f+int64(gop) <= frames; f += gop {
		pts := f * ticksPerFrame
		if pts >= next {
			bounds = append(bounds, f)
			next = (floorDiv(pts, segTicks) + 1) * segTicks
		}
	}
	var spans []ChunkSpan
	start, first := int64(0), 0
	for i := perChunk - 1; i < len(bounds); i += perChunk {
		// The rest after this boundary must be at least half a chunk.
		if rest := frames - bounds[i]; 2*rest < int64(perChunk)*bounds[0] {
			break
		}
		spans = append(spans, ChunkSpan{StartFrame: start, EndFrame: bounds[i], FirstSegment: first})
		start, first = bounds[i], i+1
	}
	if len(spans) == 0 {
		return nil, nil
	}
	spans = append(spans, ChunkSpan{StartFrame: start, FirstSegment: first})
	for i := range spans {
		s := &spans[i]
		s.Index = i
		s.Start = float64(s.StartFrame) * float64(r.FrameRateDen) / float64(r.FrameRateNum)
		if s.EndFrame > 0 {
			s.End = float64(s.EndFrame) * float64(r.FrameRateDen) / float64(r.FrameRateNum)
		}
	}
	return spans, nil
}

// gopFrames is the ladder's keyframe interval in frames (newVideoEncoder).
func gopFrames(r Rendition) int64 {
	return int64(max(1, int(float64(r.FrameRateNum)/float64(r.FrameRateDen)*DefaultGOPTime.Seconds()+0.5)))
}

// trackTimescale is the fMP4 timescale of a rendition and the ticks of one
// frame (newVideoEncoder).
func trackTimescale(r Rendition) (timescale, ticksPerFrame int64) {
	timescale = int64(r.FrameRateNum)
	for timescale < 10000 {
		timescale *= 2
	}
	return timescale, timescale / int64(r.FrameRateNum) * int64(r.FrameRateDen)
}

// ChunkOptions says which chunk of which source to encode, and where.
type ChunkOptions struct {
	Source string
	Span   ChunkSpan
	OutDir string // receives one folder per rendition and chunk.json
	Ladder LadderOptions
	Info   *Info // the source's Probe result; nil probes
	Logger *slog.Logger
}

// chunkTrack describes the segments a chunk or the audio encode wrote for
// one track.
type chunkTrack struct {
	Rendition *Rendition    `json:"rendition,omitempty"`
	Audio     *AudioStream  `json:"audio,omitempty"`
	ID        string        `json:"id,omitempty"` // audio folder name
	Codecs    string        `json:"codecs"`
	Timescale int64         `json:"timescale"`
	SegTicks  int64         `json:"seg_ticks"`
	Samples   int64         `json:"samples"`
	Segments  []segmentInfo `json:"segments"`
}

type chunkResult struct {
	Span   ChunkSpan    `json:"span"`
	Tracks []chunkTrack `json:"tracks"`
}

func describeTrack(t *cmafTrack) chunkTrack {
	return chunkTrack{Codecs: t.codecs, Timescale: t.timescale, SegTicks: t.segTicks, Samples: t.samples, Segments: t.completedSegments()}
}

// EncodeChunk encodes every video rendition of one chunk of the source
// into OutDir: OutDir/{rendition}/init.mp4 and its segments, numbered from
// the span's first segment, and chunk.json describing them for Stitch.
func EncodeChunk(ctx context.Context, opts ChunkOptions) error {
	info, ladder, rs, err := planFor(ctx, opts.Source, opts.Info, opts.Ladder)
	if err != nil {
		return err
	}
	if len(rs) == 0 {
		return newError(CodeTranscodeFailed, "chunk", errors.New("the source has no video to encode in chunks"))
	}
	span := opts.Span
	out, err := transcodeLadder(ctx, ladderJob{
		source: opts.Source, info: info, renditions: rs, opts: ladder, outDir: opts.OutDir,
		logger: orDiscard(opts.Logger), span: &span,
	})
	if err != nil {
		return err
	}
	res := chunkResult{Span: span}
	for _, v := range out.videos {
		t := describeTrack(v.track)
		if len(t.Segments) == 0 {
			return newError(CodeTranscodeFailed, "chunk", fmt.Errorf("chunk %d of %s has no frames", span.Index, v.rendition.Name))
		}
		r := v.rendition
		t.Rendition = &r
		res.Tracks = append(res.Tracks, t)
	}
	return writeJSON(filepath.Join(opts.OutDir, chunkResultFile), res)
}

// AudioOptions says which source's audio to encode, and where.
type AudioOptions struct {
	Source string
	OutDir string // receives audio/{id}/…, audio.m4a and audio.json
	Ladder LadderOptions
	Info   *Info
	Logger *slog.Logger
}

// EncodeAudio encodes every audio track of the source, whole, as Process
// does (audio/{id}/ CMAF tracks and the audio-only file), into OutDir for
// Stitch. A source without audio writes an empty description.
func EncodeAudio(ctx context.Context, opts AudioOptions) error {
	info, ladder, _, err := planFor(ctx, opts.Source, opts.Info, opts.Ladder)
	if err != nil {
		return err
	}
	var res chunkResult
	if len(info.Audio) > 0 {
		out, err := transcodeLadder(ctx, ladderJob{
			source: opts.Source, info: info, opts: ladder, outDir: opts.OutDir, logger: orDiscard(opts.Logger),
		})
		if err != nil {
			return err
		}
		for _, a := range out.audios {
			t := describeTrack(a.track)
			stream := a.stream
			t.Audio, t.ID = &stream, a.id
			res.Tracks = append(res.Tracks, t)
		}
		switch err := AudioM4A(ctx, opts.Source, filepath.Join(opts.OutDir, AudioFile)); {
		case errors.Is(err, ErrNoAudio):
		case err != nil:
			return err
		}
	}
	return writeJSON(filepath.Join(opts.OutDir, audioResultFile), res)
}

// StitchOptions says what to stitch: the folders EncodeChunk wrote, in
// order, and the one EncodeAudio wrote.
type StitchOptions struct {
	Source    string   // for the poster
	ChunkDirs []string // taken over: their files are moved
	AudioDir  string   // taken over too
	OutDir    string
	Ladder    LadderOptions
	Info      *Info
	// PosterTime, Storyboard and Logger are as in ProcessOptions.
	PosterTime *time.Duration
	Storyboard StoryboardOptions
	Logger     *slog.Logger
}

// Stitch puts chunks' segments together into one rendition per quality in
// OutDir, checking every join (the same parameter sets, consecutive segment
// numbers, each chunk starting where the one before ended), adds the
// audio, and writes what Process writes after its encode: playlists with
// continuous numbering, DASH, the MP4 renditions (a remux of the joined
// segments, not an encode), the pictures and media.json.
func Stitch(ctx context.Context, opts StitchOptions) (*Manifest, error) {
	info, ladder, _, err := planFor(ctx, opts.Source, opts.Info, opts.Ladder)
	if err != nil {
		return nil, err
	}
	if len(opts.ChunkDirs) == 0 {
		return nil, errors.New("stitching: no chunks")
	}
	fail := func(format string, args ...any) error {
		return newError(CodeTranscodeFailed, "stitch", fmt.Errorf(format, args...))
	}
	out := &ladderOutput{}
	var inits [][]byte
	for ci, dir := range opts.ChunkDirs {
		var res chunkResult
		if err := readJSON(filepath.Join(dir, chunkResultFile), &res); err != nil {
			return nil, fail("chunk %d: %v", ci, err)
		}
		if res.Span.Index != ci {
			return nil, fail("chunk %d holds chunk %d", ci, res.Span.Index)
		}
		if ci == 0 {
			for _, t := range res.Tracks {
				if t.Rendition == nil {
					return nil, fail("chunk 0 has a track without a rendition")
				}
				track, err := newCMAFTrack(filepath.Join(opts.OutDir, t.Rendition.Name), t.Timescale, 0)
				if err != nil {
					return nil, err
				}
				track.segTicks, track.codecs = t.SegTicks, t.Codecs
				init, err := os.ReadFile(filepath.Join(dir, t.Rendition.Name, InitSegmentFile))
				if err != nil {
					return nil, fail("chunk 0: %v", err)
				}
				if err := writeFileAtomic(filepath.Join(track.dir, InitSegmentFile), init); err != nil {
					return nil, err
				}
				inits = append(inits, init)
				out.videos = append(out.videos, &videoTrackOutput{rendition: *t.Rendition, track: track})
			}
		}
		if len(res.Tracks) != len(out.videos) {
			return nil, fail("chunk %d has %d renditions, chunk 0 has %d", ci, len(res.Tracks), len(out.videos))
		}
		for ti, t := range res.Tracks {
			v := out.videos[ti]
			if t.Rendition == nil || *t.Rendition != v.rendition || t.Timescale != v.track.timescale {
				return nil, fail("chunk %d: rendition %d differs from chunk 0's", ci, ti)
			}
			name := v.rendition.Name
			init, err := os.ReadFile(filepath.Join(dir, name, InitSegmentFile))
			if err != nil {
				return nil, fail("chunk %d: %v", ci, err)
			}
			if !bytes.Equal(init, inits[ti]) {
				return nil, fail("chunk %d of %s was encoded with other parameter sets than chunk 0", ci, name)
			}
			have := v.track.segments
			if res.Span.FirstSegment != len(have) {
				return nil, fail("chunk %d of %s starts at segment %d after %d segments", ci, name, res.Span.FirstSegment, len(have))
			}
			if n := len(have); n > 0 && len(t.Segments) > 0 && have[n-1].Start+have[n-1].Ticks != t.Segments[0].Start {
				return nil, fail("chunk %d of %s starts at %d, the chunk before ends at %d", ci, name,
					t.Segments[0].Start, have[n-1].Start+have[n-1].Ticks)
			}
			for i := range t.Segments {
				seg := strconv.Itoa(res.Span.FirstSegment+i) + ".m4s"
				if err := os.Rename(filepath.Join(dir, name, seg), filepath.Join(v.track.dir, seg)); err != nil {
					return nil, fail("chunk %d: %v", ci, err)
				}
			}
			v.track.segments = append(v.track.segments, t.Segments...)
			v.track.samples += t.Samples
		}
	}
	var audio chunkResult
	if err := readJSON(filepath.Join(opts.AudioDir, audioResultFile), &audio); err != nil {
		return nil, fail("audio: %v", err)
	}
	for _, t := range audio.Tracks {
		if t.Audio == nil || t.ID == "" {
			return nil, fail("audio track without a stream")
		}
		dir := filepath.Join(opts.OutDir, "audio", t.ID)
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			return nil, err
		}
		if err := os.Rename(filepath.Join(opts.AudioDir, "audio", t.ID), dir); err != nil {
			return nil, fail("audio: %v", err)
		}
		track := &cmafTrack{dir: dir, timescale: t.Timescale, segTicks: t.SegTicks, codecs: t.Codecs, segments: t.Segments, samples: t.Samples}
		out.audios = append(out.audios, &audioTrackOutput{stream: *t.Audio, id: t.ID, track: track})
	}
	if err := os.Rename(filepath.Join(opts.AudioDir, AudioFile), filepath.Join(opts.OutDir, AudioFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fail("audio file: %v", err)
	}
	popts := ProcessOptions{
		Source: opts.Source, OutDir: opts.OutDir, Ladder: opts.Ladder, PosterTime: opts.PosterTime,
		Storyboard: opts.Storyboard, Logger: opts.Logger, Info: info,
	}
	return packageLadder(ctx, popts, info, ladder, out)
}

// planFor probes the source when info is nil and plans its ladder.
func planFor(ctx context.Context, source string, info *Info, opts LadderOptions) (*Info, LadderOptions, []Rendition, error) {
	if info == nil {
		var err error
		if info, err = Probe(ctx, source); err != nil {
			return nil, opts, nil, err
		}
	}
	opts = opts.withDefaults()
	rs, err := planSource(info, opts)
	return info, opts, rs, err
}

// seek starts a chunk's decode at the keyframe before its first frame (half
// a second early: the frame-rate filter then has frames before the first
// one it keeps, as it had in the whole encode) and sets the frames it keeps.
//
// The span counts frames of the ladder's first rendition (PlanChunks); a
// rendition at another rate keeps the frames of the same times, which are
// whole frames of it too, as chunks start and end on keyframes every 2 s.
func (vp *videoPipeline) seek(fc *astiav.FormatContext, span *ChunkSpan) error {
	base := vp.encoders[0].rendition
	for _, e := range vp.encoders {
		r := e.rendition
		scale := func(frame int64) int64 {
			return frame * int64(r.FrameRateNum) * int64(base.FrameRateDen) / (int64(r.FrameRateDen) * int64(base.FrameRateNum))
		}
		e.first, e.end = scale(span.StartFrame), scale(span.EndFrame)
	}
	if span.StartFrame == 0 {
		return nil
	}
	at := max(0, span.Start-0.5)
	ts := vp.originTS + astiav.RescaleQ(int64(at*1e6), astiav.NewRational(1, 1_000_000), vp.streamTB)
	if err := fc.SeekFrame(vp.streamIndex, ts, astiav.NewSeekFlags(astiav.SeekFlagBackward)); err != nil {
		return newError(CodeTranscodeFailed, "chunk", fmt.Errorf("seeking to %.3fs: %w", at, err))
	}
	return nil
}

func orDiscard(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l
}

func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return writeFileAtomic(path, b)
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
