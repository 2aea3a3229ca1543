package media_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/Eyevinn/mp4ff/mp4"
	"github.com/reelvideo/reel/media"
)

// The source zoo (issue 34, item 3): one row per kind of source people
// upload, each made here with ffmpeg's lavfi, processed by media.Process and
// checked against what ffmpeg itself reads of the source, never against the
// package's own reading of it. bench/sources runs the same kinds at full size.
//
// Every source lasts zooSeconds and carries two markers at 1 s and at
// zooSeconds-1 s: a frame whose picture is all white (zooVideo) and a 100 ms
// beep (zooBeeps), made at the same instant. Finding both in the output says
// whether audio and video stayed together at the start and at the end.
const zooSeconds = 3

// zooSource is one row of the zoo.
type zooSource struct {
	name string
	make func(t *testing.T) string
	// fps is the frame rate the source was made at; for a variable frame
	// rate, its highest. 0 for audio only.
	fps float64
	hdr bool // PQ or HLG: the renditions must say BT.709
	// rungs, when set, is the ladder the source must get, "WxH" per
	// rendition as ffprobe reads the MP4s, smallest first.
	rungs      []string
	interlaced bool // the renditions must be progressive
	// knownFailure says why the row fails today because of the pipeline
	// (with who is fixing it): the row still runs every check, and the
	// failures of the checks in knownIn (all of them when empty) skip it with
	// this reason and the failures, instead of failing it. A failure of
	// another check fails the row, and a known failure that no longer
	// happens fails it too, so that the mark is removed with the fix.
	knownFailure string
	knownIn      []string
}

// The checks' names, for knownIn.
const (
	checkJob         = "job"         // Process ends without error; OnPlayable called once
	checkOrientation = "orientation" // first frame of every rendition as ffmpeg's autorotated source
	checkPoster      = "poster"      // poster as ffmpeg's autorotated source at the poster's time
	checkAspect      = "aspect"      // display aspect of the source, square pixels
	checkColour      = "colour"      // yuv420p; BT.709 tags after tone-mapping
	checkDuration    = "duration"    // within one frame of the source
	checkSync        = "sync"        // audio/video offset as in the source, within one frame
	checkFrameRate   = "frame rate"  // wantFrameRate
	checkInterlace   = "interlace"   // no combing left
	checkAudio       = "audio"       // AAC stereo 48 kHz, one track per source stream
	checkLadder      = "ladder"      // the row's rungs, when it says them
)

// wantFrameRate is the frame rate a rendition of quality should have, for
// a source made at sourceFPS (a variable-rate source: its highest rate),
// under the rule of issue 34, item 2: above 60 fps halved until it fits;
// above 30 fps kept at 720p and up (the hd rung and larger, whatever the
// picture's shape: a square source's 720x720 hd too) and halved in sd, where
// the extra frames cost more than they show. A 60 fps phone clip plays at 60
// in hd and fhd, at 30 in sd; 25 and 30 fps stay as they are.
func wantFrameRate(sourceFPS float64, quality string) float64 {
	r := sourceFPS
	for r > 60.01 {
		r /= 2
	}
	if quality == "sd" && r > 30.01 {
		r /= 2
	}
	return r
}

