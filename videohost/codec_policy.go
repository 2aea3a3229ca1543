package videohost

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/reelvideo/reel/internal/codecpolicy"
)

// Codec policies (issue 33). A codec policy says which codecs a video is
// encoded in, for which rungs and from when (internal/codecpolicy is the
// grammar). It is set, like the player settings, on the space, a
// collection (and the collections nested in it) or a video, in the same
// scopes (PlayerScope); each scope names the codecs it sets, and for each
// codec the nearest scope that names it wins (space, then each collection
// from the top down, then the video). A policy nobody set is H.264 alone,
// as Reel always encoded. videohost/codecadmin manages them through the
// API; the worker reads the effective policy of a video (EffectiveCodecs)
// for the transcode, for the job that adds codecs to a ready video
// (JobCodecs) and for the view triggers.

// ECodecPolicy is a codec policy Reel refuses: an unknown codec, a rule
// that does not parse, H.264 without the smallest rung. The error's Fields
// name the codec; the message names the rule and why.
const ECodecPolicy = "invalid_codec_policy"

// JobCodecs adds to a ready video the renditions of the codecs its
// effective policy names and it lacks (CodecPipeline.AddCodecs over a
// checkout of its version), published as a new version. A policy change
// queues it for the ready videos it affects; the worker's view trigger
// queues it when a video's views pass a rule's threshold.
const JobCodecs JobKind = "codecs"

// CodecPolicyStore keeps the codec rules set at each scope. Both of Reel's
// stores implement it; without it there are no codec policies (every video
// is H.264 alone and the routes answer unavailable).
type CodecPolicyStore interface {
	// CodecPolicies returns the rules (codec → rule, as set) of those
	// scopes of space that have any.
	CodecPolicies(ctx context.Context, space string, scopes []PlayerScope) (map[PlayerScope]map[string]string, error)
	// PutCodecPolicy replaces the rules of a scope; no rules remove its row.
	PutCodecPolicy(ctx context.Context, space string, scope PlayerScope, rules map[string]string, now time.Time) error
}

// ViewCounts reads what the analytics rollups count (videohost/analytics
// writes them): the total views of a video, and which videos were viewed
// lately. The view triggers of codec policies read them; both of Reel's
// stores implement it.
type ViewCounts interface {
	// VideoViews is the views of a video over all its hourly rollups.
	VideoViews(ctx context.Context, videoID string) (int64, error)
	// ViewedSince lists the videos with views in an hour at or after
	// since, each with its total views (all hours).
	ViewedSince(ctx context.Context, since time.Time) ([]VideoViewCount, error)
}

// VideoViewCount is one video's total views.
type VideoViewCount struct {
	Space   string
	VideoID string
	Views   int64
}

// CodecPolicyStore is the store's codec policies, or EUnavailable naming
// them, for videohost/codecadmin.
func (s *Service) CodecPolicyStore() (CodecPolicyStore, error) {
	return need(s.caps.codecs, "codec policies", "store")
}

// CodecPipeline is the pipeline's CodecPipeline, or nil: without it a
// policy applies to new uploads only.
func (s *Service) CodecPipeline() CodecPipeline { return s.caps.pipeline.Codecs }

// ViewCounts is the store's view counts, or nil.
func (s *Service) ViewCounts() ViewCounts { return s.caps.views }

// CodecError is err, a *codecpolicy.Error, as the domain's ECodecPolicy
// naming the codec; any other error as it is.
func CodecError(err error) error {
	var pe *codecpolicy.Error
	if !errors.As(err, &pe) {
		return err
	}
	field := "codecs"
	if pe.Codec != "" {
		field = pe.Codec
	}
	msg := pe.Error()
	return &Error{Code: ECodecPolicy, Message: msg, Fields: []FieldError{{Field: field, Message: msg}}, Err: err}
}

// MergeCodecRules lays the rules of each scope over those of the scopes
// before it, codec by codec: the last scope naming a codec wins.
func MergeCodecRules(layers ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, l := range layers {
		maps.Copy(out, l)
	}
	return out
}

