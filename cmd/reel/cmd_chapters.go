package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/reelvideo/reel/client"
)

// chaptersContentType tells a chapter file's format from its extension
// (.vtt, .json), else from its first bytes (WEBVTT, or a JSON array).
func chaptersContentType(path string, data []byte) (string, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".vtt":
		return client.ChaptersWebVTT, nil
	case ".json":
		return client.ChaptersJSON, nil
	}
	head := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	switch {
	case bytes.HasPrefix(head, []byte("WEBVTT")):
		return client.ChaptersWebVTT, nil
	case bytes.HasPrefix(head, []byte("[")):
		return client.ChaptersJSON, nil
	}
	return "", usageErrorf("%s is neither WebVTT nor a JSON list of chapters (name it .vtt or .json)", path)
}

func cmdChaptersSet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("chapters set")
	pos, err := a.parseArgs(fs, args, "reel chapters set <video-id> <file.vtt|file.json>", 2, 2)
	if err != nil {
		return err
	}
	f, err := openRegular(pos[1])
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	contentType, err := chaptersContentType(pos[1], data)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	v, err := c.PutChapters(ctx, pos[0], contentType, bytes.NewReader(data))
	if err != nil {
		return err
	}
	return a.print(v, chaptersTable(v.Chapters))
}

func cmdChaptersGet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("chapters get")
	pos, err := a.parseArgs(fs, args, "reel chapters get <video-id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	chapters, err := c.Chapters(ctx, pos[0])
	if err != nil {
		return err
	}
	return a.print(client.Page[client.Chapter]{Data: chapters}, chaptersTable(chapters))
}

func chaptersTable(chapters []client.Chapter) func() table {
	return func() table {
		t := table{headers: []string{"START", "TITLE"}}
		for _, ch := range chapters {
			t.rows = append(t.rows, row{strconv.FormatFloat(ch.Start, 'f', -1, 64), ch.Title})
		}
		return t
	}
}

func cmdChaptersRm(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("chapters rm")
	pos, err := a.parseArgs(fs, args, "reel chapters rm <video-id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteChapters(ctx, pos[0]); err != nil {
		return err
	}
	return a.print(map[string]any{"video": pos[0], "chapters": "deleted"}, nil)
}
