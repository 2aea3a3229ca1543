package live

// RecordedTrack is one track of a live session's recording: a CMAF init
// segment and the media segments that follow it, in order, as paths on
// the local disk.
type RecordedTrack struct {
	Init     string   `json:"init"`
	Segments []string `json:"segments"`
	// Name is a video track's folder, its rendition's name (h264_hd).
	Name string `json:"name,omitempty"`
}

// Recording is what a finished live session leaves to be made into an
// on-demand video: its tracks as the packager wrote them, and where the
// video's files go. Making it a video encodes nothing (the segments are
// moved into OutDir as they are).
type Recording struct {
	Video *RecordedTrack `json:"video,omitempty"`
	// Rungs are the lower rungs encoded live (transcode/liveladder), smallest
	// first; Video is the published picture, the top rung.
	Rungs      []RecordedTrack `json:"rungs,omitempty"`
	Audio      []RecordedTrack `json:"audio,omitempty"`
	OutDir     string          `json:"out_dir"`
	PosterTime *float64        `json:"poster_time,omitempty"` // seconds; nil picks a frame
}
