package httpapi_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

// putChapters sends body with contentType to PUT /v1/videos/{id}/chapters.
func (e *env) putChapters(key, id, contentType string, body any) *response {
	e.t.Helper()
	return e.req("PUT", "/v1/videos/"+id+"/chapters", key, body, "Content-Type", contentType)
}

type chapterPage struct {
	Data       []videohost.Chapter `json:"data"`
	NextCursor *string             `json:"next_cursor"`
}

// TestChaptersRoundTrip sets chapters as JSON and as WebVTT, reads them
// back from the chapters route, the video and the embed lookup, and
// removes them.
func TestChaptersRoundTrip(t *testing.T) {
	e := newEnv(t)
	v := e.createVideo(e.rw, nil)
	if v.Chapters == nil || len(v.Chapters) != 0 || v.URLs.Chapters != "" {
		t.Fatalf("a new video has chapters %#v, urls.chapters %q; want [] and none", v.Chapters, v.URLs.Chapters)
	}
	if raw := e.req("GET", "/v1/videos/"+v.ID, e.rw, nil); !strings.Contains(raw.String(), `"chapters":[]`) {
		t.Fatalf("video JSON without chapters must carry an empty array: %s", raw)
	}

	want := []videohost.Chapter{{Start: 0, Title: "Intro"}, {Start: 12.5, Title: "The middle"}, {Start: 61.0004, Title: "End"}}
	var got videohost.Video
	must(t, e.putChapters(e.rw, v.ID, "application/json", `[{"start": 0, "title": "Intro"},
		{"start": 12.5, "title": "  The \n middle "}, {"start": 61.0004, "title": "End"}]`), http.StatusOK, &got)
	want[2].Start = 61 // to the millisecond
	if !reflect.DeepEqual(got.Chapters, want) {
		t.Fatalf("PUT JSON answered chapters %+v, want %+v", got.Chapters, want)
	}
	var page chapterPage
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/chapters", e.ro, nil), http.StatusOK, &page)
	if !reflect.DeepEqual(page.Data, want) || page.NextCursor != nil {
		t.Fatalf("GET chapters = %+v", page)
	}

	vtt := "\ufeffWEBVTT - chapters\r\n\r\nNOTE made by hand\r\n\r\nintro\r\n00:00.000 --> 00:05.000\r\nOpening\r\n\r\n" +
		"00:01:02.250 --> 00:01:10.000 align:start\r\nTwo-line\r\ntitle & <more>\r\n"
	must(t, e.putChapters(e.rw, v.ID, "text/vtt; charset=utf-8", vtt), http.StatusOK, &got)
	want = []videohost.Chapter{{Start: 0, Title: "Opening"}, {Start: 62.25, Title: "Two-line title & <more>"}}
	if !reflect.DeepEqual(got.Chapters, want) {
		t.Fatalf("PUT WebVTT answered chapters %+v, want %+v", got.Chapters, want)
	}
	must(t, e.req("GET", "/v1/videos/"+v.ID, e.rw, nil), http.StatusOK, &got)
	if !reflect.DeepEqual(got.Chapters, want) {
		t.Fatalf("video chapters %+v, want %+v", got.Chapters, want)
	}
	var embed access.EmbedView
	must(t, e.req("GET", "/v1/embeds/"+v.Embed, "", nil), http.StatusOK, &embed)
	if !reflect.DeepEqual(embed.Chapters, want) || embed.URLs.Chapters != "" {
		t.Fatalf("embed chapters %+v, urls.chapters %q (the video has no published version)", embed.Chapters, embed.URLs.Chapters)
	}

	// Who may do what.
	problem(t, e.putChapters(e.ro, v.ID, "application/json", `[{"start":0,"title":"x"}]`), http.StatusForbidden, "read_only_key")
	problem(t, e.req("DELETE", "/v1/videos/"+v.ID+"/chapters", e.ro, nil), http.StatusForbidden, "read_only_key")
	problem(t, e.req("GET", "/v1/videos/"+v.ID+"/chapters", e.otherRW, nil), http.StatusNotFound, "not_found")
	problem(t, e.putChapters(e.otherRW, v.ID, "application/json", `[{"start":0,"title":"x"}]`), http.StatusNotFound, "not_found")
	problem(t, e.req("DELETE", "/v1/videos/"+v.ID+"/chapters", e.otherRW, nil), http.StatusNotFound, "not_found")
	problem(t, e.req("GET", "/v1/videos/nosuchvideo0/chapters", e.rw, nil), http.StatusNotFound, "not_found")

	must(t, e.req("DELETE", "/v1/videos/"+v.ID+"/chapters", e.rw, nil), http.StatusNoContent, nil)
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/chapters", e.rw, nil), http.StatusOK, &page)
	if page.Data == nil || len(page.Data) != 0 {
		t.Fatalf("after DELETE: %+v", page)
	}
	problem(t, e.req("DELETE", "/v1/videos/"+v.ID+"/chapters", e.rw, nil), http.StatusNotFound, "not_found")
	must(t, e.req("GET", "/v1/embeds/"+v.Embed, "", nil), http.StatusOK, &embed)
	if embed.Chapters == nil || len(embed.Chapters) != 0 {
		t.Fatalf("embed chapters after DELETE: %#v", embed.Chapters)
	}
}

