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
