package media_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/Eyevinn/mp4ff/avc"
	"github.com/asticode/go-astiav"

	"github.com/reelvideo/reel/media"
)

// liveUnits reads an MPEG-TS file's video packets as a publisher's access
// units, with the parameter sets of the first keyframe.
func liveUnits(t *testing.T, path string) (units []media.LiveUnit, sps, pps []byte) {
	t.Helper()
	fc := astiav.AllocFormatContext()
	defer fc.Free()
	if err := fc.OpenInput(path, nil, nil); err != nil {
		t.Fatal(err)
	}
	defer fc.CloseInput()
	if err := fc.FindStreamInfo(nil); err != nil {
		t.Fatal(err)
	}
	var video *astiav.Stream
	for _, s := range fc.Streams() {
		if s.CodecParameters().MediaType() == astiav.MediaTypeVideo {
			video = s
		}
	}
	tb := video.TimeBase()
	pkt := astiav.AllocPacket()
	defer pkt.Free()
	at := func(ts int64) time.Duration {
		return time.Duration(astiav.RescaleQ(ts, tb, astiav.NewRational(1, 1_000_000_000)))
	}
	for {
		if err := fc.ReadFrame(pkt); err != nil {
			if errors.Is(err, astiav.ErrEof) {
				break
			}
			t.Fatal(err)
		}
		if pkt.StreamIndex() == video.Index() {
			nalus := avc.ExtractNalusFromByteStream(bytes.Clone(pkt.Data()))
			key := pkt.Flags().Has(astiav.PacketFlagKey)
			if key && sps == nil {
				for _, n := range nalus {
					switch avc.GetNaluType(n[0]) {
					case avc.NALU_SPS:
						sps = n
					case avc.NALU_PPS:
						pps = n
					}
				}
			}
			units = append(units, media.LiveUnit{PTS: at(pkt.Pts()), DTS: at(pkt.Dts()), Key: key, NALUs: nalus})
		}
		pkt.Unref()
	}
	return units, sps, pps
}

