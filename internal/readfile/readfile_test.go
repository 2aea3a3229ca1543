package readfile_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/internal/readfile"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	data := bytes.Repeat([]byte("segment "), 64<<10) // 512 KiB
	path := filepath.Join(dir, "0.m4s")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("reads and stats like os.Open", func(t *testing.T) {
		f, err := readfile.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || fi.Size() != int64(len(data)) || fi.Name() != "0.m4s" {
			t.Fatalf("Stat = %v, %v", fi, err)
		}
		got, err := io.ReadAll(f)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("ReadAll: %d bytes, %v", len(got), err)
		}
		if _, err := f.Seek(8, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		head := make([]byte, 8)
		if _, err := f.ReadAt(head, 0); err != nil || string(head) != "segment " {
			t.Fatalf("ReadAt = %q, %v", head, err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Read(head); !errors.Is(err, os.ErrClosed) {
			t.Fatalf("Read after Close = %v, want os.ErrClosed", err)
		}
	})

	t.Run("missing file", func(t *testing.T) {
		_, err := readfile.Open(filepath.Join(dir, "nope.m4s"))
		var pe *fs.PathError
		if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Op != "open" {
			t.Fatalf("err = %v, want a *fs.PathError for fs.ErrNotExist", err)
		}
	})

	t.Run("a folder opens, as with os.Open", func(t *testing.T) {
		f, err := readfile.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.IsDir() {
			t.Fatalf("Stat = %v, %v", fi, err)
		}
	})

	t.Run("copies whole to a TCP connection", func(t *testing.T) {
		// The path delivery takes: net/http's ReadFrom hands the file to
		// sendfile.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		received := make(chan []byte, 1)
		go func() {
			c, err := ln.Accept()
			if err != nil {
				received <- nil
				return
			}
			defer c.Close()
			b, _ := io.ReadAll(c)
			received <- b
		}()
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		f, err := readfile.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		n, err := conn.(*net.TCPConn).ReadFrom(f)
		conn.Close()
		if err != nil || n != int64(len(data)) {
			t.Fatalf("ReadFrom = %d, %v", n, err)
		}
		if got := <-received; !bytes.Equal(got, data) {
			t.Fatalf("received %d bytes, want the file's %d", len(got), len(data))
		}
	})
}

func BenchmarkOpen(b *testing.B) {
	path := filepath.Join(b.TempDir(), "0.m4s")
	if err := os.WriteFile(path, make([]byte, 1<<20), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		open func(string) (*os.File, error)
	}{{"os.Open", os.Open}, {"readfile.Open", readfile.Open}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f, err := c.open(path)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := f.Stat(); err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
		})
	}
}
