package videohost

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Publishing. The service alone knows where a video's files live in blob
// storage:
//
//	sources/{video}/source                 the upload or fetched file
//	sources/{video}/subtitles/{lang}.vtt   stored subtitle tracks
//	                                       (chapters live on the video row)
//	videos/{video}/{version}/…             one published set of assets
//	cache/{video}/frames/{version}/…       frames made on demand (videohost/delivery)
//	chunks/{video}/{index}/…               a chunked encode's pieces (chunks.go)
//
// A published set is immutable: every publish writes a new version under a
// fresh name and then flips the video row to it in one transaction, so a
// reader sees the old set or the new one, never a mix; the version it
// replaces is deleted afterwards, at once or after a grace (replaced.go).
// Workers hand the service local folders; the optional LocalBlobs and
// LinkBlobs capabilities make that a rename or a link on local disk, and
// any other store gets a copy of each file.

// sourceKey is the blob key of a video's source file.
func sourceKey(videoID string) string { return "sources/" + videoID + "/source" }

// assetPrefix is the blob folder of one published asset version of a video.
func assetPrefix(videoID, version string) string { return "videos/" + videoID + "/" + version }

// AssetKey is the blob key of the file name ("playlist.m3u8",
// "h264_sd/3.m4s") of one published asset version of a video, for
// videohost/delivery, which reads published files through its caches.
func AssetKey(videoID, version, name string) string {
	return assetPrefix(videoID, version) + "/" + name
}

// FrameCachePrefix is where frames by URL live in blob storage, one folder
// per video ("cache/{video}/frames/{version}/{millis}_{width}.{format}"):
// videohost/delivery makes and bounds them, the domain deletes them with
// their video or version.
const FrameCachePrefix = "cache/"

// FramePrefix is the blob folder of the frames of one asset version.
func FramePrefix(videoID, version string) string {
	return FrameCachePrefix + videoID + "/frames/" + version
}

// CopiedPrefixes are the blob folders of a video that a copy of the
// installation (videohost/installcopy) carries, each ending in "/": its
// source (with an uploaded poster image) and its published version, if
// any. Frames, caches and chunks are made again.
func CopiedPrefixes(videoID, version string) []string {
	prefixes := []string{"sources/" + videoID + "/"}
	if version != "" {
		prefixes = append(prefixes, assetPrefix(videoID, version)+"/")
	}
	return prefixes
}

// InstallationRoots are the blob folders that hold an installation's own
// data (sources and published versions; not caches or chunks): a blob
// store with anything under them is not empty.
func InstallationRoots() []string { return []string{"sources/", "videos/"} }

// videoPrefixes are every blob folder a video may own.
func videoPrefixes(videoID string) []string {
	return []string{"videos/" + videoID, "sources/" + videoID, "cache/" + videoID, chunkPrefix(videoID, -1)}
}

// Version names: "p" for an early playable set, "v" for a complete one.
func newVersion(final bool) string {
	if final {
		return "v" + NewID(8)
	}
	return "p" + NewID(8)
}

// isEarlyVersion reports whether version names an early playable set.
func isEarlyVersion(version string) bool { return strings.HasPrefix(version, "p") }

// IsEarlyVersion reports whether an asset version is an early playable
// set's (a remux, a growing first rendition, a live session's), not a
// finished ladder's.
func IsEarlyVersion(version string) bool { return isEarlyVersion(version) }

// StoreSource streams a video's complete source (a fetched input_url) from
// r into blob storage and returns its size. The video does not change
// state: SourceStored does that once the caller has checked the result.
func (s *Jobs) StoreSource(ctx context.Context, videoID string, r io.Reader) (int64, error) {
	n, err := s.blobs.Put(ctx, sourceKey(videoID), r)
	if err != nil {
		return n, fmt.Errorf("storing source: %w", err)
	}
	return n, nil
}

// DiscardSource removes a stored source that will not be used (too large,
// empty); it is not an error when there is none.
func (s *Jobs) DiscardSource(ctx context.Context, videoID string) error {
	return s.blobs.DeletePrefix(ctx, "sources/"+videoID+"/source")
}

