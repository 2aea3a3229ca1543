package videohost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/reelvideo/reel/videohost/netguard"
)

// Limits on video fields.
const (
	MaxTitleLen       = 512
	MaxDescriptionLen = 10000
	MaxMetadataKeys   = 50
	MaxMetadataKeyLen = 64
	MaxMetadataValLen = 1024
	MaxInputURLLen    = 4096
	DefaultListLimit  = 25
	MaxListLimit      = 100
)

// CreateVideoInput is the body of POST /v1/videos.
type CreateVideoInput struct {
	InputURL       string            `json:"input_url"`
	Collection     *string           `json:"collection"`
	Title          *string           `json:"title"`
	Description    *string           `json:"description"`
	Metadata       map[string]string `json:"metadata"`
	PlaybackPolicy *PlaybackPolicy   `json:"playback_policy"`
	// OriginalAccess serves the original at urls.original; off by default.
	OriginalAccess *bool `json:"original_access"`
}

// Present returns v with every URL field filled in.
func (s *Service) Present(v *Video) *Video {
	if v.Metadata == nil {
		v.Metadata = map[string]string{}
	}
	if v.Renditions == nil {
		v.Renditions = []Rendition{}
	}
	if v.AudioTracks == nil {
		v.AudioTracks = []AudioTrack{}
	}
	for i := range v.AudioTracks {
		a := &v.AudioTracks[i]
		a.Rev = ""
		if a.Kind == "" {
			a.Kind = TrackMain
		}
		if a.State == "" {
			a.State = TrackReady
		}
	}
	if v.Subtitles == nil {
		v.Subtitles = []Subtitle{}
	}
	if v.Chapters == nil {
		v.Chapters = []Chapter{}
	}
	s.URLs(v.Space).Decorate(v)
	return v
}

// eventData renders the video JSON an event carries. It leaves input_url
// out: a source URL often holds credentials (a presigned query), and webhook
// receivers are frequently third-party services; the API still shows it.
func (s *Service) eventData(v *Video) ([]byte, error) {
	cp := copyVideo(v)
	cp.InputURL = ""
	return json.Marshal(s.Present(cp))
}

func validateCommon(title, description *string, metadata map[string]string, policy *PlaybackPolicy) error {
	if title != nil && len(*title) > MaxTitleLen {
		return Invalid("title", "must be at most %d bytes", MaxTitleLen)
	}
	if description != nil && len(*description) > MaxDescriptionLen {
		return Invalid("description", "must be at most %d bytes", MaxDescriptionLen)
	}
	if len(metadata) > MaxMetadataKeys {
		return Invalid("metadata", "must have at most %d keys", MaxMetadataKeys)
	}
	for k, v := range metadata {
		if k == "" || len(k) > MaxMetadataKeyLen {
			return Invalid("metadata", "keys must be 1 to %d bytes", MaxMetadataKeyLen)
		}
		if len(v) > MaxMetadataValLen {
			return Invalid("metadata", "value of %q must be at most %d bytes", k, MaxMetadataValLen)
		}
	}
	if policy != nil && *policy != PlaybackPublic && *policy != PlaybackSigned {
		return Invalid("playback_policy", "must be public or signed")
	}
	return nil
}

func (s *Service) checkCollection(ctx context.Context, space string, id *string) error {
	if id == nil || *id == "" {
		return nil
	}
	if _, err := s.store.Collection(ctx, space, *id); err != nil {
		if IsNotFound(err) {
			return Invalid("collection", "no collection %q in this space", *id)
		}
		return err
	}
	return nil
}

// RequireWrite refuses a principal that may not change things: the one
// refusal of a read-only key, for the domain and the rooms beside it.
func RequireWrite(p *Principal) error {
	if p == nil {
		return Errorf(EUnauthorized, "authentication required")
	}
	if !p.CanWrite() {
		return Errorf(EReadOnlyKey, "a read-only key can only read")
	}
	return nil
}

