package media

import "github.com/asticode/go-astiav"

// LogLevel is how much FFmpeg itself writes to stderr.
type LogLevel string

const (
	LogQuiet   LogLevel = "quiet"
	LogError   LogLevel = "error"
	LogWarning LogLevel = "warning"
	LogInfo    LogLevel = "info"
)

// SetFFmpegLogLevel sets FFmpeg's own log level. FFmpeg keeps it in one
// process-wide variable, so this is a setting of the process, not of a
// pipeline: call it once at start-up. Reel's errors never depend on these
// logs; they come back as typed errors.
func SetFFmpegLogLevel(l LogLevel) {
	switch l {
	case LogQuiet:
		astiav.SetLogLevel(astiav.LogLevelQuiet)
	case LogWarning:
		astiav.SetLogLevel(astiav.LogLevelWarning)
	case LogInfo:
		astiav.SetLogLevel(astiav.LogLevelInfo)
	default:
		astiav.SetLogLevel(astiav.LogLevelError)
	}
}
