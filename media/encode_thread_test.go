package media_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

func TestEncoderThread(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name        string
		frames      int
		flush       bool
		failAt      int
		wantPackets func(int) bool
		wantFlushed bool
		wantErr     bool
		wantFails   int
	}{
		{name: "every frame comes back as a packet", frames: 40, flush: true,
			wantPackets: func(n int) bool { return n == 40 }, wantFlushed: true},
		{name: "no frames, flushed", frames: 0, flush: true,
			wantPackets: func(n int) bool { return n == 0 }, wantFlushed: true},
		{name: "input closed without flushing is not flushed", frames: 40,
			wantPackets: func(n int) bool { return n < 40 }},
		{name: "a refused packet fails once and ends the run", frames: 200, flush: true, failAt: 3,
			wantPackets: func(n int) bool { return n == 3 }, wantErr: true, wantFails: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			run, err := media.EncodeThroughThread(ctx, tc.frames, tc.flush, tc.failAt)
			if tc.failAt == 0 && err != nil {
				t.Fatal(err)
			}
			if !tc.wantPackets(run.Packets) {
				t.Errorf("packets delivered: %d", run.Packets)
			}
			if run.Flushed != tc.wantFlushed {
				t.Errorf("flushed %v, want %v", run.Flushed, tc.wantFlushed)
			}
			if (run.Err != nil) != tc.wantErr {
				t.Errorf("error %v, want error %v", run.Err, tc.wantErr)
			}
			if run.Failures != tc.wantFails {
				t.Errorf("fail called %d times, want %d", run.Failures, tc.wantFails)
			}
			if run.Queued != 0 {
				t.Errorf("%d frames still counted as queued after the thread ended", run.Queued)
			}
		})
	}
}

func TestEncoderThreadStopsOnCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	run, err := media.EncodeThroughThread(ctx, 100, true, 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if run.Flushed || run.Queued != 0 {
		t.Fatalf("flushed %v, queued %d after cancel", run.Flushed, run.Queued)
	}
}
