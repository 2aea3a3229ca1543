// Package codecadmin is the management of codec policies through the API
// (issue 33): reading the policy of a scope (the space, a collection or a
// video) with what it inherits, changing it with a JSON merge patch (the
// /v1/.../codecs routes), and queueing, for the ready videos a change
// affects, the job that adds the codecs they now lack.
//
// # Why a room of its own
//
// Reading and patching a scope's rules is a principal's use case over the
// codec policy store, shaped like videohost/playeradmin. What stays in
// videohost is what the stores, the API and the worker share: the
// CodecPolicyStore and ViewCounts ports, CodecState, JobCodecs, the code
// ECodecPolicy and the publication of a revision (Jobs.PublishRevisionEdit;
// AddRenditions here lists what it added). How scopes combine, what a video lacks and what the pipeline is asked for are
// here (policy.go), for the worker too.
//
// # What a change does
//
// A change is stored at once and applies to every transcode from then on.
// Each ready video under the scope whose effective policy now names a codec
// for a rung it has no rendition of gets a JobCodecs: the worker adds those
// renditions (videohost.CodecPipeline) to a copy of its version and
// publishes it as a new version; the H.264 segments are untouched. A codec
// the change removes keeps its renditions until the video is encoded again
// (nothing is deleted: removing renditions a page may be playing saves
// storage only, and a later change back would encode them again). Without a
// CodecPipeline, or for a codec waiting for its views, nothing is queued.
package codecadmin

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/reelvideo/reel/internal/codecpolicy"
	"github.com/reelvideo/reel/videohost"
)

// Domain is what the management of codec policies needs of the domain;
// *videohost.Service is one.
type Domain interface {
	// CodecPolicyStore is the store's codec policies, or EUnavailable.
	CodecPolicyStore() (videohost.CodecPolicyStore, error)
	// CodecPipeline is the pipeline's, or nil: a policy then applies to
	// new uploads only.
	CodecPipeline() videohost.CodecPipeline
	// ViewCounts is the store's view counts, or nil (no view is counted).
	ViewCounts() videohost.ViewCounts
	// Store holds the videos and collections scopes name.
	Store() videohost.Store
	CollectionChain(ctx context.Context, space, collection string, chain []videohost.PlayerScope) ([]videohost.PlayerScope, error)
	// ChangeVideo changes a video row, its events and jobs in one
	// transaction.
	ChangeVideo(ctx context.Context, space, id string, fn func(v *videohost.Video) (videohost.Change, error)) (*videohost.Video, error)
	MaxJobAttempts() int
	Clock() videohost.Clock
}

// Policies manages the codec policies of the principal's space. It holds
// no state of its own and is safe for concurrent use.
type Policies struct {
	d Domain
}

// New returns the Policies of d.
func New(d Domain) *Policies { return &Policies{d: d} }

// View is a scope's codec policy as the API shows it: the rules set at
// this scope, those it inherits, the effective policy (every codec named),
// and for a video its state (what it has, what waits for views). Queued
// counts the ready videos a change queued a job for.
type View struct {
	Scope     string                `json:"scope"`
	ID        string                `json:"id"`
	Rules     map[string]string     `json:"rules"`
	Inherited map[string]string     `json:"inherited"`
	Resolved  map[string]string     `json:"resolved"`
	Video     *videohost.CodecState `json:"video,omitempty"`
	Queued    *int                  `json:"queued,omitempty"`
}

// chain returns the scopes whose rules apply to scope, from the space down
// to scope itself, and the video when scope is one.
func (s *Policies) chain(ctx context.Context, space string, scope videohost.PlayerScope) ([]videohost.PlayerScope, *videohost.Video, error) {
	chain := []videohost.PlayerScope{scope}
	collection := ""
	var video *videohost.Video
	switch scope.Kind {
	case videohost.PlayerScopeSpace:
		return chain, nil, nil
	case videohost.PlayerScopeVideo:
		v, err := s.d.Store().Video(ctx, space, scope.ID)
		if err != nil {
			return nil, nil, err
		}
		video = v
		if v.Collection != nil {
			collection = *v.Collection
		}
	case videohost.PlayerScopeCollection:
		c, err := s.d.Store().Collection(ctx, space, scope.ID)
		if err != nil {
			return nil, nil, err
		}
		if c.Parent != nil {
			collection = *c.Parent
		}
	default:
		return nil, nil, videohost.Errorf(videohost.ENotFound, "no codec policy for %s", videohost.Excerpt(scope.Kind))
	}
	chain, err := s.d.CollectionChain(ctx, space, collection, chain)
	return chain, video, err
}

