package transcode

import (
	"context"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

var _ videohost.ChapterPipeline = (*Pipeline)(nil)

// ApplyChapters writes chapters.vtt and chapters.json into dir and
// regenerates its master playlist with the chapters' EXT-X-SESSION-DATA
// tag; nil files removes them.
func (p *Pipeline) ApplyChapters(ctx context.Context, dir string, files *videohost.ChapterFiles) error {
	if files == nil {
		return media.WriteChapters(dir, nil, nil)
	}
	return media.WriteChapters(dir, files.VTT, files.JSON)
}
