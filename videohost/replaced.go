package videohost

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Replaced versions. A publish flips the video to a new asset version; a
// player that loaded the old version's playlists goes on asking for the
// files they list (?v=OLD). Reel's own player looks the video up again on a
// 404, but VLC, ExoPlayer or a bare hls.js do not: the early remux being
// replaced by the ladder, or a revision adding subtitles, would stop them.
//
// With Config.ReplacedVersionGrace the version a publish replaces is kept
// that long when it holds the same media (an early playable set replaced by
// the ladder of the same source, a revision): the publish queues a
// JobRemoveVersion to run then, in the transaction that flips the video, so
// that a crash cannot leave it behind. Until it runs, a URL naming the old
// version is answered from the old files: a grant of the old version opens
// them (and only them; once they are gone, not found), a token or a public
// video gets them when they are still there and the current files
// otherwise. A master playlist asked for
// without a grant is the current one, so a player that starts now starts on
// the new version. The media of a replaced source are removed at once:
// whoever replaced them wanted them gone.

// JobRemoveVersion removes a replaced asset version once its grace is over.
const JobRemoveVersion JobKind = "remove_version"

// RemoveVersionPayload is the payload of a JobRemoveVersion.
type RemoveVersionPayload struct {
	Version string `json:"version"`
}

// versionLen is the length of a version name: a letter and an id of 8.
const versionLen = 9

// ValidVersion reports whether s is spelled as newVersion spells versions,
// so that a version read from a URL can name a blob folder.
func ValidVersion(s string) bool {
	return len(s) == versionLen && (s[0] == 'p' || s[0] == 'v') && ValidID(s[1:], versionLen-1)
}

// keepReplaced decides, in the transaction of a publish that replaces old
// with a new version of v, whether old is kept for the grace: when the
// grace is on and old holds the same media as the new version (an early
// set the ladder replaces, a revision). If so it adds to ch the job that
// removes old once the grace is over, and reports true; the caller then
// leaves old in place, and otherwise removes it (removeVersion).
func (s *Service) keepReplaced(v *Video, old string, sameMedia bool, ch *Change) bool {
	if s.cfg.ReplacedVersionGrace <= 0 || old == "" || !sameMedia {
		return false
	}
	payload, _ := json.Marshal(RemoveVersionPayload{Version: old})
	ch.Jobs = append(ch.Jobs, Job{Kind: JobRemoveVersion, Space: v.Space, VideoID: v.ID, Payload: payload,
		MaxAttempts: s.cfg.MaxJobAttempts, RunAt: s.clock.Now().Add(s.cfg.ReplacedVersionGrace)})
	return true
}

// removeVersion removes the files of one asset version of a video and the
// frames cut from it.
func (s *Service) removeVersion(ctx context.Context, videoID, version string) {
	s.removePrefixes(ctx, videoID, assetPrefix(videoID, version), FramePrefix(videoID, version))
}

// RemoveReplacedVersion runs a JobRemoveVersion: it removes the files of
// the version the job names, unless the video points at that version again
// (it never does today; a version is never republished) or is gone (its
// files went with it).
func (s *Jobs) RemoveReplacedVersion(ctx context.Context, job *Job) error {
	var p RemoveVersionPayload
	if err := json.Unmarshal(job.Payload, &p); err != nil || !ValidVersion(p.Version) {
		return Errorf(EValidation, "job %d names no asset version", job.ID)
	}
	v, err := s.store.Video(ctx, "", job.VideoID)
	if IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading video: %w", err)
	}
	if v.AssetVersion == p.Version {
		return nil
	}
	s.removeVersion(ctx, v.ID, p.Version)
	return nil
}

// VersionOpener opens the file name of one asset version of a video:
// videohost/delivery's caches, or Blobs as they are (Service.OpenAsset).
type VersionOpener func(ctx context.Context, videoID, version, name string) (Blob, BlobInfo, error)

// OpenCurrent opens the file name of the video's published version with
// open; a video with none is ENotFound.
func OpenCurrent(ctx context.Context, v *Video, name string, open VersionOpener) (Blob, BlobInfo, error) {
	if v.AssetVersion == "" {
		return nil, BlobInfo{}, Errorf(ENotFound, "no such asset")
	}
	return open(ctx, v.ID, v.AssetVersion, name)
}

// OpenAsset opens a file of the video's published version ("playlist.m3u8",
// "h264_sd/3.m4s") from Blobs, uncached; players are served through
// videohost/delivery, which keeps copies.
func (s *Service) OpenAsset(ctx context.Context, v *Video, name string) (Blob, BlobInfo, error) {
	return OpenCurrent(ctx, v, name, s.OpenVersion)
}

// OpenVersion opens a file of one asset version of a video from Blobs,
// uncached: the opener of access.AssetPass.Open for tools and tests.
func (s *Service) OpenVersion(ctx context.Context, videoID, version, name string) (Blob, BlobInfo, error) {
	return s.blobs.Open(ctx, AssetKey(videoID, version, name))
}

// ReplacedVersionGraceDefault is the grace cmd/reel and refserver give a
// replaced version when no flag says otherwise.
const ReplacedVersionGraceDefault = 10 * time.Minute
