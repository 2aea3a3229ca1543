package rtmp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/amf0"
	"github.com/bluenviron/gortmplib/pkg/codecs"
	"github.com/bluenviron/gortmplib/pkg/message"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/internal/ingest"
)

// Server accepts RTMP publishers. Its zero values are the defaults; only
// Publishers is required. A Server may Serve several listeners at once.
type Server struct {
	// Publishers decides whether a stream key may publish and receives
	// the publishes. Required.
	Publishers live.Publishers
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// HandshakeTimeout bounds the RTMP handshake and the connect,
	// createStream and publish commands that follow it. 0 is 10s.
	HandshakeTimeout time.Duration
	// ReadTimeout: a publisher that sends nothing for this long is
	// dropped (End with an error wrapping os.ErrDeadlineExceeded), which
	// frees its stream key. 0 is 10s.
	ReadTimeout time.Duration
	// Now is the clock of Unit.Received. nil is time.Now.
	Now func() time.Time
}

func (s *Server) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

func (s *Server) handshakeTimeout() time.Duration {
	if s.HandshakeTimeout > 0 {
		return s.HandshakeTimeout
	}
	return 10 * time.Second
}

func (s *Server) readTimeout() time.Duration {
	if s.ReadTimeout > 0 {
		return s.ReadTimeout
	}
	return 10 * time.Second
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Serve accepts connections on ln and handles each publisher until ctx
// is done or ln fails. Before returning it closes ln and every
// connection (their publishes End with an error) and waits for their
// goroutines. It returns nil when ctx ended it, otherwise the listener's
// error.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if s.Publishers == nil {
		return errors.New("rtmp: Server.Publishers is nil")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		conns = make(map[net.Conn]struct{})
	)
	closeAll := func() {
		mu.Lock()
		defer mu.Unlock()
		for c := range conns {
			c.Close()
		}
	}
	stop := context.AfterFunc(ctx, func() {
		ln.Close()
		closeAll()
	})
	defer func() {
		stop()
		cancel()
		ln.Close()
		closeAll()
		wg.Wait()
	}()

	var backoff time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne interface{ Temporary() bool }
			if errors.As(err, &ne) && ne.Temporary() && !errors.Is(err, net.ErrClosed) {
				// Out of file descriptors, say: wait, as net/http does.
				backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
				s.logger().Warn("rtmp: accepting", "err", err, "retry_in", backoff)
				select {
				case <-time.After(backoff):
					continue
				case <-ctx.Done():
					return nil
				}
			}
			return fmt.Errorf("accepting: %w", err)
		}
		backoff = 0
		mu.Lock()
		if ctx.Err() != nil {
			mu.Unlock()
			c.Close()
			return nil
		}
		conns[c] = struct{}{}
		mu.Unlock()
		wg.Go(func() {
			defer func() {
				mu.Lock()
				delete(conns, c)
				mu.Unlock()
				c.Close()
			}()
			s.handle(ctx, c)
		})
	}
}

// handle runs one connection, from the handshake to the end of its
// publish.
func (s *Server) handle(ctx context.Context, nc net.Conn) {
	log := s.logger().With("protocol", "rtmp", "remote", nc.RemoteAddr().String())
	nc.SetDeadline(time.Now().Add(s.handshakeTimeout()))

	sc := &gortmplib.ServerConn{RW: nc}
	if err := sc.Initialize(); err != nil {
		log.Debug("rtmp handshake failed", "err", err)
		return
	}
	if err := sc.AcceptConn(); err != nil {
		log.Debug("rtmp connect failed", "err", err)
		return
	}
	if !sc.Publish {
		log.Info("rtmp play refused: playback is HLS")
		sc.RejectAction()
		return
	}
	key, err := streamKey(sc.URL)
	if err != nil {
		log.Info("rtmp publisher refused", "err", err)
		writeStatus(nc, sc, "NetStream.Publish.BadName", err.Error())
		return
	}
	log = log.With("key_hint", ingest.KeyHint(key))

	pub, err := s.Publishers.Begin(ctx, live.Request{Protocol: "rtmp", Key: key, Remote: nc.RemoteAddr()})
	if err != nil {
		log.Info("rtmp publisher refused", "err", err)
		code, desc := "NetStream.Publish.Failed", "publish refused"
		switch {
		case errors.Is(err, live.ErrUnknownKey):
			code, desc = "NetStream.Publish.Unauthorized", "unknown stream key"
		case errors.Is(err, live.ErrBusy):
			code, desc = "NetStream.Publish.BadName", "another publisher is using this stream key"
		case errors.Is(err, live.ErrOverQuota):
			desc = "the space is over its quota"
		}
		writeStatus(nc, sc, code, desc)
		return
	}
	log.Info("rtmp publish begins")
	err = s.publish(nc, sc, pub)
	pub.End(err)
	if err != nil {
		log.Info("rtmp publish ended", "err", err)
	} else {
		log.Info("rtmp publish ended by the publisher")
	}
}

