package llhls

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// maxQueued bounds the files waiting for Storage: about three minutes of
// 2 s segments. A storage that far behind is broken, and the publish
// ends rather than hold the session in memory.
const maxQueued = 200

var errStorageBehind = errors.New("llhls: storage is falling behind")

// writer puts files to Storage in the order they were completed, on a
// goroutine of its own: a slow Put (S3 answering in a second) must not
// hold up the ingest's next units, and with them the next parts. The
// goroutine runs only while files are waiting.
type writer struct {
	storage Storage
	timeout func() (context.Context, context.CancelFunc)

	mu      sync.Mutex
	queue   []putReq
	running bool
	idle    chan struct{} // closed when the running goroutine exits
	err     error         // a failed Put not reported yet
	lost    error         // every failed Put of the session
}

type putReq struct {
	name string
	data []byte
}

// enqueue schedules puts. It returns, once, the error of a Put that failed
// since the last call: the publish ends, and its publisher may reconnect
// to a session whose recording misses that file.
func (w *writer) enqueue(puts []putReq) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.err; err != nil {
		w.err = nil
		return err
	}
	if len(puts) == 0 {
		return nil
	}
	if len(w.queue)+len(puts) > maxQueued {
		w.lost = errors.Join(w.lost, errStorageBehind)
		return errStorageBehind
	}
	w.queue = append(w.queue, puts...)
	if !w.running {
		w.running = true
		w.idle = make(chan struct{})
		go w.run(w.idle)
	}
	return nil
}

func (w *writer) run(idle chan struct{}) {
	defer close(idle)
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		p := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()
		ctx, cancel := w.timeout()
		err := w.storage.Put(ctx, p.name, p.data)
		cancel()
		if err != nil {
			err = fmt.Errorf("llhls: storing %s: %w", p.name, err)
			w.mu.Lock()
			w.err = errors.Join(w.err, err)
			w.lost = errors.Join(w.lost, err)
			w.mu.Unlock()
		}
	}
}

// flush waits until every enqueued file is put, and returns every Put of
// the session that failed.
func (w *writer) flush(ctx context.Context) error {
	w.mu.Lock()
	running, idle := w.running, w.idle
	w.mu.Unlock()
	if running {
		select {
		case <-idle:
		case <-ctx.Done():
			return fmt.Errorf("llhls: waiting for storage: %w", ctx.Err())
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.err = nil
	return w.lost
}
