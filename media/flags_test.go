package media_test

import "flag"

// update rewrites the golden files under testdata/ instead of comparing
// with them: go test ./media/ -run 'Golden|Subtitle' -update.
var update = flag.Bool("update", false, "rewrite golden files under testdata/")
