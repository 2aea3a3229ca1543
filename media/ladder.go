package media

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/reelvideo/reel/internal/codecpolicy"
)

// Quality names a rung of the ladder by its box: the 16:9 frame its picture
// fits in, turned upright for a portrait source (sd is 640×360 for a
// landscape source, 360×640 for a portrait one). Boxes rather than long
// edges give a 1:1 or 4:3 source the rungs its short edge calls for, as the
// "720p" of other platforms does: a 1080×1080 source gets 360×360,
// 720×720 and 1080×1080, not only a 640×640 sd.
type Quality struct {
	Name  string // "sd", "hd", "fhd", "qhd", "uhd"
	Long  int    // the box's long edge: 640, 1280, ...
	Short int    // the box's short edge: 360, 720, ...
}

// Qualities is the ladder of the service contract, smallest first.
var qualities = []Quality{
	{"sd", 640, 360}, {"hd", 1280, 720}, {"fhd", 1920, 1080}, {"qhd", 2560, 1440}, {"uhd", 3840, 2160},
}

// Defaults of LadderOptions; a zero field means the default.
const (
	DefaultPreset       = "veryfast"
	DefaultCRF          = 23
	DefaultMaxFrameRate = 60
	DefaultMaxDuration  = 12 * time.Hour
	DefaultMaxEdge      = 8192
	DefaultSegmentTime  = 4 * time.Second
	DefaultGOPTime      = 2 * time.Second
	DefaultAudioBitrate = 128_000

	// DefaultAV1Preset and DefaultAV1CRF are SVT-AV1's settings for the
	// AV1 rungs, DefaultHEVCPreset and DefaultHEVCCRF x265's for the HEVC
	// ones: chosen from the measured table in BENCHMARKS.md, "Modern
	// codecs (issue 33)" (see doc.go, "Codecs").
	DefaultAV1Preset  = 10
	DefaultAV1CRF     = 38
	DefaultHEVCPreset = "veryfast"
	DefaultHEVCCRF    = 28

	// smallRungMaxFrameRate caps the rungs whose box's short edge is under
	// fullRateMinShort, that is sd (halving, as MaxFrameRate does): 60 fps
	// pays at 720p and up.
	smallRungMaxFrameRate = 30
	fullRateMinShort      = 720
)

// defaultMaxBitrates are the capped-VBR ceilings, bits per second.
var defaultMaxBitrates = map[string]int{
	"sd": 1_200_000, "hd": 3_000_000, "fhd": 6_000_000, "qhd": 10_000_000, "uhd": 16_000_000,
}

// LadderOptions tunes planning and encoding. The zero value is the default
// ladder of the service contract.
type LadderOptions struct {
	Preset       string         // x264 preset; "veryfast" when empty
	CRF          int            // quality target under the bitrate cap; 23 when 0
	MaxBitrates  map[string]int // per quality name ("sd", "hd", ...), bits per second; missing names use the defaults
	MaxFrameRate float64        // frame-rate cap; 60 when 0. Above it the rate is halved until it fits
	MaxDuration  time.Duration  // longest accepted source; 12 h when 0
	MaxEdge      int            // longest accepted picture edge; 8192 when 0
	MaxQuality   string         // highest rung to plan ("fhd" stops at the 1920×1080 box); all when empty
	SegmentTime  time.Duration  // target segment length; 4 s when 0 (a multiple of the 2 s GOP)
	AudioBitrate int            // AAC bitrate per audio track; 128 kb/s when 0

	// Codecs says which codecs to encode for which rungs; nil is
	// codecpolicy.Default(), H.264 alone. Its view triggers are ignored:
	// the caller leaves out the codecs still waiting for their views.
	Codecs codecpolicy.Policy `json:",omitempty"`
	// AV1Preset (SVT-AV1, 0–13; 0 is DefaultAV1Preset, so preset 0 cannot
	// be asked for), AV1CRF, HEVCPreset (x265) and HEVCCRF tune the AV1
	// and HEVC rungs; zero values are the defaults. The bitrate caps are
	// MaxBitrates, shared with H.264.
	AV1Preset  int    `json:",omitempty"`
	AV1CRF     int    `json:",omitempty"`
	HEVCPreset string `json:",omitempty"`
	HEVCCRF    int    `json:",omitempty"`
}