// writeStatus answers the publish command with an error status, then
// lets the publisher read it: closing a socket with unread bytes in it
// resets the connection, and a reset may overtake the status. The write
// side is closed and what the publisher still sends is read and dropped
// until it closes, for at most a second.
func writeStatus(nc net.Conn, sc *gortmplib.ServerConn, code, description string) {
	nc.SetDeadline(time.Now().Add(time.Second))
	defer func() {
		if tc, ok := nc.(interface{ CloseWrite() error }); ok {
			tc.CloseWrite()
		}
		io.Copy(io.Discard, io.LimitReader(nc, 1<<20)) //nolint:errcheck // until EOF or the deadline
	}()
	sc.Write(&message.CommandAMF0{ //nolint:errcheck // the connection is closed next either way
		ChunkStreamID:   5,
		MessageStreamID: 0x1000000,
		Name:            "onStatus",
		Arguments: []any{
			nil,
			amf0.Object{
				{Key: "level", Value: "error"},
				{Key: "code", Value: code},
				{Key: "description", Value: description},
			},
		},
	})
}

// streamKey is the last path element of the publish URL, the stream name.
func streamKey(u *url.URL) (string, error) {
	if u == nil {
		return "", errors.New("no publish URL")
	}
	elems := strings.Split(strings.Trim(u.Path, "/"), "/")
	if len(elems) < 2 || elems[len(elems)-1] == "" {
		return "", errors.New("the publish URL has no stream name (rtmp://host/app/KEY)")
	}
	return elems[len(elems)-1], nil
}

// errUnpublished is what readConn returns once the publisher has
// unpublished: the end of a clean publish.
var errUnpublished = errors.New("unpublished")

// readConn is the connection the gortmplib Reader reads from: each read
// gets ReadTimeout, an unpublish command ends the reading, and the time
// each message was read is kept for Unit.Received.
type readConn struct {
	*gortmplib.ServerConn
	nc      net.Conn
	timeout time.Duration
	now     func() time.Time

	probing bool
	probed  []time.Time // read times of the messages read while probing
	read    time.Time   // read time of the last message read
}

func (c *readConn) Read() (message.Message, error) {
	c.nc.SetDeadline(time.Now().Add(c.timeout))
	msg, err := c.ServerConn.Read()
	if err != nil {
		return nil, err
	}
	if cmd, ok := msg.(*message.CommandAMF0); ok {
		switch cmd.Name {
		case "FCUnpublish", "deleteStream", "closeStream":
			return nil, errUnpublished
		}
	}
	c.read = c.now()
	if c.probing {
		c.probed = append(c.probed, c.read)
	}
	return msg, nil
}

// publish reads the tracks and the units of an accepted publisher.
func (s *Server) publish(nc net.Conn, sc *gortmplib.ServerConn, pub live.Publish) error {
	nc.SetDeadline(time.Now().Add(s.readTimeout()))
	if err := sc.AcceptAction(); err != nil {
		return fmt.Errorf("accepting publish: %w", err)
	}
	rc := &readConn{ServerConn: sc, nc: nc, timeout: s.readTimeout(), now: s.now, probing: true}
	r := &gortmplib.Reader{Conn: rc}
	if err := r.Initialize(); err != nil {
		if errors.Is(err, errUnpublished) {
			return nil
		}
		return fmt.Errorf("reading tracks: %w", err)
	}
	rc.probing = false

	in := r.Tracks()
	tracks := make([]live.Track, len(in))
	for i, t := range in {
		lt, err := track(t)
		if err != nil {
			return fmt.Errorf("track %d: %w", i, err)
		}
		lt.ID = i
		tracks[i] = lt
	}

	u := &units{pub: pub, rc: rc}
	for i, t := range in {
		u.register(r, i, t, tracks[i])
	}
	if err := pub.Start(tracks); err != nil {
		return fmt.Errorf("starting publish: %w", err)
	}

	probed := rc.probed
	rc.probed = nil
	for {
		if len(probed) > 0 {
			// The Reader replays the messages it read while probing: they
			// were read then.
			rc.read, probed = probed[0], probed[1:]
		}
		if err := r.Read(); err != nil {
			if errors.Is(err, errUnpublished) {
				return nil
			}
			return fmt.Errorf("reading: %w", err)
		}
		if u.err != nil {
			return u.err
		}
	}
}

