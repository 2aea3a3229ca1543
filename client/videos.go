package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// CreateVideo creates a video from a URL the server fetches.
func (c *Client) CreateVideo(ctx context.Context, in CreateVideoInput) (*Video, error) {
	var v Video
	if err := c.doJSON(ctx, http.MethodPost, "/v1/videos", nil, in, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// Video returns one video.
func (c *Client) Video(ctx context.Context, id string) (*Video, error) {
	var v Video
	if err := c.doJSON(ctx, http.MethodGet, "/v1/videos/"+pathEscape(id), nil, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// UpdateVideo changes the editable fields of a video.
func (c *Client) UpdateVideo(ctx context.Context, id string, in UpdateVideoInput) (*Video, error) {
	var v Video
	if err := c.doJSON(ctx, http.MethodPatch, "/v1/videos/"+pathEscape(id), nil, in, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// DeleteVideo deletes a video and its assets.
func (c *Client) DeleteVideo(ctx context.Context, id string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/videos/"+pathEscape(id), nil, nil, nil)
}

// ArchiveVideo hides a video and its assets until it is unarchived.
func (c *Client) ArchiveVideo(ctx context.Context, id string) (*Video, error) {
	var v Video
	if err := c.doJSON(ctx, http.MethodPost, "/v1/videos/"+pathEscape(id)+"/archive", nil, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// UnarchiveVideo makes an archived video visible again.
func (c *Client) UnarchiveVideo(ctx context.Context, id string) (*Video, error) {
	var v Video
	if err := c.doJSON(ctx, http.MethodPost, "/v1/videos/"+pathEscape(id)+"/unarchive", nil, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// ListVideos returns one page of videos.
func (c *Client) ListVideos(ctx context.Context, p ListVideosParams) (*Page[*Video], error) {
	q := url.Values{}
	setInt(q, "limit", p.Limit)
	setStr(q, "cursor", p.Cursor)
	setStr(q, "collection", p.Collection)
	setStr(q, "state", p.State)
	setStr(q, "q", p.Query)
	setStr(q, "order", p.Order)
	if p.Archived != nil {
		q.Set("archived", strconv.FormatBool(*p.Archived))
	}
	var page Page[*Video]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/videos", q, nil, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// VideosIter yields every video matching p, following next_cursor from
// p.Cursor on; p.Limit is the page size. It stops at the first error, which
// it yields with a nil video.
func (c *Client) VideosIter(ctx context.Context, p ListVideosParams) iter.Seq2[*Video, error] {
	return pages(func(cursor string) (*Page[*Video], error) {
		p.Cursor = cursor
		return c.ListVideos(ctx, p)
	}, p.Cursor)
}

// pages turns a page fetcher into an iterator over the items of every page.
func pages[T any](fetch func(cursor string) (*Page[T], error), cursor string) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for {
			page, err := fetch(cursor)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, item := range page.Data {
				if !yield(item, nil) {
					return
				}
			}
			// A server that repeats a cursor would loop us forever.
			if page.NextCursor == nil || *page.NextCursor == "" || *page.NextCursor == cursor {
				return
			}
			cursor = *page.NextCursor
		}
	}
}

func setStr(q url.Values, k, v string) {
	if v != "" {
		q.Set(k, v)
	}
}

func setInt(q url.Values, k string, v int) {
	if v != 0 {
		q.Set(k, strconv.Itoa(v))
	}
}

// WaitFor polls a video until it reaches target: WaitPlayable (playable is
// true), StateReady, or any other state. It returns a *VideoFailedError at
// once when the video becomes errored, and ctx's error when ctx ends first.
func (c *Client) WaitFor(ctx context.Context, id string, target State) (*Video, error) {
	return c.Watch(ctx, id, target, nil)
}

// Watch is WaitFor that calls observe with every polled version of the video
// (for showing progress).
func (c *Client) Watch(ctx context.Context, id string, target State, observe func(*Video)) (*Video, error) {
	delay := c.pollInterval
	for {
		v, err := c.Video(ctx, id)
		if err != nil {
			return nil, err
		}
		if observe != nil {
			observe(v)
		}
		if reached(v, target) {
			return v, nil
		}
		if v.State == StateErrored {
			failed := &VideoFailedError{Video: v}
			if v.Error != nil {
				failed.Code, failed.Message = v.Error.Code, v.Error.Message
			}
			return v, failed
		}
		if err := c.sleep(ctx, delay); err != nil {
			return v, err
		}
		delay = min(delay*3/2, c.pollMax)
	}
}

// reached reports whether v is at target. A ready video is also playable,
// and a playable one has passed uploaded.
func reached(v *Video, target State) bool {
	switch target {
	case WaitPlayable:
		return v.Playable || v.State == StateReady
	case StateUploaded:
		return v.State == StateUploaded || v.State == StateProcessing || v.State == StateReady
	case StateProcessing:
		return v.State == StateProcessing || v.State == StateReady
	}
	return v.State == target
}
