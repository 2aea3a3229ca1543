package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// LiveStreamColumns are the columns ScanLiveStream reads, in order, and
// those of an insert into live_streams.
const LiveStreamColumns = `id, space, title, collection_id, playback_policy, latency_mode, record,
	reconnect_window, dvr_window, state, active_video_id, last_video_id, key_hash, key_hint,
	created_at, updated_at, state_changed_at`

// LiveStreamSQL is a store's SQL text for the live stream methods of
// Store.
type LiveStreamSQL struct {
	// Insert inserts LiveStreamColumns.
	Insert string
	// LiveStream selects LiveStreamColumns given space and id; ByKeyHash
	// given a key hash, in any space; ByID given an id, in any space.
	LiveStream, ByKeyHash, ByID string
	// List selects LiveStreamColumns of a space in id order given space,
	// an id to start after and a limit.
	List string
	// Update saves title, collection_id, playback_policy, latency_mode,
	// record, reconnect_window, dvr_window and updated_at given them,
	// space and id.
	Update string
	// SetKey saves key_hash, key_hint and updated_at given them, space and
	// id; SetState state, active_video_id, last_video_id and
	// state_changed_at given them and id.
	SetKey, SetState string
	// Delete deletes a stream given space and id.
	Delete string
}

// ScanLiveStream reads LiveStreamColumns from row.
func ScanLiveStream(row Row, newTime func() TimeCol) (*videohost.LiveStream, error) {
	var ls videohost.LiveStream
	var policy string
	created, updated, changed := newTime(), newTime(), newTime()
	if err := row.Scan(&ls.ID, &ls.Space, &ls.Title, &ls.CollectionID, &policy, &ls.LatencyMode, &ls.Record,
		&ls.ReconnectWindow, &ls.DVRWindow, &ls.State, &ls.ActiveVideoID, &ls.LastVideoID, &ls.KeyHash, &ls.KeyHint,
		created.Dest(), updated.Dest(), changed.Dest()); err != nil {
		return nil, err
	}
	ls.PlaybackPolicy = videohost.PlaybackPolicy(policy)
	ls.CreatedAt, ls.UpdatedAt, ls.StateChangedAt = created.Time(), updated.Time(), changed.Time()
	return &ls, nil
}

func liveStreamNotFound(id string) error {
	return videohost.Errorf(videohost.ENotFound, "live stream %s not found", id)
}

// CreateLiveStream inserts ls. A taken id or key hash, or a space that is
// not one, is EConflict.
func (s *Store) CreateLiveStream(ctx context.Context, ls *videohost.LiveStream) error {
	ls.CreatedAt, ls.UpdatedAt, ls.StateChangedAt = s.round(ls.CreatedAt), s.round(ls.UpdatedAt), s.round(ls.StateChangedAt)
	_, err := s.b.Write.Exec(ctx, s.b.Q.LiveStreams.Insert, ls.ID, ls.Space, ls.Title, ls.CollectionID, string(ls.PlaybackPolicy),
		ls.LatencyMode, ls.Record, ls.ReconnectWindow, ls.DVRWindow, ls.State, ls.ActiveVideoID, ls.LastVideoID, ls.KeyHash, ls.KeyHint,
		ls.CreatedAt, ls.UpdatedAt, ls.StateChangedAt)
	if err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "inserting live stream %s", ls.ID)
	}
	return nil
}

// LiveStream returns one live stream of space.
func (s *Store) LiveStream(ctx context.Context, space, id string) (*videohost.LiveStream, error) {
	ls, err := ScanLiveStream(s.b.Read.QueryRow(ctx, s.b.Q.LiveStreams.LiveStream, space, id), s.b.Read.NewTime)
	if err != nil {
		return nil, NotFound(err, "reading live stream", "live stream %s not found", id)
	}
	return ls, nil
}

// LiveStreamByKeyHash returns the live stream whose key hashes to hash, in
// any space: what an ingest knows at the handshake is the key alone. It
// reads from the writer, so that a key reset a moment ago is refused at
// once even where reads go to a replica.
func (s *Store) LiveStreamByKeyHash(ctx context.Context, hash string) (*videohost.LiveStream, error) {
	ls, err := ScanLiveStream(s.b.Write.QueryRow(ctx, s.b.Q.LiveStreams.ByKeyHash, hash), s.b.Write.NewTime)
	if err != nil {
		return nil, NotFound(err, "reading live stream by key", "no live stream has this stream key")
	}
	return ls, nil
}

