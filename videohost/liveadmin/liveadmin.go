package liveadmin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/reelvideo/reel/internal/usertext"
	"github.com/reelvideo/reel/videohost"
)

// Domain is what the management of live streams needs of the domain;
// *videohost.Service is one.
type Domain interface {
	videohost.Pager
	// LiveStreamStore is the store's live streams, or EUnavailable.
	LiveStreamStore() (videohost.LiveStreamStore, error)
	// Store holds the collections a stream records into.
	Store() videohost.Store
	Clock() videohost.Clock
}

// Ingest says where publishers connect; an empty URL is an ingest that is
// off.
type Ingest struct {
	// RTMPURL is the RTMP application URL, e.g. rtmp://reel.example:1935/live.
	RTMPURL string
	// SRTURL is the SRT listener, e.g. srt://reel.example:9000.
	SRTURL string
}

// Config is the configuration of Streams.
type Config struct {
	Ingest Ingest
}

// Streams manages the live streams of the principal's space. It holds no
// state of its own and is safe for concurrent use.
type Streams struct {
	d      Domain
	ingest Ingest
}

// New returns the Streams of d.
func New(d Domain, cfg Config) *Streams { return &Streams{d: d, ingest: cfg.Ingest} }

// LiveStreamInput is the body of live stream create and update; on update
// an absent (or null) field is kept.
type LiveStreamInput struct {
	Title           *string                   `json:"title"`
	CollectionID    *string                   `json:"collection_id"`
	PlaybackPolicy  *videohost.PlaybackPolicy `json:"playback_policy"`
	LatencyMode     *string                   `json:"latency_mode"`
	Record          *bool                     `json:"record"`
	ReconnectWindow *int                      `json:"reconnect_window"`
	DVRWindow       *int                      `json:"dvr_window"`
}

// LiveStreamView is a live stream as the API shows it. StreamKey, and the
// SRT stream id that carries it, are set only in the answers to Create
// and ResetKey: the key is shown once.
type LiveStreamView struct {
	ID              string                   `json:"id"`
	Space           string                   `json:"space"`
	Title           string                   `json:"title"`
	CollectionID    string                   `json:"collection_id"`
	PlaybackPolicy  videohost.PlaybackPolicy `json:"playback_policy"`
	LatencyMode     string                   `json:"latency_mode"`
	Record          bool                     `json:"record"`
	ReconnectWindow int                      `json:"reconnect_window"`
	DVRWindow       int                      `json:"dvr_window"`
	State           string                   `json:"state"`
	ActiveVideoID   string                   `json:"active_video_id"`
	LastVideoID     string                   `json:"last_video_id"`
	StreamKey       string                   `json:"stream_key,omitempty"`
	StreamKeyHint   string                   `json:"stream_key_hint"`
	Ingest          IngestView               `json:"ingest"`
	CreatedAt       time.Time                `json:"created_at"`
	UpdatedAt       time.Time                `json:"updated_at"`
	StateChangedAt  time.Time                `json:"state_changed_at"`
}

// IngestView is where a stream's publisher connects. SRTStreamID is the
// SRT stream id to publish with, "publish:" and the key: shown with the
// key only.
type IngestView struct {
	RTMPURL     string `json:"rtmp_url"`
	SRTURL      string `json:"srt_url"`
	SRTStreamID string `json:"srt_stream_id,omitempty"`
}

// view is ls as the API shows it; key is the stream key to show, "" when
// it is not shown.
func (s *Streams) view(ls *videohost.LiveStream, key string) *LiveStreamView {
	v := &LiveStreamView{
		ID: ls.ID, Space: ls.Space, Title: ls.Title, CollectionID: ls.CollectionID, PlaybackPolicy: ls.PlaybackPolicy,
		LatencyMode: ls.LatencyMode, Record: ls.Record, ReconnectWindow: ls.ReconnectWindow, DVRWindow: ls.DVRWindow,
		State: ls.State, ActiveVideoID: ls.ActiveVideoID, LastVideoID: ls.LastVideoID,
		StreamKey: key, StreamKeyHint: "…" + ls.KeyHint,
		Ingest:    IngestView{RTMPURL: s.ingest.RTMPURL, SRTURL: s.ingest.SRTURL},
		CreatedAt: ls.CreatedAt, UpdatedAt: ls.UpdatedAt, StateChangedAt: ls.StateChangedAt,
	}
	if key != "" && s.ingest.SRTURL != "" {
		v.Ingest.SRTStreamID = "publish:" + key
	}
	return v
}

// LiveStreamEventView is the data of a live_stream.* webhook event: the
// stream as the API shows it, without its key, and VideoID, the video of
// the session the event is about ("" when it has none: a publisher
// connected, no media yet).
type LiveStreamEventView struct {
	*LiveStreamView
	VideoID string `json:"video_id"`
}

