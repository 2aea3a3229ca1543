// Package codecpolicy is the grammar of a codec policy: which video codecs
// Reel encodes, for which rungs of the ladder, and when.
//
// A policy maps a codec name to a rule:
//
//	{"h264": "all", "av1": ">=720p", "hevc": "none"}
//	{"av1": ">=720p after 100 views"}
//
// A rule is "all", "none", ">=Np" or "<=Np" (the rungs whose quality box has
// a short edge of at least, or at most, N pixels: sd is 360, hd 720, fhd
// 1080, qhd 1440, uhd 2160), optionally followed by "after K views": the
// codec is then added to a video once its views reach K, not at upload. A
// codec the policy does not name is "none", but h264, which is "all": the
// default policy, the empty one, is H.264 alone, as Reel always encoded.
// H.264 must keep the smallest rung (sd) and may not wait for views, so
// that every browser can play every video from the start.
//
// The package is plain Go: the domain (which stores and inherits policies)
// and the media pipeline (which plans the renditions) share it.
package codecpolicy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The codecs a policy may name, in the order their renditions are listed.
const (
	H264 = "h264"
	HEVC = "hevc"
	AV1  = "av1"
)

// Names returns the codecs a policy may name, in the order their renditions
// are listed (H.264 first: the variant every player can fall back on).
func Names() []string { return []string{H264, HEVC, AV1} }

// smallestRung is the short edge of the smallest rung's box (sd).
const smallestRung = 360

// Rule says for which rungs a codec is encoded, and from when.
type Rule struct {
	// MinShort and MaxShort bound the short edge of the rungs' boxes, both
	// inclusive; MaxShort 0 is no upper bound. A zero Rule is "none".
	MinShort, MaxShort int
	// Every is set for every rung ("all", ">=360p" and below).
	Every bool
	// AfterViews, when positive, holds the codec back until the video has
	// been viewed that many times.
	AfterViews int64
}

// None reports whether the rule encodes no rung.
func (r Rule) None() bool { return !r.Every && r.MinShort == 0 && r.MaxShort == 0 }

// Covers reports whether the rule includes a rung whose quality box has the
// given short edge (360 for sd, 720 for hd, ...), views aside.
func (r Rule) Covers(boxShort int) bool {
	if r.Every {
		return true
	}
	if r.None() {
		return false
	}
	return boxShort >= r.MinShort && (r.MaxShort == 0 || boxShort <= r.MaxShort)
}

// String is the rule in the policy's own words.
func (r Rule) String() string {
	var s string
	switch {
	case r.None():
		return "none"
	case r.Every:
		s = "all"
	case r.MaxShort != 0:
		s = "<=" + strconv.Itoa(r.MaxShort) + "p"
	default:
		s = ">=" + strconv.Itoa(r.MinShort) + "p"
	}
	if r.AfterViews > 0 {
		s += " after " + strconv.FormatInt(r.AfterViews, 10) + " views"
	}
	return s
}

// Error is a policy that does not parse or that Reel refuses.
type Error struct {
	Codec  string // the codec whose rule is wrong; empty for the policy as a whole
	Rule   string // the rule as given
	Reason string
}

func (e *Error) Error() string {
	if e.Codec == "" {
		return "codec policy: " + e.Reason
	}
	return fmt.Sprintf("codec policy: %s %q: %s", e.Codec, e.Rule, e.Reason)
}

// ParseRule parses one rule ("all", "none", ">=720p", "<=1080p", each
// optionally followed by "after K views").
func ParseRule(s string) (Rule, error) {
	fail := func(reason string) (Rule, error) { return Rule{}, &Error{Rule: s, Reason: reason} }
	fields := strings.Fields(strings.ToLower(s))
	if len(fields) == 0 {
		return fail(`empty rule: want "all", "none", ">=720p" or "<=1080p"`)
	}
	var r Rule
	switch f := fields[0]; {
	case f == "all":
		r.Every = true
	case f == "none":
	case strings.HasPrefix(f, ">=") || strings.HasPrefix(f, "<="):
		n, err := strconv.Atoi(strings.TrimSuffix(f[2:], "p"))
		if err != nil || !strings.HasSuffix(f, "p") || n < 144 || n > 4320 {
			return fail("want a rung as a short edge between 144p and 4320p, e.g. >=720p")
		}
		if f[0] == '>' {
			r.MinShort = n
			r.Every = n <= smallestRung
		} else {
			r.MinShort, r.MaxShort = 1, n
		}
	default:
		return fail(`want "all", "none", ">=720p" or "<=1080p"`)
	}
	switch rest := fields[1:]; {
	case len(rest) == 0:
	case len(rest) == 3 && rest[0] == "after" && (rest[2] == "views" || rest[2] == "view"):
		n, err := strconv.ParseInt(rest[1], 10, 64)
		if err != nil || n < 1 {
			return fail("want a positive number of views, e.g. after 100 views")
		}
		if r.None() {
			return fail("none needs no trigger")
		}
		r.AfterViews = n
	default:
		return fail(`want nothing after the rungs but "after K views"`)
	}
	return r, nil
}

// Policy is a parsed codec policy: every codec of Names, with its rule.
type Policy map[string]Rule

// Default is the policy of a video nobody set one for: H.264 for every rung.
func Default() Policy { return Policy{H264: {Every: true}} }

// Parse parses and checks a policy as stored or sent (codec → rule). Codecs
// it does not name keep their defaults (h264 "all", the others "none").
func Parse(m map[string]string) (Policy, error) {
	p := Default()
	for codec, rule := range m {
		if !slices.Contains(Names(), codec) {
			return nil, &Error{Codec: codec, Rule: rule, Reason: "unknown codec: want h264, hevc or av1"}
		}
		r, err := ParseRule(rule)
		if err != nil {
			err.(*Error).Codec = codec
			return nil, err
		}
		p[codec] = r
	}
	h := p[H264]
	if !h.Covers(smallestRung) || h.AfterViews > 0 {
		return nil, &Error{Codec: H264, Rule: m[H264], Reason: "H.264 must cover the smallest rung (sd, 360p) from the start, so every browser plays every video"}
	}
	return p, nil
}

// Strings is the policy in the form Parse takes, every codec named.
func (p Policy) Strings() map[string]string {
	m := make(map[string]string, len(Names()))
	for _, c := range Names() {
		m[c] = p[c].String()
	}
	return m
}

// IsDefault reports whether the policy is H.264 for every rung and nothing
// else: a video under it is encoded as Reel always encoded.
func (p Policy) IsDefault() bool {
	for _, c := range Names() {
		if r := p[c]; (c == H264) != r.Every || (c != H264 && !r.None()) {
			return false
		}
	}
	return true
}

// CodecsFor lists, in the order of Names, the codecs the policy encodes for
// a rung whose box has the given short edge, for a video viewed views
// times.
func (p Policy) CodecsFor(boxShort int, views int64) []string {
	var out []string
	for _, c := range Names() {
		if r := p[c]; r.Covers(boxShort) && views >= r.AfterViews {
			out = append(out, c)
		}
	}
	return out
}

// Waiting lists the codecs held back by a view threshold the video has not
// reached yet, with the lowest threshold among them (0 when none waits).
func (p Policy) Waiting(views int64) (codecs []string, nextThreshold int64) {
	for _, c := range Names() {
		r := p[c]
		if r.None() || r.AfterViews <= views {
			continue
		}
		codecs = append(codecs, c)
		if nextThreshold == 0 || r.AfterViews < nextThreshold {
			nextThreshold = r.AfterViews
		}
	}
	return codecs, nextThreshold
}
