package videohost

import "github.com/reelvideo/reel/internal/usertext"

// MaxLabelBytes bounds a track label (an added audio track's, a subtitle
// track's).
const MaxLabelBytes = 100

// CheckLabel checks a track label from the API with usertext.Line (quoted: it
// goes into the HLS master's NAME="…") and returns it normalised; "" stays
// "" (the caller picks a default).
func CheckLabel(label string) (string, error) {
	if label == "" {
		return "", nil
	}
	if len(label) > MaxLabelBytes {
		return "", Invalid("label", "must be at most %d bytes", MaxLabelBytes)
	}
	line, problem := usertext.Line(label, MaxLabelBytes, true)
	if problem != "" {
		return "", Invalid("label", "%s", problem)
	}
	return line, nil
}
