package videohost

import (
	"net/url"
	"strconv"
	"strings"
)

// URLs builds the deterministic asset URLs of one space: every asset has a URL known before it exists.
// The builders are pure: no I/O, no state, safe with CGO_ENABLED=0.
type URLs struct {
	SpaceURL string // e.g. https://host/media/abcde
	ImageURL string // e.g. https://host/images
	CDNURL   string // e.g. https://host/cdn
	// LiveURL is the space's root of low-latency HLS, served by the
	// process a live session runs on: e.g. https://host/live/abcde.
	LiveURL string
}

// SpaceURLs resolves the URL roots of a space from server-wide templates. A
// template may hold "{space}"; a spaceURL template without it gets the space
// id appended as a path segment.
func SpaceURLs(baseURL, spaceURLTmpl, imageURL, cdnURL, spaceID string) URLs {
	base := strings.TrimRight(baseURL, "/")
	if spaceURLTmpl == "" {
		spaceURLTmpl = base + "/media/{space}"
	}
	if !strings.Contains(spaceURLTmpl, "{space}") {
		spaceURLTmpl = strings.TrimRight(spaceURLTmpl, "/") + "/{space}"
	}
	if imageURL == "" {
		imageURL = base + "/images"
	}
	if cdnURL == "" {
		cdnURL = base + "/cdn"
	}
	return URLs{
		SpaceURL: strings.ReplaceAll(strings.TrimRight(spaceURLTmpl, "/"), "{space}", spaceID),
		ImageURL: strings.ReplaceAll(strings.TrimRight(imageURL, "/"), "{space}", spaceID),
		CDNURL:   strings.ReplaceAll(strings.TrimRight(cdnURL, "/"), "{space}", spaceID),
		LiveURL:  base + "/live/" + spaceID,
	}
}

func (u URLs) video(videoID string, parts ...string) string {
	return u.SpaceURL + "/" + videoID + "/" + strings.Join(parts, "/")
}

// HLS is the master playlist.
func (u URLs) HLS(videoID string) string { return u.video(videoID, "playlist.m3u8") }

// DASH is the DASH manifest over the same CMAF segments.
func (u URLs) DASH(videoID string) string { return u.video(videoID, "manifest.mpd") }

// Rendition is the progressive MP4 of a rendition such as "h264_sd".
func (u URLs) Rendition(videoID, name string) string { return u.video(videoID, name+".mp4") }

// MediaPlaylist is the HLS media playlist of a rendition.
func (u URLs) MediaPlaylist(videoID, name string) string {
	return u.video(videoID, name, "playlist.m3u8")
}

// InitSegment is the CMAF header of a rendition.
func (u URLs) InitSegment(videoID, name string) string { return u.video(videoID, name, "init.mp4") }

// Segment is the n-th CMAF media segment of a rendition.
func (u URLs) Segment(videoID, name string, n int) string {
	return u.video(videoID, name, strconv.Itoa(n)+".m4s")
}

// AudioPlaylist is the HLS media playlist of an audio track.
func (u URLs) AudioPlaylist(videoID, track string) string {
	return u.video(videoID, "audio", track, "playlist.m3u8")
}

// SubtitlePlaylist is the HLS subtitle playlist of a language.
func (u URLs) SubtitlePlaylist(videoID, language string) string {
	return u.video(videoID, "subtitles", language+".m3u8")
}

// Subtitle is the WebVTT file of a language.
func (u URLs) Subtitle(videoID, language string) string {
	return u.video(videoID, "subtitles", language+".vtt")
}

// Transcript is the transcript JSON for <reel-text>.
func (u URLs) Transcript(videoID string) string { return u.video(videoID, "transcript.json") }

// Poster is the poster in ext "jpg" or "webp".
func (u URLs) Poster(videoID, ext string) string { return u.video(videoID, "poster."+ext) }

// Clip is the muted loop for <reel-clip>.
func (u URLs) Clip(videoID string) string { return u.video(videoID, "clip.mp4") }

// Audio is the audio-only file.
func (u URLs) Audio(videoID string) string { return u.video(videoID, "audio.m4a") }

// Storyboard is the thumbnail sprite; StoryboardVTT maps times to its tiles.
func (u URLs) Storyboard(videoID string) string    { return u.video(videoID, "storyboard.jpg") }
func (u URLs) StoryboardVTT(videoID string) string { return u.video(videoID, "storyboard.vtt") }

// Chapters is the WebVTT chapters file.
func (u URLs) Chapters(videoID string) string { return u.video(videoID, ChaptersVTTAsset) }

// ChaptersJSON is the chapters in Apple's JSON format for HLS, which the
// master playlist names in an EXT-X-SESSION-DATA tag.
func (u URLs) ChaptersJSON(videoID string) string { return u.video(videoID, ChaptersJSONAsset) }

