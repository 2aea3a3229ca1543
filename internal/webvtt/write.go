package webvtt

import (
	"fmt"
	"io"
	"strings"
)

// Write writes cues as a WebVTT file that Parse and ParseStrict read back
// with the same times: whatever a cue's text holds, it cannot end its cue
// early or start another.
func Write(w io.Writer, cues []Cue) error {
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	for _, cue := range cues {
		b.WriteString("\n")
		// CR, LF and CRLF all end a WebVTT line: an identifier holding one
		// would end the cue's first line early, and text split on "\n"
		// alone could keep a blank line (which ends the cue) in "\r\r".
		if id := strings.TrimSpace(cue.ID); id != "" && !strings.Contains(id, "-->") && !strings.ContainsAny(id, "\r\n") {
			b.WriteString(id + "\n")
		}
		b.WriteString(FormatTime(cue.Start) + " --> " + FormatTime(cue.End))
		if settings := strings.Join(strings.Fields(cue.Settings), " "); settings != "" {
			b.WriteString(" " + settings)
		}
		b.WriteString("\n")
		for line := range strings.SplitSeq(lineBreaks.Replace(cue.Text), "\n") {
			line = strings.TrimSpace(line)
			if line == "" {
				continue // a blank line would end the cue
			}
			// "-->" in a payload would read as a timing line.
			b.WriteString(strings.ReplaceAll(line, "-->", "--&gt;") + "\n")
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write webvtt: %w", err)
	}
	return nil
}
