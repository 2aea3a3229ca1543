package transcode

import (
	"context"
	"errors"
	"strings"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

var _ videohost.SubtitlePipeline = (*Pipeline)(nil)

// ConvertSubtitles parses SRT or WebVTT and returns normalised WebVTT.
func (p *Pipeline) ConvertSubtitles(ctx context.Context, body []byte) ([]byte, error) {
	cues, err := media.ParseSubtitles(body)
	if err != nil {
		var se *media.SubtitleError
		if errors.As(err, &se) {
			return nil, videohost.Invalid("body", "line %d: %s", se.Line, se.Msg)
		}
		return nil, videohost.Invalid("body", "%v", err)
	}
	var b strings.Builder
	if err := media.WriteWebVTT(&b, cues); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// ApplySubtitles writes the subtitle files, their HLS playlists and the
// transcript into dir, and regenerates the master playlist and DASH manifest.
func (p *Pipeline) ApplySubtitles(ctx context.Context, dir string, tracks []videohost.SubtitleFile) error {
	files := make([]media.SubtitleFile, len(tracks))
	for i, t := range tracks {
		files[i] = media.SubtitleFile{Language: t.Language, Label: t.Label, Default: t.Default, VTT: t.VTT}
	}
	return media.WriteSubtitles(dir, files)
}
