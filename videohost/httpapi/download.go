package httpapi

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reelvideo/reel/videohost"
)

// Downloads: ?download (or ?download=name) on a file asset (an MP4, the
// audio file, a subtitle track, the storyboard, the poster, the transcript,
// the original) answers with Content-Disposition: attachment, so that a
// link on a page of another origin saves the file under a useful name,
// where the download attribute of <a> is ignored. Tokens are checked as for
// any asset; playlists and segments ignore the parameter.

// downloadParam is the query parameter that asks for an attachment.
const downloadParam = "download"

// maxFilenameBytes bounds a download's file name (most file systems allow
// 255 bytes; the rest is left for a browser's " (1)").
const maxFilenameBytes = 200

// renditionMP4 matches the MP4 of a rendition, capturing its quality.
var renditionMP4 = regexp.MustCompile(`^h264_([a-z]+)\.mp4$`)

// subtitleVTT matches a subtitle track's WebVTT, capturing its language.
var subtitleVTT = regexp.MustCompile(`^subtitles/([A-Za-z0-9-]+)\.vtt$`)

// defaultDownloadName is the file name of a download without a name: the
// video's title (or id) and what the file is, with its extension. ok is
// false for assets that are not downloaded as files (playlists, segments).
func defaultDownloadName(v *videohost.Video, asset string) (name string, ok bool) {
	base := strings.TrimSpace(v.Title)
	if base == "" {
		base = v.ID
	}
	if m := renditionMP4.FindStringSubmatch(asset); m != nil {
		return base + " " + m[1] + ".mp4", true
	}
	if m := subtitleVTT.FindStringSubmatch(asset); m != nil {
		return base + " " + m[1] + ".vtt", true
	}
	switch asset {
	case videohost.OriginalAsset:
		if f := v.Metadata["filename"]; f != "" {
			base = f
		}
		return withExtension(base, originalExtensions(v)), true
	case "clip.mp4":
		return base + " clip.mp4", true
	case "audio.m4a":
		return base + ".m4a", true
	case "storyboard.jpg", "storyboard.vtt", "poster.jpg", "poster.webp", "transcript.json":
		stem, ext, _ := strings.Cut(asset, ".")
		return base + " " + stem + "." + ext, true
	}
	return "", false
}

// originalExtensions are the extensions an original may be saved with,
// the one a name gets when it has none of them first. A download link is
// anyone's to write (/original?download=setup.exe), and so is an uploaded
// file's name: the name is theirs, the extension the file's own. That is
// its container's, as the probe found it (the bytes, not a name): the
// container's usual extensions, or its demuxer's name when that is short
// (rm, asf); when the container is not known, the extension of the
// uploaded file's name or of the input_url's path; else .bin, which a
// browser opens as nothing.
func originalExtensions(v *videohost.Video) []string {
	if v.Source != nil && v.Source.Container != "" {
		c := v.Source.Container
		for prefix, exts := range containerExtensions {
			if c == prefix || strings.HasPrefix(c, prefix+",") {
				return exts
			}
		}
		if len(c) <= 5 && isASCIIAlnum(c) {
			return []string{"." + c}
		}
		return []string{".bin"}
	}
	names := []string{v.Metadata["filename"]}
	if u, err := url.Parse(v.InputURL); err == nil && v.InputURL != "" {
		names = append(names, u.Path)
	}
	for _, name := range names {
		if ext := strings.ToLower(path.Ext(name)); len(ext) >= 2 && len(ext) <= 6 && isASCIIAlnum(ext[1:]) {
			return []string{ext}
		}
	}
	return []string{".bin"}
}

// containerExtensions maps FFmpeg demuxer names (the first of a list such
// as "mov,mp4,m4a,3gp,3g2,mj2") to the extensions of their files, the usual
// one first.
var containerExtensions = map[string][]string{
	"mov":      {".mp4", ".mov", ".m4v", ".m4a", ".3gp", ".3g2", ".mj2"},
	"matroska": {".mkv", ".webm", ".mka"},
	"avi":      {".avi"},
	"flv":      {".flv"},
	"mpegts":   {".ts", ".mts", ".m2ts"},
	"ogg":      {".ogg", ".ogv", ".oga"},
	"wav":      {".wav"},
	"mp3":      {".mp3"},
}