// TestChaptersRefused sends bad chapter lists to a video lasting 30 s: each
// is a problem naming the field at fault, and the chapters stay as they were.
func TestChaptersRefused(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{width: 320, height: 240, duration: 30})
	good := `[{"start": 0, "title": "Kept"}]`
	must(t, e.putChapters(e.rw, v.ID, "application/json", good), http.StatusOK, nil)

	many := make([]map[string]any, videohost.MaxChapters+1)
	for i := range many {
		many[i] = map[string]any{"start": float64(i) * 0.05, "title": "c"}
	}
	manyJSON, _ := json.Marshal(many)
	var manyVTT strings.Builder
	manyVTT.WriteString("WEBVTT\n")
	for i := 0; i <= videohost.MaxChapters; i++ {
		manyVTT.WriteString("\n00:00:" + pad2(i/100) + "." + pad3(i%100*10) + " --> 00:00:59.000\nc\n")
	}
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
		code, field             string
	}{
		{"unsorted", "application/json", `[{"start": 5, "title": "b"}, {"start": 1, "title": "a"}]`, 400, "validation_failed", "chapters[1].start"},
		{"same start", "application/json", `[{"start": 1, "title": "a"}, {"start": 1.0001, "title": "b"}]`, 400, "validation_failed", "chapters[1].start"},
		{"negative", "application/json", `[{"start": -1, "title": "a"}]`, 400, "validation_failed", "chapters[0].start"},
		{"at the duration", "application/json", `[{"start": 0, "title": "a"}, {"start": 30, "title": "b"}]`, 400, "validation_failed", "chapters[1].start"},
		{"beyond the duration", "text/vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\na\n\n01:00.000 --> 01:01.000\nb\n", 400, "validation_failed", "chapters[1].start"},
		{"empty title", "application/json", `[{"start": 0, "title": ""}]`, 400, "validation_failed", "chapters[0].title"},
		{"blank title", "application/json", `[{"start": 0, "title": "a"}, {"start": 1, "title": " \t\n "}]`, 400, "validation_failed", "chapters[1].title"},
		{"cue without text", "text/vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\n\n00:02.000 --> 00:03.000\nb\n", 400, "validation_failed", "chapters[0].title"},
		{"long title", "application/json", `[{"start": 0, "title": "` + strings.Repeat("é", videohost.MaxChapterTitleLen+1) + `"}]`, 400, "validation_failed", "chapters[0].title"},
		{"arrow in title", "application/json", `[{"start": 0, "title": "a --> b"}]`, 400, "validation_failed", "chapters[0].title"},
		{"control character", "application/json", `[{"start": 0, "title": "a\u0007b"}]`, 400, "validation_failed", "chapters[0].title"},
		{"too many, JSON", "application/json", string(manyJSON), 400, "validation_failed", "chapters"},
		{"too many, WebVTT", "text/vtt", manyVTT.String(), 400, "validation_failed", "chapters"},
		{"empty list", "application/json", `[]`, 400, "validation_failed", "chapters"},
		{"missing start", "application/json", `[{"title": "a"}]`, 400, "validation_failed", "chapters[0].start"},
		{"missing title", "application/json", `[{"start": 0}]`, 400, "validation_failed", "chapters[0].title"},
		{"unknown field", "application/json", `[{"time": 0, "title": "a"}]`, 400, "validation_failed", "body"},
		{"string start", "application/json", `[{"start": "0:00", "title": "a"}]`, 400, "validation_failed", "body"},
		{"not an array", "application/json", `{"start": 0, "title": "a"}`, 400, "validation_failed", "body"},
		{"null", "application/json", `null`, 400, "validation_failed", "body"},
		{"broken JSON", "application/json", `[{"start": 0, "title": "a"}`, 400, "validation_failed", "body"},
		{"trailing data", "application/json", `[{"start": 0, "title": "a"}] []`, 400, "validation_failed", "body"},
		{"no WEBVTT header", "text/vtt", "00:00.000 --> 00:01.000\na\n", 400, "validation_failed", "body"},
		{"bad timestamp", "text/vtt", "WEBVTT\n\n0:00 --> 0:01\na\n", 400, "validation_failed", "body"},
		{"no timing line", "text/vtt", "WEBVTT\n\nid\njust text\n", 400, "validation_failed", "body"},
		{"no cues", "text/vtt", "WEBVTT\n\nNOTE nothing here\n", 400, "validation_failed", "body"},
		{"not UTF-8", "text/vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\ncaf\xe9\n", 400, "validation_failed", "body"},
		{"JSON sent as WebVTT", "text/vtt", good, 400, "validation_failed", "body"},
		{"WebVTT sent as JSON", "application/json", "WEBVTT\n\n00:00.000 --> 00:01.000\na\n", 400, "validation_failed", "body"},
		{"plain text", "text/plain", good, 400, "validation_failed", "Content-Type"},
		{"no content type", "", good, 400, "validation_failed", "Content-Type"},
		{"too large", "application/json", `[{"start": 0, "title": "` + strings.Repeat("a", videohost.MaxChaptersBytes) + `"}]`, 413, "payload_too_large", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.putChapters(e.rw, v.ID, tc.contentType, tc.body)
			p := problem(t, r, tc.status, tc.code)
			if tc.field != "" && (len(p.Errors) == 0 || p.Errors[0].Field != tc.field) {
				t.Fatalf("errors %+v, want the first naming %q", p.Errors, tc.field)
			}
			if len(r.body) > 4096 {
				t.Fatalf("a refusal of %d bytes: %.200s", len(r.body), r.body)
			}
		})
	}
	var page chapterPage
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/chapters", e.rw, nil), http.StatusOK, &page)
	if len(page.Data) != 1 || page.Data[0].Title != "Kept" {
		t.Fatalf("refused lists changed the chapters: %+v", page.Data)
	}
}

