package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	tus "github.com/tus/tusd/v2/pkg/handler"

	"github.com/reelvideo/reel/videohost"
)

// unlockChannel is the NOTIFY channel on which a process that waits for an
// upload's lock asks its holder, whichever process that is, to let go.
const unlockChannel = "reel_upload_unlock"

// UploadLocker is a tus locker (tusd's handler.Locker) on PostgreSQL
// advisory locks, so that the api processes sharing a database take turns
// on an upload: one started on one process resumes on another.
//
// Each held lock is a session-level advisory lock (pg_try_advisory_lock,
// keyed by the upload id) on a connection of its own, taken from a small
// pool beside the store's and held until Unlock. A process that dies
// closes its connections, and the server drops its locks at once; a lock
// whose connection is lost while held is reported to its holder as a
// release request, since it no longer protects anything.
//
// tusd asks a holder to let go when another request wants the upload (a
// client resuming on another process after its first connection hung):
// the waiter sends NOTIFY reel_upload_unlock with the upload id, and the
// locker that holds it, listening on a connection of its own, calls the
// holder's requestUnlock. The waiter tries again every PollInterval until
// its context ends, then answers tus.ErrLockTimeout, as tusd's own lockers
// do. Release requests are best effort: a holder whose listening
// connection is down at that moment finishes its request first.
type UploadLocker struct {
	pool *pgxpool.Pool
	log  *slog.Logger
	poll time.Duration

	mu     sync.Mutex
	held   map[string][]*uploadLock // by upload id: the locks this process holds
	cancel context.CancelFunc
	done   chan struct{}

	listening     chan struct{} // closed once the first LISTEN is in place
	listeningOnce sync.Once
}

// listenWait bounds how long NewUploadLocker waits for its LISTEN: a
// release request sent before it is in place would be lost.
const listenWait = 5 * time.Second

var _ tus.Locker = (*UploadLocker)(nil)

// UploadLockerOption configures NewUploadLocker.
type UploadLockerOption func(*UploadLocker)

// WithLockPollInterval sets how often a waiting request tries the lock
// again (default 250 ms).
func WithLockPollInterval(d time.Duration) UploadLockerOption {
	return func(l *UploadLocker) { l.poll = d }
}

// maxUploadLocks bounds the connections of the upload locker: a request
// that finds them all taken waits for one, up to tusd's lock timeout.
const maxUploadLocks = 64

