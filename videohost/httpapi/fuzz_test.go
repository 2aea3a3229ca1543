package httpapi_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// FuzzRange serves a file of size bytes with an arbitrary Range header. The
// answer is the whole file (200), parts of it that Content-Range names
// truthfully (206, one range or multipart/byteranges), or 416 as a problem
// document with Content-Range: bytes */size; never a range past the end.
func FuzzRange(f *testing.F) {
	for _, rng := range []string{"bytes=0-9", "bytes=-5", "bytes=-0", "bytes=5-", "bytes=5-2", "bytes=0-0,-1", "bytes=-0,0-3", "bytes=1000-", "items=0-1", "bytes=0-1,2-3,4-5"} {
		f.Add(rng, uint16(100))
	}
	f.Add("bytes=0-", uint16(0))
	f.Fuzz(func(t *testing.T, rng string, size uint16) {
		content := make([]byte, size)
		for i := range content {
			content[i] = byte(i * 7)
		}
		r := httptest.NewRequest("GET", "/f", nil)
		r.Header.Set("Range", rng)
		w := httptest.NewRecorder()
		httpapi.ServeContent(w, r, time.Unix(1, 0), bytes.NewReader(content), int64(size))
		res := w.Result()
		body, _ := io.ReadAll(res.Body)
		switch res.StatusCode {
		case http.StatusOK:
			if !bytes.Equal(body, content) {
				t.Fatalf("200 with %d bytes of %d", len(body), size)
			}
		case http.StatusPartialContent:
			mt, params, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
			if mt != "multipart/byteranges" {
				checkPart(t, res.Header.Get("Content-Range"), body, content)
				return
			}
			mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
			for {
				part, err := mr.NextPart()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("multipart: %v", err)
				}
				b, _ := io.ReadAll(part)
				checkPart(t, part.Header.Get("Content-Range"), b, content)
			}
		case http.StatusRequestedRangeNotSatisfiable:
			var p httpapi.Problem
			if res.Header.Get("Content-Type") != "application/problem+json" || json.Unmarshal(body, &p) != nil || p.Code != httpapi.CodeRangeNotSatisfiable {
				t.Fatalf("416 %q: %s", res.Header.Get("Content-Type"), body)
			}
			if got, want := res.Header.Get("Content-Range"), "bytes */"+strconv.Itoa(int(size)); got != want {
				t.Fatalf("416 Content-Range %q, want %q", got, want)
			}
		default:
			t.Fatalf("Range %q on %d bytes: status %d", rng, size, res.StatusCode)
		}
	})
}

// checkPart checks that body is the part of content that cr names.
func checkPart(t *testing.T, cr string, body, content []byte) {
	t.Helper()
	var first, last, total int
	if _, err := parseContentRange(cr, &first, &last, &total); err != nil || total != len(content) || first < 0 || first > last || last >= total {
		t.Fatalf("Content-Range %q for %d bytes", cr, len(content))
	}
	if !bytes.Equal(body, content[first:last+1]) {
		t.Fatalf("Content-Range %q but %d other bytes", cr, len(body))
	}
}

func parseContentRange(cr string, first, last, total *int) (int, error) {
	spec, ok := strings.CutPrefix(cr, "bytes ")
	span, size, ok2 := strings.Cut(spec, "/")
	a, b, ok3 := strings.Cut(span, "-")
	if !ok || !ok2 || !ok3 {
		return 0, errors.New("not bytes a-b/n")
	}
	var err error
	for _, p := range []struct {
		s   string
		dst *int
	}{{a, first}, {b, last}, {size, total}} {
		if *p.dst, err = strconv.Atoi(p.s); err != nil {
			return 0, err
		}
	}
	return 3, nil
}