// ImportSource moves a complete local source file (a finished upload) into
// blob storage and marks the video uploaded. The file is moved when the blob
// store is on local disk, copied otherwise.
func (s *Service) ImportSource(ctx context.Context, videoID, localPath string) (*Video, error) {
	fi, err := os.Stat(localPath)
	if err != nil {
		return nil, fmt.Errorf("reading upload: %w", err)
	}
	if err := s.importPath(ctx, sourceKey(videoID), localPath, fi.IsDir()); err != nil {
		return nil, fmt.Errorf("storing source: %w", err)
	}
	return s.Jobs().SourceStored(ctx, videoID, fi.Size())
}

// ImportSourceBlob makes the blob at key, a complete upload already in the
// same store (tus uploads on S3), a video's source with the store's own
// copy (CopyBlobs), so that no byte passes through this process, and marks
// the video uploaded. The blob at key is left for the caller to remove.
func (s *Service) ImportSourceBlob(ctx context.Context, videoID, key string) (*Video, error) {
	cb, err := need(s.caps.copyBlobs, "importing an upload by copy", "blob store")
	if err != nil {
		return nil, err
	}
	info, err := cb.Copy(ctx, sourceKey(videoID), key)
	if err != nil {
		return nil, fmt.Errorf("storing source: %w", err)
	}
	return s.Jobs().SourceStored(ctx, videoID, info.Size)
}

// LocalSource returns a local path of a video's stored source: the blob
// itself when blobs are on local disk, else a copy downloaded into dir. A
// missing source is a permanent transcode_failed error.
func (s *Jobs) LocalSource(ctx context.Context, videoID, dir string) (string, error) {
	key := sourceKey(videoID)
	if lb := s.caps.localBlobs; lb != nil {
		p := lb.Path(key)
		if _, err := os.Stat(p); err != nil {
			return "", &Error{Code: VideoErrTranscodeFailed, Message: "the source is missing", Err: err}
		}
		return p, nil
	}
	p := filepath.Join(dir, "source")
	if err := s.download(ctx, key, p); err != nil {
		if IsNotFound(err) {
			return "", &Error{Code: VideoErrTranscodeFailed, Message: "the source is missing", Err: err}
		}
		return "", fmt.Errorf("downloading source: %w", err)
	}
	return p, nil
}

// PublishPlayable publishes an early playable set of a video that is still
// processing, so that it plays before the ladder is done. A set the
// pipeline is still writing (out.Live) is published by reference where the
// blob store can serve a growing folder (LinkBlobs), and elsewhere as a
// copy of what it holds now, which SyncPlayable brings up to date
// (playable_sync.go). It reports whether the set was published.
func (s *Jobs) PublishPlayable(ctx context.Context, videoID, dir string, out *ProcessOutput) (bool, error) {
	return s.publishPlayable(ctx, videoID, dir, out, s.caps.linkBlobs)
}

// PublishPlayableCopy is PublishPlayable for a live set whose folder will
// not outlive the caller's job: it is copied on every blob store.
func (s *Jobs) PublishPlayableCopy(ctx context.Context, videoID, dir string, out *ProcessOutput) (bool, error) {
	return s.publishPlayable(ctx, videoID, dir, out, nil)
}

func (s *Jobs) publishPlayable(ctx context.Context, videoID, dir string, out *ProcessOutput, lb LinkBlobs) (bool, error) {
	version := newVersion(false)
	prefix := assetPrefix(videoID, version)
	switch {
	case out.Live && lb != nil:
		if err := lb.Link(ctx, prefix, dir); err != nil {
			return false, fmt.Errorf("linking playable set: %w", err)
		}
	case out.Live:
		if err := s.copyLiveSet(ctx, prefix, dir, map[string]bool{}); err != nil {
			s.removePrefixes(ctx, videoID, prefix)
			return false, err
		}
	default:
		if err := s.importPath(ctx, prefix, dir, true); err != nil {
			return false, fmt.Errorf("publishing playable set: %w", err)
		}
	}
	if _, err := s.publish(ctx, videoID, version, out, false); err != nil {
		if !out.Live || lb == nil {
			s.removePrefixes(ctx, videoID, prefix)
		}
		return false, err
	}
	return true, nil
}

