package media_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/media"
)

// goldenManifest is a fixed two-rendition, two-language output, so the
// playlists written from it are byte-for-byte reproducible.
func goldenManifest() *media.Manifest {
	seg := func(folder string, ts int64, ticks ...int64) []media.Segment {
		var out []media.Segment
		var start int64
		for i, d := range ticks {
			out = append(out, media.Segment{
				URI: folder + "/" + itoa(i) + ".m4s", Start: start, Ticks: d,
				Duration: float64(d) / float64(ts), Size: 1000,
			})
			start += d
		}
		return out
	}
	rendition := func(name, quality string, w, h, avg, peak int, codecs string) media.RenditionFiles {
		return media.RenditionFiles{
			Rendition: media.Rendition{Name: name, Codec: "h264", Quality: quality, Width: w, Height: h,
				FrameRateNum: 30, FrameRateDen: 1, FrameRate: 30},
			Codecs: codecs, Bitrate: avg, PeakBitrate: peak,
			Playlist: name + "/playlist.m3u8", Init: name + "/init.mp4", Timescale: 15360,
			Segments: seg(name, 15360, 61440, 61440, 30720), MP4: name + ".mp4",
		}
	}
	audio := func(id, lang, label string, def bool) media.AudioTrack {
		return media.AudioTrack{
			ID: id, Language: lang, Label: label, Default: def, Codecs: "mp4a.40.2",
			Channels: 2, SampleRate: 48000, Bitrate: 130000, PeakBitrate: 135000,
			Playlist: "audio/" + id + "/playlist.m3u8", Init: "audio/" + id + "/init.mp4", Timescale: 48000,
			Segments: seg("audio/"+id, 48000, 192512, 191488, 96000),
		}
	}
	return &media.Manifest{
		Duration: 10, Width: 1280, Height: 720, HLS: "playlist.m3u8", DASH: "manifest.mpd", SegmentTime: 4,
		Renditions: []media.RenditionFiles{
			rendition("h264_sd", "sd", 640, 360, 800000, 1100000, "avc1.64001e"),
			rendition("h264_hd", "hd", 1280, 720, 2400000, 2900000, "avc1.64001f"),
		},
		AudioTracks: []media.AudioTrack{audio("0", "en", "English", true), audio("1", "fr", "Français", false)},
		Subtitles:   []media.SubtitleTrack{},
	}
}

func itoa(i int) string {
	return string(rune('0' + i))
}

func TestPlaylistsGolden(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := goldenManifest()
	if err := media.WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	if err := media.WriteMasterPlaylist(dir, m); err != nil {
		t.Fatal(err)
	}
	if err := media.WriteDASHManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	compareGolden(t, filepath.Join(dir, "playlist.m3u8"), "master.m3u8.golden")
	compareGolden(t, filepath.Join(dir, "manifest.mpd"), "manifest.mpd.golden")

	// The subtitles hook: regenerate the master from media.json alone.
	got, err := media.AddSubtitles(dir, []media.SubtitleTrack{
		{Language: "en", Label: "English", URI: "subtitles/en.m3u8", Default: true},
		{Language: "de", Label: "Deutsch", URI: "subtitles/de.m3u8"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Subtitles) != 2 {
		t.Fatalf("subtitles: %+v", got.Subtitles)
	}
	compareGolden(t, filepath.Join(dir, "playlist.m3u8"), "master_subtitles.m3u8.golden")
	compareGolden(t, filepath.Join(dir, "manifest.mpd"), "manifest_subtitles.mpd.golden")
}

func compareGolden(t *testing.T, gotPath, golden string) {
	t.Helper()
	got, err := os.ReadFile(gotPath)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "golden", golden)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Fatalf("%s differs from %s:\n--- got\n%s\n--- want\n%s", gotPath, path, got, want)
	}
}
