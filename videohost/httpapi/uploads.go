package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"
	"github.com/tus/tusd/v2/pkg/filelocker"
	tus "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/memorylocker"

	"github.com/reelvideo/reel/videohost"
)

// HeaderVideoID names the video an upload fills; it is on the creation
// response and on every later response about the upload (the final PATCH
// included), so an uploader knows its video at once.
const HeaderVideoID = "Reel-Video-Id"

// HeaderVideoEmbed carries the embed id of that video beside it, so that a
// browser uploader (<reel-upload>) can follow the video to playable through
// the public embed lookup without an API key.
const HeaderVideoEmbed = "Reel-Video-Embed"

// uploads serves tus 1.0.0 at /v1/uploads with tusd's unrouted handler over
// Config.Uploads (a file store in Config.UploadDir by default). The upload
// id is the video id, so the upload URL names the video and a restarted
// server finds both again.
type uploads struct {
	h      *Handler
	tus    *tus.UnroutedHandler
	store  UploadStore
	locker tus.Locker
	auth   UploadAuthenticator
	serve  http.Handler
}

// uploadState carries the grant of a tus request from the authentication
// step to tusd's hooks, which only see the request context.
type uploadState struct {
	grant    *UploadGrant
	uploadID string // set once preCreate named the new upload
	// body is the body of a PATCH, which countDeferred may count against
	// max_bytes; it is wrapped before tusd's middleware keeps the request.
	body *quotaBody
}

type uploadStateKey struct{}

func newUploads(h *Handler) (*uploads, error) {
	u := &uploads{
		h:      h,
		store:  h.cfg.Uploads,
		locker: h.cfg.UploadLocker,
		auth:   h.cfg.UploadAuth,
	}
	if u.store == nil {
		u.store = newDiskUploads(h.cfg.UploadDir)
	}
	if u.locker == nil {
		if _, onDisk := u.store.(*diskUploads); onDisk {
			// Lock files beside the uploads: processes sharing the folder
			// share the locks.
			u.locker = filelocker.New(h.cfg.UploadDir)
		} else {
			// One process: see Config.UploadLocker for more.
			u.locker = memorylocker.New()
		}
	}
	if u.auth == nil {
		u.auth = u.apiKeyAuth
	}
	composer := tus.NewStoreComposer()
	// Concatenation is left out on purpose: every upload is one video, and
	// partial uploads would each create one.
	facing := reachableStore{UploadStore: u.store, pinger: videohost.PingerOf(u.store), mapErr: u.tusError, abandon: u.abandon}
	composer.UseCore(facing)
	composer.UseTerminater(facing)
	composer.UseLengthDeferrer(facing)
	composer.UseLocker(u.locker)

	cors := tus.DefaultCorsConfig
	cors.ExposeHeaders += ", " + HeaderVideoID + ", " + HeaderVideoEmbed + ", Upload-Expires"

	// The Location of a new upload must be absolute; it comes from the
	// service's public URL, which names the mount point even behind
	// http.StripPrefix. Without one, tusd builds it from the request's host.
	basePath := "/v1/uploads/"
	if base := h.svc.BaseURL(); base != "" {
		basePath = base + "/v1/uploads/"
	}
	th, err := tus.NewUnroutedHandler(tus.Config{
		StoreComposer:             composer,
		BasePath:                  basePath,
		MaxSize:                   h.cfg.MaxUploadSize,
		DisableDownload:           true,
		Cors:                      &cors,
		Logger:                    tusLogger(h.log),
		PreUploadCreateCallback:   u.preCreate,
		PreFinishResponseCallback: u.preFinish,
	})
	if err != nil {
		return nil, fmt.Errorf("creating tus handler: %w", err)
	}
	u.tus = th
	u.serve = th.Middleware(http.HandlerFunc(u.dispatch))
	return u, nil
}

