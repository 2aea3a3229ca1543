package videohost_test

import (
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

func TestCheckID(t *testing.T) {
	video := videohost.NewID(videohost.VideoIDLen)
	tests := []struct {
		kind videohost.IDKind
		id   string
		ok   bool
	}{
		{videohost.IDSpace, videohost.NewID(videohost.SpaceIDLen), true},
		{videohost.IDSpace, "abcd", false},
		{videohost.IDVideo, video, true},
		{videohost.IDVideo, strings.ToUpper(video), false},
		{videohost.IDVideo, video + "a", false},
		{videohost.IDVideo, "", false},
		{videohost.IDVideo, "abcdefghijk\u00e9", false},
		{videohost.IDCollection, videohost.NewID(videohost.CollectionIDLen), true},
		{videohost.IDEmbed, videohost.NewEmbed("abcde"), true},
		{videohost.IDEmbed, video, false},
		{videohost.IDKey, videohost.NewID(videohost.KeyIDLen), true},
		{videohost.IDSigningKey, videohost.NewID(videohost.SigningKeyIDLen), true},
		{videohost.IDSigningKey, videohost.NewID(videohost.KeyIDLen), false},
		{videohost.IDWebhook, videohost.NewID(videohost.WebhookIDLen), true},
		{videohost.IDDelivery, videohost.NewID(videohost.WebhookDeliveryIDLen), true},
		{videohost.IDUpload, video, true},
		{videohost.IDUpload, video + "-" + videohost.NewID(videohost.UploadSuffixLen), true},
		{videohost.IDUpload, video + "-", false},
		{videohost.IDUpload, video + "-abc", false},
		{videohost.IDUpload, video + "-abcdefgh-abcdefgh", false},
		{videohost.IDUpload, "-abcdefgh", false},
		{videohost.IDKind("nothing"), video, false},
		{videohost.IDVideo, strings.Repeat("a", 100_000), false},
	}
	for _, tt := range tests {
		err := videohost.CheckID(tt.kind, tt.id)
		if (err == nil) != tt.ok {
			t.Errorf("CheckID(%s, %.40q) = %v, want ok %v", tt.kind, tt.id, err, tt.ok)
			continue
		}
		if err == nil {
			continue
		}
		if !videohost.IsNotFound(err) {
			t.Errorf("CheckID(%s, %.40q) = %v, not ENotFound", tt.kind, tt.id, err)
		}
		if msg := videohost.ErrorMessage(err); len(msg) > 100 {
			t.Errorf("CheckID(%s, %.40q): %d-byte message", tt.kind, tt.id, len(msg))
		}
	}
}

// FuzzCheckID: CheckID never panics, accepts exactly the ids NewID could
// have made (length and [a-z0-9], and for uploads the "-" suffix), and its
// refusal is ENotFound quoting at most an excerpt of the input.
func FuzzCheckID(f *testing.F) {
	f.Add("video", "abcdefghijkl")
	f.Add("upload", "abcdefghijkl-abcdefgh")
	f.Add("upload", "abcdefghijkl-")
	f.Add("embed", "abcde0123456789")
	f.Add("video", "ABCDEFGHIJKL")
	f.Add("video", "abcdefghijk\u00e9")
	f.Add("signing key", "abcdefghijklmnop")
	kinds := map[videohost.IDKind]int{
		videohost.IDSpace: videohost.SpaceIDLen, videohost.IDVideo: videohost.VideoIDLen,
		videohost.IDCollection: videohost.CollectionIDLen, videohost.IDEmbed: videohost.EmbedLen,
		videohost.IDKey: videohost.KeyIDLen, videohost.IDSigningKey: videohost.SigningKeyIDLen,
		videohost.IDWebhook: videohost.WebhookIDLen, videohost.IDDelivery: videohost.WebhookDeliveryIDLen,
	}
	f.Fuzz(func(t *testing.T, kind, id string) {
		err := videohost.CheckID(videohost.IDKind(kind), id)
		var want bool
		if n, ok := kinds[videohost.IDKind(kind)]; ok {
			want = videohost.ValidID(id, n)
		} else if videohost.IDKind(kind) == videohost.IDUpload {
			video, suffix, replacing := strings.Cut(id, "-")
			want = videohost.ValidID(video, videohost.VideoIDLen) && (!replacing || videohost.ValidID(suffix, videohost.UploadSuffixLen))
		}
		for _, c := range []byte(id) {
			if want && !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				t.Fatalf("accepted %q with byte %q", id, c)
			}
		}
		if (err == nil) != want {
			t.Fatalf("CheckID(%q, %q) = %v, want ok %v", kind, id, err, want)
		}
		if err == nil {
			return
		}
		if !videohost.IsNotFound(err) {
			t.Fatalf("CheckID(%q, %q) = %v, not ENotFound", kind, id, err)
		}
		if msg := videohost.ErrorMessage(err); len(msg) > len(kind)+len(" not found ")+4*videohost.MaxExcerpt+len("…") {
			t.Fatalf("%d-byte message for a %d-byte id", len(msg), len(id))
		}
	})
}
