package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want Format
		ok   bool
	}{
		{"jpeg", []byte{0xFF, 0xD8, 0xFF, 0xE0}, FormatJPEG, true},
		{"png", []byte("\x89PNG\r\n\x1a\n...."), FormatPNG, true},
		{"webp", []byte("RIFF\x00\x00\x00\x00WEBPVP8 "), FormatWebP, true},
		{"gif", []byte("GIF89a......"), "", false},
		{"riff but wave", []byte("RIFF\x00\x00\x00\x00WAVEfmt "), "", false},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "", false},
		{"short", []byte{0xFF, 0xD8}, "", false},
		{"empty", nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Sniff(tt.data)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestJPEGOrientation(t *testing.T) {
	plain := encodeJPEG(t, solidImage(8, 8, color.White))
	app0 := []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
	truncated := withSegment(plain, markerAPP1, exifPayload(binary.BigEndian, 6))
	truncated = truncated[:2+4+20]
	badValue := exifPayload(binary.LittleEndian, 9)
	badOffset := exifPayload(binary.LittleEndian, 6)
	binary.LittleEndian.PutUint32(badOffset[6+4:], 0xFFFFFF00)
	tests := []struct {
		name string
		data []byte
		want int
	}{
		{"no exif", plain, 1},
		{"little endian 6", withSegment(plain, markerAPP1, exifPayload(binary.LittleEndian, 6)), 6},
		{"big endian 3", withSegment(plain, markerAPP1, exifPayload(binary.BigEndian, 3)), 3},
		{"after app0", withSegment(withSegment(plain, markerAPP1, exifPayload(binary.BigEndian, 8)), 0xE0, app0), 8},
		{"exif without orientation", withSegment(plain, markerAPP1, exifPayload(binary.BigEndian, 0)), 1},
		{"xmp app1 is not exif", withSegment(plain, markerAPP1, []byte("http://ns.adobe.com/xap/1.0/\x00<x/>")), 1},
		{"value out of range", withSegment(plain, markerAPP1, badValue), 1},
		{"ifd offset out of range", withSegment(plain, markerAPP1, badOffset), 1},
		{"truncated segment", truncated, 1},
		{"not a jpeg", []byte("\x89PNG\r\n\x1a\n"), 1},
		{"empty", nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := JPEGOrientation(tt.data); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}

// checkAvatar decodes out and checks it is an AvatarSize square JPEG.
func checkAvatar(t *testing.T, out []byte) image.Image {
	t.Helper()
	if f, _ := Sniff(out); f != FormatJPEG {
		t.Fatalf("output format: got %q, want jpeg", f)
	}
	img, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("output does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != AvatarSize || b.Dy() != AvatarSize {
		t.Fatalf("output size: got %dx%d, want %dx%d", b.Dx(), b.Dy(), AvatarSize, AvatarSize)
	}
	return img
}

func TestAvatarFormats(t *testing.T) {
	teal := color.NRGBA{0, 128, 128, 255}
	tests := []struct {
		name   string
		data   []byte
		centre color.Color
	}{
		{"jpeg", encodeJPEG(t, solidImage(200, 200, teal)), teal},
		{"png", encodePNG(t, solidImage(640, 480, teal)), teal},
		{"webp lossless", webpSolid(100, 80, teal), teal},
		{"png transparent becomes white", encodePNG(t, solidImage(64, 64, color.NRGBA{255, 0, 0, 0})), color.White},
		{"minimum size", encodePNG(t, solidImage(MinSide, MinSide, teal)), teal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Avatar(bytes.NewReader(tt.data), 0)
			if err != nil {
				t.Fatalf("got %v, want nil", err)
			}
			img := checkAvatar(t, out)
			if got := img.At(AvatarSize/2, AvatarSize/2); !near(got, tt.centre, 8) {
				t.Errorf("centre colour: got %v, want %v", got, tt.centre)
			}
		})
	}
}

func TestAvatarCropsTheCentredSquare(t *testing.T) {
	// Three vertical bands; only the middle one may survive the crop.
	wide := image.NewRGBA(image.Rect(0, 0, 300, 100))
	for y := range 100 {
		for x := range 300 {
			c := green
			if x < 100 {
				c = red
			} else if x >= 200 {
				c = blue
			}
			wide.SetRGBA(x, y, c)
		}
	}
	tall := image.NewRGBA(image.Rect(0, 0, 100, 300))
	for y := range 300 {
		for x := range 100 {
			tall.Set(x, y, wide.At(y, x))
		}
	}
	for name, img := range map[string]image.Image{"landscape": wide, "portrait": tall} {
		t.Run(name, func(t *testing.T) {
			out, err := Avatar(bytes.NewReader(encodePNG(t, img)), 0)
			if err != nil {
				t.Fatal(err)
			}
			got := checkAvatar(t, out)
			for _, p := range []image.Point{{8, 8}, {AvatarSize - 8, 8}, {8, AvatarSize - 8}, {AvatarSize - 8, AvatarSize - 8}} {
				if c := got.At(p.X, p.Y); !near(c, green, 24) {
					t.Errorf("pixel %v: got %v, want %v", p, c, green)
				}
			}
		})
	}
}

func TestAvatarAppliesEXIFOrientation(t *testing.T) {
	// Expected quadrants (top-left, top-right, bottom-left, bottom-right) of
	// the displayed picture for each orientation of a stored R G / B Y.
	tests := []struct {
		orientation int
		want        [4]color.RGBA
	}{
		{1, [4]color.RGBA{red, green, blue, yellow}},
		{2, [4]color.RGBA{green, red, yellow, blue}},
		{3, [4]color.RGBA{yellow, blue, green, red}},
		{4, [4]color.RGBA{blue, yellow, red, green}},
		{5, [4]color.RGBA{red, blue, green, yellow}},
		{6, [4]color.RGBA{blue, red, yellow, green}},
		{7, [4]color.RGBA{yellow, green, blue, red}},
		{8, [4]color.RGBA{green, yellow, red, blue}},
	}
	// Non-square on purpose: the crop keeps the centre, which holds all
	// four quadrants.
	stored := encodeJPEG(t, quadImage(192, 128))
	q := AvatarSize / 4
	points := [4]image.Point{{q, q}, {3 * q, q}, {q, 3 * q}, {3 * q, 3 * q}}
	for _, tt := range tests {
		data := withSegment(stored, markerAPP1, exifPayload(binary.LittleEndian, tt.orientation))
		out, err := Avatar(bytes.NewReader(data), 0)
		if err != nil {
			t.Fatalf("orientation %d: %v", tt.orientation, err)
		}
		img := checkAvatar(t, out)
		for i, p := range points {
			if got := img.At(p.X, p.Y); !near(got, tt.want[i], 24) {
				t.Errorf("orientation %d, quadrant %d: got %v, want %v", tt.orientation, i, got, tt.want[i])
			}
		}
	}
}

func TestAvatarDropsAllMetadata(t *testing.T) {
	data := encodeJPEG(t, quadImage(256, 256))
	data = withSegment(data, 0xFE, []byte("comment: "+secretText)) // COM
	data = withSegment(data, markerAPP1, exifPayload(binary.BigEndian, 1))
	if !bytes.Contains(data, []byte(secretText)) || JPEGOrientation(data) != 1 {
		t.Fatal("crafted input lacks its EXIF block")
	}
	out, err := Avatar(bytes.NewReader(data), 0)
	if err != nil {
		t.Fatal(err)
	}
	checkAvatar(t, out)
	for _, m := range jpegMarkers(t, out) {
		if m >= 0xE0 && m <= 0xEF || m == 0xFE {
			t.Errorf("output has marker %#x: got an APPn/COM segment, want none", m)
		}
	}
	for _, leak := range []string{"Exif", secretText, "GPS"} {
		if bytes.Contains(out, []byte(leak)) {
			t.Errorf("output contains %q, want no metadata", leak)
		}
	}
}

func TestAvatarRejects(t *testing.T) {
	small := encodePNG(t, solidImage(MinSide, MinSide-1, color.White))
	jpg := encodeJPEG(t, quadImage(128, 128))
	tests := []struct {
		name     string
		r        io.Reader
		maxBytes int64
		want     Reason
	}{
		{"nil reader", nil, 0, ReasonMissing},
		{"empty", bytes.NewReader(nil), 0, ReasonMissing},
		{"text", strings.NewReader("hello, this is not a picture"), 0, ReasonUnsupportedType},
		{"gif", strings.NewReader("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), 0, ReasonUnsupportedType},
		{"svg", strings.NewReader(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>`), 0, ReasonUnsupportedType},
		{"over the byte bound", bytes.NewReader(jpg), int64(len(jpg) - 1), ReasonTooLarge},
		{"over the pixel bound", bytes.NewReader(pngWithSize(t, 8000, 5001)), 0, ReasonTooLarge},
		{"absurd header", bytes.NewReader(pngWithSize(t, 65535, 65535)), 0, ReasonTooLarge},
		{"too small", bytes.NewReader(small), 0, ReasonTooSmall},
		{"tiny webp", bytes.NewReader(webpSolid(16, 16, color.NRGBA{1, 2, 3, 255})), 0, ReasonTooSmall},
		{"truncated jpeg", bytes.NewReader(jpg[:len(jpg)/2]), 0, ReasonCorrupt},
		{"png header only", bytes.NewReader(pngWithSize(t, 100, 100)), 0, ReasonCorrupt},
		{"jpeg magic then garbage", bytes.NewReader(append([]byte{0xFF, 0xD8, 0xFF}, bytes.Repeat([]byte{7}, 64)...)), 0, ReasonCorrupt},
		{"webp magic then garbage", strings.NewReader("RIFF\x10\x00\x00\x00WEBPVP8Xgarbage!!"), 0, ReasonCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Avatar(tt.r, tt.maxBytes)
			var ie *ImageError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want *ImageError %s", err, tt.want)
			}
			if ie.Reason != tt.want {
				t.Errorf("reason: got %s, want %s (%v)", ie.Reason, tt.want, err)
			}
			if out != nil {
				t.Errorf("output: got %d bytes, want nil", len(out))
			}
		})
	}
}

func TestAvatarExactlyAtTheByteBound(t *testing.T) {
	data := encodePNG(t, solidImage(100, 100, color.White))
	if _, err := Avatar(bytes.NewReader(data), int64(len(data))); err != nil {
		t.Errorf("got %v, want nil", err)
	}
}

func TestAvatarReadErrorIsNotAnImageError(t *testing.T) {
	boom := errors.New("connection reset")
	_, err := Avatar(iotest.ErrReader(boom), 0)
	var ie *ImageError
	if errors.As(err, &ie) || !errors.Is(err, boom) {
		t.Errorf("got %v, want the read error wrapped", err)
	}
}

func TestImageErrorText(t *testing.T) {
	if got := (&ImageError{Reason: ReasonCorrupt}).Error(); got != "imaging: corrupt" {
		t.Errorf("got %q, want %q", got, "imaging: corrupt")
	}
	cause := errors.New("bad huffman code")
	e := &ImageError{Reason: ReasonCorrupt, Err: cause}
	if !errors.Is(e, cause) || !strings.Contains(e.Error(), "bad huffman code") {
		t.Errorf("got %q, want the cause wrapped", e.Error())
	}
}
