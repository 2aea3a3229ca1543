package videohost

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/reelvideo/reel/internal/hlsfiles"
)

// A live playable set (ProcessOutput.Live: the early pass's folder, whose
// EVENT playlists grow a segment at a time) is served in place where the
// blob store can link a folder (LinkBlobs, local disk). Elsewhere (S3), or
// where the folder will not outlive its job (PublishPlayableCopy), it is
// copied: what the set holds when it becomes playable, then what it gained
// (SyncPlayable), so that a video that must be encoded plays before it is
// ready on every blob store, served by any API process. A copy never lists
// a file it has not stored (hlsfiles.CopySet).

// PlayableCopy remembers what SyncPlayable stored of one set, so that a
// set synced after each of its segments (a live session's, for hours)
// lists the blob store once, not at every segment. The zero value is
// ready; one PlayableCopy serves one set and one caller at a time.
type PlayableCopy struct {
	prefix string
	stored map[string]bool
}

// SyncPlayable copies to the blob store what the live playable set in dir
// gained since it was published or last synced: the segments its playlists
// list that are not stored yet, then the playlists. It does nothing where
// the video's version is that folder itself (linked), or once the version
// is no longer an early one (the ladder replaced it). The worker calls it
// after new segments, until the pipeline returns. memo, when not nil,
// spares the listing of what earlier calls with it stored.
func (s *Jobs) SyncPlayable(ctx context.Context, videoID, dir string, memo *PlayableCopy) error {
	v, err := s.store.Video(ctx, "", videoID)
	if err != nil {
		return err
	}
	if !isEarlyVersion(v.AssetVersion) {
		return nil
	}
	prefix := assetPrefix(videoID, v.AssetVersion)
	if lb := s.caps.localBlobs; lb != nil {
		published, err1 := filepath.EvalSymlinks(lb.Path(prefix))
		here, err2 := filepath.EvalSymlinks(dir)
		if err1 == nil && err2 == nil && published == here {
			return nil
		}
	}
	if memo == nil {
		memo = &PlayableCopy{}
	}
	if memo.prefix != prefix || memo.stored == nil {
		stored, err := s.storedUnder(ctx, prefix)
		if err != nil {
			return err
		}
		memo.prefix, memo.stored = prefix, stored
	}
	return s.copyLiveSet(ctx, prefix, dir, memo.stored)
}

// storedUnder lists the files stored under prefix, by name relative to it.
func (s *Service) storedUnder(ctx context.Context, prefix string) (map[string]bool, error) {
	infos, err := s.blobs.List(ctx, prefix+"/")
	if err != nil {
		return nil, fmt.Errorf("listing the playable set: %w", err)
	}
	stored := map[string]bool{}
	for _, b := range infos {
		stored[strings.TrimPrefix(b.Key, prefix+"/")] = true
	}
	return stored, nil
}

// copyLiveSet stores under prefix what the master playlist in dir reaches
// and stored does not hold (it is updated), then the playlists.
func (s *Service) copyLiveSet(ctx context.Context, prefix, dir string, stored map[string]bool) error {
	err := hlsfiles.CopySet(dir, stored, func(rel string, r io.Reader) error {
		_, err := s.blobs.Put(ctx, prefix+"/"+rel, r)
		return err
	})
	if err != nil {
		return fmt.Errorf("copying the playable set: %w", err)
	}
	return nil
}
