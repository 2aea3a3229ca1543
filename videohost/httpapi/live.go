package httpapi

import (
	"net/http"
	"strings"

	"github.com/reelvideo/reel/videohost"
)

// lowLatencyPrefix is where a live video's low-latency HLS is served, by
// the process its session runs on.
const lowLatencyPrefix = "/live/"

// serveLowLatency serves GET {base_url}/live/{space}/{id}/… from the
// video's live session on this process (Config.LowLatency): the packager's
// multivariant playlist (master.m3u8), its media playlists with blocking
// reloads and delta updates, parts and segments. A signed video's
// low-latency playlists are not offered: the packager's URIs carry no
// grant, so a signed live video plays its standard HLS (urls.hls), which
// the delivery signs as any video's.
func (h *Handler) serveLowLatency(w http.ResponseWriter, r *http.Request) {
	if !h.readOnlyMethod(w, r) {
		return
	}
	h.setCORS(w)
	notFound := func(msg string) { h.writeError(w, r, videohost.Errorf(videohost.ENotFound, "%s", msg)) }
	if h.cfg.LowLatency == nil || hasEncodedSlash(r) {
		notFound("no live ingest runs on this process")
		return
	}
	space, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, lowLatencyPrefix), "/")
	videoID, file, _ := strings.Cut(rest, "/")
	if !videohost.ValidID(space, videohost.SpaceIDLen) || !videohost.ValidID(videoID, videohost.VideoIDLen) || file == "" {
		notFound("no such live file")
		return
	}
	v, err := h.svc.VideoByID(r.Context(), videoID)
	if err == nil && v.Space != space {
		err = videohost.Errorf(videohost.ENotFound, "no such video")
	}
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	if v.PlaybackPolicy == videohost.PlaybackSigned {
		h.writeError(w, r, videohost.Errorf(videohost.EForbidden,
			"low-latency HLS plays public videos; a signed live video plays its standard HLS (urls.hls) with a token"))
		return
	}
	session, ok := h.cfg.LowLatency(videoID)
	if !ok {
		notFound("this video has no live session on this process")
		return
	}
	http.StripPrefix(lowLatencyPrefix+space+"/"+videoID, session).ServeHTTP(w, r)
}
