package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/client"
)

func cmdVideosUpload(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("videos upload")
	var opts client.UploadOptions
	var w waitOptions
	var chunkMiB int
	var uploadToken string
	fs.StringVar(&opts.Title, "title", "", "title (default: the file name)")
	fs.StringVar(&opts.Collection, "collection", "", collectionFlagUsage+" (an id when uploading with an upload token)")
	fs.IntVar(&chunkMiB, "chunk-size", 8, "`MIB` per request")
	fs.StringVar(&uploadToken, "upload-token", "", "upload with an upload `TOKEN` (reel tokens upload) instead of an API key (env REEL_UPLOAD_TOKEN)")
	w.register(fs)
	const usage = "reel videos upload <file> [--wait[=playable|ready]] [--collection ID|NAME|PATH] [--title T] [--timeout D] [--chunk-size MIB] [--upload-token TOKEN]"
	pos, err := a.parseArgs(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	if chunkMiB < 1 {
		return usageErrorf("--chunk-size must be at least 1 (MiB)")
	}
	opts.ChunkSize = int64(chunkMiB) << 20
	// Bad input is reported before anything asks for credentials.
	if _, _, err := checkUploadFile(pos[0]); err != nil {
		return err
	}
	baseURL, apiKey, err := a.server()
	if err != nil {
		return err
	}
	uploadToken = firstNonEmpty(uploadToken, a.getenv("REEL_UPLOAD_TOKEN"))
	// An upload token passed where a key goes is taken for what it is: it
	// may upload, but it cannot read the video back.
	if uploadToken == "" && looksLikeToken(apiKey) {
		uploadToken, apiKey = apiKey, ""
	}
	if uploadToken == "" && apiKey == "" {
		_, _, err := a.credentials()
		return err
	}
	if apiKey == "" && w.wait.target != "" {
		return usageErrorf("--wait reads the video back, which needs an API key (reel login, --api-key or REEL_API_KEY): an upload token can only upload")
	}
	// Names need the API key to list collections; an upload token can
	// only pass the value on, as an id.
	if apiKey != "" {
		if opts.Collection, err = resolveCollection(ctx, newCLIClient(baseURL, apiKey), "--collection", opts.Collection); err != nil {
			return err
		}
	}
	uploader := newCLIClient(baseURL, firstNonEmpty(uploadToken, apiKey))
	res, err := a.uploadFile(ctx, uploader, pos[0], opts)
	if err != nil {
		return err
	}
	if apiKey == "" {
		return a.print(uploadedVideo{ID: res.VideoID, UploadURL: res.URL, Size: res.Size, Resumed: res.Resumed}, nil)
	}
	c := newCLIClient(baseURL, apiKey)
	v, err := c.Video(ctx, res.VideoID)
	if err != nil {
		return err
	}
	if v, err = a.waitIfAsked(ctx, c, v, w); err != nil {
		return err
	}
	return a.print(v, videosTable([]*client.Video{v}))
}

// uploadedVideo is what an upload with an upload token prints: the token
// cannot read the video, so only what the upload itself told.
type uploadedVideo struct {
	ID        string `json:"id"`
	UploadURL string `json:"upload_url"`
	Size      int64  `json:"size"`
	Resumed   bool   `json:"resumed"`
}

// looksLikeToken reports whether credential is a compact JWS (three
// dot-separated parts) rather than an API key (rk_...).
func looksLikeToken(credential string) bool {
	return !strings.HasPrefix(credential, "rk_") && strings.Count(credential, ".") == 2
}

// uploadFile uploads path with a progress bar, resuming an earlier
// interrupted upload of the same file to the same server.
func (a *app) uploadFile(ctx context.Context, c *client.Client, path string, opts client.UploadOptions) (*client.UploadResult, error) {
	abs, fi, err := checkUploadFile(path)
	if err != nil {
		return nil, err
	}
	if opts.Title == "" {
		opts.Title = strings.TrimSuffix(fi.Name(), filepath.Ext(fi.Name()))
	}
	store, err := a.uploadStore()
	if err != nil {
		return nil, err
	}
	key := uploadKey(abs, fi, c.BaseURL())
	saved, _ := store.get(key)
	var savedVideo string
	if saved != nil {
		opts.ResumeURL, savedVideo = saved.URL, saved.VideoID
	}
	opts.OnCreate = func(url, videoID string) {
		// Saved before the first byte leaves, so that an interrupt at any
		// point is resumable.
		if err := store.put(key, &savedUpload{URL: url, VideoID: videoID, Path: abs, Size: fi.Size(), Server: c.BaseURL(), CreatedAt: time.Now().UTC()}); err != nil {
			fmt.Fprintf(a.stderr, "reel: warning: cannot save the upload for resuming: %v\n", err)
		}
		savedVideo = videoID
	}
	bar := a.newUploadBar(fi.Size(), filepath.Base(abs))
	opts.Progress = func(sent, _ int64) { bar.set(sent) }
	res, err := c.UploadFile(ctx, abs, opts)
	bar.finish()
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(a.stderr, "reel: upload interrupted; run the same command again to resume it")
		}
		if client.ErrorCode(err) == "payload_too_large" {
			return nil, tooLarge(ctx, c, path, fi.Size(), err)
		}
		return nil, err
	}
	if res.VideoID == "" {
		res.VideoID = savedVideo
	}
	if res.VideoID == "" {
		return nil, &codedError{code: "internal", detail: "the server did not say which video the upload belongs to (no Reel-Video-Id)"}
	}
	_ = store.remove(key)
	return res, nil
}