func (u *uploads) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	st := &uploadState{}
	r = r.WithContext(context.WithValue(r.Context(), uploadStateKey{}, st))
	if r.Method == http.MethodPatch && r.Body != nil && r.Body != http.NoBody {
		st.body = &quotaBody{ReadCloser: r.Body}
		r.Body = st.body
	}
	if obs := u.h.cfg.Observer; obs != nil && r.Body != nil && r.Body != http.NoBody {
		body := &countingBody{ReadCloser: r.Body, observe: obs.UploadBytes}
		r.Body = body
		defer func() { obs.UploadBytes(-body.n) }()
	}
	// tusd advertises only what it implements itself; expiry is ours.
	pw := &problemWriter{ResponseWriter: &extensionWriter{ResponseWriter: w}, toProblem: func(status int, body []byte) Problem {
		p := tusProblem(status, body)
		if p.Status >= 500 {
			u.h.log.ErrorContext(r.Context(), "upload failed", "method", r.Method, "tus", string(body))
		}
		return p
	}}
	u.serve.ServeHTTP(pw, r)
	pw.finish()
}

// countingBody reports upload bytes to an Observer as they are read.
type countingBody struct {
	io.ReadCloser
	observe func(int64)
	n       int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.n += int64(n)
		b.observe(int64(n))
	}
	return n, err
}

