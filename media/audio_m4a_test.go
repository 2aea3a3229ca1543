package media_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

func TestAudioM4A(t *testing.T) {
	tests := []struct {
		name   string
		source string
		input  []string
	}{
		{name: "mono 44.1 kHz aac in mp4", source: "source.mp4", input: []string{"-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=2", "-f", "lavfi", "-i", "sine=sample_rate=44100:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest"}},
		{name: "5.1 48 kHz pcm in mkv", source: "source.mkv", input: []string{"-f", "lavfi", "-i", "sine=sample_rate=48000:duration=2", "-af", "pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0", "-c:a", "pcm_s16le", "-f", "matroska"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			source := ffmpegMake(t, tt.source, tt.input...)
			out := filepath.Join(t.TempDir(), "audio.m4a")
			if err := media.AudioM4A(pictureTestContext(t), source, out); err != nil {
				t.Fatalf("AudioM4A: %v", err)
			}
			probed := ffprobeJSON(t, out)
			if len(probed.Streams) != 1 {
				t.Fatalf("%d streams, want audio only", len(probed.Streams))
			}
			audio := probed.Streams[0]
			if audio.CodecName != "aac" || audio.Profile != "LC" || audio.SampleRate != "48000" || audio.Channels != 2 {
				t.Errorf("got %s %s %s Hz %d channels, want aac LC 48000 Hz stereo", audio.CodecName, audio.Profile, audio.SampleRate, audio.Channels)
			}
			if d := probed.duration(t); d < 1900*time.Millisecond || d > 2100*time.Millisecond {
				t.Errorf("duration %v, want about 2 s", d)
			}
			requireFastStart(t, out)
		})
	}
}

func TestAudioM4ANoAudio(t *testing.T) {
	source := ffmpegMake(t, "silent.mp4", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=1", "-c:v", "libx264", "-preset", "ultrafast")
	out := filepath.Join(t.TempDir(), "audio.m4a")
	err := media.AudioM4A(pictureTestContext(t), source, out)
	if !errors.Is(err, media.ErrNoAudio) {
		t.Fatalf("error = %v, want no_audio", err)
	}
	if _, statErr := os.Stat(out); !os.IsNotExist(statErr) {
		t.Errorf("no-audio source left %s behind", out)
	}
}

func TestAudioM4ABadInput(t *testing.T) {
	for name, path := range notMediaFiles(t) {
		t.Run(name, func(t *testing.T) {
			requireMediaError(t, media.AudioM4A(pictureTestContext(t), path, filepath.Join(t.TempDir(), "audio.m4a")))
		})
	}
}
