package media_test

import "flag"

var update = flag.Bool("update", false, "rewrite golden files")
