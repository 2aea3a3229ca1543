package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost/httpapi"
)

// TestOpenAPICoversRouter fails when the router serves a method and path the
// document does not describe, or the document describes one the router lacks.
func TestOpenAPICoversRouter(t *testing.T) {
	e := newEnv(t)
	r := e.req("GET", "/v1/openapi.json", "", nil)
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	must(t, r, http.StatusOK, &doc)
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q", doc.OpenAPI)
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths {
		for method := range item {
			if method == "parameters" || method == "summary" || method == "description" {
				continue
			}
			documented[strings.ToUpper(method)+" "+path] = true
		}
	}
	served := map[string]bool{}
	for _, rt := range e.h.Routes() {
		served[rt.Method+" "+rt.Path] = true
	}
	for _, s := range sortedKeys(served) {
		if !documented[s] {
			t.Errorf("route %s is not in the OpenAPI document", s)
		}
	}
	for _, d := range sortedKeys(documented) {
		if !served[d] {
			t.Errorf("the OpenAPI document lists %s, which the router does not serve", d)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestOpenAPIGolden keeps a reviewed copy of the document; refresh it with
// go test ./videohost/httpapi -run TestOpenAPIGolden -update.
func TestOpenAPIGolden(t *testing.T) {
	got := httpapi.OpenAPI()
	golden := filepath.Join("testdata", "openapi.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("reading golden file (run with -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("OpenAPI document differs from %s; run with -update and review the diff", golden)
	}
	if !json.Valid(got) {
		t.Fatal("document is not JSON")
	}
	// Every $ref points at a defined component.
	var doc map[string]any
	json.Unmarshal(got, &doc)
	comps := doc["components"].(map[string]any)
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if r, ok := v["$ref"].(string); ok {
				parts := strings.Split(strings.TrimPrefix(r, "#/components/"), "/")
				if len(parts) != 2 || comps[parts[0]] == nil || comps[parts[0]].(map[string]any)[parts[1]] == nil {
					t.Errorf("dangling $ref %s", r)
				}
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
}
