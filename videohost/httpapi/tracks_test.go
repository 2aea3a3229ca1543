package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/hostile"
	"github.com/reelvideo/reel/videohost"
)

// trackPipeline is a Pipeline with the track and subtitle capabilities
// that takes every file as it is: what these tests look at is what the API
// lets through to it.
type trackPipeline struct{ countingPipeline }

func (*trackPipeline) ProbeAudio(context.Context, string) error { return nil }
func (*trackPipeline) ProbeImage(context.Context, string) error { return nil }
func (*trackPipeline) AddAudioTrack(context.Context, string, videohost.AddedAudio) error {
	return nil
}
func (*trackPipeline) KeepAudioTracks(context.Context, string, []string) error { return nil }
func (*trackPipeline) PosterFromImage(context.Context, string, string) error   { return nil }
func (*trackPipeline) PosterAt(_ context.Context, _ string, at float64) (float64, error) {
	return at, nil
}
func (*trackPipeline) ConvertSubtitles(_ context.Context, body []byte) ([]byte, error) {
	return body, nil
}
func (*trackPipeline) ApplySubtitles(context.Context, string, []videohost.SubtitleFile) error {
	return nil
}

// acceptedLabels are the hostile strings a label may be, and what it
// becomes: nothing in them can end an HLS quoted-string, a WebVTT cue or an
// XML element (the writers escape or replace the rest anyway). Every other
// hostile string is refused.
var acceptedLabels = map[string]string{
	"URI attribute without a quote": "a,URI=http://evil.example/a.m3u8,URI=",
	"byte order mark":               "\ufeffBOM",
	"script end":                    "</script><script>alert(1)</script>",
	"HLS tag":                       "#EXT-X-ENDLIST",
	"XML":                           `]]></Label><Label>x</Label><!-- &amp; &#0;`,
}

// TestLabelsRefuseWhatPlaylistsCannotHold sends each hostile string as the
// label of an added audio track (query and Reel-Label header) and of a
// subtitle track: a double quote, a line break, NUL or any other control
// character, "-->", an empty or too long label is 400 validation_failed
// naming label, and the video is left as it was; the rest is kept as sent.
// A label with " or a line break once wrote tags and URIs of its own into
// the HLS master (issue 35).
func TestLabelsRefuseWhatPlaylistsCannotHold(t *testing.T) {
	e := newEnv(t)
	e.usePipeline(&trackPipeline{})
	v := e.publish(publishOptions{})
	for _, h := range hostile.Strings {
		t.Run(h.Name, func(t *testing.T) {
			want, ok := acceptedLabels[h.Name]
			for _, route := range []struct {
				name, path string
				hdr        []string
				status     int
				label      func(*videohost.Video) []string
			}{
				{"audio track ?label=", "/audio-tracks/it?label=" + url.QueryEscape(h.Value), nil, http.StatusAccepted, audioLabels},
				{"audio track Reel-Label", "/audio-tracks/it", []string{"Reel-Label", h.Value}, http.StatusAccepted, audioLabels},
				{"subtitles ?label=", "/subtitles/it?label=" + url.QueryEscape(h.Value), nil, http.StatusOK, subtitleLabels},
			} {
				if route.hdr != nil && (strings.ContainsFunc(h.Value, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) ||
					strings.TrimSpace(h.Value) == "") {
					continue // HTTP has no header value with these; a blank one is no label
				}
				before := e.video(v.ID)
				r := e.req("PUT", "/v1/videos/"+v.ID+route.path, e.rw, "WEBVTT\n\n00:00.000 --> 00:01.000\nx\n",
					append([]string{"Content-Type", "text/vtt"}, route.hdr...)...)
				after := e.video(v.ID)
				if !ok {
					p := problem(t, r, http.StatusBadRequest, videohost.EValidation)
					if len(p.Errors) != 1 || p.Errors[0].Field != "label" {
						t.Errorf("%s: errors %+v, want one naming label", route.name, p.Errors)
					}
					if !slices.Equal(route.label(after), route.label(before)) {
						t.Errorf("%s: a refused label changed the video's labels %q to %q", route.name, route.label(before), route.label(after))
					}
					continue
				}
				if r.status != route.status {
					t.Fatalf("%s: %d %s, want %d", route.name, r.status, r, route.status)
				}
				if got := route.label(after); !slices.Contains(got, want) {
					t.Errorf("%s: labels %q, want %q among them", route.name, got, want)
				}
			}
		})
	}
}

func audioLabels(v *videohost.Video) []string {
	var out []string
	for _, a := range v.AudioTracks {
		out = append(out, a.Label)
	}
	return out
}

func subtitleLabels(v *videohost.Video) []string {
	var out []string
	for _, s := range v.Subtitles {
		out = append(out, s.Label)
	}
	return out
}

// TestSignedMasterPinsOnlyURIAttributes serves a signed video's master
// whose labels hold "URI=" (as a label may: no double quote, so nothing an
// attribute can end at): the version and grant go onto the URI attributes
// and URI lines alone, and every NAME comes back as written. The rewrite
// once took URI=" inside NAME="…URI=" for an attribute and spliced the
// grant into the tag.
func TestSignedMasterPinsOnlyURIAttributes(t *testing.T) {
	e := newEnv(t)
	files := fakeAssets()
	names := []string{"URI=", "a,URI=", "x URI=y", "URI=http://evil.example/a.m3u8"}
	master := "#EXTM3U\n#EXT-X-VERSION:7\n"
	for i, n := range names {
		master += `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="` + n + `",LANGUAGE="en",DEFAULT=` + map[bool]string{true: "YES", false: "NO"}[i == 0] +
			`,CHANNELS="2",URI="audio/0/playlist.m3u8"` + "\n"
	}
	master += `#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=320x240,AUDIO="aac"` + "\nh264_sd/playlist.m3u8\n"
	files["playlist.m3u8"] = []byte(master)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned, files: files})
	token := playbackToken(t, hmacKey(t, e.rw), v.Embed)
	grant := wantGrant(t, e, v, token)
	r := e.req("GET", withQuery(e.mediaURL(v, "playlist.m3u8"), "token", token), "", nil)
	must(t, r, http.StatusOK, nil)
	pin := "?v=" + v.AssetVersion + "&g=" + grant
	var got []string
	for _, line := range strings.Split(r.String(), "\n") {
		if !strings.HasPrefix(line, "#EXT-X-MEDIA:") {
			continue
		}
		name, rest, _ := strings.Cut(strings.TrimPrefix(line, `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="`), `"`)
		got = append(got, name)
		if !strings.HasSuffix(rest, `,CHANNELS="2",URI="audio/0/playlist.m3u8`+pin+`"`) || strings.Count(line, grant) != 1 {
			t.Errorf("served %s", line)
		}
	}
	if !slices.Equal(got, names) {
		t.Errorf("names served %q, want %q\n%s", got, names, r)
	}
	if !strings.Contains(r.String(), "\nh264_sd/playlist.m3u8"+pin+"\n") {
		t.Errorf("the variant is not pinned:\n%s", r)
	}
}
