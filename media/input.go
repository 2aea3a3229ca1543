package media

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/asticode/go-astiav"
)

// inputFile is an opened demuxer together with the interrupter that C reads,
// kept referenced for as long as the format context lives.
type inputFile struct {
	fc          *astiav.FormatContext
	interrupter astiav.IOInterrupter
	stop        func() bool
}

// openInput opens the container at path for reading, for the stage op (it
// names the stage in errors). A cancelled ctx also unblocks FFmpeg's own
// I/O. What cannot be opened as a container is CodeNotMedia. Stream info is
// not read: MP4 and friends describe their streams in the header, and
// probing packets (which decodes frames) costs time on the cold path; call
// findStreamInfo where the header may not be enough.
func openInput(ctx context.Context, op, path string) (*inputFile, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, newError(CodeNotMedia, op, err)
	}
	if st.IsDir() || st.Size() == 0 {
		return nil, newError(CodeNotMedia, op, errors.New("empty or not a file"))
	}
	fc := astiav.AllocFormatContext()
	if fc == nil {
		return nil, newError(CodeTranscodeFailed, op, errors.New("allocating format context"))
	}
	// FFmpeg polls the interrupter's flag from C during blocking I/O; the
	// format context keeps a pointer to it, so it stays referenced by the
	// inputFile until the input is closed.
	interrupter := fc.SetInterruptCallback()
	stop := context.AfterFunc(ctx, interrupter.Interrupt)
	if err := fc.OpenInput(path, nil, nil); err != nil {
		stop()
		fc.Free()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, newError(CodeNotMedia, op, fmt.Errorf("opening input: %w", err))
	}
	return &inputFile{fc: fc, interrupter: interrupter, stop: stop}, nil
}

// findStreamInfo reads packets until every stream is described.
func (in *inputFile) findStreamInfo(ctx context.Context, op string) error {
	if err := in.fc.FindStreamInfo(nil); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return newError(CodeNotMedia, op, fmt.Errorf("reading stream info: %w", err))
	}
	return nil
}

// openInputWithInfo is openInput followed by findStreamInfo.
func openInputWithInfo(ctx context.Context, op, path string) (*inputFile, error) {
	in, err := openInput(ctx, op, path)
	if err != nil {
		return nil, err
	}
	if err := in.findStreamInfo(ctx, op); err != nil {
		in.close()
		return nil, err
	}
	return in, nil
}

func (in *inputFile) close() {
	in.stop()
	in.fc.CloseInput()
	in.fc.Free()
}
