// Package transcode adapts the media package (FFmpeg through go-astiav) to
// the videohost.Pipeline port: Process turns a source into every asset of a
// video (the ladder, posters, storyboard, clip, audio file), Frame extracts
// a still for frame URLs, and the SubtitlePipeline methods convert and apply
// subtitles. It is the one place the service reaches FFmpeg, and the only
// videohost package that needs cgo.
//
// With Config.Command set, each Process call runs in a child process (the
// protocol is in child.go): one JSON request on the child's stdin, JSON
// event lines on its stdout (early playable sets, then the output or a
// typed error), so FFmpeg crashing on an upload fails one job instead of the
// server. The child's main calls RunChild (refserver's "media-process"),
// which also puts it under SCHED_BATCH (BatchScheduling, schedule_linux.go).
package transcode