// PublishReady publishes the complete set of assets in dir (which it takes
// over) as the video's new version and makes the video ready.
func (s *Jobs) PublishReady(ctx context.Context, videoID, dir string, out *ProcessOutput) (*Video, error) {
	version := newVersion(true)
	withChapters := *out
	withChapters.Assets.Chapters = hasChapterFiles(dir)
	if err := s.importPath(ctx, assetPrefix(videoID, version), dir, true); err != nil {
		return nil, fmt.Errorf("publishing assets: %w", err)
	}
	v, err := s.publish(ctx, videoID, version, &withChapters, true)
	if err != nil {
		s.removePrefixes(ctx, videoID, assetPrefix(videoID, version))
		return nil, err
	}
	return v, nil
}

// CheckoutAssets writes the files of the video's published version into
// dir, for a revision of them (PublishRevision). On local disk media files
// are hard links: nothing is copied or re-encoded.
func (s *Jobs) CheckoutAssets(ctx context.Context, v *Video, dir string) error {
	if v.AssetVersion == "" {
		return Errorf(EInvalidTransition, "video %s has no published assets", v.ID)
	}
	prefix := assetPrefix(v.ID, v.AssetVersion)
	if lb := s.caps.localBlobs; lb != nil {
		if err := linkTree(lb.Path(prefix), dir); err != nil {
			return fmt.Errorf("cloning published assets: %w", err)
		}
		return nil
	}
	blobs, err := s.blobs.List(ctx, prefix+"/")
	if err != nil {
		return fmt.Errorf("listing published assets: %w", err)
	}
	for _, b := range blobs {
		rel := strings.TrimPrefix(b.Key, prefix+"/")
		if err := s.download(ctx, b.Key, filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			return fmt.Errorf("downloading %s: %w", rel, err)
		}
	}
	return nil
}

// PublishRevision publishes dir, a revision of the video's version base
// made from CheckoutAssets (new subtitles: the media is the same), as the
// video's new version. When the video moved on meanwhile (a newer version
// was published after base) it is refused with EConflict and the caller
// retries.
func (s *Jobs) PublishRevision(ctx context.Context, videoID, base, dir string) error {
	return s.PublishRevisionEdit(ctx, videoID, base, dir, nil)
}

// PublishRevisionEdit is PublishRevision that also lets edit change the
// video in the same update (a codec revision lists its new renditions),
// when edit is not nil.
func (s *Jobs) PublishRevisionEdit(ctx context.Context, videoID, base, dir string, edit func(v *Video)) error {
	version := newVersion(true)
	chapters := hasChapterFiles(dir)
	if err := s.importPath(ctx, assetPrefix(videoID, version), dir, true); err != nil {
		return fmt.Errorf("publishing revision: %w", err)
	}
	var kept bool
	_, err := s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
		if v.AssetVersion != base {
			return Change{}, Errorf(EConflict, "video %s was republished meanwhile", videoID)
		}
		if edit != nil {
			edit(v)
		}
		v.AssetVersion = version
		v.Assets.Chapters = chapters
		v.UpdatedAt = s.clock.Now()
		var ch Change
		kept = s.keepReplaced(v, base, true, &ch)
		return ch, nil
	})
	if err != nil {
		s.removePrefixes(ctx, videoID, assetPrefix(videoID, version))
		return err
	}
	if base != "" && !kept {
		s.removeVersion(ctx, videoID, base)
	}
	return nil
}

// hasChapterFiles reports whether the asset folder dir holds the chapter
// files (ChapterPipeline wrote them).
func hasChapterFiles(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, ChaptersVTTAsset))
	return err == nil
}

// OpenOriginal opens the original upload of a playable video whose
// original_access is on; otherwise it is ENotFound.
func (s *Service) OpenOriginal(ctx context.Context, v *Video) (Blob, BlobInfo, error) {
	if !v.OriginalAccess {
		return nil, BlobInfo{}, Errorf(ENotFound, "the original of video %s is not shared (original_access is off)", v.ID)
	}
	return s.blobs.Open(ctx, sourceKey(v.ID))
}

// ImportFile takes a local file over into blob storage at key (a rename
// on local disk, else a copy), for a room that keeps an uploaded file at
// a key this package builds (videohost/trackadmin: AudioTrackKey).
func (s *Service) ImportFile(ctx context.Context, key, path string) error {
	return s.importPath(ctx, key, path, false)
}

