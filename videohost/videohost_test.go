package videohost_test

import (
	"context"
	"net/netip"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/netguard"
)

func TestTransitions(t *testing.T) {
	tests := []struct {
		from, to videohost.State
		event    videohost.EventType
		ok       bool
	}{
		{videohost.StateCreated, videohost.StateUploaded, videohost.EventVideoUploaded, true},
		{videohost.StateUploaded, videohost.StateProcessing, videohost.EventVideoProcessing, true},
		{videohost.StateProcessing, videohost.StateReady, videohost.EventVideoReady, true},
		{videohost.StateProcessing, videohost.StateProcessing, "", true},
		{videohost.StateCreated, videohost.StateErrored, videohost.EventVideoErrored, true},
		{videohost.StateUploaded, videohost.StateErrored, videohost.EventVideoErrored, true},
		{videohost.StateProcessing, videohost.StateErrored, videohost.EventVideoErrored, true},
		{videohost.StateCreated, videohost.StateReady, "", false},
		{videohost.StateCreated, videohost.StateProcessing, "", false},
		{videohost.StateReady, videohost.StateProcessing, "", false},
		{videohost.StateReady, videohost.StateErrored, "", false},
		{videohost.StateErrored, videohost.StateReady, "", false},
		{videohost.StateUploaded, videohost.StateReady, "", false},
	}
	for _, tt := range tests {
		ev, err := videohost.Transition(tt.from, tt.to)
		if (err == nil) != tt.ok {
			t.Errorf("%s → %s: err = %v, want ok=%v", tt.from, tt.to, err, tt.ok)
			continue
		}
		if err != nil && videohost.ErrorCode(err) != videohost.EInvalidTransition {
			t.Errorf("%s → %s: code %q", tt.from, tt.to, videohost.ErrorCode(err))
		}
		if ev != tt.event {
			t.Errorf("%s → %s: event %q, want %q", tt.from, tt.to, ev, tt.event)
		}
	}
}

func TestURLShapes(t *testing.T) {
	u := videohost.SpaceURLs("https://reel.example/", "", "", "", "abcde")
	pt := 12.5
	got := map[string]string{
		"hls":            u.HLS("vid000000001"),
		"dash":           u.DASH("vid000000001"),
		"mp4":            u.Rendition("vid000000001", "h264_sd"),
		"media playlist": u.MediaPlaylist("vid000000001", "h264_hd"),
		"init":           u.InitSegment("vid000000001", "h264_hd"),
		"segment":        u.Segment("vid000000001", "h264_hd", 7),
		"audio playlist": u.AudioPlaylist("vid000000001", "0"),
		"sub playlist":   u.SubtitlePlaylist("vid000000001", "en"),
		"sub":            u.Subtitle("vid000000001", "en"),
		"transcript":     u.Transcript("vid000000001"),
		"poster jpg":     u.Poster("vid000000001", "jpg"),
		"poster webp":    u.Poster("vid000000001", "webp"),
		"clip":           u.Clip("vid000000001"),
		"audio":          u.Audio("vid000000001"),
		"storyboard":     u.Storyboard("vid000000001"),
		"storyboard vtt": u.StoryboardVTT("vid000000001"),
		"frame":          u.Frame("abcde0123456789", "jpg", &pt, 640),
		"frame default":  u.Frame("abcde0123456789", "webp", nil, 0),
		"frame template": u.FrameTemplate("abcde0123456789"),
		"components":     u.Components(),
	}
	want := map[string]string{
		"hls":            "https://reel.example/media/abcde/vid000000001/playlist.m3u8",
		"dash":           "https://reel.example/media/abcde/vid000000001/manifest.mpd",
		"mp4":            "https://reel.example/media/abcde/vid000000001/h264_sd.mp4",
		"media playlist": "https://reel.example/media/abcde/vid000000001/h264_hd/playlist.m3u8",
		"init":           "https://reel.example/media/abcde/vid000000001/h264_hd/init.mp4",
		"segment":        "https://reel.example/media/abcde/vid000000001/h264_hd/7.m4s",
		"audio playlist": "https://reel.example/media/abcde/vid000000001/audio/0/playlist.m3u8",
		"sub playlist":   "https://reel.example/media/abcde/vid000000001/subtitles/en.m3u8",
		"sub":            "https://reel.example/media/abcde/vid000000001/subtitles/en.vtt",
		"transcript":     "https://reel.example/media/abcde/vid000000001/transcript.json",
		"poster jpg":     "https://reel.example/media/abcde/vid000000001/poster.jpg",
		"poster webp":    "https://reel.example/media/abcde/vid000000001/poster.webp",
		"clip":           "https://reel.example/media/abcde/vid000000001/clip.mp4",
		"audio":          "https://reel.example/media/abcde/vid000000001/audio.m4a",
		"storyboard":     "https://reel.example/media/abcde/vid000000001/storyboard.jpg",
		"storyboard vtt": "https://reel.example/media/abcde/vid000000001/storyboard.vtt",
		"frame":          "https://reel.example/images/abcde0123456789.jpg?time=12.5&width=640",
		"frame default":  "https://reel.example/images/abcde0123456789.webp",
		"frame template": "https://reel.example/images/abcde0123456789.jpg?time={time}&width={width}",
		"components":     "https://reel.example/cdn/reel.js",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n got %s\nwant %s", k, got[k], w)
		}
	}
}

