package playeradmin

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/reelvideo/reel/internal/codecpolicy"
	"github.com/reelvideo/reel/videohost"
)

// The rules of a settings patch from the API. The PlayerSettings type and
// how scopes combine (Over) are the domain's; what a patch may say is this
// room's, the only one that reads patches.

// playerSettingNames lists the settings, named as the player's attributes.
var playerSettingNames = []string{"color", "controls", "subtitles", "active-subtitle", "autoplay", "muted", "loop", "start", "quality", "poster-time", "codecs"}

// playerControls are the names the controls setting may list.
var playerControls = []string{"play", "time", "seek", "volume", "subtitles", "audiotracks", "chapters", "quality", "fullscreen", "rate", "pip", "airplay"}

var (
	playerColor     = regexp.MustCompile(`^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|[a-zA-Z]{3,30})$`)
	playerQuality   = regexp.MustCompile(`^(?:h264_)?(?:sd|hd|fhd|qhd|uhd)$|^[0-9]{2,4}$`)
	playerSubtitles = regexp.MustCompile(`^(?:all|original|off|[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*(?: [a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*)*)$`)
)

// applyPatch applies a JSON merge patch (RFC 7396) to s: a setting with a
// value is set, checked; a setting with null is unset (it inherits again).
// Unknown names and malformed values are validation errors.
func applyPatch(s *videohost.PlayerSettings, patch map[string]json.RawMessage) error {
	str := func(name string, raw json.RawMessage, dst **string, ok func(string) bool, want string) error {
		if videohost.IsNull(raw) {
			*dst = nil
			return nil
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil || !ok(v) {
			return videohost.Invalid(name, "must be %s", want)
		}
		*dst = &v
		return nil
	}
	boolean := func(name string, raw json.RawMessage, dst **bool) error {
		if videohost.IsNull(raw) {
			*dst = nil
			return nil
		}
		var v bool
		if err := json.Unmarshal(raw, &v); err != nil {
			return videohost.Invalid(name, "must be true, false or null")
		}
		*dst = &v
		return nil
	}
	seconds := func(name string, raw json.RawMessage, dst **float64) error {
		if videohost.IsNull(raw) {
			*dst = nil
			return nil
		}
		var v float64
		if err := json.Unmarshal(raw, &v); err != nil || v < 0 || v > 12*3600 {
			return videohost.Invalid(name, "must be a number of seconds from 0 to 43200, or null")
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
			err = str(name, raw, &s.Controls, validControls, "a space-separated list of "+strings.Join(playerControls, ", ")+" (empty: no controls)")
			if err == nil && s.Controls != nil {
				c := strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(*s.Controls, ",", " "))), " ")
				s.Controls = &c
			}
		case "subtitles":
			err = str(name, raw, &s.Subtitles, playerSubtitles.MatchString, "all, original, off or language tags separated by spaces")
		case "active-subtitle":
			err = str(name, raw, &s.ActiveSubtitle, func(v string) bool { return v == "off" || v == "original" || videohost.ValidLanguage(v) }, "a language tag, original or off")
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
		case "codecs":
			err = str(name, raw, &s.Codecs, validCodecs, "codecs separated by commas, most wanted first: h264, hevc, av1")
			if err == nil && s.Codecs != nil {
				c := strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(*s.Codecs, ",", " "))), ",")
				s.Codecs = &c
			}
		default:
			err = videohost.Invalid(name, "is not a player setting (%s)", strings.Join(playerSettingNames, ", "))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// validCodecs accepts a preference of video codecs ("av1,h264"), each
// once: what <reel-player>'s codecs attribute takes.
func validCodecs(v string) bool {
	names := strings.Fields(strings.ToLower(strings.ReplaceAll(v, ",", " ")))
	if len(names) == 0 {
		return false
	}
	seen := map[string]bool{}
	for _, n := range names {
		if !slices.Contains(codecpolicy.Names(), n) || seen[n] {
			return false
		}
		seen[n] = true
	}
	return true
}

func validControls(v string) bool {
	if len(v) > 200 {
		return false
	}
	for _, c := range strings.Fields(strings.ToLower(strings.ReplaceAll(v, ",", " "))) {
		known := false
		for _, k := range playerControls {
			known = known || c == k
		}
		if !known {
			return false
		}
	}
	return true
}
