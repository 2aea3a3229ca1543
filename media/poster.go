package media

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"time"

	"github.com/asticode/go-astiav"
)

// PosterResult describes the poster written: the time of its frame and its
// size.
type PosterResult struct {
	Time   time.Duration
	Width  int
	Height int
}

// posterMaxWidth caps poster size: wider adds bytes to every page load and
// nothing a player's poster shows.
const posterMaxWidth = 1920

// posterCandidates is how many frames are scored when no time is given,
// spread over posterFirst..posterLast of the duration: past intros and
// fades, before credits.
const (
	posterCandidates = 7
	posterFirst      = 0.10
	posterLast       = 0.60
)

// Poster writes poster.jpg and poster.webp into outDir from the frame at
// *at, or, when at is nil, from the best of several frames spread across
// the video: not black, not washed out, not flat, not blurred.
func Poster(ctx context.Context, source string, at *time.Duration, outDir string) (PosterResult, error) {
	const op = "poster"
	decoder, err := openImgDecoder(ctx, op, source, frameDecodeThreads)
	if err != nil {
		return PosterResult{}, err
	}
	defer decoder.close()

	var picture *astiav.Frame
	if at != nil {
		t := max(*at, 0)
		if decoder.duration > 0 && t > decoder.duration {
			t = decoder.duration
		}
		frame, err := decoder.frameAt(ctx, t)
		if err != nil {
			return PosterResult{}, err
		}
		picture = frame.Clone()
	} else if picture, err = pickPosterFrame(ctx, decoder); err != nil {
		return PosterResult{}, err
	}
	defer picture.Free()

	displayW, displayH := decoder.displaySize()
	width, height := imgOutputSize(displayW, displayH, min(displayW, posterMaxWidth))
	for _, format := range []ImageFormat{JPEG, WebP} {
		data, err := imgEncodePicture(picture, decoder.timeBase, decoder.orient, width, height, format)
		if err != nil {
			return PosterResult{}, err
		}
		if err := writeFileAtomic(filepath.Join(outDir, "poster."+format.Extension()), data); err != nil {
			return PosterResult{}, newError(CodeTranscodeFailed, op, err)
		}
	}
	return PosterResult{Time: decoder.frameTime(picture), Width: width, Height: height}, nil
}

// pickPosterFrame scores candidate frames and returns a clone of the best,
// which the caller frees.
func pickPosterFrame(ctx context.Context, decoder *imgDecoder) (*astiav.Frame, error) {
	times := []time.Duration{0}
	if decoder.duration > 0 {
		times = times[:0]
		for i := range posterCandidates {
			share := posterFirst + (posterLast-posterFirst)*float64(i)/float64(posterCandidates-1)
			times = append(times, time.Duration(float64(decoder.duration)*share))
		}
	}
	var (
		best      *astiav.Frame
		bestScore = math.Inf(-1)
		lastPts   = int64(noPts)
		thumbs    *imgFilter
		lastErr   error
	)
	defer func() {
		if thumbs != nil {
			thumbs.close()
		}
	}()
	for _, t := range times {
		frame, err := decoder.frameAt(ctx, t)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			lastErr = err
			continue
		}
		if pts := framePts(frame); pts != noPts && pts == lastPts {
			continue // a short video: two candidates landed on one frame
		} else {
			lastPts = pts
		}
		if thumbs == nil {
			// Scoring looks at a small grey picture: cheap, and enough to
			// tell a title card from a scene.
			if thumbs, err = newVideoFilter(frame, decoder.timeBase, "scale=160:-2,format=gray"); err != nil {
				return nil, newError(CodeTranscodeFailed, "poster", err)
			}
		}
		grey, err := thumbs.convert(frame)
		if err != nil {
			return nil, newError(CodeTranscodeFailed, "poster", err)
		}
		pixels, err := grey.Data().Bytes(1)
		if err != nil {
			return nil, newError(CodeTranscodeFailed, "poster", err)
		}
		if score := posterScore(pixels, grey.Width(), grey.Height()); score > bestScore || best == nil {
			if best != nil {
				best.Free()
			}
			best, bestScore = frame.Clone(), score
		}
	}
	if best == nil {
		if lastErr == nil {
			lastErr = newError(CodeNotMedia, "poster", errors.New("no decodable picture"))
		}
		return nil, lastErr
	}
	return best, nil
}

// posterScore rates how good a poster a grey picture makes: sharp detail
// (the spread of a Laplacian) with some contrast, and heavily penalised when
// nearly black, nearly white or flat (fades, title cards, blank frames).
func posterScore(grey []byte, width, height int) float64 {
	if width < 3 || height < 3 || len(grey) < width*height {
		return 0
	}
	var sum, sumSquares float64
	for _, p := range grey[:width*height] {
		v := float64(p)
		sum += v
		sumSquares += v * v
	}
	count := float64(width * height)
	mean := sum / count
	spread := math.Sqrt(max(sumSquares/count-mean*mean, 0))

	var lapSum, lapSquares float64
	for y := 1; y < height-1; y++ {
		row := y * width
		for x := 1; x < width-1; x++ {
			i := row + x
			l := 4*float64(grey[i]) - float64(grey[i-1]) - float64(grey[i+1]) - float64(grey[i-width]) - float64(grey[i+width])
			lapSum += l
			lapSquares += l * l
		}
	}
	lapCount := float64((width - 2) * (height - 2))
	lapMean := lapSum / lapCount
	sharpness := math.Sqrt(max(lapSquares/lapCount-lapMean*lapMean, 0))

	score := sharpness * min(1, spread/40)
	if mean < 24 || mean > 232 || spread < 12 {
		score = score*0.01 - 1000 + mean*0.1 // rejected, but the least bad still wins
	}
	return score
}