func pad2(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }
func pad3(n int) string { return string(rune('0'+n/100)) + pad2(n%100) }

// chapterAssets is fakeAssets with the chapter files a revision writes for
// chapters (rendered by videohost, as the worker does) and the master's tag.
func chapterAssets(t *testing.T, chapters []videohost.Chapter, duration float64) map[string][]byte {
	t.Helper()
	files := fakeAssets()
	rendered, err := videohost.RenderChapters(chapters, duration)
	if err != nil || rendered == nil {
		t.Fatalf("RenderChapters: %v, %v", rendered, err)
	}
	files["chapters.vtt"] = rendered.VTT
	files["chapters.json"] = rendered.JSON
	files["playlist.m3u8"] = []byte(strings.Replace(string(files["playlist.m3u8"]), "#EXT-X-VERSION:7\n",
		"#EXT-X-VERSION:7\n#EXT-X-SESSION-DATA:DATA-ID=\"com.apple.hls.chapters\",URI=\"chapters.json\"\n", 1))
	return files
}

// TestChapterFilesDelivery serves a published version holding chapters:
// urls.chapters appears, chapters.vtt and chapters.json are delivered like
// the other assets (ETag, CORS, tokens for signed videos), the master's
// SESSION-DATA URI carries the version and the token, and an archived or
// deleted video's files answer 404.
func TestChapterFilesDelivery(t *testing.T) {
	e := newEnv(t)
	chapters := []videohost.Chapter{{Start: 0, Title: "Intro"}, {Start: 1.5, Title: "Main"}}
	for _, policy := range []videohost.PlaybackPolicy{videohost.PlaybackPublic, videohost.PlaybackSigned} {
		t.Run(string(policy), func(t *testing.T) {
			v := e.publish(publishOptions{policy: policy, files: chapterAssets(t, chapters, 3)})
			if v.URLs.Chapters != "" {
				t.Fatalf("urls.chapters %q before the video has chapters", v.URLs.Chapters)
			}
			var got videohost.Video
			must(t, e.putChapters(e.rw, v.ID, "application/json", `[{"start": 0, "title": "Intro"}, {"start": 1.5, "title": "Main"}]`), http.StatusOK, &got)
			vttURL := e.mediaURL(v, "chapters.vtt")
			if got.URLs.Chapters != vttURL {
				t.Fatalf("urls.chapters = %q, want %q", got.URLs.Chapters, vttURL)
			}
			token := ""
			if policy == videohost.PlaybackSigned {
				token = playbackToken(t, hmacKey(t, e.rw), v.Embed)
				for _, asset := range []string{"chapters.vtt", "chapters.json"} {
					r := e.req("GET", e.mediaURL(v, asset), "", nil)
					if r.status != http.StatusUnauthorized || strings.Contains(r.String(), "Intro") {
						t.Fatalf("%s without a token: %d %s", asset, r.status, r)
					}
				}
			}
			var embed access.EmbedView
			must(t, e.req("GET", withQuery("/v1/embeds/"+v.Embed, "token", token), "", nil), http.StatusOK, &embed)
			wantURL := vttURL
			if token != "" {
				wantURL = withQuery(vttURL, "token", token)
			}
			if embed.URLs.Chapters != wantURL || !reflect.DeepEqual(embed.Chapters, chapters) {
				t.Fatalf("embed urls.chapters %q (want %q), chapters %+v", embed.URLs.Chapters, wantURL, embed.Chapters)
			}

			r := e.req("GET", embed.URLs.Chapters, "", nil, "Origin", "https://elsewhere.example")
			must(t, r, http.StatusOK, nil)
			wantVTT := "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nIntro\n\n00:00:01.500 --> 00:00:03.000\nMain\n"
			if r.String() != wantVTT || r.header.Get("Content-Type") != "text/vtt; charset=utf-8" ||
				r.header.Get("ETag") == "" || r.header.Get("Access-Control-Allow-Origin") != "*" {
				t.Fatalf("chapters.vtt: %q %v", r, r.header)
			}
			if again := e.req("GET", embed.URLs.Chapters, "", nil, "If-None-Match", r.header.Get("ETag")); again.status != http.StatusNotModified {
				t.Fatalf("revalidation: %d", again.status)
			}

			master := e.req("GET", withQuery(e.mediaURL(v, "playlist.m3u8"), "token", token), "", nil)
			must(t, master, http.StatusOK, nil)
			uri := "chapters.json?v=" + v.AssetVersion
			if token != "" {
				uri += "&g=" + wantGrant(t, e, v, token)
			}
			tag := `#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.chapters",URI="` + uri + `"` + "\n"
			if !strings.Contains(master.String(), tag) {
				t.Fatalf("master lacks %q:\n%s", tag, master)
			}
			doc := e.req("GET", resolveURI(t, e.mediaURL(v, "playlist.m3u8"), uri), "", nil)
			must(t, doc, http.StatusOK, nil)
			var apple []struct {
				Chapter   int     `json:"chapter"`
				StartTime float64 `json:"start-time"`
				Duration  float64 `json:"duration"`
				Titles    []struct {
					Language string `json:"language"`
					Title    string `json:"title"`
				} `json:"titles"`
			}
			if err := json.Unmarshal(doc.body, &apple); err != nil || doc.header.Get("Content-Type") != "application/json" {
				t.Fatalf("chapters.json (%s): %v\n%s", doc.header.Get("Content-Type"), err, doc.body)
			}
			if len(apple) != 2 || apple[0].Chapter != 1 || apple[0].StartTime != 0 || apple[0].Duration != 1.5 ||
				apple[1].Chapter != 2 || apple[1].StartTime != 1.5 || apple[1].Duration != 1.5 ||
				len(apple[1].Titles) != 1 || apple[1].Titles[0].Title != "Main" || apple[1].Titles[0].Language != "und" {
				t.Fatalf("chapters.json: %+v", apple)
			}

			// Chapters removed: the URL goes at once.
			must(t, e.req("DELETE", "/v1/videos/"+v.ID+"/chapters", e.rw, nil), http.StatusNoContent, nil)
			var after videohost.Video
			must(t, e.req("GET", "/v1/videos/"+v.ID, e.rw, nil), http.StatusOK, &after)
			if after.URLs.Chapters != "" {
				t.Fatalf("urls.chapters %q without chapters", after.URLs.Chapters)
			}
			must(t, e.putChapters(e.rw, v.ID, "application/json", `[{"start": 0, "title": "Intro"}]`), http.StatusOK, nil)

			must(t, e.req("POST", "/v1/videos/"+v.ID+"/archive", e.rw, nil), http.StatusOK, nil)
			for _, asset := range []string{"chapters.vtt", "chapters.json"} {
				problem(t, e.req("GET", withQuery(e.mediaURL(v, asset), "token", token), "", nil), http.StatusNotFound, "not_found")
			}
			problem(t, e.req("GET", withQuery("/v1/embeds/"+v.Embed, "token", token), "", nil), http.StatusNotFound, "not_found")
			must(t, e.req("POST", "/v1/videos/"+v.ID+"/unarchive", e.rw, nil), http.StatusOK, nil)
			must(t, e.req("GET", withQuery(e.mediaURL(v, "chapters.vtt"), "token", token), "", nil), http.StatusOK, nil)
			must(t, e.req("DELETE", "/v1/videos/"+v.ID, e.rw, nil), http.StatusNoContent, nil)
			for _, asset := range []string{"chapters.vtt", "chapters.json"} {
				problem(t, e.req("GET", withQuery(e.mediaURL(v, asset), "token", token), "", nil), http.StatusNotFound, "not_found")
			}
			problem(t, e.req("GET", "/v1/videos/"+v.ID+"/chapters", e.rw, nil), http.StatusNotFound, "not_found")
		})
	}
}
