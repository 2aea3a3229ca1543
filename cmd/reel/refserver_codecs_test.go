package main_test

import (
	"strings"
	"testing"
)

// TestRefserverCodecs sets a codec policy on the space, a collection and a
// video with the CLI (CODEC=RULE and --json), reads it back resolved, and
// sees refused rules exit 1 with invalid_codec_policy.
func TestRefserverCodecs(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)
	var col struct{ ID string }
	e.ok("collections", "create", "--name", "Talks").json(t, &col)

	type view struct {
		Scope, ID                  string
		Rules, Inherited, Resolved map[string]string
	}
	var v view
	e.ok("codecs", "set", "h264=all", "av1=>=720p after 100 views").json(t, &v)
	if v.Scope != "space" || v.Rules["av1"] != ">=720p after 100 views" || v.Resolved["hevc"] != "none" {
		t.Fatalf("codecs set on the space: %+v", v)
	}
	v = view{}
	e.ok("codecs", "set", "--collection", "Talks", "--json", `{"hevc": "all", "av1": null}`).json(t, &v)
	if v.Scope != "collection" || v.ID != col.ID || v.Resolved["hevc"] != "all" || v.Resolved["av1"] != ">=720p after 100 views" {
		t.Fatalf("codecs set on a collection: %+v", v)
	}
	v = view{}
	e.ok("codecs", "set", "--collection", col.ID, "hevc=").json(t, &v)
	if len(v.Rules) != 0 || v.Resolved["hevc"] != "none" {
		t.Fatalf("unset: %+v", v)
	}
	if table := e.ok("codecs", "get", "--format", "table").stdout; !strings.Contains(table, "after 100 views") || !strings.Contains(table, "space") {
		t.Errorf("codecs table:\n%s", table)
	}
	if res := e.run("", "codecs", "set", "av1=most"); res.code != 1 || !strings.Contains(res.stderr, "invalid_codec_policy") {
		t.Errorf("a refused rule: exit %d (%s)", res.code, res.stderr)
	}
	if res := e.run("", "codecs", "set", "av1"); res.code != 2 {
		t.Errorf("no =: exit %d, want 2", res.code)
	}
	if res := e.run("", "codecs", "set"); res.code != 2 {
		t.Errorf("nothing to set: exit %d, want 2", res.code)
	}
}
