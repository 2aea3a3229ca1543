package live

import "strings"

// qualityBoxes are the ladder's boxes (media.PlanLadder's), long edge by
// short edge, smallest first.
var qualityBoxes = []struct {
	name        string
	long, short int
}{{"sd", 640, 360}, {"hd", 1280, 720}, {"fhd", 1920, 1080}, {"qhd", 2560, 1440}, {"uhd", 3840, 2160}}

// RenditionRank orders rendition names by their quality: sd 0, hd 1 …;
// -1 for a name that is none of the ladder's.
func RenditionRank(name string) int {
	_, q, _ := strings.Cut(name, "_")
	for i, b := range qualityBoxes {
		if b.name == q {
			return i
		}
	}
	return -1
}

// RenditionName names a picture of width×height as the ladder would name
// its largest rung: "h264_" and the largest quality whose box the picture
// reaches (its short edge the box's short edge, or its long edge the box's
// long edge), "sd" below that. A live session's passed-through picture is
// the top rendition of its video, and its folder has that name, as an
// encoded ladder's has.
func RenditionName(codec Codec, width, height int) string {
	long, short := max(width, height), min(width, height)
	name := "sd"
	for _, q := range qualityBoxes[1:] {
		if short < q.short && long < q.long {
			break
		}
		name = q.name
	}
	prefix := "h264_"
	if codec == CodecH265 {
		prefix = "hevc_"
	}
	return prefix + name
}
