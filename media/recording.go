package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/Eyevinn/mp4ff/aac"
	"github.com/Eyevinn/mp4ff/avc"
	"github.com/Eyevinn/mp4ff/mp4"
)

// RecordingTrack is one track of a live session's recording: a CMAF init
// segment and the media segments that follow it, in order. A segment may
// hold several fragments (the parts of low-latency HLS).
type RecordingTrack struct {
	Init     string   // path of the init segment
	Segments []string // paths of the media segments
	Name     string   // a rung's rendition name, such as "h264_sd" (Rungs)
}

// RecordingOptions says which recording to package, and where.
type RecordingOptions struct {
	// Video is the recorded picture (H.264, as the publisher sent it); nil
	// for a stream without video.
	Video *RecordingTrack
	// Rungs are the lower rungs encoded live (media.LiveLadder), each
	// named after its rendition of the ladder planned for Video's picture.
	Rungs []RecordingTrack
	// Audio are the recorded audio tracks (AAC).
	Audio []RecordingTrack
	// OutDir receives what Process writes for an upload. The recording's
	// segment files are moved there, not copied.
	OutDir string
	Ladder LadderOptions
	// PosterTime, Storyboard and Logger are as in ProcessOptions.
	PosterTime *time.Duration
	Storyboard StoryboardOptions
	Logger     *slog.Logger
}

// PackageRecording makes a live session's recording into an on-demand
// video without encoding anything: the recorded segments become the
// rendition's and the audio track's segments as they are, and what
// Process writes after its encode is written around them (VOD playlists,
// DASH, the MP4 renditions remuxed from the segments, the poster, the
// storyboard, the clip, the audio file and media.json). The rendition is
// named after the largest rung of the ladder Reel would plan for the
// picture, at the picture's own size.
//
// Every segment of a track must follow the same init segment: a publisher
// that came back with other parameter sets made a recording that does not
// play as one rendition, and is refused (CodeTranscodeFailed).
func PackageRecording(ctx context.Context, opts RecordingOptions) (*Manifest, error) {
	if opts.Video == nil && len(opts.Audio) == 0 {
		return nil, newError(CodeNotMedia, "recording", errors.New("no track recorded"))
	}
	if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating output folder: %w", err)
	}
	// A recording is the live H.264 rungs taken over: other codecs are
	// added afterwards (AddCodecs), never planned here.
	opts.Ladder.Codecs = nil
	ladder := opts.Ladder.withDefaults()
	info := &Info{Container: "live"}
	out := &ladderOutput{}

	if opts.Video != nil {
		rt, err := readRecordedTrack(*opts.Video, "video")
		if err != nil {
			return nil, err
		}
		v, err := probeRecorded(ctx, opts.OutDir, rt)
		if err != nil {
			return nil, err
		}
		info.Video = v
		info.Duration = rt.seconds()
		rs, err := PlanLadder(info, ladder)
		if err != nil {
			return nil, err
		}
		top := rs[len(rs)-1]
		top.Width, top.Height = v.DisplaySize()
		top.FrameRateNum, top.FrameRateDen = v.FrameRateNum, v.FrameRateDen
		top.FrameRate = v.FrameRate
		if out.videos, err = takeOverRungs(ctx, opts, rs); err != nil {
			return nil, err
		}
		track, err := rt.takeOver(filepath.Join(opts.OutDir, top.Name))
		if err != nil {
			return nil, err
		}
		out.videos = append(out.videos, &videoTrackOutput{rendition: top, track: track})
	}
	for i, a := range opts.Audio {
		rt, err := readRecordedTrack(a, "audio")
		if err != nil {
			return nil, err
		}
		id := strconv.Itoa(i)
		track, err := rt.takeOver(filepath.Join(opts.OutDir, "audio", id))
		if err != nil {
			return nil, err
		}
		if i == 0 {
			// The audio file is the first track as recorded, remuxed: the
			// track is AAC already, and encoding two hours of it again
			// would be most of the time to ready.
			files := append([]string{filepath.Join(track.dir, InitSegmentFile)}, track.segmentFiles()...)
			if err := remuxToMP4(ctx, [][]string{files}, filepath.Join(opts.OutDir, AudioFile)); err != nil {
				return nil, err
			}
		}
		stream := AudioStream{Index: 1 + i, Codec: "aac", Channels: rt.channels, SampleRate: int(rt.timescale)}
		info.Audio = append(info.Audio, stream)
		out.audios = append(out.audios, &audioTrackOutput{stream: stream, id: id, track: track})
		if info.Video == nil {
			info.Duration = max(info.Duration, rt.seconds())
		}
	}

	// A publisher sends a keyframe every second or two (LL-HLS needs it):
	// the storyboard's tiles are those keyframes.
	board := opts.Storyboard
	board.Keyframes = true
	popts := ProcessOptions{OutDir: opts.OutDir, Ladder: opts.Ladder, PosterTime: opts.PosterTime,
		Storyboard: board, Logger: orDiscard(opts.Logger), Info: info}
	// The pictures and the audio file are cut from the largest MP4
	// rendition, which packageLadder writes before them; a recording of
	// audio alone is its audio track's files.
	if len(out.videos) > 0 {
		popts.Source = filepath.Join(opts.OutDir, out.videos[len(out.videos)-1].rendition.Name+".mp4")
	} else {
		a := out.audios[0].track
		popts.Source = filepath.Join(opts.OutDir, "recording-audio.mp4")
		if err := concatFiles(popts.Source, append([]string{filepath.Join(a.dir, InitSegmentFile)}, a.segmentFiles()...)); err != nil {
			return nil, err
		}
		defer os.Remove(popts.Source)
	}
	return packageLadder(ctx, popts, info, ladder, out)
}