func (o LadderOptions) withDefaults() LadderOptions {
	if o.Preset == "" {
		o.Preset = DefaultPreset
	}
	if o.CRF == 0 {
		o.CRF = DefaultCRF
	}
	if o.MaxFrameRate == 0 {
		o.MaxFrameRate = DefaultMaxFrameRate
	}
	if o.MaxDuration == 0 {
		o.MaxDuration = DefaultMaxDuration
	}
	if o.MaxEdge == 0 {
		o.MaxEdge = DefaultMaxEdge
	}
	if o.SegmentTime <= 0 {
		o.SegmentTime = DefaultSegmentTime
	}
	// Segments are whole GOPs so every segment starts on a keyframe.
	gops := max(1, int(math.Round(float64(o.SegmentTime)/float64(DefaultGOPTime))))
	o.SegmentTime = time.Duration(gops) * DefaultGOPTime
	if o.AudioBitrate == 0 {
		o.AudioBitrate = DefaultAudioBitrate
	}
	if o.Codecs == nil {
		o.Codecs = codecpolicy.Default()
	}
	if o.AV1Preset <= 0 {
		o.AV1Preset = DefaultAV1Preset
	}
	if o.AV1CRF <= 0 {
		o.AV1CRF = DefaultAV1CRF
	}
	if o.HEVCPreset == "" {
		o.HEVCPreset = DefaultHEVCPreset
	}
	if o.HEVCCRF <= 0 {
		o.HEVCCRF = DefaultHEVCCRF
	}
	return o
}

func (o LadderOptions) maxBitrate(quality string) int {
	if b, ok := o.MaxBitrates[quality]; ok && b > 0 {
		return b
	}
	return defaultMaxBitrates[quality]
}

// Rendition is one planned video output.
type Rendition struct {
	Name         string  `json:"name"`    // "h264_sd"
	Codec        string  `json:"codec"`   // "h264", "hevc" or "av1"
	Quality      string  `json:"quality"` // "sd"
	Width        int     `json:"width"`   // upright display width, even
	Height       int     `json:"height"`  // upright display height, even
	FrameRateNum int     `json:"frame_rate_num"`
	FrameRateDen int     `json:"frame_rate_den"`
	MaxBitrate   int     `json:"max_bitrate"` // capped-VBR ceiling, bits per second
	FrameRate    float64 `json:"frame_rate"`
}

// PlanLadder chooses the renditions for a probed source, one per quality
// whose box the source reaches: its upright display size has a short edge
// at least the box's short edge, or a long edge at least the box's long
// edge (a source that would fit inside the box with room on both edges
// stops the ladder below it). Each rendition is the source scaled down,
// aspect kept, to fit inside its box, never upscaled, both edges even; so
// 16:9 sources fill their boxes, wider ones (2.39:1) touch the long edge
// and narrower ones (4:3, 16:10, 1:1, and portrait the other way round)
// the short edge. "sd" is always planned, at the source size when the
// source fits inside 640×360. Every rendition has the source's frame rate
// under MaxFrameRate, but sd, whose box is under 720p, gets half of a rate
// over 30. An audio-only source plans no rendition. Absurd sizes answer
// too_large and overlong sources duration_too_long.
func PlanLadder(info *Info, opts LadderOptions) ([]Rendition, error) {
	if info == nil {
		return nil, errors.New("planning ladder: no source info")
	}
	opts = opts.withDefaults()
	if info.Duration > opts.MaxDuration.Seconds() {
		return nil, newError(CodeDurationTooLong, "plan",
			fmt.Errorf("duration %.0fs exceeds %.0fs", info.Duration, opts.MaxDuration.Seconds()))
	}
	v := info.Video
	if v == nil {
		return nil, nil
	}
	w, h := v.DisplaySize()
	if w > opts.MaxEdge || h > opts.MaxEdge || v.Width > opts.MaxEdge || v.Height > opts.MaxEdge {
		return nil, newError(CodeTooLarge, "plan", fmt.Errorf("%dx%d exceeds %d on an edge", w, h, opts.MaxEdge))
	}
	if w < 2 || h < 2 {
		return nil, newError(CodeNotMedia, "plan", fmt.Errorf("%dx%d is too small", w, h))
	}
	num, den := cappedFrameRate(v.FrameRateNum, v.FrameRateDen, opts.MaxFrameRate)
	// Below 720p, frames past 30 a second cost encode time and bytes that a
	// small picture does not show: sd gets half of a 50 or 60 fps rate.
	// Keyframes stay every 2 s, so segment boundaries are the same times in
	// every rendition.
	smallNum, smallDen := cappedFrameRate(num, den, min(opts.MaxFrameRate, smallRungMaxFrameRate))
	long, short := max(w, h), min(w, h)

	var rungs []Rendition // the boxes the source reaches, H.264 names
	for _, q := range qualities {
		if opts.MaxQuality != "" && len(rungs) > 0 && qualityRank(q.Name) > qualityRank(opts.MaxQuality) {
			break
		}
		if short < q.Short && long < q.Long && q.Name != "sd" {
			break
		}
		rw, rh := fitBox(w, h, q)
		rnum, rden := num, den
		// The rule keys off the rung, not its picture: a square source's
		// hd is 720×720 and keeps 60 fps like a 16:9 one's 1280×720.
		if q.Short < fullRateMinShort {
			rnum, rden = smallNum, smallDen
		}
		rungs = append(rungs, Rendition{
			Name:         "h264_" + q.Name,
			Codec:        "h264",
			Quality:      q.Name,
			Width:        rw,
			Height:       rh,
			FrameRateNum: rnum,
			FrameRateDen: rden,
			FrameRate:    float64(rnum) / float64(rden),
			MaxBitrate:   opts.maxBitrate(q.Name),
		})
	}
	return withCodecs(rungs, opts.Codecs), nil
}