// importPath puts a local file or folder at key: a rename on local disk, a
// copy of each file elsewhere.
func (s *Service) importPath(ctx context.Context, key, localPath string, isDir bool) error {
	if lb := s.caps.localBlobs; lb != nil {
		return lb.Import(ctx, key, localPath)
	}
	if !isDir {
		return s.putFile(ctx, key, localPath)
	}
	return filepath.WalkDir(localPath, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(localPath, p)
		if err != nil {
			return err
		}
		return s.putFile(ctx, key+"/"+filepath.ToSlash(rel), p)
	})
}

func (s *Service) putFile(ctx context.Context, key, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := s.blobs.Put(ctx, key, f); err != nil {
		return fmt.Errorf("storing %s: %w", filepath.Base(path), err)
	}
	return nil
}

// download copies the blob at key to the local file path.
func (s *Service) download(ctx context.Context, key, path string) error {
	rc, _, err := s.blobs.Open(ctx, key)
	if err != nil {
		return err
	}
	defer rc.Close()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, rc)
	return errors.Join(err, f.Close())
}

// removePrefixes deletes blob folders that nothing points at any more. It
// runs even when ctx is ending: a left folder would be orphaned.
func (s *Service) removePrefixes(ctx context.Context, videoID string, prefixes ...string) {
	for _, p := range prefixes {
		if err := s.blobs.DeletePrefix(context.WithoutCancel(ctx), p); err != nil {
			s.log.WarnContext(ctx, "removing unused assets", "video", videoID, "prefix", p, "err", err)
		}
		s.forgetCopies(p)
	}
}

// linkTree recreates src at dst with hard links (copies across devices), so
// a checkout costs no media copy. Playlists, manifests and text files are
// copied: they are the files a revision rewrites, and a rewrite in place of
// a hard link would change the published original too.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		switch filepath.Ext(p) {
		case ".m3u8", ".mpd", ".json", ".vtt":
		default:
			if err := os.Link(p, target); err == nil {
				return nil
			}
		}
		return copyFile(p, target)
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return errors.Join(err, out.Close())
}

// SourceStored records that the source of a video is complete in blob
// storage: the video becomes uploaded and a prepare job is queued (which
// queues the transcode). A source that would take the space past its
// max_bytes (a fetched one, whose size nobody declared) is removed, and
// the video ends errored with quota_exceeded; the quota error is returned.
func (s *Jobs) SourceStored(ctx context.Context, videoID string, size int64) (*Video, error) {
	v, err := s.transition(ctx, "", videoID, StateUploaded, func(v *Video, ch *Change) {
		if v.Source == nil {
			v.Source = &SourceInfo{}
		}
		v.Source.Size = size
		v.QuotaBytes = size
		ch.Jobs = append(ch.Jobs, Job{Kind: JobPrepare, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts})
	})
	if ErrorCode(err) == EQuotaExceeded {
		if derr := s.DiscardSource(context.WithoutCancel(ctx), videoID); derr != nil {
			s.log.WarnContext(ctx, "removing a source over quota", "video", videoID, "err", derr)
		}
		s.failOverQuota(ctx, videoID, err)
	}
	return v, err
}

// failOverQuota ends a video errored with quota_exceeded and the quota
// error's message.
func (s *Service) failOverQuota(ctx context.Context, videoID string, quotaErr error) {
	if _, err := s.Fail(context.WithoutCancel(ctx), videoID, VideoErrQuotaExceeded, ErrorMessage(quotaErr)); err != nil && !IsNotFound(err) {
		s.log.ErrorContext(ctx, "marking a video over quota errored", "video", videoID, "err", err)
	}
}

