// Package testclock holds the clocks tests inject (videohost.Clock and the
// clocks of the worker, the dispatcher and analytics): one that moves only
// when told, and one that runs with the wall clock from an offset tests
// advance. Safe for concurrent use.
package testclock

import (
	"sync"
	"time"
)

// Step is a clock that stands still until Advance or Set moves it.
type Step struct {
	mu  sync.Mutex
	now time.Time
}

// NewStep returns a Step clock at start.
func NewStep(start time.Time) *Step { return &Step{now: start} }

// Now returns the clock's time.
func (c *Step) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Step) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Set puts the clock at t.
func (c *Step) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// Offset is the wall clock (UTC) moved forward by what Advance adds, so
// that time still passes between the steps of a test (lists ordered by
// creation time stay ordered).
type Offset struct {
	mu  sync.Mutex
	off time.Duration
}

// Now returns the wall clock's time plus the offset.
func (c *Offset) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().UTC().Add(c.off)
}

// Advance adds d to the offset.
func (c *Offset) Advance(d time.Duration) {
	c.mu.Lock()
	c.off += d
	c.mu.Unlock()
}