// NewUploadLocker returns a locker on the database of db, with a
// connection pool of its own (up to 64 uploads locked at once by this
// process, plus one listening connection). Close it when done.
func (db *DB) NewUploadLocker(opts ...UploadLockerOption) (*UploadLocker, error) {
	cfg := db.poolConfig.Copy()
	cfg.MinConns, cfg.MaxConns = 0, maxUploadLocks+1
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("opening the upload lock pool of %s: %w", db.name, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &UploadLocker{pool: pool, log: db.log, poll: 250 * time.Millisecond,
		held: map[string][]*uploadLock{}, cancel: cancel, done: make(chan struct{}), listening: make(chan struct{})}
	for _, o := range opts {
		o(l)
	}
	go l.listen(ctx)
	select {
	case <-l.listening:
	case <-time.After(listenWait):
		// It keeps trying in the background (listen logs why); until then
		// a holder here misses release requests and a waiter times out.
		l.log.Warn("upload locker: not yet listening for release requests", "waited", listenWait)
	}
	return l, nil
}

// Close stops listening for release requests and closes the locker's
// connections, which drops every lock it still holds.
func (l *UploadLocker) Close() error {
	l.cancel()
	<-l.done
	l.mu.Lock()
	var held []*uploadLock
	for _, locks := range l.held {
		held = append(held, locks...)
	}
	l.mu.Unlock()
	// The pool waits for every connection to come back; those of held
	// locks are closed instead, which drops the locks.
	for _, lk := range held {
		lk.release(false)
	}
	l.pool.Close()
	return nil
}

// NewLock implements tus.Locker.
func (l *UploadLocker) NewLock(id string) (tus.Lock, error) {
	return &uploadLock{l: l, id: id, key: lockKey("upload:" + id)}, nil
}

// listen forwards release requests to the holders in this process,
// reconnecting (after a pause) whenever its connection is lost.
func (l *UploadLocker) listen(ctx context.Context) {
	defer close(l.done)
	for ctx.Err() == nil {
		err := l.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		l.log.WarnContext(ctx, "upload locker: listening for release requests", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

func (l *UploadLocker) listenOnce(ctx context.Context) error {
	pc, err := l.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// The connection is taken out of the pool and closed at the end,
	// rather than returned: it is LISTENing.
	conn := pc.Hijack()
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+unlockChannel); err != nil {
		return err
	}
	l.listeningOnce.Do(func() { close(l.listening) })
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		l.requestRelease(n.Payload)
	}
}

// requestRelease asks every holder of id in this process to let go.
func (l *UploadLocker) requestRelease(id string) {
	l.mu.Lock()
	locks := append([]*uploadLock(nil), l.held[id]...)
	l.mu.Unlock()
	for _, lk := range locks {
		lk.askRelease()
	}
}

func (l *UploadLocker) hold(lk *uploadLock) {
	l.mu.Lock()
	l.held[lk.id] = append(l.held[lk.id], lk)
	l.mu.Unlock()
}

func (l *UploadLocker) drop(lk *uploadLock) {
	l.mu.Lock()
	defer l.mu.Unlock()
	rest := l.held[lk.id][:0]
	for _, h := range l.held[lk.id] {
		if h != lk {
			rest = append(rest, h)
		}
	}
	if len(rest) == 0 {
		delete(l.held, lk.id)
	} else {
		l.held[lk.id] = rest
	}
}

// uploadLock is one request's lock on one upload.
type uploadLock struct {
	l   *UploadLocker
	id  string
	key int64

	mu            sync.Mutex
	conn          *pgxpool.Conn // set while held
	requestUnlock func()
	asked         bool
	stopWatch     chan struct{}
	watchDone     chan struct{}
}

// Lock implements tus.Lock: it takes the lock, or asks its holder to let
// go and tries again until ctx ends (tus.ErrLockTimeout). A database that
// cannot be reached is EUnavailable.
func (lk *uploadLock) Lock(ctx context.Context, requestUnlock func()) error {
	lk.mu.Lock()
	defer lk.mu.Unlock()
	if lk.conn != nil {
		return errors.New("upload lock: already held")
	}
	asked := false
	for {
		conn, got, err := lk.try(ctx)
		if ctx.Err() != nil {
			return tus.ErrLockTimeout
		}
		if err != nil {
			return &videohost.Error{Code: videohost.EUnavailable, Message: "the database is not reachable", Err: err,
				RetryAfter: 5 * time.Second}
		}
		if got {
			lk.conn, lk.requestUnlock, lk.asked = conn, requestUnlock, false
			lk.stopWatch, lk.watchDone = make(chan struct{}), make(chan struct{})
			lk.l.hold(lk)
			go lk.watch(lk.stopWatch, lk.watchDone)
			return nil
		}
		if !asked {
			// Once per Lock: the holder's request is being cancelled; NOTIFY
			// again would only repeat it.
			if _, err := lk.l.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, unlockChannel, lk.id); err == nil {
				asked = true
			}
		}
		select {
		case <-ctx.Done():
			return tus.ErrLockTimeout
		case <-time.After(lk.l.poll):
		}
	}
}

// try takes a connection and the advisory lock on it; got is false (and
// the connection back in the pool) when another session holds the lock.
func (lk *uploadLock) try(ctx context.Context) (*pgxpool.Conn, bool, error) {
	conn, err := lk.l.pool.Acquire(ctx)
	if err != nil {
		return nil, false, err
	}
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, lk.key).Scan(&got); err != nil {
		conn.Hijack().Close(context.WithoutCancel(ctx))
		return nil, false, err
	}
	if !got {
		conn.Release()
		return nil, false, nil
	}
	return conn, true, nil
}

// watchEvery is how often a held lock's connection is checked.
const watchEvery = 2 * time.Second

// watch pings the lock's connection while it is held: a lost connection
// has lost the lock, so the holder is asked to stop.
func (lk *uploadLock) watch(stop, done chan struct{}) {
	defer close(done)
	t := time.NewTicker(watchEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		lk.mu.Lock()
		conn := lk.conn
		lk.mu.Unlock()
		if conn == nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), watchEvery)
		err := conn.Ping(ctx)
		cancel()
		if err != nil {
			lk.l.log.Warn("upload lock lost with its database connection", "upload", lk.id, "err", err)
			lk.askRelease()
			return
		}
	}
}

func (lk *uploadLock) askRelease() {
	lk.mu.Lock()
	fn := lk.requestUnlock
	first := !lk.asked && lk.conn != nil
	lk.asked = true
	lk.mu.Unlock()
	if first && fn != nil {
		fn()
	}
}

// Unlock implements tus.Lock. A connection that cannot unlock is closed,
// which unlocks too.
func (lk *uploadLock) Unlock() error {
	lk.release(true)
	return nil
}

// release gives the lock up: by pg_advisory_unlock when unlock is set and
// that works, else by closing its connection.
func (lk *uploadLock) release(unlock bool) {
	lk.mu.Lock()
	conn, stop, done := lk.conn, lk.stopWatch, lk.watchDone
	lk.conn, lk.requestUnlock = nil, nil
	lk.mu.Unlock()
	if conn == nil {
		return
	}
	lk.l.drop(lk)
	close(stop)
	<-done
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var ok bool
	if unlock {
		if err := conn.QueryRow(ctx, `SELECT pg_advisory_unlock($1)`, lk.key).Scan(&ok); err == nil && ok {
			conn.Release()
			return
		}
	}
	conn.Hijack().Close(ctx)
}
