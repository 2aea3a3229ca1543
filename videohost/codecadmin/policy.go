package codecadmin

import (
	"context"
	"errors"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/reelvideo/reel/internal/codecpolicy"
	"github.com/reelvideo/reel/videohost"
)

// The resolution of codec policies, shared by the API (this package's
// Policies) and the worker (the transcode, the job that adds codecs, the
// view triggers).

// CodecError is err, a *codecpolicy.Error, as videohost.ECodecPolicy naming
// the codec; any other error as it is.
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
	return &videohost.Error{Code: videohost.ECodecPolicy, Message: msg, Fields: []videohost.FieldError{{Field: field, Message: msg}}, Err: err}
}

// MergeRules lays the rules of each scope over those of the scopes before
// it, codec by codec: the last scope naming a codec wins.
func MergeRules(layers ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, l := range layers {
		maps.Copy(out, l)
	}
	return out
}

// Rules returns the rules of the scopes of chain (from the top:
// CollectionChain) merged; none without a store (the default policy).
func (s *Policies) Rules(ctx context.Context, space string, chain []videohost.PlayerScope) (map[string]string, error) {
	cs, err := s.d.CodecPolicyStore()
	if err != nil {
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
	return MergeRules(layers...), nil
}

// Effective is the codec policy of v: its own rules over those of its
// collections and space.
func (s *Policies) Effective(ctx context.Context, v *videohost.Video) (codecpolicy.Policy, error) {
	collection := ""
	if v.Collection != nil {
		collection = *v.Collection
	}
	chain, err := s.d.CollectionChain(ctx, v.Space, collection, []videohost.PlayerScope{{Kind: videohost.PlayerScopeVideo, ID: v.ID}})
	if err != nil {
		return nil, err
	}
	rules, err := s.Rules(ctx, v.Space, chain)
	if err != nil {
		return nil, err
	}
	p, err := codecpolicy.Parse(rules)
	if err != nil {
		// Each scope was checked when set, and merging valid rules codec
		// by codec keeps them valid.
		return nil, CodecError(err)
	}
	return p, nil
}

// Views is the total views of a video as the analytics count them; 0
// where the store does not count views.
func (s *Policies) Views(ctx context.Context, videoID string) (int64, error) {
	vc := s.d.ViewCounts()
	if vc == nil {
		return 0, nil
	}
	return vc.VideoViews(ctx, videoID)
}

// Encode is what the pipeline is asked to encode under p for a video viewed
// views times (ProcessInput.Codecs, CodecPipeline.AddCodecs): p without the
// codecs waiting for their views, nor those it does not encode; nil when
// that is the default (H.264 alone), so that nothing changes for a video
// without a policy.
func Encode(p codecpolicy.Policy, views int64) map[string]string {
	if p == nil {
		return nil
	}
	waiting, _ := p.Waiting(views)
	out := p.Strings()
	for c, r := range out {
		if r == "none" || slices.Contains(waiting, c) {
			delete(out, c)
		}
	}
	if q, err := codecpolicy.Parse(out); err != nil || q.IsDefault() {
		return nil
	}
	return out
}

// qualityShort is the short edge of each quality's box (codecpolicy's rungs).
var qualityShort = map[string]int{"sd": 360, "hd": 720, "fhd": 1080, "qhd": 1440, "uhd": 2160}

// Missing lists, in codecpolicy.Names order, the codecs p encodes now (their
// views passed) for a rung v has and that v has no rendition of at that
// rung; v's rungs are the qualities of its renditions.
func Missing(v *videohost.Video, p codecpolicy.Policy, views int64) []string {
	have := map[string]bool{}
	for _, r := range v.Renditions {
		have[r.Codec+"_"+r.Quality] = true
	}
	var missing []string
	for _, c := range codecpolicy.Names() {
		for _, r := range v.Renditions {
			short := qualityShort[r.Quality]
			if short > 0 && slices.Contains(p.CodecsFor(short, views), c) && !have[c+"_"+r.Quality] {
				missing = append(missing, c)
				break
			}
		}
	}
	return missing
}

// StateOf is v's codec state under p at views (the video JSON's
// codec_policy).
func StateOf(v *videohost.Video, p codecpolicy.Policy, views int64) *videohost.CodecState {
	st := &videohost.CodecState{Rules: p.Strings(), Encoded: []string{}, Missing: []string{}, Views: views}
	for _, c := range codecpolicy.Names() {
		if slices.ContainsFunc(v.Renditions, func(r videohost.Rendition) bool { return r.Codec == c }) {
			st.Encoded = append(st.Encoded, c)
		}
	}
	// Waiting: held back by views, for a rung the video has (all of them
	// while it has none yet).
	waiting, _ := p.Waiting(views)
	st.Waiting = []string{}
	for _, c := range waiting {
		r := p[c]
		if len(v.Renditions) > 0 && !slices.ContainsFunc(v.Renditions, func(x videohost.Rendition) bool { return r.Covers(qualityShort[x.Quality]) }) {
			continue
		}
		st.Waiting = append(st.Waiting, c)
		if st.NextThreshold == 0 || r.AfterViews < st.NextThreshold {
			st.NextThreshold = r.AfterViews
		}
	}
	if m := Missing(v, p, views); v.State == videohost.StateReady && m != nil {
		st.Missing = m
	}
	st.Savings = savings(v.Renditions)
	return st
}

// savings compares each codec's renditions with the H.264 ones of the same
// rungs, by size: what a user weighs against the codec's encode.
func savings(rs []videohost.Rendition) map[string]float64 {
	h264 := map[string]int64{}
	for _, r := range rs {
		if r.Codec == codecpolicy.H264 && r.Size > 0 {
			h264[r.Quality] = r.Size
		}
	}
	var out map[string]float64
	for _, c := range codecpolicy.Names() {
		var mine, theirs int64
		for _, r := range rs {
			if r.Codec == c && c != codecpolicy.H264 && r.Size > 0 && h264[r.Quality] > 0 {
				mine, theirs = mine+r.Size, theirs+h264[r.Quality]
			}
		}
		if theirs > 0 {
			if out == nil {
				out = map[string]float64{}
			}
			out[c] = math.Round((1-float64(mine)/float64(theirs))*1000) / 1000
		}
	}
	return out
}

// MissingOf is Missing for v under its effective policy and views.
func (s *Policies) MissingOf(ctx context.Context, v *videohost.Video) ([]string, error) {
	p, err := s.Effective(ctx, v)
	if err != nil || p.IsDefault() {
		return nil, err
	}
	views, err := s.Views(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	return Missing(v, p, views), nil
}

// Queue queues a JobCodecs for a ready video of space (a trusted call: the
// policy change or the view trigger checked what it needed). A video not
// ready, archived or gone is left alone: a transcode encodes the effective
// policy when it runs.
func (s *Policies) Queue(ctx context.Context, space, videoID string) error {
	_, err := s.d.ChangeVideo(ctx, space, videoID, func(v *videohost.Video) (videohost.Change, error) {
		if v.State != videohost.StateReady || v.AssetVersion == "" || v.Archived {
			return videohost.Change{}, errNothingToQueue
		}
		return videohost.Change{Jobs: []videohost.Job{{Kind: videohost.JobCodecs, Space: v.Space, VideoID: v.ID, MaxAttempts: s.d.MaxJobAttempts()}}}, nil
	})
	if errors.Is(err, errNothingToQueue) || videohost.IsNotFound(err) {
		return nil
	}
	return err
}

var errNothingToQueue = errors.New("nothing to queue")

// AddRenditions lists in v the renditions a codec revision added (found:
// AddedRenditions), each at the picture size of v's rendition of the same
// quality and with its bit rate from its size and v's duration; those v
// lists already, or whose quality v has no rendition of, are left out.
func AddRenditions(v *videohost.Video, found []videohost.Rendition) {
	for _, r := range found {
		i := slices.IndexFunc(v.Renditions, func(o videohost.Rendition) bool { return o.Quality == r.Quality })
		if i < 0 || slices.ContainsFunc(v.Renditions, func(o videohost.Rendition) bool { return o.Name == r.Name }) {
			continue
		}
		r.Width, r.Height = v.Renditions[i].Width, v.Renditions[i].Height
		if v.Duration > 0 {
			r.Bitrate = int(float64(r.Size) * 8 / v.Duration)
		}
		v.Renditions = append(v.Renditions, r)
	}
}

// AddedRenditions finds in dir, an asset folder AddCodecs wrote into, the
// rendition folders ({codec}_{quality} holding a playlist) of the codecs
// in added, each sized by its files (for AddRenditions).
func AddedRenditions(dir string, added []string) []videohost.Rendition {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []videohost.Rendition
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
		out = append(out, videohost.Rendition{Name: e.Name(), Codec: codec, Quality: quality, Size: size})
	}
	return out
}
