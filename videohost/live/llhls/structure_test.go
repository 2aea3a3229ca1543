package llhls_test

import (
	"bytes"
	"path"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"

	"github.com/reelvideo/reel/videohost/live/llhls"
)

// fragments reads the moof+mdat pairs of a segment or part.
func fragments(t *testing.T, b []byte) fmp4.Parts {
	t.Helper()
	var ps fmp4.Parts
	if err := ps.Unmarshal(b); err != nil {
		t.Fatalf("reading fragments: %v", err)
	}
	return ps
}

// checkTrack walks a track's live playlist: every segment is the
// concatenation of its parts and starts with a random access point, tfdt
// runs on without gaps, PDT is on every segment and increases, and no
// part is longer than PART-TARGET.
func checkTrack(t *testing.T, e *muxerEnv, name string, video bool) playlist {
	t.Helper()
	base := e.srv.URL + "/live/" + name + "/"
	pl := parsePlaylist(t, mustGet(t, base+"playlist.m3u8"))
	if len(pl.segments) == 0 {
		t.Fatalf("%s: no segments", name)
	}
	target, err := strconv.ParseFloat(pl.value("#EXT-X-PART-INF:PART-TARGET="), 64)
	if err != nil {
		t.Fatalf("%s: PART-TARGET: %v", name, err)
	}
	var next uint64
	var lastPDT time.Time
	for i, s := range pl.segments {
		seg := mustGet(t, base+s.uri)
		if !bytes.Equal(seg, e.file(t, name+"/"+s.uri)) {
			t.Errorf("%s %s: served bytes differ from stored", name, s.uri)
		}
		if len(s.parts) == 0 {
			t.Errorf("%s %s: no parts listed", name, s.uri)
		}
		var concat []byte
		for _, p := range s.parts {
			concat = append(concat, mustGet(t, base+p.uri)...)
		}
		if !bytes.Equal(seg, concat) {
			t.Errorf("%s %s: segment (%d bytes) is not the concatenation of its parts (%d bytes)", name, s.uri, len(seg), len(concat))
		}
		for j, f := range fragments(t, seg) {
			tr := f.Tracks[0]
			if i > 0 || j > 0 {
				if tr.BaseTime != next {
					t.Errorf("%s %s fragment %d: tfdt %d, want %d", name, s.uri, j, tr.BaseTime, next)
				}
			}
			next = tr.BaseTime
			for _, smp := range tr.Samples {
				next += uint64(smp.Duration)
			}
			if video && j < len(s.parts) && s.parts[j].independent == tr.Samples[0].IsNonSyncSample {
				t.Errorf("%s %s part %d: INDEPENDENT=%v, first sample sync %v", name, s.uri, j, s.parts[j].independent, !tr.Samples[0].IsNonSyncSample)
			}
			if j == 0 {
				first := tr.Samples[0]
				if first.IsNonSyncSample {
					t.Errorf("%s %s: does not start with a sync sample", name, s.uri)
				}
				if video && first.PTSOffset != 0 {
					// B-frames delay presentation; the offsets are shifted
					// so that the keyframe opening a segment is presented
					// at its start, in step with the audio.
					t.Errorf("%s %s: the first keyframe has composition offset %d", name, s.uri, first.PTSOffset)
				}
				if video {
					au, err := first.GetH264()
					if err != nil || !h264.IsRandomAccess(au) {
						t.Errorf("%s %s: first picture is not an IDR (%v)", name, s.uri, err)
					}
				}
			}
		}
		pdt, err := time.Parse(time.RFC3339Nano, s.pdt)
		if err != nil {
			t.Errorf("%s %s: PDT %q: %v", name, s.uri, s.pdt, err)
		} else if !pdt.After(lastPDT) {
			t.Errorf("%s %s: PDT %v does not increase", name, s.uri, pdt)
		}
		lastPDT = pdt
	}
	for _, l := range pl.lines {
		if d, ok := strings.CutPrefix(l, "#EXT-X-PART:DURATION="); ok {
			v, _ := strconv.ParseFloat(strings.Split(d, ",")[0], 64)
			if v > target {
				t.Errorf("%s: part %s longer than PART-TARGET %v", name, l, target)
			}
		}
	}
	if !strings.HasPrefix(path.Base(pl.segments[0].uri), "0.") {
		t.Errorf("%s: first segment %s", name, pl.segments[0].uri)
	}
	return pl
}

func TestSegmentsAreTheirPartsAndStartWithKeyframes(t *testing.T) {
	tracks, units := h264Source(t)
	e := newMuxer(t, llhls.Config{})
	e.publish(t, tracks, units)
	v := checkTrack(t, e, "video", true)
	a := checkTrack(t, e, "audio", false)
	if len(v.segments) != len(a.segments) {
		t.Errorf("%d video segments, %d audio", len(v.segments), len(a.segments))
	}
	for i := range min(len(v.segments), len(a.segments)) {
		if v.segments[i].uri != a.segments[i].uri {
			t.Errorf("segment %d: video %s, audio %s", i, v.segments[i].uri, a.segments[i].uri)
		}
	}
	t.Logf("video parts: %d in %d segments; audio parts: %d", len(v.parts), len(v.segments), len(a.parts))
}