// minCodecEdge is the shortest picture edge an encoder takes: SVT-AV1
// refuses pictures under 64 pixels on an edge, x265 under 16 (8×8 fails).
var minCodecEdge = map[string]int{codecpolicy.AV1: 64, codecpolicy.HEVC: 16}

// withCodecs turns the rungs (H.264, smallest first) into the renditions
// of every codec the policy covers for each rung's box: the H.264 ones
// first, then HEVC, then AV1, each smallest first. The list keeps H.264's
// smallest rung first (the early pass encodes it) and a codec's
// renditions have the size, frame rate and cap of the H.264 rung of their
// box, so they share its scaled pictures and its keyframe times. A rung
// too small for a codec's encoder (minCodecEdge) is left out of it.
func withCodecs(rungs []Rendition, policy codecpolicy.Policy) []Rendition {
	var out []Rendition
	for _, codec := range codecpolicy.Names() {
		for _, r := range rungs {
			q := qualities[qualityRank(r.Quality)]
			// Triggers are the caller's: every codec named is encoded now.
			if !slices.Contains(policy.CodecsFor(q.Short, math.MaxInt64), codec) {
				continue
			}
			if edge := minCodecEdge[codec]; r.Width < edge || r.Height < edge {
				continue // a tiny source's rung: H.264 alone
			}
			r.Codec, r.Name = codec, codec+"_"+r.Quality
			out = append(out, r)
		}
	}
	return out
}

func qualityRank(name string) int {
	for i, q := range qualities {
		if q.Name == name {
			return i
		}
	}
	return len(qualities)
}

// fitBox scales w×h down to fit inside q's box, turned like the picture,
// keeping the aspect ratio and rounding both sides to even numbers (4:2:0
// needs them); a picture already inside the box keeps its size.
func fitBox(w, h int, q Quality) (int, int) {
	bw, bh := q.Long, q.Short
	if h > w {
		bw, bh = bh, bw
	}
	scale := min(1, float64(bw)/float64(w), float64(bh)/float64(h))
	return even(float64(w) * scale), even(float64(h) * scale)
}

func even(x float64) int {
	n := int(math.Round(x/2)) * 2
	return max(n, 2)
}

// cappedFrameRate halves a frame rate above the cap until it fits (120 → 60,
// 50 stays), so every output frame is a source frame; a rate that halving
// cannot bring under the cap is clamped to it.
func cappedFrameRate(num, den int, maxRate float64) (int, int) {
	if num <= 0 || den <= 0 {
		return 25, 1
	}
	for i := 0; i < 4 && float64(num)/float64(den) > maxRate+0.01; i++ {
		if num%2 == 0 {
			num /= 2
		} else {
			den *= 2
		}
	}
	if float64(num)/float64(den) > maxRate+0.01 {
		return int(math.Round(maxRate * 1000)), 1000
	}
	return num, den
}