// QueueTranscode queues the transcode of a video whose source was
// prepared: in LaneEarly when the prepare job could not make it playable,
// since that transcode is what makes it playable.
func (s *Jobs) QueueTranscode(ctx context.Context, videoID string) error {
	_, err := s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
		if v.State != StateUploaded && v.State != StateProcessing {
			return Change{}, Errorf(EInvalidTransition, "video %s is %s", v.ID, v.State)
		}
		lane := LaneMain
		if !v.Playable {
			lane = LaneEarly
		}
		return Change{Jobs: []Job{{Kind: JobTranscode, Lane: lane, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	return err
}

// StartProcessing moves a video to processing (idempotent for retries).
func (s *Jobs) StartProcessing(ctx context.Context, videoID string) (*Video, error) {
	return s.transition(ctx, "", videoID, StateProcessing, nil)
}

// publish points the video at a new asset version described by out and
// removes the version it replaces, at once or after the grace when the
// ladder replaces an early playable set (keepReplaced). With final it
// becomes ready; otherwise it only turns playable.
func (s *Service) publish(ctx context.Context, videoID, version string, out *ProcessOutput, final bool) (*Video, error) {
	var old string
	var kept bool
	apply := func(v *Video, ch *Change) {
		old = v.AssetVersion
		// An early set ("p…") holds the media the ladder ("v…") is made
		// from; a version replaced by an early set is a replaced source's.
		kept = s.keepReplaced(v, old, final && isEarlyVersion(old), ch)
		v.AssetVersion = version
		v.Playable = true
		v.Duration, v.Width, v.Height = out.Duration, out.Width, out.Height
		v.AspectRatio = AspectRatio(out.Width, out.Height)
		src := out.Source
		if v.Source != nil && src.Size == 0 {
			src.Size = v.Source.Size
		}
		if v.Source != nil && src.LiveStream == "" {
			src.LiveStream = v.Source.LiveStream
		}
		v.Source = &src
		v.Renditions = out.Renditions
		// Added tracks outlive a new source: each is encoded again, against
		// the new video, once it is ready.
		var added []AudioTrack
		for _, a := range v.AudioTracks {
			if a.Added {
				a.State, a.Error, a.Rev = TrackProcessing, nil, NewID(8)
				added = append(added, a)
			}
		}
		v.AudioTracks = append(slices.Clone(out.AudioTracks), added...)
		if final && len(added) > 0 && ch != nil {
			ch.Jobs = append(ch.Jobs, Job{Kind: JobAudioTracks, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts})
		}
		v.Assets = out.Assets
		if v.PosterTime == nil && final {
			pt := out.PosterTime
			v.PosterTime = &pt
		}
		if final {
			now := s.clock.Now()
			v.ReadyAt = &now
		}
	}
	var v *Video
	var err error
	if final {
		v, err = s.transition(ctx, "", videoID, StateReady, apply)
	} else {
		v, err = s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
			if v.State != StateProcessing {
				return Change{}, Errorf(EInvalidTransition, "video %s is %s, not processing", v.ID, v.State)
			}
			var ch Change
			apply(v, &ch)
			v.UpdatedAt = s.clock.Now()
			return ch, nil
		})
	}
	if ErrorCode(err) == EQuotaExceeded {
		// The duration is known once the video is first published: past
		// the space's max_minutes, the video ends errored.
		s.failOverQuota(ctx, videoID, err)
	}
	if err != nil {
		return nil, err
	}
	if old != "" && old != version && !kept {
		s.removeVersion(ctx, videoID, old)
	}
	return v, nil
}

// Fail moves a video to errored with a code from the VideoErr* constants.
func (s *Service) Fail(ctx context.Context, videoID, code, message string) (*Video, error) {
	return s.transition(ctx, "", videoID, StateErrored, func(v *Video, _ *Change) {
		v.Error = &VideoError{Code: code, Message: message}
	})
}

// transition is the one place where video states change: it checks the move
// against the transition table and writes the event in the same transaction.
func (s *Service) transition(ctx context.Context, space, id string, to State, apply func(*Video, *Change)) (*Video, error) {
	v, err := s.updateVideo(ctx, space, id, func(v *Video) (Change, error) {
		ev, err := Transition(v.State, to)
		if err != nil {
			return Change{}, err
		}
		var ch Change
		if ev != "" {
			ch.Events = append(ch.Events, ev)
		}
		v.State = to
		v.UpdatedAt = s.clock.Now()
		if apply != nil {
			apply(v, &ch)
		}
		return ch, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// AspectRatio reduces width:height, e.g. 1920x1080 → "16:9".
func AspectRatio(w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	a, b := w, h
	for b != 0 {
		a, b = b, a%b
	}
	return strconv.Itoa(w/a) + ":" + strconv.Itoa(h/a)
}