// dispatch runs after tusd's middleware (protocol version, CORS), so even a
// refused request carries the CORS headers a browser needs to read it.
func (u *uploads) dispatch(w http.ResponseWriter, r *http.Request) {
	h := u.h
	grant, err := u.auth(r.Context(), r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	if grant == nil || grant.Principal == nil {
		h.writeError(w, r, videohost.Errorf(videohost.EUnauthorized, "no credentials"))
		return
	}
	infoOf(r).keyID = grant.Principal.KeyID
	if !h.allow(w, grant.Principal.KeyID) {
		h.writeError(w, r, videohost.Errorf(videohost.ERateLimited, "more than %d requests a minute with this key", h.cfg.RateLimit))
		return
	}
	if !grant.Principal.CanWrite() {
		h.writeError(w, r, videohost.Errorf(videohost.EReadOnlyKey, "uploads need a read-write key"))
		return
	}
	if st, ok := r.Context().Value(uploadStateKey{}).(*uploadState); ok {
		st.grant = grant
	}
	if r.Method == http.MethodPost {
		u.tus.PostFile(w, r)
		if st, ok := r.Context().Value(uploadStateKey{}).(*uploadState); ok && st.uploadID != "" {
			u.touch(st.uploadID)
		}
		return
	}

	id := mux.Vars(r)["id"]
	if err := videohost.CheckID(videohost.IDUpload, id); err != nil {
		h.writeError(w, r, err)
		return
	}
	v, err := h.svc.Video(r.Context(), grant.Principal, videoIDOf(id))
	if err == nil {
		var ok bool
		if ok, err = u.inScope(r.Context(), grant, v, id); err == nil && !ok {
			err = uploadNotFound(id)
		}
	}
	if videohost.IsNotFound(err) {
		// Another space's upload, or one outside the token's scope, does
		// not exist for these credentials.
		err = uploadNotFound(id)
	}
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	w.Header().Set(HeaderVideoID, v.ID)
	w.Header().Set(HeaderVideoEmbed, v.Embed)
	if v.State == videohost.StateCreated {
		if r.Method == http.MethodPatch {
			w.Header().Set("Upload-Expires", u.expiresAt(h.svc.Clock().Now()))
		} else if last, err := u.store.LastActivity(r.Context(), id); err == nil && !last.IsZero() {
			w.Header().Set("Upload-Expires", u.expiresAt(last))
		}
	}
	// tusd reads the upload id from the whole path, as if mounted with
	// http.StripPrefix.
	tr := new(http.Request)
	*tr = *r
	tu := *r.URL
	tu.Path, tu.RawPath = id, ""
	tr.URL = &tu
	switch r.Method {
	case http.MethodHead:
		u.tus.HeadFile(w, tr)
	case http.MethodPatch:
		if v.State == videohost.StateCreated {
			if err := u.countDeferred(r.Context(), r, grant.Principal.Space, v.ID, id); err != nil {
				h.writeError(w, r, err)
				return
			}
		}
		u.tus.PatchFile(w, tr)
		u.touch(id)
	case http.MethodDelete:
		u.tus.DelFile(w, tr)
		_, err := u.store.GetUpload(r.Context(), id)
		terminated := errors.Is(err, tus.ErrNotFound)
		if terminated {
			u.forget(r.Context(), id)
		}
		// A terminated upload leaves a video without a source; it goes too,
		// unless the upload was replacing the source of an existing video.
		if terminated && id == v.ID && v.State == videohost.StateCreated {
			if err := h.svc.DeleteVideo(r.Context(), grant.Principal, v.ID); err != nil && !videohost.IsNotFound(err) {
				h.log.WarnContext(r.Context(), "deleting the video of a terminated upload", "video", v.ID, "err", err)
			}
		}
	}
}

// countDeferred counts the bytes of a PATCH to an upload of deferred length
// (created without Upload-Length) against the space's max_bytes before they
// are stored, as the length an upload declares is counted from its
// creation: a length declared now is counted whole; else the bytes the
// PATCH says it carries (Content-Length) are, and the PATCH that would
// cross max_bytes is refused with quota_exceeded before a byte is written;
// a body of unknown length (chunked) is counted as it arrives, in steps of
// deferredStep, and ends with quota_exceeded at the byte that would cross.
func (u *uploads) countDeferred(ctx context.Context, r *http.Request, space, videoID, id string) error {
	upload, err := u.store.GetUpload(ctx, id)
	if err != nil {
		return nil // tusd answers for a missing upload
	}
	info, err := upload.GetInfo(ctx)
	if err != nil || !info.SizeIsDeferred {
		return nil
	}
	reserve := func(ctx context.Context, total int64) error {
		return u.h.svc.ReserveUploadBytes(ctx, space, videoID, total)
	}
	if l := r.Header.Get("Upload-Length"); l != "" {
		n, err := strconv.ParseInt(l, 10, 64)
		if err != nil || n < 0 {
			return nil // tusd refuses it
		}
		return reserve(ctx, n)
	}
	total := info.Offset
	if r.ContentLength > 0 {
		total += r.ContentLength
	}
	if err := reserve(ctx, total); err != nil {
		return err
	}
	if st, _ := ctx.Value(uploadStateKey{}).(*uploadState); r.ContentLength < 0 && st != nil && st.body != nil {
		b := st.body
		b.ctx, b.reserve, b.at, b.reserved = ctx, reserve, info.Offset, total
		b.refuse = func(err error) error { return u.tusError(ctx, err) }
	}
	return nil
}

// deferredStep is how far ahead of the bytes received a body of unknown
// length is counted against max_bytes: one store write per 8 MiB.
const deferredStep = 8 << 20

// quotaBody counts the bytes of a body of unknown length against max_bytes
// as they arrive, once countDeferred set reserve; the read that would cross
// it returns none of its bytes and the quota error, which tusd answers with.
type quotaBody struct {
	io.ReadCloser
	ctx      context.Context
	reserve  func(context.Context, int64) error // nil: not counted
	refuse   func(error) error
	at       int64 // upload offset after the bytes read so far
	reserved int64
	err      error
}

func (b *quotaBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.ReadCloser.Read(p)
	if b.reserve == nil {
		return n, err
	}
	if end := b.at + int64(n); end > b.reserved {
		if qerr := b.reserve(b.ctx, max(end, b.reserved+deferredStep)); qerr == nil {
			b.reserved = max(end, b.reserved+deferredStep)
		} else if qerr = b.reserve(b.ctx, end); qerr == nil {
			b.reserved = end
		} else {
			b.err = b.refuse(qerr)
			return 0, b.err
		}
	}
	b.at += int64(n)
	return n, err
}

// inScope reports whether grant could have created upload id of video v,
// which is in the grant's space: an upload token scoped to a collection
// reaches the new-video uploads of that collection's subtree, one scoped to
// a video only the uploads that replace its source. Neither may end or fill
// an upload someone else started elsewhere in the space. A grant without a
// scope (an API key, a token for the whole space) reaches every upload.
func (u *uploads) inScope(ctx context.Context, g *UploadGrant, v *videohost.Video, id string) (bool, error) {
	replacing := id != v.ID
	switch {
	case g.ReplaceVideo != "":
		return replacing && v.ID == g.ReplaceVideo, nil
	case g.Collection != "":
		if replacing {
			return false, nil
		}
		return u.h.access.InCollection(ctx, v, g.Collection)
	}
	return true, nil
}

func uploadNotFound(id string) error {
	return videohost.Errorf(CodeUploadNotFound, "upload %s not found", videohost.Excerpt(id))
}

// touch records activity on an upload, read by the janitor and by HEAD.
// The time comes from the service clock, so that expiry follows the same
// clock as everything else (and a test's fake one).
func (u *uploads) touch(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := u.store.Touch(ctx, id, u.h.svc.Clock().Now()); err != nil {
		u.h.log.WarnContext(ctx, "recording upload activity", "upload", id, "err", err)
	}
}

// forget removes what a terminated upload left in the store.
func (u *uploads) forget(ctx context.Context, id string) {
	if err := u.store.Forget(context.WithoutCancel(ctx), id); err != nil {
		u.h.log.WarnContext(ctx, "removing what is left of an upload", "upload", id, "err", err)
	}
}

func (u *uploads) expiresAt(lastActivity time.Time) string {
	return lastActivity.Add(u.h.cfg.UploadExpiry).UTC().Format(http.TimeFormat)
}

// apiKeyAuth is the default UploadAuthenticator: a read-write API key.
func (u *uploads) apiKeyAuth(ctx context.Context, r *http.Request) (*UploadGrant, error) {
	p, err := u.h.principal(ctx, r)
	if err != nil {
		return nil, err
	}
	return &UploadGrant{Principal: p}, nil
}

// videoIDOf returns the video of an upload id: the id itself for a new
// video, the part before "-" for an upload that replaces a source.
func videoIDOf(uploadID string) string {
	id, _, _ := strings.Cut(uploadID, "-")
	return id
}

func (u *uploads) preCreate(hook tus.HookEvent) (tus.HTTPResponse, tus.FileInfoChanges, error) {
	st, _ := hook.Context.Value(uploadStateKey{}).(*uploadState)
	if st == nil || st.grant == nil {
		return tus.HTTPResponse{}, tus.FileInfoChanges{}, u.tusError(hook.Context, videohost.Errorf(videohost.EUnauthorized, "no credentials"))
	}
	meta := hook.Upload.MetaData
	in := videohost.UploadInput{
		Title:        meta["title"],
		Collection:   meta["collection"],
		Filename:     meta["filename"],
		ReplaceVideo: st.grant.ReplaceVideo,
	}
	if !hook.Upload.SizeIsDeferred {
		in.Size = hook.Upload.Size // counted against the space's max_bytes from now on
	}
	if st.grant.Collection != "" {
		in.Collection = st.grant.Collection
	}
	v, err := u.h.svc.CreateUploadVideo(hook.Context, st.grant.Principal, in)
	if err != nil {
		return tus.HTTPResponse{}, tus.FileInfoChanges{}, u.tusError(hook.Context, err)
	}
	id := v.ID
	if in.ReplaceVideo != "" {
		// The video keeps its id; the upload needs a fresh one.
		id = v.ID + "-" + videohost.NewID(videohost.UploadSuffixLen)
	}
	st.uploadID = id
	resp := tus.HTTPResponse{Header: tus.HTTPHeader{
		HeaderVideoID:    v.ID,
		HeaderVideoEmbed: v.Embed,
		"Upload-Expires": u.expiresAt(u.h.svc.Clock().Now()),
	}}
	return resp, tus.FileInfoChanges{ID: id}, nil
}

// abandon deletes the video the creation hook made for an upload that the
// store then failed to create (its bucket unreachable, say): the client was
// answered an error without the video's id, and retries with a new upload.
// A replacement keeps its video, which the hook did not create.
func (u *uploads) abandon(ctx context.Context, info tus.FileInfo) {
	st, _ := ctx.Value(uploadStateKey{}).(*uploadState)
	if st == nil || st.grant == nil || st.grant.ReplaceVideo != "" || info.ID == "" {
		return
	}
	id := videoIDOf(info.ID)
	if err := u.h.svc.DeleteVideo(context.WithoutCancel(ctx), st.grant.Principal, id); err != nil && !videohost.IsNotFound(err) {
		u.h.log.WarnContext(ctx, "removing the video of an upload that could not be created", "video", id, "err", err)
	}
}

// preFinish runs when the last byte is stored, before the final response:
// the upload answers only once its video is uploaded.
func (u *uploads) preFinish(hook tus.HookEvent) (tus.HTTPResponse, error) {
	videoID := videoIDOf(hook.Upload.ID)
	if err := u.importUpload(hook.Context, videoID, hook.Upload); err != nil {
		return tus.HTTPResponse{}, u.tusError(hook.Context, err)
	}
	return tus.HTTPResponse{Header: tus.HTTPHeader{HeaderVideoID: videoID}}, nil
}

// importUpload hands a complete upload to the service: a copy inside the
// blob store when the upload lies there (S3), else the local file.
func (u *uploads) importUpload(ctx context.Context, videoID string, info tus.FileInfo) error {
	dataPath, key := u.store.Source(info)
	if key != "" {
		// Off tusd's request context: the copy's HTTP client would read
		// it from other goroutines while tusd writes it (see blob/s3).
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), importTimeout)
		defer cancel()
		if _, err := u.h.svc.ImportSourceBlob(ctx, videoID, key); err != nil {
			return fmt.Errorf("importing upload of video %s: %w", videoID, err)
		}
		if err := u.store.Imported(ctx, info.ID); err != nil {
			u.h.log.WarnContext(ctx, "freeing an imported upload", "upload", info.ID, "err", err)
		}
		return nil
	}
	return u.importFile(ctx, videoID, dataPath)
}

