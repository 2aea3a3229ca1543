package media

import (
	"encoding/xml"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// WriteDASHManifest (re)writes manifest.mpd in dir from m: a static MPD
// with one video AdaptationSet per codec, one audio AdaptationSet per audio track and
// one text AdaptationSet per subtitle, all over the same CMAF segments as
// HLS (SegmentTemplate with $Number$ and an exact SegmentTimeline).
func WriteDASHManifest(dir string, m *Manifest) error {
	b, err := dashManifest(m)
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(dir, DASHManifestFile), b)
}

type mpdRoot struct {
	XMLName                   xml.Name `xml:"MPD"`
	XMLNS                     string   `xml:"xmlns,attr"`
	Profiles                  string   `xml:"profiles,attr"`
	Type                      string   `xml:"type,attr"`
	MediaPresentationDuration string   `xml:"mediaPresentationDuration,attr"`
	MinBufferTime             string   `xml:"minBufferTime,attr"`
	Period                    mpdPeriod
}

type mpdPeriod struct {
	XMLName        xml.Name `xml:"Period"`
	ID             string   `xml:"id,attr"`
	Start          string   `xml:"start,attr"`
	AdaptationSets []mpdAdaptationSet
}

type mpdAdaptationSet struct {
	XMLName          xml.Name       `xml:"AdaptationSet"`
	ID               int            `xml:"id,attr"`
	ContentType      string         `xml:"contentType,attr"`
	MimeType         string         `xml:"mimeType,attr"`
	Lang             string         `xml:"lang,attr,omitempty"`
	SegmentAlignment string         `xml:"segmentAlignment,attr,omitempty"`
	StartWithSAP     string         `xml:"startWithSAP,attr,omitempty"`
	MaxWidth         int            `xml:"maxWidth,attr,omitempty"`
	MaxHeight        int            `xml:"maxHeight,attr,omitempty"`
	Accessibility    *mpdDescriptor `xml:"Accessibility,omitempty"`
	Role             *mpdDescriptor `xml:"Role,omitempty"`
	Label            string         `xml:"Label,omitempty"`
	Representations  []mpdRepresentation
}

type mpdDescriptor struct {
	SchemeIDURI string `xml:"schemeIdUri,attr"`
	Value       string `xml:"value,attr"`
}

type mpdRepresentation struct {
	XMLName           xml.Name            `xml:"Representation"`
	ID                string              `xml:"id,attr"`
	Bandwidth         int                 `xml:"bandwidth,attr"`
	Codecs            string              `xml:"codecs,attr,omitempty"`
	Width             int                 `xml:"width,attr,omitempty"`
	Height            int                 `xml:"height,attr,omitempty"`
	FrameRate         string              `xml:"frameRate,attr,omitempty"`
	SAR               string              `xml:"sar,attr,omitempty"`
	AudioSamplingRate int                 `xml:"audioSamplingRate,attr,omitempty"`
	AudioChannels     *mpdDescriptor      `xml:"AudioChannelConfiguration,omitempty"`
	BaseURL           string              `xml:"BaseURL,omitempty"`
	SegmentTemplate   *mpdSegmentTemplate `xml:"SegmentTemplate,omitempty"`
}

type mpdSegmentTemplate struct {
	Timescale      int64  `xml:"timescale,attr"`
	Initialization string `xml:"initialization,attr"`
	Media          string `xml:"media,attr"`
	StartNumber    int    `xml:"startNumber,attr"`
	Timeline       []mpdS `xml:"SegmentTimeline>S"`
}

type mpdS struct {
	T *int64 `xml:"t,attr,omitempty"`
	D int64  `xml:"d,attr"`
	R int    `xml:"r,attr,omitempty"`
}

