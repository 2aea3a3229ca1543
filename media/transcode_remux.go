package media

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/asticode/go-astiav"
)

// sourceRenditionName is the folder of the remuxed source in the early
// playable set.
const sourceRenditionName = "source"

// isStandardSource reports whether the source's video plays everywhere as
// it is, so that remuxing it (no decode, no video encode) gives a playable
// set in a moment: H.264 8-bit 4:2:0 SDR up to 1080p, progressive, square
// pixels, upright, in an MP4/MOV or Matroska container whose headers carry
// the codec configs. Its audio is copied when it is AAC and encoded to AAC
// on the way otherwise (PCM from a camera, AC-3 or Opus in Matroska), as
// long as the source is short enough for that to stay quick
// (maxRemuxAudioEncode); a longer one with such audio gets an early pass.
func isStandardSource(info *Info) bool {
	v := info.Video
	if v == nil || v.Codec != "h264" || v.Rotation != 0 || v.Mirrored || v.HDR || len(sourceFilters(v.FieldOrder)) > 0 {
		return false
	}
	if v.PixelFormat != "yuv420p" && v.PixelFormat != "yuvj420p" {
		return false
	}
	switch v.Profile {
	case "Baseline", "Constrained Baseline", "Main", "High":
	default:
		return false
	}
	if v.SampleAspect.Num > 0 && v.SampleAspect.Num != v.SampleAspect.Den {
		return false
	}
	if max(v.Width, v.Height) > 1920 || min(v.Width, v.Height) > 1080 {
		return false
	}
	for _, a := range info.Audio {
		if !copiesAudio(a) && info.Duration > maxRemuxAudioEncode.Seconds() {
			return false
		}
	}
	return strings.HasPrefix(info.Container, "mov,mp4") || strings.HasPrefix(info.Container, "matroska")
}

// maxRemuxAudioEncode is the longest source whose audio the remux encodes
// (rather than copies): the remux publishes its set when it has read the
// whole file, and AAC encodes at a few hundred times real time on one
// core, so two minutes of audio cost it about half a second.
const maxRemuxAudioEncode = 2 * time.Minute

// copiesAudio reports whether the remux copies an audio stream as it is.
func copiesAudio(a AudioStream) bool { return a.Codec == "aac" }

// remuxTrack maps one source stream onto a CMAF track.
type remuxTrack struct {
	track    *cmafTrack
	streamTB astiav.Rational
	trackTB  astiav.Rational
	originTS int64
	annexB   bool // video packets carry start codes and need length prefixes
	isVideo  bool
	// encoded, for an audio stream that is not AAC, encodes it instead of
	// copying its packets; track is then the encoder's.
	encoded   *audioPipeline
	lastDur   int64
	rendition Rendition
	audio     AudioStream
	id        string
}

