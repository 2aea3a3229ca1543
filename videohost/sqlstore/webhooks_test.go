package sqlstore_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// fakeRows serves rows of values, as a driver's result set would.
type fakeRows struct {
	rows [][]any
	err  error
	at   int
}

func (r *fakeRows) Next() bool { r.at++; return r.at <= len(r.rows) }
func (r *fakeRows) Err() error { return r.err }
func (r *fakeRows) Scan(dest ...any) error {
	row := r.rows[r.at-1]
	if len(row) != len(dest) {
		return fmt.Errorf("%d values for %d destinations", len(row), len(dest))
	}
	for i, d := range dest {
		reflect.ValueOf(d).Elem().Set(reflect.ValueOf(row[i]))
	}
	return nil
}

func TestFanOut(t *testing.T) {
	created, ready := videohost.EventType("video.created"), videohost.EventType("video.ready")
	events := []*videohost.Event{
		{Seq: 5, Space: "a", Type: created},
		{Seq: 6, Space: "b", Type: ready},
		{Seq: 7, Space: "a", Type: ready},
	}
	targets := map[string][]sqlstore.FanOutTarget{
		"a": {{ID: "all", Events: []videohost.EventType{created, ready}}, {ID: "late", Events: []videohost.EventType{created, ready}, AfterSeq: 6}},
		"b": {{ID: "created only", Events: []videohost.EventType{created}}},
	}
	var got []string
	cursor, err := sqlstore.FanOut(events, targets, 4, func(ev *videohost.Event, endpoint string) error {
		got = append(got, fmt.Sprint(ev.Seq, " ", endpoint))
		return nil
	})
	if err != nil || cursor != 7 {
		t.Fatalf("FanOut = %d, %v; want 7", cursor, err)
	}
	if want := []string{"5 all", "7 all", "7 late"}; !slices.Equal(got, want) {
		t.Errorf("deliveries %q, want %q", got, want)
	}

	boom := errors.New("boom")
	cursor, err = sqlstore.FanOut(events, targets, 4, func(*videohost.Event, string) error { return boom })
	if !errors.Is(err, boom) || cursor != 4 {
		t.Errorf("failing FanOut = %d, %v; want 4, boom", cursor, err)
	}
}

func TestFanOutTargets(t *testing.T) {
	for _, tt := range []struct {
		name    string
		rows    *fakeRows
		want    map[string][]sqlstore.FanOutTarget
		wantErr string
	}{
		{"by space, in order", &fakeRows{rows: [][]any{
			{"w1", "a", []byte(`["video.ready"]`), int64(3)},
			{"w2", "b", []byte(`[]`), int64(0)},
			{"w3", "a", []byte(`["video.created"]`), int64(9)},
		}}, map[string][]sqlstore.FanOutTarget{
			"a": {{ID: "w1", Events: []videohost.EventType{"video.ready"}, AfterSeq: 3},
				{ID: "w3", Events: []videohost.EventType{"video.created"}, AfterSeq: 9}},
			"b": {{ID: "w2", Events: []videohost.EventType{}}},
		}, ""},
		{"bad events", &fakeRows{rows: [][]any{{"w1", "a", []byte(`{`), int64(0)}}}, nil, "decoding events of webhook w1"},
		{"read error", &fakeRows{err: errors.New("gone")}, nil, "reading webhook endpoints: gone"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := sqlstore.FanOutTargets(tt.rows)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FanOutTargets = %+v, want %+v", got, tt.want)
			}
		})
	}
}
