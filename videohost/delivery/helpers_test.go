package delivery_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/delivery"
)

func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }

// bootstrapped is a service made from cfg (its secret and base URL filled
// in) with its first space made, and a Delivery over it made from dcfg: it
// returns both, a principal that may write in the space and the id of the
// space's first key.
func bootstrapped(t *testing.T, cfg videohost.Config, dcfg delivery.Config) (*videohost.Service, *delivery.Delivery, *videohost.Principal, string) {
	t.Helper()
	cfg.Secret, cfg.BaseURL = bytes.Repeat([]byte("k"), 32), "https://reel.example"
	svc, err := videohost.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d, err := delivery.New(svc, dcfg)
	if err != nil {
		t.Fatal(err)
	}
	sp, keys, err := svc.Bootstrap(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return svc, d, &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite}, keys[0].ID
}

func openDisk(t *testing.T) *blob.Disk {
	t.Helper()
	d, err := blob.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tree")
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func video(t *testing.T, svc *videohost.Service, p *videohost.Principal, id string) *videohost.Video {
	t.Helper()
	v, err := svc.Video(context.Background(), p, id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// asset reads a file of v's published version through d.
func asset(t *testing.T, d *delivery.Delivery, v *videohost.Video, name string) string {
	t.Helper()
	b, _, err := d.OpenAsset(context.Background(), v, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer b.Close()
	data, _ := io.ReadAll(b)
	return string(data)
}

// versions checks how many asset versions of a video are stored: replaced
// versions must not pile up.
func versions(t *testing.T, blobs videohost.Blobs, videoID string, want int) {
	t.Helper()
	seen := map[string]bool{}
	all, err := blobs.List(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range all {
		parts := strings.Split(b.Key, "/")
		if parts[0] == "videos" && parts[1] == videoID {
			seen[parts[2]] = true
		}
	}
	if len(seen) != want {
		t.Fatalf("%d stored versions %v, want %d", len(seen), seen, want)
	}
}
