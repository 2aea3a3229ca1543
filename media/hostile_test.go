package media_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/Eyevinn/hls-m3u8/m3u8"
	"github.com/reelvideo/reel/internal/hostile"
	"github.com/reelvideo/reel/media"
)

// hostileManifest is goldenManifest with label and language on its second
// audio track and on one subtitle track; describes makes that audio track
// an audio description (a CHARACTERISTICS attribute of its own).
func hostileManifest(label, language string, describes bool) *media.Manifest {
	m := goldenManifest()
	m.AudioTracks[1].Label, m.AudioTracks[1].Language = label, language
	if describes {
		m.AudioTracks[1].Kind = media.AudioKindDescription
	}
	m.Subtitles = []media.SubtitleTrack{
		{Language: "en", Label: "English", URI: "subtitles/en.m3u8", Default: true},
		{Language: language, Label: label, URI: "subtitles/x.m3u8"},
	}
	m.Chapters = media.ChaptersJSONFile
	return m
}

// masterTags are the tags the master writer emits; anything else is
// injected.
var masterTags = map[string]bool{
	"#EXTM3U": true, "#EXT-X-VERSION": true, "#EXT-X-INDEPENDENT-SEGMENTS": true,
	"#EXT-X-SESSION-DATA": true, "#EXT-X-MEDIA": true, "#EXT-X-STREAM-INF": true,
}

// attribute is one AttributeName=AttributeValue of an attribute list
// (RFC 8216 §4.2): a quoted-string holds anything but a double quote, CR
// and LF; any other value has no quote, comma or white space.
var attribute = regexp.MustCompile(`^([A-Z0-9-]+)=("[^"\r\n]*"|[^",\s]+)(,|$)`)

// checkMaster reads a master playlist strictly and fails t unless every
// line is blank, one of the writer's tags with a well-formed attribute list
// (each attribute once), or a URI m lists; every URI= names a file m lists;
// and the EXT-X-MEDIA tags carry m's audio and subtitle tracks with their
// labels and languages as quoted makes them. (The library writes each
// group member once, sorted by group, type, name and language: so are the
// tracks expected.) The library's own reader must read the same names.
func checkMaster(t *testing.T, text string, m *media.Manifest) {
	t.Helper()
	uris := map[string]bool{m.Chapters: m.Chapters != ""}
	for _, r := range m.Renditions {
		uris[r.Playlist] = true
	}
	var want []string
	track := func(typ, label, language string) string {
		return typ + "|" + media.Quoted(label) + "|" + media.Quoted(language)
	}
	for _, a := range m.AudioTracks {
		uris[a.Playlist] = true
		want = append(want, track("AUDIO", a.Label, a.Language))
	}
	for _, s := range m.Subtitles {
		uris[s.URI] = true
		want = append(want, track("SUBTITLES", s.Label, s.Language))
	}
	slices.Sort(want)
	want = slices.Compact(want)
	if !utf8.ValidString(text) || strings.ContainsFunc(text, func(r rune) bool { return r != '\n' && unicode.IsControl(r) }) ||
		strings.ContainsAny(text, "\ufeff\u2028\u2029") {
		t.Fatalf("the master holds bytes a playlist must not (RFC 8216 §4.1):\n%s", excerpt(text))
	}
	var got []string
	for n, line := range strings.Split(text, "\n") {
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			if !uris[line] {
				t.Fatalf("line %d is a URI the manifest does not list: %s\n%s", n+1, excerpt(line), excerpt(text))
			}
			continue
		}
		tag, attrs, _ := strings.Cut(line, ":")
		if !masterTags[tag] {
			t.Fatalf("line %d is a tag the writer does not write: %s\n%s", n+1, excerpt(line), excerpt(text))
		}
		if tag == "#EXT-X-VERSION" || attrs == "" {
			continue
		}
		seen := map[string]string{}
		for rest := attrs; rest != ""; {
			a := attribute.FindStringSubmatch(rest)
			if a == nil {
				t.Fatalf("line %d: a malformed attribute list at %s\n%s", n+1, excerpt(rest), excerpt(text))
			}
			if _, twice := seen[a[1]]; twice {
				t.Fatalf("line %d: %s twice\n%s", n+1, a[1], excerpt(text))
			}
			seen[a[1]] = strings.Trim(a[2], `"`)
			rest = rest[len(a[0]):]
		}
		if uri, ok := seen["URI"]; ok && !uris[uri] {
			t.Fatalf("line %d names a URI the manifest does not list: %s\n%s", n+1, excerpt(uri), excerpt(text))
		}
		if tag == "#EXT-X-MEDIA" {
			got = append(got, seen["TYPE"]+"|"+seen["NAME"]+"|"+seen["LANGUAGE"])
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("EXT-X-MEDIA tracks %s, want %s\n%s", excerpt(fmt.Sprintf("%q", got)), excerpt(fmt.Sprintf("%q", want)), excerpt(text))
	}
	p := m3u8.NewMasterPlaylist()
	if err := p.DecodeFrom(strings.NewReader(text), true); err != nil {
		t.Fatalf("the library does not read the master: %v\n%s", err, excerpt(text))
	}
	var read []string
	for _, alt := range p.GetAllAlternatives() {
		// The library's reader trims the values it reads.
		read = append(read, alt.Type+"|"+alt.Name+"|"+alt.Language)
	}
	trimmed := make([]string, len(want))
	for i, w := range want {
		parts := strings.Split(w, "|")
		for j := range parts {
			parts[j] = strings.TrimSpace(parts[j])
		}
		trimmed[i] = strings.Join(parts, "|")
	}
	slices.Sort(read)
	slices.Sort(trimmed)
	if len(p.Variants) != len(m.Renditions) || !slices.Equal(read, trimmed) {
		t.Fatalf("the library reads %d variants and tracks %s, want %d and %s\n%s", len(p.Variants),
			excerpt(fmt.Sprintf("%q", read)), len(m.Renditions), excerpt(fmt.Sprintf("%q", trimmed)), excerpt(text))
	}
}