func zooSources() []zooSource {
	stereo := zooBeeps(48000, 1000, "stereo")
	x265 := []string{"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"}
	x264 := []string{"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"}
	aac := []string{"-c:a", "aac", "-b:a", "128k"}
	return []zooSource{
		{
			// An iPhone's default, made small: rotation, HDR and 60 fps are
			// what matter here, not 4K.
			name: "phone HEVC Main10 PQ 60fps rotate 90",
			make: func(t *testing.T) string {
				src := generateSource(t, "pq.mov", join(lavfi(zooVideo("384x216", 60, 60)+","+zooHDR("smpte2084"), stereo),
					x265, zooHDRTags("smpte2084"), aac)...)
				return zooRotated(t, src, 90)
			},
			fps: 60, hdr: true,
		},
		{
			// ffprobe: rotation=-90, what an iPhone held upright writes.
			name: "phone HEVC rotate 270",
			make: func(t *testing.T) string {
				src := generateSource(t, "hevc.mov", join(lavfi(zooVideo("384x216", 30, 30), stereo), x265, []string{"-pix_fmt", "yuv420p"}, aac)...)
				return zooRotated(t, src, 270)
			},
			fps: 30,
		},
		{
			name: "H.264 rotate 180",
			make: func(t *testing.T) string {
				src := generateSource(t, "h264.mp4", join(lavfi(zooVideo("320x180", 30, 30), stereo), x264, aac)...)
				return zooRotated(t, src, 180)
			},
			fps: 30,
		},
		{
			name: "phone HEVC Main10 HLG 30fps",
			make: func(t *testing.T) string {
				return generateSource(t, "hlg.mp4", join(lavfi(zooVideo("384x216", 30, 30)+","+zooHDR("arib-std-b67"), stereo),
					x265, zooHDRTags("arib-std-b67"), aac)...)
			},
			fps: 30, hdr: true,
		},
		{
			// Android phones write the frames as the camera delivers them:
			// 30 fps, fewer in dim light (here 15 fps from 1.2 to 1.8 s).
			name: "Android H.264 VFR 15-30fps",
			make: func(t *testing.T) string {
				return generateSource(t, "vfr.mp4", join(lavfi(zooVideo("384x216", 30, 30)+
					",select='not(between(t\\,1.2\\,1.8)*mod(n\\,2))'", stereo),
					[]string{"-fps_mode", "vfr"}, x264, aac)...)
			},
			fps: 30,
		},
		{
			// A 2560x1600 screen, made small: 16:10, no ladder size, 60 fps
			// while things move, one frame when something changes in between
			// (nothing from 1.2 s to 2 s: a static stretch).
			name: "screen recording H.264 VFR 1-60fps 16:10",
			make: func(t *testing.T) string {
				return generateSource(t, "screen.mp4", join(lavfi(zooVideo("768x480", 60, 60)+
					",select='lt(t\\,1.2)+between(t\\,1.99\\,2.03)+gte(t\\,2.4)'", stereo),
					[]string{"-fps_mode", "vfr"}, x264, aac)...)
			},
			fps: 60,
			// sd fits the 640x360 box by its short edge, as every source
			// narrower than 16:9 (640x400 before the box rule).
			rungs: []string{"576x360"},
		},
		{
			name: "camera ProRes 422 HQ 10-bit 25fps PCM MOV",
			make: func(t *testing.T) string {
				return generateSource(t, "prores.mov", join(lavfi(zooVideo("384x216", 25, 25), stereo),
					[]string{"-c:v", "prores_ks", "-profile:v", "3", "-pix_fmt", "yuv422p10le", "-c:a", "pcm_s24le"})...)
			},
			fps: 25,
		},
		{
			// 50 fields a second, top field first, as 1080i50 broadcast and
			// camcorders; 5.1 AC-3 with the beeps in the centre channel only,
			// where dialogue is, so a downmix that drops it loses them. At
			// 720p, so that the early pass scales it down for sd (its
			// deinterlacer once saw only the sd-sized corner of the picture).
			name: "camera MPEG-2 1080i-like TS 5.1 AC-3",
			make: func(t *testing.T) string {
				return generateSource(t, "interlaced.ts", join(lavfi(zooVideo("1280x720", 50, 25)+",tinterlace=mode=interleave_top",
					zooBeeps(48000, 1000, "5.1", 2)),
					[]string{"-c:v", "mpeg2video", "-flags", "+ildct+ilme", "-top", "1", "-b:v", "3M",
						"-c:a", "ac3", "-b:a", "448k", "-f", "mpegts"})...)
			},
			fps: 25, interlaced: true,
			// Fixed by buildGraph starting its chain with sourceFilters
			// (source_filters.go) and VideoStream.FieldOrder set by Probe.
			knownIn: []string{checkInterlace},
		},
		{
			// MediaRecorder writes as it goes and never goes back: no
			// duration, no cues.
			name: "browser VP9 Opus WebM without duration",
			make: func(t *testing.T) string {
				return generatePiped(t, "recorder.webm", join(lavfi(zooVideo("320x180", 30, 30), stereo),
					[]string{"-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "500k", "-c:a", "libopus", "-f", "webm"})...)
			},
			fps: 30,
			// Fixed by Probe reading the duration from the packets when the
			// header has none (readDuration, source_duration.go).
			knownIn: []string{checkJob},
		},
		{
			name: "browser AV1 Opus MP4",
			make: func(t *testing.T) string {
				return generateSource(t, "av1.mp4", join(lavfi(zooVideo("320x180", 30, 30), stereo),
					[]string{"-c:v", "libsvtav1", "-preset", "12", "-svtav1-params", "lp=1", "-c:a", "libopus"})...)
			},
			fps: 30,
		},
		{
			name: "no audio",
			make: func(t *testing.T) string {
				return generateSource(t, "silent.mp4", join([]string{"-f", "lavfi", "-i", zooVideo("320x180", 25, 25)}, x264)...)
			},
			fps: 25,
		},
		{
			name: "96 kHz mono PCM",
			make: func(t *testing.T) string {
				return generateSource(t, "mono96k.mov", join(lavfi(zooVideo("320x180", 30, 30), zooBeeps(96000, 1000, "mono")),
					x264, []string{"-c:a", "pcm_s24le"})...)
			},
			fps: 30,
		},
		{
			name: "two audio streams",
			make: func(t *testing.T) string {
				return generateSource(t, "two.mp4", join(lavfi(zooVideo("320x180", 30, 30), stereo),
					[]string{"-f", "lavfi", "-i", zooBeeps(44100, 500, "stereo"), "-map", "0", "-map", "1", "-map", "2"},
					x264, aac, []string{"-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra"})...)
			},
			fps: 30,
		},
		{
			name: "MJPEG AVI",
			make: func(t *testing.T) string {
				return generateSource(t, "mjpeg.avi", join(lavfi(zooVideo("640x480", 25, 25), zooBeeps(44100, 1000, "stereo")),
					[]string{"-c:v", "mjpeg", "-q:v", "5", "-pix_fmt", "yuvj420p", "-c:a", "pcm_s16le"})...)
			},
			fps: 25,
			// 4:3: sd is 480x360 in the 640x360 box (640x480 before).
			rungs: []string{"480x360"},
		},
		{
			name: "anamorphic PAL 720x576 SAR 64:45",
			make: func(t *testing.T) string {
				return generateSource(t, "pal.mp4", join(lavfi(zooVideo("720x576", 25, 25)+",setsar=64/45", stereo), x264, aac)...)
			},
			fps:   25,
			rungs: []string{"640x360"}, // 1024x576 displayed
		},
		{
			name: "portrait 9:16",
			make: func(t *testing.T) string {
				return generateSource(t, "portrait.mp4", join(lavfi(zooVideo("432x768", 30, 30), stereo), x264, aac)...)
			},
			fps: 30,
			// The box turned upright: sd fits in 360x640.
			rungs: []string{"360x640"},
		},
		{
			// Big enough for three rungs: a square source reaches a box by its
			// short edge (it got only a 640x640 sd before the box rule). At
			// 30 fps to keep the row short; PlanLadder's tests hold that a
			// square hd keeps 60 fps.
			name: "square 1:1",
			make: func(t *testing.T) string {
				return generateSource(t, "square.mp4", join(lavfi(zooVideo("1080x1080", 30, 30), stereo), x264, aac)...)
			},
			fps:   30,
			rungs: []string{"360x360", "720x720", "1080x1080"},
		},
		{
			name: "audio only MP3",
			make: func(t *testing.T) string {
				return generateSource(t, "audio.mp3", "-f", "lavfi", "-i", zooBeeps(44100, 1000, "stereo"), "-c:a", "libmp3lame", "-b:a", "128k")
			},
		},
		{
			name: "audio only FLAC",
			make: func(t *testing.T) string {
				return generateSource(t, "audio.flac", "-f", "lavfi", "-i", zooBeeps(48000, 1000, "stereo"), "-c:a", "flac")
			},
		},
		{
			name: "audio only WAV",
			make: func(t *testing.T) string {
				return generateSource(t, "audio.wav", "-f", "lavfi", "-i", zooBeeps(44100, 1000, "mono"), "-c:a", "pcm_s16le")
			},
		},
	}
}

func TestZoo(t *testing.T) {
	t.Parallel()
	for _, z := range zooSources() {
		t.Run(z.name, func(t *testing.T) {
			t.Parallel()
			c := &zooChecks{t: t}
			defer c.done(z)
			checkZoo(t, c, z, z.make(t))
		})
	}
}

// checkZoo processes one source and runs every check of the zoo on it.
func checkZoo(t *testing.T, c *zooChecks, z zooSource, src string) {
	out := t.TempDir()
	start := time.Now()
	var calls atomic.Int32
	var playableAt atomic.Int64
	m, err := media.Process(ladderTestContext(t), media.ProcessOptions{
		Source: src, OutDir: out,
		OnPlayable: func(context.Context, media.Playable) error {
			if calls.Add(1) == 1 {
				playableAt.Store(int64(time.Since(start)))
			}
			return nil
		},
	})
	ready := time.Since(start)
	if err != nil {
		c.errorf(checkJob, "Process: %v", err)
		return
	}
	if n := calls.Load(); n != 1 {
		c.errorf(checkJob, "OnPlayable called %d times, want once", n)
	}
	summary := []string{fmt.Sprintf("playable %.2f s, ready %.2f s", time.Duration(playableAt.Load()).Seconds(), ready.Seconds())}
	defer func() { t.Log(strings.Join(summary, "; ")) }()

	source := ffprobeJSON(t, src)
	srcVideo, srcAudio := source.streamsOf("video"), source.streamsOf("audio")
	if len(m.AudioTracks) != len(srcAudio) {
		c.errorf(checkAudio, "%d audio tracks for %d audio streams", len(m.AudioTracks), len(srcAudio))
	}
	for i, a := range m.AudioTracks {
		track := concatFiles(t, filepath.Join(t.TempDir(), "audio"+a.ID+".mp4"), trackFiles(out, a.Init, a.Segments)...)
		st := ffprobeJSON(t, track).Streams
		if len(st) != 1 || st[0].CodecName != "aac" || st[0].Channels != 2 || st[0].SampleRate != "48000" {
			c.errorf(checkAudio, "audio track %s: %+v, want one AAC stream, stereo, 48 kHz", a.ID, st)
		}
		if z.fps == 0 && i < len(srcAudio) {
			// Audio only: the beeps where the source has them, from the
			// stream's start, within an AAC frame and a millisecond apart;
			// as long as the source, up to an AAC frame more (the last
			// frame is whole).
			aacFrame := 1024.0 / 48000
			stream := fmt.Sprintf("a:%d", i)
			want, got := beepTimes(t, src, stream), beepTimes(t, track, "a:0")
			wantLength, length := decodedSeconds(t, src, stream), decodedSeconds(t, track, "a:0")
			// Where decoding starts: an MP3's first samples are its encoder's
			// delay, which the decoder drops (ffprobe's start_time says so).
			srcFrom, from := streamStart(t, src, stream), streamStart(t, track, "a:0")
			if len(want) != 2 {
				t.Fatalf("the source's beeps: %v, want two", want)
			}
			if len(got) != 2 || math.Abs((got[0]-from)-(want[0]-srcFrom)) > aacFrame+0.001 || math.Abs((got[1]-got[0])-(want[1]-want[0])) > 0.001 {
				c.errorf(checkSync, "beeps at %v s in the source from %.3f s, at %v s in track %s from %.3f s", want, srcFrom, got, a.ID, from)
				continue
			}
			if d := length - wantLength; d < 0 || d > aacFrame+0.001 {
				c.errorf(checkDuration, "audio plays %.3f s, the source %.3f s: want up to an AAC frame more", length, wantLength)
			}
			summary = append(summary, fmt.Sprintf("audio %.3f s (source %.3f s), beeps at %+.1f ms, %+.1f ms from the source's", length, wantLength,
				1000*((got[0]-from)-(want[0]-srcFrom)), 1000*((got[1]-from)-(want[1]-srcFrom))))
		}
	}
	checkMasterPlaylist(t, out, m)
	checkDASH(t, out, m)
	checkSideFiles(t, out, m)
	if z.fps == 0 {
		if len(m.Renditions) != 0 || m.Poster != nil {
			c.errorf(checkJob, "audio-only source: %d renditions, poster %v", len(m.Renditions), m.Poster)
		}
		return
	}
	if len(srcVideo) == 0 || len(m.Renditions) == 0 {
		c.errorf(checkJob, "%d video streams in the source, %d renditions", len(srcVideo), len(m.Renditions))
		return
	}
	sv := srcVideo[0]
	dar := sv.displayAspect()
	srcFirst := uprightGrid(t, src, 0)
	srcStart, srcEnd := streamSpan(t, src, "v:0")
	var firstFPS float64
	var rungs []string
	for i, r := range m.Renditions {
		mp4 := filepath.Join(out, r.MP4)
		probed := ffprobeJSON(t, mp4)
		vs := probed.streamsOf("video")
		if len(vs) != 1 {
			c.errorf(checkJob, "%s: %d video streams", r.MP4, len(vs))
			continue
		}
		v := vs[0]
		rungs = append(rungs, fmt.Sprintf("%dx%d", v.Width, v.Height))
		fps := parseRatio(v.RFrameRate)
		if i == 0 {
			firstFPS = fps
		}
		frame := 1 / fps
		want := wantFrameRate(z.fps, r.Quality)
		summary = append(summary, fmt.Sprintf("%s %dx%d %.4g fps (want %.4g)", r.Name, v.Width, v.Height, fps, want))
		if math.Abs(fps-want) > 0.01 {
			c.errorf(checkFrameRate, "%s: %.4g fps, want %.4g for a %.4g fps source", r.Name, fps, want, z.fps)
		}
		if d := math.Abs(float64(v.Width) - float64(v.Height)*dar); d > 1+dar || v.SampleAspect != "1:1" {
			c.errorf(checkAspect, "%s: %dx%d SAR %q, want display aspect %.4f (the source's, %dx%d SAR %q rotated %d) with square pixels",
				r.Name, v.Width, v.Height, v.SampleAspect, dar, sv.Width, sv.Height, sv.SampleAspect, sv.rotation())
		}
		if v.PixFmt != "yuv420p" || (z.hdr && (v.Primaries != "bt709" || v.Transfer != "bt709" || v.Matrix != "bt709")) {
			c.errorf(checkColour, "%s: %s, primaries %q, transfer %q, matrix %q; want yuv420p%s", r.Name, v.PixFmt,
				v.Primaries, v.Transfer, v.Matrix, map[bool]string{true: " and bt709 for all three"}[z.hdr])
		}
		if problem := sameOrientation(srcFirst, uprightGrid(t, mp4, 0)); problem != "" {
			c.errorf(checkOrientation, "%s's first frame against ffmpeg's autorotated source: %s", r.Name, problem)
		}
		gotStart, gotEnd := streamSpan(t, mp4, "v:0")
		if d := (gotEnd - gotStart) - (srcEnd - srcStart); math.Abs(d) > frame+0.001 {
			c.errorf(checkDuration, "%s lasts %.3f s, the source %.3f s (one frame: %.3f s)", r.Name, gotEnd-gotStart, srcEnd-srcStart, frame)
		}
	}
	if z.rungs != nil && !slices.Equal(rungs, z.rungs) {
		c.errorf(checkLadder, "rungs %v, want %v", rungs, z.rungs)
	}
	if m.Poster != nil {
		if problem := sameOrientation(uprightGrid(t, src, m.Poster.Time), uprightGrid(t, filepath.Join(out, m.Poster.JPEG), 0)); problem != "" {
			c.errorf(checkPoster, "poster at %.2f s against ffmpeg's autorotated source: %s", m.Poster.Time, problem)
		}
	}
	if z.interlaced {
		if got := idetProgressive(t, src); got > 0.1 {
			t.Fatalf("the interlaced source looks %.0f%% progressive to idet", got*100)
		}
		if got := idetProgressive(t, filepath.Join(out, m.Renditions[0].MP4)); got < 0.9 {
			c.errorf(checkInterlace, "%s: idet finds %.0f%% of its frames progressive, want 90%% (combing left: not deinterlaced)",
				m.Renditions[0].Name, got*100)
		}
	}
	if len(srcAudio) == 0 {
		return
	}
	// Audio against video: in the first MP4 rendition (one file, as a
	// download plays it) and in HLS (the first rendition's segments with each
	// audio track's, as a player fetches them), each offset measured the same
	// way in the source; a frame of the first rendition is the tolerance.
	frame := 1 / firstFPS
	srcFlashes := flashTimes(t, src)
	if len(srcFlashes) != 2 {
		t.Fatalf("the source's flashes: %v, want two", srcFlashes)
	}
	compare := func(what string, flashes []float64, output string, srcStream string) {
		srcBeeps, beeps := beepTimes(t, src, srcStream), beepTimes(t, output, "a:0")
		if len(srcBeeps) != 2 {
			t.Fatalf("the source's beeps in %s: %v, want two", srcStream, srcBeeps)
		}
		if len(flashes) != 2 || len(beeps) != 2 {
			c.errorf(checkSync, "%s: flashes at %v s and beeps at %v s, want two of each", what, flashes, beeps)
			return
		}
		var offsets []string
		for k, at := range []string{"start", "end"} {
			want, got := srcBeeps[k]-srcFlashes[k], beeps[k]-flashes[k]
			offsets = append(offsets, fmt.Sprintf("%s %+.1f ms (source %+.1f)", at, got*1000, want*1000))
			if math.Abs(got-want) > frame+0.001 {
				c.errorf(checkSync, "%s: beep %.1f ms after the flash at the %s, %.1f ms in the source (one frame: %.1f ms)",
					what, got*1000, at, want*1000, frame*1000)
			}
		}
		summary = append(summary, what+" A/V "+strings.Join(offsets, ", "))
	}
	first := m.Renditions[0]
	mp4 := filepath.Join(out, first.MP4)
	compare(first.MP4, flashTimes(t, mp4), mp4, "a:0")
	hlsVideo := concatFiles(t, filepath.Join(t.TempDir(), "video.mp4"), trackFiles(out, first.Init, first.Segments)...)
	hlsFlashes := flashTimes(t, hlsVideo)
	delay := reorderDelay(t, hlsVideo)
	for i := range hlsFlashes {
		hlsFlashes[i] -= delay
	}
	for i, a := range m.AudioTracks {
		if i < len(srcAudio) {
			track := concatFiles(t, filepath.Join(t.TempDir(), "audio"+a.ID+".mp4"), trackFiles(out, a.Init, a.Segments)...)
			compare("HLS "+first.Name+" + audio "+a.ID, hlsFlashes, track, fmt.Sprintf("a:%d", i))
		}
	}
}

// reorderDelay is how much later than the fragments say FFmpeg's mov
// demuxer shows the frames of a fragmented MP4 whose B-frames have negative
// composition offsets (it adds the largest of them to every presentation
// time); a browser's MSE takes the times as written. It is the first
// presentation time ffprobe reads less the first one of the first fragment:
// its base decode time plus the smallest composition time of its samples.
func reorderDelay(t *testing.T, path string) float64 {
	t.Helper()
	f, err := mp4.ReadMP4File(path)
	if err != nil || f.Init == nil || len(f.Segments) == 0 || len(f.Segments[0].Fragments) == 0 {
		t.Fatalf("%s: %v", path, err)
	}
	samples, err := f.Segments[0].Fragments[0].GetFullSamples(nil)
	if err != nil || len(samples) == 0 {
		t.Fatalf("%s: %d samples, %v", path, len(samples), err)
	}
	first := int64(math.MaxInt64)
	for _, s := range samples {
		first = min(first, int64(s.DecodeTime)+int64(s.CompositionTimeOffset))
	}
	written := float64(first) / float64(f.Init.Moov.Trak.Mdia.Mdhd.Timescale)
	read := math.Inf(1)
	for _, r := range probeTimes(t, path, "v:0", "packet=pts_time")[:len(samples)] {
		read = min(read, r[0])
	}
	return read - written
}

// zooChecks collects the failures of one row by check, so that a row's
// known failure can skip it while any other failure fails it.
type zooChecks struct {
	t        *testing.T
	failures []zooFailure
}

type zooFailure struct{ check, text string }

func (c *zooChecks) errorf(check, format string, args ...any) {
	c.failures = append(c.failures, zooFailure{check, fmt.Sprintf(format, args...)})
}

// done reports the row's failures: each one fails it, unless the row's
// known failure covers its check; known ones alone skip it.
func (c *zooChecks) done(z zooSource) {
	t := c.t
	if t.Failed() || t.Skipped() {
		return // a Fatal of the test itself (the source, a tool)
	}
	var known []string
	for _, f := range c.failures {
		if z.knownFailure != "" && (len(z.knownIn) == 0 || slices.Contains(z.knownIn, f.check)) {
			known = append(known, f.check+": "+f.text)
		} else {
			t.Errorf("%s: %s", f.check, f.text)
		}
	}
	switch {
	case z.knownFailure != "" && len(known) == 0:
		t.Errorf("known failure no longer happens, remove it from the row: %s", z.knownFailure)
	case len(known) > 0 && !t.Failed():
		t.Skipf("known failure (%s):\n%s", z.knownFailure, strings.Join(known, "\n"))
	case len(known) > 0:
		t.Logf("known failure (%s):\n%s", z.knownFailure, strings.Join(known, "\n"))
	}
}

// zooVideo is testsrc2 (asymmetric: a turned picture does not match) of the
// size at rate frames a second, lasting zooSeconds, white all over for
// 1/flashRate s at 1 s and at zooSeconds-1 s.
func zooVideo(size string, rate, flashRate int) string {
	flash := func(at float64) string {
		return fmt.Sprintf("gte(t\\,%g)*lt(t\\,%g)", at-0.0005, at+1/float64(flashRate)-0.0005)
	}
	return fmt.Sprintf("testsrc2=size=%s:rate=%d:duration=%d,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='%s+%s'",
		size, rate, zooSeconds, flash(1), flash(zooSeconds-1))
}

// zooBeeps is silence but for 100 ms of a freq Hz tone at 1 s and at
// zooSeconds-1 s, in the channels of layout numbered in beeping (all of
// them when none is).
func zooBeeps(sampleRate, freq int, layout string, beeping ...int) string {
	channels := map[string]int{"mono": 1, "stereo": 2, "5.1": 6}[layout]
	beep := fmt.Sprintf("0.5*sin(2*PI*%d*t)*(between(t,1,1.1)+between(t,%d,%d.1))", freq, zooSeconds-1, zooSeconds-1)
	exprs := make([]string, channels)
	for i := range exprs {
		exprs[i] = "0"
		if len(beeping) == 0 || slices.Contains(beeping, i) {
			exprs[i] = beep
		}
	}
	return fmt.Sprintf("aevalsrc=exprs='%s':sample_rate=%d:channel_layout=%s:duration=%d",
		strings.Join(exprs, "|"), sampleRate, layout, zooSeconds)
}

// zooHDR turns BT.709 SDR pictures into 10-bit BT.2020 HDR code values of
// the transfer (smpte2084 for PQ, arib-std-b67 for HLG), as tonemap_test.go does.
func zooHDR(transfer string) string {
	return "zscale=tin=bt709:min=bt709:pin=bt709:t=" + transfer + ":m=bt2020nc:p=bt2020:npl=100,format=yuv420p10le"
}

func zooHDRTags(transfer string) []string {
	return []string{"-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc"}
}

// zooRotated is src with its display matrix saying to turn it by degrees
// clockwise (ffmpeg's rotate tag; rotate=270 reads rotation=-90).
func zooRotated(t *testing.T, src string, degrees int) string {
	return generateSource(t, "rotated"+filepath.Ext(src), "-i", src, "-map", "0", "-c", "copy", "-metadata:s:v", "rotate="+strconv.Itoa(degrees))
}

// lavfi are ffmpeg's arguments reading a lavfi video and a lavfi audio source.
func lavfi(video, audio string) []string {
	return []string{"-f", "lavfi", "-i", video, "-f", "lavfi", "-i", audio}
}

func join(parts ...[]string) []string { return slices.Concat(parts...) }

// generatePiped is generateSource writing to a pipe, so the muxer cannot go
// back to fill in what it learns at the end (a WebM's duration and cues).
func generatePiped(t *testing.T, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command("ffmpeg", join([]string{"-nostdin", "-v", "error"}, args, []string{"pipe:1"})...)
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = f, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return path
}

// trackFiles are the paths of a track's init segment and media segments.
func trackFiles(out, init string, segments []media.Segment) []string {
	files := []string{filepath.Join(out, init)}
	for _, s := range segments {
		files = append(files, filepath.Join(out, s.URI))
	}
	return files
}

// streamsOf are the streams of one codec type ("video", "audio").
func (p probedFile) streamsOf(kind string) []probedStream {
	var out []probedStream
	for _, s := range p.Streams {
		if s.CodecType == kind {
			out = append(out, s)
		}
	}
	return out
}

// rotation is the display matrix's angle as ffprobe prints it, 0 without one.
func (s probedStream) rotation() int {
	for _, d := range s.SideData {
		if d.Rotation != 0 {
			return d.Rotation
		}
	}
	return 0
}

// displayAspect is the width/height a viewer sees: the coded size
// stretched by the sample aspect ratio, turned by the display matrix.
func (s probedStream) displayAspect() float64 {
	a := float64(s.Width) / float64(s.Height)
	if sar := parseRatio(strings.Replace(s.SampleAspect, ":", "/", 1)); sar > 0 {
		a *= sar
	}
	if s.rotation()%180 != 0 {
		a = 1 / a
	}
	return a
}

// parseRatio reads "60/1" or "30000/1001"; 0 for anything else ("0/0", "N/A").
func parseRatio(s string) float64 {
	num, den, ok := strings.Cut(s, "/")
	n, err1 := strconv.ParseFloat(num, 64)
	d, err2 := strconv.ParseFloat(den, 64)
	if !ok || err1 != nil || err2 != nil || n <= 0 || d <= 0 {
		return 0
	}
	return n / d
}

// streamSpan is when a stream's first packet starts and its last one ends,
// in seconds, as ffprobe reads them (a packet without a duration, as a
// fragmented MP4's first audio sample, ends where it starts).
func streamSpan(t *testing.T, path, stream string) (start, end float64) {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", stream, "-of", "csv=p=0",
		"-show_entries", "packet=pts_time,duration_time", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	start = math.Inf(1)
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(strings.Trim(line, ", "), ",")
		if len(f) < 2 {
			continue
		}
		pts, err := strconv.ParseFloat(f[0], 64)
		if err != nil {
			continue
		}
		dur, _ := strconv.ParseFloat(f[1], 64)
		start, end = min(start, pts), max(end, pts+dur)
	}
	if math.IsInf(start, 1) {
		t.Fatalf("%s: no packet of %s with a time", path, stream)
	}
	return start, end
}

// decodedSeconds is how long an audio stream plays: the samples ffmpeg
// decodes from it (an encoder's priming dropped where the file says so).
func decodedSeconds(t *testing.T, path, stream string) float64 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:"+stream,
		"-ac", "1", "-ar", "48000", "-f", "s16le", "-").Output()
	if err != nil {
		t.Fatalf("decoding %s of %s: %v", stream, path, err)
	}
	return float64(len(out)/2) / 48000
}

