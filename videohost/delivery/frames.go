package delivery

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"

	"github.com/reelvideo/reel/videohost"
)

// FrameQuery asks for a still of a video by URL: Time nil is the poster
// time, Width 0 the source width, Format jpg, png or webp. Live asks for
// the latest keyframe of a video that is live now (Time is then unused).
type FrameQuery struct {
	Time   *float64
	Live   bool
	Width  int
	Format string
}

// FrameSpec is a FrameQuery resolved against one published version of a
// video: the time clamped to the duration and rounded to the millisecond,
// the width to the widest rendition (a frame is never upscaled). Equal
// specs make the same image.
type FrameSpec struct {
	Video   string
	Version string
	Millis  int64
	Width   int
	Format  string
	sources []videohost.FrameSource
	// live and segment: a live video's latest keyframe (Millis -1), the
	// first picture of the segment named segment.
	live    *liveFrame
	segment string
}

// Key names the image: the cache key and the HTTP validator.
func (f FrameSpec) Key() string {
	return f.Version + "-" + f.at() + "-" + strconv.Itoa(f.Width) + "-" + f.Format
}

func (f FrameSpec) blobKey() string {
	return videohost.FramePrefix(f.Video, f.Version) + "/" + f.at() + "_" + strconv.Itoa(f.Width) + "." + f.Format
}

// at names the picture in a key: its millisecond, or a live segment.
func (f FrameSpec) at() string {
	if f.live != nil {
		return "live" + f.segment
	}
	return strconv.FormatInt(f.Millis, 10)
}

// Live reports whether the spec is a live video's latest keyframe, which
// the next segment replaces: caches keep it a second or two.
func (f FrameSpec) Live() bool { return f.live != nil }

// ResolveFrame resolves q for v. A video without pictures is ENotFound; a
// server that cannot extract frames answers EUnavailable. A live frame
// (q.Live) reads the video's growing playlist.
func (d *Delivery) ResolveFrame(ctx context.Context, v *videohost.Video, q FrameQuery) (FrameSpec, error) {
	if d.pipeline == nil {
		return FrameSpec{}, videohost.Errorf(videohost.EUnavailable, "frame extraction is not configured on this server")
	}
	if q.Live {
		return d.resolveLiveFrame(ctx, v, q.Width, q.Format)
	}
	spec := FrameSpec{Video: v.ID, Version: v.AssetVersion, Format: q.Format}
	local := d.caps.Local
	widest := 0
	for _, r := range v.Renditions {
		// On local disk a source is a path; elsewhere it is the blob key,
		// fetched into the rendition cache by MakeFrame.
		p := videohost.AssetKey(v.ID, v.AssetVersion, r.Name+".mp4")
		if local != nil {
			p = local.Path(p)
		}
		spec.sources = append(spec.sources, videohost.FrameSource{Path: p, Width: r.Width, Height: r.Height})
		widest = max(widest, r.Width)
	}
	if len(spec.sources) == 0 {
		return FrameSpec{}, videohost.Errorf(videohost.ENotFound, "video %s has no pictures", v.Embed)
	}
	sort.Slice(spec.sources, func(i, j int) bool { return spec.sources[i].Width < spec.sources[j].Width })
	var at float64
	switch {
	case q.Time != nil:
		at = *q.Time
	case v.PosterTime != nil:
		at = *v.PosterTime
	}
	if v.Duration > 0 {
		at = min(at, v.Duration)
	}
	spec.Millis = int64(math.Round(at * 1000))
	spec.Width = widest
	if q.Width > 0 {
		spec.Width = min(q.Width, widest)
	}
	return spec, nil
}

// pickFrameSource is the pipeline's rule (media.PickFrameSource): the
// smallest source at least width wide, else the widest; the service
// applies it itself when it must fetch the one source a frame reads.
func pickFrameSource(sources []videohost.FrameSource, width int) videohost.FrameSource {
	var best, widest videohost.FrameSource
	for _, src := range sources {
		if src.Width > widest.Width || widest.Path == "" {
			widest = src
		}
		if width > 0 && src.Width >= width && (best.Path == "" || src.Width < best.Width) {
			best = src
		}
	}
	if best.Path != "" {
		return best
	}
	return widest
}

// OpenCachedFrame opens the image of spec when it was made before and is
// still in the frame cache; ENotFound otherwise.
func (d *Delivery) OpenCachedFrame(ctx context.Context, spec FrameSpec) (videohost.Blob, videohost.BlobInfo, error) {
	return d.frames.open(ctx, spec.blobKey())
}

// MakeFrame extracts the image of spec and caches it for OpenCachedFrame,
// within the frame cache's byte cap (Config.FrameCacheSize): the least
// recently used frames make room. When blobs are not on local disk, the one
// rendition the frame is cut from is fetched into the local rendition cache
// first.
func (d *Delivery) MakeFrame(ctx context.Context, spec FrameSpec) ([]byte, error) {
	sources := spec.sources
	at := float64(spec.Millis) / 1000
	if spec.live != nil {
		src, err := d.liveFrameSource(ctx, spec, d.cfg.RenditionCacheDir)
		if err != nil {
			return nil, err
		}
		defer os.Remove(src)
		// Time 0: the segment's first picture, whatever its timestamps.
		sources, at = []videohost.FrameSource{{Path: src, Width: spec.live.width, Height: spec.live.height}}, 0
	} else if d.renditions != nil {
		src := pickFrameSource(sources, spec.Width)
		p, release, err := d.renditions.get(ctx, src.Path)
		if err != nil {
			return nil, fmt.Errorf("fetching the rendition of a frame: %w", err)
		}
		defer release()
		src.Path = p
		sources = []videohost.FrameSource{src}
	}
	image, err := d.pipeline.Frame(ctx, videohost.FrameRequest{
		Sources: sources, Time: at, Width: spec.Width, Format: spec.Format,
	})
	if err == nil && len(image) == 0 {
		err = errors.New("the pipeline returned an empty image")
	}
	if err != nil {
		return nil, err
	}
	if err := d.frames.put(ctx, spec.blobKey(), image); err != nil {
		// The image is still good for the request that asked for it.
		d.log.WarnContext(ctx, "caching a frame", "video", spec.Video, "err", err)
	}
	return image, nil
}
