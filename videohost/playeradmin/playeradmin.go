package playeradmin

import (
	"context"
	"encoding/json"

	"github.com/reelvideo/reel/videohost"
)

// Domain is what the management of player settings needs of the domain;
// *videohost.Service is one.
type Domain interface {
	// PlayerSettingsStore is the store's player settings, or EUnavailable.
	PlayerSettingsStore() (videohost.PlayerSettingsStore, error)
	// Store holds the videos and collections scopes name.
	Store() videohost.Store
	// CollectionChain prepends a collection and those above it, then the
	// space, to a chain of scopes.
	CollectionChain(ctx context.Context, space, collection string, chain []videohost.PlayerScope) ([]videohost.PlayerScope, error)
	Clock() videohost.Clock
}

// Settings manages the player settings of the principal's space. It holds
// no state of its own and is safe for concurrent use.
type Settings struct {
	d Domain
}

// New returns the Settings of d.
func New(d Domain) *Settings { return &Settings{d: d} }

// PlayerSettingsView is a scope's settings as the API shows them: its own,
// what it inherits from the scopes above it, and the two resolved.
type PlayerSettingsView struct {
	Scope     string                   `json:"scope"`
	ID        string                   `json:"id"`
	Settings  videohost.PlayerSettings `json:"settings"`
	Inherited videohost.PlayerSettings `json:"inherited"`
	Resolved  videohost.PlayerSettings `json:"resolved"`
}

// playerChain returns the scopes whose settings apply to scope, from the
// space down to scope itself (the collections from the top of the tree).
func (s *Settings) playerChain(ctx context.Context, space string, scope videohost.PlayerScope) ([]videohost.PlayerScope, error) {
	chain := []videohost.PlayerScope{scope}
	collection := ""
	switch scope.Kind {
	case videohost.PlayerScopeSpace:
		return chain, nil
	case videohost.PlayerScopeVideo:
		v, err := s.d.Store().Video(ctx, space, scope.ID)
		if err != nil {
			return nil, err
		}
		if v.Collection != nil {
			collection = *v.Collection
		}
	case videohost.PlayerScopeCollection:
		c, err := s.d.Store().Collection(ctx, space, scope.ID)
		if err != nil {
			return nil, err
		}
		if c.Parent != nil {
			collection = *c.Parent
		}
	default:
		return nil, videohost.Errorf(videohost.ENotFound, "no player settings for %s", videohost.Excerpt(scope.Kind))
	}
	return s.d.CollectionChain(ctx, space, collection, chain)
}

// playerView resolves scope's settings along its chain.
func (s *Settings) playerView(ctx context.Context, ps videohost.PlayerSettingsStore, space string, scope videohost.PlayerScope) (*PlayerSettingsView, error) {
	chain, err := s.playerChain(ctx, space, scope)
	if err != nil {
		return nil, err
	}
	if scope.Kind == videohost.PlayerScopeSpace {
		chain = chain[:1]
	}
	got, err := ps.PlayerSettings(ctx, space, chain)
	if err != nil {
		return nil, err
	}
	v := &PlayerSettingsView{Scope: scope.Kind, ID: scope.ID}
	for _, sc := range chain[:len(chain)-1] {
		v.Inherited = got[sc].Over(v.Inherited)
	}
	v.Settings = got[chain[len(chain)-1]]
	v.Resolved = v.Settings.Over(v.Inherited)
	return v, nil
}

// PlayerSettingsOf returns the player settings of a scope of the
// principal's space (kind space, collection or video; the space's id is
// its own).
func (s *Settings) PlayerSettingsOf(ctx context.Context, p *videohost.Principal, kind, id string) (*PlayerSettingsView, error) {
	ps, err := s.d.PlayerSettingsStore()
	if err != nil {
		return nil, err
	}
	if kind == videohost.PlayerScopeSpace {
		id = p.Space
	}
	return s.playerView(ctx, ps, p.Space, videohost.PlayerScope{Kind: kind, ID: id})
}

// UpdatePlayerSettings applies a JSON merge patch to a scope's settings.
func (s *Settings) UpdatePlayerSettings(ctx context.Context, p *videohost.Principal, kind, id string, patch map[string]json.RawMessage) (*PlayerSettingsView, error) {
	if !p.CanWrite() {
		return nil, videohost.Errorf(videohost.EReadOnlyKey, "a read-only key can only read")
	}
	ps, err := s.d.PlayerSettingsStore()
	if err != nil {
		return nil, err
	}
	if kind == videohost.PlayerScopeSpace {
		id = p.Space
	}
	scope := videohost.PlayerScope{Kind: kind, ID: id}
	// The scope must exist: the chain looks it up.
	if _, err := s.playerChain(ctx, p.Space, scope); err != nil {
		return nil, err
	}
	cur, err := ps.PlayerSettings(ctx, p.Space, []videohost.PlayerScope{scope})
	if err != nil {
		return nil, err
	}
	next := cur[scope]
	if err := applyPatch(&next, patch); err != nil {
		return nil, err
	}
	if err := ps.PutPlayerSettings(ctx, p.Space, scope, next, s.d.Clock().Now()); err != nil {
		return nil, err
	}
	return s.playerView(ctx, ps, p.Space, scope)
}
