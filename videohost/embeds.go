package videohost

// Embeds: the public lookups the web components make without an API key,
// an embed's playback view and the videos a playback token may list.

import (
	"context"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// EmbedView is what <reel-player> and friends learn about a video from its
// embed id, without an API key.
type EmbedView struct {
	ID             string           `json:"id"`
	Embed          string           `json:"embed"`
	Title          string           `json:"title"`
	Duration       float64          `json:"duration"`
	Width          int              `json:"width"`
	Height         int              `json:"height"`
	AspectRatio    string           `json:"aspect_ratio"`
	State          State            `json:"state"`
	Playable       bool             `json:"playable"`
	Archived       bool             `json:"archived"`
	PlaybackPolicy PlaybackPolicy   `json:"playback_policy"`
	PosterTime     *float64         `json:"poster_time"`
	URLs           VideoURLs        `json:"urls"`
	Renditions     []EmbedRendition `json:"renditions"`
	AudioTracks    []AudioTrack     `json:"audio_tracks"`
	Subtitles      []Subtitle       `json:"subtitles"`
	Chapters       []Chapter        `json:"chapters"`
	Transcript     *string          `json:"transcript"`
	// Player is the player settings of the video's space, collections and
	// its own, resolved (PlayerSettings); the page's attributes win.
	Player PlayerSettings `json:"player"`
}

// EmbedRendition is a downloadable rendition as the components see it.
type EmbedRendition struct {
	Name   string `json:"name"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Size   int64  `json:"size"`
	URL    string `json:"url"`
}

// Embed returns the public view of a video by embed id. Missing, deleted and
// archived videos are ENotFound; a signed video needs a playback token, and
// every URL of its view carries it.
func (s *Service) Embed(ctx context.Context, embed string, req PlaybackRequest) (*EmbedView, error) {
	if !ValidID(embed, EmbedLen) {
		return nil, Errorf(ENotFound, "video %s not found", embed)
	}
	v, err := s.store.VideoByEmbed(ctx, embed)
	if err != nil {
		return nil, err
	}
	if v.Archived {
		return nil, Errorf(ENotFound, "video %s not found", embed)
	}
	if err := s.AuthorizePlayback(ctx, v, req); err != nil {
		return nil, err
	}
	s.Present(v)
	token := ""
	if v.PlaybackPolicy == PlaybackSigned {
		token = req.Token
	}
	sign := func(u string) string { return WithToken(u, token) }
	view := &EmbedView{
		ID: v.ID, Embed: v.Embed, Title: v.Title, Duration: v.Duration, Width: v.Width, Height: v.Height,
		AspectRatio: v.AspectRatio, State: v.State, Playable: v.Playable, Archived: v.Archived,
		PlaybackPolicy: v.PlaybackPolicy, PosterTime: v.PosterTime,
		Renditions: []EmbedRendition{}, AudioTracks: []AudioTrack{}, Subtitles: []Subtitle{},
		Chapters: v.Chapters,
	}
	view.Player = s.resolvedPlayer(ctx, v)
	if v.URLs != nil {
		u := *v.URLs
		view.URLs = VideoURLs{
			HLS: sign(u.HLS), DASH: sign(u.DASH), Poster: sign(u.Poster), Clip: sign(u.Clip),
			Audio: sign(u.Audio), Storyboard: sign(u.Storyboard), StoryboardVTT: sign(u.StoryboardVTT), Frame: sign(u.Frame),
			Original: sign(u.Original), Chapters: sign(u.Chapters),
		}
	}
	if !v.Playable {
		return view, nil
	}
	for _, r := range v.Renditions {
		view.Renditions = append(view.Renditions, EmbedRendition{Name: r.Name, Width: r.Width, Height: r.Height, Size: r.Size, URL: sign(r.URL)})
	}
	for _, a := range v.AudioTracks {
		a.URL = sign(a.URL)
		view.AudioTracks = append(view.AudioTracks, a)
	}
	for _, sub := range v.Subtitles {
		sub.URL = sign(sub.URL)
		view.Subtitles = append(view.Subtitles, sub)
	}
	if len(v.Subtitles) > 0 {
		if _, err := s.blobs.Stat(ctx, assetPrefix(v.ID, v.AssetVersion)+"/transcript.json"); err == nil {
			t := sign(s.URLs(v.Space).Transcript(v.ID))
			view.Transcript = &t
		}
	}
	return view, nil
}

// WithToken appends token=... to the query of u (keeping the query it has);
// an empty u or token leaves u unchanged. Template braces ({time}) survive.
func WithToken(u, token string) string { return withQuery(u, "token", token) }

// ListedVideo is one entry of the public list for <reel-list>.
type ListedVideo struct {
	ID       string  `json:"id"`
	Embed    string  `json:"embed"`
	Title    string  `json:"title"`
	Duration float64 `json:"duration"`
	Poster   string  `json:"poster"`
	// State tells a video that is playable while it is still processing
	// (playable early) from a finished one: <reel-list> labels its tile.
	State     State     `json:"state"`
	CreatedAt time.Time `json:"created_at"`
}

// PublicListInput is the query of GET /v1/list.
type PublicListInput struct {
	Limit      int
	Cursor     string
	Collection string // narrows the token's scope to this collection (and its children)
	Order      string
}

// PublicList lists the playable, non-archived videos a playback token whose
// sub is a space or a collection covers, nested collections included.
func (s *Service) PublicList(ctx context.Context, req PlaybackRequest, in PublicListInput) (*Page[*ListedVideo], error) {
	if req.Token == "" {
		return nil, Errorf(ETokenInvalid, "listing needs a playback token (?token= or Bearer)")
	}
	g, err := s.VerifyToken(ctx, req.Token, tokens.AudiencePlayback)
	if err != nil {
		return nil, err
	}
	if err := tokens.CheckOrigin(g.Claims, req.Origin, req.Referer); err != nil {
		return nil, tokenError(err)
	}
	archived, playable := false, true
	f := VideoFilter{Space: g.Space, Archived: &archived, Playable: &playable}
	if err := s.ListParams(in.Limit, in.Cursor, in.Order, &f); err != nil {
		return nil, err
	}
	sub := g.Claims.Subject
	var scope []string // nil: the whole space
	switch {
	case sub == g.Space:
	case ValidID(sub, CollectionIDLen):
		tree, err := s.store.CollectionTree(ctx, g.Space, sub)
		if IsNotFound(err) {
			return nil, Errorf(ETokenInvalid, "token refused: sub names no collection of the key's space")
		}
		if err != nil {
			return nil, err
		}
		scope = tree
	default:
		return nil, Errorf(ETokenInvalid, "token refused: a list token's sub is a space or a collection")
	}
	if in.Collection != "" {
		if scope != nil && !contains(scope, in.Collection) {
			return nil, Invalid("collection", "is outside what the token covers")
		}
		tree, err := s.store.CollectionTree(ctx, g.Space, in.Collection)
		if IsNotFound(err) {
			return nil, Invalid("collection", "no collection %q", in.Collection)
		}
		if err != nil {
			return nil, err
		}
		scope = tree
	}
	f.Collections = scope
	page, err := s.videoPage(ctx, f)
	if err != nil {
		return nil, err
	}
	out := &Page[*ListedVideo]{Data: make([]*ListedVideo, 0, len(page.Data)), NextCursor: page.NextCursor}
	for _, v := range page.Data {
		lv := &ListedVideo{ID: v.ID, Embed: v.Embed, Title: v.Title, Duration: v.Duration, State: v.State, CreatedAt: v.CreatedAt}
		if v.URLs != nil && v.URLs.Poster != "" {
			lv.Poster = v.URLs.Poster
			if v.PlaybackPolicy == PlaybackSigned {
				lv.Poster = WithToken(lv.Poster, req.Token)
			}
		}
		out.Data = append(out.Data, lv)
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
