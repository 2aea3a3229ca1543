// Command reelchunk runs one step of Reel's media pipeline on a source, for
// the chunking benchmark: the whole encode (media.Process), or a plan, one
// chunk, the audio or the stitch of a chunked encode. Each run is its own
// process so that the benchmark can pin it to a core (taskset) and read
// its CPU time, as a worker process's media child would be.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/reelvideo/reel/media"
)

func main() {
	op := flag.String("op", "", "whole, plan, chunk, audio or stitch")
	source := flag.String("source", "", "source file")
	out := flag.String("out", "", "output folder")
	length := flag.Duration("length", time.Minute, "chunk length (plan)")
	span := flag.String("span", "", "the chunk's span as JSON (chunk)")
	chunks := flag.String("chunks", "", "comma-separated chunk folders in order (stitch)")
	audio := flag.String("audio", "", "audio folder (stitch)")
	flag.Parse()
	if err := run(context.Background(), *op, *source, *out, *length, *span, *chunks, *audio); err != nil {
		fmt.Fprintln(os.Stderr, "reelchunk:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, op, source, out string, length time.Duration, span, chunks, audio string) error {
	switch op {
	case "whole":
		_, err := media.Process(ctx, media.ProcessOptions{Source: source, OutDir: out})
		return err
	case "plan":
		info, err := media.Probe(ctx, source)
		if err != nil {
			return err
		}
		spans, err := media.PlanChunks(info, media.LadderOptions{}, length)
		if err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(spans)
	case "chunk":
		var s media.ChunkSpan
		if err := json.Unmarshal([]byte(span), &s); err != nil {
			return err
		}
		return media.EncodeChunk(ctx, media.ChunkOptions{Source: source, Span: s, OutDir: out})
	case "audio":
		return media.EncodeAudio(ctx, media.AudioOptions{Source: source, OutDir: out})
	case "stitch":
		_, err := media.Stitch(ctx, media.StitchOptions{Source: source, ChunkDirs: strings.Split(chunks, ","), AudioDir: audio, OutDir: out})
		return err
	}
	return fmt.Errorf("unknown -op %q", op)
}
