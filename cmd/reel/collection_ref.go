package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/reelvideo/reel/client"
)

// collectionFlagUsage describes every flag that names a collection.
const collectionFlagUsage = "the collection's `ID`, name, or path of names such as Talks/2026"

// resolveCollection turns the value of a collection flag into a collection
// id. The value is an id, a name, or a path of names separated by "/"
// (a leading "/" anchors it at the top level); a path matches a collection
// whose name and whose ancestors' names end with its parts. An id that
// exists wins over a name, so that ids stay unambiguous.
func resolveCollection(ctx context.Context, c *client.Client, flagName, ref string) (string, error) {
	if ref == "" {
		return "", nil
	}
	if !strings.Contains(ref, "/") {
		col, err := c.Collection(ctx, ref)
		if err == nil {
			return col.ID, nil
		}
		if !notAnID(err) {
			return "", fmt.Errorf("looking up collection %q: %w", ref, err)
		}
	}
	var all []*client.Collection
	for col, err := range c.CollectionsIter(ctx, client.ListCollectionsParams{}) {
		if err != nil {
			return "", fmt.Errorf("listing collections: %w", err)
		}
		all = append(all, col)
	}
	return matchCollection(all, flagName, ref)
}

// notAnID reports whether the API's answer to a lookup means that no
// collection has that id (rather than that the lookup failed).
func notAnID(err error) bool {
	var e *client.Error
	return client.IsNotFound(err) || (errors.As(err, &e) && e.Status == http.StatusBadRequest)
}

// matchCollection finds ref among all collections of the space.
func matchCollection(all []*client.Collection, flagName, ref string) (string, error) {
	byID := make(map[string]*client.Collection, len(all))
	for _, col := range all {
		byID[col.ID] = col
	}
	if col, ok := byID[ref]; ok {
		return col.ID, nil
	}
	// path gives the names from the top down to col.
	path := func(col *client.Collection) []string {
		var names []string
		for seen := 0; col != nil && seen <= len(all); seen++ {
			names = append([]string{col.Name}, names...)
			if col.Parent == nil {
				break
			}
			col = byID[*col.Parent]
		}
		return names
	}
	anchored := strings.HasPrefix(ref, "/")
	parts := strings.Split(strings.Trim(ref, "/"), "/")
	var matches []*client.Collection
	for _, col := range all {
		names := path(col)
		if len(names) < len(parts) || (anchored && len(names) != len(parts)) {
			continue
		}
		// A name may itself hold a "/": the whole value as one name matches
		// too.
		if slices.Equal(names[len(names)-len(parts):], parts) || col.Name == ref {
			matches = append(matches, col)
		}
	}
	switch len(matches) {
	case 1:
		return matches[0].ID, nil
	case 0:
		names := make([]string, 0, len(all))
		for _, col := range all {
			names = append(names, col.Name)
		}
		if s := nearest(parts[len(parts)-1], names); s != "" {
			return "", usageErrorf("%s %q: no collection has this id, name or path; did you mean %q?", flagName, ref, s)
		}
		return "", usageErrorf("%s %q: no collection has this id, name or path (see reel collections list)", flagName, ref)
	}
	described := make([]string, 0, len(matches))
	for _, col := range matches {
		described = append(described, fmt.Sprintf("%s (%s)", col.ID, strings.Join(path(col), "/")))
	}
	sort.Strings(described)
	return "", usageErrorf("%s %q is ambiguous: %s; give the id, or a longer path", flagName, ref, strings.Join(described, ", "))
}