// track maps a gortmplib track to a live.Track.
func track(t *gortmplib.Track) (live.Track, error) {
	switch c := t.Codec.(type) {
	case *codecs.H264:
		return live.Track{Codec: live.CodecH264, SPS: c.SPS, PPS: c.PPS}, nil
	case *codecs.H265:
		return live.Track{Codec: live.CodecH265, VPS: c.VPS, SPS: c.SPS, PPS: c.PPS}, nil
	case *codecs.MPEG4Audio:
		if c.Config == nil {
			return live.Track{}, errors.New("AAC without an AudioSpecificConfig")
		}
		conf, err := c.Config.Marshal()
		if err != nil {
			return live.Track{}, fmt.Errorf("AAC config: %w", err)
		}
		return live.Track{
			Codec:       live.CodecAAC,
			AudioConfig: conf,
			SampleRate:  c.Config.SampleRate,
			Channels:    ingest.AACChannels(c.Config),
		}, nil
	case *codecs.Opus:
		channels := 2
		if c.IDHeader != nil && c.IDHeader.ChannelCount > 0 {
			channels = int(c.IDHeader.ChannelCount)
		}
		return live.Track{Codec: live.CodecOpus, SampleRate: 48000, Channels: channels}, nil
	default:
		return live.Track{}, fmt.Errorf("%w: %s", live.ErrUnsupportedCodec, strings.TrimPrefix(fmt.Sprintf("%T", t.Codec), "*codecs."))
	}
}

// units turns the Reader's callbacks into Units. The callbacks cannot
// return errors: the first error of WriteUnit is kept in err and ends the
// reading loop.
type units struct {
	pub live.Publish
	rc  *readConn
	ts  ingest.Unwrapper // RTMP's 32-bit milliseconds
	err error
}

func (u *units) register(r *gortmplib.Reader, id int, t *gortmplib.Track, lt live.Track) {
	switch t.Codec.(type) {
	case *codecs.H264:
		v := &video{units: u, id: id, key: h264.IsRandomAccess, params: [][]byte{lt.SPS, lt.PPS}, isParam: func(n []byte) bool {
			typ := h264.NALUType(n[0] & 0x1f)
			return typ == h264.NALUTypeSPS || typ == h264.NALUTypePPS
		}}
		r.OnDataH264(t, v.write)
	case *codecs.H265:
		v := &video{units: u, id: id, key: h265.IsRandomAccess, params: [][]byte{lt.VPS, lt.SPS, lt.PPS}, isParam: func(n []byte) bool {
			typ := h265.NALUType((n[0] >> 1) & 0x3f)
			return typ == h265.NALUType_VPS_NUT || typ == h265.NALUType_SPS_NUT || typ == h265.NALUType_PPS_NUT
		}}
		r.OnDataH265(t, v.write)
	case *codecs.MPEG4Audio:
		r.OnDataMPEG4Audio(t, func(pts time.Duration, au []byte) { u.audio(id, pts, au) })
	case *codecs.Opus:
		r.OnDataOpus(t, func(pts time.Duration, packet []byte) { u.audio(id, pts, packet) })
	}
}

func (u *units) write(unit live.Unit) {
	if u.err != nil {
		return
	}
	unit.Received = u.rc.read
	if err := u.pub.WriteUnit(unit); err != nil {
		u.err = fmt.Errorf("writing a unit: %w", err)
	}
}

// unwrap unwraps RTMP's 32-bit milliseconds.
func (u *units) unwrap(t time.Duration) time.Duration {
	u.ts.Bits = 32
	return time.Duration(u.ts.Unwrap(t.Milliseconds())) * time.Millisecond
}

func (u *units) audio(id int, pts time.Duration, frame []byte) {
	if len(frame) == 0 {
		return
	}
	t := u.unwrap(pts)
	u.write(live.Unit{Track: id, PTS: t, DTS: t, Payload: [][]byte{frame}})
}

// video writes the pictures of one video track. A sequence header the
// Reader hands over as an access unit of parameter sets only is not a
// picture: when its parameter sets differ from the current ones, they go
// in band ahead of the next keyframe.
type video struct {
	*units
	id      int
	key     func([][]byte) bool
	isParam func([]byte) bool
	params  [][]byte // the current parameter sets
	pending [][]byte // newer parameter sets, for the next keyframe
}

func (v *video) write(pts, dts time.Duration, au [][]byte) {
	au = nonEmpty(au)
	if len(au) == 0 {
		return
	}
	allParams := true
	for _, n := range au {
		if !v.isParam(n) {
			allParams = false
			break
		}
	}
	if allParams {
		if !equalNALUs(au, v.params) {
			v.params, v.pending = au, au
		}
		return
	}
	key := v.key(au)
	if key && v.pending != nil {
		au = append(append([][]byte(nil), v.pending...), au...)
		v.pending = nil
	}
	d := v.unwrap(dts)
	v.units.write(live.Unit{Track: v.id, DTS: d, PTS: d + (pts - dts), Key: key, Payload: au})
}

func nonEmpty(au [][]byte) [][]byte {
	out := au[:0:0]
	for _, n := range au {
		if len(n) > 0 {
			out = append(out, n)
		}
	}
	return out
}

func equalNALUs(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}