// EventData renders the data of ls's live_stream.* event about the
// session whose video is videoID: what the store writes in the outbox
// with the state (videohost.LiveStreamStore.SetLiveStreamState).
func (s *Streams) EventData(ls *videohost.LiveStream, videoID string) ([]byte, error) {
	data, err := json.Marshal(LiveStreamEventView{LiveStreamView: s.view(ls, ""), VideoID: videoID})
	if err != nil {
		return nil, fmt.Errorf("rendering live stream %s: %w", ls.ID, err)
	}
	return data, nil
}

// store is the live stream store, or EUnavailable.
func (s *Streams) store() (videohost.LiveStreamStore, error) { return s.d.LiveStreamStore() }

// newKey makes a stream key; the stream keeps its hash and hint.
func newKey() (key, hash, hint string) {
	key = videohost.LiveStreamKeyPrefix + videohost.NewID(videohost.LiveStreamKeyLen)
	return key, hashKey(key), key[len(key)-4:]
}

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// Create creates an idle live stream with a new key, shown in the answer
// and never again.
func (s *Streams) Create(ctx context.Context, p *videohost.Principal, in LiveStreamInput) (*LiveStreamView, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	store, err := s.store()
	if err != nil {
		return nil, err
	}
	now := s.d.Clock().Now()
	ls := &videohost.LiveStream{
		ID: videohost.NewID(videohost.LiveStreamIDLen), Space: p.Space,
		PlaybackPolicy: videohost.PlaybackPublic, LatencyMode: videohost.LatencyLow, Record: true,
		ReconnectWindow: videohost.DefaultReconnectWindow, DVRWindow: videohost.DefaultDVRWindow,
		State: videohost.LiveIdle, CreatedAt: now, UpdatedAt: now, StateChangedAt: now,
	}
	if err := s.apply(ctx, p.Space, ls, in); err != nil {
		return nil, err
	}
	key, hash, hint := newKey()
	ls.KeyHash, ls.KeyHint = hash, hint
	if err := store.CreateLiveStream(ctx, ls); err != nil {
		return nil, err
	}
	return s.view(ls, key), nil
}