// tooLarge explains a refused upload with the sizes that matter: the
// file's and the server's limit, which tusd's own words leave out.
func tooLarge(ctx context.Context, c *client.Client, path string, size int64, err error) error {
	limit, limitErr := c.UploadMaxSize(ctx)
	switch {
	case limitErr == nil && limit > 0 && size > limit:
		return &codedError{code: "payload_too_large", detail: fmt.Sprintf("%s is %s; this server accepts uploads of at most %s", path, humanBytes(size), humanBytes(limit))}
	case limitErr == nil && limit > 0:
		// The file fits: something else was too large.
		return err
	}
	var apiErr *client.Error
	errors.As(err, &apiErr)
	return &codedError{code: "payload_too_large", detail: fmt.Sprintf("%s is %s, more than this server accepts (%s)", path, humanBytes(size), apiErr.Detail)}
}

// checkUploadFile refuses a missing file, a folder or a device with a
// usage error, before any request, and returns the absolute path and the file's details.
func checkUploadFile(path string) (string, os.FileInfo, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", nil, fmt.Errorf("resolving %s: %w", path, err)
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil, usageErrorf("no such file: %s", path)
	case err != nil:
		return "", nil, fmt.Errorf("reading %s: %w", path, err)
	case fi.IsDir():
		return "", nil, usageErrorf("%s is a folder, not a video file (reel import dir uploads a folder)", path)
	case !fi.Mode().IsRegular():
		return "", nil, usageErrorf("%s is not a regular file", path)
	}
	return abs, fi, nil
}

// uploadKey identifies one version of one file sent to one server.
func uploadKey(abs string, fi os.FileInfo, server string) string {
	h := sha256.New()
	for _, part := range []string{abs, strconv.FormatInt(fi.Size(), 10), strconv.FormatInt(fi.ModTime().UnixNano(), 10), server} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// savedUpload is what resumes an interrupted upload.
type savedUpload struct {
	URL       string    `json:"url"`
	VideoID   string    `json:"video_id"`
	Path      string    `json:"path"`
	Size      int64     `json:"size"`
	Server    string    `json:"server"`
	CreatedAt time.Time `json:"created_at"`
}

// uploadStore is the file uploads.json in the config folder.
type uploadStore struct{ path string }

func (a *app) uploadStore() (*uploadStore, error) {
	dir, err := a.configDir()
	if err != nil {
		return nil, err
	}
	return &uploadStore{path: filepath.Join(dir, "uploads.json")}, nil
}

func (s *uploadStore) load() (map[string]*savedUpload, error) {
	m := map[string]*savedUpload{}
	if err := readJSONFile(s.path, &m); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return m, nil
}

func (s *uploadStore) get(key string) (*savedUpload, error) {
	m, err := s.load()
	if err != nil {
		return nil, err
	}
	return m[key], nil
}

// maxSavedUploadAge drops entries the server has long expired anyway.
const maxSavedUploadAge = 7 * 24 * time.Hour

func (s *uploadStore) put(key string, u *savedUpload) error {
	m, err := s.load()
	if err != nil {
		m = map[string]*savedUpload{}
	}
	for k, old := range m {
		if time.Since(old.CreatedAt) > maxSavedUploadAge {
			delete(m, k)
		}
	}
	m[key] = u
	return writeJSONFile(s.path, m, 0o600)
}

func (s *uploadStore) remove(key string) error {
	m, err := s.load()
	if err != nil {
		return err
	}
	if _, ok := m[key]; !ok {
		return nil
	}
	delete(m, key)
	return writeJSONFile(s.path, m, 0o600)
}