// Original is the URL of the original upload, served while the video's
// original_access is on.
func (u URLs) Original(videoID string) string { return u.video(videoID, OriginalAsset) }

// OriginalAsset is the asset name of the original upload.
const OriginalAsset = "original"

// Frame is the image of the frame at time seconds, width pixels wide; a nil
// time means the poster time and width 0 the source width.
func (u URLs) Frame(embed, ext string, time *float64, width int) string {
	q := url.Values{}
	if time != nil {
		q.Set("time", strconv.FormatFloat(*time, 'f', -1, 64))
	}
	if width > 0 {
		q.Set("width", strconv.Itoa(width))
	}
	s := u.ImageURL + "/" + embed + "." + ext
	if len(q) > 0 {
		s += "?" + q.Encode()
	}
	return s
}

// FrameTemplate is the frame URL with {time} and {width} placeholders.
func (u URLs) FrameTemplate(embed string) string {
	return u.ImageURL + "/" + embed + ".jpg?time={time}&width={width}"
}

// Components is the ES module defining every <reel-*> element.
func (u URLs) Components() string { return u.CDNURL + "/reel.js" }

// Pinned appends the asset version to the URL of a published file, so that
// a re-publish gives it a new URL. The server caches a pinned media file (an
// MP4, a segment) as immutable; a pinned playlist stays short-lived. A master
// playlist (or MPD) asked for without a grant is the current version's
// whatever version its URL names; the other files of a replaced version are
// served from it while it is kept (replaced.go).
func Pinned(rawURL, version string) string { return withQuery(rawURL, "v", version) }

// withQuery appends key=value to the query of u, keeping the query it has;
// an empty u or value leaves u as it is.
func withQuery(u, key, value string) string {
	if u == "" || value == "" {
		return u
	}
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
	}
	return u + sep + key + "=" + url.QueryEscape(value)
}

// Decorate fills the URL fields of v (renditions, tracks, subtitles, urls).
func (u URLs) Decorate(v *Video) {
	for i := range v.Renditions {
		v.Renditions[i].URL = Pinned(u.Rendition(v.ID, v.Renditions[i].Name), v.AssetVersion)
	}
	for i := range v.AudioTracks {
		v.AudioTracks[i].URL = u.AudioPlaylist(v.ID, v.AudioTracks[i].ID)
	}
	for i := range v.Subtitles {
		v.Subtitles[i].URL = u.Subtitle(v.ID, v.Subtitles[i].Language)
	}
	urls := &VideoURLs{}
	if len(v.Renditions) > 0 || !v.Playable && v.State != StateErrored && v.State != StateReady {
		// Frames are cut from the video renditions: the template is
		// advertised before they exist and left out once the video is
		// known to have none (audio-only, errored), where it could only 404.
		urls.Frame = u.FrameTemplate(v.Embed)
	}
	if v.Playable {
		// The master and the MPD name their version too, though they are
		// not immutable: after a re-publish (the ladder replacing the early
		// remux, a revision) a fresh lookup gives a URL no cache holds, so a
		// player that lost the old version's files gets the new ones at
		// once instead of a cached master that lists what is gone.
		urls.HLS = Pinned(u.HLS(v.ID), v.AssetVersion)
		if v.Assets.DASH {
			urls.DASH = Pinned(u.DASH(v.ID), v.AssetVersion)
		}
		if v.OriginalAccess {
			urls.Original = u.Original(v.ID)
		}
		if v.Assets.Chapters && len(v.Chapters) > 0 {
			urls.Chapters = u.Chapters(v.ID)
		}
	}
	if v.State == StateProcessing && v.Source != nil && v.Source.LiveStream != "" && u.LiveURL != "" {
		// Live now: the session's low-latency playlists, on the ingest
		// process (a signed video's with the same token as its other URLs).
		urls.LowLatencyHLS = u.LiveURL + "/" + v.ID + "/master.m3u8"
	}
	if v.Assets.Poster {
		urls.Poster = u.Poster(v.ID, "jpg")
	}
	if v.Assets.Clip {
		urls.Clip = Pinned(u.Clip(v.ID), v.AssetVersion)
	}
	if v.Assets.Audio {
		urls.Audio = u.Audio(v.ID)
	}
	if v.Assets.Storyboard {
		urls.Storyboard = u.Storyboard(v.ID)
		urls.StoryboardVTT = u.StoryboardVTT(v.ID)
	}
	v.URLs = urls
}

// WithToken appends token=... to the query of u (keeping the query it has);
// an empty u or token leaves u unchanged. Template braces ({time}) survive.
func WithToken(u, token string) string { return withQuery(u, "token", token) }
