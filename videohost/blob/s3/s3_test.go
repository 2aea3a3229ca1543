package s3_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob/blobtest"
	"github.com/reelvideo/reel/videohost/blob/s3"
)

func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }

// open returns a store on a fresh bucket whose Puts of more than 5 MiB are
// multipart uploads.
func open(t *testing.T, edit ...func(*s3.Config)) *s3.Store {
	t.Helper()
	cfg := s3test.Start(t).Config(t)
	cfg.PartSize = s3.MinPartSize
	for _, fn := range edit {
		fn(&cfg)
	}
	st, err := s3.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestContract(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) videohost.Blobs { return open(t) })
}

// TestContractUnderPrefix runs the contract on a store under a key prefix,
// beside other objects in the bucket that it must never see or delete.
func TestContractUnderPrefix(t *testing.T) {
	srv := s3test.Start(t)
	blobtest.Run(t, func(t *testing.T) videohost.Blobs {
		cfg := srv.Config(t)
		cfg.PartSize = s3.MinPartSize
		cfg.Prefix = "tenant/reel"
		st, err := s3.Open(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		other := cfg
		other.Prefix = "tenant"
		outside, err := s3.Open(context.Background(), other)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"a/1/y", "reelx/v/1/a", "v/1/a"} {
			if _, err := outside.Put(context.Background(), k, strings.NewReader("outside")); err != nil {
				t.Fatal(err)
			}
		}
		t.Cleanup(func() {
			for _, k := range []string{"a/1/y", "reelx/v/1/a", "v/1/a"} {
				if _, err := outside.Stat(context.Background(), k); err != nil {
					t.Errorf("an object outside the prefix was touched: %s: %v", k, err)
				}
			}
		})
		return st
	})
}

func TestParseURL(t *testing.T) {
	tests := []struct {
		url     string
		want    s3.Config
		wantErr string // a part of the error
	}{
		{url: "s3://media", want: s3.Config{Bucket: "media"}},
		{url: "s3://media/reel/prod/?region=eu-west-1", want: s3.Config{Bucket: "media", Prefix: "reel/prod", Region: "eu-west-1"}},
		{url: "s3://my.bucket-1?endpoint=http://127.0.0.1:7070&region=us-east-1&path_style=true",
			want: s3.Config{Bucket: "my.bucket-1", Endpoint: "http://127.0.0.1:7070", Region: "us-east-1", PathStyle: true}},
		{url: "s3://b12?endpoint=https://s3.example.com/&path_style=false", want: s3.Config{Bucket: "b12", Endpoint: "https://s3.example.com"}},
		{url: "file:///data", wantErr: "want s3://BUCKET"},
		{url: "s3://", wantErr: "the bucket is missing"},
		{url: "s3:///prefix", wantErr: "the bucket is missing"},
		{url: "s3://Media", wantErr: `bucket "Media" is not a valid bucket name`},
		{url: "s3://ab", wantErr: `bucket "ab"`},
		{url: "s3://a_b", wantErr: `bucket "a_b"`},
		{url: "s3://media/a/../b", wantErr: `prefix "a/../b"`},
		{url: "s3://media//x", wantErr: `prefix`},
		{url: "s3://media?endpoint=ftp://host", wantErr: `endpoint "ftp://host" is not an http(s) URL`},
		{url: "s3://media?endpoint=127.0.0.1:7070", wantErr: `endpoint "127.0.0.1:7070"`},
		{url: "s3://media?path_style=yes", wantErr: `path_style="yes": want true or false`},
		{url: "s3://media?region=", wantErr: `region ""`},
		{url: "s3://media?bucket=x", wantErr: `unknown parameter "bucket"`},
		{url: "s3://media?region=a&region=b", wantErr: "region is given 2 times"},
		{url: "s3://media#x", wantErr: "fragment"},
		{url: "s3://AKIAXXXX:topsecret@media", wantErr: "credentials do not belong in the URL"},
		{url: "s3://media?endpoint=http://key:topsecret@host", wantErr: "without credentials"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			got, err := s3.ParseURL(tt.url)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), "topsecret") {
					t.Errorf("the error repeats a secret: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			// String gives back a URL that parses to the same.
			again, err := s3.ParseURL(got.String())
			if err != nil || again != got {
				t.Errorf("String() = %s parses to %+v, %v", got.String(), again, err)
			}
		})
	}
}

