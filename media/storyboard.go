package media

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/internal/webvtt"
)

// StoryboardOptions shapes the storyboard sprite. Zero values take the
// defaults.
type StoryboardOptions struct {
	TileWidth int    // pixels, default 160
	MaxTiles  int    // default 100
	Columns   int    // default 10
	URL       string // how the WebVTT refers to the sprite, default "storyboard.jpg"
	// Keyframes takes each tile from the keyframe at or before its time
	// rather than the exact picture: one picture a GOP is decoded instead
	// of every one. For a source whose keyframes are close together (a
	// live recording: a publisher sends one every 1–2 s), what a seek
	// preview shows is the same to the eye, for 30–60 times less work.
	Keyframes bool
}

// Storyboard defaults, and the shortest time between two tiles: a tile per
// frame of a short clip would be a sprite of near-duplicates.
const (
	defaultStoryboardTileWidth = 160
	defaultStoryboardMaxTiles  = 100
	defaultStoryboardColumns   = 10
	defaultStoryboardURL       = "storyboard.jpg"
	minStoryboardInterval      = time.Second
)

// storyboardSeekGap is how far ahead the next tile must be before seeking
// beats decoding on: seeking costs a fresh decoder and up to one group of
// pictures, decoding on costs every reference frame in between. Measured on
// 30 s of 1080p30 H.264 with 30 tiles (CPU time): with keyframes every 2 s,
// seeking per tile 3.2 s, decoding on 2.8 s; with x264's default keyframe
// interval (250), seeking per tile 10.5 s, decoding on 2.7 s. Long videos
// (tiles more than 4 s apart) seek.
const storyboardSeekGap = 4 * time.Second

func (o StoryboardOptions) withDefaults() StoryboardOptions {
	if o.TileWidth == 0 {
		o.TileWidth = defaultStoryboardTileWidth
	}
	if o.MaxTiles == 0 {
		o.MaxTiles = defaultStoryboardMaxTiles
	}
	if o.Columns == 0 {
		o.Columns = defaultStoryboardColumns
	}
	if o.URL == "" {
		o.URL = defaultStoryboardURL
	}
	return o
}

// Storyboard writes storyboard.jpg, a sprite of up to MaxTiles thumbnails
// evenly spaced across the video, and storyboard.vtt, whose cues point at
// each tile with a media fragment (sprite#xywh=x,y,w,h) for seek previews.
func Storyboard(ctx context.Context, source string, outDir string, opts StoryboardOptions) error {
	const op = "storyboard"
	opts = opts.withDefaults()
	if opts.TileWidth < 16 || opts.TileWidth > 1920 || opts.MaxTiles < 1 || opts.MaxTiles > 1000 || opts.Columns < 1 ||
		strings.ContainsAny(opts.URL, "\r\n") {
		return newError(CodeInvalidArgument, op, fmt.Errorf("bad options %+v", opts))
	}
	decoder, err := openImgDecoder(ctx, op, source, frameDecodeThreads)
	if err != nil {
		return err
	}
	defer decoder.close()
	if decoder.duration <= 0 {
		return newError(CodeNotMedia, op, errors.New("unknown duration"))
	}
	if opts.Keyframes {
		decoder.keyframesOnly = true
		if err := decoder.openCodec(); err != nil {
			return err
		}
	}

	tiles := storyboardTileTimes(decoder.duration, opts.MaxTiles)
	columns := min(opts.Columns, len(tiles))
	rows := (len(tiles) + columns - 1) / columns
	displayW, displayH := decoder.displaySize()
	// Tiles keep their width even for a source narrower than a tile: the
	// player's preview box is sized by the tile, not by the source.
	tileW := opts.TileWidth
	tileH := max(2, int(math.Round(float64(tileW)*float64(displayH)/float64(displayW)/2))*2)

	var sprite *imgFilter
	defer func() {
		if sprite != nil {
			sprite.close()
		}
	}()
	decodedUpTo := time.Duration(-1) // nothing decoded yet
	for i, at := range tiles {
		// From keyframes, every tile seeks: decoding on would have read the
		// next keyframe past the last tile's time, and lost it.
		if opts.Keyframes || decodedUpTo < 0 || at < decodedUpTo || at-decodedUpTo > storyboardSeekGap {
			if err := decoder.seek(at); err != nil {
				return err
			}
		}
		frame, err := decoder.decodeTo(ctx, decoder.ticksAt(at))
		if err != nil {
			return err
		}
		decodedUpTo = decoder.frameTime(frame)
		if sprite == nil {
			// One graph scales, turns and lays out every tile: the tile
			// filter emits the sprite once the grid is full or input ends.
			chain := imgScaleChain(decoder.orient, tileW, tileH, JPEG.encoderPixelFormat(), JPEG.fullRange())
			chain = strings.Replace(chain, ",format=", ",tile="+strconv.Itoa(columns)+"x"+strconv.Itoa(rows)+",format=", 1)
			if sprite, err = newVideoFilter(frame, decoder.timeBase, chain); err != nil {
				return newError(CodeTranscodeFailed, op, err)
			}
		}
		// Tiles go in as consecutive frames, whatever their source times.
		frame.SetPts(int64(i))
		if err := sprite.push(frame); err != nil {
			return newError(CodeTranscodeFailed, op, err)
		}
	}
	if err := sprite.push(nil); err != nil {
		return newError(CodeTranscodeFailed, op, err)
	}
	picture, err := sprite.pull()
	if err != nil || picture == nil {
		return newError(CodeTranscodeFailed, op, fmt.Errorf("no sprite: %v", err))
	}
	image, err := imgEncode(picture, JPEG)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(outDir, "storyboard.jpg"), image); err != nil {
		return newError(CodeTranscodeFailed, op, err)
	}
	vtt := storyboardVTT(tiles, decoder.duration, columns, tileW, tileH, opts.URL)
	if err := writeFileAtomic(filepath.Join(outDir, "storyboard.vtt"), []byte(vtt)); err != nil {
		return newError(CodeTranscodeFailed, op, err)
	}
	return nil
}

// storyboardTileTimes spreads up to maxTiles tile times evenly over
// duration, at least minStoryboardInterval apart.
func storyboardTileTimes(duration time.Duration, maxTiles int) []time.Duration {
	interval := max(duration/time.Duration(maxTiles), minStoryboardInterval)
	count := max(1, min(maxTiles, int((duration+interval-1)/interval)))
	interval = duration / time.Duration(count)
	times := make([]time.Duration, count)
	for i := range times {
		times[i] = time.Duration(i) * interval
	}
	return times
}

// storyboardVTT lists one cue per tile, from its time to the next tile's.
func storyboardVTT(tiles []time.Duration, duration time.Duration, columns, tileW, tileH int, url string) string {
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	for i, start := range tiles {
		end := duration
		if i+1 < len(tiles) {
			end = tiles[i+1]
		}
		x, y := i%columns*tileW, i/columns*tileH
		fmt.Fprintf(&b, "\n%s --> %s\n%s#xywh=%d,%d,%d,%d\n", webvtt.FormatTime(start), webvtt.FormatTime(end), url, x, y, tileW, tileH)
	}
	return b.String()
}
