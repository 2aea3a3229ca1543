package media

import (
	"math"

	"github.com/asticode/go-astiav"
)

// Orientation says how a coded picture is turned upright: rotated clockwise
// by Rotation degrees, then, when Mirrored, flipped left to right. It is read
// from the stream's display matrix in one place (streamOrientation) and used
// by every output: the ladder, posters, frames, the storyboard and the clip.
type Orientation struct {
	Rotation int  // clockwise degrees: 0, 90, 180 or 270
	Mirrored bool // flipped left to right after the rotation
}

// swapsAxes reports whether the upright picture's width is the coded height.
func (o Orientation) swapsAxes() bool { return o.Rotation == 90 || o.Rotation == 270 }

// filters is the filter chain that turns a coded picture upright, one
// filter where FFmpeg has one for the combination.
func (o Orientation) filters() []string {
	switch {
	case o.Rotation == 90 && o.Mirrored:
		return []string{"transpose=cclock_flip"} // the main-diagonal transpose
	case o.Rotation == 90:
		return []string{"transpose=clock"}
	case o.Rotation == 180 && o.Mirrored:
		return []string{"vflip"}
	case o.Rotation == 180:
		return []string{"hflip", "vflip"}
	case o.Rotation == 270 && o.Mirrored:
		return []string{"transpose=clock_flip"} // the anti-diagonal transpose
	case o.Rotation == 270:
		return []string{"transpose=cclock"}
	case o.Mirrored:
		return []string{"hflip"}
	}
	return nil
}

// streamOrientation reads a stream's display matrix the way the ffmpeg
// command's autorotation does (fftools/ffmpeg_filter.c), so that Reel's
// renditions and pictures are upright exactly where ffmpeg's and a browser's
// playback of the source are. The matrix maps coded to displayed pixels;
// astiav's Rotation is already the clockwise angle (the negated
// av_display_rotation_get), snapped here to a quarter turn. Mirrored
// matrices (a negative determinant) are told apart by the signs of their
// entries, as ffmpeg does.
func streamOrientation(s *astiav.Stream) Orientation {
	b := s.SideData(astiav.PacketSideDataTypeDisplaymatrix)
	if len(b) < 36 {
		return Orientation{}
	}
	m, err := astiav.NewDisplayMatrixFromBytes(b)
	if err != nil {
		return Orientation{}
	}
	return orientationOf(*m)
}

func orientationOf(m astiav.DisplayMatrix) Orientation {
	theta := m.Rotation()
	if math.IsNaN(theta) {
		return Orientation{}
	}
	entry := func(i int) int32 { return int32(m[i]) }
	deg := ((int(math.Round(theta/90))*90)%360 + 360) % 360
	switch deg {
	case 90:
		// ffmpeg: transpose=cclock_flip when m[3] > 0, else clock.
		return Orientation{Rotation: 90, Mirrored: entry(3) > 0}
	case 270:
		// ffmpeg: transpose=clock_flip when m[3] < 0, else cclock.
		return Orientation{Rotation: 270, Mirrored: entry(3) < 0}
	case 180:
		// ffmpeg: hflip when m[0] < 0, vflip when m[4] < 0.
		h, v := entry(0) < 0, entry(4) < 0
		switch {
		case h && v:
			return Orientation{Rotation: 180}
		case h:
			return Orientation{Mirrored: true}
		case v:
			return Orientation{Rotation: 180, Mirrored: true}
		}
		return Orientation{}
	}
	// ffmpeg: vflip when m[4] < 0.
	if entry(4) < 0 {
		return Orientation{Rotation: 180, Mirrored: true}
	}
	return Orientation{}
}
