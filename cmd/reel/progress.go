package main

import (
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// uploadBar draws bytes sent, rate and ETA on a terminal; it is a no-op
// when progress is not shown.
type uploadBar struct {
	bar *progressbar.ProgressBar
}

func (a *app) newUploadBar(total int64, description string) *uploadBar {
	if !a.showProgress() {
		return &uploadBar{}
	}
	return &uploadBar{bar: progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetDescription(description),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowTotalBytes(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionUseIECUnits(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
	)}
}

func (b *uploadBar) set(sent int64) {
	if b.bar != nil {
		_ = b.bar.Set64(sent)
	}
}

func (b *uploadBar) finish() {
	if b.bar != nil {
		_ = b.bar.Finish()
	}
}

// spinner shows a state while waiting; a no-op when progress is not shown.
type spinner struct {
	bar  *progressbar.ProgressBar
	done chan struct{}
	once sync.Once
}

func (a *app) newSpinner(description string) *spinner {
	s := &spinner{done: make(chan struct{})}
	if !a.showProgress() {
		return s
	}
	s.bar = progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetDescription(description),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
	)
	// The spinner turns between polls too, which can be seconds apart.
	go func() {
		t := time.NewTicker(120 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-s.done:
				return
			case <-t.C:
				_ = s.bar.Add(1)
			}
		}
	}()
	return s
}

func (s *spinner) describe(d string) {
	if s.bar != nil {
		s.bar.Describe(d)
	}
}

func (s *spinner) stop() {
	s.once.Do(func() {
		close(s.done)
		if s.bar != nil {
			_ = s.bar.Finish()
		}
	})
}
