package media_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reelvideo/reel/media"
)

// recordedCMAF writes what a live session's packager leaves behind: a
// video and an audio CMAF track, each an init segment and 2 s segments,
// made by ffmpeg's HLS muxer from the test pattern.
func recordedCMAF(t *testing.T, seconds string) (video, audio media.RecordingTrack) {
	t.Helper()
	requireFFmpegCLI(t)
	dir := t.TempDir()
	args := []string{"-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", seconds, "-map", "0:v", "-map", "1:a",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0",
		"-c:a", "aac", "-b:a", "96k",
		"-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
		"-hls_fmp4_init_filename", "init.mp4", "-hls_segment_filename", filepath.Join(dir, "%v", "%d.m4s"),
		"-var_stream_map", "v:0,name:video a:0,name:audio", filepath.Join(dir, "%v", "playlist.m3u8")}
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	track := func(name string) media.RecordingTrack {
		segs, err := filepath.Glob(filepath.Join(dir, name, "*.m4s"))
		if err != nil || len(segs) == 0 {
			t.Fatalf("no %s segments: %v", name, err)
		}
		ordered := make([]string, len(segs))
		for i := range segs {
			ordered[i] = filepath.Join(dir, name, strconv.Itoa(i)+".m4s")
		}
		// With several variants, ffmpeg numbers the init segments.
		inits, err := filepath.Glob(filepath.Join(dir, name, "init*.mp4"))
		if err != nil || len(inits) != 1 {
			t.Fatalf("%s init segments %v: %v", name, inits, err)
		}
		return media.RecordingTrack{Init: inits[0], Segments: ordered}
	}
	return track("video"), track("audio")
}

func TestPackageRecordingEncodesNothing(t *testing.T) {
	video, audio := recordedCMAF(t, "6")
	var recorded [][]byte
	for _, s := range video.Segments {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		recorded = append(recorded, b)
	}
	out := t.TempDir()
	m, err := media.PackageRecording(ladderTestContext(t), media.RecordingOptions{Video: &video, Audio: []media.RecordingTrack{audio}, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Renditions) != 1 || len(m.AudioTracks) != 1 {
		t.Fatalf("%d renditions and %d audio tracks, want 1 and 1", len(m.Renditions), len(m.AudioTracks))
	}
	r := m.Renditions[0]
	if r.Name != "h264_hd" || r.Width != 1280 || r.Height != 720 || r.FrameRateNum != 30 || r.FrameRateDen != 1 {
		t.Fatalf("rendition %s %dx%d at %d/%d, want h264_hd 1280x720 at 30/1", r.Name, r.Width, r.Height, r.FrameRateNum, r.FrameRateDen)
	}
	if m.Duration < 5.9 || m.Duration > 6.1 {
		t.Fatalf("duration %.3f s, want 6", m.Duration)
	}
	// The rendition's segments are the recorded ones, byte for byte.
	if len(r.Segments) != len(recorded) {
		t.Fatalf("%d segments, %d recorded", len(r.Segments), len(recorded))
	}
	for i, s := range r.Segments {
		got, err := os.ReadFile(filepath.Join(out, s.URI))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, recorded[i]) {
			t.Fatalf("segment %d differs from the recorded one", i)
		}
	}
	// Everything Process makes of an upload is there, and the MP4
	// rendition plays the whole recording, picture and sound.
	for _, f := range []string{"playlist.m3u8", "manifest.mpd", "h264_hd/playlist.m3u8", "audio/0/playlist.m3u8",
		"h264_hd.mp4", "poster.jpg", "poster.webp", "storyboard.jpg", "storyboard.vtt", "clip.mp4", "audio.m4a", "media.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	probed := ffprobeJSON(t, filepath.Join(out, "h264_hd.mp4"))
	if d := probed.duration(t).Seconds(); d < 5.9 || d > 6.1 {
		t.Errorf("h264_hd.mp4 lasts %.3f s, want 6", d)
	}
	var kinds []string
	for _, s := range probed.Streams {
		kinds = append(kinds, s.CodecType+"/"+s.CodecName)
	}
	if strings.Join(kinds, ",") != "video/h264,audio/aac" {
		t.Errorf("h264_hd.mp4 streams %v, want video/h264 and audio/aac", kinds)
	}
	// The audio file is the recorded track remuxed: AAC, the whole length.
	m4a := ffprobeJSON(t, filepath.Join(out, "audio.m4a"))
	if d := m4a.duration(t).Seconds(); d < 5.9 || d > 6.1 || len(m4a.Streams) != 1 || m4a.Streams[0].CodecName != "aac" {
		t.Errorf("audio.m4a: %.3f s, streams %+v", d, m4a.Streams)
	}
	playlist, err := os.ReadFile(filepath.Join(out, "h264_hd", "playlist.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(playlist, []byte("#EXT-X-ENDLIST")) {
		t.Errorf("the rendition's playlist is not VOD:\n%s", playlist)
	}
}

func TestPackageRecordingRefusesWhatItCannotPackage(t *testing.T) {
	video, audio := recordedCMAF(t, "2")
	garbage := filepath.Join(t.TempDir(), "0.m4s")
	if err := os.WriteFile(garbage, []byte("not a fragment at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]media.RecordingOptions{
		"nothing":              {},
		"audio as video":       {Video: &audio},
		"no segment":           {Video: &media.RecordingTrack{Init: video.Init}},
		"a segment of garbage": {Video: &media.RecordingTrack{Init: video.Init, Segments: []string{garbage}}},
		"a missing init":       {Video: &media.RecordingTrack{Init: garbage + ".absent", Segments: video.Segments}},
		"video as audio":       {Audio: []media.RecordingTrack{video}},
	}
	for name, opts := range cases {
		t.Run(name, func(t *testing.T) {
			opts.OutDir = t.TempDir()
			_, err := media.PackageRecording(ladderTestContext(t), opts)
			if err == nil {
				t.Fatal("packaged")
			}
			var me *media.Error
			if !errors.As(err, &me) {
				t.Fatalf("error %v is not a *media.Error", err)
			}
		})
	}
}