// streamStart is a stream's start_time as ffprobe reads it (0 when it has
// none, as a WAV).
func streamStart(t *testing.T, path, stream string) float64 {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", stream, "-of", "csv=p=0",
		"-show_entries", "stream=start_time", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	start, _ := strconv.ParseFloat(strings.Trim(strings.TrimSpace(string(out)), ","), 64)
	return start
}

// gridSize is the side of the grey grid that uprightGrid shrinks frames to.
const gridSize = 24

// uprightGrid is the frame at seconds (0: the first) of a video or picture as
// ffmpeg shows it, turned upright by its display matrix as players do,
// shrunk to gridSize×gridSize grey levels whatever its size and aspect.
func uprightGrid(t *testing.T, path string, at float64) []float64 {
	t.Helper()
	// -ss after -i: ffmpeg decodes from the start and drops frames up to
	// at. Before -i it seeks the demuxer, and MPEG-TS, having no keyframe
	// index, lands past the GOP that holds at: ffmpeg then shows the next
	// keyframe (0.2 s late on the interlaced row), which a right answer
	// would not match.
	args := []string{"-nostdin", "-v", "error", "-i", path}
	if at > 0 {
		args = append(args, "-ss", strconv.FormatFloat(at, 'f', 3, 64))
	}
	args = append(args, "-frames:v", "1", "-vf",
		fmt.Sprintf("scale=%d:%d:flags=area,format=gray", gridSize, gridSize), "-f", "rawvideo", "-")
	out, err := exec.Command("ffmpeg", args...).Output()
	if err != nil || len(out) != gridSize*gridSize {
		t.Fatalf("decoding a frame of %s: %v (%d bytes)", path, err, len(out))
	}
	grid := make([]float64, len(out))
	for i, b := range out {
		grid[i] = float64(b)
	}
	return grid
}