// CodecRules returns the rules set at each scope of chain (the scopes from
// the top: CollectionChain), merged: the nearest scope wins, codec by
// codec. Without a store they are none (the default policy).
func (s *Service) CodecRules(ctx context.Context, space string, chain []PlayerScope) (map[string]string, error) {
	cs := s.caps.codecs
	if cs == nil {
		return map[string]string{}, nil
	}
	got, err := cs.CodecPolicies(ctx, space, chain)
	if err != nil {
		return nil, err
	}
	layers := make([]map[string]string, 0, len(chain))
	for _, sc := range chain {
		layers = append(layers, got[sc])
	}
	return MergeCodecRules(layers...), nil
}

// EffectiveCodecs is the codec policy of v: its own rules over those of
// its collections and space.
func (s *Service) EffectiveCodecs(ctx context.Context, v *Video) (codecpolicy.Policy, error) {
	collection := ""
	if v.Collection != nil {
		collection = *v.Collection
	}
	chain, err := s.CollectionChain(ctx, v.Space, collection, []PlayerScope{{PlayerScopeVideo, v.ID}})
	if err != nil {
		return nil, err
	}
	rules, err := s.CodecRules(ctx, v.Space, chain)
	if err != nil {
		return nil, err
	}
	p, err := codecpolicy.Parse(rules)
	if err != nil {
		// Each scope's rules were checked when set, and merging valid
		// rules codec by codec keeps them valid.
		return nil, CodecError(err)
	}
	return p, nil
}

// Views is the total views of a video as the analytics count them; 0
// where the store does not count views.
func (s *Service) Views(ctx context.Context, videoID string) (int64, error) {
	if s.caps.views == nil {
		return 0, nil
	}
	return s.caps.views.VideoViews(ctx, videoID)
}

// EncodeCodecs is what the pipeline is asked to encode for a video under
// p viewed views times (ProcessInput.Codecs, CodecPipeline.AddCodecs):
// p without the codecs still waiting for their views; nil when that is the
// default (H.264 alone), so that nothing changes for a video without a
// policy.
func EncodeCodecs(p codecpolicy.Policy, views int64) map[string]string {
	if p == nil {
		return nil
	}
	waiting, _ := p.Waiting(views)
	out := p.Strings()
	for _, c := range waiting {
		delete(out, c)
	}
	for c, r := range out {
		if r == "none" {
			delete(out, c)
		}
	}
	q, err := codecpolicy.Parse(out)
	if err != nil || q.IsDefault() {
		return nil
	}
	return out
}

// qualityShort is the short edge of each quality's box (codecpolicy's
// rungs).
var qualityShort = map[string]int{"sd": 360, "hd": 720, "fhd": 1080, "qhd": 1440, "uhd": 2160}

// CodecsMissing lists, in codecpolicy.Names order, the codecs that p
// encodes now (views passed their trigger) for a rung v has and that v
// has no rendition of at that rung. v's rungs are the qualities of its
// renditions.
func CodecsMissing(v *Video, p codecpolicy.Policy, views int64) []string {
	have := map[string]bool{}
	var rungs []string
	for _, r := range v.Renditions {
		have[r.Codec+"_"+r.Quality] = true
		if !slices.Contains(rungs, r.Quality) {
			rungs = append(rungs, r.Quality)
		}
	}
	var missing []string
	for _, q := range rungs {
		short, ok := qualityShort[q]
		if !ok {
			continue
		}
		for _, c := range p.CodecsFor(short, views) {
			if !have[c+"_"+q] && !slices.Contains(missing, c) {
				missing = append(missing, c)
			}
		}
	}
	slices.SortFunc(missing, func(a, b string) int {
		return slices.Index(codecpolicy.Names(), a) - slices.Index(codecpolicy.Names(), b)
	})
	return missing
}

// CodecState is a video's effective codec policy as its JSON shows it:
// the rules, the codecs it has renditions of, and those waiting for their
// views (with the lowest threshold among them).
type CodecState struct {
	Rules         map[string]string `json:"rules"`
	Encoded       []string          `json:"encoded"`
	Waiting       []string          `json:"waiting"`
	Missing       []string          `json:"missing"`
	Views         int64             `json:"views"`
	NextThreshold int64             `json:"next_threshold,omitempty"`
}

