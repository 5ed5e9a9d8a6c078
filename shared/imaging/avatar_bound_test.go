package imaging

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"runtime"
	"testing"
)

// pngBomb returns a complete, valid w×h 8-bit RGB PNG of black pixels:
// the zeros compress about a thousandfold, so a file far under the avatar's
// byte bound decodes into w×h×4 bytes of RGBA.
func pngBomb(t *testing.T, w, h int) []byte {
	t.Helper()
	chunk := func(out []byte, typ string, data []byte) []byte {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		start := len(out)
		out = append(out, typ...)
		out = append(out, data...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8 bits, RGB, deflate, no filter method, no interlace
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	row := make([]byte, 1+3*w) // filter type 0, then the row's samples
	for range h {
		if _, err := zw.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	out := []byte("\x89PNG\r\n\x1a\n")
	out = chunk(out, "IHDR", ihdr)
	out = chunk(out, "IDAT", idat.Bytes())
	return chunk(out, "IEND", nil)
}

// TestAvatarRefusesWhatThe512MBFunctionCannotDecode: the avatar is made in
// the auth function (512 MB), so its pixel bound is the avatar's own 16
// megapixels, not the product photos' 40 (sized for the 1024 MB images
// function). A small file over it is refused from its header, before any
// pixel buffer exists; 16 megapixels still pass the header check.
func TestAvatarRefusesWhatThe512MBFunctionCannotDecode(t *testing.T) {
	bomb := pngBomb(t, 5000, 4000) // 20 megapixels: 80 MB of RGBA in under 100 KB
	tests := []struct {
		name string
		data []byte
		want Reason
	}{
		{"png bomb 5000x4000", bomb, ReasonTooLarge},
		{"jpeg header 6000x4000", jpegWithSize(t, 6000, 4000), ReasonTooLarge},
		{"jpeg header 4001x4000", jpegWithSize(t, 4001, 4000), ReasonTooLarge},
		{"webp header 4096x4096", webpExtendedWithSize(4096, 4096), ReasonTooLarge},
		{"png header 7000x5000", pngWithSize(t, 7000, 5000), ReasonTooLarge},
		// Exactly 16 megapixels pass the dimension check; the header-only
		// file then fails to decode.
		{"jpeg header 4000x4000", jpegWithSize(t, 4000, 4000), ReasonCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.data) > DefaultMaxBytes/8 {
				t.Fatalf("the input is %d bytes, want a small file", len(tt.data))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Avatar(bytes.NewReader(tt.data), 0)
			runtime.ReadMemStats(&after)
			var ie *ImageError
			if !errors.As(err, &ie) || ie.Reason != tt.want {
				t.Fatalf("got %v, want reason %s", err, tt.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; tt.want == ReasonTooLarge && alloc > uint64(len(tt.data))+1<<20 {
				t.Errorf("allocated %d bytes, want the input and under 1 MiB more (refused from the header)", alloc)
			}
		})
	}
}
