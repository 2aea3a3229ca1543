package media

import (
	"os"

	"github.com/asticode/go-astiav"
)

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
//
// SVT-AV1 logs on its own (every encoder's settings, a dozen lines, at
// info level), from the SVT_LOG environment variable it reads once: this
// sets it to match (warnings and errors below LogInfo) unless it is set
// already.
func SetFFmpegLogLevel(l LogLevel) {
	if _, ok := os.LookupEnv("SVT_LOG"); !ok {
		level := "2" // SVT_LOG_WARN
		switch l {
		case LogQuiet:
			level = "0" // SVT_LOG_FATAL
		case LogInfo:
			level = "3" // SVT_LOG_INFO
		}
		_ = os.Setenv("SVT_LOG", level)
	}
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