// recordedTrack is a recording's track as read from its files.
type recordedTrack struct {
	kind      string
	init      []byte
	timescale int64
	codecs    string
	channels  int
	files     []string
	segments  []segmentInfo
	samples   int64
	// firstSamples counts the first segment's samples, for a frame rate
	// the demuxer cannot tell from one segment.
	firstSamples int64
}

func (rt *recordedTrack) seconds() float64 {
	var ticks int64
	for _, s := range rt.segments {
		ticks += s.Ticks
	}
	return float64(ticks) / float64(rt.timescale)
}

// readRecordedTrack reads a track's init segment and measures each media
// segment from its fragments' decode times and sample durations.
func readRecordedTrack(t RecordingTrack, kind string) (*recordedTrack, error) {
	fail := func(format string, args ...any) error {
		return newError(CodeTranscodeFailed, "recording", fmt.Errorf(kind+": "+format, args...))
	}
	if len(t.Segments) == 0 {
		return nil, fail("no segment recorded")
	}
	initBytes, err := os.ReadFile(t.Init)
	if err != nil {
		return nil, fail("reading init segment: %v", err)
	}
	f, err := mp4.DecodeFile(bytes.NewReader(initBytes))
	if err != nil || f.Init == nil || f.Init.Moov == nil || len(f.Init.Moov.Traks) != 1 {
		return nil, fail("init segment %s is not a single-track CMAF header", filepath.Base(t.Init))
	}
	trak := f.Init.Moov.Traks[0]
	rt := &recordedTrack{kind: kind, init: initBytes, timescale: int64(trak.Mdia.Mdhd.Timescale), files: t.Segments}
	if rt.timescale <= 0 {
		return nil, fail("timescale 0")
	}
	stsd := trak.Mdia.Minf.Stbl.Stsd
	switch kind {
	case "video":
		if stsd.AvcX == nil || stsd.AvcX.AvcC == nil || len(stsd.AvcX.AvcC.SPSnalus) == 0 {
			return nil, fail("only H.264 recordings are packaged (the init segment has no avcC)")
		}
		sps, err := avc.ParseSPSNALUnit(stsd.AvcX.AvcC.SPSnalus[0], false)
		if err != nil {
			return nil, fail("parsing sps: %v", err)
		}
		rt.codecs = strings.ToLower(avc.CodecString("avc1", sps))
	case "audio":
		if stsd.Mp4a == nil || stsd.Mp4a.Esds == nil || stsd.Mp4a.Esds.DecConfigDescriptor.DecSpecificInfo == nil {
			return nil, fail("only AAC recordings are packaged (the init segment has no esds)")
		}
		asc := stsd.Mp4a.Esds.DecConfigDescriptor.DecSpecificInfo.DecConfig
		cfg, err := aac.DecodeAudioSpecificConfig(bytes.NewReader(asc))
		if err != nil {
			return nil, fail("parsing aac config: %v", err)
		}
		rt.codecs = fmt.Sprintf("mp4a.40.%d", cfg.ObjectType)
		rt.channels = int(stsd.Mp4a.ChannelCount)
	}
	var prevEnd int64 // decode time after the segment before
	for i, path := range t.Segments {
		seg, err := measureSegment(path)
		if err != nil {
			return nil, fail("segment %d: %v", i, err)
		}
		if i > 0 && seg.decode < prevEnd-rt.timescale/10 {
			return nil, fail("segment %d starts %d ticks before the one before ends", i, prevEnd-seg.decode)
		}
		prevEnd = seg.decode + seg.Ticks
		rt.samples += seg.samples
		if i == 0 {
			rt.firstSamples = seg.samples
		}
		rt.segments = append(rt.segments, seg.segmentInfo)
	}
	return rt, nil
}

// measuredSegment is what the packaging needs of a recorded segment.
type measuredSegment struct {
	segmentInfo
	decode  int64 // the first sample's decode time
	samples int64
}