// TestOpenUnreachable: every reason a store cannot be used is one error at
// Open, "blobs unreachable: ..." naming the store and the reason.
func TestOpenUnreachable(t *testing.T) {
	srv := s3test.Start(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	tests := []struct {
		name string
		edit func(*s3.Config)
		want string
	}{
		{"nothing listens", func(c *s3.Config) { c.Endpoint = closed }, "connection refused"},
		{"no such bucket", func(c *s3.Config) { c.Bucket = "reel-missing-bucket" }, "the bucket does not exist"},
		{"wrong secret", func(c *s3.Config) {
			c.Credentials = credentials.NewStaticCredentialsProvider(s3test.AccessKey, "wrong-secret-value", "")
		}, "the credentials were refused"},
		{"no credentials", func(c *s3.Config) {
			c.Credentials = aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
				return aws.Credentials{}, errors.New("no EC2 IMDS role found")
			})
		}, "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"},
		{"unknown key", func(c *s3.Config) {
			c.Credentials = credentials.NewStaticCredentialsProvider("nobody", "wrong-secret-value", "")
		}, "the credentials were refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := srv.Config(t)
			tt.edit(&cfg)
			_, err := s3.Open(context.Background(), cfg)
			if err == nil {
				t.Fatal("Open succeeded")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "blobs unreachable: s3://"+cfg.Bucket) || !strings.Contains(msg, tt.want) {
				t.Errorf("err = %q, want blobs unreachable: s3://%s... %s", msg, cfg.Bucket, tt.want)
			}
			if strings.Contains(msg, "wrong-secret-value") || strings.Contains(msg, s3test.SecretKey) || strings.Contains(msg, "\n") {
				t.Errorf("err is not one line without secrets: %q", msg)
			}
		})
	}
}

// TestCopy copies inside the bucket, at once and (past CopyPartSize) in parts.
func TestCopy(t *testing.T) {
	ctx := context.Background()
	st := open(t, func(c *s3.Config) { c.CopyPartSize = s3.MinPartSize })
	for _, size := range []int{10, blobtest.LargeSize} {
		data := bytes.Repeat([]byte("0123456789abcdef"), size/16+1)[:size]
		if _, err := st.Put(ctx, "uploads/u1", bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		info, err := st.Copy(ctx, "copies/v1/source", "uploads/u1")
		if err != nil {
			t.Fatalf("copy of %d bytes: %v", size, err)
		}
		if info.Size != int64(size) || info.Key != "copies/v1/source" {
			t.Errorf("copy info %+v", info)
		}
		b, _, err := st.Open(ctx, "copies/v1/source")
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(b)
		b.Close()
		if err != nil || sha256.Sum256(got) != sha256.Sum256(data) {
			t.Fatalf("copy of %d bytes reads back %d bytes, %v", size, len(got), err)
		}
	}
	if _, err := st.Copy(ctx, "x/y", "uploads/missing"); !videohost.IsNotFound(err) {
		t.Errorf("copy of a missing blob: %v", err)
	}
	if _, err := st.Copy(ctx, "../y", "uploads/u1"); videohost.ErrorCode(err) != videohost.EValidation {
		t.Errorf("copy to a bad key: %v", err)
	}
}

// recorder is a reverse proxy in front of the S3 server that records the
// object requests (method and Range) it forwards.
type recorder struct {
	mu   sync.Mutex
	reqs []string
}

func (rec *recorder) take() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	r := rec.reqs
	rec.reqs = nil
	return r
}