func TestLiveLadderPlan(t *testing.T) {
	for _, tt := range []struct {
		w, h, num int
		top       string
		lower     []string
	}{
		{1280, 720, 30, "h264_hd", []string{"h264_sd 640x360"}},
		{1920, 1080, 30, "h264_fhd", []string{"h264_sd 640x360", "h264_hd 1280x720"}},
		{640, 360, 30, "h264_sd", nil},
		{1280, 720, 60, "h264_hd", []string{"h264_sd 640x360"}},
	} {
		top, lower, err := media.PlanLiveLadder(tt.w, tt.h, tt.num, 1, media.LadderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range lower {
			got = append(got, r.Name+" "+strconv.Itoa(r.Width)+"x"+strconv.Itoa(r.Height))
			if r.FrameRateNum != tt.num || r.FrameRateDen != 1 {
				t.Errorf("%dx%d@%d: %s at %d/%d fps, want the source's", tt.w, tt.h, tt.num, r.Name, r.FrameRateNum, r.FrameRateDen)
			}
		}
		if top.Name != tt.top || top.Width != tt.w || !slices.Equal(got, tt.lower) {
			t.Errorf("%dx%d: top %s %dx%d, lower %v; want %s, %v", tt.w, tt.h, top.Name, top.Width, top.Height, got, tt.top, tt.lower)
		}
	}
}

// TestLiveLadderEncodesAlignedRungs feeds a 720p30 H.264 stream with
// B-frames (what OBS and FFmpeg publish) to a live ladder: the sd rung has
// a picture for every source picture, with its PTS, a keyframe exactly on
// every source keyframe and nowhere else, and decodes as 640x360 H.264.
func TestLiveLadderEncodesAlignedRungs(t *testing.T) {
	requireFFmpegCLI(t)
	src := ffmpegMake(t, "live.ts", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-t", "3",
		"-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-x264-params", "keyint=45:min-keyint=45:scenecut=0",
		"-pix_fmt", "yuv420p", "-f", "mpegts")
	units, sps, pps := liveUnits(t, src)
	_, lower, err := media.PlanLiveLadder(1280, 720, 30, 1, media.LadderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var out []media.LiveUnit
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	l, err := media.NewLiveLadder(ctx, media.LiveLadderOptions{Codec: "h264", SPS: sps, PPS: pps, Rungs: lower,
		QueueDepth: len(units) + 1, OnUnit: func(rung int, u media.LiveUnit) error {
			mu.Lock()
			out = append(out, u)
			mu.Unlock()
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	r, rsps, rpps := l.Rung(0)
	if r.Name != "h264_sd" || len(rsps) == 0 || len(rpps) == 0 {
		t.Fatalf("rung 0: %s, SPS %x, PPS %x", r.Name, rsps, rpps)
	}
	for _, u := range units {
		if err := l.Write(u); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(ctx, true); err != nil {
		t.Fatal(err)
	}
	var srcPTS, srcKeys, gotPTS, gotKeys []time.Duration
	for _, u := range units {
		srcPTS = append(srcPTS, u.PTS)
		if u.Key {
			srcKeys = append(srcKeys, u.PTS)
		}
	}
	slices.Sort(srcPTS)
	for i, u := range out {
		if u.PTS != u.DTS || (i > 0 && u.PTS <= out[i-1].PTS) {
			t.Fatalf("unit %d: PTS %v DTS %v after PTS %v: want increasing, DTS = PTS", i, u.PTS, u.DTS, out[max(i-1, 0)].PTS)
		}
		gotPTS = append(gotPTS, u.PTS)
		if u.Key {
			gotKeys = append(gotKeys, u.PTS)
		}
	}
	if !slices.Equal(gotPTS, srcPTS) {
		t.Errorf("rung has %d pictures, source %d; or their PTS differ", len(gotPTS), len(srcPTS))
	}
	if !slices.Equal(gotKeys, srcKeys) {
		t.Errorf("rung keyframes at %v, source's at %v", gotKeys, srcKeys)
	}
	// The rung as an H.264 elementary stream decodes as sd.
	var es bytes.Buffer
	for i, u := range out {
		if i == 0 {
			es.Write([]byte{0, 0, 0, 1})
			es.Write(rsps)
			es.Write([]byte{0, 0, 0, 1})
			es.Write(rpps)
		}
		for _, n := range u.NALUs {
			es.Write([]byte{0, 0, 0, 1})
			es.Write(n)
		}
	}
	path := filepath.Join(t.TempDir(), "sd.h264")
	if err := os.WriteFile(path, es.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	probe := exec.Command("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
		"-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path)
	b, err := probe.Output()
	if err != nil {
		t.Fatalf("ffprobe: %v", err)
	}
	if got, want := strings.TrimSpace(string(b)), "h264,640,360,"+strconv.Itoa(len(units)); got != want {
		t.Errorf("ffprobe: %s, want %s", got, want)
	}
	t.Logf("%d source pictures, %d keyframes; sd rung %d bytes", len(units), len(srcKeys), es.Len())
}

// TestLiveLadderFallsBehind: a queue that overflows fails the ladder
// rather than block the publisher.
func TestLiveLadderFallsBehind(t *testing.T) {
	requireFFmpegCLI(t)
	src := ffmpegMake(t, "live.ts", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-t", "1",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "mpegts")
	units, sps, pps := liveUnits(t, src)
	_, lower, _ := media.PlanLiveLadder(1280, 720, 30, 1, media.LadderOptions{})
	ctx := context.Background()
	l, err := media.NewLiveLadder(ctx, media.LiveLadderOptions{Codec: "h264", SPS: sps, PPS: pps, Rungs: lower,
		QueueDepth: 2, OnUnit: func(int, media.LiveUnit) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	var werr error
	for _, u := range units {
		if werr = l.Write(u); werr != nil {
			break
		}
	}
	if !errors.Is(werr, media.ErrLiveBehind) {
		t.Errorf("Write: %v, want ErrLiveBehind", werr)
	}
	if err := l.Close(ctx, true); !errors.Is(err, media.ErrLiveBehind) {
		t.Errorf("Close: %v, want ErrLiveBehind", err)
	}
}