// sameOrientation compares a frame with the reference under each of the
// eight ways to turn or mirror a picture: "" when the frame matches the
// reference as it is (correlation of 0.8 or more) better than turned or
// mirrored, else what it looks like.
func sameOrientation(ref, got []float64) string {
	n := gridSize
	transforms := []struct {
		name string
		at   func(x, y int) int // the reference's index shown at (x, y)
	}{
		{"upright", func(x, y int) int { return y*n + x }},
		{"turned 90° clockwise", func(x, y int) int { return (n-1-x)*n + y }},
		{"turned 180°", func(x, y int) int { return (n-1-y)*n + (n - 1 - x) }},
		{"turned 90° counter-clockwise", func(x, y int) int { return x*n + (n - 1 - y) }},
		{"mirrored left-right", func(x, y int) int { return y*n + (n - 1 - x) }},
		{"mirrored top-bottom", func(x, y int) int { return (n-1-y)*n + x }},
		{"transposed", func(x, y int) int { return x*n + y }},
		{"anti-transposed", func(x, y int) int { return (n-1-x)*n + (n - 1 - y) }},
	}
	scores := make([]float64, len(transforms))
	best := 0
	for i, tr := range transforms {
		turned := make([]float64, n*n)
		for y := range n {
			for x := range n {
				turned[y*n+x] = ref[tr.at(x, y)]
			}
		}
		scores[i] = correlation(turned, got)
		if scores[i] > scores[best] {
			best = i
		}
	}
	if best == 0 && scores[0] >= 0.8 {
		return ""
	}
	return fmt.Sprintf("looks %s (correlation %.2f; upright %.2f)", transforms[best].name, scores[best], scores[0])
}

