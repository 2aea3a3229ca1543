package media

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/reelvideo/reel/internal/webvtt"
)

// Cue is one timed subtitle.
type Cue = webvtt.Cue

// SubtitleError says why a subtitle file was refused and on which line
// (1-based, counted after line endings are normalised).
type SubtitleError struct {
	Line int
	Msg  string
}

func (e *SubtitleError) Error() string {
	return fmt.Sprintf("subtitles: line %d: %s", e.Line, e.Msg)
}

// MaxSubtitleBytes bounds what ParseSubtitles reads: a feature film's
// subtitles are a few hundred KiB.
const MaxSubtitleBytes = 8 << 20

// ParseSubtitles reads SRT or WebVTT as webvtt.Parse does, forgiving what
// editors actually write. Cues come back ordered by start time.
func ParseSubtitles(data []byte) ([]Cue, error) {
	if len(data) > MaxSubtitleBytes {
		return nil, &SubtitleError{Line: 1, Msg: fmt.Sprintf("file larger than %d bytes", MaxSubtitleBytes)}
	}
	cues, err := webvtt.Parse(data)
	if err != nil {
		var e *webvtt.Error
		if errors.As(err, &e) {
			return nil, &SubtitleError{Line: e.Line, Msg: e.Msg}
		}
		return nil, err
	}
	return cues, nil
}

// WriteWebVTT writes cues as a WebVTT file.
func WriteWebVTT(w io.Writer, cues []Cue) error { return webvtt.Write(w, cues) }

// TranscriptJSON is transcript.json, what <reel-text> shows next to the
// player.
type TranscriptJSON struct {
	Language string              `json:"language"`
	Segments []TranscriptSegment `json:"segments"`
}

// TranscriptSegment is one cue as plain text; times are in seconds.
type TranscriptSegment struct {
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	Text  string  `json:"text"`
}

// subtitleTag matches WebVTT and SRT markup: <i>, </b>, <c.yellow>,
// <v Speaker>, <00:01.000> and the like.
var subtitleTag = regexp.MustCompile(`<[^>]*>`)

// Transcript turns cues into plain-text segments: markup stripped, entities
// decoded, lines joined with a space. Cues without words are left out.
func Transcript(language string, cues []Cue) TranscriptJSON {
	transcript := TranscriptJSON{Language: language, Segments: []TranscriptSegment{}}
	for _, cue := range cues {
		text := html.UnescapeString(subtitleTag.ReplaceAllString(cue.Text, ""))
		text = strings.Join(strings.Fields(text), " ")
		if text == "" {
			continue
		}
		transcript.Segments = append(transcript.Segments, TranscriptSegment{
			Start: roundMillis(cue.Start),
			End:   roundMillis(cue.End),
			Text:  text,
		})
	}
	return transcript
}

func roundMillis(d time.Duration) float64 {
	return math.Round(d.Seconds()*1000) / 1000
}

// WriteSubtitlePlaylist writes the HLS media playlist of one subtitle
// rendition: the whole WebVTT file as its single segment, which every HLS
// player accepts and saves segmenting a few kilobytes of text. duration is
// the video's duration in seconds.
func WriteSubtitlePlaylist(w io.Writer, vttURI string, duration float64) error {
	if vttURI == "" || strings.ContainsAny(vttURI, "\r\n") {
		return newError(CodeInvalidArgument, "subtitle playlist", fmt.Errorf("bad uri %q", vttURI))
	}
	if !(duration > 0) || math.IsInf(duration, 0) {
		return newError(CodeInvalidArgument, "subtitle playlist", fmt.Errorf("bad duration %v", duration))
	}
	playlist := fmt.Sprintf("#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:%d\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:%.3f,\n%s\n#EXT-X-ENDLIST\n",
		int(math.Ceil(duration)), duration, vttURI)
	if _, err := io.WriteString(w, playlist); err != nil {
		return fmt.Errorf("write subtitle playlist: %w", err)
	}
	return nil
}

// SubtitleFile is one subtitle track to put into a processed output.
type SubtitleFile struct {
	Language string
	Label    string
	Default  bool
	VTT      []byte // WebVTT, as WriteWebVTT writes it
}

// WriteSubtitles replaces the subtitle tracks of the processed output in
// dir: subtitles/{language}.vtt and .m3u8 for each track, transcript.json
// from the default track, and the master playlist, DASH manifest and
// media.json regenerated. Every file is written atomically.
func WriteSubtitles(dir string, tracks []SubtitleFile) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	subDir := filepath.Join(dir, "subtitles")
	if err := os.RemoveAll(subDir); err != nil {
		return fmt.Errorf("removing old subtitles: %w", err)
	}
	if err := os.Remove(filepath.Join(dir, TranscriptFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing old transcript: %w", err)
	}
	var hls []SubtitleTrack
	for _, t := range tracks {
		cues, err := ParseSubtitles(t.VTT)
		if err != nil {
			return fmt.Errorf("parsing %s subtitles: %w", t.Language, err)
		}
		if err := writeFileAtomic(filepath.Join(subDir, t.Language+".vtt"), t.VTT); err != nil {
			return err
		}
		err = writeAtomic(filepath.Join(subDir, t.Language+".m3u8"), func(w io.Writer) error {
			return WriteSubtitlePlaylist(w, t.Language+".vtt", max(m.Duration, 0.001))
		})
		if err != nil {
			return err
		}
		hls = append(hls, SubtitleTrack{Language: t.Language, Label: t.Label, Default: t.Default, URI: "subtitles/" + t.Language + ".m3u8"})
		if t.Default {
			b, err := json.Marshal(Transcript(t.Language, cues))
			if err != nil {
				return fmt.Errorf("encoding transcript: %w", err)
			}
			if err := writeFileAtomic(filepath.Join(dir, TranscriptFile), b); err != nil {
				return err
			}
		}
	}
	_, err = AddSubtitles(dir, hls)
	return err
}

// TranscriptFile is the transcript's name in a processed output.
const TranscriptFile = "transcript.json"
