package webvtt

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

func parseTime(s string, strict bool) (time.Duration, error) {
	if strict {
		return parseStrictTime(s)
	}
	return parseLooseTime(s)
}

// parseLooseTime reads [hh:]mm:ss[(.|,)fff].
func parseLooseTime(s string) (time.Duration, error) {
	bad := func(kind TimeKind) (time.Duration, error) { return 0, &TimeError{Text: s, Kind: kind} }
	clock, fraction, hasFraction := strings.Cut(strings.ReplaceAll(s, ",", "."), ".")
	parts := strings.Split(clock, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return bad(TimeSyntax)
	}
	numbers := make([]int64, len(parts))
	for i, p := range parts {
		if p == "" || len(p) > 9 || !allDigits(p) {
			return bad(TimeSyntax)
		}
		numbers[i], _ = strconv.ParseInt(p, 10, 64)
	}
	var hours int64
	if len(numbers) == 3 {
		hours, numbers = numbers[0], numbers[1:]
	}
	minutes, seconds := numbers[0], numbers[1]
	if minutes > 59 || seconds > 59 {
		return bad(TimeRange)
	}
	var millis int64
	if hasFraction {
		if fraction == "" || len(fraction) > 3 || !allDigits(fraction) {
			return bad(TimeMillis)
		}
		millis, _ = strconv.ParseInt((fraction + "00")[:3], 10, 64)
	}
	if hours > 99999 {
		return bad(TimeHours)
	}
	return clockTime(hours, minutes, seconds, millis), nil
}

// parseStrictTime reads a WebVTT timestamp, [hh:]mm:ss.ttt, with 2 to 6
// digits of hours.
func parseStrictTime(s string) (time.Duration, error) {
	bad := func(kind TimeKind) (time.Duration, error) { return 0, &TimeError{Text: s, Kind: kind} }
	clock, frac, ok := strings.Cut(s, ".")
	if !ok || len(frac) != 3 || !allDigits(frac) {
		return bad(TimeSyntax)
	}
	parts := strings.Split(clock, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return bad(TimeSyntax)
	}
	var hours int64
	if len(parts) == 3 {
		if len(parts[0]) < 2 || len(parts[0]) > 6 || !allDigits(parts[0]) {
			return bad(TimeHours)
		}
		hours, _ = strconv.ParseInt(parts[0], 10, 64)
		parts = parts[1:]
	}
	for _, p := range parts {
		if len(p) != 2 || !allDigits(p) {
			return bad(TimeSyntax)
		}
	}
	minutes, _ := strconv.ParseInt(parts[0], 10, 64)
	seconds, _ := strconv.ParseInt(parts[1], 10, 64)
	if minutes > 59 || seconds > 59 {
		return bad(TimeRange)
	}
	millis, _ := strconv.ParseInt(frac, 10, 64)
	return clockTime(hours, minutes, seconds, millis), nil
}

func clockTime(hours, minutes, seconds, millis int64) time.Duration {
	return time.Duration(hours)*time.Hour + time.Duration(minutes)*time.Minute +
		time.Duration(seconds)*time.Second + time.Duration(millis)*time.Millisecond
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// FormatTime formats d as a WebVTT timestamp, hh:mm:ss.ttt, truncated to
// the millisecond; a negative d is 0.
func FormatTime(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	ms := d.Milliseconds()
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3_600_000, ms/60_000%60, ms/1000%60, ms%1000)
}
