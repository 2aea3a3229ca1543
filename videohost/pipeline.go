package videohost

import "context"

// PrepareInput is one Prepare request.
type PrepareInput struct {
	Source      string // local path of the source file
	PlayableDir string // an empty folder for the playable set
	WorkDir     string // scratch space
}

// ProcessInput is one transcode request.
type ProcessInput struct {
	Source     string   // local path of the source file
	OutDir     string   // an empty folder that receives every asset
	WorkDir    string   // scratch space
	PosterTime *float64 // seconds; nil = choose a representative frame
	// OnPlayable is called with a folder holding a playable subset (a master
	// playlist and at least one rendition) before the full ladder is done.
	// Unless out.Live, the folder lies outside OutDir and the callee takes
	// it over (it may move it): the pipeline never touches it again.
	OnPlayable func(ctx context.Context, dir string, out *ProcessOutput) error
	// OnProgress, when set, hears how much of the ladder is encoded (0 to
	// 1, increasing), as often as after every segment: a callee that
	// stores it throttles. It must not block for long.
	OnProgress func(done float64)
	// EarlyOnly runs the early pass alone (OnPlayable is then required):
	// the smallest rendition and the audio, published as they grow, with
	// finished playlists at the end, and nothing in OutDir; for a source
	// whose ladder is encoded in chunks. The output describes the early set.
	EarlyOnly bool
	// OnEarlyDone, when set, hears once that the pass making the video
	// playable early has encoded the whole source; the ladder encodes on,
	// at a lower priority (media.ProcessOptions.OnEarlyDone). It is not
	// called when there is no such pass.
	OnEarlyDone func()
	// Codecs is the codec policy to encode now, in the form
	// codecpolicy.Parse takes (codec → rule). The caller leaves out the
	// codecs still waiting for their views (codecpolicy.Policy.Waiting):
	// the pipeline encodes every codec named, whatever its trigger. Nil
	// is H.264 alone, the default.
	Codecs map[string]string
}

// ProcessOutput describes what Process wrote.
type ProcessOutput struct {
	// Live, on the output handed to OnPlayable, marks a folder the pipeline
	// is still writing (EVENT playlists that grow until Process returns): it
	// must be published by reference, never moved or copied.
	Live        bool
	Duration    float64
	Width       int
	Height      int
	Source      SourceInfo
	Renditions  []Rendition
	AudioTracks []AudioTrack
	PosterTime  float64
	Assets      AssetFlags
}

// FrameRequest asks for one still image of a video.
type FrameRequest struct {
	Sources []FrameSource // the video's renditions on local disk
	Time    float64       // seconds
	Width   int           // 0 = source width
	Format  string        // jpg, png or webp
}

// FrameSource is one decodable file of a video and its picture size.
type FrameSource struct {
	Path   string
	Width  int
	Height int
}
