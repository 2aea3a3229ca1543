package media

/*
#cgo pkg-config: libavcodec libavutil
#include "encode_thread.h"
*/
import "C"

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"unsafe"

	"github.com/asticode/go-astiav"
)

// encoderThread runs one encoder's blocking libavcodec calls on a pthread of
// its own (why: encode_thread.h). Frames go in through a pipe of commands,
// at most cap(slots) at a time; packets and the outcome come back through a
// pipe of events that Go reads in its netpoller, so no goroutine ever sits
// in a long cgo call.
type encoderThread struct {
	thread     *C.reel_encoder
	cmds       *os.File
	events     *bufio.Reader
	eventsFile *os.File
	slots      chan struct{} // frames written and not yet taken
}

// encodedPacket is a packet out of the encoder, its data copied to Go.
type encodedPacket struct {
	data     []byte
	pts, dts int64
	key      bool
}

// codecContextPointer answers the AVCodecContext behind a go-astiav codec
// context (see astiavC). It is checked against the context's own size and
// pixel format, so a go-astiav with another layout fails here instead of
// corrupting memory.
func codecContextPointer(cc *astiav.CodecContext) (*C.AVCodecContext, error) {
	p := (*C.AVCodecContext)(astiavC(cc))
	if C.reel_codec_context_is(p, C.int(cc.Width()), C.int(cc.Height()), C.int(cc.PixelFormat())) == 0 {
		return nil, errors.New("go-astiav codec context layout is not the one this package was written for")
	}
	return p, nil
}

// startEncoderThread starts the thread for an opened encoder. The caller
// must end it with closeInput and read events until next answers io.EOF;
// only then may it free enc.
func startEncoderThread(enc *astiav.CodecContext, depth int) (*encoderThread, error) {
	ctxPtr, err := codecContextPointer(enc)
	if err != nil {
		return nil, err
	}
	var cmdFDs, eventFDs [2]int
	if err := syscall.Pipe2(cmdFDs[:], syscall.O_CLOEXEC); err != nil {
		return nil, fmt.Errorf("creating command pipe: %w", err)
	}
	if err := syscall.Pipe2(eventFDs[:], syscall.O_CLOEXEC); err != nil {
		syscall.Close(cmdFDs[0])
		syscall.Close(cmdFDs[1])
		return nil, fmt.Errorf("creating event pipe: %w", err)
	}
	// Go's ends are non-blocking so that os.File waits in the netpoller;
	// the thread's ends stay blocking.
	for _, fd := range []int{cmdFDs[1], eventFDs[0]} {
		if err := syscall.SetNonblock(fd, true); err != nil {
			for _, fd := range append(cmdFDs[:], eventFDs[:]...) {
				syscall.Close(fd)
			}
			return nil, fmt.Errorf("configuring pipe: %w", err)
		}
	}
	cmds := os.NewFile(uintptr(cmdFDs[1]), "encoder commands")
	events := os.NewFile(uintptr(eventFDs[0]), "encoder events")
	var cerr C.int
	thread := C.reel_encoder_start(ctxPtr, C.int(cmdFDs[0]), C.int(eventFDs[1]), C.int(max(1, depth/2)), &cerr)
	if thread == nil {
		syscall.Close(cmdFDs[0])
		syscall.Close(eventFDs[1])
		cmds.Close()
		events.Close()
		return nil, fmt.Errorf("starting encoder thread: %w", astiav.Error(cerr))
	}
	return &encoderThread{
		thread: thread, cmds: cmds, eventsFile: events,
		events: bufio.NewReaderSize(events, 64*int(unsafe.Sizeof(C.reel_event{}))),
		slots:  make(chan struct{}, depth),
	}, nil
}

// submit hands f to the encoder, waiting while depth frames are already
// queued. f belongs to the thread afterwards, or is freed on error.
func (t *encoderThread) submit(ctx context.Context, f *astiav.Frame) error {
	select {
	case t.slots <- struct{}{}:
	case <-ctx.Done():
		f.Free()
		return context.Cause(ctx)
	}
	return t.send(C.reel_cmd{op: C.REEL_CMD_FRAME, frame: (*C.AVFrame)(f.UnsafePointer())})
}

// closeInput ends the input, flushing the encoder first when flush is set.
// Without it, the thread gets through the few frames still queued and ends
// unflushed.
func (t *encoderThread) closeInput(flush bool) error {
	var err error
	if flush {
		err = t.send(C.reel_cmd{op: C.REEL_CMD_FLUSH})
	}
	if cerr := t.cmds.Close(); err == nil {
		err = cerr
	}
	return err
}

func (t *encoderThread) send(cmd C.reel_cmd) error {
	// A command is smaller than PIPE_BUF, so the write is all or nothing.
	if _, err := t.cmds.Write(unsafe.Slice((*byte)(unsafe.Pointer(&cmd)), unsafe.Sizeof(cmd))); err != nil {
		if cmd.frame != nil {
			C.av_frame_free(&cmd.frame)
			<-t.slots
		}
		return fmt.Errorf("queueing frame for encoder: %w", err)
	}
	return nil
}

// receive reads the thread's events until it ends, calling onPacket for
// each packet in order, then waits for the thread. It answers whether the
// encoder was flushed (every packet delivered) and the first failure: of
// onPacket, of the encoder, or of the pipe; fail hears of that failure as
// soon as it happens, so the frames' producer can stop. Later packets are
// dropped, but events are read to the end so the thread never blocks on a
// full pipe.
func (t *encoderThread) receive(onPacket func(encodedPacket) error, fail func(error)) (flushed bool, err error) {
	defer func() {
		t.eventsFile.Close()
		C.reel_encoder_join(t.thread)
	}()
	setErr := func(e error) {
		if err == nil {
			err = e
			fail(e)
		}
	}
	var ev C.reel_event
	buf := unsafe.Slice((*byte)(unsafe.Pointer(&ev)), unsafe.Sizeof(ev))
	for {
		if _, rerr := io.ReadFull(t.events, buf); rerr != nil {
			if !errors.Is(rerr, io.EOF) {
				// Closing our end (in the defer) makes the thread's writes
				// fail with EPIPE, so it cannot block and the join returns.
				setErr(fmt.Errorf("reading encoder events: %w", rerr))
			}
			return flushed, err
		}
		switch ev.kind {
		case C.REEL_EV_TAKEN:
			<-t.slots
		case C.REEL_EV_PACKET:
			p := ev.packet
			pkt := encodedPacket{
				data: C.GoBytes(unsafe.Pointer(p.data), p.size),
				pts:  int64(p.pts), dts: int64(p.dts),
				key: p.flags&C.AV_PKT_FLAG_KEY != 0,
			}
			C.av_packet_free(&p)
			if err == nil {
				if perr := onPacket(pkt); perr != nil {
					setErr(perr)
				}
			}
		case C.REEL_EV_ERROR:
			setErr(astiav.Error(ev.err))
		case C.REEL_EV_DONE:
			flushed = ev.err == 0
		}
	}
}
