package main_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// testKey is the API key the fake server accepts: rk_<12-char id>_<secret>.
const testKey = "rk_testkey0001_0123456789abcdefghijklmnopqrstuv"

// fakeReel is a stand-in for the Reel API, enough for the command-line
// tool: space, collections, videos (with states that move as they are
// polled) and tus uploads.
type fakeReel struct {
	t   *testing.T
	srv *httptest.Server
	mu  sync.Mutex

	collections map[string]map[string]any
	videos      map[string]map[string]any
	order       []string // video ids, oldest first
	uploads     map[string]*fakeUpload
	polls       map[string]int
	posts       int // POSTs and PATCHes to /v1/videos and /v1/collections
	nextID      int
	// readyAfter is how many GETs of a video move it from uploaded to
	// ready (playable one poll earlier); 0 keeps it uploaded forever.
	readyAfter int
	// erroredAfter, when not 0, is how many GETs of an uploaded video move
	// it to errored with not_media instead (it wins over readyAfter).
	erroredAfter int
	// bytesPerSecond throttles upload bodies so that a test can interrupt.
	bytesPerSecond int
	// maxUpload, when not 0, refuses longer uploads as tusd does (a plain
	// text 413) and is advertised as Tus-Max-Size.
	maxUpload int64
}

type fakeUpload struct {
	busy    bool // a PATCH is being read, as tusd's per-upload lock
	length  int64
	data    []byte
	videoID string
}

func newFakeReel(t *testing.T) *fakeReel {
	t.Helper()
	f := &fakeReel{t: t, collections: map[string]map[string]any{}, videos: map[string]map[string]any{},
		uploads: map[string]*fakeUpload{}, polls: map[string]int{}, readyAfter: 3}
	f.srv = httptest.NewServer(f)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeReel) URL() string { return f.srv.URL }

func (f *fakeReel) id(prefix string) string {
	f.nextID++
	return fmt.Sprintf("%s%0*d", prefix, 12-len(prefix), f.nextID)
}

func problem(w http.ResponseWriter, status int, code, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"type": "https://reel.dev/problems/" + code, "title": http.StatusText(status), "status": status, "code": code, "detail": detail})
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (f *fakeReel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer "+testKey {
		problem(w, 401, "unauthorized", "invalid API key")
		return
	}
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if len(parts) < 2 || parts[0] != "v1" {
		problem(w, 404, "not_found", "no route")
		return
	}
	if parts[1] == "uploads" {
		f.serveUpload(w, r, parts)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case parts[1] == "space" && r.Method == "GET":
		reply(w, 200, map[string]any{"id": "spc01", "name": "default", "space_url": f.URL() + "/media/spc01"})
	case parts[1] == "collections":
		f.serveCollections(w, r, parts[2:])
	case parts[1] == "videos":
		f.serveVideos(w, r, parts[2:])
	default:
		problem(w, 404, "not_found", "no route")
	}
}

func (f *fakeReel) serveCollections(w http.ResponseWriter, r *http.Request, rest []string) {
	switch {
	case len(rest) == 0 && r.Method == "POST":
		var in struct {
			Name   string  `json:"name"`
			Parent *string `json:"parent"`
		}
		json.NewDecoder(r.Body).Decode(&in)
		if in.Name == "" {
			problem(w, 400, "validation_failed", "name: is required")
			return
		}
		if in.Parent != nil && f.collections[*in.Parent] == nil {
			problem(w, 400, "validation_failed", "parent: no such collection")
			return
		}
		f.posts++
		c := map[string]any{"id": f.id("col"), "space": "spc01", "name": in.Name, "parent": in.Parent, "created_at": time.Now().UTC()}
		f.collections[c["id"].(string)] = c
		reply(w, 201, c)
	case len(rest) == 0 && r.Method == "GET":
		data := []any{}
		ids := make([]string, 0, len(f.collections))
		for id := range f.collections {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			data = append(data, f.collections[id])
		}
		reply(w, 200, map[string]any{"data": data, "next_cursor": nil})
	case len(rest) == 1 && f.collections[rest[0]] == nil:
		problem(w, 404, "not_found", "no collection "+rest[0])
	case len(rest) == 1 && r.Method == "GET":
		reply(w, 200, f.collections[rest[0]])
	case len(rest) == 1 && r.Method == "DELETE":
		delete(f.collections, rest[0])
		w.WriteHeader(204)
	default:
		problem(w, 405, "method_not_allowed", r.Method)
	}
}