// FuzzFrameQuery parses /images/{name}?{query}. A refusal is a typed error
// (not_found for a name that is no embed, validation_failed for a bad
// parameter) with a short detail; an accepted request names a well-formed
// embed, a known format, a finite time of 0 or more and a width within the
// limits, and the canonical URL of what was parsed parses the same.
func FuzzFrameQuery(f *testing.F) {
	for _, seed := range [][2]string{
		{"abcde0123456789.jpg", "time=1.5&width=320"},
		{"abcde0123456789.webp", ""},
		{"abcde0123456789.png", "time=NaN"},
		{"abcde0123456789.jpg", "time=-1&width=10"},
		{"abcde0123456789.gif", "width=99999"},
		{"abcde0123456789.jpg", "time=1e309&time=2"},
		{"ABCDE0123456789.jpg", "width=0x10"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, name, query string) {
		q, err := httpapi.ParseFrameRequest(&http.Request{URL: &url.URL{Path: "/images/" + name, RawQuery: query}})
		if err != nil {
			var e *videohost.Error
			if !errors.As(err, &e) || (e.Code != videohost.ENotFound && e.Code != videohost.EValidation) {
				t.Fatalf("error %v is not not_found or validation_failed", err)
			}
			if utf8.RuneCountInString(e.Message) > httpapi.MaxDetail {
				t.Fatalf("%d-character detail", utf8.RuneCountInString(e.Message))
			}
			return
		}
		if videohost.CheckID(videohost.IDEmbed, q.Embed) != nil {
			t.Fatalf("accepted embed %q", q.Embed)
		}
		if q.Format != "jpg" && q.Format != "png" && q.Format != "webp" {
			t.Fatalf("accepted format %q", q.Format)
		}
		if q.Time != nil && (math.IsNaN(*q.Time) || math.IsInf(*q.Time, 0) || *q.Time < 0) {
			t.Fatalf("accepted time %v", *q.Time)
		}
		if q.Width != 0 && (q.Width < httpapi.MinFrameWidth || q.Width > httpapi.MaxFrameWidth) {
			t.Fatalf("accepted width %d", q.Width)
		}
		canon := url.Values{}
		if q.Time != nil {
			canon.Set("time", strconv.FormatFloat(*q.Time, 'g', -1, 64))
		}
		if q.Width != 0 {
			canon.Set("width", strconv.Itoa(q.Width))
		}
		again, err := httpapi.ParseFrameRequest(&http.Request{URL: &url.URL{Path: "/images/" + q.Embed + "." + q.Format, RawQuery: canon.Encode()}})
		if err != nil || !reflect.DeepEqual(again, q) {
			t.Fatalf("canonical form parses as %+v, %v; want %+v", again, err, q)
		}
	})
}

// FuzzDecodeEvents decodes POST /v1/events bodies. A refusal is a
// validation_failed error naming a field, with a short detail; an accepted
// batch survives encoding and decoding again unchanged.
func FuzzDecodeEvents(f *testing.F) {
	f.Add([]byte(`{"events":[{"type":"play","embed":"abcde0123456789","session":"s1","t":1767225600000,"position":1.5}]}`))
	f.Add([]byte(`{"events":[{"type":"seek","embed":"abcde0123456789","session":"s1","t":1,"position":0,"from":1,"to":2.5,"bitrate":1e6}]}`))
	f.Add([]byte(`{"events":[{"type":"error","code":"x","message":"\u00e9\ud800"}]}`))
	f.Add([]byte(`{"events":{}}`))
	f.Add([]byte(`{"events":[{"t":1e400}]}`))
	f.Add([]byte(`{"events":[{"position":"1"}]}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"events":[]} trailing`))
	f.Fuzz(func(t *testing.T, body []byte) {
		events, err := httpapi.DecodeBeacon(body)
		if err != nil {
			var e *videohost.Error
			if !errors.As(err, &e) || e.Code != videohost.EValidation || len(e.Fields) != 1 {
				t.Fatalf("error %v is not validation_failed naming a field", err)
			}
			if n := utf8.RuneCountInString(e.Message); n > httpapi.MaxDetail+len(e.Fields[0].Field)+2 {
				t.Fatalf("%d-character detail", n)
			}
			return
		}
		again, err := json.Marshal(map[string]any{"events": events})
		if err != nil {
			t.Fatalf("re-encoding accepted events: %v", err)
		}
		back, err := httpapi.DecodeBeacon(again)
		if err != nil || !reflect.DeepEqual(back, events) {
			t.Fatalf("round trip: %+v, %v; want %+v", back, err, events)
		}
	})
}