// TestDecorateFrameURL: the frame template is advertised until the video is
// known to have no pictures, where it could only answer 404.
func TestDecorateFrameURL(t *testing.T) {
	u := videohost.SpaceURLs("https://reel.example", "", "", "", "abcde")
	sd := []videohost.Rendition{{Name: "h264_sd", Width: 640, Height: 360}}
	tests := []struct {
		name       string
		state      videohost.State
		playable   bool
		renditions []videohost.Rendition
		want       bool
	}{
		{"created", videohost.StateCreated, false, nil, true},
		{"uploaded", videohost.StateUploaded, false, nil, true},
		{"processing", videohost.StateProcessing, false, nil, true},
		{"playable with pictures", videohost.StateProcessing, true, sd, true},
		{"ready with pictures", videohost.StateReady, true, sd, true},
		{"playable audio-only", videohost.StateProcessing, true, nil, false},
		{"ready audio-only", videohost.StateReady, true, nil, false},
		{"errored", videohost.StateErrored, false, nil, false},
	}
	for _, tt := range tests {
		v := &videohost.Video{ID: "vid000000001", Embed: "abcde0123456789", State: tt.state, Playable: tt.playable, Renditions: tt.renditions}
		u.Decorate(v)
		if got := v.URLs.Frame != ""; got != tt.want {
			t.Errorf("%s: frame URL %q, want one: %v", tt.name, v.URLs.Frame, tt.want)
		}
	}
}

func TestSpaceURLTemplates(t *testing.T) {
	tests := []struct {
		name, spaceTmpl, image, cdn string
		want                        videohost.URLs
	}{
		{"defaults", "", "", "", videohost.URLs{SpaceURL: "http://h/media/abcde", ImageURL: "http://h/images", CDNURL: "http://h/cdn", LiveURL: "http://h/live/abcde"}},
		{"cdn without placeholder", "https://cdn.example/v/", "https://img.example", "https://js.example/reel/",
			// Low-latency HLS comes from the ingest process, never a CDN.
			videohost.URLs{SpaceURL: "https://cdn.example/v/abcde", ImageURL: "https://img.example", CDNURL: "https://js.example/reel", LiveURL: "http://h/live/abcde"}},
		{"placeholder", "https://{space}.cdn.example", "", "", videohost.URLs{SpaceURL: "https://abcde.cdn.example", ImageURL: "http://h/images", CDNURL: "http://h/cdn", LiveURL: "http://h/live/abcde"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := videohost.SpaceURLs("http://h", tt.spaceTmpl, tt.image, tt.cdn, "abcde")
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestIDs(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := videohost.NewID(videohost.VideoIDLen)
		if !videohost.ValidID(id, videohost.VideoIDLen) || seen[id] {
			t.Fatalf("bad or repeated id %q", id)
		}
		seen[id] = true
	}
	embed := videohost.NewEmbed("abcde")
	if len(embed) != videohost.EmbedLen || videohost.SpaceOfEmbed(embed) != "abcde" {
		t.Errorf("embed %q does not carry its space", embed)
	}
	if videohost.SpaceOfEmbed("short") != "" {
		t.Error("SpaceOfEmbed accepted a malformed embed")
	}
}

func TestAspectRatio(t *testing.T) {
	for _, tt := range []struct {
		w, h int
		want string
	}{{1920, 1080, "16:9"}, {1080, 1920, "9:16"}, {640, 480, "4:3"}, {320, 240, "4:3"}, {0, 10, ""}} {
		if got := videohost.AspectRatio(tt.w, tt.h); got != tt.want {
			t.Errorf("AspectRatio(%d,%d) = %q, want %q", tt.w, tt.h, got, tt.want)
		}
	}
}

func TestNetGuard(t *testing.T) {
	g := &netguard.Guard{}
	refused := []string{"127.0.0.1", "::1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254",
		"169.254.1.1", "0.0.0.0", "224.0.0.1", "100.64.0.1", "fd00::1", "fe80::1", "::ffff:127.0.0.1"}
	for _, s := range refused {
		if g.AllowedAddr(netip.MustParseAddr(s)) {
			t.Errorf("%s allowed", s)
		}
	}
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "2606:4700::1111"} {
		if !g.AllowedAddr(netip.MustParseAddr(s)) {
			t.Errorf("%s refused", s)
		}
	}
	allow, err := netguard.ParseNetworks([]string{"127.0.0.0/8", "10.0.0.5"})
	if err != nil {
		t.Fatal(err)
	}
	g = &netguard.Guard{Allow: allow}
	if !g.AllowedAddr(netip.MustParseAddr("127.0.0.1")) || !g.AllowedAddr(netip.MustParseAddr("10.0.0.5")) {
		t.Error("allow-list not honoured")
	}
	if g.AllowedAddr(netip.MustParseAddr("10.0.0.6")) {
		t.Error("allow-list too wide")
	}
	if _, err := netguard.ParseNetworks([]string{"not-a-cidr"}); err == nil {
		t.Error("netguard.ParseNetworks accepted garbage")
	}
}

func TestNetGuardCheckURL(t *testing.T) {
	g := &netguard.Guard{}
	ctx := context.Background()
	for _, raw := range []string{"http://127.0.0.1/x.mp4", "http://[::1]/x", "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data", "http://localhost:8080/"} {
		if _, err := g.CheckURL(ctx, raw); err == nil {
			t.Errorf("CheckURL(%q) accepted", raw)
		}
	}
	for _, raw := range []string{"ftp://example.com/a", "file:///etc/passwd", "notaurl", "http://user:pw@example.com/"} {
		if _, err := g.CheckURL(ctx, raw); err == nil {
			t.Errorf("CheckURL(%q) accepted", raw)
		}
	}
	if _, err := g.CheckURL(ctx, "https://93.184.215.14/video.mp4"); err != nil {
		t.Errorf("public address refused: %v", err)
	}
}