// excerpt keeps failure messages readable when a string is very long.
func excerpt(s string) string {
	if len(s) > 1500 {
		return s[:1500] + fmt.Sprintf("… (%d bytes)", len(s))
	}
	return s
}

// TestMasterPlaylistHostileText writes the master with each hostile string
// as a label and as a language, of an audio track (a dub and an audio
// description) and of a subtitle track: no string ends its attribute or
// tag early, and each comes back as quoted makes it.
func TestMasterPlaylistHostileText(t *testing.T) {
	t.Parallel()
	for _, h := range hostile.Strings {
		t.Run(h.Name, func(t *testing.T) {
			for _, describes := range []bool{false, true} {
				for _, m := range []*media.Manifest{hostileManifest(h.Value, "fr", describes), hostileManifest("Doublage", h.Value, describes)} {
					dir := t.TempDir()
					if err := media.WriteMasterPlaylist(dir, m); err != nil {
						t.Fatal(err)
					}
					b, err := os.ReadFile(filepath.Join(dir, media.MasterPlaylistFile))
					if err != nil {
						t.Fatal(err)
					}
					checkMaster(t, string(b), m)
				}
			}
		})
	}
}

// TestQuoted pins what quoted replaces, and that ordinary labels pass
// unchanged.
func TestQuoted(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Français":                           "Français",
		"English (audio description)":        "English (audio description)",
		`The "best" mix`:                     "The 'best' mix",
		"x\"\n#EXT-X-INJECTED:1\n":           "x' #EXT-X-INJECTED:1 ",
		"one\r\ntwo\ttab\x00nul\u2028ls":     "one  two tab nul ls",
		"\ufeffBOM":                          "BOM",
		"caf\xe9":                            "caf\ufffd",
		`q",URI="http://evil.example/a.m3u8`: `q',URI='http://evil.example/a.m3u8`,
	} {
		if got := media.Quoted(in); got != want {
			t.Errorf("quoted(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDASHManifestHostileText writes the DASH manifest with each hostile
// string as a label and as a language: XML escaping keeps the document's
// shape (as many adaptation sets, each with its one Label), and the text
// comes back as written, but for the characters XML cannot hold at all,
// which become U+FFFD.
func TestDASHManifestHostileText(t *testing.T) {
	t.Parallel()
	type set struct {
		Lang   string   `xml:"lang,attr"`
		Labels []string `xml:"Label"`
	}
	type mpd struct {
		Sets []set `xml:"Period>AdaptationSet"`
	}
	for _, h := range hostile.Strings {
		t.Run(h.Name, func(t *testing.T) {
			for _, m := range []*media.Manifest{hostileManifest(h.Value, "fr", false), hostileManifest("Doublage", h.Value, true)} {
				dir := t.TempDir()
				if err := media.WriteDASHManifest(dir, m); err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(filepath.Join(dir, media.DASHManifestFile))
				if err != nil {
					t.Fatal(err)
				}
				var got mpd
				if err := xml.Unmarshal(b, &got); err != nil {
					t.Fatalf("the manifest is not XML: %v\n%s", err, excerpt(string(b)))
				}
				if n := bytes.Count(b, []byte("<AdaptationSet ")); n != 5 || len(got.Sets) != 5 {
					t.Fatalf("%d adaptation sets (%d read), want 5\n%s", n, len(got.Sets), excerpt(string(b)))
				}
				check := func(what, got, want string) {
					t.Helper()
					if want = xmlText(want); got != want {
						t.Errorf("%s reads back %s, want %s\n%s", what, excerpt(fmt.Sprintf("%q", got)), excerpt(fmt.Sprintf("%q", want)), excerpt(string(b)))
					}
				}
				for i, s := range got.Sets[1:] {
					if len(s.Labels) != 1 {
						t.Fatalf("adaptation set %d has labels %s\n%s", i+1, excerpt(fmt.Sprintf("%q", s.Labels)), excerpt(string(b)))
					}
				}
				check("audio label", got.Sets[2].Labels[0], m.AudioTracks[1].Label)
				check("audio language", got.Sets[2].Lang, m.AudioTracks[1].Language)
				check("subtitle label", got.Sets[4].Labels[0], m.Subtitles[1].Label)
				check("subtitle language", got.Sets[4].Lang, m.Subtitles[1].Language)
			}
		})
	}
}

// xmlText is s as an XML parser reads back what encoding/xml writes:
// each character outside XML's Char production (most control characters)
// and each byte that is not UTF-8 becomes U+FFFD.
func xmlText(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xd7ff || r >= 0xe000 && r <= 0xfffd || r >= 0x10000 && r <= 0x10ffff {
			b.WriteRune(r)
		} else {
			b.WriteRune('\ufffd')
		}
	}
	return b.String()
}

// TestWebVTTHostileText writes subtitles whose cue text, identifier and
// settings each hold a hostile string: the file parses back to as many
// cues at the same times (no cue ends early or is injected), and no
// payload line reads as a timing line.
func TestWebVTTHostileText(t *testing.T) {
	t.Parallel()
	for _, h := range hostile.Strings {
		t.Run(h.Name, func(t *testing.T) {
			cues := []media.Cue{
				{Start: time.Second, End: 2 * time.Second, Text: h.Value},
				{ID: h.Value, Start: 3 * time.Second, End: 4 * time.Second, Text: "id"},
				{Start: 5 * time.Second, End: 6 * time.Second, Settings: h.Value, Text: "settings"},
				{Start: 7 * time.Second, End: 8 * time.Second, Text: "last"},
			}
			var vtt bytes.Buffer
			if err := media.WriteWebVTT(&vtt, cues); err != nil {
				t.Fatal(err)
			}
			back, err := media.ParseSubtitles(vtt.Bytes())
			if err != nil {
				t.Fatalf("the file does not parse: %v\n%s", err, excerpt(fmt.Sprintf("%q", vtt.String())))
			}
			if len(back) != len(cues) {
				t.Fatalf("%d cues, want %d\n%s", len(back), len(cues), excerpt(fmt.Sprintf("%q", vtt.String())))
			}
			for i, c := range back {
				if c.Start != cues[i].Start || c.End != cues[i].End {
					t.Errorf("cue %d at %v-%v, want %v-%v", i, c.Start, c.End, cues[i].Start, cues[i].End)
				}
				if strings.Contains(c.Text, "-->") {
					t.Errorf("cue %d text %s holds -->", i, excerpt(c.Text))
				}
			}
			for i, want := range []string{"id", "settings", "last"} {
				if back[i+1].Text != want {
					t.Errorf("cue %d text %s, want %q", i+1, excerpt(back[i+1].Text), want)
				}
			}
			if strings.Contains(vtt.String(), "\r") {
				t.Errorf("the file holds a CR: %s", excerpt(fmt.Sprintf("%q", vtt.String())))
			}
		})
	}
}

// FuzzMasterPlaylist writes the master playlist of a manifest whose second
// audio track and a subtitle track carry fuzzed labels and languages, and
// reads it back strictly (checkMaster): every line is blank, a tag the
// writer writes or a URI the manifest lists; no URI= names anything else;
// the labels and languages come back as quoted makes them.
func FuzzMasterPlaylist(f *testing.F) {
	for _, h := range hostile.Strings {
		f.Add(h.Value, "fr", "Sous-titres", "de", false)
		f.Add("Doublage", h.Value, "Sous-titres", h.Value, true)
	}
	f.Add("x\"\n#EXT-X-INJECTED:1\n", "en", `q",URI="http://evil.example/a.m3u8`, "de", false)
	f.Fuzz(func(t *testing.T, audioLabel, audioLanguage, subLabel, subLanguage string, describes bool) {
		m := hostileManifest(audioLabel, audioLanguage, describes)
		m.Subtitles[1].Label, m.Subtitles[1].Language = subLabel, subLanguage
		checkMaster(t, media.MasterPlaylist(m), m)
	})
}