// Get returns one live stream of the principal's space, without its key.
func (s *Streams) Get(ctx context.Context, p *videohost.Principal, id string) (*LiveStreamView, error) {
	ls, err := s.get(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return s.view(ls, ""), nil
}

func (s *Streams) get(ctx context.Context, p *videohost.Principal, id string) (*videohost.LiveStream, error) {
	if p == nil {
		return nil, videohost.Errorf(videohost.EUnauthorized, "authentication required")
	}
	store, err := s.store()
	if err != nil {
		return nil, err
	}
	return store.LiveStream(ctx, p.Space, id)
}

// List lists the live streams of the principal's space by id.
func (s *Streams) List(ctx context.Context, p *videohost.Principal, limit int, cursor string) (*videohost.Page[*LiveStreamView], error) {
	if p == nil {
		return nil, videohost.Errorf(videohost.EUnauthorized, "authentication required")
	}
	store, err := s.store()
	if err != nil {
		return nil, err
	}
	page, err := videohost.PageByID(s.d, limit, cursor, func(after string, limit int) ([]*videohost.LiveStream, error) {
		return store.ListLiveStreams(ctx, p.Space, after, limit)
	}, func(ls *videohost.LiveStream) string { return ls.ID })
	if err != nil {
		return nil, err
	}
	out := &videohost.Page[*LiveStreamView]{Data: make([]*LiveStreamView, len(page.Data)), NextCursor: page.NextCursor}
	for i, ls := range page.Data {
		out.Data[i] = s.view(ls, "")
	}
	return out, nil
}

// Update changes the settings present in in; the key and the state are
// not settings. A change applies from the next session on.
func (s *Streams) Update(ctx context.Context, p *videohost.Principal, id string, in LiveStreamInput) (*LiveStreamView, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	ls, err := s.get(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if err := s.apply(ctx, p.Space, ls, in); err != nil {
		return nil, err
	}
	ls.UpdatedAt = s.d.Clock().Now()
	store, err := s.store()
	if err != nil {
		return nil, err
	}
	if err := store.UpdateLiveStream(ctx, ls); err != nil {
		return nil, err
	}
	return s.view(ls, ""), nil
}

// Delete deletes a live stream that is not live: while a publisher is
// connected it is EConflict, so that a session is never left without its
// stream.
func (s *Streams) Delete(ctx context.Context, p *videohost.Principal, id string) error {
	if err := videohost.RequireWrite(p); err != nil {
		return err
	}
	ls, err := s.get(ctx, p, id)
	if err != nil {
		return err
	}
	if ls.State == videohost.LiveConnected || ls.State == videohost.LiveActive {
		return videohost.Errorf(videohost.EConflict, "the stream is live; stop the publisher first")
	}
	store, err := s.store()
	if err != nil {
		return err
	}
	return store.DeleteLiveStream(ctx, p.Space, id)
}

// ResetKey gives a stream a new key, shown in the answer and never again;
// the old key stops working at once.
func (s *Streams) ResetKey(ctx context.Context, p *videohost.Principal, id string) (*LiveStreamView, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	ls, err := s.get(ctx, p, id)
	if err != nil {
		return nil, err
	}
	store, err := s.store()
	if err != nil {
		return nil, err
	}
	key, hash, hint := newKey()
	now := s.d.Clock().Now()
	if err := store.SetLiveStreamKey(ctx, p.Space, id, hash, hint, now); err != nil {
		return nil, err
	}
	ls.KeyHash, ls.KeyHint, ls.UpdatedAt = hash, hint, now
	return s.view(ls, key), nil
}

// Authorize returns the stream a publisher's key belongs to, in any space:
// the ingest's check at the handshake. A key that is not one is ENotFound,
// the same whether it is malformed, reset or never existed. The lookup is
// by the key's SHA-256, so timing tells nothing about the key itself.
func (s *Streams) Authorize(ctx context.Context, streamKey string) (*videohost.LiveStream, error) {
	store, err := s.store()
	if err != nil {
		return nil, err
	}
	notFound := videohost.Errorf(videohost.ENotFound, "no live stream has this stream key")
	if len(streamKey) != len(videohost.LiveStreamKeyPrefix)+videohost.LiveStreamKeyLen || !strings.HasPrefix(streamKey, videohost.LiveStreamKeyPrefix) {
		return nil, notFound
	}
	ls, err := store.LiveStreamByKeyHash(ctx, hashKey(streamKey))
	if videohost.IsNotFound(err) {
		return nil, notFound
	}
	return ls, err
}

// apply checks the fields present in in and sets them on ls.
func (s *Streams) apply(ctx context.Context, space string, ls *videohost.LiveStream, in LiveStreamInput) error {
	if in.Title != nil {
		title, err := checkTitle(*in.Title)
		if err != nil {
			return err
		}
		ls.Title = title
	}
	if in.CollectionID != nil {
		if id := *in.CollectionID; id != "" {
			if _, err := s.d.Store().Collection(ctx, space, id); err != nil {
				if videohost.IsNotFound(err) {
					return videohost.Invalid("collection_id", "no collection %q in this space", videohost.Excerpt(id))
				}
				return err
			}
		}
		ls.CollectionID = *in.CollectionID
	}
	if in.PlaybackPolicy != nil {
		if p := *in.PlaybackPolicy; p != videohost.PlaybackPublic && p != videohost.PlaybackSigned {
			return videohost.Invalid("playback_policy", "must be public or signed")
		}
		ls.PlaybackPolicy = *in.PlaybackPolicy
	}
	if in.LatencyMode != nil {
		if m := *in.LatencyMode; m != videohost.LatencyLow && m != videohost.LatencyStandard {
			return videohost.Invalid("latency_mode", "must be low or standard")
		}
		ls.LatencyMode = *in.LatencyMode
	}
	if in.Record != nil {
		ls.Record = *in.Record
	}
	if in.ReconnectWindow != nil {
		if w := *in.ReconnectWindow; w < 0 || w > videohost.MaxReconnectWindow {
			return videohost.Invalid("reconnect_window", "must be 0 to %d seconds", videohost.MaxReconnectWindow)
		}
		ls.ReconnectWindow = *in.ReconnectWindow
	}
	if in.DVRWindow != nil {
		if w := *in.DVRWindow; w < videohost.MinDVRWindow || w > videohost.MaxDVRWindow {
			return videohost.Invalid("dvr_window", "must be %d to %d seconds", videohost.MinDVRWindow, videohost.MaxDVRWindow)
		}
		ls.DVRWindow = *in.DVRWindow
	}
	return nil
}

// checkTitle checks a title as a video's is bounded (videohost.MaxTitleLen
// bytes), on one line (usertext.Line), and returns it normalised; an
// empty or blank title is no title.
func checkTitle(title string) (string, error) {
	if len(title) > videohost.MaxTitleLen {
		return "", videohost.Invalid("title", "must be at most %d bytes", videohost.MaxTitleLen)
	}
	if strings.TrimSpace(title) == "" {
		return "", nil
	}
	line, problem := usertext.Line(title, videohost.MaxTitleLen, false)
	if problem != "" {
		return "", videohost.Invalid("title", "%s", problem)
	}
	return line, nil
}