// correlation is Pearson's coefficient of two equally long series.
func correlation(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(len(a))
	mb /= float64(len(b))
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	if saa == 0 || sbb == 0 {
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}

// flashTimes are when the picture of a file's first video stream turns
// white (zooVideo's flashes), in the stream's own timestamps: where each run
// of frames brighter than halfway between the darkest and the brightest
// frame starts.
func flashTimes(t *testing.T, path string) []float64 {
	t.Helper()
	out := ffmpegPrint(t, path, "-map", "0:v:0", "-vf",
		"scale=64:64,signalstats,metadata=mode=print:key=lavfi.signalstats.YAVG:file=/dev/stdout")
	var times, luma []float64
	var at float64
	for _, line := range strings.Split(out, "\n") {
		if m := ptsTime.FindStringSubmatch(line); m != nil {
			at, _ = strconv.ParseFloat(m[1], 64)
		} else if v, ok := strings.CutPrefix(line, "lavfi.signalstats.YAVG="); ok {
			y, _ := strconv.ParseFloat(v, 64)
			times, luma = append(times, at), append(luma, y)
		}
	}
	if len(luma) == 0 {
		t.Fatalf("%s: no frame", path)
	}
	lo, hi := slices.Min(luma), slices.Max(luma)
	if hi-lo < 30 {
		return nil
	}
	var flashes []float64
	for i, y := range luma {
		if y > (lo+hi)/2 && (i == 0 || luma[i-1] <= (lo+hi)/2) {
			flashes = append(flashes, times[i])
		}
	}
	return flashes
}

var ptsTime = regexp.MustCompile(`pts_time:(\S+)`)

// beepTimes are when each beep of zooBeeps starts in a file's audio stream
// ("a:0"), in the stream's own timestamps: the ends of its silences.
func beepTimes(t *testing.T, path, stream string) []float64 {
	t.Helper()
	out := ffmpegPrint(t, path, "-map", "0:"+stream, "-af",
		"silencedetect=noise=-30dB:duration=0.05,ametadata=mode=print:key=lavfi.silence_end:file=/dev/stdout")
	var beeps []float64
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, "lavfi.silence_end="); ok {
			at, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			beeps = append(beeps, at)
		}
	}
	return beeps
}

