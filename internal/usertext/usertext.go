package usertext

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxExcerpt is how many characters of user input an error message quotes.
const MaxExcerpt = 32

// Excerpt returns s for an error message: whole when it is short, else its
// first MaxExcerpt characters and "…", so that a huge input is never echoed
// back (a 100 kB id must not make a 100 kB error).
func Excerpt(s string) string {
	n := 0
	for i := range s {
		if n == MaxExcerpt {
			return strings.ToValidUTF8(s[:i], "\uFFFD") + "…"
		}
		n++
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// Line is the one rule for a short line of user text that Reel writes
// into its published files: a chapter title (chapters.vtt, chapters.json)
// and a track label (the HLS master's NAME="…", the DASH manifest's
// <Label>, the player's menus). It returns s trimmed, with its inner runs
// of white space made one space, or, when s is refused, what is wrong with
// it: not UTF-8; empty; more than maxLen characters; a control character
// (NUL, ESC, DEL, the rest of C0 and C1); or "-->", which would end a
// WebVTT cue's text. quoted is for text that also goes between the double
// quotes of an HLS attribute (RFC 8216 §4.2 allows no ", CR or LF there,
// with no escape): a double quote is refused, and so are line breaks and
// tabs as sent (CR, LF, U+2028, U+2029), where a title, which may come
// from several lines of a WebVTT cue, has them folded into spaces. The
// writers replace what they cannot hold anyway (media's quoted, WebVTT's
// line splitting, XML escaping): refusing it here tells the caller at
// once instead of showing them another label than the one they sent.
func Line(s string, maxLen int, quoted bool) (string, string) {
	if !utf8.ValidString(s) {
		return "", "must be UTF-8 text"
	}
	if quoted {
		if strings.Contains(s, `"`) {
			return "", `must not contain a double quote (")`
		}
		if strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' }) {
			return "", "must be one line without control characters (CR, LF, tab, NUL…)"
		}
	}
	line := strings.Join(strings.Fields(s), " ")
	switch n := utf8.RuneCountInString(line); {
	case n == 0:
		return "", "must not be empty"
	case n > maxLen:
		return "", fmt.Sprintf("has %d characters, more than %d", n, maxLen)
	case strings.Contains(line, "-->"):
		return "", `must not contain "-->"`
	case strings.ContainsFunc(line, unicode.IsControl):
		return "", "must not contain control characters"
	}
	return line, ""
}
