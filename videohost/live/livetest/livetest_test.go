package livetest_test

import (
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/livetest"
)

func TestSourceReadsFFmpegTransportStreams(t *testing.T) {
	tracks, units := livetest.Source(t, "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=sample_rate=48000",
		"-t", "2", "-c:v", "libx264", "-g", "25", "-bf", "2", "-threads", "1", "-c:a", "aac", "-f", "mpegts", "out.ts")
	if len(tracks) != 2 || tracks[0].Codec != live.CodecH264 || tracks[1].Codec != live.CodecAAC {
		t.Fatalf("tracks %+v", tracks)
	}
	if len(tracks[0].SPS) == 0 || len(tracks[0].PPS) == 0 || tracks[1].SampleRate != 48000 || len(tracks[1].AudioConfig) == 0 {
		t.Errorf("parameters missing: %+v", tracks)
	}
	var keys, video, audio int
	last := map[int]time.Duration{}
	for i, u := range units {
		if prev, ok := last[u.Track]; ok && u.DTS <= prev {
			t.Fatalf("unit %d: DTS %v after %v", i, u.DTS, prev)
		}
		last[u.Track] = u.DTS
		if u.Track == 0 {
			video++
			if u.Key {
				keys++
			}
			if u.PTS < u.DTS {
				t.Errorf("unit %d: PTS before DTS", i)
			}
		} else {
			audio++
		}
	}
	if video != 50 || keys != 2 || audio < 90 {
		t.Errorf("%d pictures (%d keyframes), %d audio frames", video, keys, audio)
	}
	if !units[0].Key && units[0].Track == 0 {
		t.Error("the first picture is not a keyframe")
	}
}
