package media

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// File names in an output directory.
const (
	ManifestFile       = "media.json"
	MasterPlaylistFile = "playlist.m3u8"
	DASHManifestFile   = "manifest.mpd"
	MediaPlaylistFile  = "playlist.m3u8" // inside each rendition and audio folder
	InitSegmentFile    = "init.mp4"
)

// Manifest describes everything Process wrote into an output directory. It
// is stored as media.json so that the master playlist and the DASH manifest
// can be regenerated later (for example with subtitles) without re-encoding.
// Every path in it is relative to the output directory.
type Manifest struct {
	Duration    float64          `json:"duration"` // seconds
	Width       int              `json:"width"`    // upright size of the largest rendition (0 for audio-only)
	Height      int              `json:"height"`
	Source      *Info            `json:"source,omitempty"`
	Renditions  []RenditionFiles `json:"renditions"`
	AudioTracks []AudioTrack     `json:"audio_tracks"`
	Subtitles   []SubtitleTrack  `json:"subtitles"`
	HLS         string           `json:"hls"`  // "playlist.m3u8"
	DASH        string           `json:"dash"` // "manifest.mpd"
	SegmentTime float64          `json:"segment_time"`

	// The pictures and the audio-only file; unset when not made (no video,
	// no audio).
	Poster     *PosterFiles     `json:"poster,omitempty"`
	Storyboard *StoryboardFiles `json:"storyboard,omitempty"`
	Clip       string           `json:"clip,omitempty"`  // "clip.mp4"
	Audio      string           `json:"audio,omitempty"` // "audio.m4a"

	// Chapters is the chapter list in Apple's JSON format ("chapters.json")
	// that the master playlist names in an EXT-X-SESSION-DATA tag; unset
	// without chapters.
	Chapters string `json:"chapters,omitempty"`
}

// File names of the side files Process makes.
const (
	ClipFile  = "clip.mp4"
	AudioFile = "audio.m4a"
)

// PosterFiles describes the poster: the time of its frame and its size.
type PosterFiles struct {
	Time   float64 `json:"time"` // seconds
	Width  int     `json:"width"`
	Height int     `json:"height"`
	JPEG   string  `json:"jpeg"` // "poster.jpg"
	WebP   string  `json:"webp"` // "poster.webp"
}

// StoryboardFiles names the storyboard sprite and its WebVTT.
type StoryboardFiles struct {
	Image string `json:"image"` // "storyboard.jpg"
	VTT   string `json:"vtt"`   // "storyboard.vtt"
}

// RenditionFiles is one encoded video rendition.
type RenditionFiles struct {
	Rendition
	Codecs      string    `json:"codecs"`        // HLS CODECS of the video alone, e.g. "avc1.64001f"
	Bitrate     int       `json:"bitrate"`       // average, bits per second
	PeakBitrate int       `json:"peak_bitrate"`  // highest segment bitrate, bits per second
	Size        int64     `json:"size"`          // bytes of all segments and init
	Playlist    string    `json:"playlist"`      // "h264_sd/playlist.m3u8"
	Init        string    `json:"init"`          // "h264_sd/init.mp4"
	Segments    []Segment `json:"segments"`      // "h264_sd/0.m4s", ...
	MP4         string    `json:"mp4,omitempty"` // "h264_sd.mp4"
	MP4Size     int64     `json:"mp4_size"`      // bytes
	Timescale   int64     `json:"timescale"`     // of the fMP4 track
}

// Segment is one media segment of a track.
type Segment struct {
	URI      string  `json:"uri"`
	Start    int64   `json:"start"` // presentation time, track timescale
	Ticks    int64   `json:"ticks"` // duration, track timescale
	Duration float64 `json:"duration"`
	Size     int64   `json:"size"`
}

