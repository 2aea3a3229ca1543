package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	gosrt "github.com/datarhei/gosrt"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/rtmp"
	"github.com/reelvideo/reel/videohost/live/srt"
	"github.com/reelvideo/reel/videohost/liveadmin"
	"github.com/reelvideo/reel/videohost/livesession"
	"github.com/reelvideo/reel/videohost/transcode/liveladder"
)

// liveIngest is the live side of an api process: the ingests publishers
// reach, the hub of their sessions and the sessions themselves.
type liveIngest struct {
	hub      *live.Hub
	sessions *livesession.Sessions
	urls     liveadmin.Ingest
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// startLive listens for live publishers on --rtmp-addr and --srt-addr,
// when either is set. The listeners come first: their URLs are part of
// the live streams the sessions' webhook events carry.
func (m *Main) startLive(ctx context.Context) error {
	if m.Config.RTMPAddr == "" && m.Config.SRTAddr == "" {
		return nil
	}
	recorder, ok := m.Pipeline.(livesession.Recorder)
	if !ok {
		return errors.New("live ingest: the media pipeline cannot package recordings")
	}
	states, err := m.Service.LiveStreamStore()
	if err != nil {
		return fmt.Errorf("live ingest: %w", err)
	}
	ingestCtx, cancel := context.WithCancel(ctx)
	li := &liveIngest{cancel: cancel}
	host := publicHost(m.Config.BaseURL)
	var rtmpLn net.Listener
	rtmpServer := &rtmp.Server{Logger: m.Logger}
	if m.Config.RTMPAddr != "" {
		if rtmpLn, err = net.Listen("tcp", m.Config.RTMPAddr); err != nil {
			cancel()
			return fmt.Errorf("listening on --rtmp-addr %s: %w", m.Config.RTMPAddr, err)
		}
		li.urls.RTMPURL = "rtmp://" + net.JoinHostPort(host, port(rtmpLn.Addr())) + "/live"
	}
	var srtLn gosrt.Listener
	srtServer := &srt.Server{Logger: m.Logger}
	if m.Config.SRTAddr != "" {
		if srtLn, err = srtServer.Listen(ingestCtx, m.Config.SRTAddr); err != nil {
			cancel()
			if rtmpLn != nil {
				rtmpLn.Close()
			}
			return fmt.Errorf("listening on --srt-addr %s: %w", m.Config.SRTAddr, err)
		}
		li.urls.SRTURL = "srt://" + net.JoinHostPort(host, port(srtLn.Addr()))
	}
	closeAll := func() {
		cancel()
		if rtmpLn != nil {
			rtmpLn.Close()
		}
		if srtLn != nil {
			srtLn.Close()
		}
	}
	scfg := livesession.Config{
		Domain: m.Service.Jobs(), Streams: liveadmin.New(m.Service, liveadmin.Config{Ingest: li.urls}), States: states,
		Recorder: recorder, WorkDir: filepath.Join(m.Config.Data, "live"), Logger: m.Logger,
		Owner: m.Config.AdvertiseURL,
	}
	if m.Config.LiveLadder {
		scfg.Rungs = func(next live.Publish) live.Publish { return liveladder.New(next, liveladder.Config{Logger: m.Logger}) }
	}
	sessions, err := livesession.New(ctx, scfg)
	if err != nil {
		closeAll()
		return err
	}
	// Sessions a previous run of this process left unfinished (killed)
	// become their videos before publishers come back.
	if err := sessions.Recover(ctx); err != nil {
		m.Logger.Error("live: finishing the sessions of a previous run", "err", err)
	}
	hub, err := live.NewHub(ctx, live.HubConfig{Directory: sessions, Lifecycle: sessions, Logger: m.Logger})
	if err != nil {
		closeAll()
		return err
	}
	li.hub, li.sessions = hub, sessions
	if rtmpLn != nil {
		rtmpServer.Publishers = hub
		li.wg.Go(func() {
			if err := rtmpServer.Serve(ingestCtx, rtmpLn); err != nil {
				m.Logger.Error("live: the RTMP ingest stopped", "err", err)
			}
		})
		m.Logger.Info("live ingest", "protocol", "rtmp", "addr", rtmpLn.Addr().String(), "url", li.urls.RTMPURL)
	}
	if srtLn != nil {
		srtServer.Publishers = hub
		li.wg.Go(func() {
			if err := srtServer.Serve(ingestCtx, srtLn); err != nil {
				m.Logger.Error("live: the SRT ingest stopped", "err", err)
			}
		})
		m.Logger.Info("live ingest", "protocol", "srt", "addr", srtLn.Addr().String(), "url", li.urls.SRTURL)
	}
	m.live = li
	return nil
}

// close stops the ingests (their publishers' connections end), then ends
// every session, so that each recording becomes its video before the
// process goes (within grace).
func (li *liveIngest) close(grace time.Duration) error {
	li.cancel()
	li.wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	return li.hub.Close(ctx)
}

// publicHost is the host publishers are told to reach: the base URL's.
func publicHost(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil || u.Hostname() == "" {
		return "localhost"
	}
	return u.Hostname()
}

func port(a net.Addr) string {
	switch a := a.(type) {
	case *net.TCPAddr:
		return strconv.Itoa(a.Port)
	case *net.UDPAddr:
		return strconv.Itoa(a.Port)
	}
	_, p, _ := net.SplitHostPort(a.String())
	return p
}
