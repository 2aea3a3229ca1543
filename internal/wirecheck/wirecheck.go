// Package wirecheck compares Go types with the schemas of the OpenAPI
// document (videohost/httpapi/testdata/openapi.json, the golden copy of
// /v1/openapi.json), so that a field added to the API in one place and not
// in the others fails a test: the domain types (videohost, httpapi) and the
// Go client's types are each checked against the document, and the
// TypeScript types are generated from it (components/src/api-types.ts).
//
// A struct is compared with a schema as encoding/json sees it: its exported
// fields under their json names, "-" left out, untagged embedded structs
// flattened. Each property of the schema must be a field and each field a
// property; the comparison goes down into properties, array items, $refs and
// the non-null branch of a oneOf, so a nested type (a Video's Source, a
// Stats series point) is checked where it is used. Maps, json.RawMessage and
// time.Time are leaves.
package wirecheck

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"
)

// Doc is a parsed OpenAPI document.
type Doc struct {
	schemas map[string]any
}

// Parse reads an OpenAPI document.
func Parse(b []byte) (*Doc, error) {
	var doc struct {
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	if len(doc.Components.Schemas) == 0 {
		return nil, fmt.Errorf("wirecheck: the document has no components.schemas")
	}
	return &Doc{schemas: doc.Components.Schemas}, nil
}

// Schemas lists the names of the document's component schemas, sorted.
func (d *Doc) Schemas() []string {
	var out []string
	for k := range d.schemas {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Options tune a comparison.
type Options struct {
	// Ignore names the properties or fields left out of the comparison, as
	// "Schema.property" or "Schema.property.nested" paths, the way the
	// mismatches name them (a Go-only field that is never sent, say).
	Ignore []string
	// Required also checks that the schema's required list is exactly the
	// fields encoding/json always writes (those without omitempty). It fits
	// the types that are marshalled (the server's), not a client's input
	// types, whose omitempty only says what is sent when unset.
	Required bool
	// Optional names the properties (paths as in Ignore) the document
	// rightly leaves optional though the Go type always writes them: a
	// schema shared by answers of which only some carry the property.
	Optional []string
}

// Compare checks the Go type of v (a value or a nil pointer of it) against
// the component schema name; it returns the mismatches, one sentence each,
// sorted.
func (d *Doc) Compare(name string, v any, opt Options) []string {
	s, ok := d.schemas[name].(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("%s: no such schema in the document", name)}
	}
	c := &comparer{doc: d, opt: opt, seen: map[seenKey]bool{}}
	c.compare(name, s, reflect.TypeOf(v))
	sort.Strings(c.out)
	return c.out
}

type seenKey struct {
	ref string
	t   reflect.Type
}

type comparer struct {
	doc  *Doc
	opt  Options
	seen map[seenKey]bool
	out  []string
}

func (c *comparer) errorf(format string, args ...any) {
	c.out = append(c.out, fmt.Sprintf(format, args...))
}

var (
	timeType = reflect.TypeOf(time.Time{})
	rawType  = reflect.TypeOf(json.RawMessage(nil))
)

// resolve follows $ref and picks the one non-null branch of a oneOf or
// anyOf; it returns nil for a schema that is only null.
func (c *comparer) resolve(path string, s map[string]any, t reflect.Type) map[string]any {
	for range 10 {
		if r, ok := s["$ref"].(string); ok {
			name := strings.TrimPrefix(r, "#/components/schemas/")
			next, ok := c.doc.schemas[name].(map[string]any)
			if !ok {
				c.errorf("%s: $ref %s is not a schema of the document", path, r)
				return nil
			}
			k := seenKey{name, t}
			if c.seen[k] {
				return nil // compared already (or being compared: a cycle)
			}
			c.seen[k] = true
			s = next
			continue
		}
		var branches []any
		if b, ok := s["oneOf"].([]any); ok {
			branches = b
		} else if b, ok := s["anyOf"].([]any); ok {
			branches = b
		}
		if branches == nil {
			return s
		}
		var nonNull []map[string]any
		for _, b := range branches {
			if m, ok := b.(map[string]any); ok && m["type"] != "null" {
				nonNull = append(nonNull, m)
			}
		}
		if len(nonNull) != 1 {
			return nil // a real union: not compared field by field
		}
		s = nonNull[0]
	}
	return s
}

func hasType(s map[string]any, want string) bool {
	switch t := s["type"].(type) {
	case string:
		return t == want
	case []any:
		for _, x := range t {
			if x == want {
				return true
			}
		}
	}
	return false
}

func (c *comparer) compare(path string, s map[string]any, t reflect.Type) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s = c.resolve(path, s, t)
	if s == nil || t == timeType || t == rawType {
		return
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if items, ok := s["items"].(map[string]any); ok && hasType(s, "array") {
			c.compare(path+"[]", items, t.Elem())
		}
	case reflect.Struct:
		props, ok := s["properties"].(map[string]any)
		if !ok {
			c.errorf("%s: the document has no properties for Go type %s", path, t)
			return
		}
		c.compareStruct(path, s, props, t)
	}
}

type field struct {
	name      string // the Go field, for messages
	t         reflect.Type
	omitempty bool
}

// jsonFields lists the fields encoding/json writes for t, by json name.
func jsonFields(t reflect.Type, out map[string]field) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, hasTag := f.Tag.Lookup("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				jsonFields(ft, out)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if !hasTag || name == "" {
			name = f.Name
		}
		if _, dup := out[name]; dup {
			continue // the shallower field wins, as in encoding/json
		}
		out[name] = field{name: t.Name() + "." + f.Name, t: f.Type, omitempty: slices.Contains(strings.Split(opts, ","), "omitempty")}
	}
}

func (c *comparer) ignored(path string) bool {
	return slices.Contains(c.opt.Ignore, path)
}

func (c *comparer) compareStruct(path string, s, props map[string]any, t reflect.Type) {
	fields := map[string]field{}
	jsonFields(t, fields)
	required := map[string]bool{}
	if r, ok := s["required"].([]any); ok {
		for _, x := range r {
			if n, ok := x.(string); ok {
				required[n] = true
			}
		}
	}
	for name, p := range props {
		sub := path + "." + name
		if c.ignored(sub) {
			continue
		}
		f, ok := fields[name]
		if !ok {
			c.errorf("%s: in the document, but %s has no field with json name %q", sub, t, name)
			continue
		}
		if c.opt.Required {
			switch {
			case required[name] && f.omitempty:
				c.errorf("%s: required in the document, but %s is omitempty", sub, f.name)
			case !required[name] && !f.omitempty && !slices.Contains(c.opt.Optional, sub):
				c.errorf("%s: always written by %s (no omitempty), but not required in the document", sub, f.name)
			}
		}
		if ps, ok := p.(map[string]any); ok {
			c.compare(sub, ps, f.t)
		}
	}
	for name, f := range fields {
		sub := path + "." + name
		if c.ignored(sub) {
			continue
		}
		if _, ok := props[name]; !ok {
			c.errorf("%s: %s (json %q) is not in the document", sub, f.name, name)
		}
	}
}