// importTimeout bounds the copy of a finished upload inside the blob store
// (S3 copies about 100 MB/s and more; an upload is at most 20 GiB).
const importTimeout = 10 * time.Minute

// importFile imports a hard link of a local upload, so that the upload
// stays complete on disk (a HEAD after a lost final response still reports
// the whole length) until the janitor removes it.
func (u *uploads) importFile(ctx context.Context, videoID, dataPath string) error {
	staged := dataPath + ".import"
	os.Remove(staged)
	if err := os.Link(dataPath, staged); err != nil {
		staged = dataPath // no hard links here: move the upload itself
	}
	if _, err := u.h.svc.ImportSource(ctx, videoID, staged); err != nil {
		if staged != dataPath {
			os.Remove(staged)
		}
		return fmt.Errorf("importing upload of video %s: %w", videoID, err)
	}
	return nil
}

// tusError turns a domain error into the error tusd writes: a problem
// document with the status of its code.
func (u *uploads) tusError(ctx context.Context, err error) error {
	p := problemOf(err)
	if p.Status >= 500 {
		u.h.log.ErrorContext(ctx, "upload failed", "err", err)
	}
	body, _ := json.Marshal(p)
	hdr := tus.HTTPHeader{"Content-Type": "application/problem+json"}
	if p.Status == http.StatusUnauthorized {
		hdr["WWW-Authenticate"] = `Bearer realm="reel"`
	}
	if p.retryAfter > 0 {
		hdr["Retry-After"] = strconv.Itoa(int(math.Ceil(p.retryAfter.Seconds())))
	}
	return tus.Error{
		ErrorCode:    p.Code,
		Message:      p.Detail,
		HTTPResponse: tus.HTTPResponse{StatusCode: p.Status, Body: string(body) + "\n", Header: hdr},
	}
}

