package httpapi

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"net/textproto"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reelvideo/reel/components"
	"github.com/reelvideo/reel/videohost"
)

// Errors of handlers that are not ours (tusd, http.ServeContent, the
// components' file handler) come as text/plain. problemWriter turns them
// into problem documents with a stable code, keeping their status and the
// headers they set (tus clients read the status; Allow, Tus-Resumable and
// CORS headers stay).

// maxForeignBody bounds what is kept of a foreign error body: only its
// first line is read, for the tus error code.
const maxForeignBody = 1 << 10

type problemWriter struct {
	http.ResponseWriter
	// toProblem renders a captured error from its status and body.
	toProblem func(status int, body []byte) Problem
	wrote     bool
	status    int // of a captured error; 0 while passing through
	body      bytes.Buffer
}

func (w *problemWriter) WriteHeader(status int) {
	if w.wrote {
		return
	}
	w.wrote = true
	if status >= 400 && !strings.HasPrefix(w.Header().Get("Content-Type"), "application/problem+json") {
		w.status = status
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *problemWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	if w.status != 0 {
		w.body.Write(b[:min(len(b), max(0, maxForeignBody-w.body.Len()))])
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// ReadFrom keeps sendfile for the files ServeContent copies.
func (w *problemWriter) ReadFrom(src io.Reader) (int64, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	if w.status != 0 {
		return io.Copy(io.Discard, src)
	}
	if !isFile(src) {
		// A body that is no file (an S3 object) passes through this
		// process: net/http would copy it 32 KiB at a time through a buffer
		// allocated per response. 256 KiB reads and writes from a pool
		// take about half the CPU per byte (measured in bench/scaleout).
		buf := copyBuffers.Get().(*[]byte)
		defer copyBuffers.Put(buf)
		return io.CopyBuffer(writerOnly{w.ResponseWriter}, src, *buf)
	}
	if rf, ok := w.ResponseWriter.(io.ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	return io.Copy(w.ResponseWriter, src)
}

// copyBuffers are the buffers bodies that are no files are copied with.
// A pool of free memory, not state: what it holds changes no answer.
var copyBuffers = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// isFile reports whether src is a file (as http.ServeContent passes it,
// limited to the bytes it sends), which the connection sends with sendfile.
func isFile(src io.Reader) bool {
	if lr, ok := src.(*io.LimitedReader); ok {
		src = lr.R
	}
	_, ok := src.(*os.File)
	return ok
}

// writerOnly hides the ReadFrom of a writer from io.CopyBuffer, which
// would otherwise hand it the copy (and its own 32 KiB buffer).
type writerOnly struct{ io.Writer }

func (w *problemWriter) Flush() {
	if w.status != 0 {
		return
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController (tusd's read deadlines) reach the
// connection.
func (w *problemWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes the captured error, if any, as a problem document.
func (w *problemWriter) finish() {
	if w.status == 0 {
		return
	}
	p := w.toProblem(w.status, w.body.Bytes())
	w.Header().Del("Content-Length")
	w.Header().Del("X-Content-Type-Options")
	writeProblem(w.ResponseWriter, p)
}

// plainProblem renders the error of a file handler (ServeContent, the
// components' handler), whose body says nothing a program needs.
func plainProblem(status int, _ []byte) Problem {
	switch status {
	case http.StatusNotFound:
		return problemOf(videohost.Errorf(videohost.ENotFound, "no such file"))
	case http.StatusMethodNotAllowed:
		return problemOf(videohost.Errorf(codeMethodNotAllowed, "only GET, HEAD and OPTIONS are served here"))
	case http.StatusRequestedRangeNotSatisfiable:
		return problemOf(videohost.Errorf(CodeRangeNotSatisfiable, "no range of the Range header is within the file"))
	case http.StatusPreconditionFailed:
		return problemOf(videohost.Errorf(CodePreconditionFailed, "a precondition of the request (If-Match, If-Unmodified-Since) does not hold"))
	}
	return problemOf(videohost.Errorf(videohost.EInternal, "file handler answered %d", status))
}

// serveContent is http.ServeContent with problem documents for its errors
// and RFC 9110's reading of zero-length suffix ranges. size is the length
// of content.
func serveContent(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker, size int64) {
	if rng := r.Header.Get("Range"); rng != "" {
		kept, dropped := dropEmptySuffixRanges(rng)
		if size == 0 && strings.HasPrefix(rng, "bytes=") {
			// No byte range of an empty file is satisfiable; ServeContent
			// would answer "bytes=-1" with Content-Range: bytes 0--1/0.
			writeRangeNotSatisfiable(w, size)
			return
		}
		if dropped {
			if kept == "" {
				writeRangeNotSatisfiable(w, size)
				return
			}
			// ServeContent would serve "-0" as an empty part with an
			// impossible Content-Range; the other ranges still stand.
			r = r.Clone(r.Context())
			r.Header.Set("Range", kept)
		}
	}
	pw := &problemWriter{ResponseWriter: w, toProblem: func(status int, body []byte) Problem {
		if status == http.StatusRequestedRangeNotSatisfiable && w.Header().Get("Content-Range") == "" {
			w.Header().Set("Content-Range", "bytes */"+strconv.FormatInt(size, 10))
		}
		return plainProblem(status, body)
	}}
	http.ServeContent(pw, r, "", modtime, content)
	pw.finish()
}

func writeRangeNotSatisfiable(w http.ResponseWriter, size int64) {
	w.Header().Set("Content-Range", "bytes */"+strconv.FormatInt(size, 10))
	writeProblem(w, plainProblem(http.StatusRequestedRangeNotSatisfiable, nil))
}

// dropEmptySuffixRanges removes the ranges "-0" (a suffix of no bytes,
// which RFC 9110 calls unsatisfiable) from a Range header. It reports
// whether it removed any; a header it does not read is left alone.
func dropEmptySuffixRanges(header string) (string, bool) {
	spec, ok := strings.CutPrefix(header, "bytes=")
	if !ok {
		return header, false
	}
	var kept []string
	dropped := false
	for part := range strings.SplitSeq(spec, ",") {
		// Read as ServeContent reads it: "- 0" and "-+0" are "-0" too.
		p := textproto.TrimString(part)
		start, end, _ := strings.Cut(p, "-")
		start, end = textproto.TrimString(start), textproto.TrimString(end)
		if n, err := strconv.ParseInt(end, 10, 64); start == "" && err == nil && n == 0 && !strings.HasPrefix(end, "-") {
			dropped = true
			continue
		}
		kept = append(kept, p)
	}
	if !dropped {
		return header, false
	}
	if len(kept) == 0 {
		return "", true
	}
	return "bytes=" + strings.Join(kept, ","), true
}

// tusCodes maps tusd's error codes to Reel's. Each Reel code has the status
// tusd answers with (statusOf), so tus clients, which read the status, see
// no difference.
var tusCodes = map[string]string{
	"ERR_UNSUPPORTED_VERSION":         CodeTusVersionUnsupported,
	"ERR_MAX_SIZE_EXCEEDED":           videohost.EPayloadTooLarge,
	"ERR_UPLOAD_SIZE_EXCEEDED":        videohost.EPayloadTooLarge,
	"ERR_INVALID_CONTENT_TYPE":        videohost.EValidation,
	"ERR_INVALID_UPLOAD_LENGTH":       videohost.EValidation,
	"ERR_INVALID_OFFSET":              videohost.EValidation,
	"ERR_UPLOAD_NOT_FINISHED":         videohost.EValidation,
	"ERR_INVALID_CONCAT":              videohost.EValidation,
	"ERR_AMBIGUOUS_UPLOAD_LENGTH":     videohost.EValidation,
	"ERR_INVALID_UPLOAD_LENGTH_DEFER": videohost.EValidation,
	"ERR_UPLOAD_REJECTED":             videohost.EValidation,
	"ERR_UPLOAD_NOT_FOUND":            CodeUploadNotFound,
	"ERR_UPLOAD_LOCKED":               CodeUploadLocked,
	"ERR_MISMATCHED_OFFSET":           CodeUploadOffsetMismatch,
	"ERR_NOT_IMPLEMENTED":             CodeNotImplemented,
	"ERR_MODIFY_FINAL":                videohost.EForbidden,
	"ERR_ORIGIN_NOT_ALLOWED":          videohost.EForbidden,
	"ERR_UPLOAD_STOPPED":              CodeUploadInterrupted,
	"ERR_UPLOAD_INTERRUPTED":          CodeUploadInterrupted,
	"ERR_UNEXPECTED_EOF":              CodeUploadInterrupted,
	"ERR_SERVER_SHUTDOWN":             videohost.EUnavailable,
	"ERR_LOCK_TIMEOUT":                videohost.EInternal,
	"ERR_READ_TIMEOUT":                videohost.EInternal,
	"ERR_CONNECTION_RESET":            videohost.EInternal,
	"ERR_INTERNAL_SERVER_ERROR":       videohost.EInternal,
}

// tusHeaderFields names the request header a tus validation error is about.
var tusHeaderFields = map[string]string{
	"ERR_INVALID_CONTENT_TYPE":        "Content-Type",
	"ERR_INVALID_UPLOAD_LENGTH":       "Upload-Length",
	"ERR_INVALID_OFFSET":              "Upload-Offset",
	"ERR_INVALID_CONCAT":              "Upload-Concat",
	"ERR_AMBIGUOUS_UPLOAD_LENGTH":     "Upload-Defer-Length",
	"ERR_INVALID_UPLOAD_LENGTH_DEFER": "Upload-Defer-Length",
}

// tusStatusCodes is the fallback for an error code tusd may add later: the
// Reel code of its status, or internal.
var tusStatusCodes = map[int]string{
	http.StatusBadRequest:            videohost.EValidation,
	http.StatusForbidden:             videohost.EForbidden,
	http.StatusNotFound:              CodeUploadNotFound,
	http.StatusConflict:              CodeUploadOffsetMismatch,
	http.StatusPreconditionFailed:    CodeTusVersionUnsupported,
	http.StatusRequestEntityTooLarge: videohost.EPayloadTooLarge,
	http.StatusLocked:                CodeUploadLocked,
	http.StatusNotImplemented:        CodeNotImplemented,
	http.StatusServiceUnavailable:    videohost.EUnavailable,
}

// tusProblem renders a tusd error ("ERR_MISMATCHED_OFFSET: mismatched
// offset\n"; no body on HEAD) as a problem document.
func tusProblem(status int, body []byte) Problem {
	line, _, _ := bytes.Cut(body, []byte("\n"))
	tusCode, msg, _ := strings.Cut(string(line), ": ")
	code, known := tusCodes[tusCode]
	if !known {
		code = tusStatusCodes[status]
	}
	if code == "" {
		code = videohost.EInternal
	}
	if msg == "" {
		msg = strings.ToLower(http.StatusText(status))
	}
	e := &videohost.Error{Code: code, Message: msg}
	if field, ok := tusHeaderFields[tusCode]; ok {
		e.Message = field + ": " + msg
		e.Fields = []videohost.FieldError{{Field: field, Message: msg}}
	}
	return problemOf(e)
}

// cdnHandler serves the components' files with problem documents for
// errors, and "-0" ranges refused as serveContent refuses them.
func cdnHandler(files http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rng := r.Header.Get("Range"); rng != "" {
			if kept, dropped := dropEmptySuffixRanges(rng); dropped {
				name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
				fi, err := fs.Stat(components.FS(), name)
				if kept == "" && err == nil {
					w.Header().Set("Access-Control-Allow-Origin", "*")
					writeRangeNotSatisfiable(w, fi.Size())
					return
				}
				r = r.Clone(r.Context())
				r.Header.Set("Range", kept)
			}
		}
		pw := &problemWriter{ResponseWriter: w, toProblem: plainProblem}
		files.ServeHTTP(pw, r)
		pw.finish()
	})
}
