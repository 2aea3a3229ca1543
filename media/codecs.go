package media

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/reelvideo/reel/internal/codecpolicy"
)

// AddCodecsOptions says which codecs to add to which finished output.
type AddCodecsOptions struct {
	Dir    string // a finished output (with media.json)
	Source string // the source the output was encoded from
	// Policy names the codecs to have; view triggers are the caller's
	// (every codec it covers is encoded now). Nil is the default policy,
	// which adds nothing to an output Process made.
	Policy codecpolicy.Policy
	// Ladder tunes the encoders (AV1Preset, HEVCCRF, ...); its ladder
	// (sizes, rates, caps, segment time) is the output's own, read from
	// media.json, and its Codecs is Policy.
	Ladder LadderOptions
	Logger *slog.Logger
}

// AddCodecs encodes, into a finished output, the renditions Policy names
// for the rungs the output has and that it lacks: av1_hd beside h264_hd,
// at its size, frame rate and cap, with the same GOPs and segment
// boundaries (the first segment is one GOP long when the output's is), in
// one decode of the source, video only (the audio tracks are shared). The
// new renditions get their media playlists and MP4 files; media.json, the
// master playlist and the DASH manifest are rewritten to list them after
// the renditions the output had. No file of those renditions, nor of the
// audio, is touched: their segments stay byte for byte. It answers the
// codecs it added renditions of, none when the output had them all.
func AddCodecs(ctx context.Context, opts AddCodecsOptions) ([]string, error) {
	const op = "add codecs"
	logger := orDiscard(opts.Logger)
	if opts.Dir == "" || opts.Source == "" {
		return nil, newError(CodeInvalidArgument, op, errors.New("output folder and source are required"))
	}
	m, err := ReadManifest(opts.Dir)
	if err != nil {
		return nil, err
	}
	policy := opts.Policy
	if policy == nil {
		policy = codecpolicy.Default()
	}
	missing := missingRenditions(m, policy)
	if len(missing) == 0 {
		return nil, nil
	}
	info, err := Probe(ctx, opts.Source)
	if err != nil {
		return nil, err
	}
	if info.Video == nil {
		return nil, newError(CodeNoVideo, op, errors.New("the source has no video"))
	}
	ladder := opts.Ladder
	ladder.Codecs = policy
	ladder = ladder.withDefaults()
	if m.SegmentTime > 0 {
		ladder.SegmentTime = time.Duration(math.Round(m.SegmentTime*1000)) * time.Millisecond
	}
	for _, r := range missing {
		// A folder left by an attempt that stopped: its files were
		// never published.
		if err := os.RemoveAll(filepath.Join(opts.Dir, r.Name)); err != nil {
			return nil, fmt.Errorf("removing an unfinished %s: %w", r.Name, err)
		}
	}
	job := ladderJob{
		source: opts.Source, info: info, renditions: missing, opts: ladder, outDir: opts.Dir,
		logger: logger, videoOnly: true, shortFirstSegment: shortFirstSegment(m),
	}
	started := time.Now()
	out, err := transcodeLadder(ctx, job)
	if err != nil {
		return nil, err
	}
	logger.InfoContext(ctx, "media: codecs encoded", "renditions", len(missing), "elapsed", time.Since(started))
	if err := out.finishPlaylists(opts.Dir); err != nil {
		return nil, err
	}
	added := buildManifest(out, info, ladder).Renditions
	for i := range added {
		r := &added[i]
		if err := writeProgressiveMP4(ctx, opts.Dir, r, m.AudioTracks); err != nil {
			return nil, err
		}
		if ref := sameRung(m, r.Quality); ref != nil && !sameBoundaries(ref.Segments, ref.Timescale, r.Segments, r.Timescale) {
			// Players do not switch codecs mid-stream, so this costs no
			// playback; it says the output was made another way
			// (a recording's live rungs).
			logger.WarnContext(ctx, "media: added rendition's segments end elsewhere than its rung's", "rendition", r.Name, "rung", ref.Name)
		}
	}
	m.Renditions = append(m.Renditions, added...)
	order := codecpolicy.Names()
	slices.SortStableFunc(m.Renditions, func(a, b RenditionFiles) int {
		return slices.Index(order, a.Codec) - slices.Index(order, b.Codec)
	})
	if err := rewriteManifests(opts.Dir, m); err != nil {
		return nil, err
	}
	var codecs []string
	for _, c := range order {
		if slices.ContainsFunc(added, func(r RenditionFiles) bool { return r.Codec == c }) {
			codecs = append(codecs, c)
		}
	}
	return codecs, nil
}

// missingRenditions plans the renditions policy names for the rungs of m
// that m lacks, each a copy of the rung's rendition (its H.264 one when it
// has one) under the codec's name, in the order PlanLadder lists them.
func missingRenditions(m *Manifest, policy codecpolicy.Policy) []Rendition {
	var rungs []Rendition
	for _, q := range qualities {
		if r := sameRung(m, q.Name); r != nil {
			rungs = append(rungs, r.Rendition)
		}
	}
	var out []Rendition
	for _, r := range withCodecs(rungs, policy) {
		if !slices.ContainsFunc(m.Renditions, func(o RenditionFiles) bool { return o.Name == r.Name }) {
			out = append(out, r)
		}
	}
	return out
}

// sameRung is m's rendition of a quality, its H.264 one when it has one.
func sameRung(m *Manifest, quality string) *RenditionFiles {
	var found *RenditionFiles
	for i := range m.Renditions {
		r := &m.Renditions[i]
		if r.Quality == quality && (found == nil || r.Codec == codecpolicy.H264) {
			found = r
		}
	}
	return found
}

// shortFirstSegment reports whether m's renditions end their first
// segment after one GOP rather than the segment time, as an early-first
// encode makes them (ladderJob.shortFirstSegment).
func shortFirstSegment(m *Manifest) bool {
	if len(m.Renditions) == 0 || m.SegmentTime <= DefaultGOPTime.Seconds() {
		return false
	}
	r := m.Renditions[0]
	if len(r.Segments) < 2 || r.Timescale <= 0 {
		return false
	}
	gop := int64(DefaultGOPTime.Seconds() * float64(r.Timescale))
	return r.Segments[0].Ticks <= gop+gop/4
}

// sameBoundaries reports whether two tracks' segments start at the same
// times (within a millisecond).
func sameBoundaries(a []Segment, aScale int64, b []Segment, bScale int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		at := float64(a[i].Start) / float64(aScale)
		bt := float64(b[i].Start) / float64(bScale)
		if math.Abs(at-bt) > 0.001 {
			return false
		}
	}
	return true
}
