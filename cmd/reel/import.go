package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/reelvideo/reel/client"
)

// foreignFolder is a folder of the source, to become a collection.
type foreignFolder struct {
	ID     string // stable id in the source
	Name   string
	Parent string // foreign id of the parent folder, "" for the top level
}

// foreignVideo is a video of the source, to become a video. Exactly one of
// InputURL (fetched by the server) and LocalPath (uploaded) is set, or Err
// says why neither could be found.
type foreignVideo struct {
	ID          string
	Title       string
	Description string
	Folder      string // foreign folder id, "" for none
	Metadata    map[string]string
	InputURL    string
	LocalPath   string
	Policy      string
	Err         string
}

// importState maps foreign ids to ours; it is rewritten after each item so
// that a rerun imports nothing twice and an interrupted run resumes.
type importState struct {
	Source      string            `json:"source"`
	Collections map[string]string `json:"collections"`
	Videos      map[string]string `json:"videos"`
	UpdatedAt   time.Time         `json:"updated_at"`
}

// importItem is one line of the import report.
type importItem struct {
	Kind      string `json:"kind"` // collection or video
	ForeignID string `json:"foreign_id"`
	Name      string `json:"name"`
	ID        string `json:"id,omitempty"`
	Action    string `json:"action"` // created, uploaded, skipped, would_create, would_upload, failed
	InputURL  string `json:"input_url,omitempty"`
	Path      string `json:"path,omitempty"`
	Parent    string `json:"parent,omitempty"`
	Error     string `json:"error,omitempty"`
}

// importReport is the one JSON document an import prints.
type importReport struct {
	Source string         `json:"source"`
	State  string         `json:"state"`
	DryRun bool           `json:"dry_run"`
	Counts map[string]int `json:"counts"`
	Items  []importItem   `json:"items"`
}

// importOptions are the flags every importer shares.
type importOptions struct {
	statePath  string
	dryRun     bool
	collection string
}

func (o *importOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.statePath, "state", "", "state file mapping foreign ids to ours (default: in the config folder, per source)")
	fs.BoolVar(&o.dryRun, "dry-run", false, "print what would be imported without changing anything")
	fs.StringVar(&o.collection, "collection", "", "put top-level folders and loose videos under this collection: "+collectionFlagUsage)
}

// importer creates collections and videos for the folders and videos of a
// source, skipping what its state already maps.
type importer struct {
	a      *app
	c      *client.Client // nil in a dry run without credentials
	opts   importOptions
	state  *importState
	path   string
	report importReport
}

// newImporter loads the state of source. In a dry run no credentials are
// needed and nothing is written.
func (a *app) newImporter(ctx context.Context, source string, opts importOptions) (*importer, error) {
	path := opts.statePath
	if path == "" {
		dir, err := a.configDir()
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256([]byte(source))
		path = filepath.Join(dir, "imports", hex.EncodeToString(sum[:8])+".json")
	}
	st := &importState{}
	if err := readJSONFile(path, st); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading import state: %w", err)
	}
	if st.Source != "" && st.Source != source {
		return nil, &codedError{code: "conflict", detail: fmt.Sprintf("state file %s belongs to %s, not %s", path, st.Source, source)}
	}
	st.Source = source
	if st.Collections == nil {
		st.Collections = map[string]string{}
	}
	if st.Videos == nil {
		st.Videos = map[string]string{}
	}
	im := &importer{a: a, opts: opts, state: st, path: path,
		report: importReport{Source: source, State: path, DryRun: opts.dryRun, Counts: map[string]int{}, Items: []importItem{}}}
	c, err := a.client()
	if err != nil && !opts.dryRun {
		return nil, err
	}
	im.c = c
	if c != nil {
		if im.opts.collection, err = resolveCollection(ctx, c, "--collection", opts.collection); err != nil {
			return nil, err
		}
	}
	return im, nil
}

