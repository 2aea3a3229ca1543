package webhooks

import (
	"math/rand/v2"
	"time"
)

// Schedule returns the delays between delivery attempts: attempt n+1 waits
// Schedule()[n-1] after attempt n fails, about 27 h in all. The slice is
// fresh: callers may modify it.
func Schedule() []time.Duration {
	return []time.Duration{
		5 * time.Second,
		5 * time.Minute,
		30 * time.Minute,
		2 * time.Hour,
		5 * time.Hour,
		10 * time.Hour,
		10 * time.Hour,
	}
}

// MaxAttempts is the number of attempts before a delivery is marked failed:
// the first one plus one per Schedule entry.
const MaxAttempts = 8

// Jitter bounds: each delay is stretched or shrunk by 10 to 20 %, so that
// deliveries that failed together (an endpoint outage) do not all come back
// at the same second, while no retry comes noticeably early or late.
const (
	minJitter = 0.10
	maxJitter = 0.20
)

// DeliveryTimeout is how long the receiver has to answer 2xx before the
// attempt counts as failed.
const DeliveryTimeout = 10 * time.Second

// NextAttempt says how long to wait after attempt number `attempt` (1 for the
// first) has failed, and whether another attempt is due at all. attempt 0
// means nothing has been tried yet: go now.
//
// rnd returns numbers in [0, 1); nil means math/rand/v2. The first draw picks
// the jitter's size within 10 to 20 %, the second its direction.
func NextAttempt(attempt int, rnd func() float64) (time.Duration, bool) {
	if attempt <= 0 {
		return 0, true
	}
	if attempt >= MaxAttempts {
		return 0, false
	}
	if rnd == nil {
		rnd = rand.Float64
	}
	base := Schedule()[attempt-1]
	fraction := minJitter + (maxJitter-minJitter)*clampUnit(rnd())
	if clampUnit(rnd()) < 0.5 {
		fraction = -fraction
	}
	return base + time.Duration(float64(base)*fraction), true
}

// clampUnit keeps a misbehaving random source inside [0, 1].
func clampUnit(f float64) float64 {
	if !(f >= 0) { // also catches NaN
		return 0
	}
	if f > 1 {
		return 1
	}
	return f
}