// AudioTrack is one AAC rendition of one source audio stream, shared by
// every video rendition.
type AudioTrack struct {
	ID          string `json:"id"` // folder name under audio/: "0", "1", ...
	SourceIndex int    `json:"source_index"`
	Language    string `json:"language,omitempty"`
	Label       string `json:"label"`
	Default     bool   `json:"default"`
	// Kind is "" for a track of the source, else what an added track is:
	// "main", "dub" or "description" (AddAudioTrack).
	Kind        string    `json:"kind,omitempty"`
	Codecs      string    `json:"codecs"` // "mp4a.40.2"
	Channels    int       `json:"channels"`
	SampleRate  int       `json:"sample_rate"`
	Bitrate     int       `json:"bitrate"`
	PeakBitrate int       `json:"peak_bitrate"`
	Playlist    string    `json:"playlist"` // "audio/0/playlist.m3u8"
	Init        string    `json:"init"`
	Segments    []Segment `json:"segments"`
	Timescale   int64     `json:"timescale"`
}

// SubtitleTrack is a WebVTT subtitle media playlist produced elsewhere
// (URI relative to the output directory, e.g. "subtitles/en.m3u8").
type SubtitleTrack struct {
	Language string `json:"language"`
	Label    string `json:"label"`
	URI      string `json:"uri"`
	Default  bool   `json:"default,omitempty"`
}

// File names of the chapter files (WriteChapters).
const (
	ChaptersVTTFile  = "chapters.vtt"
	ChaptersJSONFile = "chapters.json"
	// ChaptersDataID is the DATA-ID of the master playlist's
	// EXT-X-SESSION-DATA tag that names the chapters, as Apple's players
	// read it.
	ChaptersDataID = "com.apple.hls.chapters"
)

// WriteChapters puts a video's chapters into the processed output in dir:
// vtt (WebVTT chapters) as chapters.vtt and appleJSON (Apple's JSON chapter
// format for HLS) as chapters.json, named in the master playlist by an
// EXT-X-SESSION-DATA tag; media.json records it, so a later regeneration
// (AddSubtitles) keeps the tag. Both nil removes the files and the tag.
// The files are written as given; no media file is touched.
func WriteChapters(dir string, vtt, appleJSON []byte) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	if (vtt == nil) != (appleJSON == nil) {
		return newError(CodeInvalidArgument, "chapters", fmt.Errorf("both files or neither"))
	}
	m.Chapters = ""
	for _, name := range []string{ChaptersVTTFile, ChaptersJSONFile} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("removing old chapters: %w", err)
		}
	}
	if vtt != nil {
		if err := writeFileAtomic(filepath.Join(dir, ChaptersVTTFile), vtt); err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(dir, ChaptersJSONFile), appleJSON); err != nil {
			return err
		}
		m.Chapters = ChaptersJSONFile
	}
	if err := WriteMasterPlaylist(dir, m); err != nil {
		return err
	}
	return WriteManifest(dir, m)
}

// ReadManifest reads media.json from an output directory.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, fmt.Errorf("reading manifest: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("decoding manifest: %w", err)
	}
	return &m, nil
}

// WriteManifest stores m as media.json in dir.
func WriteManifest(dir string, m *Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding manifest: %w", err)
	}
	return writeFileAtomic(filepath.Join(dir, ManifestFile), append(b, '\n'))
}

// AddSubtitles replaces the subtitle tracks of the output in dir and
// regenerates media.json, the master playlist and the DASH manifest. The
// subtitle playlists themselves must already be in dir.
func AddSubtitles(dir string, subtitles []SubtitleTrack) (*Manifest, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	m.Subtitles = append([]SubtitleTrack(nil), subtitles...)
	if err := WriteMasterPlaylist(dir, m); err != nil {
		return nil, err
	}
	if err := WriteDASHManifest(dir, m); err != nil {
		return nil, err
	}
	if err := WriteManifest(dir, m); err != nil {
		return nil, err
	}
	return m, nil
}

func toSegments(folder string, segs []segmentInfo) []Segment {
	out := make([]Segment, len(segs))
	for i, s := range segs {
		out[i] = Segment{URI: fmt.Sprintf("%s/%d.m4s", folder, i), Start: s.Start, Ticks: s.Ticks, Duration: s.Duration, Size: s.Size}
	}
	return out
}
