package access

// Embeds: the public lookups the web components make without an API key,
// an embed's playback view and the videos a playback token may list.

import (
	"context"
	"slices"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
)

// EmbedView is what <reel-player> and friends learn about a video from its
// embed id, without an API key.
type EmbedView struct {
	ID             string                   `json:"id"`
	Embed          string                   `json:"embed"`
	Title          string                   `json:"title"`
	Duration       float64                  `json:"duration"`
	Width          int                      `json:"width"`
	Height         int                      `json:"height"`
	AspectRatio    string                   `json:"aspect_ratio"`
	State          videohost.State          `json:"state"`
	Playable       bool                     `json:"playable"`
	Archived       bool                     `json:"archived"`
	PlaybackPolicy videohost.PlaybackPolicy `json:"playback_policy"`
	PosterTime     *float64                 `json:"poster_time"`
	URLs           videohost.VideoURLs      `json:"urls"`
	Renditions     []EmbedRendition         `json:"renditions"`
	AudioTracks    []videohost.AudioTrack   `json:"audio_tracks"`
	Subtitles      []videohost.Subtitle     `json:"subtitles"`
	Chapters       []videohost.Chapter      `json:"chapters"`
	Transcript     *string                  `json:"transcript"`
	// Player is the player settings of the video's space, collections and
	// its own, resolved (PlayerSettings); the page's attributes win.
	Player videohost.PlayerSettings `json:"player"`
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
func (g *Gate) Embed(ctx context.Context, embed string, req PlaybackRequest) (*EmbedView, error) {
	if !videohost.ValidID(embed, videohost.EmbedLen) {
		return nil, videohost.Errorf(videohost.ENotFound, "video %s not found", embed)
	}
	v, err := g.store.VideoByEmbed(ctx, embed)
	if err != nil {
		return nil, err
	}
	if v.Archived {
		return nil, videohost.Errorf(videohost.ENotFound, "video %s not found", embed)
	}
	if err := g.AuthorizePlayback(ctx, v, req); err != nil {
		return nil, err
	}
	g.d.Present(v)
	token := ""
	if v.PlaybackPolicy == videohost.PlaybackSigned {
		token = req.Token
	}
	sign := func(u string) string { return videohost.WithToken(u, token) }
	view := &EmbedView{
		ID: v.ID, Embed: v.Embed, Title: v.Title, Duration: v.Duration, Width: v.Width, Height: v.Height,
		AspectRatio: v.AspectRatio, State: v.State, Playable: v.Playable, Archived: v.Archived,
		PlaybackPolicy: v.PlaybackPolicy, PosterTime: v.PosterTime,
		Renditions: []EmbedRendition{}, AudioTracks: []videohost.AudioTrack{}, Subtitles: []videohost.Subtitle{},
		Chapters: v.Chapters,
	}
	view.Player = g.d.ResolvedPlayer(ctx, v)
	if v.URLs != nil {
		u := *v.URLs
		view.URLs = videohost.VideoURLs{
			HLS: sign(u.HLS), DASH: sign(u.DASH), Poster: sign(u.Poster), Clip: sign(u.Clip),
			Audio: sign(u.Audio), Storyboard: sign(u.Storyboard), StoryboardVTT: sign(u.StoryboardVTT), Frame: sign(u.Frame),
			Original: sign(u.Original), Chapters: sign(u.Chapters),
			// A live video's low-latency HLS: a signed one's playlists
			// list every URI with a grant minted from this token.
			LowLatencyHLS: sign(u.LowLatencyHLS),
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
	if len(v.Subtitles) > 0 && g.d.HasTranscript(ctx, v) {
		t := sign(g.d.URLs(v.Space).Transcript(v.ID))
		view.Transcript = &t
	}
	return view, nil
}

// ListedVideo is one entry of the public list for <reel-list>.
type ListedVideo struct {
	ID       string  `json:"id"`
	Embed    string  `json:"embed"`
	Title    string  `json:"title"`
	Duration float64 `json:"duration"`
	Poster   string  `json:"poster"`
	// State tells a video that is playable while it is still processing
	// (playable early) from a finished one: <reel-list> labels its tile.
	State     videohost.State `json:"state"`
	CreatedAt time.Time       `json:"created_at"`
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
func (g *Gate) PublicList(ctx context.Context, req PlaybackRequest, in PublicListInput) (*videohost.Page[*ListedVideo], error) {
	if req.Token == "" {
		return nil, videohost.Errorf(videohost.ETokenInvalid, "listing needs a playback token (?token= or Bearer)")
	}
	t, err := g.VerifyToken(ctx, req.Token, tokens.AudiencePlayback)
	if err != nil {
		return nil, err
	}
	if err := tokens.CheckOrigin(t.Claims, req.Origin, req.Referer); err != nil {
		return nil, tokenError(err)
	}
	archived, playable := false, true
	f := videohost.VideoFilter{Space: t.Space, Archived: &archived, Playable: &playable}
	if err := g.d.ListParams(in.Limit, in.Cursor, in.Order, &f); err != nil {
		return nil, err
	}
	sub := t.Claims.Subject
	var scope []string // nil: the whole space
	switch {
	case sub == t.Space:
	case videohost.ValidID(sub, videohost.CollectionIDLen):
		tree, err := g.store.CollectionTree(ctx, t.Space, sub)
		if videohost.IsNotFound(err) {
			return nil, videohost.Errorf(videohost.ETokenInvalid, "token refused: sub names no collection of the key's space")
		}
		if err != nil {
			return nil, err
		}
		scope = tree
	default:
		return nil, videohost.Errorf(videohost.ETokenInvalid, "token refused: a list token's sub is a space or a collection")
	}
	if in.Collection != "" {
		if scope != nil && !slices.Contains(scope, in.Collection) {
			return nil, videohost.Invalid("collection", "is outside what the token covers")
		}
		tree, err := g.store.CollectionTree(ctx, t.Space, in.Collection)
		if videohost.IsNotFound(err) {
			return nil, videohost.Invalid("collection", "no collection %q", in.Collection)
		}
		if err != nil {
			return nil, err
		}
		scope = tree
	}
	f.Collections = scope
	page, err := g.d.VideoPage(ctx, f)
	if err != nil {
		return nil, err
	}
	out := &videohost.Page[*ListedVideo]{Data: make([]*ListedVideo, 0, len(page.Data)), NextCursor: page.NextCursor}
	for _, v := range page.Data {
		lv := &ListedVideo{ID: v.ID, Embed: v.Embed, Title: v.Title, Duration: v.Duration, State: v.State, CreatedAt: v.CreatedAt}
		if v.URLs != nil && v.URLs.Poster != "" {
			lv.Poster = v.URLs.Poster
			if v.PlaybackPolicy == videohost.PlaybackSigned {
				lv.Poster = videohost.WithToken(lv.Poster, req.Token)
			}
		}
		out.Data = append(out.Data, lv)
	}
	return out, nil
}
