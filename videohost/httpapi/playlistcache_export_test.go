package httpapi

// PlaylistCacheBytes is what the playlist cache holds, as its budget
// counts it.
func (h *Handler) PlaylistCacheBytes() int64 { return h.playlists.bytes() }
