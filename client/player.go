package client

import (
	"context"
	"net/http"
)

// PlayerSettings are the defaults <reel-player> takes for a scope, named
// after its attributes ("color", "controls", "subtitles",
// "active-subtitle", "autoplay", "muted", "loop", "start", "quality",
// "poster-time", "codecs"). A setting absent from a scope inherits: the space, then
// each collection from the top down, then the video; a page attribute
// always wins.
type PlayerSettings map[string]any

// PlayerSettingsView is a scope's settings: its own, what it inherits, and
// the two resolved (what an embed of it gets).
type PlayerSettingsView struct {
	Scope     string         `json:"scope"` // space, collection or video
	ID        string         `json:"id"`
	Settings  PlayerSettings `json:"settings"`
	Inherited PlayerSettings `json:"inherited"`
	Resolved  PlayerSettings `json:"resolved"`
}

// Player scope kinds for PlayerSettings and UpdatePlayerSettings.
const (
	PlayerScopeSpace      = "space"
	PlayerScopeCollection = "collection"
	PlayerScopeVideo      = "video"
)

func playerPath(scope, id string) string {
	switch scope {
	case PlayerScopeCollection:
		return "/v1/collections/" + pathEscape(id) + "/player"
	case PlayerScopeVideo:
		return "/v1/videos/" + pathEscape(id) + "/player"
	}
	return "/v1/space/player"
}

// PlayerSettings returns the player settings of the space (id ignored), a
// collection or a video.
func (c *Client) PlayerSettings(ctx context.Context, scope, id string) (*PlayerSettingsView, error) {
	var v PlayerSettingsView
	if err := c.doJSON(ctx, http.MethodGet, playerPath(scope, id), nil, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// UpdatePlayerSettings changes settings of a scope: each key of patch with a
// value sets that setting, each with nil unsets it (it inherits again);
// others are kept.
func (c *Client) UpdatePlayerSettings(ctx context.Context, scope, id string, patch PlayerSettings) (*PlayerSettingsView, error) {
	var v PlayerSettingsView
	if err := c.doJSON(ctx, http.MethodPatch, playerPath(scope, id), nil, map[string]any(patch), &v); err != nil {
		return nil, err
	}
	return &v, nil
}
