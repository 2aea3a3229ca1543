package media_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestEarlyPassCutsAShortFirstSegment checks the segment boundaries of a
// source encoded in two passes (here a rotated one, which cannot be
// remuxed): every track, in either pass, ends its first segment after one
// GOP (2 s) so the early rung is playable after 2 s of the source are
// encoded, and then cuts at the usual multiples of 4 s, so the renditions
// and the audio keep the same boundaries.
func TestEarlyPassCutsAShortFirstSegment(t *testing.T) {
	t.Parallel()
	src := generateSource(t, "src.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "10",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
	src = tagRotation(t, src, "90")
	var early atomic.Int32
	m, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: t.TempDir(), LadderOnly: true,
		OnPlayable: func(_ context.Context, p media.Playable) error {
			if p.Live {
				early.Add(1)
			}
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if early.Load() != 1 || len(m.Renditions) != 2 {
		t.Fatalf("%d live playable calls and %d renditions, want 1 and 2", early.Load(), len(m.Renditions))
	}
	want := []float64{2, 2, 4, 2}
	check := func(name string, segs []media.Segment, slack float64) {
		t.Helper()
		var got []float64
		for _, s := range segs {
			got = append(got, s.Duration)
		}
		if len(got) != len(want) {
			t.Errorf("%s: segments of %v s, want %v", name, got, want)
			return
		}
		for i := range want {
			if math.Abs(got[i]-want[i]) > slack {
				t.Errorf("%s: segments of %v s, want %v", name, got, want)
				return
			}
		}
	}
	for _, r := range m.Renditions {
		check(r.Name, r.Segments, 1e-6)
	}
	check("audio", m.AudioTracks[0].Segments, 0.03) // AAC frames are 21.3 ms
}

// TestOnEarlyDone checks when an early-first encode says its early pass is
// over: once, after the video became playable, with the smallest
// rendition's every segment on disk, before Process returns; and never for
// a source that was remuxed (it has no early pass).
func TestOnEarlyDone(t *testing.T) {
	t.Parallel()
	src := generateSource(t, "src.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "10",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
	for _, tt := range []struct {
		name   string
		source string
		calls  int32
	}{
		{"rotated: early-first", tagRotation(t, src, "90"), 1},
		{"standard: remuxed", src, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			var playable, calls atomic.Int32
			var segments atomic.Int32
			var playableFirst atomic.Bool
			m, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: tt.source, OutDir: out, LadderOnly: true,
				OnPlayable: func(context.Context, media.Playable) error { playable.Add(1); return nil },
				OnEarlyDone: func() {
					calls.Add(1)
					playableFirst.Store(playable.Load() == 1)
					// The early rung is the smallest: sd, of a 720p source.
					data, err := os.ReadFile(filepath.Join(out, "h264_sd", "playlist.m3u8"))
					if err == nil {
						segments.Store(int32(strings.Count(string(data), "#EXTINF")))
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			if got := calls.Load(); got != tt.calls {
				t.Fatalf("OnEarlyDone called %d times, want %d", got, tt.calls)
			}
			if tt.calls == 0 {
				return
			}
			if !playableFirst.Load() {
				t.Error("OnEarlyDone came before OnPlayable")
			}
			if want := int32(len(m.Renditions[0].Segments)); segments.Load() != want {
				t.Errorf("the early rung's playlist listed %d segments at OnEarlyDone, want all %d", segments.Load(), want)
			}
		})
	}
}

// TestEarlyOnly runs the early pass alone, as for a source whose ladder is
// encoded in chunks elsewhere: the smallest rendition and the audio are
// published as they grow and end as finished (VOD) playlists that cover
// the whole source; no other rendition is encoded.
func TestEarlyOnly(t *testing.T) {
	t.Parallel()
	src := generateSource(t, "src.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "10",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
	src = tagRotation(t, src, "90")
	if _, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: t.TempDir(), EarlyOnly: true}); err == nil {
		t.Fatal("an early pass alone without OnPlayable: no error")
	}
	out := t.TempDir()
	var live, earlyDone atomic.Int32
	m, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: out, EarlyOnly: true,
		OnPlayable: func(_ context.Context, p media.Playable) error {
			if p.Live && p.Dir == out {
				live.Add(1)
			}
			return nil
		},
		OnEarlyDone: func() { earlyDone.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if live.Load() != 1 || earlyDone.Load() != 1 {
		t.Fatalf("%d live playable calls and %d early-done calls, want 1 and 1", live.Load(), earlyDone.Load())
	}
	if len(m.Renditions) != 1 || m.Renditions[0].Name != "h264_sd" || len(m.AudioTracks) != 1 {
		t.Fatalf("early set: %+v", m)
	}
	if _, err := os.Stat(filepath.Join(out, "h264_hd")); !os.IsNotExist(err) {
		t.Errorf("a larger rendition was encoded: %v", err)
	}
	for _, list := range []string{"h264_sd/playlist.m3u8", "audio/0/playlist.m3u8"} {
		data, err := os.ReadFile(filepath.Join(out, list))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		var total float64
		for _, line := range strings.Split(text, "\n") {
			if d, ok := strings.CutPrefix(line, "#EXTINF:"); ok {
				f, _ := strconv.ParseFloat(strings.TrimSuffix(d, ","), 64)
				total += f
			}
		}
		if !strings.Contains(text, "#EXT-X-ENDLIST") || !strings.Contains(text, "#EXT-X-PLAYLIST-TYPE:VOD") || math.Abs(total-10) > 0.1 {
			t.Errorf("%s: not a finished playlist of the whole source (%.2f s):\n%s", list, total, text)
		}
	}
	master, _ := os.ReadFile(filepath.Join(out, "playlist.m3u8"))
	if !strings.Contains(string(master), "h264_sd/playlist.m3u8") || strings.Contains(string(master), "h264_hd") {
		t.Errorf("master:\n%s", master)
	}
}
