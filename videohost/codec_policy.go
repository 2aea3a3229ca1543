package videohost

import (
	"context"
	"time"
)

// Codec policies (issue 33): which codecs a video is encoded in, for which
// rungs and from when (internal/codecpolicy is the grammar), set on the
// space, a collection or a video (PlayerScope) and inherited codec by codec,
// the nearest scope winning. videohost/codecadmin resolves and manages them;
// what the stores, the API and the worker share is here.

// ECodecPolicy is a codec policy Reel refuses; Fields name the codec.
const ECodecPolicy = "invalid_codec_policy"

// JobCodecs adds to a ready video the renditions of the codecs its policy
// names and it lacks (CodecPipeline.AddCodecs), published as a new version.
const JobCodecs JobKind = "codecs"

// CodecPolicyStore keeps the codec rules set at each scope.
type CodecPolicyStore interface {
	// CodecPolicies returns the rules (codec → rule) of those scopes of
	// space that have any.
	CodecPolicies(ctx context.Context, space string, scopes []PlayerScope) (map[PlayerScope]map[string]string, error)
	// PutCodecPolicy replaces the rules of a scope; none remove its row.
	PutCodecPolicy(ctx context.Context, space string, scope PlayerScope, rules map[string]string, now time.Time) error
}

// ViewCounts reads the views the analytics rollups count, for the view
// triggers of codec policies.
type ViewCounts interface {
	// VideoViews is the views of a video over all its hourly rollups.
	VideoViews(ctx context.Context, videoID string) (int64, error)
	// ViewedSince lists the videos with views in an hour at or after
	// since, each with its total views.
	ViewedSince(ctx context.Context, since time.Time) ([]VideoViewCount, error)
}

// VideoViewCount is one video's total views.
type VideoViewCount struct {
	Space, VideoID string
	Views          int64
}

// CodecState is a video's effective codec policy as its JSON shows it.
type CodecState struct {
	Rules         map[string]string `json:"rules"`
	Encoded       []string          `json:"encoded"`
	Waiting       []string          `json:"waiting"`
	Missing       []string          `json:"missing"`
	Views         int64             `json:"views"`
	NextThreshold int64             `json:"next_threshold,omitempty"`
	// Savings is, per codec other than H.264, the share of bytes its
	// renditions save against the H.264 ones of the same rungs (0.3: 30 %
	// fewer; negative: more), over the rungs both have.
	Savings map[string]float64 `json:"savings,omitempty"`
}

// CodecPolicyStore is the store's codec policies, or EUnavailable.
func (s *Service) CodecPolicyStore() (CodecPolicyStore, error) {
	return need(s.caps.codecs, "codec policies", "store")
}

// CodecPipeline is the pipeline's CodecPipeline, or nil.
func (s *Service) CodecPipeline() CodecPipeline { return s.caps.pipeline.Codecs }

// ViewCounts is the store's view counts, or nil.
func (s *Service) ViewCounts() ViewCounts { return s.caps.views }
