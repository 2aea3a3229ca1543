package client

import (
	"context"
	"net/http"
)

// CodecRules maps a codec ("h264", "hevc", "av1") to its rule: "all",
// "none", ">=720p", "<=1080p", optionally followed by "after K views". In
// an update, a nil rule unsets the codec at that scope (it inherits
// again).
type CodecRules map[string]*string

// CodecPolicyView is a scope's codec policy: its own rules, those it
// inherits (space, then each collection from the top down; the nearest
// scope wins, codec by codec), and the policy they make, every codec
// named.
type CodecPolicyView struct {
	Scope     string            `json:"scope"` // space, collection or video
	ID        string            `json:"id"`
	Rules     map[string]string `json:"rules"`
	Inherited map[string]string `json:"inherited"`
	Resolved  map[string]string `json:"resolved"`
	// Video is what a video has of its policy; set for a video's scope.
	Video *CodecState `json:"video,omitempty"`
	// Queued is, after an update, the ready videos a job was queued for
	// to add the codecs they now lack.
	Queued *int `json:"queued,omitempty"`
}

// CodecState is a video's effective codec policy and what it has of it
// (Video.CodecPolicy, CodecPolicyView.Video).
type CodecState struct {
	Rules   map[string]string `json:"rules"`
	Encoded []string          `json:"encoded"`
	// Waiting are the codecs held back until the views pass their
	// threshold; NextThreshold is the lowest among them.
	Waiting []string `json:"waiting"`
	// Missing are the codecs due and not encoded yet: a job adds them.
	Missing       []string `json:"missing"`
	Views         int64    `json:"views"`
	NextThreshold int64    `json:"next_threshold,omitempty"`
	// Savings is, per codec other than H.264, the share of bytes its
	// renditions save against the H.264 ones of the same rungs (0.3: 30 %
	// fewer).
	Savings map[string]float64 `json:"savings,omitempty"`
}

func codecsPath(scope, id string) string {
	switch scope {
	case PlayerScopeCollection:
		return "/v1/collections/" + pathEscape(id) + "/codecs"
	case PlayerScopeVideo:
		return "/v1/videos/" + pathEscape(id) + "/codecs"
	}
	return "/v1/space/codecs"
}

// CodecPolicy returns the codec policy of the space (id ignored), a
// collection or a video (scope as for PlayerSettings).
func (c *Client) CodecPolicy(ctx context.Context, scope, id string) (*CodecPolicyView, error) {
	var v CodecPolicyView
	if err := c.doJSON(ctx, http.MethodGet, codecsPath(scope, id), nil, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// UpdateCodecPolicy changes rules of a scope: each codec of patch with a
// rule sets it, each with nil unsets it; others are kept. A refused rule
// is an *Error with code invalid_codec_policy naming the codec in Fields.
func (c *Client) UpdateCodecPolicy(ctx context.Context, scope, id string, patch CodecRules) (*CodecPolicyView, error) {
	var v CodecPolicyView
	if err := c.doJSON(ctx, http.MethodPatch, codecsPath(scope, id), nil, map[string]*string(patch), &v); err != nil {
		return nil, err
	}
	return &v, nil
}