// ListLiveStreams lists the live streams of space ordered by id, starting
// after the id after. limit <= 0 means all.
func (s *Store) ListLiveStreams(ctx context.Context, space, after string, limit int) ([]*videohost.LiveStream, error) {
	return Collect(ctx, s.b.Read, "listing live streams", func(row Row) (*videohost.LiveStream, error) {
		return ScanLiveStream(row, s.b.Read.NewTime)
	}, s.b.Q.LiveStreams.List, space, after, s.b.Limit(limit))
}

// UpdateLiveStream saves the settings of ls and its updated_at; its key
// and state are left as they are (SetLiveStreamKey, SetLiveStreamState).
func (s *Store) UpdateLiveStream(ctx context.Context, ls *videohost.LiveStream) error {
	ls.UpdatedAt = s.round(ls.UpdatedAt)
	n, err := s.b.Write.Exec(ctx, s.b.Q.LiveStreams.Update, ls.Title, ls.CollectionID, string(ls.PlaybackPolicy), ls.LatencyMode,
		ls.Record, ls.ReconnectWindow, ls.DVRWindow, ls.UpdatedAt, ls.Space, ls.ID)
	return MustAffect(n, err, "updating live stream", liveStreamNotFound(ls.ID))
}

// SetLiveStreamKey replaces the key of a stream by its hash and hint: the
// old key stops matching with this one statement.
func (s *Store) SetLiveStreamKey(ctx context.Context, space, id, hash, hint string, at time.Time) error {
	n, err := s.b.Write.Exec(ctx, s.b.Q.LiveStreams.SetKey, hash, hint, s.round(at), space, id)
	if err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "setting the key of live stream %s", id)
	}
	return MustAffect(n, nil, "", liveStreamNotFound(id))
}

// SetLiveStreamState records where the stream's session is, for the
// ingest, which knows the stream by id alone. With event set, the outbox
// event that reports the change (live_stream.<state>, with no video_id:
// the stream's event is not one of its video's) is written in the same
// transaction, its data rendered from the stream as saved.
func (s *Store) SetLiveStreamState(ctx context.Context, id, state, activeVideoID, lastVideoID string, at time.Time, event videohost.LiveStreamEventData) error {
	at = s.round(at)
	if event == nil {
		n, err := s.b.Write.Exec(ctx, s.b.Q.LiveStreams.SetState, state, activeVideoID, lastVideoID, at, id)
		return MustAffect(n, err, "setting the state of live stream", liveStreamNotFound(id))
	}
	return s.b.InTx(ctx, func(tx Tx) error {
		n, err := tx.Exec(ctx, s.b.Q.LiveStreams.SetState, state, activeVideoID, lastVideoID, at, id)
		if err := MustAffect(n, err, "setting the state of live stream", liveStreamNotFound(id)); err != nil {
			return err
		}
		ls, err := ScanLiveStream(tx.QueryRow(ctx, s.b.Q.LiveStreams.ByID, id), tx.NewTime)
		if err != nil {
			return NotFound(err, "reading live stream", "live stream %s not found", id)
		}
		data, err := event(ls)
		if err != nil {
			return fmt.Errorf("rendering the live stream's event: %w", err)
		}
		if err := tx.LockOutbox(ctx); err != nil {
			return err
		}
		return Exec(ctx, tx, "inserting event", s.b.Q.Videos.Event,
			"evt_"+videohost.NewID(24), string(videohost.LiveStreamEvent(state)), ls.Space, "", at, string(data))
	})
}

// DeleteLiveStream removes a stream; whether it may go (not live) is the
// caller's business.
func (s *Store) DeleteLiveStream(ctx context.Context, space, id string) error {
	n, err := s.b.Write.Exec(ctx, s.b.Q.LiveStreams.Delete, space, id)
	return MustAffect(n, err, "deleting live stream", liveStreamNotFound(id))
}
