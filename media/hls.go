package media

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/Eyevinn/hls-m3u8/m3u8"
)

// hlsVersion is 7: EXT-X-MAP with fMP4 needs 6, and 7 is what Apple's
// authoring spec asks for fMP4.
const hlsVersion = 7

const audioGroupID = "audio"
const subtitleGroupID = "subs"

// writeMediaPlaylist writes dir/playlist.m3u8 over init.mp4 and the numbered
// segments. complete=false writes an EVENT playlist without ENDLIST, for a
// rendition that is still being encoded.
func writeMediaPlaylist(dir string, segs []segmentInfo, complete bool) error {
	p, err := m3u8.NewMediaPlaylist(0, uint(max(len(segs), 1)))
	if err != nil {
		return fmt.Errorf("creating media playlist: %w", err)
	}
	p.SetVersion(hlsVersion)
	p.SetIndependentSegments(true)
	p.SetDefaultMap(InitSegmentFile, 0, 0)
	var longest float64
	for i, s := range segs {
		if err := p.Append(fmt.Sprintf("%d.m4s", i), s.Duration, ""); err != nil {
			return fmt.Errorf("adding segment: %w", err)
		}
		longest = max(longest, s.Duration)
	}
	p.SetTargetDuration(uint(math.Max(1, math.Round(longest))))
	if complete {
		p.MediaType = m3u8.VOD
		p.Close()
	} else {
		p.MediaType = m3u8.EVENT
	}
	return writeFileAtomic(filepath.Join(dir, MediaPlaylistFile), p.Encode().Bytes())
}

// WriteMasterPlaylist (re)writes playlist.m3u8 in dir from m: one variant per
// video rendition (or one audio-only variant per audio track when there is no
// video), an AUDIO group with every audio track and, when m has subtitles, a
// SUBTITLES group, and an EXT-X-SESSION-DATA tag naming the chapters when
// m has them. It touches no media file.
func WriteMasterPlaylist(dir string, m *Manifest) error {
	return writeFileAtomic(filepath.Join(dir, MasterPlaylistFile), []byte(masterPlaylist(m)))
}

func masterPlaylist(m *Manifest) string {
	p := m3u8.NewMasterPlaylist()
	p.SetVersion(hlsVersion)
	p.SetIndependentSegments(true)
	if m.Chapters != "" {
		// FORMAT=JSON is the default, which the library writes by leaving
		// the attribute out.
		p.SessionDatas = append(p.SessionDatas, &m3u8.SessionData{DataId: quoted(ChaptersDataID), URI: quoted(m.Chapters), Format: "JSON"})
	}

	var audioAlts []*m3u8.Alternative
	var audioPeak, audioAvg int
	audioCodecs := ""
	for _, a := range m.AudioTracks {
		alt := &m3u8.Alternative{
			Type: "AUDIO", GroupId: quoted(audioGroupID), URI: quoted(a.Playlist), Language: quoted(a.Language),
			Name: quoted(a.Label), Default: a.Default, Autoselect: true,
			Channels: &m3u8.Channels{Amount: a.Channels},
		}
		if a.Kind == AudioKindDescription {
			// Apple's characteristic for audio description (HLS authoring
			// spec): players offer it to viewers who ask for it.
			alt.Characteristics = quoted("public.accessibility.describes-video")
		}
		audioAlts = append(audioAlts, alt)
		audioPeak = max(audioPeak, a.PeakBitrate)
		audioAvg = max(audioAvg, a.Bitrate)
		audioCodecs = quoted(a.Codecs)
	}
	var subAlts []*m3u8.Alternative
	for _, s := range m.Subtitles {
		subAlts = append(subAlts, &m3u8.Alternative{
			Type: "SUBTITLES", GroupId: quoted(subtitleGroupID), URI: quoted(s.URI), Language: quoted(s.Language),
			Name: quoted(s.Label), Default: s.Default, Autoselect: true,
		})
	}
	alts := append(append([]*m3u8.Alternative(nil), audioAlts...), subAlts...)

	for _, r := range m.Renditions {
		codecs := quoted(r.Codecs)
		params := m3u8.VariantParams{
			Bandwidth:        uint32(r.PeakBitrate + audioPeak),
			AverageBandwidth: uint32(r.Bitrate + audioAvg),
			Resolution:       fmt.Sprintf("%dx%d", r.Width, r.Height),
			FrameRate:        math.Round(r.FrameRate*1000) / 1000,
			VideoRange:       "SDR",
		}
		if len(audioAlts) > 0 {
			params.Audio = quoted(audioGroupID)
			codecs += "," + audioCodecs
		}
		if len(subAlts) > 0 {
			params.Subtitles = quoted(subtitleGroupID)
		}
		params.Codecs = codecs
		// The library lists each group member once whatever the number of
		// variants that carry it.
		params.Alternatives = alts
		p.Append(quoted(r.Playlist), nil, params)
	}
	if len(m.Renditions) == 0 {
		for _, a := range m.AudioTracks {
			params := m3u8.VariantParams{
				Bandwidth:        uint32(a.PeakBitrate),
				AverageBandwidth: uint32(a.Bitrate),
				Codecs:           quoted(a.Codecs),
				Audio:            quoted(audioGroupID),
			}
			if len(subAlts) > 0 {
				params.Subtitles = quoted(subtitleGroupID)
			}
			params.Alternatives = alts
			p.Append(quoted(a.Playlist), nil, params)
		}
	}
	p.SetVersion(hlsVersion)
	return p.String()
}

// quoted makes s fit between the double quotes of an attribute of the
// master playlist, and every string the master writer puts into a quoted
// attribute (or a URI line) goes through it. RFC 8216 §4.2: a quoted-string
// holds no double quote, CR or LF, and has no escape for them; §4.1: a
// playlist is UTF-8 without a byte order mark or any other control
// character (U+0000–U+001F, U+007F–U+009F). A label comes from the API or
// from a source file's own metadata, and one quote or line break let
// through would end the attribute or the tag early: the rest would read as
// attributes (a foreign URI=, to which a signed video's grant is appended)
// or as tags of its own. So the forbidden characters are replaced, not
// dropped, since dropping would join words: a double quote becomes a single
// quote (the label still reads as quoted), a line break, tab or any other
// control character becomes a space, as do U+2028 and U+2029 (line and
// paragraph separators, which some players' parsers end lines at); a byte
// order mark is dropped, and bytes that are not UTF-8 become U+FFFD. Text
// without them comes back unchanged.
func quoted(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, notQuotable) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '"':
			return '\''
		case r == '\ufeff':
			return -1
		case notQuotable(r):
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\ufffd"))
}

// notQuotable reports whether quoted replaces r.
func notQuotable(r rune) bool {
	return r == '"' || r == '\ufeff' || r == '\u2028' || r == '\u2029' || unicode.IsControl(r)
}

// relURI joins URI parts with forward slashes whatever the OS.
func relURI(parts ...string) string {
	return strings.TrimPrefix(path.Join(parts...), "/")
}
