package client

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
)

// AudioTrackInput describes an audio track to add to a ready video.
type AudioTrackInput struct {
	Label string // the name players show; "" lets the server choose
	Kind  string // "main", "dub" (the server's default) or "description"
}

// PutAudioTrack adds or replaces the added audio track of one language
// (a dub, an audio description) of a ready video from a media file with an
// audio stream, streamed from disk (the server takes up to 2 GiB). The
// answer is the video with the track in state "processing": the server
// encodes it once and publishes it; WaitForAudioTrack waits for that.
func (c *Client) PutAudioTrack(ctx context.Context, videoID, language, path string, in AudioTrackInput) (*Video, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	setStr(q, "label", in.Label)
	setStr(q, "kind", in.Kind)
	resp, err := c.do(ctx, request{
		method: http.MethodPut, query: q, file: f, size: fi.Size(), contentType: "application/octet-stream",
		path: "/v1/videos/" + pathEscape(videoID) + "/audio-tracks/" + pathEscape(language),
	})
	if err != nil {
		return nil, err
	}
	return decodeVideo(resp, "put audio track")
}

// DeleteAudioTrack removes the added audio track of one language (a track
// of the source cannot be removed: conflict).
func (c *Client) DeleteAudioTrack(ctx context.Context, videoID, language string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/videos/"+pathEscape(videoID)+"/audio-tracks/"+pathEscape(language), nil, nil, nil)
}

// SetPosterImage makes a ready video's poster from a JPEG, PNG or WebP
// image (at most 16 MiB and 4096 pixels a side). contentType may be ""
// (the server looks at the bytes).
func (c *Client) SetPosterImage(ctx context.Context, videoID, path, contentType string) (*Video, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	resp, err := c.do(ctx, request{
		method: http.MethodPut, file: f, size: fi.Size(), contentType: contentType,
		path: "/v1/videos/" + pathEscape(videoID) + "/poster",
	})
	if err != nil {
		return nil, err
	}
	return decodeVideo(resp, "set poster")
}

// SetPosterTime makes a ready video's poster from the frame at seconds.
func (c *Client) SetPosterTime(ctx context.Context, videoID string, seconds float64) (*Video, error) {
	var v Video
	err := c.doJSON(ctx, http.MethodPut, "/v1/videos/"+pathEscape(videoID)+"/poster", nil, map[string]float64{"time": seconds}, &v)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// WaitForAudioTrack polls the video until its added track of language is
// no longer processing, and returns the video; an errored track is an
// error carrying its code.
func (c *Client) WaitForAudioTrack(ctx context.Context, videoID, language string) (*Video, error) {
	for {
		v, err := c.Video(ctx, videoID)
		if err != nil {
			return nil, err
		}
		found := false
		for _, a := range v.AudioTracks {
			if !a.Added || a.Language != language {
				continue
			}
			found = true
			switch a.State {
			case "ready":
				return v, nil
			case "errored":
				code, msg := "", ""
				if a.Error != nil {
					code, msg = a.Error.Code, a.Error.Message
				}
				return v, &Error{Code: code, Detail: fmt.Sprintf("the %s audio track could not be added: %s", language, msg)}
			}
		}
		if !found {
			return v, fmt.Errorf("video %s has no added %s audio track", videoID, language)
		}
		if err := c.sleep(ctx, c.pollInterval); err != nil {
			return nil, err
		}
	}
}

func decodeVideo(resp *http.Response, op string) (*Video, error) {
	defer resp.Body.Close()
	var v Video
	if err := json.NewDecoder(io.LimitReader(resp.Body, 16<<20)).Decode(&v); err != nil {
		return nil, fmt.Errorf("%s: decoding answer: %w", op, err)
	}
	return &v, nil
}