func dashManifest(m *Manifest) ([]byte, error) {
	root := mpdRoot{
		XMLNS:                     "urn:mpeg:dash:schema:mpd:2011",
		Profiles:                  "urn:mpeg:dash:profile:isoff-live:2011,urn:mpeg:dash:profile:cmaf:2019",
		Type:                      "static",
		MediaPresentationDuration: isoDuration(m.Duration),
		MinBufferTime:             isoDuration(max(m.SegmentTime, 2)),
		Period:                    mpdPeriod{ID: "0", Start: "PT0S"},
	}
	id := 0
	// One video AdaptationSet per codec, in the order the renditions come
	// (H.264 first): a player switches within a set, never across codecs.
	var codecs []string
	for _, r := range m.Renditions {
		if !slices.Contains(codecs, r.Codec) {
			codecs = append(codecs, r.Codec)
		}
	}
	for _, codec := range codecs {
		set := mpdAdaptationSet{
			ID: id, ContentType: "video", MimeType: "video/mp4",
			SegmentAlignment: "true", StartWithSAP: "1",
		}
		for _, r := range m.Renditions {
			if r.Codec != codec {
				continue
			}
			set.MaxWidth, set.MaxHeight = max(set.MaxWidth, r.Width), max(set.MaxHeight, r.Height)
			set.Representations = append(set.Representations, mpdRepresentation{
				ID: r.Name, Bandwidth: r.PeakBitrate, Codecs: r.Codecs,
				Width: r.Width, Height: r.Height, SAR: "1:1",
				FrameRate:       fmt.Sprintf("%d/%d", r.FrameRateNum, r.FrameRateDen),
				SegmentTemplate: segmentTemplate(r.Name, r.Timescale, r.Segments),
			})
		}
		root.Period.AdaptationSets = append(root.Period.AdaptationSets, set)
		id++
	}
	for _, a := range m.AudioTracks {
		set := mpdAdaptationSet{
			ID: id, ContentType: "audio", MimeType: "audio/mp4", Lang: a.Language,
			SegmentAlignment: "true", StartWithSAP: "1", Label: a.Label,
		}
		switch {
		case a.Kind == AudioKindDub || a.Kind == AudioKindDescription:
			// DASH-IF IOP: a dubbed track is Role "dub"; audio description
			// is Role "description" with the TV-Anytime accessibility
			// descriptor for the visually impaired (value 1).
			set.Role = &mpdDescriptor{SchemeIDURI: "urn:mpeg:dash:role:2011", Value: a.Kind}
			if a.Kind == AudioKindDescription {
				set.Accessibility = &mpdDescriptor{SchemeIDURI: "urn:tva:metadata:cs:AudioPurposeCS:2007", Value: "1"}
			}
		case a.Default || a.Kind == AudioKindMain:
			set.Role = &mpdDescriptor{SchemeIDURI: "urn:mpeg:dash:role:2011", Value: "main"}
		default:
			set.Role = &mpdDescriptor{SchemeIDURI: "urn:mpeg:dash:role:2011", Value: "alternate"}
		}
		folder := strings.TrimSuffix(a.Playlist, "/"+MediaPlaylistFile)
		set.Representations = append(set.Representations, mpdRepresentation{
			ID: "audio_" + a.ID, Bandwidth: a.PeakBitrate, Codecs: a.Codecs,
			AudioSamplingRate: a.SampleRate,
			AudioChannels: &mpdDescriptor{
				SchemeIDURI: "urn:mpeg:dash:23003:3:audio_channel_configuration:2011",
				Value:       fmt.Sprint(a.Channels),
			},
			SegmentTemplate: segmentTemplate(folder, a.Timescale, a.Segments),
		})
		root.Period.AdaptationSets = append(root.Period.AdaptationSets, set)
		id++
	}
	for _, s := range m.Subtitles {
		set := mpdAdaptationSet{ID: id, ContentType: "text", MimeType: "text/vtt", Lang: s.Language, Label: s.Label}
		set.Role = &mpdDescriptor{SchemeIDURI: "urn:mpeg:dash:role:2011", Value: "subtitle"}
		set.Representations = append(set.Representations, mpdRepresentation{
			ID: "subtitles_" + s.Language, Bandwidth: 256,
			BaseURL: strings.TrimSuffix(s.URI, ".m3u8") + ".vtt",
		})
		root.Period.AdaptationSets = append(root.Period.AdaptationSets, set)
		id++
	}
	b, err := xml.MarshalIndent(root, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding dash manifest: %w", err)
	}
	return append([]byte(xml.Header), append(b, '\n')...), nil
}

// segmentTemplate compresses the segment list into a SegmentTimeline: runs
// of equal durations become one S with a repeat count.
func segmentTemplate(folder string, timescale int64, segs []Segment) *mpdSegmentTemplate {
	st := &mpdSegmentTemplate{
		Timescale:      timescale,
		Initialization: folder + "/" + InitSegmentFile,
		Media:          folder + "/$Number$.m4s",
	}
	for i, s := range segs {
		n := len(st.Timeline)
		contiguous := i > 0 && s.Start == segs[i-1].Start+segs[i-1].Ticks
		if n > 0 && contiguous && st.Timeline[n-1].D == s.Ticks {
			st.Timeline[n-1].R++
			continue
		}
		entry := mpdS{D: s.Ticks}
		if i == 0 || !contiguous {
			start := s.Start
			entry.T = &start
		}
		st.Timeline = append(st.Timeline, entry)
	}
	return st
}

func isoDuration(seconds float64) string {
	return fmt.Sprintf("PT%.3fS", seconds)
}
