package livesession

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/reelvideo/reel/videohost"
)

// The live set in the blob store, as a takeover sees it: what the process
// that ran a session copied there (its video's early version, segment by
// segment), which another process checks out to resume the session when
// that one died.

// checkoutLiveSet writes the set videoID plays while its session runs into
// dir. A video that is not a live session's, or whose session has ended
// (not processing), is refused with EInvalidTransition; one with no early
// version yet (its process died before its first segment) writes nothing
// and reports false.
func (s *Sessions) checkoutLiveSet(ctx context.Context, videoID, dir string) (bool, error) {
	v, err := s.cfg.Domain.VideoByID(ctx, videoID)
	if err != nil {
		return false, err
	}
	if v.Source == nil || v.Source.LiveStream == "" || v.State != videohost.StateProcessing {
		return false, videohost.Errorf(videohost.EInvalidTransition, "video %s is not a running live session's", videoID)
	}
	if v.AssetVersion == "" || !videohost.IsEarlyVersion(v.AssetVersion) {
		return false, nil
	}
	if err := s.cfg.Domain.CheckoutAssets(ctx, v, dir); err != nil {
		return false, err
	}
	return true, nil
}

// liveSessionEnded reports whether a live video's session is over: the
// video is no longer processing (its recording is ready, or it errored)
// or is gone.
func (s *Sessions) liveSessionEnded(ctx context.Context, videoID string) (bool, error) {
	v, err := s.cfg.Domain.VideoByID(ctx, videoID)
	if videohost.IsNotFound(err) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return v.State != videohost.StateProcessing, nil
}

// pruneLiveSet removes from the live video's early version every file that
// is not in dir: after a takeover (checkoutLiveSet, then the packager
// resumed in dir), what the dead process stored past the point the session
// resumes from. Its names are the next segments', which the copies as the
// set grows must not take for stored.
func (s *Sessions) pruneLiveSet(ctx context.Context, videoID, dir string) error {
	v, err := s.cfg.Domain.VideoByID(ctx, videoID)
	if err != nil {
		return err
	}
	if v.AssetVersion == "" || !videohost.IsEarlyVersion(v.AssetVersion) {
		return nil
	}
	blobs := s.cfg.Domain.Blobs()
	prefix := videohost.AssetKey(videoID, v.AssetVersion, "") // the version's folder, with its slash
	stored, err := blobs.List(ctx, prefix)
	if err != nil {
		return fmt.Errorf("listing the live set: %w", err)
	}
	for _, b := range stored {
		rel := strings.TrimPrefix(b.Key, prefix)
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err == nil || !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := blobs.DeletePrefix(ctx, b.Key); err != nil {
			return fmt.Errorf("removing %s from the live set: %w", rel, err)
		}
	}
	return nil
}
