package delivery

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// liveFrame is where a live video's latest keyframe is: the first picture
// of the newest segment its growing set lists, in one rendition.
type liveFrame struct {
	init, segment string // blob keys
	width, height int
}

// maxLivePlaylistBytes bounds what is read of a growing playlist (a 2 h DVR
// window of 2 s segments is about 300 kB).
const maxLivePlaylistBytes = 4 << 20

// maxLiveSegmentBytes bounds the bytes of one segment read to cut a frame.
const maxLiveSegmentBytes = 64 << 20

// liveFrameTTL is how long a resolved live frame is reused: under a
// segment (2 s), so a thumbnail of now is at most one segment old.
const liveFrameTTL = time.Second

// resolveLiveFrame finds the newest segment of v's growing set in the
// smallest rendition at least width wide (the widest when none is): its
// first picture is a keyframe, so the frame costs one decode. A set that
// lists no segment yet is ENotFound.
func (d *Delivery) resolveLiveFrame(ctx context.Context, v *videohost.Video, width int, format string) (FrameSpec, error) {
	if v.State != videohost.StateProcessing || v.Source == nil || v.Source.LiveStream == "" {
		return FrameSpec{}, videohost.Invalid("time", "time=live is for a video that is live now; give a number of seconds")
	}
	if v.AssetVersion == "" {
		return FrameSpec{}, videohost.Errorf(videohost.ENotFound, "the live video %s has no picture yet", v.Embed)
	}
	key := fmt.Sprintf("%s\x00%s\x00%d\x00%s", v.ID, v.AssetVersion, width, format)
	if spec, ok := d.liveFrames.Get(key); ok {
		return spec, nil
	}
	spec, err := d.findLiveFrame(ctx, v, width, format)
	if err != nil {
		return FrameSpec{}, err
	}
	d.liveFrames.Put(key, spec)
	return spec, nil
}

// findLiveFrame is resolveLiveFrame without the cache.
func (d *Delivery) findLiveFrame(ctx context.Context, v *videohost.Video, width int, format string) (FrameSpec, error) {
	// The rungs from the set's master playlist: the session names them
	// (and may add rungs) before the video's renditions are known.
	b, _, err := d.blobs.Open(ctx, videohost.AssetKey(v.ID, v.AssetVersion, "playlist.m3u8"))
	if err != nil {
		return FrameSpec{}, fmt.Errorf("opening the live master playlist: %w", err)
	}
	variants, err := liveVariants(io.LimitReader(b, maxLivePlaylistBytes))
	b.Close()
	if err != nil {
		return FrameSpec{}, err
	}
	if len(variants) == 0 {
		return FrameSpec{}, videohost.Errorf(videohost.ENotFound, "the live video %s has no picture yet", v.Embed)
	}
	sort.Slice(variants, func(i, j int) bool { return variants[i].width < variants[j].width })
	r := variants[len(variants)-1]
	for _, c := range variants {
		if width > 0 && c.width >= width {
			r = c
			break
		}
	}
	dir := path.Dir(r.uri)
	b, _, err = d.blobs.Open(ctx, videohost.AssetKey(v.ID, v.AssetVersion, r.uri))
	if err != nil {
		return FrameSpec{}, fmt.Errorf("opening the live playlist: %w", err)
	}
	initURI, segURI, err := newestSegment(io.LimitReader(b, maxLivePlaylistBytes))
	b.Close()
	if err != nil {
		return FrameSpec{}, err
	}
	if segURI == "" || initURI == "" {
		return FrameSpec{}, videohost.Errorf(videohost.ENotFound, "the live video %s has no picture yet", v.Embed)
	}
	spec := FrameSpec{Video: v.ID, Version: v.AssetVersion, Format: format, Width: r.width}
	if width > 0 {
		spec.Width = min(width, r.width)
	}
	spec.live = &liveFrame{
		init:    videohost.AssetKey(v.ID, v.AssetVersion, path.Join(dir, initURI)),
		segment: videohost.AssetKey(v.ID, v.AssetVersion, path.Join(dir, segURI)),
		width:   r.width, height: r.height,
	}
	// The segment names the picture: the key changes with every segment.
	spec.Millis = -1
	spec.segment = strings.TrimSuffix(path.Base(segURI), path.Ext(segURI))
	return spec, nil
}

