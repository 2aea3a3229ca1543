package videohost

import (
	"bytes"
	"context"
	"encoding/json"
)

// PlayerSettings are the defaults <reel-player> takes for the videos of a
// scope: the space, a collection (and the collections nested in it) or one
// video. Each field is named after the player's attribute; a nil field is
// not set at this scope and inherits. The embed lookup carries the
// resolved settings (space, then each collection from the top down, then
// the video: the nearest scope wins), and the player applies each one the
// page did not set itself: an attribute always wins.
//
// There is no theme: a theme is a script module the player imports, and a
// stored one would let whoever holds a key run script on every page that
// embeds the player. A page sets `theme` itself.
type PlayerSettings struct {
	Color          *string  `json:"color,omitempty"`
	Controls       *string  `json:"controls,omitempty"`
	Subtitles      *string  `json:"subtitles,omitempty"`
	ActiveSubtitle *string  `json:"active-subtitle,omitempty"`
	Autoplay       *bool    `json:"autoplay,omitempty"`
	Muted          *bool    `json:"muted,omitempty"`
	Loop           *bool    `json:"loop,omitempty"`
	Start          *float64 `json:"start,omitempty"`
	Quality        *string  `json:"quality,omitempty"`
	PosterTime     *float64 `json:"poster-time,omitempty"`
	// Codecs is the video codecs the player prefers, most wanted first
	// ("av1,h264"), for a video encoded in several (a codec policy).
	Codecs *string `json:"codecs,omitempty"`
}

// Over returns s with each field it leaves unset taken from base.
func (s PlayerSettings) Over(base PlayerSettings) PlayerSettings {
	out := base
	if s.Color != nil {
		out.Color = s.Color
	}
	if s.Controls != nil {
		out.Controls = s.Controls
	}
	if s.Subtitles != nil {
		out.Subtitles = s.Subtitles
	}
	if s.ActiveSubtitle != nil {
		out.ActiveSubtitle = s.ActiveSubtitle
	}
	if s.Autoplay != nil {
		out.Autoplay = s.Autoplay
	}
	if s.Muted != nil {
		out.Muted = s.Muted
	}
	if s.Loop != nil {
		out.Loop = s.Loop
	}
	if s.Start != nil {
		out.Start = s.Start
	}
	if s.Quality != nil {
		out.Quality = s.Quality
	}
	if s.PosterTime != nil {
		out.PosterTime = s.PosterTime
	}
	if s.Codecs != nil {
		out.Codecs = s.Codecs
	}
	return out
}

// IsZero reports whether no setting is set.
func (s PlayerSettings) IsZero() bool { return s == PlayerSettings{} }

// IsNull reports whether raw is JSON null: a patch's way of clearing a
// field (player settings here, quotas in videohost/spaceadmin).
func IsNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

// Player setting scopes.
const (
	PlayerScopeSpace      = "space"
	PlayerScopeCollection = "collection"
	PlayerScopeVideo      = "video"
)

// PlayerScope names where settings are kept: the space, a collection or a
// video, by kind and id.
type PlayerScope struct {
	Kind string
	ID   string
}

// PlayerSettingsStore is the store's player settings, or EUnavailable
// naming them, for videohost/playeradmin, which manages them.
func (s *Service) PlayerSettingsStore() (PlayerSettingsStore, error) {
	return need(s.caps.players, "player settings", "store")
}

// MaxCollectionDepth bounds the walks up the collection tree (player
// settings here, a token's scope in videohost/access): a corrupt parent
// cycle must not loop forever.
const MaxCollectionDepth = 64

// CollectionChain prepends to chain the collection and those above it,
// then the space: the scopes whose player settings apply, from the top.
func (s *Service) CollectionChain(ctx context.Context, space, collection string, chain []PlayerScope) ([]PlayerScope, error) {
	for depth := 0; collection != "" && depth < MaxCollectionDepth; depth++ {
		chain = append([]PlayerScope{{PlayerScopeCollection, collection}}, chain...)
		c, err := s.store.Collection(ctx, space, collection)
		if IsNotFound(err) {
			break
		}
		if err != nil {
			return nil, err
		}
		collection = ""
		if c.Parent != nil {
			collection = *c.Parent
		}
	}
	return append([]PlayerScope{{PlayerScopeSpace, space}}, chain...), nil
}

// ResolvedPlayer is the settings an embed of v gets; none where the store
// keeps none, and none rather than a failed lookup when reading them fails
// (the page still plays, with its own attributes).
func (s *Service) ResolvedPlayer(ctx context.Context, v *Video) PlayerSettings {
	ps := s.caps.players
	if ps == nil {
		return PlayerSettings{} // an embed plays with its own attributes
	}
	collection := ""
	if v.Collection != nil {
		collection = *v.Collection
	}
	scope := PlayerScope{PlayerScopeVideo, v.ID}
	chain, err := s.CollectionChain(ctx, v.Space, collection, []PlayerScope{scope})
	var got map[PlayerScope]PlayerSettings
	if err == nil {
		got, err = ps.PlayerSettings(ctx, v.Space, chain)
	}
	if err != nil {
		s.log.WarnContext(ctx, "player settings unavailable for an embed", "video", v.ID, "err", err)
		return PlayerSettings{}
	}
	var out PlayerSettings
	for _, sc := range chain {
		out = got[sc].Over(out)
	}
	return out
}
