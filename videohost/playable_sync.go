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

// SyncPlayable copies to the blob store what the live playable set in dir
// gained since it was published or last synced: the segments its playlists
// list that are not stored yet, then the playlists. It does nothing where
// the video's version is that folder itself (linked), or once the version
// is no longer an early one (the ladder replaced it). The worker calls it
// after new segments, until the pipeline returns.
func (s *Jobs) SyncPlayable(ctx context.Context, videoID, dir string) error {
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
	return s.copyLiveSet(ctx, prefix, dir)
}

// copyLiveSet stores under prefix what the master playlist in dir reaches
// and is not stored yet, then the playlists.
func (s *Service) copyLiveSet(ctx context.Context, prefix, dir string) error {
	infos, err := s.blobs.List(ctx, prefix+"/")
	if err != nil {
		return fmt.Errorf("listing the playable set: %w", err)
	}
	stored := map[string]bool{}
	for _, b := range infos {
		stored[strings.TrimPrefix(b.Key, prefix+"/")] = true
	}
	err = hlsfiles.CopySet(dir, stored, func(rel string, r io.Reader) error {
		_, err := s.blobs.Put(ctx, prefix+"/"+rel, r)
		return err
	})
	if err != nil {
		return fmt.Errorf("copying the playable set: %w", err)
	}
	return nil
}
