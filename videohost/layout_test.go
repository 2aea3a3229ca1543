package videohost_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
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
		"./videohost/blob", "./tokens", "./webhooks", "./client", "./cmd/reel"}
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
	self, _ := filepath.Abs(".")
	var offenders []string
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
		if !strings.HasSuffix(path, ".go") || filepath.Dir(path) == self {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(src, []byte(`"`)) {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, 0)
		if err != nil {
			return err
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
					rel, _ := filepath.Rel(root, path)
					offenders = append(offenders, rel+": "+strconv.Quote(s))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(offenders) > 0 {
		t.Fatalf("blob keys spelled outside videohost:\n%s", strings.Join(offenders, "\n"))
	}
}
