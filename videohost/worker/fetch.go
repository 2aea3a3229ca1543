package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/netguard"
)

// fetch downloads the video's input_url straight into blob storage: the body
// streams through, it is never held in memory whole.
func (w *Worker) fetch(ctx context.Context, job *videohost.Job) error {
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if err != nil {
		if videohost.IsNotFound(err) {
			return nil // deleted meanwhile: nothing to do
		}
		return err
	}
	if v.State != videohost.StateCreated {
		return nil // already fetched by an earlier attempt
	}
	if _, err := w.cfg.Guard.CheckURL(ctx, v.InputURL); err != nil {
		return permanent(videohost.VideoErrFetchFailed, fmt.Errorf("input_url refused: %w", err))
	}
	ctx, cancel := context.WithTimeout(ctx, w.cfg.FetchTimeout)
	defer cancel()
	client := w.cfg.Guard.HTTPClient(0, 5)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.InputURL, nil)
	if err != nil {
		return permanent(videohost.VideoErrFetchFailed, fmt.Errorf("building request: %w", err))
	}
	req.Header.Set("User-Agent", "Reel/1 (+video fetch)")
	resp, err := client.Do(req)
	if err != nil {
		return fetchError(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("fetching input_url: origin answered %s", resp.Status)
	case resp.StatusCode != http.StatusOK:
		return permanent(videohost.VideoErrFetchFailed, fmt.Errorf("fetching input_url: origin answered %s", resp.Status))
	}
	if resp.ContentLength > w.cfg.MaxSourceSize {
		return permanent(videohost.VideoErrTooLarge, fmt.Errorf("source is %d bytes, over the %d byte limit", resp.ContentLength, w.cfg.MaxSourceSize))
	}
	body := &limitReader{r: resp.Body, left: w.cfg.MaxSourceSize}
	n, err := w.svc.StoreSource(ctx, v.ID, body)
	if body.exceeded {
		w.discardSource(ctx, v.ID)
		return permanent(videohost.VideoErrTooLarge, fmt.Errorf("source is over the %d byte limit", w.cfg.MaxSourceSize))
	}
	if err != nil {
		return err
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return fmt.Errorf("fetching input_url: got %d of %d bytes", n, resp.ContentLength)
	}
	if n == 0 {
		w.discardSource(ctx, v.ID)
		return permanent(videohost.VideoErrNotMedia, errors.New("the source is empty"))
	}
	_, err = w.svc.SourceStored(ctx, v.ID, n)
	return err
}

func (w *Worker) discardSource(ctx context.Context, videoID string) {
	if err := w.svc.DiscardSource(context.WithoutCancel(ctx), videoID); err != nil {
		w.log.WarnContext(ctx, "removing a refused source", "video", videoID, "err", err)
	}
}

// fetchError describes a failed request for the video's error message,
// without internal details (the resolver's address in a DNS error), and
// marks as permanent what no retry can fix.
func fetchError(err error) error {
	var dns *net.DNSError
	switch {
	case errors.As(err, &dns):
		msg := fmt.Errorf("fetching input_url: cannot resolve host %s", videohost.Excerpt(dns.Name))
		if dns.IsNotFound {
			return permanent(videohost.VideoErrFetchFailed, msg)
		}
		return msg
	case errors.Is(err, netguard.ErrAddressNotAllowed), errors.Is(err, netguard.ErrRedirectRefused):
		return permanent(videohost.VideoErrFetchFailed, fmt.Errorf("fetching input_url: %w", err))
	}
	return fmt.Errorf("fetching input_url: %w", err)
}

// limitReader fails once more than left bytes were read.
type limitReader struct {
	r        io.Reader
	left     int64
	exceeded bool
}

func (l *limitReader) Read(p []byte) (int, error) {
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		l.exceeded = true
		return n, errors.New("source too large")
	}
	return n, err
}
