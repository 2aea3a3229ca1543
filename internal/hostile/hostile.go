// Package hostile is the one table of hostile strings the tests run against
// every writer of user text (the HLS master playlist, the DASH manifest, the
// subtitle and chapter WebVTT files) and every API field that reaches one:
// what a caller, or a source file's own metadata, might put in a label, a
// language or a title to end an attribute, a tag, a cue or an element early.
package hostile

import "strings"

// String is one hostile string and what it tries.
type String struct {
	Name  string
	Value string
}

// Strings are the hostile strings, each alone in a label or title.
var Strings = []String{
	{"double quote", `The "best" mix`},
	{"tag line injection", "x\"\n#EXT-X-INJECTED:1\n"},
	{"foreign URI attribute", `q",URI="http://evil.example/a.m3u8`},
	{"URI attribute without a quote", "a,URI=http://evil.example/a.m3u8,URI="},
	{"CRLF", "one\r\ntwo"},
	{"lone CR", "one\rtwo"},
	{"NUL", "a\x00b"},
	{"other control characters", "a\x1b[31mb\x7fc\u0085d\x08"},
	{"tab", "a\tb"},
	{"unicode line and paragraph separators", "a\u2028b\u2029c"},
	{"byte order mark", "\ufeffBOM"},
	{"not UTF-8", "caf\xe9 \xff\xfe"},
	{"script end", "</script><script>alert(1)</script>"},
	{"WebVTT arrow", "a --> b"},
	{"WebVTT cue injection", "a\n\n00:00:00.000 --> 99:00:00.000\ninjected"},
	{"HLS tag", "#EXT-X-ENDLIST"},
	{"XML", `]]></Label><Label>x</Label><!-- &amp; &#0;`},
	{"HTML comment end", "-->"},
	{"only white space", " \t "},
	{"very long", strings.Repeat("é\"\n", 4000)},
}
