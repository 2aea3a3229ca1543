package httpapi

import (
	"bytes"
	"log/slog"
	"sync"

	expslog "golang.org/x/exp/slog"
)

// tusLogger gives tusd, which logs through golang.org/x/exp/slog, a logger
// that forwards its warnings and errors to ours as text lines. tusd's
// per-request Info lines are dropped: the Handler logs every request itself.
func tusLogger(log *slog.Logger) *expslog.Logger {
	return expslog.New(expslog.NewTextHandler(&lineWriter{log: log}, &expslog.HandlerOptions{Level: expslog.LevelWarn}))
}

type lineWriter struct {
	log *slog.Logger
	mu  sync.Mutex
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, line := range bytes.Split(bytes.TrimRight(p, "\n"), []byte("\n")) {
		w.log.Warn("tusd", "line", string(line))
	}
	return len(p), nil
}
