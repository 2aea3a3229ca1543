package ingest_test

import (
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live/internal/ingest"
)

func TestUnwrapper(t *testing.T) {
	tests := []struct {
		name string
		bits uint
		in   []int64
		want []int64
	}{
		{"steady", 33, []int64{100, 3100, 6100}, []int64{100, 3100, 6100}},
		{"33-bit wrap", 33, []int64{1<<33 - 3000, 1<<33 - 1, 2999}, []int64{1<<33 - 3000, 1<<33 - 1, 1<<33 + 2999}},
		{"32-bit wrap", 32, []int64{1<<32 - 40, 0, 40}, []int64{1<<32 - 40, 1 << 32, 1<<32 + 40}},
		{"another track a little behind", 33, []int64{9000, 6000, 12000, 1<<33 - 100, 50}, []int64{9000, 6000, 12000, -100, 50}},
		{"behind across a wrap", 33, []int64{10, 1<<33 - 10, 20}, []int64{10, -10, 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := ingest.Unwrapper{Bits: tt.bits}
			for i, ts := range tt.in {
				if got := u.Unwrap(ts); got != tt.want[i] {
					t.Errorf("Unwrap #%d (%d) = %d, want %d", i, ts, got, tt.want[i])
				}
			}
		})
	}
}

func TestTicks90k(t *testing.T) {
	tests := []struct {
		in   int64
		want time.Duration
	}{
		{0, 0},
		{3000, time.Second / 30},
		{90000, time.Second},
		{-90000, -time.Second},
		{90000 * 86400 * 30, 30 * 24 * time.Hour}, // beyond int64 nanoseconds × 90000
	}
	for _, tt := range tests {
		if got := ingest.Ticks90k(tt.in); got != tt.want {
			t.Errorf("Ticks90k(%d) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestKeyHint(t *testing.T) {
	tests := []struct{ key, want string }{
		{"", "…"},
		{"short", "…"},
		{"0123456789ab", "…89ab"},
		{"live_4f9c2d0e8b7a41c3", "…41c3"},
	}
	for _, tt := range tests {
		if got := ingest.KeyHint(tt.key); got != tt.want {
			t.Errorf("KeyHint(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}
