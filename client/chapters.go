package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// Chapter is one chapter of a video: where it starts, in seconds, and its
// title. A chapter ends where the next begins, the last at the video's end.
type Chapter struct {
	Start float64 `json:"start"`
	Title string  `json:"title"`
}

// maxChaptersBytes is the server's limit on a chapter list (1 MiB).
const maxChaptersBytes = 1 << 20

// Content types PutChapters takes.
const (
	ChaptersWebVTT = "text/vtt"         // WebVTT chapters: each cue's text is a title
	ChaptersJSON   = "application/json" // [{"start": seconds, "title": "…"}]
)

// SetChapters replaces the chapters of a video and returns the video. The
// server checks them: starts ≥ 0, strictly increasing and before the end of
// the video; titles of 1 to 200 characters; at most 500 chapters.
func (c *Client) SetChapters(ctx context.Context, videoID string, chapters []Chapter) (*Video, error) {
	if chapters == nil {
		chapters = []Chapter{}
	}
	body, err := json.Marshal(chapters)
	if err != nil {
		return nil, fmt.Errorf("encoding chapters: %w", err)
	}
	return c.PutChapters(ctx, videoID, ChaptersJSON, bytes.NewReader(body))
}

// PutChapters replaces the chapters of a video with a file: WebVTT chapters
// (contentType ChaptersWebVTT) or a JSON list (ChaptersJSON). The body is
// held in memory so that a retried PUT can send it again.
func (c *Client) PutChapters(ctx context.Context, videoID, contentType string, body io.Reader) (*Video, error) {
	data, err := io.ReadAll(io.LimitReader(body, maxChaptersBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading chapters: %w", err)
	}
	if len(data) > maxChaptersBytes {
		return nil, fmt.Errorf("chapters larger than %d bytes", maxChaptersBytes)
	}
	resp, err := c.do(ctx, request{
		method: http.MethodPut, body: data, contentType: contentType,
		path: "/v1/videos/" + pathEscape(videoID) + "/chapters",
	})
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var v Video
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return nil, fmt.Errorf("put chapters: decoding answer: %w", err)
	}
	return &v, nil
}

// Chapters lists the chapters of a video, sorted by start; empty when it
// has none.
func (c *Client) Chapters(ctx context.Context, videoID string) ([]Chapter, error) {
	var page Page[Chapter]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/videos/"+pathEscape(videoID)+"/chapters", nil, nil, &page); err != nil {
		return nil, err
	}
	if page.Data == nil {
		page.Data = []Chapter{}
	}
	return page.Data, nil
}

// DeleteChapters removes every chapter of a video; a video without chapters
// is a not_found error.
func (c *Client) DeleteChapters(ctx context.Context, videoID string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/videos/"+pathEscape(videoID)+"/chapters", nil, nil, nil)
}
