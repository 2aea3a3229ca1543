package media

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/asticode/go-astiav"
)

// imgOutputSize returns the size of a picture scaled to width (0: the
// source width; never wider than the source) keeping the display aspect,
// with an even height for 4:2:0 encoders.
func imgOutputSize(displayW, displayH, width int) (int, int) {
	if width <= 0 || width > displayW {
		width = displayW
	}
	height := int(math.Round(float64(width)*float64(displayH)/float64(displayW)/2)) * 2
	if height < 2 {
		height = 2
	}
	return width, height
}

// imgFilter is a one-input, one-output filter graph. Filters do what the
// binding lacks (rotation, tiling, resampling) and scale with one setup.
type imgFilter struct {
	graph  *astiav.FilterGraph
	source *astiav.FilterContext
	sink   *astiav.FilterContext
	out    *astiav.Frame
}

// newVideoFilter builds "buffer -> chain -> buffersink" for frames shaped
// like sample.
func newVideoFilter(sample *astiav.Frame, timeBase astiav.Rational, chain string) (*imgFilter, error) {
	sar := sample.SampleAspectRatio()
	if sar.Num() <= 0 || sar.Den() <= 0 {
		sar = astiav.NewRational(1, 1)
	}
	args := astiav.FilterArgs{
		"video_size":   strconv.Itoa(sample.Width()) + "x" + strconv.Itoa(sample.Height()),
		"pix_fmt":      strconv.Itoa(int(sample.PixelFormat())),
		"time_base":    timeBase.String(),
		"pixel_aspect": sar.String(),
	}
	return newImgFilter("buffer", "buffersink", args, chain)
}

// newAudioFilter builds "abuffer -> chain -> abuffersink" for frames shaped
// like sample.
func newAudioFilter(sample *astiav.Frame, timeBase astiav.Rational, chain string) (*imgFilter, error) {
	layout := sample.ChannelLayout()
	layoutName := layout.String()
	if !layout.Valid() || layoutName == "" {
		layoutName = strconv.Itoa(layout.NbChannels()) + " channels"
	}
	args := astiav.FilterArgs{
		"sample_rate":    strconv.Itoa(sample.SampleRate()),
		"sample_fmt":     sample.SampleFormat().Name(),
		"channel_layout": layoutName,
		"time_base":      timeBase.String(),
	}
	return newImgFilter("abuffer", "abuffersink", args, chain)
}

func newImgFilter(sourceName, sinkName string, args astiav.FilterArgs, chain string) (_ *imgFilter, err error) {
	f := &imgFilter{graph: astiav.AllocFilterGraph()}
	if f.graph == nil {
		return nil, errors.New("alloc filter graph")
	}
	defer func() {
		if err != nil {
			f.close()
		}
	}()
	// Pictures for one request are small; threads would only cost setup.
	f.graph.SetThreadCount(1)
	if f.source, err = f.graph.NewFilterContext(astiav.FindFilterByName(sourceName), "in", args); err != nil {
		return nil, fmt.Errorf("filter source: %w", err)
	}
	if f.sink, err = f.graph.NewFilterContext(astiav.FindFilterByName(sinkName), "out", nil); err != nil {
		return nil, fmt.Errorf("filter sink: %w", err)
	}
	outputs := astiav.AllocFilterInOut()
	defer outputs.Free()
	outputs.SetName("in")
	outputs.SetFilterContext(f.source)
	outputs.SetPadIdx(0)
	outputs.SetNext(nil)
	inputs := astiav.AllocFilterInOut()
	defer inputs.Free()
	inputs.SetName("out")
	inputs.SetFilterContext(f.sink)
	inputs.SetPadIdx(0)
	inputs.SetNext(nil)
	if chain == "" {
		chain = "null"
		if sourceName == "abuffer" {
			chain = "anull"
		}
	}
	if err = f.graph.Parse(chain, inputs, outputs); err != nil {
		return nil, fmt.Errorf("parse filter %q: %w", chain, err)
	}
	if err = f.graph.Configure(); err != nil {
		return nil, fmt.Errorf("configure filter %q: %w", chain, err)
	}
	f.out = astiav.AllocFrame()
	return f, nil
}

// push sends a frame into the graph; nil signals the end of input.
func (f *imgFilter) push(frame *astiav.Frame) error {
	if err := f.source.BuffersrcAddFrame(frame, astiav.NewBuffersrcFlags(astiav.BuffersrcFlagKeepRef)); err != nil {
		return fmt.Errorf("filter input: %w", err)
	}
	return nil
}

// pull returns the next filtered frame (owned by f, valid until the next
// call), or nil when the graph needs more input or is finished.
func (f *imgFilter) pull() (*astiav.Frame, error) {
	f.out.Unref()
	err := f.sink.BuffersinkGetFrame(f.out, astiav.NewBuffersinkFlags())
	if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("filter output: %w", err)
	}
	return f.out, nil
}

// convert runs one frame through the graph and returns the first result.
func (f *imgFilter) convert(frame *astiav.Frame) (*astiav.Frame, error) {
	if err := f.push(frame); err != nil {
		return nil, err
	}
	out, err := f.pull()
	if err != nil {
		return nil, err
	}
	if out == nil {
		// Filters that buffer (none of ours should) give up their frame at
		// the end of input.
		if err := f.push(nil); err != nil {
			return nil, err
		}
		if out, err = f.pull(); err != nil {
			return nil, err
		}
	}
	if out == nil {
		return nil, errors.New("filter produced no picture")
	}
	return out, nil
}

func (f *imgFilter) close() {
	if f.out != nil {
		f.out.Free()
	}
	if f.graph != nil {
		f.graph.Free()
	}
}