func (im *importer) save() error {
	if im.opts.dryRun {
		return nil
	}
	im.state.UpdatedAt = time.Now().UTC()
	if err := writeJSONFile(im.path, im.state, 0o600); err != nil {
		return fmt.Errorf("writing import state: %w", err)
	}
	return nil
}

func (im *importer) add(it importItem) {
	im.report.Items = append(im.report.Items, it)
	im.report.Counts[it.Action]++
}

// run imports folders (parents first) and then videos, and prints the
// report. It returns an error when any item failed, after printing.
func (im *importer) run(ctx context.Context, folders []foreignFolder, videos []foreignVideo) error {
	if err := im.importFolders(ctx, folders); err != nil {
		return err
	}
	for _, v := range videos {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := im.importVideo(ctx, v); err != nil {
			return err
		}
	}
	if err := im.a.print(im.report, nil); err != nil {
		return err
	}
	if n := im.report.Counts["failed"]; n > 0 {
		return &codedError{code: "import_incomplete", detail: fmt.Sprintf("%d of %d items failed; run the command again to retry them", n, len(im.report.Items))}
	}
	return nil
}

func (im *importer) importFolders(ctx context.Context, folders []foreignFolder) error {
	byID := map[string]foreignFolder{}
	for _, f := range folders {
		byID[f.ID] = f
	}
	done := map[string]bool{}
	var visit func(f foreignFolder, depth int) error
	visit = func(f foreignFolder, depth int) error {
		if done[f.ID] {
			return nil
		}
		done[f.ID] = true
		if p, ok := byID[f.Parent]; ok && depth < 64 {
			if err := visit(p, depth+1); err != nil {
				return err
			}
		}
		return im.importFolder(ctx, f)
	}
	for _, f := range folders {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := visit(f, 0); err != nil {
			return err
		}
	}
	return nil
}

// parentOf maps a foreign folder id to our collection id ("" for the top).
func (im *importer) parentOf(foreign string) string {
	if foreign == "" {
		return im.opts.collection
	}
	if id, ok := im.state.Collections[foreign]; ok {
		return id
	}
	if im.opts.dryRun {
		return "(new:" + foreign + ")"
	}
	return im.opts.collection
}

func (im *importer) importFolder(ctx context.Context, f foreignFolder) error {
	it := importItem{Kind: "collection", ForeignID: f.ID, Name: f.Name, Parent: im.parentOf(f.Parent)}
	if id, ok := im.state.Collections[f.ID]; ok {
		it.ID, it.Action = id, "skipped"
		im.add(it)
		return nil
	}
	if im.opts.dryRun {
		it.Action = "would_create"
		im.add(it)
		return nil
	}
	name := f.Name
	in := client.CollectionInput{Name: &name}
	if it.Parent != "" {
		parent := it.Parent
		in.Parent = &parent
	}
	col, err := im.c.CreateCollection(ctx, in)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// Without its collection nothing under the folder can be placed
		// right, so a failed collection ends the import.
		return fmt.Errorf("creating collection %q: %w", f.Name, err)
	}
	im.state.Collections[f.ID] = col.ID
	it.ID, it.Action = col.ID, "created"
	im.add(it)
	return im.save()
}