// CreateVideo creates a video whose source the worker fetches from InputURL.
func (s *Service) CreateVideo(ctx context.Context, p *Principal, in CreateVideoInput) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	if in.InputURL == "" {
		return nil, Invalid("input_url", "is required")
	}
	if len(in.InputURL) > MaxInputURLLen {
		return nil, Invalid("input_url", "must be at most %d bytes", MaxInputURLLen)
	}
	if err := RefuseNumericHost("input_url", in.InputURL); err != nil {
		return nil, err
	}
	if _, err := s.guard.CheckURL(ctx, in.InputURL); err != nil {
		if errors.Is(err, netguard.ErrAddressNotAllowed) {
			return nil, &Error{Code: EInputURLNotAllowed, Message: "input_url points at an address that is not allowed",
				Fields: []FieldError{{Field: "input_url", Message: "private, loopback, link-local and metadata addresses are refused"}}}
		}
		return nil, Invalid("input_url", "%v", err)
	}
	if err := validateCommon(in.Title, in.Description, in.Metadata, in.PlaybackPolicy); err != nil {
		return nil, err
	}
	if err := s.checkCollection(ctx, p.Space, in.Collection); err != nil {
		return nil, err
	}
	if err := s.checkWaitingFetches(ctx, p.Space); err != nil {
		return nil, err
	}
	v := s.newVideo(p.Space, in.Collection, in.Title, in.Description, in.Metadata, in.PlaybackPolicy)
	v.InputURL = in.InputURL
	v.OriginalAccess = in.OriginalAccess != nil && *in.OriginalAccess
	job := Job{Kind: JobFetch, Space: v.Space, VideoID: v.ID, MaxAttempts: 3}
	if err := s.store.CreateVideo(ctx, v, Change{Events: []EventType{EventVideoCreated}, Jobs: []Job{job}}, s.eventData); err != nil {
		return nil, fmt.Errorf("creating video: %w", err)
	}
	return s.Present(v), nil
}

// DefaultMaxWaitingFetches is Config.MaxWaitingFetches's default.
const DefaultMaxWaitingFetches = 200

// checkWaitingFetches refuses a new fetch when the space already has
// MaxWaitingFetches waiting: a burst of URLs (an import, a misbehaving
// client) then queues at most that many jobs, and the client is told to
// come back rather than filling the queue for hours.
func (s *Service) checkWaitingFetches(ctx context.Context, space string) error {
	limit := s.cfg.MaxWaitingFetches
	if limit < 0 {
		return nil
	}
	waiting, err := s.store.CountVideos(ctx, VideoFilter{Space: space, Fetching: true, Limit: limit})
	if err != nil {
		return fmt.Errorf("counting waiting fetches: %w", err)
	}
	if waiting >= limit {
		// Fetches take seconds to minutes; a minute is a fair first wait.
		return &Error{Code: ETooManyFetches, RetryAfter: time.Minute,
			Message: fmt.Sprintf("this space already has %d videos waiting for their input_url to be fetched (the limit); retry when some are done", limit)}
	}
	return nil
}

func (s *Service) newVideo(space string, collection, title, description *string, metadata map[string]string, policy *PlaybackPolicy) *Video {
	now := s.clock.Now()
	v := &Video{
		ID: NewID(VideoIDLen), Embed: NewEmbed(space), Space: space,
		State: StateCreated, PlaybackPolicy: PlaybackPublic,
		Metadata: map[string]string{}, CreatedAt: now, UpdatedAt: now,
	}
	if collection != nil && *collection != "" {
		c := *collection
		v.Collection = &c
	}
	if title != nil {
		v.Title = *title
	}
	if description != nil {
		v.Description = *description
	}
	for k, val := range metadata {
		v.Metadata[k] = val
	}
	if policy != nil {
		v.PlaybackPolicy = *policy
	}
	return v
}

var errNoChange = errors.New("videohost: nothing to change")