func (s *Policies) view(ctx context.Context, cs videohost.CodecPolicyStore, space string, scope videohost.PlayerScope) (*View, error) {
	chain, video, err := s.chain(ctx, space, scope)
	if err != nil {
		return nil, err
	}
	if scope.Kind == videohost.PlayerScopeSpace {
		chain = chain[:1]
	}
	inherited, err := s.Rules(ctx, space, chain[:len(chain)-1])
	if err != nil {
		return nil, err
	}
	own, err := cs.CodecPolicies(ctx, space, []videohost.PlayerScope{scope})
	if err != nil {
		return nil, err
	}
	v := &View{Scope: scope.Kind, ID: scope.ID, Rules: own[scope], Inherited: inherited}
	if v.Rules == nil {
		v.Rules = map[string]string{}
	}
	p, err := codecpolicy.Parse(MergeRules(inherited, v.Rules))
	if err != nil {
		return nil, CodecError(err)
	}
	v.Resolved = p.Strings()
	if video != nil {
		views, err := s.Views(ctx, video.ID)
		if err != nil {
			return nil, err
		}
		v.Video = StateOf(video, p, views)
	}
	return v, nil
}

func (s *Policies) scope(p *videohost.Principal, kind, id string) videohost.PlayerScope {
	if kind == videohost.PlayerScopeSpace {
		id = p.Space
	}
	return videohost.PlayerScope{Kind: kind, ID: id}
}

// PolicyOf returns the codec policy of a scope of the principal's space
// (kind space, collection or video; the space's id is its own).
func (s *Policies) PolicyOf(ctx context.Context, p *videohost.Principal, kind, id string) (*View, error) {
	cs, err := s.d.CodecPolicyStore()
	if err != nil {
		return nil, err
	}
	return s.view(ctx, cs, p.Space, s.scope(p, kind, id))
}

