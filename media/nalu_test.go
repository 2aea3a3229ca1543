package media_test

import (
	"bytes"
	"testing"

	"github.com/Eyevinn/mp4ff/avc"

	"github.com/reelvideo/reel/media"
)

func TestLengthPrefixedMatchesMP4ff(t *testing.T) {
	sc4 := []byte{0, 0, 0, 1}
	sc3 := []byte{0, 0, 1}
	join := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	sps := []byte{0x67, 0x64, 0x00, 0x1f, 0xac}
	idr := bytes.Repeat([]byte{0x65, 0x88, 0x84, 0x00, 0x03, 0x21}, 50)
	slice := []byte{0x41, 0x9a, 0x00, 0x00, 0x03, 0x01, 0x7f}
	tests := map[string]struct {
		in      []byte
		inPlace bool
	}{
		"one unit":                {join(sc4, idr), true},
		"several units":           {join(sc4, sps, sc4, idr, sc4, slice), true},
		"three-byte start code":   {join(sc4, sps, sc3, idr), false},
		"three-byte first":        {join(sc3, idr, sc4, slice), false},
		"no start code":           {[]byte{0x65, 0x88, 0x84}, false},
		"emulation prevention":    {join(sc4, []byte{0x41, 0x00, 0x00, 0x03, 0x00, 0x01, 0x02}), true},
		"start code then nothing": {join(sc4, sps, sc4), false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			want := avc.ConvertByteStreamToNaluSample(bytes.Clone(tt.in))
			in := bytes.Clone(tt.in)
			got := media.LengthPrefixed(in)
			if !bytes.Equal(got, want) {
				t.Fatalf("got  % x\nwant % x", got, want)
			}
			if tt.inPlace && &got[0] != &in[0] {
				t.Error("converted by copying; want in place")
			}
		})
	}
}
