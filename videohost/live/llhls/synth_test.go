package llhls_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live"
)

// Parameter sets of x264's 640x360 High profile and an AAC-LC 44.1 kHz
// mono AudioSpecificConfig: a synthetic source needs no FFmpeg and makes
// the same bytes everywhere, for golden playlists.
var (
	synthSPS, _  = hex.DecodeString("6764001eacb201405ff2e022000003000200000300781e2c5c90")
	synthPPS, _  = hex.DecodeString("68ebc3cb22c0")
	synthConf, _ = hex.DecodeString("1208")
)

func synthTracks() []live.Track {
	return []live.Track{
		{ID: 0, Codec: live.CodecH264, SPS: synthSPS, PPS: synthPPS},
		{ID: 1, Codec: live.CodecAAC, AudioConfig: synthConf, SampleRate: 44100, Channels: 1},
	}
}

// synth makes d of 30 fps video with a keyframe every gop frames, and
// AAC frames, interleaved by DTS as an ingest delivers them, starting at
// media time start and wall clock wall.
func synth(start, d time.Duration, gop int, wall time.Time) []live.Unit {
	var units []live.Unit
	vi, ai := 0, 0
	for {
		vt := time.Duration(vi) * time.Second / 30
		at := time.Duration(ai) * 1024 * time.Second / 44100
		if vt >= d && at >= d {
			break
		}
		if vt <= at && vt < d || at >= d {
			key := vi%gop == 0
			var au [][]byte
			if key {
				au = append(au, synthSPS, synthPPS, payload(0x65, 3000, vi))
			} else {
				au = append(au, payload(0x41, 600, vi))
			}
			units = append(units, live.Unit{Track: 0, PTS: start + vt, DTS: start + vt, Key: key, Payload: au, Received: wall.Add(vt)})
			vi++
			continue
		}
		units = append(units, live.Unit{Track: 1, PTS: start + at, DTS: start + at, Payload: [][]byte{payload(0x21, 150, ai)}, Received: wall.Add(at)})
		ai++
	}
	return units
}

func payload(first byte, n, seed int) []byte {
	b := make([]byte, n)
	b[0] = first
	for i := 1; i < n; i++ {
		b[i] = byte(seed + i)
	}
	return b
}

// get fetches url and returns status, body and headers.
func get(t *testing.T, url string) (int, []byte, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b, resp.Header
}

func mustGet(t *testing.T, url string) []byte {
	t.Helper()
	code, b, _ := get(t, url)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, code, b)
	}
	return b
}

// playlist is what the tests read of a media playlist.
type playlist struct {
	lines    []string
	segments []plSegment
	parts    []plPart // of every segment, the growing one's included
	preload  string
}

type plSegment struct {
	uri      string
	duration string
	pdt      string
	discont  bool
	parts    []plPart
}

type plPart struct {
	uri         string
	independent bool
}

func parsePlaylist(t *testing.T, b []byte) playlist {
	t.Helper()
	var p playlist
	var cur plSegment
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		l := sc.Text()
		p.lines = append(p.lines, l)
		switch {
		case l == "#EXT-X-DISCONTINUITY":
			cur.discont = true
		case strings.HasPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:"):
			cur.pdt = strings.TrimPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:")
		case strings.HasPrefix(l, "#EXT-X-PART:"):
			pp := plPart{uri: attr(l, "URI"), independent: attr(l, "INDEPENDENT") == "YES"}
			cur.parts = append(cur.parts, pp)
			p.parts = append(p.parts, pp)
		case strings.HasPrefix(l, "#EXT-X-PRELOAD-HINT:"):
			p.preload = attr(l, "URI")
		case strings.HasPrefix(l, "#EXTINF:"):
			cur.duration = strings.TrimSuffix(strings.TrimPrefix(l, "#EXTINF:"), ",")
		case l != "" && !strings.HasPrefix(l, "#"):
			cur.uri = l
			p.segments = append(p.segments, cur)
			cur = plSegment{}
		}
	}
	return p
}

func (p playlist) has(prefix string) bool {
	for _, l := range p.lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

func (p playlist) value(prefix string) string {
	for _, l := range p.lines {
		if strings.HasPrefix(l, prefix) {
			return strings.TrimPrefix(l, prefix)
		}
	}
	return ""
}

func attr(line, name string) string {
	i := strings.Index(line, ":")
	for _, a := range splitAttrs(line[i+1:]) {
		k, v, _ := strings.Cut(a, "=")
		if k == name {
			return strings.Trim(v, `"`)
		}
	}
	return ""
}

func splitAttrs(s string) []string {
	var out []string
	quoted := false
	start := 0
	for i, c := range s {
		switch {
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
