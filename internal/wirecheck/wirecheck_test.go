package wirecheck

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

const doc = `{"components": {"schemas": {
  "Thing": {"type": "object", "required": ["id", "parts", "at"], "properties": {
    "id": {"type": "string"},
    "parts": {"type": "array", "items": {"$ref": "#/components/schemas/Part"}},
    "owner": {"oneOf": [{"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}, {"type": "null"}]},
    "at": {"type": "string", "format": "date-time"},
    "raw": {"type": "object"}
  }},
  "Part": {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}
}}}`

type base struct {
	ID string `json:"id"`
}

type part struct {
	N int `json:"n"`
}

type owner struct {
	Name string `json:"name"`
}

type thing struct {
	*base
	Parts  []part          `json:"parts"`
	Owner  *owner          `json:"owner,omitempty"`
	At     time.Time       `json:"at"`
	Raw    json.RawMessage `json:"raw,omitempty"`
	Hidden string          `json:"-"`
	secret string
}

type drifted struct {
	ID    string `json:"id"`
	Parts []struct {
		N     int `json:"n"`
		Extra int `json:"extra"`
	} `json:"parts"`
	Owner *struct{} `json:"owner"`
	At    time.Time `json:"at,omitempty"`
	Raw   []byte    `json:"raw"`
	Added string    `json:"added"`
}

func TestCompare(t *testing.T) {
	d, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Schemas(); !slices.Equal(got, []string{"Part", "Thing"}) {
		t.Fatalf("schemas %v", got)
	}
	if m := d.Compare("Thing", thing{}, Options{Required: true}); len(m) != 0 {
		t.Errorf("a matching type: %q", m)
	}
	want := []string{
		`Thing.added: drifted.Added (json "added") is not in the document`,
		`Thing.at: required in the document, but drifted.At is omitempty`,
		`Thing.owner.name: in the document, but struct {} has no field with json name "name"`,
		`Thing.owner: always written by drifted.Owner (no omitempty), but not required in the document`,
		`Thing.parts[].extra: .Extra (json "extra") is not in the document`,
		`Thing.raw: always written by drifted.Raw (no omitempty), but not required in the document`,
	}
	got := d.Compare("Thing", &drifted{}, Options{Required: true})
	if !slices.Equal(got, want) {
		t.Errorf("drifted type:\n got %q\nwant %q", got, want)
	}
	got = d.Compare("Thing", &drifted{}, Options{Ignore: []string{"Thing.added", "Thing.parts[].extra", "Thing.owner"}, Optional: []string{"Thing.raw"}})
	if len(got) != 0 {
		t.Errorf("ignored and optional: %q", got)
	}
	if got := d.Compare("Nope", thing{}, Options{}); len(got) != 1 {
		t.Errorf("a missing schema: %q", got)
	}
}