// liveVariant is a rendition a master playlist lists.
type liveVariant struct {
	uri           string
	width, height int
}

// liveVariants reads a master playlist's variants with their RESOLUTION
// (the ones without one, audio-only, are left out). A URI that leaves the
// version is refused.
func liveVariants(r io.Reader) ([]liveVariant, error) {
	var out []liveVariant
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<10)
	var pending *liveVariant
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "#EXT-X-STREAM-INF:"):
			pending = nil
			for _, attr := range strings.Split(strings.TrimPrefix(line, "#EXT-X-STREAM-INF:"), ",") {
				if res, ok := strings.CutPrefix(attr, "RESOLUTION="); ok {
					var v liveVariant
					if _, err := fmt.Sscanf(res, "%dx%d", &v.width, &v.height); err == nil && v.width > 0 && v.height > 0 {
						pending = &v
					}
				}
			}
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			if pending != nil {
				if !safeRelative(line) {
					return nil, fmt.Errorf("the live master playlist lists %q", line)
				}
				pending.uri = line
				out = append(out, *pending)
			}
			pending = nil
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the live master playlist: %w", err)
	}
	return out, nil
}

// safeRelative reports whether a listed URI stays in its folder.
func safeRelative(u string) bool {
	return u != "" && !strings.Contains(u, "..") && !strings.Contains(u, "://") && !strings.HasPrefix(u, "/") && !strings.Contains(u, "?")
}

// newestSegment reads an HLS media playlist and answers the URI of its
// init segment and of its last media segment (both relative, as listed;
// "" when there is none). A URI that leaves the folder is refused.
func newestSegment(r io.Reader) (initURI, segURI string, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<10)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "#EXT-X-MAP:"):
			if i := strings.Index(line, `URI="`); i >= 0 {
				rest := line[i+5:]
				if j := strings.IndexByte(rest, '"'); j >= 0 {
					initURI = rest[:j]
				}
			}
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			segURI = line
		}
	}
	if err := sc.Err(); err != nil {
		return "", "", fmt.Errorf("reading the live playlist: %w", err)
	}
	for _, u := range []string{initURI, segURI} {
		if u != "" && !safeRelative(u) {
			return "", "", fmt.Errorf("the live playlist lists %q", u)
		}
	}
	return initURI, segURI, nil
}

// liveFrameSource writes the init segment and the media segment of spec
// into one fragmented MP4 file in dir, which the pipeline reads as any
// source; the caller removes it.
func (d *Delivery) liveFrameSource(ctx context.Context, spec FrameSpec, dir string) (name string, err error) {
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("creating the live frame's folder: %w", err)
		}
	}
	f, err := os.CreateTemp(dir, "live-frame-*.mp4")
	if err != nil {
		return "", fmt.Errorf("creating the live frame's source: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing the live frame's source: %w", cerr)
		}
		if err != nil {
			os.Remove(f.Name())
		}
	}()
	// Streamed from the blobs to the file: a segment is megabytes.
	for _, key := range []string{spec.live.init, spec.live.segment} {
		b, _, err := d.blobs.Open(ctx, key)
		if err != nil {
			return "", fmt.Errorf("opening %s: %w", path.Base(key), err)
		}
		_, err = io.Copy(f, io.LimitReader(b, maxLiveSegmentBytes))
		b.Close()
		if err != nil {
			return "", fmt.Errorf("copying %s: %w", path.Base(key), err)
		}
	}
	return f.Name(), nil
}
