package videohost

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
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
}

// PlayerSettingNames lists the settings, named as the player's attributes.
var PlayerSettingNames = []string{"color", "controls", "subtitles", "active-subtitle", "autoplay", "muted", "loop", "start", "quality", "poster-time"}

// PlayerControls are the names the controls setting may list.
var PlayerControls = []string{"play", "time", "seek", "volume", "subtitles", "audiotracks", "chapters", "quality", "fullscreen", "rate", "pip", "airplay"}

var (
	playerColor     = regexp.MustCompile(`^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|[a-zA-Z]{3,30})$`)
	playerQuality   = regexp.MustCompile(`^(?:h264_)?(?:sd|hd|fhd|qhd|uhd)$|^[0-9]{2,4}$`)
	playerSubtitles = regexp.MustCompile(`^(?:all|original|off|[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*(?: [a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*)*)$`)
)

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
	return out
}

// IsZero reports whether no setting is set.
func (s PlayerSettings) IsZero() bool { return s == PlayerSettings{} }

// ApplyPatch applies a JSON merge patch (RFC 7396) to s: a setting with a
// value is set, checked; a setting with null is unset (it inherits again).
// Unknown names and malformed values are validation errors.
func (s *PlayerSettings) ApplyPatch(patch map[string]json.RawMessage) error {
	str := func(name string, raw json.RawMessage, dst **string, ok func(string) bool, want string) error {
		if IsNull(raw) {
			*dst = nil
			return nil
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil || !ok(v) {
			return Invalid(name, "must be %s", want)
		}
		*dst = &v
		return nil
	}
	boolean := func(name string, raw json.RawMessage, dst **bool) error {
		if IsNull(raw) {
			*dst = nil
			return nil
		}
		var v bool
		if err := json.Unmarshal(raw, &v); err != nil {
			return Invalid(name, "must be true, false or null")
		}
		*dst = &v
		return nil
	}
	seconds := func(name string, raw json.RawMessage, dst **float64) error {
		if IsNull(raw) {
			*dst = nil
			return nil
		}
		var v float64
		if err := json.Unmarshal(raw, &v); err != nil || v < 0 || v > 12*3600 {
			return Invalid(name, "must be a number of seconds from 0 to 43200, or null")
		}
		*dst = &v
		return nil
	}
	for name, raw := range patch {
		var err error
		switch name {
		case "color":
			err = str(name, raw, &s.Color, playerColor.MatchString, "a hex colour such as #ff5a36 or a colour name")
		case "controls":
			err = str(name, raw, &s.Controls, validControls, "a space-separated list of "+strings.Join(PlayerControls, ", ")+" (empty: no controls)")
			if err == nil && s.Controls != nil {
				c := strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(*s.Controls, ",", " "))), " ")
				s.Controls = &c
			}
		case "subtitles":
			err = str(name, raw, &s.Subtitles, playerSubtitles.MatchString, "all, original, off or language tags separated by spaces")
		case "active-subtitle":
			err = str(name, raw, &s.ActiveSubtitle, func(v string) bool { return v == "off" || v == "original" || ValidLanguage(v) }, "a language tag, original or off")
		case "autoplay":
			err = boolean(name, raw, &s.Autoplay)
		case "muted":
			err = boolean(name, raw, &s.Muted)
		case "loop":
			err = boolean(name, raw, &s.Loop)
		case "start":
			err = seconds(name, raw, &s.Start)
		case "poster-time":
			err = seconds(name, raw, &s.PosterTime)
		case "quality":
			err = str(name, raw, &s.Quality, playerQuality.MatchString, "sd, hd, fhd, qhd, uhd or a number of pixels")
		default:
			err = Invalid(name, "is not a player setting (%s)", strings.Join(PlayerSettingNames, ", "))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// IsNull reports whether raw is JSON null: a patch's way of clearing a
// field (player settings here, quotas in videohost/spaceadmin).
func IsNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

func validControls(v string) bool {
	if len(v) > 200 {
		return false
	}
	for _, c := range strings.Fields(strings.ToLower(strings.ReplaceAll(v, ",", " "))) {
		known := false
		for _, k := range PlayerControls {
			known = known || c == k
		}
		if !known {
			return false
		}
	}
	return true
}

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