func (f *fakeReel) newVideo(title, collection, inputURL string) map[string]any {
	v := map[string]any{"id": f.id("vid"), "embed": "spc01" + f.id("e")[:10], "space": "spc01", "title": title,
		"description": "", "metadata": map[string]string{}, "state": "created", "playable": false, "archived": false,
		"renditions": []any{}, "playback_policy": "public", "error": nil, "created_at": time.Now().UTC(), "collection": nil}
	if collection != "" {
		v["collection"] = collection
	}
	if inputURL != "" {
		v["input_url"] = inputURL
	}
	f.videos[v["id"].(string)] = v
	f.order = append(f.order, v["id"].(string))
	return v
}

func (f *fakeReel) serveVideos(w http.ResponseWriter, r *http.Request, rest []string) {
	switch {
	case len(rest) == 0 && r.Method == "POST":
		var in map[string]any
		json.NewDecoder(r.Body).Decode(&in)
		u, _ := in["input_url"].(string)
		if u == "" {
			problem(w, 400, "validation_failed", "input_url: is required")
			return
		}
		// Private addresses are refused as the real server's SSRF guard does.
		if strings.HasPrefix(u, "http://10.") {
			problem(w, 400, "input_url_not_allowed", "input_url points at an address that is not allowed")
			return
		}
		if in["title"] == "huge" {
			problem(w, 413, "payload_too_large", "the request body is larger than 1048576 bytes")
			return
		}
		col, _ := in["collection"].(string)
		if col != "" && f.collections[col] == nil {
			problem(w, 400, "validation_failed", "collection: no such collection")
			return
		}
		f.posts++
		title, _ := in["title"].(string)
		v := f.newVideo(title, col, u)
		for _, k := range []string{"description", "metadata", "playback_policy"} {
			if x, ok := in[k]; ok {
				v[k] = x
			}
		}
		reply(w, 201, v)
	case len(rest) == 0 && r.Method == "GET":
		q := r.URL.Query()
		limit, _ := strconv.Atoi(q.Get("limit"))
		if limit == 0 {
			limit = 25
		}
		var match []map[string]any
		for i := len(f.order) - 1; i >= 0; i-- {
			v := f.videos[f.order[i]]
			if v == nil || (q.Get("collection") != "" && v["collection"] != q.Get("collection")) || (q.Get("state") != "" && v["state"] != q.Get("state")) {
				continue
			}
			match = append(match, v)
		}
		start, _ := strconv.Atoi(q.Get("cursor"))
		end := min(start+limit, len(match))
		page := map[string]any{"data": append([]map[string]any{}, match[min(start, len(match)):end]...), "next_cursor": nil}
		if end < len(match) {
			page["next_cursor"] = strconv.Itoa(end)
		}
		reply(w, 200, page)
	case len(rest) >= 1 && f.videos[rest[0]] == nil:
		problem(w, 404, "not_found", "no video "+rest[0])
	case len(rest) == 1 && r.Method == "GET":
		v := f.videos[rest[0]]
		if v["state"] != "created" && f.erroredAfter > 0 {
			f.polls[rest[0]]++
			if f.polls[rest[0]] >= f.erroredAfter {
				v["state"], v["error"] = "errored", map[string]string{"code": "not_media", "message": "the file is not a video or audio file"}
			}
		} else if v["state"] != "created" && f.readyAfter > 0 {
			f.polls[rest[0]]++
			switch n := f.polls[rest[0]]; {
			case n >= f.readyAfter:
				v["state"], v["playable"] = "ready", true
			case n == f.readyAfter-1:
				v["state"], v["playable"] = "processing", true
			}
		}
		reply(w, 200, v)
	case len(rest) == 1 && r.Method == "PATCH":
		var in map[string]any
		json.NewDecoder(r.Body).Decode(&in)
		f.posts++
		for k, x := range in {
			f.videos[rest[0]][k] = x
		}
		reply(w, 200, f.videos[rest[0]])
	case len(rest) == 1 && r.Method == "DELETE":
		delete(f.videos, rest[0])
		w.WriteHeader(204)
	case len(rest) == 2 && r.Method == "POST" && (rest[1] == "archive" || rest[1] == "unarchive"):
		f.videos[rest[0]]["archived"] = rest[1] == "archive"
		reply(w, 200, f.videos[rest[0]])
	default:
		problem(w, 405, "method_not_allowed", r.Method)
	}
}

