package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reelvideo/reel/client"
)

// row is one line of a table.
type row []string

// table is a printable table: headers and rows.
type table struct {
	headers []string
	rows    []row
}

// print writes v as indented JSON, or as tbl when --format table asks for
// it and the command has a table view.
func (a *app) print(v any, tbl func() table) error {
	if a.global.format == "table" && tbl != nil {
		t := tbl()
		tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(t.headers, "\t"))
		for _, r := range t.rows {
			fmt.Fprintln(tw, strings.Join(r, "\t"))
		}
		return tw.Flush()
	}
	enc := json.NewEncoder(a.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func videosTable(vs []*client.Video) func() table {
	return func() table {
		t := table{headers: []string{"ID", "TITLE", "STATE", "PLAYABLE", "DURATION", "SIZE", "COLLECTION", "CREATED"}}
		for _, v := range vs {
			size := "-"
			if v.Source != nil && v.Source.Size > 0 {
				size = humanBytes(v.Source.Size)
			}
			state := string(v.State)
			if v.Archived {
				state += " (archived)"
			}
			t.rows = append(t.rows, row{v.ID, orDefault(truncate(v.Title, 40), "-"), state, yesNo(v.Playable),
				humanDuration(v.Duration), size, deref(v.Collection), humanTime(v.CreatedAt)})
		}
		return t
	}
}

func collectionsTable(cs []*client.Collection) func() table {
	return func() table {
		t := table{headers: []string{"ID", "NAME", "PARENT", "CREATED"}}
		for _, c := range cs {
			t.rows = append(t.rows, row{c.ID, truncate(c.Name, 50), deref(c.Parent), humanTime(c.CreatedAt)})
		}
		return t
	}
}

func deref(s *string) string {
	if s == nil || *s == "" {
		return "-"
	}
	return *s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// humanDuration writes seconds as 1:02:03 or 2:03; 0 as "-".
func humanDuration(secs float64) string {
	if secs <= 0 {
		return "-"
	}
	d := int(secs + 0.5)
	h, m, s := d/3600, d/60%60, d%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// humanBytes writes a size with binary units: 512 B, 1.5 MiB, 20 GiB.
func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 5; m /= unit {
		div *= unit
		exp++
	}
	// Whole numbers without ".0": limits are round, "20 GiB" reads better.
	v := strconv.FormatFloat(float64(n)/float64(div), 'f', 1, 64)
	return strings.TrimSuffix(v, ".0") + " " + string("KMGTPE"[exp]) + "iB"
}

func humanTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}