func recordingStore(t *testing.T) (*s3.Store, *recorder) {
	t.Helper()
	srv := s3test.Start(t)
	target, _ := url.Parse(srv.Endpoint)
	proxy := httputil.NewSingleHostReverseProxy(target)
	rec := &recorder{}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Count(strings.Trim(r.URL.Path, "/"), "/") >= 1 { // an object, not the bucket
			line := r.Method
			if rg := r.Header.Get("Range"); rg != "" {
				line += " " + rg
			}
			rec.mu.Lock()
			rec.reqs = append(rec.reqs, line)
			rec.mu.Unlock()
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	cfg := srv.Config(t)
	cfg.Endpoint = front.URL
	st, err := s3.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st, rec
}

// TestReadsAreLazyRanges: Open is one GET and no HEAD; a Seek moves only
// the offset, so ServeContent's seek-to-end-and-back reads on in Open's
// body; a read far from the body's position is one ranged GET.
func TestReadsAreLazyRanges(t *testing.T) {
	ctx := context.Background()
	st, rec := recordingStore(t)
	data := bytes.Repeat([]byte("abcdefghij"), 100_000) // 1 MB
	if _, err := st.Put(ctx, "assets/v/1/h264_sd.mp4", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	rec.take()

	b, info, err := st.Open(ctx, "assets/v/1/h264_sd.mp4")
	if err != nil {
		t.Fatal(err)
	}
	if info.Size != int64(len(data)) {
		t.Fatalf("size %d", info.Size)
	}
	if size, _ := b.Seek(0, io.SeekEnd); size != int64(len(data)) {
		t.Fatalf("seek to end = %d", size)
	}
	b.Seek(0, io.SeekStart)
	b.Seek(500_000, io.SeekStart)
	got := make([]byte, 100)
	if _, err := io.ReadFull(b, got); err != nil || !bytes.Equal(got, data[500_000:500_100]) {
		t.Fatalf("range read: %v", err)
	}
	// Reading on goes on in the same body.
	if _, err := io.ReadFull(b, got); err != nil || !bytes.Equal(got, data[500_100:500_200]) {
		t.Fatalf("read on: %v", err)
	}
	b.Seek(10, io.SeekStart)
	if _, err := io.ReadFull(b, got); err != nil || !bytes.Equal(got, data[10:110]) {
		t.Fatalf("second range: %v", err)
	}
	b.Close() // mid-stream
	want := []string{"GET", "GET bytes=500000-", "GET bytes=10-"}
	if got := rec.take(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("requests %v, want %v", got, want)
	}

	// From the start, a read is one plain GET.
	b, _, err = st.Open(ctx, "assets/v/1/h264_sd.mp4")
	if err != nil {
		t.Fatal(err)
	}
	all, err := io.ReadAll(b)
	b.Close()
	if err != nil || !bytes.Equal(all, data) {
		t.Fatalf("full read: %d bytes, %v", len(all), err)
	}
	if got := rec.take(); strings.Join(got, ",") != "GET" {
		t.Errorf("full read made requests %v", got)
	}

	// ServeContent's pattern: to the end for the size, back to the start,
	// read all: Open's GET serves it. A small skip ahead reads on too.
	b, _, err = st.Open(ctx, "assets/v/1/h264_sd.mp4")
	if err != nil {
		t.Fatal(err)
	}
	b.Seek(0, io.SeekEnd)
	b.Seek(1000, io.SeekStart)
	if _, err := io.ReadFull(b, got); err != nil || !bytes.Equal(got, data[1000:1100]) {
		t.Fatalf("skip read: %v", err)
	}
	b.Seek(20_000, io.SeekCurrent)
	if _, err := io.ReadFull(b, got); err != nil || !bytes.Equal(got, data[21_100:21_200]) {
		t.Fatalf("skip ahead: %v", err)
	}
	b.Close()
	if got := rec.take(); strings.Join(got, ",") != "GET" {
		t.Errorf("seek to end, back and skips made requests %v", got)
	}
}

// TestReplacedWhileOpen: a blob replaced after Open reads as the version
// Open saw, whole, while Open's body lasts; a read that needs another GET
// is an error, never the new bytes under the old size.
func TestReplacedWhileOpen(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	if _, err := st.Put(ctx, "k/x", strings.NewReader("first version")); err != nil {
		t.Fatal(err)
	}
	b, _, err := st.Open(ctx, "k/x")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := st.Put(ctx, "k/x", strings.NewReader("second, a longer version")); err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(b); err != nil || string(got) != "first version" {
		t.Fatalf("read %q, %v; want the version Open saw", got, err)
	}
	b.Seek(0, io.SeekStart)
	if got, err := io.ReadAll(b); err == nil {
		t.Errorf("read %q of a replaced blob without an error", got)
	}
}

// TestPutPartBoundaries writes blobs around the part size: one PUT below
// it, a multipart upload from it on, the last part possibly empty.
func TestPutPartBoundaries(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	for _, size := range []int{0, 1, s3.MinPartSize - 1, s3.MinPartSize, s3.MinPartSize + 1, 2 * s3.MinPartSize} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			data := bytes.Repeat([]byte{byte(size)}, size)
			n, err := st.Put(ctx, "b/blob", bytes.NewReader(data))
			if err != nil || n != int64(size) {
				t.Fatalf("Put = %d, %v", n, err)
			}
			b, info, err := st.Open(ctx, "b/blob")
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(b)
			b.Close()
			if err != nil || info.Size != int64(size) || !bytes.Equal(got, data) {
				t.Fatalf("read %d bytes (size %d), %v", len(got), info.Size, err)
			}
		})
	}
}

// TestPresignGet: a presigned URL reads the blob (under the store's
// prefix) without credentials, with the Content-Type asked for, Range
// included; it expires; a key that is no clean path is refused.
func TestPresignGet(t *testing.T) {
	st := open(t, func(c *s3.Config) { c.Prefix = "tenant" })
	ctx := context.Background()
	data := bytes.Repeat([]byte("0123456789"), 1000)
	if _, err := st.Put(ctx, "media/1.m4s", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	u, err := st.PresignGet(ctx, "media/1.m4s", time.Minute, "video/iso.segment")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(u, "/tenant/media/1.m4s?") || strings.Contains(u, s3test.SecretKey) {
		t.Fatalf("URL %s", u)
	}
	get := func(u string, hdr ...string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", u, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	res, b := get(u)
	if res.StatusCode != http.StatusOK || !bytes.Equal(b, data) || res.Header.Get("Content-Type") != "video/iso.segment" {
		t.Fatalf("GET: %d, %d bytes, %q", res.StatusCode, len(b), res.Header.Get("Content-Type"))
	}
	res, b = get(u, "Range", "bytes=3-6")
	if res.StatusCode != http.StatusPartialContent || string(b) != "3456" {
		t.Fatalf("Range: %d %q", res.StatusCode, b)
	}
	// Signed a second ago for a second: expired.
	old, err := st.PresignGet(ctx, "media/1.m4s", time.Second, "")
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(2100 * time.Millisecond)
	if res, _ := get(old); res.StatusCode != http.StatusForbidden {
		t.Errorf("an expired URL: %d", res.StatusCode)
	}
	for _, bad := range []string{"../x", "/abs", ""} {
		if _, err := st.PresignGet(ctx, bad, time.Minute, ""); err == nil {
			t.Errorf("PresignGet(%q) accepted", bad)
		}
	}
}