// CodecStateOf is v's codec state under p at views.
func CodecStateOf(v *Video, p codecpolicy.Policy, views int64) *CodecState {
	st := &CodecState{Rules: p.Strings(), Encoded: []string{}, Views: views}
	for _, c := range codecpolicy.Names() {
		if slices.ContainsFunc(v.Renditions, func(r Rendition) bool { return r.Codec == c }) {
			st.Encoded = append(st.Encoded, c)
		}
	}
	st.Waiting, st.NextThreshold = p.Waiting(views)
	if st.Waiting == nil {
		st.Waiting = []string{}
	}
	st.Missing = []string{}
	if v.State == StateReady {
		if m := CodecsMissing(v, p, views); m != nil {
			st.Missing = m
		}
	}
	return st
}

// QueueCodecs queues a JobCodecs for a ready video of space (a trusted
// call: the policy change or the view trigger checked what it needed).
// A video not ready, archived or gone is left alone: a transcode encodes
// the effective policy when it runs.
func (s *Service) QueueCodecs(ctx context.Context, space, videoID string) error {
	_, err := s.updateVideo(ctx, space, videoID, func(v *Video) (Change, error) {
		if v.State != StateReady || v.AssetVersion == "" || v.Archived {
			return Change{}, errNothingToQueue
		}
		return Change{Jobs: []Job{{Kind: JobCodecs, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	if errors.Is(err, errNothingToQueue) || IsNotFound(err) {
		return nil
	}
	return err
}

var errNothingToQueue = errors.New("nothing to queue")

// PublishCodecs publishes dir, a checkout of the video's version base to
// which CodecPipeline.AddCodecs added the renditions of the codecs in
// added, as the video's new version (PublishRevision), and lists those
// renditions in the video: one per folder {codec}_{quality} of dir holding
// a playlist, sized by its files, at the picture size of the video's
// rendition of the same quality. It emits no event, as no revision does.
func (s *Jobs) PublishCodecs(ctx context.Context, videoID, base, dir string, added []string) error {
	version := newVersion(true)
	chapters := hasChapterFiles(dir)
	found := addedRenditions(dir, added) // before the import, which may move dir
	if err := s.importPath(ctx, assetPrefix(videoID, version), dir, true); err != nil {
		return fmt.Errorf("publishing revision: %w", err)
	}
	var kept bool
	_, err := s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
		if v.AssetVersion != base {
			return Change{}, Errorf(EConflict, "video %s was republished meanwhile", videoID)
		}
		for _, r := range found {
			if slices.ContainsFunc(v.Renditions, func(o Rendition) bool { return o.Name == r.Name }) {
				continue
			}
			i := slices.IndexFunc(v.Renditions, func(o Rendition) bool { return o.Quality == r.Quality })
			if i < 0 {
				continue // a rung the video does not have: not listed
			}
			r.Width, r.Height = v.Renditions[i].Width, v.Renditions[i].Height
			if v.Duration > 0 {
				r.Bitrate = int(float64(r.Size) * 8 / v.Duration)
			}
			v.Renditions = append(v.Renditions, r)
		}
		slices.SortStableFunc(v.Renditions, func(a, b Rendition) int {
			return slices.Index(codecpolicy.Names(), a.Codec) - slices.Index(codecpolicy.Names(), b.Codec)
		})
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

// addedRenditions finds in dir the rendition folders ({codec}_{quality},
// with a playlist) of the codecs in added, each sized by its files.
func addedRenditions(dir string, added []string) []Rendition {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Rendition
	for _, e := range entries {
		codec, quality, ok := strings.Cut(e.Name(), "_")
		if !e.IsDir() || !ok || !slices.Contains(added, codec) || qualityShort[quality] == 0 {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "playlist.m3u8")); err != nil {
			continue
		}
		var size int64
		_ = filepath.WalkDir(filepath.Join(dir, e.Name()), func(_ string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if info, err := d.Info(); err == nil {
					size += info.Size()
				}
			}
			return nil
		})
		out = append(out, Rendition{Name: e.Name(), Codec: codec, Quality: quality, Size: size})
	}
	return out
}