// remuxPlayable copies the source's H.264 and AAC packets, unchanged, into
// a CMAF rendition and audio tracks with VOD playlists and a master playlist
// in dir. It takes about as long as reading the file.
func remuxPlayable(ctx context.Context, source string, info *Info, dir string, opts LadderOptions) error {
	in, err := openInputWithInfo(ctx, "remux", source)
	if err != nil {
		return err
	}
	defer in.close()
	streams := in.fc.Streams()
	origin := sourceOrigin(in.fc)
	segSeconds := opts.SegmentTime.Seconds()
	tracks := map[int]*remuxTrack{}
	var order []*remuxTrack

	newTrack := func(s *astiav.Stream, folder string, isVideo bool) (*remuxTrack, error) {
		tb := s.TimeBase()
		timescale := int64(tb.Den())
		if tb.Num() != 1 || timescale < 1000 {
			timescale = 90000
		}
		t, err := newCMAFTrack(filepath.Join(dir, filepath.FromSlash(folder)), timescale, segSeconds)
		if err != nil {
			return nil, err
		}
		rt := &remuxTrack{
			track: t, streamTB: tb, trackTB: astiav.NewRational(1, int(timescale)), isVideo: isVideo,
			originTS: astiav.RescaleQ(origin, astiav.NewRational(1, 1_000_000), tb),
		}
		tracks[s.Index()] = rt
		order = append(order, rt)
		return rt, nil
	}

	v := info.Video
	vs := streams[v.Index]
	rt, err := newTrack(vs, sourceRenditionName, true)
	if err != nil {
		return err
	}
	extradata := vs.CodecParameters().ExtraData()
	if len(extradata) > 0 && extradata[0] == 1 {
		if len(extradata) < 5 || extradata[4]&3 != 3 {
			return errors.New("h264 with nal length size other than 4")
		}
	} else {
		rt.annexB = true
	}
	if err := rt.track.writeVideoInit(extradata, ""); err != nil {
		return fmt.Errorf("writing source init: %w", err)
	}
	w, h := v.DisplaySize()
	num, den := v.FrameRateNum, v.FrameRateDen
	rt.rendition = Rendition{
		Name: sourceRenditionName, Codec: "h264", Quality: "source", Width: w, Height: h,
		FrameRateNum: num, FrameRateDen: den, FrameRate: v.FrameRate,
	}
	for i, a := range info.Audio {
		id := strconv.Itoa(i)
		s := streams[a.Index]
		if !copiesAudio(a) {
			ap, err := newAudioPipeline(ladderJob{outDir: dir, opts: opts, info: info}, s, a, id, origin)
			if err != nil {
				return err
			}
			defer ap.free()
			at := &remuxTrack{track: ap.track, audio: a, id: id, encoded: ap}
			tracks[s.Index()] = at
			order = append(order, at)
			continue
		}
		at, err := newTrack(s, "audio/"+id, false)
		if err != nil {
			return err
		}
		at.audio, at.id = a, id
		if err := at.track.writeAudioInit(s.CodecParameters().ExtraData(), a.Channels, a.SampleRate, a.Language); err != nil {
			return fmt.Errorf("writing source audio init: %w", err)
		}
	}

	pkt := astiav.AllocPacket()
	defer pkt.Free()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := in.fc.ReadFrame(pkt); err != nil {
			if errors.Is(err, astiav.ErrEof) {
				break
			}
			return fmt.Errorf("reading packet: %w", err)
		}
		t := tracks[pkt.StreamIndex()]
		if t == nil || pkt.Size() == 0 {
			pkt.Unref()
			continue
		}
		if t.encoded != nil {
			err := t.encoded.decode(pkt)
			pkt.Unref()
			if err != nil {
				return err
			}
			continue
		}
		s, ok := t.sample(pkt)
		pkt.Unref()
		if !ok {
			continue
		}
		if err := t.track.add(s); err != nil {
			return err
		}
	}

	m := &Manifest{Duration: info.Duration, HLS: MasterPlaylistFile, SegmentTime: segSeconds}
	for _, t := range order {
		if t.encoded != nil {
			if err := t.encoded.decode(nil); err != nil {
				return err
			}
			if err := t.encoded.finish(); err != nil {
				return err
			}
		} else if err := t.track.finish(t.lastDur); err != nil {
			return err
		}
		segs := t.track.completedSegments()
		if len(segs) == 0 {
			return errors.New("source has no packets")
		}
		if err := writeMediaPlaylist(t.track.dir, segs, true); err != nil {
			return err
		}
		avg, peak := t.track.bitrates()
		if t.isVideo {
			m.Renditions = append(m.Renditions, RenditionFiles{
				Rendition: t.rendition, Codecs: t.track.codecs, Bitrate: avg, PeakBitrate: peak,
				Playlist: relURI(sourceRenditionName, MediaPlaylistFile),
			})
			continue
		}
		channels := t.audio.Channels
		if t.encoded != nil {
			channels = 2 // as the ladder encodes every track
		}
		m.AudioTracks = append(m.AudioTracks, AudioTrack{
			ID: t.id, Language: t.audio.Language, Label: audioLabel(t.audio, len(m.AudioTracks)),
			Default: len(m.AudioTracks) == 0, Codecs: t.track.codecs, Channels: channels,
			Bitrate: avg, PeakBitrate: peak, Playlist: relURI("audio", t.id, MediaPlaylistFile),
		})
	}
	return WriteMasterPlaylist(dir, m)
}

// sample converts a source packet to track time and sample format.
func (t *remuxTrack) sample(pkt *astiav.Packet) (cmafSample, bool) {
	pts, dts := pkt.Pts(), pkt.Dts()
	if dts == astiav.NoPtsValue {
		dts = pts
	}
	if pts == astiav.NoPtsValue {
		pts = dts
	}
	if dts == astiav.NoPtsValue {
		return cmafSample{}, false
	}
	s := cmafSample{
		dts: astiav.RescaleQ(dts-t.originTS, t.streamTB, t.trackTB),
		pts: astiav.RescaleQ(pts-t.originTS, t.streamTB, t.trackTB),
		key: !t.isVideo || pkt.Flags().Has(astiav.PacketFlagKey),
	}
	if d := pkt.Duration(); d > 0 {
		t.lastDur = astiav.RescaleQ(d, t.streamTB, t.trackTB)
	}
	data := pkt.Data()
	if t.annexB {
		data = lengthPrefixed(data)
	}
	s.data = data
	return s, true
}

// RemuxOptions says which source to look at and where a playable remux goes.
type RemuxOptions struct {
	Source string
	Dir    string // receives the playable set; created
	Ladder LadderOptions
	// Info is the source's Probe result when the caller has it.
	Info *Info
}

// Remux is the quick look at a source as soon as it is stored: it probes
// it (what is not media fails with CodeNotMedia in milliseconds), checks
// that a ladder can be planned (unsupported codecs, too long), and for a
// standard source writes a playable remux into Dir, as Process's early
// playable set. It reports whether Dir holds a playable set; a source that
// needs encoding before it plays answers false.
func Remux(ctx context.Context, opts RemuxOptions) (*Info, bool, error) {
	info := opts.Info
	if info == nil {
		var err error
		if info, err = Probe(ctx, opts.Source); err != nil {
			return nil, false, err
		}
	}
	ladder := opts.Ladder.withDefaults()
	if _, err := planSource(info, ladder); err != nil {
		return info, false, err
	}
	if !isStandardSource(info) {
		return info, false, nil
	}
	if err := remuxPlayable(ctx, opts.Source, info, opts.Dir, ladder); err != nil {
		return info, false, err
	}
	return info, true, nil
}
