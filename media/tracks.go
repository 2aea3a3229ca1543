package media

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// Kinds of an added audio track (AddAudioTrack): they become the HLS
// CHARACTERISTICS and the DASH Role of the track.
const (
	AudioKindMain        = "main"
	AudioKindDub         = "dub"
	AudioKindDescription = "description"
)

// ProbeAudio checks that path is media with at least one audio stream:
// CodeNotMedia when it is not media, CodeNoAudio when it has no audio.
func ProbeAudio(ctx context.Context, path string) (*Info, error) {
	info, err := Probe(ctx, path)
	if err != nil {
		return nil, err
	}
	if len(info.Audio) == 0 {
		return nil, newError(CodeNoAudio, "probe", errors.New("the file has no audio stream"))
	}
	return info, nil
}

// AddAudioOptions describes an audio track added to a finished output.
type AddAudioOptions struct {
	// Dir is a complete output folder (media.json, playlists, segments).
	Dir string
	// Source is the file whose first audio stream becomes the track.
	Source string
	// ID names the track's folder under audio/; it must not be the ID of
	// one of the source's own tracks ("0", "1", …).
	ID       string
	Language string
	Label    string
	Kind     string // AudioKindMain, AudioKindDub or AudioKindDescription
	// Ladder gives the audio bitrate (the same as the video's own tracks).
	Ladder LadderOptions
}

// AddAudioTrack encodes the first audio stream of opts.Source once to AAC
// with the settings of the output's own audio tracks (AAC-LC, 48 kHz,
// stereo, the ladder's bitrate), padded with silence or cut to exactly the
// output's duration, and packaged as CMAF segments of the output's segment
// duration under audio/{ID}/; the track replaces one of the same ID, and
// media.json, the master playlist and the DASH manifest are rewritten. No
// other file of Dir changes: the video segments stay byte for byte.
func AddAudioTrack(ctx context.Context, opts AddAudioOptions) (*Manifest, error) {
	const op = "audio track"
	if opts.Dir == "" || opts.Source == "" || opts.ID == "" || !safeTrackID(opts.ID) {
		return nil, newError(CodeInvalidArgument, op, errors.New("output folder, source and a plain track id are required"))
	}
	m, err := ReadManifest(opts.Dir)
	if err != nil {
		return nil, err
	}
	for _, a := range m.AudioTracks {
		if a.ID == opts.ID && a.Kind == "" {
			return nil, newError(CodeInvalidArgument, op, fmt.Errorf("audio/%s is a track of the source", opts.ID))
		}
	}
	info, err := ProbeAudio(ctx, opts.Source)
	if err != nil {
		return nil, err
	}
	ladder := opts.Ladder.withDefaults()
	if m.SegmentTime > 0 {
		ladder.SegmentTime = time.Duration(m.SegmentTime * float64(time.Second))
	}
	folder := filepath.Join(opts.Dir, "audio", opts.ID)
	// A checkout holds hard links to the published files: the old track's
	// files are unlinked, never rewritten in place.
	if err := os.RemoveAll(folder); err != nil {
		return nil, fmt.Errorf("removing the previous track: %w", err)
	}
	job := ladderJob{source: opts.Source, info: info, opts: ladder, outDir: opts.Dir,
		audioLength: int64(math.Round(m.Duration * audioSampleRate))}
	track, err := encodeOneAudio(ctx, job, info.Audio[0], opts.ID)
	if err != nil {
		return nil, err
	}
	segs := track.completedSegments()
	if len(segs) == 0 {
		return nil, newError(CodeNoAudio, op, errors.New("the audio stream decoded to nothing"))
	}
	if err := writeMediaPlaylist(folder, segs, true); err != nil {
		return nil, err
	}
	avg, peak := track.bitrates()
	rel := relURI("audio", opts.ID)
	added := AudioTrack{
		ID: opts.ID, SourceIndex: -1, Language: opts.Language, Label: opts.Label, Kind: opts.Kind,
		Codecs: track.codecs, Channels: 2, SampleRate: audioSampleRate, Bitrate: avg, PeakBitrate: peak,
		Playlist: relURI(rel, MediaPlaylistFile), Init: relURI(rel, InitSegmentFile),
		Segments: toSegments(rel, segs), Timescale: track.timescale,
	}
	m.AudioTracks = slices.DeleteFunc(m.AudioTracks, func(a AudioTrack) bool { return a.ID == opts.ID })
	m.AudioTracks = append(m.AudioTracks, added)
	return m, rewriteManifests(opts.Dir, m)
}