func measureSegment(path string) (measuredSegment, error) {
	var m measuredSegment
	fh, err := os.Open(path)
	if err != nil {
		return m, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return m, err
	}
	f, err := mp4.DecodeFile(fh)
	if err != nil {
		return m, fmt.Errorf("reading %s: %w", filepath.Base(path), err)
	}
	first := true
	for _, seg := range f.Segments {
		for _, frag := range seg.Fragments {
			if frag.Moof == nil || frag.Moof.Traf == nil || frag.Moof.Traf.Tfdt == nil {
				return m, fmt.Errorf("%s: a fragment without a decode time", filepath.Base(path))
			}
			samples, err := frag.GetFullSamples(nil)
			if err != nil {
				return m, fmt.Errorf("%s: %w", filepath.Base(path), err)
			}
			for _, s := range samples {
				if first {
					m.decode = int64(s.DecodeTime)
					m.Start = m.decode + int64(s.CompositionTimeOffset)
					first = false
				}
				m.Ticks += int64(s.Dur)
				m.samples++
			}
		}
	}
	if first {
		return m, fmt.Errorf("%s holds no sample", filepath.Base(path))
	}
	m.Size = st.Size()
	return m, nil
}

// takeOver moves the track's files into dir under the names Process gives
// them (init.mp4, 0.m4s, 1.m4s, …) and returns the packaged track.
func (rt *recordedTrack) takeOver(dir string) (*cmafTrack, error) {
	target := int64(0)
	for i := range rt.segments {
		rt.segments[i].Duration = float64(rt.segments[i].Ticks) / float64(rt.timescale)
		target = max(target, rt.segments[i].Ticks)
	}
	track, err := newCMAFTrack(dir, rt.timescale, 0)
	if err != nil {
		return nil, err
	}
	track.segTicks, track.codecs, track.samples = target, rt.codecs, rt.samples
	if err := writeFileAtomic(filepath.Join(dir, InitSegmentFile), rt.init); err != nil {
		return nil, err
	}
	for i, from := range rt.files {
		if err := moveFile(from, filepath.Join(dir, strconv.Itoa(i)+".m4s")); err != nil {
			return nil, newError(CodeTranscodeFailed, "recording", fmt.Errorf("%s segment %d: %w", rt.kind, i, err))
		}
	}
	track.segments = slices.Clone(rt.segments)
	return track, nil
}

// segmentFiles are the track's segment paths, in order.
func (t *cmafTrack) segmentFiles() []string {
	segs := t.completedSegments()
	out := make([]string, len(segs))
	for i := range segs {
		out[i] = filepath.Join(t.dir, strconv.Itoa(i)+".m4s")
	}
	return out
}

// probeRecorded probes the picture of a recorded video track from its init
// segment and first media segment (what a demuxer needs for the size, the
// aspect ratio and the frame rate), not from the whole recording.
func probeRecorded(ctx context.Context, scratch string, rt *recordedTrack) (*VideoStream, error) {
	head := filepath.Join(scratch, "recording-probe.mp4")
	defer os.Remove(head)
	if err := concatFiles(head, []string{"", rt.files[0]}, rt.init); err != nil {
		return nil, err
	}
	info, err := Probe(ctx, head)
	if err != nil {
		return nil, err
	}
	if info.Video == nil {
		return nil, newError(CodeNotMedia, "recording", errors.New("the video track has no picture"))
	}
	v := *info.Video
	if v.FrameRateNum <= 0 || v.FrameRateDen <= 0 {
		// One segment's worth of frames may not tell the demuxer the rate:
		// the samples' own durations do.
		num, den := rt.timescale*rt.firstSamples, rt.segments[0].Ticks
		if num <= 0 || den <= 0 {
			return nil, newError(CodeNotMedia, "recording", errors.New("the first video segment has no duration"))
		}
		g := gcd(num, den)
		v.FrameRateNum, v.FrameRateDen = int(num/g), int(den/g)
		v.FrameRate = float64(num) / float64(den)
	}
	return &v, nil
}

// concatFiles writes the files' bytes one after the other into path; an
// empty name stands for the next of literal's byte slices.
func concatFiles(path string, names []string, literal ...[]byte) (err error) {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	for _, name := range names {
		if name == "" {
			if len(literal) == 0 {
				return errors.New("concatenating: no bytes for an empty name")
			}
			if _, err := out.Write(literal[0]); err != nil {
				return err
			}
			literal = literal[1:]
			continue
		}
		in, err := os.Open(name)
		if err != nil {
			return err
		}
		_, err = io.Copy(out, in)
		in.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// moveFile renames from to to, copying when they are on different file
// systems.
func moveFile(from, to string) error {
	if err := os.Rename(from, to); err == nil {
		return nil
	}
	if err := concatFiles(to, []string{from}); err != nil {
		return err
	}
	return os.Remove(from)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
