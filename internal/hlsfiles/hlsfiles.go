// Package hlsfiles reads which files an HLS playlist names, for code that
// copies or walks a set of playlists and segments (the early playable set
// that videohost copies to blob stores a segment at a time).
package hlsfiles

import (
	"bufio"
	"bytes"
	"path"
	"strings"
)

// Named lists the files an HLS playlist in folder base names: its
// URI lines and URI="..." attributes (EXT-X-MAP, EXT-X-MEDIA), as paths
// relative to the set. Anything that is not a plain relative path inside
// the set (a URL, an absolute path, "..") is not a file of the set and is
// left out.
func Named(base string, playlist []byte) []string {
	var out []string
	add := func(uri string) {
		if uri == "" || strings.Contains(uri, "://") || strings.HasPrefix(uri, "/") || strings.ContainsAny(uri, "?#\\") {
			return
		}
		rel := path.Join(base, uri)
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return
		}
		out = append(out, rel)
	}
	lines := bufio.NewScanner(bytes.NewReader(playlist))
	for lines.Scan() {
		line := strings.TrimSpace(lines.Text())
		if !strings.HasPrefix(line, "#") {
			add(line)
			continue
		}
		if _, rest, ok := strings.Cut(line, `URI="`); ok {
			if uri, _, ok := strings.Cut(rest, `"`); ok {
				add(uri)
			}
		}
	}
	return out
}