// RemoveAudioTrack removes the added audio track id from a finished output
// (its folder, and its entries in media.json, the master playlist and the
// DASH manifest). A track of the source cannot be removed; an id that is
// not there is not an error.
func RemoveAudioTrack(dir, id string) (*Manifest, error) {
	if !safeTrackID(id) {
		return nil, newError(CodeInvalidArgument, "audio track", fmt.Errorf("%q is not a track id", id))
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	kept := slices.DeleteFunc(slices.Clone(m.AudioTracks), func(a AudioTrack) bool { return a.ID == id && a.Kind != "" })
	if len(kept) == len(m.AudioTracks) {
		return m, nil
	}
	m.AudioTracks = kept
	if err := os.RemoveAll(filepath.Join(dir, "audio", id)); err != nil {
		return nil, fmt.Errorf("removing audio/%s: %w", id, err)
	}
	return m, rewriteManifests(dir, m)
}

func rewriteManifests(dir string, m *Manifest) error {
	if err := WriteMasterPlaylist(dir, m); err != nil {
		return err
	}
	if m.DASH != "" {
		if err := WriteDASHManifest(dir, m); err != nil {
			return err
		}
	}
	return WriteManifest(dir, m)
}

// safeTrackID keeps a track id one plain path element.
func safeTrackID(id string) bool {
	if id == "" || len(id) > 40 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// encodeOneAudio decodes one audio stream of job.source and encodes it
// into audio/{id} of job.outDir.
func encodeOneAudio(ctx context.Context, job ladderJob, a AudioStream, id string) (*cmafTrack, error) {
	in, err := openInputWithInfo(ctx, "audio track", job.source)
	if err != nil {
		return nil, err
	}
	defer in.close()
	streams := in.fc.Streams()
	if a.Index < 0 || a.Index >= len(streams) {
		return nil, newError(CodeNoAudio, "audio track", errors.New("the audio stream is gone"))
	}
	ap, err := newAudioPipeline(job, streams[a.Index], a, id, sourceOrigin(in.fc))
	if err != nil {
		return nil, err
	}
	defer ap.free()
	if err := demuxAndDecode(ctx, in.fc, nil, map[int]*audioPipeline{a.Index: ap}); err != nil {
		return nil, err
	}
	return ap.track, nil
}

// PosterFromImage writes poster.jpg and poster.webp into dir from an image
// file (JPEG, PNG or WebP), scaled like the posters Process makes (at most
// 1920 wide, never upscaled), and records them in dir's media.json when
// there is one.
func PosterFromImage(ctx context.Context, image, dir string) (PosterResult, error) {
	zero := time.Duration(0)
	res, err := Poster(ctx, image, &zero, dir)
	if err != nil {
		return res, imageError(ctx, "poster", err)
	}
	res.Time = 0
	return res, recordPoster(dir, nil, res)
}

// ProbeImage checks that image holds a picture FFmpeg decodes in full, the
// one PosterFromImage would make the poster of: CodeNotMedia when it holds
// none (a truncated or garbled file), CodeUnsupportedCodec when FFmpeg has
// no decoder for it. A header alone proves nothing: a WebP whose header is
// right and whose picture is cut short or garbage passes any check of the
// header and fails only the decode.
func ProbeImage(ctx context.Context, image string) error {
	const op = "probe image"
	decoder, err := openImgDecoder(ctx, op, image, 1)
	if err != nil {
		return imageError(ctx, op, err)
	}
	defer decoder.close()
	if _, err := decoder.frameAt(ctx, 0); err != nil {
		if IsCode(err, CodeTranscodeFailed) {
			// Nothing is written here: a failed decode or seek is the file's.
			var me *Error
			errors.As(err, &me)
			return newError(CodeNotMedia, op, me.Err)
		}
		return imageError(ctx, op, err)
	}
	return nil
}

// imageError is the error of an uploaded image that yields no picture:
// FFmpeg reports an image it cannot decode at all as a stream of no size,
// CodeNoVideo, which for an image means it is not one: CodeNotMedia.
func imageError(ctx context.Context, op string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var me *Error
	if errors.As(err, &me) && me.Code == CodeNoVideo {
		return newError(CodeNotMedia, op, errors.New("no picture that decodes"))
	}
	return err
}

// PosterAt writes poster.jpg and poster.webp into dir, a finished output,
// from the frame at t of its largest rendition (the picture the generated
// poster is cut from), and records them in media.json.
func PosterAt(ctx context.Context, dir string, t time.Duration) (PosterResult, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return PosterResult{}, err
	}
	if len(m.Renditions) == 0 || m.pictureRendition().MP4 == "" {
		return PosterResult{}, newError(CodeInvalidArgument, "poster", errors.New("the output has no picture"))
	}
	source := filepath.Join(dir, m.pictureRendition().MP4)
	res, err := Poster(ctx, source, &t, dir)
	if err != nil {
		return res, err
	}
	return res, recordPoster(dir, m, res)
}

func recordPoster(dir string, m *Manifest, res PosterResult) error {
	if m == nil {
		var err error
		if m, err = ReadManifest(dir); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil
			}
			return err
		}
	}
	m.Poster = &PosterFiles{Time: res.Time.Seconds(), Width: res.Width, Height: res.Height,
		JPEG: "poster.jpg", WebP: "poster.webp"}
	return WriteManifest(dir, m)
}