// VideoState is the codec state of a video of the principal's space (the
// video JSON's codec_policy); nil where the store keeps no policies.
func (s *Policies) VideoState(ctx context.Context, v *videohost.Video) (*videohost.CodecState, error) {
	if _, err := s.d.CodecPolicyStore(); err != nil {
		return nil, nil
	}
	p, err := s.Effective(ctx, v)
	if err != nil {
		return nil, err
	}
	views, err := s.Views(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	return StateOf(v, p, views), nil
}

// UpdatePolicy applies a JSON merge patch to a scope's rules: a codec with
// a rule sets it, a codec with null unsets it (it inherits again). The
// scope's rules, and the policy they make with what the scope inherits,
// must parse (ECodecPolicy naming the codec otherwise). The ready videos
// under the scope that now lack a codec get a JobCodecs (with a
// CodecPipeline).
func (s *Policies) UpdatePolicy(ctx context.Context, p *videohost.Principal, kind, id string, patch map[string]json.RawMessage) (*View, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	cs, err := s.d.CodecPolicyStore()
	if err != nil {
		return nil, err
	}
	scope := s.scope(p, kind, id)
	chain, _, err := s.chain(ctx, p.Space, scope) // the scope must exist
	if err != nil {
		return nil, err
	}
	cur, err := cs.CodecPolicies(ctx, p.Space, []videohost.PlayerScope{scope})
	if err != nil {
		return nil, err
	}
	next := map[string]string{}
	for c, r := range cur[scope] {
		next[c] = r
	}
	for codec, raw := range patch {
		if !slices.Contains(codecpolicy.Names(), codec) {
			return nil, CodecError(&codecpolicy.Error{Codec: codec, Reason: "unknown codec: want " + strings.Join(codecpolicy.Names(), ", ")})
		}
		if videohost.IsNull(raw) {
			delete(next, codec)
			continue
		}
		var rule string
		if err := json.Unmarshal(raw, &rule); err != nil {
			return nil, CodecError(&codecpolicy.Error{Codec: codec, Rule: string(raw), Reason: `want a rule as a string ("all", "none", ">=720p", "<=1080p", optionally "after K views") or null`})
		}
		r, err := codecpolicy.ParseRule(rule)
		if err != nil {
			err.(*codecpolicy.Error).Codec = codec
			return nil, CodecError(err)
		}
		next[codec] = r.String()
	}
	if _, err := codecpolicy.Parse(next); err != nil {
		return nil, CodecError(err)
	}
	if scope.Kind == videohost.PlayerScopeSpace {
		chain = chain[:1]
	}
	inherited, err := s.Rules(ctx, p.Space, chain[:len(chain)-1])
	if err != nil {
		return nil, err
	}
	if _, err := codecpolicy.Parse(MergeRules(inherited, next)); err != nil {
		return nil, CodecError(err)
	}
	if err := cs.PutCodecPolicy(ctx, p.Space, scope, next, s.d.Clock().Now()); err != nil {
		return nil, err
	}
	queued, err := s.queueAffected(ctx, p.Space, scope)
	if err != nil {
		return nil, err
	}
	v, err := s.view(ctx, cs, p.Space, scope)
	if err != nil {
		return nil, err
	}
	v.Queued = &queued
	return v, nil
}

// Moved queues a JobCodecs for v, a video just moved to another collection,
// when its policy there names a codec it lacks (with a CodecPipeline).
func (s *Policies) Moved(ctx context.Context, v *videohost.Video) error {
	if s.d.CodecPipeline() == nil || v.State != videohost.StateReady || v.Archived {
		return nil
	}
	if _, err := s.d.CodecPolicyStore(); err != nil {
		return nil
	}
	missing, err := s.MissingOf(ctx, v)
	if err != nil || len(missing) == 0 {
		return err
	}
	return s.Queue(ctx, v.Space, v.ID)
}

// pageSize is how many videos queueAffected reads at a time.
const pageSize = 200

// queueAffected queues a JobCodecs for each ready video under scope whose
// effective policy names a codec it lacks now, and returns how many. It
// reads every ready video under the scope: a space-wide change costs one
// policy lookup per ready video of the space, in this request.
func (s *Policies) queueAffected(ctx context.Context, space string, scope videohost.PlayerScope) (int, error) {
	if s.d.CodecPipeline() == nil {
		return 0, nil // a policy applies to new uploads only
	}
	check := func(v *videohost.Video) (bool, error) {
		if v.Archived || v.State != videohost.StateReady || v.AssetVersion == "" {
			return false, nil
		}
		pol, err := s.Effective(ctx, v)
		if err != nil {
			return false, err
		}
		views, err := s.Views(ctx, v.ID)
		if err != nil {
			return false, err
		}
		if len(Missing(v, pol, views)) == 0 {
			return false, nil
		}
		return true, s.Queue(ctx, space, v.ID)
	}
	n := 0
	if scope.Kind == videohost.PlayerScopeVideo {
		v, err := s.d.Store().Video(ctx, space, scope.ID)
		if err != nil {
			return 0, err
		}
		if ok, err := check(v); err != nil || !ok {
			return 0, err
		}
		return 1, nil
	}
	f := videohost.VideoFilter{Space: space, State: videohost.StateReady, Limit: pageSize, Ascending: true}
	if scope.Kind == videohost.PlayerScopeCollection {
		tree, err := s.d.Store().CollectionTree(ctx, space, scope.ID)
		if err != nil {
			return 0, err
		}
		f.Collections = tree
	}
	for {
		page, err := s.d.Store().Videos(ctx, f)
		if err != nil {
			return n, err
		}
		for _, v := range page {
			ok, err := check(v)
			if err != nil {
				return n, err
			}
			if ok {
				n++
			}
		}
		if len(page) < pageSize {
			return n, nil
		}
		last := page[len(page)-1]
		f.After = &videohost.Cursor{CreatedAt: last.CreatedAt, ID: last.ID}
	}
}
