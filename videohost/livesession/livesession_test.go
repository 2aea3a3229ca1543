package livesession_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bluenviron/gortmplib"
	gosrt "github.com/datarhei/gosrt"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/rtmp"
	"github.com/reelvideo/reel/videohost/live/srt"
	"github.com/reelvideo/reel/videohost/liveadmin"
	"github.com/reelvideo/reel/videohost/livesession"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// noRecorder fails: the sessions of these tests record nothing.
type noRecorder struct{}

func (noRecorder) PackageRecording(context.Context, live.Recording) (*videohost.ProcessOutput, error) {
	return nil, errors.New("no recorder in this test")
}

// stack is Sessions over SQLite behind a hub and the two real ingests.
type stack struct {
	db       *sqlite.DB
	svc      *videohost.Service
	streams  *liveadmin.Streams
	p        *videohost.Principal
	rtmpAddr string
	srtAddr  string
}

func newStack(t *testing.T) *stack {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	log := slog.New(slog.DiscardHandler)
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Logger: log,
		Secret: bytes.Repeat([]byte("s"), 32), BaseURL: "http://127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	sp, _, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	streams := liveadmin.New(svc, liveadmin.Config{})
	sessions, err := livesession.New(ctx, livesession.Config{Domain: svc.Jobs(), Streams: streams, States: db,
		Recorder: noRecorder{}, WorkDir: filepath.Join(dir, "live"), Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	hub, err := live.NewHub(ctx, live.HubConfig{Directory: sessions, Lifecycle: sessions, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srtServer := &srt.Server{Publishers: hub, Logger: log}
	srtLn, err := srtServer.Listen(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{}, 2)
	go func() { (&rtmp.Server{Publishers: hub, Logger: log}).Serve(ctx, ln); done <- struct{}{} }()
	go func() { srtServer.Serve(ctx, srtLn); done <- struct{}{} }()
	t.Cleanup(func() {
		cancel()
		<-done
		<-done
		closeCtx, stop := context.WithTimeout(context.Background(), 10*time.Second)
		defer stop()
		if err := hub.Close(closeCtx); err != nil {
			t.Error(err)
		}
	})
	return &stack{db: db, svc: svc, streams: streams, p: &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite},
		rtmpAddr: ln.Addr().String(), srtAddr: srtLn.Addr().String()}
}

// publishNothing connects to the ingest with key, passes the handshake
// (or is refused at it) and leaves without sending media.
func (s *stack) publishNothing(t *testing.T, protocol, key string) error {
	t.Helper()
	switch protocol {
	case "rtmp":
		u, _ := url.Parse("rtmp://" + s.rtmpAddr + "/live/" + key)
		c := &gortmplib.Client{URL: u, Publish: true}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := c.Initialize(ctx); err != nil {
			return err
		}
		c.Close()
	case "srt":
		conf := gosrt.DefaultConfig()
		conf.StreamId = "publish:" + key
		conn, err := gosrt.Dial("srt", s.srtAddr, conf)
		if err != nil {
			return err
		}
		conn.Close()
	}
	return nil
}

// liveEvents lists the kinds of the outbox's live_stream events and the
// video_id their data carries.
func (s *stack) liveEvents(t *testing.T) (kinds, videos []string) {
	t.Helper()
	events, err := s.db.Events(context.Background(), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range events {
		if strings.HasPrefix(string(ev.Type), "live_stream.") {
			var data struct {
				VideoID *string `json:"video_id"`
			}
			if err := json.Unmarshal(ev.Data, &data); err != nil || data.VideoID == nil {
				t.Fatalf("%s data %s: %v, want a video_id", ev.Type, ev.Data, err)
			}
			kinds = append(kinds, string(ev.Type))
			videos = append(videos, *data.VideoID)
		}
	}
	return kinds, videos
}

// A publisher that passes the handshake and leaves before any media makes
// no video: the stream goes connected, disconnected, idle (with
// reconnect_window 0), each with its event. A space at its max_minutes
// refuses the publisher at the handshake: no state, no event.
func TestPublisherWithoutMedia(t *testing.T) {
	for _, tc := range []struct {
		name, protocol string
		overQuota      bool
		refusal        string // what the refusal says
	}{
		{"rtmp connects and leaves", "rtmp", false, ""},
		{"srt connects and leaves", "srt", false, ""},
		{"rtmp over quota", "rtmp", true, "{description the space is over its quota}"},
		// REJX_OVERLOAD, 1402, which gosrt writes in base 32.
		{"srt over quota", "srt", true, "REJECT (" + strconv.FormatUint(uint64(gosrt.REJX_OVERLOAD), 32) + ")"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStack(t)
			ctx := context.Background()
			window := 0
			ls, err := s.streams.Create(ctx, s.p, liveadmin.LiveStreamInput{ReconnectWindow: &window})
			if err != nil {
				t.Fatal(err)
			}
			if tc.overQuota {
				sp, err := s.db.Space(ctx, s.p.Space)
				if err != nil {
					t.Fatal(err)
				}
				zero := int64(0)
				sp.Quotas.MaxMinutes = &zero
				if err := s.db.UpdateSpace(ctx, sp); err != nil {
					t.Fatal(err)
				}
			}
			err = s.publishNothing(t, tc.protocol, ls.StreamKey)
			if tc.overQuota {
				if err == nil {
					t.Fatal("a publisher to a space at its max_minutes passed the handshake")
				}
				if !strings.Contains(err.Error(), tc.refusal) {
					t.Fatalf("refused with %v, want %q", err, tc.refusal)
				}
				got, err := s.streams.Get(ctx, s.p, ls.ID)
				if err != nil || got.State != videohost.LiveIdle || !got.StateChangedAt.Equal(ls.StateChangedAt) {
					t.Fatalf("after the refusal: %+v, %v; want the stream idle as created", got, err)
				}
				if kinds, _ := s.liveEvents(t); len(kinds) != 0 {
					t.Fatalf("a refused publisher wrote events %v", kinds)
				}
				return
			}
			if err != nil {
				t.Fatalf("the handshake: %v", err)
			}
			want := []string{"live_stream.connected", "live_stream.disconnected", "live_stream.idle"}
			deadline := time.Now().Add(20 * time.Second)
			var kinds, videos []string
			for {
				if kinds, videos = s.liveEvents(t); len(kinds) >= len(want) || time.Now().After(deadline) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			if !slices.Equal(kinds, want) || slices.ContainsFunc(videos, func(v string) bool { return v != "" }) {
				t.Fatalf("events %v (videos %q), want %v without a video", kinds, videos, want)
			}
			got, err := s.streams.Get(ctx, s.p, ls.ID)
			if err != nil || got.State != videohost.LiveIdle || got.ActiveVideoID != "" || got.LastVideoID != "" {
				t.Fatalf("after the publisher left: %+v, %v; want it idle without videos", got, err)
			}
			if n, err := s.db.CountVideos(ctx, videohost.VideoFilter{Space: s.p.Space}); err != nil || n != 0 {
				t.Fatalf("%d videos (%v), want none", n, err)
			}
		})
	}
}