func (f *fakeReel) serveUpload(w http.ResponseWriter, r *http.Request, parts []string) {
	w.Header().Set("Tus-Resumable", "1.0.0")
	f.mu.Lock()
	switch {
	case len(parts) == 2 && r.Method == "OPTIONS":
		defer f.mu.Unlock()
		if f.maxUpload > 0 {
			w.Header().Set("Tus-Max-Size", strconv.FormatInt(f.maxUpload, 10))
		}
		w.WriteHeader(200)
	case len(parts) == 2 && r.Method == "POST":
		defer f.mu.Unlock()
		n, err := strconv.ParseInt(r.Header.Get("Upload-Length"), 10, 64)
		if err != nil {
			problem(w, 400, "validation_failed", "Upload-Length")
			return
		}
		if f.maxUpload > 0 && n > f.maxUpload {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(413)
			io.WriteString(w, "ERR_MAX_SIZE_EXCEEDED: maximum size exceeded\n")
			return
		}
		md := map[string]string{}
		for _, pair := range strings.Split(r.Header.Get("Upload-Metadata"), ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(pair), " ")
			dec, _ := base64.StdEncoding.DecodeString(v)
			md[k] = string(dec)
		}
		if c := md["collection"]; c != "" && f.collections[c] == nil {
			problem(w, 400, "validation_failed", "collection: no such collection")
			return
		}
		v := f.newVideo(md["title"], md["collection"], "")
		id := f.id("up")
		f.uploads[id] = &fakeUpload{length: n, videoID: v["id"].(string)}
		w.Header().Set("Location", "/v1/uploads/"+id)
		w.Header().Set("Reel-Video-Id", v["id"].(string))
		w.WriteHeader(201)
	case len(parts) == 3 && f.uploads[parts[2]] == nil:
		f.mu.Unlock()
		problem(w, 404, "not_found", "no upload")
	case len(parts) == 3 && r.Method == "HEAD":
		defer f.mu.Unlock()
		u := f.uploads[parts[2]]
		w.Header().Set("Upload-Offset", strconv.Itoa(len(u.data)))
		w.Header().Set("Upload-Length", strconv.FormatInt(u.length, 10))
		w.Header().Set("Reel-Video-Id", u.videoID)
		w.WriteHeader(200)
	case len(parts) == 3 && r.Method == "PATCH":
		u := f.uploads[parts[2]]
		if u.busy {
			f.mu.Unlock()
			problem(w, 423, "locked", "the upload is busy")
			return
		}
		if r.Header.Get("Upload-Offset") != strconv.Itoa(len(u.data)) {
			f.mu.Unlock()
			problem(w, 409, "conflict", "offset mismatch")
			return
		}
		rate := f.bytesPerSecond
		u.busy = true
		f.mu.Unlock()
		defer func() {
			f.mu.Lock()
			u.busy = false
			f.mu.Unlock()
		}()
		// Read outside the lock, a slice at a time, so that a throttled
		// upload can be watched and interrupted.
		buf := make([]byte, 32<<10)
		for {
			n, err := r.Body.Read(buf)
			f.mu.Lock()
			u.data = append(u.data, buf[:n]...)
			f.mu.Unlock()
			if rate > 0 && n > 0 {
				time.Sleep(time.Duration(n) * time.Second / time.Duration(rate))
			}
			if err != nil {
				if err != io.EOF {
					return
				}
				break
			}
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if int64(len(u.data)) == u.length {
			f.videos[u.videoID]["state"] = "uploaded"
			f.videos[u.videoID]["source"] = map[string]any{"size": u.length}
		}
		w.Header().Set("Upload-Offset", strconv.Itoa(len(u.data)))
		w.Header().Set("Reel-Video-Id", u.videoID)
		w.WriteHeader(204)
	default:
		f.mu.Unlock()
		problem(w, 405, "method_not_allowed", r.Method)
	}
}

// uploaded returns the bytes of every upload the server has, by video id.
func (f *fakeReel) uploaded() map[string][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string][]byte{}
	for _, u := range f.uploads {
		out[u.videoID] = append([]byte(nil), u.data...)
	}
	return out
}

func (f *fakeReel) writes() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.posts + len(f.uploads)
}

func (f *fakeReel) video(id string) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.videos[id]
}