// Video returns one video of the principal's space.
func (s *Service) Video(ctx context.Context, p *Principal, id string) (*Video, error) {
	v, err := s.store.Video(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if err := s.withProgress(ctx, v); err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// VideoByID returns any video (for the worker and delivery layers).
func (s *Service) VideoByID(ctx context.Context, id string) (*Video, error) {
	v, err := s.store.Video(ctx, "", id)
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// VideoByEmbed returns the video of an embed id.
func (s *Service) VideoByEmbed(ctx context.Context, embed string) (*Video, error) {
	v, err := s.store.VideoByEmbed(ctx, embed)
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// ListVideosInput holds the query of GET /v1/videos.
type ListVideosInput struct {
	Limit      int
	Cursor     string
	Collection string
	State      string
	Archived   *bool
	Query      string
	Order      string
}

// Videos lists the videos of the principal's space, newest first by default.
func (s *Service) Videos(ctx context.Context, p *Principal, in ListVideosInput) (*Page[*Video], error) {
	f := VideoFilter{Space: p.Space, Collection: in.Collection, Archived: in.Archived, Query: in.Query}
	if err := s.ListParams(in.Limit, in.Cursor, in.Order, &f); err != nil {
		return nil, err
	}
	if in.State != "" {
		if !State(in.State).Valid() {
			return nil, Invalid("state", "unknown state %q", in.State)
		}
		f.State = State(in.State)
	}
	if len(in.Query) > 200 {
		return nil, Invalid("q", "must be at most 200 bytes")
	}
	return s.VideoPage(ctx, f)
}

// VideoPage reads the page of videos f names, presented.
func (s *Service) VideoPage(ctx context.Context, f VideoFilter) (*Page[*Video], error) {
	want := f.Limit
	f.Limit = want + 1
	vs, err := s.store.Videos(ctx, f)
	if err != nil {
		return nil, err
	}
	page := &Page[*Video]{Data: make([]*Video, 0, len(vs))}
	if len(vs) > want {
		vs = vs[:want]
		last := vs[len(vs)-1]
		c := s.EncodeCursor(Cursor{CreatedAt: last.CreatedAt, ID: last.ID})
		page.NextCursor = &c
	}
	if err := s.withProgress(ctx, vs...); err != nil {
		return nil, err
	}
	for _, v := range vs {
		page.Data = append(page.Data, s.Present(v))
	}
	return page, nil
}

// UpdateVideoInput is the body of PATCH /v1/videos/{id}; nil fields are kept.
type UpdateVideoInput struct {
	Title          *string           `json:"title"`
	Description    *string           `json:"description"`
	Collection     *string           `json:"collection"` // "" moves out of any collection
	Metadata       map[string]string `json:"metadata"`
	PlaybackPolicy *PlaybackPolicy   `json:"playback_policy"`
	PosterTime     *float64          `json:"poster_time"`
	OriginalAccess *bool             `json:"original_access"`
}

// UpdateVideo changes the editable fields of a video.
func (s *Service) UpdateVideo(ctx context.Context, p *Principal, id string, in UpdateVideoInput) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	if err := validateCommon(in.Title, in.Description, in.Metadata, in.PlaybackPolicy); err != nil {
		return nil, err
	}
	if in.PosterTime != nil && (*in.PosterTime < 0 || *in.PosterTime > 12*3600) {
		return nil, Invalid("poster_time", "must be a number of seconds within the video")
	}
	if err := s.checkCollection(ctx, p.Space, in.Collection); err != nil {
		return nil, err
	}
	v, err := s.updateVideo(ctx, p.Space, id, func(v *Video) (Change, error) {
		if in.Title != nil {
			v.Title = *in.Title
		}
		if in.Description != nil {
			v.Description = *in.Description
		}
		if in.Collection != nil {
			if *in.Collection == "" {
				v.Collection = nil
			} else {
				c := *in.Collection
				v.Collection = &c
			}
		}
		if in.Metadata != nil {
			v.Metadata = in.Metadata
		}
		if in.PlaybackPolicy != nil {
			v.PlaybackPolicy = *in.PlaybackPolicy
		}
		if in.OriginalAccess != nil {
			v.OriginalAccess = *in.OriginalAccess
		}
		var ch Change
		if in.PosterTime != nil {
			if v.Duration > 0 && *in.PosterTime > v.Duration {
				return Change{}, Invalid("poster_time", "must be within the duration (%.3f s)", v.Duration)
			}
			pt := *in.PosterTime
			v.PosterTime = &pt
			v.PosterImage = false
			v.PosterError = nil
			// A ready video's poster is remade from that frame at once, as
			// PUT /poster with a time does; otherwise the transcode uses it.
			if v.State == StateReady && v.AssetVersion != "" && v.Assets.Poster {
				ch.Jobs = append(ch.Jobs, Job{Kind: JobPoster, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts})
			}
		}
		v.UpdatedAt = s.clock.Now()
		return ch, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// SetArchived archives or unarchives a video; a call that changes nothing
// emits no event.
func (s *Service) SetArchived(ctx context.Context, p *Principal, id string, archived bool) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	v, err := s.updateVideo(ctx, p.Space, id, func(v *Video) (Change, error) {
		if v.Archived == archived {
			return Change{}, nil
		}
		v.Archived = archived
		v.UpdatedAt = s.clock.Now()
		ev := EventVideoUnarchived
		if archived {
			ev = EventVideoArchived
		}
		return Change{Events: []EventType{ev}}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// DeleteVideo deletes a video and its assets; the id is never reused.
func (s *Service) DeleteVideo(ctx context.Context, p *Principal, id string) error {
	if err := RequireWrite(p); err != nil {
		return err
	}
	return s.deleteVideo(ctx, p.Space, id)
}

func (s *Service) deleteVideo(ctx context.Context, space, id string) error {
	_, err := s.removeVideo(ctx, space, id, func(v *Video) (Change, error) {
		v.UpdatedAt = s.clock.Now()
		return Change{Events: []EventType{EventVideoDeleted}}, nil
	})
	if err != nil {
		return err
	}
	// A chunked encode's jobs not yet started are given up; those running
	// find their chunk gone and remove what they stored.
	if cs := s.caps.chunks; cs != nil {
		if n, err := cs.DeleteChunks(context.WithoutCancel(ctx), id); err != nil {
			s.log.WarnContext(ctx, "giving up the chunks of a deleted video", "video", id, "err", err)
		} else if n > 0 {
			s.log.InfoContext(ctx, "chunk jobs of a deleted video given up", "video", id, "jobs", n)
		}
	}
	for _, prefix := range videoPrefixes(id) {
		if err := s.blobs.DeletePrefix(ctx, prefix); err != nil {
			s.log.WarnContext(ctx, "removing assets of a deleted video", "video", id, "prefix", prefix, "err", err)
		}
		s.forgetCopies(prefix)
	}
	return nil
}

// ---- collections ----

// updateVideo is the one way the service changes a video row: the store's
// transaction, then the cache entry dropped so delivery sees the change.
func (s *Service) updateVideo(ctx context.Context, space, id string, fn func(v *Video) (Change, error)) (*Video, error) {
	v, err := s.store.UpdateVideo(ctx, space, id, fn, s.eventData)
	s.videos.Forget(id)
	return v, err
}

// ChangeVideo changes a video row as updateVideo does (fn's events and
// jobs in the same transaction, the cached copy dropped), for the rooms
// beside the Service (videohost/trackadmin).
func (s *Service) ChangeVideo(ctx context.Context, space, id string, fn func(v *Video) (Change, error)) (*Video, error) {
	return s.updateVideo(ctx, space, id, fn)
}

// removeVideo marks a video deleted and drops it from the cache.
func (s *Service) removeVideo(ctx context.Context, space, id string, fn func(v *Video) (Change, error)) (*Video, error) {
	v, err := s.store.DeleteVideo(ctx, space, id, fn, s.eventData)
	s.videos.Forget(id)
	return v, err
}

// cachedVideo returns a video by id for the delivery path, from the cache
// when a recent copy is there. The video is the one the cache holds,
// shared: the caller must not modify it.
func (s *Service) cachedVideo(ctx context.Context, id string) (*Video, error) {
	if v, ok := s.videos.Get(id); ok {
		return v, nil
	}
	v, err := s.store.Video(ctx, "", id)
	if err != nil {
		return nil, err
	}
	s.videos.Put(id, v)
	return v, nil
}

// RefuseNumericHost returns an input_url_not_allowed error naming field when
// the host of raw is a numeric shorthand address, and nil otherwise (also
// for a URL that does not parse: the caller's own checks say why).
func RefuseNumericHost(field, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || !netguard.NumericShorthand(u.Hostname()) {
		return nil
	}
	msg := "numeric shorthand addresses such as 2130706433, 0x7f000001, 0177.0.0.1 or 127.1 are refused; write the address as four decimal numbers or as IPv6"
	return &Error{Code: EInputURLNotAllowed, Message: field + ": " + msg, Fields: []FieldError{{Field: field, Message: msg}}}
}
