package sqlstore_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// The golden values below are the byte contract of refserver copy: a
// change that breaks one breaks every copy between builds, and every
// database written before it.

func TestSessionBytes(t *testing.T) {
	for _, tt := range []struct {
		name string
		s    analytics.PlaybackSession
		want string
	}{
		{"new", analytics.PlaybackSession{Cursor: -1, StartupMS: -1, Contributed: analytics.SessionContribution{StartupBucket: -1}},
			`{"c":-1,"s":-1,"cb":-1,"ct":[0,0]}`},
		{"every field", analytics.PlaybackSession{
			Watched: []analytics.Interval{{From: 0, To: 4.5}, {From: 10, To: 12}}, Cursor: 12, Played: true, Ended: true,
			Errored: true, StartupMS: 250.5, RebufferMS: 40,
			Contributed: analytics.SessionContribution{Sessions: 1, Views: 1, Completed: 1, Failed: 1, WatchMS: 6500,
				RebufferMS: 40, StartupBucket: 3, Retention: [2]uint64{7, 1 << 63}},
		}, `{"w":[[0,4.5],[10,12]],"c":12,"p":true,"e":true,"x":true,"s":250.5,"r":40,` +
			`"cs":1,"cv":1,"cc":1,"cf":1,"cw":6500,"cr":40,"cb":3,"ct":[7,9223372036854775808]}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := sqlstore.EncodeSession(&tt.s)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("EncodeSession = %s, want %s", got, tt.want)
			}
			// Decoding sets only the encoded fields, over whatever was there.
			back := analytics.PlaybackSession{VideoID: "v", Watched: []analytics.Interval{{From: 1, To: 2}}}
			if err := sqlstore.DecodeSession(tt.want, &back); err != nil {
				t.Fatal(err)
			}
			want := tt.s
			want.VideoID = "v"
			if want.Watched == nil {
				want.Watched = []analytics.Interval{}
			}
			if !reflect.DeepEqual(back, want) {
				t.Errorf("DecodeSession = %+v, want %+v", back, want)
			}
		})
	}
}

func TestDecodeSessionRefusesGarbage(t *testing.T) {
	var s analytics.PlaybackSession
	if err := sqlstore.DecodeSession("{", &s); err == nil {
		t.Error("decoded")
	}
}

func TestCounterBytes(t *testing.T) {
	got := sqlstore.EncodeCounters([]int64{1, -1, 1 << 40})
	want := []byte{1, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 1, 0, 0}
	if !bytes.Equal(got, want) {
		t.Errorf("EncodeCounters = %v, want %v", got, want)
	}
	for _, tt := range []struct {
		name string
		blob []byte
		want []int64
	}{
		{"same layout", want, []int64{11, 9, 10 + 1<<40}},
		{"shorter, older layout", want[:16], []int64{11, 9, 10}},
		{"a partial counter is ignored", want[:20], []int64{11, 9, 10}},
		{"longer, newer layout", append(slices.Clone(want), 5, 0, 0, 0, 0, 0, 0, 0), []int64{11, 9, 10 + 1<<40}},
		{"NULL", nil, []int64{10, 10, 10}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := []int64{10, 10, 10}
			sqlstore.AddCounters(c, tt.blob)
			if !slices.Equal(c, tt.want) {
				t.Errorf("AddCounters = %v, want %v", c, tt.want)
			}
		})
	}
}

func TestVideoJSON(t *testing.T) {
	poster := 1.5
	v := &videohost.Video{ID: "vid", Metadata: map[string]string{"k": "v"},
		Renditions: []videohost.Rendition{}, PosterTime: &poster}
	enc, err := sqlstore.EncodeVideoJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	for col, want := range map[string]any{
		"metadata":   `{"k":"v"}`,
		"renditions": `[]`, // empty, not nil: kept apart from NULL
		"source":     nil,
		"error":      nil,
		"chapters":   nil,
	} {
		if enc[col] != want {
			t.Errorf("%s = %#v, want %#v", col, enc[col], want)
		}
	}
	if len(enc) != 10 {
		t.Errorf("%d JSON columns, want 10: %v", len(enc), enc)
	}

	var back videohost.Video
	back.ID = "vid"
	j := sqlstore.VideoJSON{Metadata: []byte(`{"k":"v"}`), Renditions: []byte(`[]`)}
	if err := j.Decode(&back); err != nil {
		t.Fatal(err)
	}
	if back.Metadata["k"] != "v" || back.Renditions == nil || back.Source != nil {
		t.Errorf("Decode = %+v", back)
	}
	j = sqlstore.VideoJSON{Chapters: []byte(`{`)}
	if err := j.Decode(&back); err == nil || !strings.Contains(err.Error(), "chapters of video vid") {
		t.Errorf("Decode of bad chapters: %v", err)
	}
}

func TestVideoRowRoundTrip(t *testing.T) {
	ready := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	v := &videohost.Video{ID: "vid", Embed: "emb", Space: "spc", Title: "t", State: videohost.State("ready"),
		PlaybackPolicy: videohost.PlaybackPolicy("public"), Metadata: map[string]string{"a": "b"}, QuotaBytes: 9}
	own := sqlstore.VideoOwn{Collection: "c", PosterTime: nil, CreatedAt: int64(1), UpdatedAt: int64(2), ReadyAt: ready}
	values, err := sqlstore.VideoValues(v, own)
	if err != nil {
		t.Fatal(err)
	}
	columns := strings.Split(sqlstore.VideoColumns, ",")
	if len(values) != len(columns) {
		t.Fatalf("%d values for %d columns", len(values), len(columns))
	}
	// Scan the values back as a driver would: each into its destination.
	var r sqlstore.VideoRow
	var collection, posterTime, created, updated, readyAt any
	dest := r.Dest(sqlstore.VideoOwn{Collection: &collection, PosterTime: &posterTime, CreatedAt: &created,
		UpdatedAt: &updated, ReadyAt: &readyAt})
	if len(dest) != len(columns) {
		t.Fatalf("%d destinations for %d columns", len(dest), len(columns))
	}
	for i, d := range dest {
		dv := reflect.ValueOf(d).Elem()
		switch x := values[i].(type) {
		case nil:
		case string:
			if dv.Kind() == reflect.Slice {
				dv.SetBytes([]byte(x))
				continue
			}
			dv.Set(reflect.ValueOf(x).Convert(dv.Type()))
		default:
			dv.Set(reflect.ValueOf(x))
		}
	}
	got, err := r.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if collection != "c" || created != int64(1) || updated != int64(2) || readyAt != ready {
		t.Errorf("own columns scanned as %v %v %v %v", collection, created, updated, readyAt)
	}
	if !reflect.DeepEqual(got, v) {
		t.Errorf("row read back as %+v, want %+v", got, v)
	}
}

func TestMigrationsInFileNameOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"m/0002_b.sql": {Data: []byte("B")},
		"m/0001_a.sql": {Data: []byte("A")},
		"m/README":     {Data: []byte("not a migration")},
	}
	got, err := sqlstore.Migrations(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	want := []sqlstore.Migration{{Version: "0001_a", SQL: "A"}, {Version: "0002_b", SQL: "B"}}
	if !slices.Equal(got, want) {
		t.Errorf("Migrations = %v, want %v", got, want)
	}
}

// TestStoresShareMigrationNumbers holds both stores to one numbering: the
// same file names, so the same number names the same change in both.
func TestStoresShareMigrationNumbers(t *testing.T) {
	names := func(store string) []string {
		t.Helper()
		files, err := filepath.Glob(filepath.Join("..", store, "migrations", "*.sql"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no migrations in %s: %v", store, err)
		}
		for i, f := range files {
			files[i] = filepath.Base(f)
		}
		slices.Sort(files)
		return files
	}
	sqlite, postgres := names("sqlite"), names("postgres")
	if !slices.Equal(sqlite, postgres) {
		t.Errorf("the stores' migrations differ:\n  sqlite   %v\n  postgres %v", sqlite, postgres)
	}
	for i, name := range sqlite {
		if want := fmt.Sprintf("%04d_", i+1); !strings.HasPrefix(name, want) {
			t.Errorf("migration %s: want number %s (one number a file, none skipped)", name, want)
		}
	}
}
