package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/client"
	"github.com/reelvideo/reel/tokens"
)

func osStat(path string) (os.FileInfo, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usageErrorf("no such folder: %s", path)
	}
	return fi, err
}

func sortFolders(fs []foreignFolder) {
	sort.Slice(fs, func(i, j int) bool { return fs[i].ID < fs[j].ID })
}

// foreignAPI reads a foreign service's JSON API with retries on 429
// (honouring Retry-After) and 5xx.
type foreignAPI struct {
	name     string
	base     *url.URL
	auth     func(*http.Request)
	http     *http.Client
	attempts int
}

func newForeignAPI(name, base string, auth func(*http.Request)) (*foreignAPI, error) {
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, usageErrorf("%s base URL %q is not an http(s) URL", name, base)
	}
	return &foreignAPI{name: name, base: u, auth: auth, http: &http.Client{Timeout: 60 * time.Second}, attempts: 6}, nil
}

// get fetches pathOrURL (a path under the base, or an absolute URL from
// the API's own paging links) into out.
func (f *foreignAPI) get(ctx context.Context, pathOrURL string, out any) error {
	ref, err := url.Parse(pathOrURL)
	if err != nil {
		return fmt.Errorf("%s: bad link %q: %w", f.name, pathOrURL, err)
	}
	target := ref.String()
	if !ref.IsAbs() {
		// Paths are under the base, which may itself have a path (tests).
		u := *f.base
		u.Path = strings.TrimRight(f.base.Path, "/") + ref.Path
		u.RawQuery = ref.RawQuery
		target = u.String()
	}
	delay := time.Second
	for attempt := 1; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		if err != nil {
			return err
		}
		f.auth(req)
		resp, err := f.http.Do(req)
		if err != nil {
			if ctx.Err() != nil || attempt >= f.attempts {
				return fmt.Errorf("%s: %w", f.name, err)
			}
		} else {
			body, readErr := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
			resp.Body.Close()
			switch {
			case resp.StatusCode == http.StatusOK && readErr == nil:
				if err := json.Unmarshal(body, out); err != nil {
					return fmt.Errorf("%s: decoding %s: %w", f.name, ref.Path, err)
				}
				return nil
			case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
				if attempt >= f.attempts {
					return &codedError{code: "source_unavailable", detail: fmt.Sprintf("%s answered %d to %s", f.name, resp.StatusCode, ref.Path)}
				}
				if secs, err := strconv.Atoi(strings.TrimSpace(resp.Header.Get("Retry-After"))); err == nil && secs >= 0 {
					delay = time.Duration(secs) * time.Second
				}
			default:
				return &codedError{code: "source_error", detail: fmt.Sprintf("%s answered %d to %s: %s", f.name, resp.StatusCode, ref.Path, oneLine(truncate(string(body), 200)))}
			}
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		delay = min(delay*2, time.Minute)
	}
}

// ---- Vimeo ----

// vimeoPage is one page of a Vimeo list.
type vimeoPage[T any] struct {
	Paging struct {
		Next *string `json:"next"`
	} `json:"paging"`
	Data []T `json:"data"`
}

type vimeoFolder struct {
	URI          string `json:"uri"`
	Name         string `json:"name"`
	ParentFolder *struct {
		URI string `json:"uri"`
	} `json:"parent_folder"`
	Metadata struct {
		Connections struct {
			ParentFolder *struct {
				URI string `json:"uri"`
			} `json:"parent_folder"`
		} `json:"connections"`
	} `json:"metadata"`
}