// ffmpegPrint decodes what args select of path, keeping its timestamps
// (-copyts: no shift to zero, so that two streams or files compare), and
// returns what the filters print on stdout.
func ffmpegPrint(t *testing.T, path string, args ...string) string {
	t.Helper()
	full := join([]string{"-nostdin", "-v", "error", "-copyts", "-i", path}, args, []string{"-f", "null", "-"})
	out, err := exec.Command("ffmpeg", full...).Output()
	if err != nil {
		t.Fatalf("ffmpeg %s: %v", strings.Join(full, " "), err)
	}
	return string(out)
}

// idetProgressive is the share of frames that ffmpeg's interlace detector
// (idet, which looks for combing) finds progressive.
func idetProgressive(t *testing.T, path string) float64 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "info", "-i", path, "-map", "0:v:0", "-vf", "idet", "-f", "null", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("idet %s: %v", path, err)
	}
	m := regexp.MustCompile(`Multi frame detection: TFF:\s*(\d+) BFF:\s*(\d+) Progressive:\s*(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("idet %s: no summary in\n%s", path, lastLines(out, 5))
	}
	var n [3]float64
	for i := range n {
		n[i], _ = strconv.ParseFloat(string(m[i+1]), 64)
	}
	if n[0]+n[1]+n[2] == 0 {
		return 0
	}
	return n[2] / (n[0] + n[1] + n[2])
}
