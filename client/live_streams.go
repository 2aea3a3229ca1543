package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
)

// CreateLiveStream creates a live stream. The answer holds its stream key,
// which the server never shows again.
func (c *Client) CreateLiveStream(ctx context.Context, in LiveStreamInput) (*LiveStream, error) {
	var ls LiveStream
	if err := c.doJSON(ctx, http.MethodPost, "/v1/live-streams", nil, in, &ls); err != nil {
		return nil, err
	}
	return &ls, nil
}

// LiveStream returns one live stream, without its key.
func (c *Client) LiveStream(ctx context.Context, id string) (*LiveStream, error) {
	var ls LiveStream
	if err := c.doJSON(ctx, http.MethodGet, "/v1/live-streams/"+pathEscape(id), nil, nil, &ls); err != nil {
		return nil, err
	}
	return &ls, nil
}

// LiveStreamStats returns the live stats of a stream's current session's
// video, or of its last session's between sessions: viewers now, peak,
// watch time and latency p50/p95.
func (c *Client) LiveStreamStats(ctx context.Context, id string) (*LiveStats, error) {
	var st LiveStats
	if err := c.doJSON(ctx, http.MethodGet, "/v1/live-streams/"+pathEscape(id)+"/stats", nil, nil, &st); err != nil {
		return nil, err
	}
	return &st, nil
}

// UpdateLiveStream changes the settings set in in.
func (c *Client) UpdateLiveStream(ctx context.Context, id string, in LiveStreamInput) (*LiveStream, error) {
	var ls LiveStream
	if err := c.doJSON(ctx, http.MethodPatch, "/v1/live-streams/"+pathEscape(id), nil, in, &ls); err != nil {
		return nil, err
	}
	return &ls, nil
}

// DeleteLiveStream deletes a live stream; one that is live is a conflict
// (stop the publisher first).
func (c *Client) DeleteLiveStream(ctx context.Context, id string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/live-streams/"+pathEscape(id), nil, nil, nil)
}

// ResetLiveStreamKey gives a live stream a new key, in the answer and
// never again; the old key stops working at once. Like every POST it is
// not retried after a 5xx or a dropped connection, which may have made a
// key already.
func (c *Client) ResetLiveStreamKey(ctx context.Context, id string) (*LiveStream, error) {
	var ls LiveStream
	if err := c.doJSON(ctx, http.MethodPost, "/v1/live-streams/"+pathEscape(id)+"/reset-key", nil, nil, &ls); err != nil {
		return nil, err
	}
	return &ls, nil
}

// ListLiveStreams returns one page of the space's live streams, by id.
func (c *Client) ListLiveStreams(ctx context.Context, p ListParams) (*Page[*LiveStream], error) {
	q := url.Values{}
	setInt(q, "limit", p.Limit)
	setStr(q, "cursor", p.Cursor)
	var page Page[*LiveStream]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/live-streams", q, nil, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// LiveStreamsIter yields every live stream of the space across pages.
func (c *Client) LiveStreamsIter(ctx context.Context, p ListParams) iter.Seq2[*LiveStream, error] {
	return pages(func(cursor string) (*Page[*LiveStream], error) {
		p.Cursor = cursor
		return c.ListLiveStreams(ctx, p)
	}, p.Cursor)
}