// ExpireUploads runs one sweep of the upload janitor now: uploads without
// progress for longer than Config.UploadExpiry are removed and their videos
// errored with upload_expired; complete uploads whose import was cut short
// (a crash between the last byte and the import) are imported. It returns
// the number of uploads it expired. The Handler runs it every
// Config.UploadSweepInterval; embedding apps may call it too.
func (h *Handler) ExpireUploads(ctx context.Context) (int, error) {
	return h.uploads.sweep(ctx)
}

func (u *uploads) sweep(ctx context.Context) (int, error) {
	ids, err := u.store.List(ctx)
	if err != nil {
		return 0, fmt.Errorf("listing uploads: %w", err)
	}
	now := u.h.svc.Clock().Now()
	expired := 0
	var errs []error
	for _, id := range ids {
		gone, err := u.sweepOne(ctx, id, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("upload %s: %w", id, err))
		}
		if gone {
			expired++
		}
	}
	return expired, errors.Join(errs...)
}

// sweepOne looks at one upload; it reports whether the upload expired.
func (u *uploads) sweepOne(ctx context.Context, id string, now time.Time) (bool, error) {
	lastActivity, err := u.store.LastActivity(ctx, id)
	if err != nil {
		return false, err
	}
	idle := now.Sub(lastActivity) >= u.h.cfg.UploadExpiry

	upload, err := u.store.GetUpload(ctx, id)
	if errors.Is(err, tus.ErrNotFound) {
		// The data is gone (moved by an import without hard links): only
		// leftovers are there, to be removed once old.
		if idle {
			return false, u.store.Forget(ctx, id)
		}
		return false, nil
	}
	if err != nil {
		return false, err
	}
	info, err := upload.GetInfo(ctx)
	if err != nil {
		return false, err
	}
	complete := !info.SizeIsDeferred && info.Offset == info.Size
	videoID := videoIDOf(id)

	if complete {
		v, err := u.h.svc.VideoByID(ctx, videoID)
		switch {
		case videohost.IsNotFound(err):
		case err != nil:
			return false, err
		case v.State == videohost.StateCreated:
			return false, u.importUpload(ctx, videoID, info)
		}
		if idle {
			return false, u.terminate(ctx, upload, id)
		}
		return false, nil
	}
	if !idle {
		return false, nil
	}
	if err := u.terminate(ctx, upload, id); err != nil {
		return false, err
	}
	_, err = u.h.svc.Fail(ctx, videoID, videohost.VideoErrUploadExpired,
		fmt.Sprintf("the upload received no data for %s", u.h.cfg.UploadExpiry))
	switch videohost.ErrorCode(err) {
	case "", videohost.ENotFound, videohost.EInvalidTransition:
		// A deleted video, or one whose source arrived by other means,
		// has nothing to fail.
		return true, nil
	}
	return true, fmt.Errorf("failing video %s: %w", videoID, err)
}

func (u *uploads) terminate(ctx context.Context, upload tus.Upload, id string) error {
	lock, err := u.locker.NewLock(id)
	if err != nil {
		return err
	}
	lockCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := lock.Lock(lockCtx, func() {}); err != nil {
		return fmt.Errorf("locking: %w", err)
	}
	defer func() {
		lock.Unlock()
		u.forget(ctx, id)
	}()
	if err := u.store.AsTerminatableUpload(upload).Terminate(ctx); err != nil {
		return fmt.Errorf("removing: %w", err)
	}
	return nil
}

// extensionWriter adds "expiration" to the Tus-Extension header tusd writes:
// the Handler implements expiry itself (Upload-Expires and the janitor).
type extensionWriter struct {
	http.ResponseWriter
	done bool
}

func (w *extensionWriter) WriteHeader(status int) {
	if !w.done {
		w.done = true
		if ext := w.Header().Get("Tus-Extension"); ext != "" {
			w.Header().Set("Tus-Extension", ext+",expiration")
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *extensionWriter) Write(b []byte) (int, error) {
	if !w.done {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

func (w *extensionWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