func (im *importer) importVideo(ctx context.Context, v foreignVideo) error {
	it := importItem{Kind: "video", ForeignID: v.ID, Name: v.Title, Parent: im.parentOf(v.Folder), InputURL: v.InputURL, Path: v.LocalPath}
	if id, ok := im.state.Videos[v.ID]; ok {
		it.ID, it.Action = id, "skipped"
		im.add(it)
		return nil
	}
	if v.Err != "" {
		it.Action, it.Error = "failed", v.Err
		im.add(it)
		return nil
	}
	if im.opts.dryRun {
		it.Action = "would_create"
		if v.LocalPath != "" {
			it.Action = "would_upload"
		}
		im.add(it)
		return nil
	}
	var id string
	if v.LocalPath != "" {
		res, err := im.a.uploadFile(ctx, im.c, v.LocalPath, client.UploadOptions{Title: v.Title, Collection: it.Parent})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			it.Action, it.Error = "failed", err.Error()+apiHint(client.ErrorCode(err))
			im.add(it)
			return nil
		}
		id, it.Action = res.VideoID, "uploaded"
		// Upload-Metadata carries no description or metadata: set them after.
		if v.Description != "" || len(v.Metadata) > 0 {
			desc := v.Description
			if _, err := im.c.UpdateVideo(ctx, id, client.UpdateVideoInput{Description: &desc, Metadata: v.Metadata}); err != nil && ctx.Err() == nil {
				it.Error = "uploaded, but setting the description failed: " + err.Error()
			}
		}
	} else {
		created, err := im.c.CreateVideo(ctx, client.CreateVideoInput{
			InputURL: v.InputURL, Collection: it.Parent, Title: v.Title, Description: v.Description,
			Metadata: v.Metadata, PlaybackPolicy: v.Policy,
		})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			it.Action, it.Error = "failed", err.Error()+apiHint(client.ErrorCode(err))
			im.add(it)
			return nil
		}
		id, it.Action = created.ID, "created"
	}
	im.state.Videos[v.ID] = id
	it.ID = id
	im.add(it)
	return im.save()
}

// importMetadata is the metadata every imported video carries, so that its
// origin stays visible in Reel.
func importMetadata(source, id string, extra map[string]string) map[string]string {
	md := map[string]string{"import_source": source, "import_id": id}
	for k, v := range extra {
		if v != "" && len(md) < 50 {
			md[k] = v
		}
	}
	return md
}

// ---- dir ----

// isMediaFile reports whether "import dir" uploads a file of this name.
func isMediaFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".mp4", ".m4v", ".mov", ".mkv", ".webm", ".avi", ".mpg", ".mpeg", ".ts", ".m2ts", ".mts",
		".flv", ".wmv", ".3gp", ".ogv", ".mxf", ".m4a", ".mp3", ".wav", ".flac":
		return true
	}
	return false
}

func cmdImportDir(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("import dir")
	var opts importOptions
	opts.register(fs)
	pos, err := a.parseArgs(fs, args, "reel import dir <path> [--collection ID|NAME|PATH] [--state FILE] [--dry-run]", 1, 1)
	if err != nil {
		return err
	}
	root, err := filepath.Abs(pos[0])
	if err != nil {
		return fmt.Errorf("resolving %s: %w", pos[0], err)
	}
	folders, videos, err := scanDir(root)
	if err != nil {
		return err
	}
	im, err := a.newImporter(ctx, "dir:"+root, opts)
	if err != nil {
		return err
	}
	return im.run(ctx, folders, videos)
}

// scanDir lists the folders that hold video files (with their ancestors)
// and the video files under root; hidden files and folders are skipped.
func scanDir(root string) ([]foreignFolder, []foreignVideo, error) {
	fi, err := osStat(root)
	if err != nil {
		return nil, nil, err
	}
	if !fi.IsDir() {
		return nil, nil, usageErrorf("%s is not a folder (reel videos upload uploads one file)", root)
	}
	var videos []foreignVideo
	needed := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() || !isMediaFile(d.Name()) {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		folder := filepath.ToSlash(filepath.Dir(rel))
		if folder == "." {
			folder = ""
		}
		for f := folder; f != "" && f != "."; f = pathDir(f) {
			needed[f] = true
		}
		videos = append(videos, foreignVideo{
			ID: rel, Title: strings.TrimSuffix(d.Name(), filepath.Ext(d.Name())), Folder: folder, LocalPath: path,
		})
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", root, err)
	}
	var folders []foreignFolder
	for f := range needed {
		folders = append(folders, foreignFolder{ID: f, Name: filepath.Base(f), Parent: pathDir(f)})
	}
	sortFolders(folders)
	return folders, videos, nil
}

// pathDir is the parent of a slash-separated relative path, "" at the top.
func pathDir(p string) string {
	i := strings.LastIndex(p, "/")
	if i < 0 {
		return ""
	}
	return p[:i]
}