type vimeoFile struct {
	Quality string `json:"quality"`
	Type    string `json:"type"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Link    string `json:"link"`
	Size    int64  `json:"size"`
}

type vimeoVideo struct {
	URI          string      `json:"uri"`
	Name         string      `json:"name"`
	Description  *string     `json:"description"`
	Link         string      `json:"link"`
	Files        []vimeoFile `json:"files"`
	Download     []vimeoFile `json:"download"`
	ParentFolder *struct {
		URI string `json:"uri"`
	} `json:"parent_folder"`
}

// lastSegment is the id at the end of a Vimeo URI like /users/1/projects/7.
func lastSegment(uri string) string {
	uri = strings.TrimRight(uri, "/")
	return uri[strings.LastIndex(uri, "/")+1:]
}

// vimeoQualityRank orders Vimeo's quality names when widths are missing.
func vimeoQualityRank(q string) int {
	switch strings.ToLower(q) {
	case "source":
		return 5
	case "uhd", "4k":
		return 4
	case "hd":
		return 3
	case "sd":
		return 2
	case "mobile":
		return 1
	}
	return 0
}

// bestVimeoFile picks the widest progressive file (HLS and DASH links are
// playlists, not files), by quality name when widths tie or are missing.
func bestVimeoFile(files ...[]vimeoFile) (vimeoFile, bool) {
	var best vimeoFile
	found := false
	for _, list := range files {
		for _, f := range list {
			q := strings.ToLower(f.Quality)
			if f.Link == "" || q == "hls" || q == "dash" || strings.Contains(f.Type, "mpegurl") || strings.Contains(f.Type, "dash") {
				continue
			}
			if !found || f.Width > best.Width || (f.Width == best.Width && vimeoQualityRank(f.Quality) > vimeoQualityRank(best.Quality)) {
				best, found = f, true
			}
		}
	}
	return best, found
}

func cmdImportVimeo(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("import vimeo")
	var opts importOptions
	var token, base string
	opts.register(fs)
	fs.StringVar(&token, "token", "", "Vimeo personal access token (env VIMEO_TOKEN)")
	fs.StringVar(&base, "vimeo-base-url", "https://api.vimeo.com", "Vimeo API URL")
	if _, err := a.parseArgs(fs, args, "reel import vimeo --token TOKEN [--collection ID|NAME|PATH] [--state FILE] [--dry-run]", 0, 0); err != nil {
		return err
	}
	token = firstNonEmpty(token, a.getenv("VIMEO_TOKEN"))
	if token == "" {
		return usageErrorf("--token is required (a Vimeo access token with the private and video_files scopes)")
	}
	api, err := newForeignAPI("vimeo", base, func(r *http.Request) {
		r.Header.Set("Authorization", "bearer "+token)
		r.Header.Set("Accept", "application/vnd.vimeo.*+json;version=3.4")
	})
	if err != nil {
		return err
	}
	const fields = "uri,name,description,link,files,download,parent_folder"
	var folders []foreignFolder
	videoFolder := map[string]string{}
	var rawFolders []vimeoFolder
	if err := vimeoEach(ctx, api, "/me/folders?per_page=100&page=1", func(f vimeoFolder) { rawFolders = append(rawFolders, f) }); err != nil {
		return err
	}
	for _, f := range rawFolders {
		id := lastSegment(f.URI)
		parent := ""
		if f.ParentFolder != nil {
			parent = lastSegment(f.ParentFolder.URI)
		} else if p := f.Metadata.Connections.ParentFolder; p != nil {
			parent = lastSegment(p.URI)
		}
		folders = append(folders, foreignFolder{ID: id, Name: f.Name, Parent: parent})
		err := vimeoEach(ctx, api, "/me/folders/"+url.PathEscape(id)+"/videos?per_page=100&page=1&fields="+fields, func(v vimeoVideo) {
			videoFolder[lastSegment(v.URI)] = id
		})
		if err != nil {
			return err
		}
	}
	var videos []foreignVideo
	err = vimeoEach(ctx, api, "/me/videos?per_page=100&page=1&fields="+fields, func(v vimeoVideo) {
		id := lastSegment(v.URI)
		fv := foreignVideo{ID: id, Title: v.Name, Folder: videoFolder[id],
			Metadata: importMetadata("vimeo", id, map[string]string{"vimeo_link": v.Link})}
		if fv.Folder == "" && v.ParentFolder != nil {
			fv.Folder = lastSegment(v.ParentFolder.URI)
		}
		if v.Description != nil {
			fv.Description = *v.Description
		}
		if f, ok := bestVimeoFile(v.Files, v.Download); ok {
			fv.InputURL = f.Link
		} else {
			fv.Err = "no downloadable file (the token needs the video_files scope, or downloads are off)"
		}
		videos = append(videos, fv)
	})
	if err != nil {
		return err
	}
	im, err := a.newImporter(ctx, "vimeo:"+api.base.String()+":"+tokenFingerprint(token), opts)
	if err != nil {
		return err
	}
	return im.run(ctx, folders, videos)
}

// vimeoEach follows paging.next from first and calls fn for every item.
func vimeoEach[T any](ctx context.Context, api *foreignAPI, first string, fn func(T)) error {
	next := first
	for pages := 0; next != "" && pages < 10000; pages++ {
		var page vimeoPage[T]
		if err := api.get(ctx, next, &page); err != nil {
			return err
		}
		for _, item := range page.Data {
			fn(item)
		}
		next = ""
		if page.Paging.Next != nil {
			next = *page.Paging.Next
		}
	}
	return nil
}

// tokenFingerprint keys the import state by account without storing the
// token itself.
func tokenFingerprint(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:6])
}

// ---- Mux ----

type muxAsset struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Passthrough string `json:"passthrough"`
	Meta        struct {
		Title      string `json:"title"`
		CreatorID  string `json:"creator_id"`
		ExternalID string `json:"external_id"`
	} `json:"meta"`
	PlaybackIDs []struct {
		ID     string `json:"id"`
		Policy string `json:"policy"`
	} `json:"playback_ids"`
	StaticRenditions *struct {
		Status string `json:"status"`
		Files  []struct {
			Name       string `json:"name"`
			Ext        string `json:"ext"`
			Width      int    `json:"width"`
			Height     int    `json:"height"`
			Bitrate    int    `json:"bitrate"`
			Status     string `json:"status"`
			Resolution string `json:"resolution"`
		} `json:"files"`
	} `json:"static_renditions"`
}

type muxPage struct {
	Data       []muxAsset `json:"data"`
	NextCursor *string    `json:"next_cursor"`
}

// muxRenditionRank orders Mux's static rendition names.
func muxRenditionRank(name string) int {
	switch strings.TrimSuffix(strings.ToLower(name), ".mp4") {
	case "highest", "2160p":
		return 100
	case "1440p":
		return 90
	case "1080p":
		return 80
	case "high", "720p":
		return 70
	case "540p":
		return 60
	case "medium", "480p":
		return 50
	case "360p":
		return 40
	case "low", "270p":
		return 30
	}
	return 0
}

// muxInputURL picks the best static MP4 of a public playback id, else its
// HLS master playlist.
func muxInputURL(a muxAsset, streamBase string) (string, string) {
	playback := ""
	for _, p := range a.PlaybackIDs {
		if p.Policy == "public" {
			playback = p.ID
			break
		}
	}
	if playback == "" {
		return "", "no public playback id (signed assets cannot be fetched without a Mux signing key)"
	}
	if a.StaticRenditions != nil {
		best, bestScore := "", -1
		for _, f := range a.StaticRenditions.Files {
			if f.Name == "" || (f.Status != "" && f.Status != "ready") || (f.Ext != "" && f.Ext != "mp4") || strings.HasSuffix(f.Name, ".m4a") {
				continue
			}
			score := f.Width*f.Height + muxRenditionRank(f.Name)
			if score > bestScore {
				best, bestScore = f.Name, score
			}
		}
		if best != "" {
			return streamBase + "/" + playback + "/" + best, ""
		}
	}
	return streamBase + "/" + playback + ".m3u8", ""
}

func cmdImportMux(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("import mux")
	var opts importOptions
	var tokenID, tokenSecret, base, streamBase string
	var pageSize int
	opts.register(fs)
	fs.StringVar(&tokenID, "token-id", "", "Mux access token id (env MUX_TOKEN_ID)")
	fs.StringVar(&tokenSecret, "token-secret", "", "Mux access token secret (env MUX_TOKEN_SECRET)")
	fs.StringVar(&base, "mux-base-url", "https://api.mux.com", "Mux API URL")
	fs.StringVar(&streamBase, "mux-stream-url", "https://stream.mux.com", "Mux stream URL used in input_url")
	fs.IntVar(&pageSize, "page-size", 100, "assets per request")
	if _, err := a.parseArgs(fs, args, "reel import mux --token-id ID --token-secret SECRET [--collection ID|NAME|PATH] [--state FILE] [--dry-run]", 0, 0); err != nil {
		return err
	}
	tokenID = firstNonEmpty(tokenID, a.getenv("MUX_TOKEN_ID"))
	tokenSecret = firstNonEmpty(tokenSecret, a.getenv("MUX_TOKEN_SECRET"))
	if tokenID == "" || tokenSecret == "" {
		return usageErrorf("--token-id and --token-secret are required")
	}
	api, err := newForeignAPI("mux", base, func(r *http.Request) { r.SetBasicAuth(tokenID, tokenSecret) })
	if err != nil {
		return err
	}
	streamBase = strings.TrimRight(streamBase, "/")
	var videos []foreignVideo
	page, cursor := 1, ""
	for {
		q := url.Values{"limit": {strconv.Itoa(pageSize)}}
		if cursor != "" {
			q.Set("cursor", cursor)
		} else {
			q.Set("page", strconv.Itoa(page))
		}
		var p muxPage
		if err := api.get(ctx, "/video/v1/assets?"+q.Encode(), &p); err != nil {
			return err
		}
		for _, asset := range p.Data {
			title := firstNonEmpty(asset.Meta.Title, asset.Passthrough, asset.ID)
			fv := foreignVideo{ID: asset.ID, Title: title, Metadata: importMetadata("mux", asset.ID, map[string]string{
				"mux_passthrough": asset.Passthrough, "mux_external_id": asset.Meta.ExternalID, "mux_creator_id": asset.Meta.CreatorID,
			})}
			if asset.Status != "" && asset.Status != "ready" {
				fv.Err = "asset is " + asset.Status + ", not ready"
			} else {
				fv.InputURL, fv.Err = muxInputURL(asset, streamBase)
			}
			videos = append(videos, fv)
		}
		switch {
		case p.NextCursor != nil && *p.NextCursor != "":
			if *p.NextCursor == cursor {
				return &codedError{code: "source_error", detail: "mux repeated a cursor"}
			}
			cursor = *p.NextCursor
		case cursor == "" && len(p.Data) >= pageSize:
			page++
		default:
			im, err := a.newImporter(ctx, "mux:"+api.base.String()+":"+tokenID, opts)
			if err != nil {
				return err
			}
			return im.run(ctx, nil, videos)
		}
	}
}

// ---- another Reel server ----

func cmdImportReel(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("import reel")
	var opts importOptions
	var fromBase, fromKey string
	opts.register(fs)
	fs.StringVar(&fromBase, "from-base-url", "", "URL of the Reel server to import from")
	fs.StringVar(&fromKey, "from-api-key", "", "API key of that server (env REEL_FROM_API_KEY)")
	if _, err := a.parseArgs(fs, args, "reel import reel --from-base-url URL --from-api-key KEY [--collection ID|NAME|PATH] [--state FILE] [--dry-run]", 0, 0); err != nil {
		return err
	}
	fromKey = firstNonEmpty(fromKey, a.getenv("REEL_FROM_API_KEY"))
	if fromBase == "" || fromKey == "" {
		return usageErrorf("--from-base-url and --from-api-key are required")
	}
	fromBase, err := normalizeBaseURL(fromBase)
	if err != nil {
		return err
	}
	from := client.New(fromBase, fromKey, client.WithUserAgent("reel-cli/1 import"))
	var folders []foreignFolder
	for col, err := range from.CollectionsIter(ctx, client.ListCollectionsParams{}) {
		if err != nil {
			return fmt.Errorf("listing collections of %s: %w", fromBase, err)
		}
		folders = append(folders, foreignFolder{ID: col.ID, Name: col.Name, Parent: derefEmpty(col.Parent)})
	}
	kid, _ := apiKeyID(fromKey)
	var videos []foreignVideo
	for v, err := range from.VideosIter(ctx, client.ListVideosParams{Limit: 100}) {
		if err != nil {
			return fmt.Errorf("listing videos of %s: %w", fromBase, err)
		}
		fv := foreignVideo{ID: v.ID, Title: v.Title, Description: v.Description, Folder: derefEmpty(v.Collection),
			Policy: v.PlaybackPolicy, Metadata: importMetadata("reel", v.ID, v.Metadata)}
		best := bestRendition(v.Renditions)
		switch {
		case best == nil:
			fv.Err = "no MP4 rendition yet (the video is " + string(v.State) + ")"
		case v.PlaybackPolicy == "signed":
			// A signed video's files need a playback token: mint one that
			// lives long enough for the fetch.
			tok, err := tokens.SignPlayback(tokens.HMACKey{ID: kid, Secret: fromKey}, v.Embed, 24*time.Hour, nil)
			if err != nil {
				fv.Err = "cannot sign a playback token for a signed video: " + err.Error()
			} else {
				fv.InputURL = best.URL + "?token=" + url.QueryEscape(tok)
			}
		default:
			fv.InputURL = best.URL
		}
		videos = append(videos, fv)
	}
	im, err := a.newImporter(ctx, "reel:"+fromBase+":"+kid, opts)
	if err != nil {
		return err
	}
	return im.run(ctx, folders, videos)
}

func bestRendition(rs []client.Rendition) *client.Rendition {
	var best *client.Rendition
	for i := range rs {
		r := &rs[i]
		if r.URL == "" || !strings.HasSuffix(strings.SplitN(r.URL, "?", 2)[0], ".mp4") {
			continue
		}
		if best == nil || r.Width*r.Height > best.Width*best.Height ||
			(r.Width*r.Height == best.Width*best.Height && r.Bitrate > best.Bitrate) {
			best = r
		}
	}
	return best
}

func derefEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
