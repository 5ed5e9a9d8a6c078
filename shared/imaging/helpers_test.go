package imaging

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"golang.org/x/image/draw"
)

// Colours of the four quadrants of quadImage: top-left, top-right,
// bottom-left, bottom-right.
var (
	red    = color.RGBA{220, 20, 20, 255}
	green  = color.RGBA{20, 200, 20, 255}
	blue   = color.RGBA{20, 20, 220, 255}
	yellow = color.RGBA{230, 230, 20, 255}
)

// quadImage is a w×h picture in four solid quadrants, so a rotation or a
// flip is visible at the quadrants' centres even after lossy encoding.
func quadImage(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := red
			switch {
			case x >= w/2 && y < h/2:
				c = green
			case x < w/2 && y >= h/2:
				c = blue
			case x >= w/2 && y >= h/2:
				c = yellow
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func solidImage(w, h int, c color.Color) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

func encodeJPEG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withSegment inserts a marker segment right after a JPEG's SOI.
func withSegment(jpg []byte, marker byte, payload []byte) []byte {
	seg := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// secretText is written into the crafted EXIF block; it must never reach an
// avatar.
const secretText = "GPS 46.2044N 6.1432E secret"

// byteOrder reads and appends in one byte order.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// exifPayload builds an APP1 "Exif" payload in the given byte order with
// IFD0 holding the orientation (when o > 0), an ImageDescription holding
// secretText and a pointer to a GPS IFD with a latitude reference, like a
// phone camera writes.
func exifPayload(order byteOrder, o int) []byte {
	type entry struct {
		tag, typ uint16
		count    uint32
		value    uint32 // inline value or offset
		short    bool
	}
	const ifd0 = 8
	var entries []entry
	if o > 0 {
		entries = append(entries, entry{tag: tagOrientation, typ: 3, count: 1, value: uint32(o), short: true})
	}
	n := len(entries) + 2
	descOff := uint32(ifd0 + 2 + 12*n + 4)
	gpsOff := descOff + uint32(len(secretText)+1)
	entries = append(entries,
		entry{tag: 0x010E, typ: 2, count: uint32(len(secretText) + 1), value: descOff},
		entry{tag: 0x8825, typ: 4, count: 1, value: gpsOff},
	)
	t := make([]byte, 8)
	if order.String() == binary.LittleEndian.String() {
		copy(t, "II")
	} else {
		copy(t, "MM")
	}
	order.PutUint16(t[2:], 42)
	order.PutUint32(t[4:], ifd0)
	t = order.AppendUint16(t, uint16(len(entries)))
	for _, e := range entries {
		t = order.AppendUint16(t, e.tag)
		t = order.AppendUint16(t, e.typ)
		t = order.AppendUint32(t, e.count)
		if e.short {
			t = order.AppendUint16(t, uint16(e.value))
			t = order.AppendUint16(t, 0)
		} else {
			t = order.AppendUint32(t, e.value)
		}
	}
	t = order.AppendUint32(t, 0) // no IFD1
	t = append(t, secretText...)
	t = append(t, 0)
	// GPS IFD: GPSLatitudeRef "N".
	t = order.AppendUint16(t, 1)
	t = order.AppendUint16(t, 1)
	t = order.AppendUint16(t, 2)
	t = order.AppendUint32(t, 2)
	t = append(t, 'N', 0, 0, 0)
	t = order.AppendUint32(t, 0)
	return append([]byte("Exif\x00\x00"), t...)
}

// pngWithSize returns a valid PNG whose IHDR claims w×h pixels: enough for
// DecodeConfig, which is all a dimension check may read.
func pngWithSize(t *testing.T, w, h uint32) []byte {
	t.Helper()
	data := encodePNG(t, solidImage(1, 1, color.White))
	// Signature (8), IHDR length (4), "IHDR" (4), width, height, ...
	ihdr := data[12 : 12+4+13]
	binary.BigEndian.PutUint32(ihdr[4:], w)
	binary.BigEndian.PutUint32(ihdr[8:], h)
	binary.BigEndian.PutUint32(data[12+4+13:], crc32.ChecksumIEEE(ihdr))
	return data
}

// bitWriter writes the LSB-first bit stream of WebP lossless.
type bitWriter struct {
	buf   []byte
	acc   uint64
	nbits uint
}

func (b *bitWriter) write(v uint64, n uint) {
	b.acc |= v << b.nbits
	b.nbits += n
	for b.nbits >= 8 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc >>= 8
		b.nbits -= 8
	}
}

func (b *bitWriter) bytes() []byte {
	if b.nbits > 0 {
		b.buf = append(b.buf, byte(b.acc))
	}
	return b.buf
}

// webpSolid encodes a w×h WebP lossless picture of one colour. With no
// transforms and a single-symbol "simple" prefix code per channel, every
// pixel costs zero bits, so the whole bit stream is a header and five
// codes: a real VP8L file written by hand, with no encoder dependency.
func webpSolid(w, h int, c color.NRGBA) []byte {
	var b bitWriter
	b.write(0x2f, 8) // VP8L signature
	b.write(uint64(w-1), 14)
	b.write(uint64(h-1), 14)
	b.write(1, 1) // alpha is used
	b.write(0, 3) // version
	b.write(0, 1) // no transform
	b.write(0, 1) // no colour cache
	b.write(0, 1) // no meta prefix codes
	for _, sym := range []uint8{c.G, c.R, c.B, c.A} {
		b.write(1, 1) // simple code
		b.write(0, 1) // one symbol
		b.write(1, 1) // 8-bit symbol
		b.write(uint64(sym), 8)
	}
	b.write(1, 1) // distance: simple code
	b.write(0, 1) // one symbol
	b.write(0, 1) // 1-bit symbol
	b.write(0, 1) // symbol 0
	chunk := b.bytes()

	var out []byte
	out = append(out, "RIFF"...)
	size := 4 + 8 + len(chunk) + len(chunk)%2
	out = binary.LittleEndian.AppendUint32(out, uint32(size))
	out = append(out, "WEBPVP8L"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(chunk)))
	out = append(out, chunk...)
	if len(chunk)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

// near reports whether two colours are within tol on every channel.
func near(a, b color.Color, tol int) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) bool {
		diff := int(x>>8) - int(y>>8)
		return diff <= tol && diff >= -tol
	}
	return d(ar, br) && d(ag, bg) && d(ab, bb)
}

// jpegMarkers lists the markers of a JPEG file up to the scan.
func jpegMarkers(t *testing.T, data []byte) []byte {
	t.Helper()
	var out []byte
	p := 2
	for p+4 <= len(data) && data[p] == 0xFF {
		m := data[p+1]
		out = append(out, m)
		if m == markerSOS {
			break
		}
		p += 2 + int(binary.BigEndian.Uint16(data[p+2:]))
	}
	return out
}
