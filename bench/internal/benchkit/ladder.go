//go:build bench

package benchkit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Rung is one rendition of the reference ladder.
type Rung struct {
	Name          string
	Width, Height int
	Maxrate       int // kb/s
}

// Ladder is the ladder Reel plans for a 1080p30 source; the reference
// ffmpeg commands of the pipeline benchmarks encode it with X264Args.
var Ladder = []Rung{{"h264_sd", 640, 360, 1200}, {"h264_hd", 1280, 720, 3000}, {"h264_fhd", 1920, 1080, 6000}}

// X264Params fixes the keyframes as Reel does: every 2 s, closed GOPs, no
// scene cuts.
const X264Params = "keyint=60:min-keyint=60:scenecut=0:open-gop=0"

// X264Args are ffmpeg's options for encoding one rung of a 30 fps source as
// Reel does, each suffixed with prefix (":v:0", ":v").
func X264Args(prefix string, l Rung) []string {
	return X264ArgsGOP(prefix, l.Maxrate, 60)
}

// X264ArgsGOP are the options of Reel's newVideoEncoder (media/transcode.go)
// for a rung capped at maxrate kb/s with a keyframe every gop frames (2 s at
// the rung's frame rate), each suffixed with prefix.
func X264ArgsGOP(prefix string, maxrate, gop int) []string {
	g := strconv.Itoa(gop)
	return []string{
		"-c" + prefix, "libx264", "-preset" + prefix, "veryfast", "-crf" + prefix, "23", "-profile" + prefix, "high",
		"-g" + prefix, g, "-keyint_min" + prefix, g, "-sc_threshold" + prefix, "0",
		"-x264-params" + prefix, fmt.Sprintf("keyint=%s:min-keyint=%s:scenecut=0:open-gop=0", g, g),
		"-maxrate" + prefix, fmt.Sprintf("%dk", maxrate), "-bufsize" + prefix, fmt.Sprintf("%dk", 2*maxrate),
	}
}

// AudioArgs encode the audio as Reel does.
var AudioArgs = []string{"-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"}

// SingleFFmpegArgs is the reference: one ffmpeg command decoding src once
// and writing the whole ladder and the audio as fMP4 HLS under out.
func SingleFFmpegArgs(src, out string) []string {
	var graph strings.Builder
	fmt.Fprintf(&graph, "[0:v]fps=30,split=%d", len(Ladder))
	for i := range Ladder {
		fmt.Fprintf(&graph, "[s%d]", i)
	}
	for i, l := range Ladder {
		fmt.Fprintf(&graph, ";[s%d]scale=%d:%d:flags=bicubic,setsar=1,format=yuv420p[v%d]", i, l.Width, l.Height, i)
	}
	args := []string{"-nostdin", "-v", "error", "-y", "-i", src, "-filter_complex", graph.String()}
	var streamMap []string
	for i, l := range Ladder {
		args = append(args, "-map", fmt.Sprintf("[v%d]", i))
		args = append(args, X264Args(fmt.Sprintf(":v:%d", i), l)...)
		streamMap = append(streamMap, fmt.Sprintf("v:%d,agroup:aud,name:%s", i, l.Name))
	}
	args = append(args, "-map", "0:a")
	args = append(args, AudioArgs...)
	streamMap = append(streamMap, "a:0,agroup:aud,name:audio")
	return append(args, "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
		"-hls_segment_filename", filepath.Join(out, "%v", "%d.m4s"), "-master_pl_name", "playlist.m3u8",
		"-var_stream_map", strings.Join(streamMap, " "), filepath.Join(out, "%v", "playlist.m3u8"))
}

// EnvInt is the positive integer in the environment variable name, or def.
func EnvInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// Tail is the last 2,000 bytes of s, for a failed command's output.
func Tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// NumCPU is the number of cores nproc reports (0 when it cannot tell).
func NumCPU() int {
	out, err := exec.Command("nproc").Output()
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	return n
}