// withExtension is name when it ends with one of exts (in any case), else
// name with the first of them added.
func withExtension(name string, exts []string) string {
	if slices.Contains(exts, strings.ToLower(path.Ext(name))) {
		return name
	}
	return clipFilename(name, maxFilenameBytes-len(exts[0])) + exts[0]
}

func isASCIIAlnum(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// originalContentType is the media type of an original, by the extension
// of its download name; what is not a known video is a plain download.
func originalContentType(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".mp4", ".m4v":
		return "video/mp4"
	case ".mov":
		return "video/quicktime"
	case ".webm":
		return "video/webm"
	case ".mkv":
		return "video/x-matroska"
	}
	return "application/octet-stream"
}

// downloadName is the file name the query asks the asset to be saved under, or ""
// when it asks for no download or the asset is not a file to save. A name
// given in the query is cleaned and gets the asset's extension when it
// lacks it; an original's name keeps an extension only if it is one of the
// original's own (originalExtensions).
func downloadName(query url.Values, v *videohost.Video, asset string) string {
	values, asked := query[downloadParam]
	if !asked {
		return ""
	}
	def, ok := defaultDownloadName(v, asset)
	if !ok {
		return ""
	}
	def = cleanFilename(def)
	given := ""
	if len(values) > 0 {
		given = cleanFilename(values[0])
	}
	if given == "" && def != "" {
		return def
	}
	if given == "" {
		given = cleanFilename(v.ID)
	}
	if asset == videohost.OriginalAsset {
		return withExtension(given, originalExtensions(v))
	}
	ext := extension(asset)
	if ext != "" && !strings.HasSuffix(strings.ToLower(given), strings.ToLower(ext)) {
		given = clipFilename(given, maxFilenameBytes-len(ext)) + ext
	}
	return given
}

// cleanFilename makes name safe as a file name on any system: path
// separators and the characters Windows forbids become "_", control and
// invisible formatting characters (bidirectional overrides included) go,
// runs of spaces collapse, leading and trailing dots and spaces go, and
// the result is at most maxFilenameBytes, cut before the extension.
func cleanFilename(name string) string {
	if !utf8.ValidString(name) {
		name = strings.ToValidUTF8(name, "_")
	}
	var b strings.Builder
	space := false
	for _, r := range name {
		switch {
		case strings.ContainsRune(`/\<>:"|?*`, r):
			r = '_'
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError:
			continue
		case unicode.IsSpace(r):
			r = ' '
		}
		if r == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		b.WriteRune(r)
	}
	out := strings.Trim(b.String(), " .")
	if len(out) <= maxFilenameBytes {
		return out
	}
	ext := path.Ext(out)
	if len(ext) > 16 {
		ext = ""
	}
	return strings.Trim(clipFilename(strings.TrimSuffix(out, ext), maxFilenameBytes-len(ext)), " .") + ext
}

// clipFilename cuts s to at most n bytes on a rune boundary.
func clipFilename(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// contentDisposition renders an attachment with a cleaned name (RFC 6266):
// filename holds an ASCII version of it for old clients, and filename*
// the UTF-8 name itself (RFC 8187) when it is not plain ASCII.
func contentDisposition(name string) string {
	var ascii strings.Builder
	plain := true
	for _, r := range name {
		if r >= 0x20 && r < 0x7f {
			ascii.WriteRune(r)
			continue
		}
		plain = false
		ascii.WriteByte('_')
	}
	v := `attachment; filename="` + ascii.String() + `"`
	if !plain {
		v += "; filename*=UTF-8''" + encodeRFC8187(name)
	}
	return v
}

// encodeRFC8187 percent-encodes every byte of s but attr-char.
func encodeRFC8187(s string) string {
	const attrChar = "!#$&+-.^_`|~"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(attrChar, c) >= 0) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
