// Package hlsfiles reads which files an HLS playlist names, and copies a
// growing set of playlists and segments (the early playable set that
// videohost copies to blob stores a segment at a time).
package hlsfiles

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// CopySet puts, through put, what the master playlist.m3u8 in dir reaches
// that stored does not hold yet (stored is updated), then every media
// playlist, then the master. A playlist is put with the bytes that were
// read, not the file as it may have grown since: so a reader of the copy
// never finds a playlist that lists a file not put yet.
func CopySet(dir string, stored map[string]bool, put func(rel string, r io.Reader) error) error {
	master, err := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
	if err != nil {
		return fmt.Errorf("reading the master: %w", err)
	}
	putFile := func(rel string) error {
		if stored[rel] {
			return nil
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		defer f.Close()
		if err := put(rel, f); err != nil {
			return fmt.Errorf("storing %s: %w", rel, err)
		}
		stored[rel] = true
		return nil
	}
	for _, media := range Named("", master) {
		if path.Ext(media) != ".m3u8" {
			if err := putFile(media); err != nil {
				return err
			}
			continue
		}
		list, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(media)))
		if err != nil {
			return fmt.Errorf("reading a playlist: %w", err)
		}
		for _, f := range Named(path.Dir(media), list) {
			if err := putFile(f); err != nil {
				return err
			}
		}
		if err := put(media, bytes.NewReader(list)); err != nil {
			return fmt.Errorf("storing %s: %w", media, err)
		}
	}
	if err := put("playlist.m3u8", bytes.NewReader(master)); err != nil {
		return fmt.Errorf("storing the master: %w", err)
	}
	return nil
}

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
