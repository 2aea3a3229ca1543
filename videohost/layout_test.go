package videohost_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// moduleRoot is the repository root, two levels above this package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s", root)
	}
	return root
}

// TestBuildsWithoutCgo checks that everything but the FFmpeg adapter and the
// server builds with CGO_ENABLED=0: an integrator who runs jobs, verifies
// webhooks or mints tokens never needs FFmpeg's headers.
func TestBuildsWithoutCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages")
	}
	pkgs := []string{"./videohost", "./videohost/worker", "./videohost/httpapi", "./videohost/sqlite", "./videohost/postgres",
		"./videohost/blob", "./videohost/access", "./videohost/webhookadmin", "./videohost/playeradmin",
		"./videohost/collectionadmin", "./videohost/spaceadmin", "./videohost/trackadmin", "./videohost/playable",
		"./videohost/live", "./videohost/live/rtmp", "./videohost/live/srt", "./videohost/live/llhls", "./videohost/livesession", "./videohost/liveadmin", "./tokens", "./webhooks", "./client", "./cmd/reel"}
	cmd := exec.Command("go", append([]string{"build", "-o", os.DevNull}, pkgs...)...)
	cmd.Dir = moduleRoot(t)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go build %s: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
}

// blobRoots are the first segments of every blob key the service writes.
var blobRoots = []string{"sources/", "videos/", "cache/", "chunks/"}

// TestNoBlobKeysOutsideVideohost checks that no Go file outside the
// videohost package spells a blob key: the service owns the layout of blob
// storage, so that stores without paths (S3) see only its calls.
func TestNoBlobKeysOutsideVideohost(t *testing.T) {
	root := moduleRoot(t)
	var offenders []string
	for path, f := range goFiles(t, root, true) {
		if strings.Count(path, "/") == 1 && strings.HasPrefix(path, "videohost/") {
			continue // the package that owns the layout
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, r := range blobRoots {
				if strings.HasPrefix(s, r) {
					offenders = append(offenders, path+": "+strconv.Quote(s))
				}
			}
			return true
		})
	}
	if len(offenders) > 0 {
		slices.Sort(offenders)
		t.Fatalf("blob keys spelled outside videohost:\n%s", strings.Join(offenders, "\n"))
	}
}

// goFiles parses the Go files under root (skipping testdata, node_modules
// and hidden folders; test files only withTests), keyed by their slashed
// path from root.
func goFiles(t *testing.T, root string, withTests bool) map[string]*ast.File {
	t.Helper()
	files := map[string]*ast.File{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || !withTests && strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = f
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestCapabilitiesAssertedOnlyByTheComposer: the optional interfaces of
// the ports are resolved once (capabilities.go); a type assertion to one
// anywhere else would bring back a second rule for a missing capability.
// The store contract suite (storetest) asks a store what it implements:
// that is its subject.
func TestCapabilitiesAssertedOnlyByTheComposer(t *testing.T) {
	root := moduleRoot(t)
	files := goFiles(t, root, false)
	capabilities := map[string]bool{}
	for _, f := range files {
		if f.Name.Name != "videohost" {
			continue
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gen.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					if _, isInterface := ts.Type.(*ast.InterfaceType); isInterface {
						capabilities[ts.Name.Name] = true
					}
				}
			}
		}
	}
	for _, required := range []string{"Store", "Queue", "Blobs", "Blob", "Pipeline", "Clock"} {
		delete(capabilities, required)
	}
	if !capabilities["SigningKeyStore"] || !capabilities["LinkBlobs"] {
		t.Fatalf("found no capability interfaces in the videohost package: %v", capabilities)
	}
	var offenders []string
	for path, f := range files {
		if path == "videohost/capabilities.go" || strings.HasPrefix(path, "videohost/storetest/") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ta, ok := n.(*ast.TypeAssertExpr)
			if !ok || ta.Type == nil {
				return true
			}
			name := ""
			switch typ := ta.Type.(type) {
			case *ast.Ident:
				if f.Name.Name == "videohost" {
					name = typ.Name
				}
			case *ast.SelectorExpr:
				if pkg, ok := typ.X.(*ast.Ident); ok && pkg.Name == "videohost" {
					name = typ.Sel.Name
				}
			}
			if capabilities[name] {
				offenders = append(offenders, path+": ."+"("+name+")")
			}
			return true
		})
	}
	if len(offenders) > 0 {
		t.Fatalf("capabilities asserted outside videohost/capabilities.go:\n%s", strings.Join(offenders, "\n"))
	}
}

// TestServiceHasNoWorkerOnlyMethods: a method of *Service that only the
// worker calls is a trusted, id-only call; it belongs on Jobs (jobs.go),
// so that the API, which holds a *Service, cannot make it.
func TestServiceHasNoWorkerOnlyMethods(t *testing.T) {
	root := moduleRoot(t)
	files := goFiles(t, root, false)
	methods := map[string]bool{}
	for path, f := range files {
		if !strings.HasPrefix(path, "videohost/") || strings.Count(path, "/") != 1 {
			continue
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !fn.Name.IsExported() {
				continue
			}
			if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok && id.Name == "Service" {
					methods[fn.Name.Name] = true
				}
			}
		}
	}
	// Where each method name is called from: the worker's package, or
	// anywhere else (a same-named method of another type counts as
	// anywhere else, which errs on the side of passing).
	byWorker, byOthers := map[string]bool{}, map[string]bool{}
	for path, f := range files {
		worker := strings.HasPrefix(path, "videohost/worker/")
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && methods[sel.Sel.Name] {
				if worker {
					byWorker[sel.Sel.Name] = true
				} else {
					byOthers[sel.Sel.Name] = true
				}
			}
			return true
		})
	}
	var workerOnly []string
	for m := range byWorker {
		if !byOthers[m] {
			workerOnly = append(workerOnly, m)
		}
	}
	if len(workerOnly) > 0 {
		t.Fatalf("methods of *Service only the worker calls (move them to Jobs): %v", workerOnly)
	}
}

// Root package budget: what the videohost package itself holds (its
// non-test files) stays within rootMaxLines, and no file within it over
// rootMaxFileLines. A use case that needs only a narrow interface of the
// domain goes to a room beside the Service (videohost/access,
// webhookadmin, spaceadmin...), so that the root stays the domain a
// newcomer can read.
const (
	rootMaxLines     = 6000
	rootMaxFileLines = 600
)

// TestRootPackageBudget fails when the root package outgrows its budget,
// counting lines as wc -l does.
func TestRootPackageBudget(t *testing.T) {
	dir := filepath.Join(moduleRoot(t), "videohost")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	var over []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		n := bytes.Count(b, []byte("\n"))
		total += n
		if n > rootMaxFileLines {
			over = append(over, fmt.Sprintf("%s: %d lines", name, n))
		}
	}
	if total > rootMaxLines {
		t.Errorf("videohost holds %d non-test lines, over its budget of %d: move a use case to a room beside the Service", total, rootMaxLines)
	}
	if len(over) > 0 {
		t.Errorf("videohost files over %d lines (split them by noun):\n%s", rootMaxFileLines, strings.Join(over, "\n"))
	}
}
