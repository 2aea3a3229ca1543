package httpapi

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
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
			return f, true
		}
		return base + originalExtension(v), true
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

// originalExtension guesses the extension of an original that came without
// a file name: from the input_url's path, else from the container.
func originalExtension(v *videohost.Video) string {
	if u, err := url.Parse(v.InputURL); err == nil && v.InputURL != "" {
		if ext := strings.ToLower(path.Ext(u.Path)); len(ext) >= 2 && len(ext) <= 6 && isASCIIAlnum(ext[1:]) {
			return ext
		}
	}
	if v.Source != nil {
		c := v.Source.Container
		switch {
		case strings.HasPrefix(c, "mov,mp4"):
			return ".mp4"
		case strings.HasPrefix(c, "matroska"):
			return ".mkv"
		}
		if ext, ok := containerExtensions[c]; ok {
			return ext
		}
	}
	return ""
}

// containerExtensions maps FFmpeg demuxer names to a file extension.
var containerExtensions = map[string]string{
	"avi": ".avi", "flv": ".flv", "mpegts": ".ts", "ogg": ".ogg", "wav": ".wav", "mp3": ".mp3",
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
// lacks it (an original's when it has none).
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
	if given == "" {
		if def == "" {
			return cleanFilename(v.ID)
		}
		return def
	}
	// The asset's extension is added where it is missing; an original's
	// kind is only a guess, so any extension the name has is kept.
	ext := extension(asset)
	if asset == videohost.OriginalAsset {
		ext = path.Ext(def)
		if path.Ext(given) != "" {
			ext = ""
		}
	}
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
