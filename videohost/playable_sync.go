package videohost

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/reelvideo/reel/internal/hlsfiles"
)

// A live playable set (ProcessOutput.Live: the early pass's folder, whose
// EVENT playlists grow a segment at a time) is served in place where the
// blob store can link a folder (LinkBlobs, local disk). Elsewhere (S3) it
// is copied: PublishPlayable stores what the set holds when it becomes
// playable, and SyncPlayable what it gained since, so that a video that
// must be encoded plays before it is ready on every blob store, served by
// any API process.
//
// A copy never lists a file it has not stored: the files a playlist names
// go first, then that playlist, with the bytes that were read (the file on
// disk may have grown since), and the master last.

// SyncPlayable copies to the blob store what the live playable set in dir
// gained since it was published or last synced: the segments its playlists
// list that are not stored yet, then the playlists. It does nothing where
// the set is served in place (LinkBlobs) or once the video's version is no
// longer an early one (the ladder replaced it). The worker calls it after
// new segments, until the pipeline returns.
func (s *Jobs) SyncPlayable(ctx context.Context, videoID, dir string) error {
	if s.caps.linkBlobs != nil {
		return nil
	}
	v, err := s.store.Video(ctx, "", videoID)
	if err != nil {
		return err
	}
	if !isEarlyVersion(v.AssetVersion) {
		return nil
	}
	return s.copyLiveSet(ctx, assetPrefix(videoID, v.AssetVersion), dir)
}

// copyLiveSet stores under prefix what the master playlist in dir reaches
// and is not stored yet, then the playlists.
func (s *Service) copyLiveSet(ctx context.Context, prefix, dir string) error {
	master, err := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
	if err != nil {
		return fmt.Errorf("reading the playable master: %w", err)
	}
	stored := map[string]bool{}
	infos, err := s.blobs.List(ctx, prefix+"/")
	if err != nil {
		return fmt.Errorf("listing the playable set: %w", err)
	}
	for _, b := range infos {
		stored[strings.TrimPrefix(b.Key, prefix+"/")] = true
	}
	put := func(rel string) error {
		if stored[rel] {
			return nil
		}
		if err := s.putFile(ctx, prefix+"/"+rel, filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			return err
		}
		stored[rel] = true
		return nil
	}
	for _, media := range hlsfiles.Named("", master) {
		if path.Ext(media) != ".m3u8" {
			if err := put(media); err != nil {
				return err
			}
			continue
		}
		list, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(media)))
		if err != nil {
			return fmt.Errorf("reading a playable playlist: %w", err)
		}
		for _, f := range hlsfiles.Named(path.Dir(media), list) {
			if err := put(f); err != nil {
				return err
			}
		}
		if _, err := s.blobs.Put(ctx, prefix+"/"+media, bytes.NewReader(list)); err != nil {
			return fmt.Errorf("storing %s: %w", media, err)
		}
	}
	if _, err := s.blobs.Put(ctx, prefix+"/playlist.m3u8", bytes.NewReader(master)); err != nil {
		return fmt.Errorf("storing the playable master: %w", err)
	}
	return nil
}
