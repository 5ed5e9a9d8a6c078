package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

// checkRendition decodes r and checks it is a w×h JPEG without any APPn or
// COM segment (no EXIF, no ICC profile, no comment).
func checkRendition(t *testing.T, name string, r Rendition, w, h int) image.Image {
	t.Helper()
	if f, _ := Sniff(r.Data); f != FormatJPEG {
		t.Fatalf("%s: format got %q, want jpeg", name, f)
	}
	img, err := jpeg.Decode(bytes.NewReader(r.Data))
	if err != nil {
		t.Fatalf("%s: does not decode: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h || r.Width != w || r.Height != h {
		t.Fatalf("%s: got %dx%d (reported %dx%d), want %dx%d", name, b.Dx(), b.Dy(), r.Width, r.Height, w, h)
	}
	for _, m := range jpegMarkers(t, r.Data) {
		if m >= 0xE0 && m <= 0xEF || m == 0xFE {
			t.Errorf("%s: has marker %#x, want no APPn/COM segment", name, m)
		}
	}
	return img
}

// gradientImage has a different colour at every pixel, like a photo, so
// the encoders have real work to do.
func gradientImage(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(255 * x / w), uint8(255 * y / h), uint8((x + y) % 256), 255})
		}
	}
	return img
}

func TestProductFormatsAndSizes(t *testing.T) {
	teal := color.NRGBA{0, 128, 128, 255}
	gray := image.NewGray(image.Rect(0, 0, 300, 200))
	for i := range gray.Pix {
		gray.Pix[i] = 90
	}
	paletted := image.NewPaletted(image.Rect(0, 0, 400, 300), color.Palette{teal, color.Black})
	tests := []struct {
		name         string
		data         []byte
		declared     string
		largeW       int
		largeH       int
		centre       color.Color
		centreMaxErr int
	}{
		{"jpeg 4:3 keeps its size", encodeJPEG(t, solidImage(800, 600, teal)), "image/jpeg", 800, 600, teal, 8},
		{"jpeg wide is fitted", encodeJPEG(t, solidImage(2000, 1125, teal)), "image/jpeg", 1600, 900, teal, 8},
		{"png tall is fitted", encodePNG(t, solidImage(850, 1700, teal)), "image/png", 800, 1600, teal, 8},
		{"png transparent becomes white", encodePNG(t, solidImage(300, 300, color.NRGBA{255, 0, 0, 0})), "image/png", 300, 300, color.White, 4},
		{"png paletted", encodePNG(t, paletted), "image/png", 400, 300, teal, 8},
		{"jpeg grayscale", encodeJPEG(t, gray), "image/jpeg", 300, 200, color.Gray{90}, 6},
		{"webp lossless", webpSolid(320, 200, teal), "image/webp", 320, 200, teal, 8},
		{"small photo is not enlarged", encodeJPEG(t, solidImage(100, 80, teal)), "image/jpeg", 100, 80, teal, 8},
		{"declared type with parameters", encodePNG(t, solidImage(200, 100, teal)), "Image/PNG; charset=binary", 200, 100, teal, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Product(bytes.NewReader(tt.data), tt.declared, 0, nil)
			if err != nil {
				t.Fatalf("got %v, want nil", err)
			}
			for _, r := range []struct {
				name string
				r    Rendition
				w, h int
			}{
				{"large", out.Large, tt.largeW, tt.largeH},
				{"card", out.Card, CardWidth, CardHeight},
				{"thumb", out.Thumb, ThumbWidth, ThumbHeight},
			} {
				img := checkRendition(t, r.name, r.r, r.w, r.h)
				if got := img.At(r.w/2, r.h/2); !near(got, tt.centre, tt.centreMaxErr) {
					t.Errorf("%s centre: got %v, want %v", r.name, got, tt.centre)
				}
			}
		})
	}
}

func TestProductCardsCoverTheirBox(t *testing.T) {
	// Three bands of 400 pixels; a 4:3 crop of a 1200×300 picture is its
	// middle 400×300, all green.
	wide := image.NewRGBA(image.Rect(0, 0, 1200, 300))
	for y := range 300 {
		for x := range 1200 {
			c := green
			if x < 400 {
				c = red
			} else if x >= 800 {
				c = blue
			}
			wide.SetRGBA(x, y, c)
		}
	}
	// The transposed picture, 300×1200: a 4:3 crop is its middle 300×225.
	tall := image.NewRGBA(image.Rect(0, 0, 300, 1200))
	for y := range 1200 {
		for x := range 300 {
			tall.Set(x, y, wide.At(y, x))
		}
	}
	for name, img := range map[string]image.Image{"landscape": wide, "portrait": tall} {
		t.Run(name, func(t *testing.T) {
			out, err := Product(bytes.NewReader(encodePNG(t, img)), "image/png", 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []struct {
				name string
				r    Rendition
				w, h int
			}{{"card", out.Card, CardWidth, CardHeight}, {"thumb", out.Thumb, ThumbWidth, ThumbHeight}} {
				got := checkRendition(t, r.name, r.r, r.w, r.h)
				for _, p := range []image.Point{{6, 6}, {r.w - 6, 6}, {6, r.h - 6}, {r.w - 6, r.h - 6}, {r.w / 2, r.h / 2}} {
					if c := got.At(p.X, p.Y); !near(c, green, 24) {
						t.Errorf("%s pixel %v: got %v, want %v", r.name, p, c, green)
					}
				}
			}
		})
	}
}

func TestProductAppliesEXIFOrientation(t *testing.T) {
	// Displayed quadrants (top-left, top-right, bottom-left, bottom-right)
	// for each orientation of a stored R G / B Y, as in the avatar test.
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
	// Stored 480×320 landscape: the large rendition keeps the size, or is
	// 320×480 once turned upright by orientations 5-8. One more photo is
	// fitted too: the fit box is square, so it may come before turning.
	stored := encodeJPEG(t, quadImage(480, 320))
	fitted := encodeJPEG(t, quadImage(1800, 1080))
	tests = append(tests, struct {
		orientation int
		want        [4]color.RGBA
	}{6, tests[5].want})
	for i, tt := range tests {
		src, w, h := stored, 480, 320
		if i == len(tests)-1 {
			src, w, h = fitted, 1600, 960
		}
		if tt.orientation >= 5 {
			w, h = h, w
		}
		data := withSegment(src, markerAPP1, exifPayload(binary.LittleEndian, tt.orientation))
		out, err := Product(bytes.NewReader(data), "image/jpeg", 0, nil)
		if err != nil {
			t.Fatalf("orientation %d: %v", tt.orientation, err)
		}
		img := checkRendition(t, "large", out.Large, w, h)
		points := [4]image.Point{{w / 4, h / 4}, {3 * w / 4, h / 4}, {w / 4, 3 * h / 4}, {3 * w / 4, 3 * h / 4}}
		for i, p := range points {
			if got := img.At(p.X, p.Y); !near(got, tt.want[i], 24) {
				t.Errorf("orientation %d, quadrant %d: got %v, want %v", tt.orientation, i, got, tt.want[i])
			}
		}
		// The card is cut from the upright picture (of a portrait one, the
		// middle band, where the top and bottom quadrants meet).
		card := checkRendition(t, "card", out.Card, CardWidth, CardHeight)
		if got := card.At(CardWidth/4, 8); !near(got, tt.want[0], 24) {
			t.Errorf("orientation %d, card top-left: got %v, want %v", tt.orientation, got, tt.want[0])
		}
		if got := card.At(CardWidth/4, CardHeight-8); !near(got, tt.want[2], 24) {
			t.Errorf("orientation %d, card bottom-left: got %v, want %v", tt.orientation, got, tt.want[2])
		}
	}
}

func TestProductDropsAllMetadata(t *testing.T) {
	data := encodeJPEG(t, quadImage(900, 700))
	data = withSegment(data, 0xFE, []byte("comment: "+secretText))                           // COM
	data = withSegment(data, 0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), secretText...)) // APP2
	data = withSegment(data, markerAPP1, exifPayload(binary.BigEndian, 1))
	if !bytes.Contains(data, []byte(secretText)) {
		t.Fatal("crafted input lacks its metadata")
	}
	out, err := Product(bytes.NewReader(data), "image/jpeg", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]Rendition{"large": out.Large, "card": out.Card, "thumb": out.Thumb} {
		for _, m := range jpegMarkers(t, r.Data) {
			if m == markerAPP1 {
				t.Errorf("%s: has an APP1 segment, want none", name)
			}
		}
		for _, leak := range []string{"Exif", "ICC_PROFILE", secretText, "GPS"} {
			if bytes.Contains(r.Data, []byte(leak)) {
				t.Errorf("%s: contains %q, want no metadata", name, leak)
			}
		}
	}
}

// jpegWithSize returns a small valid JPEG whose frame header claims w×h
// pixels.
func jpegWithSize(t *testing.T, w, h uint16) []byte {
	t.Helper()
	data := encodeJPEG(t, solidImage(16, 16, color.White))
	i := bytes.Index(data, []byte{0xFF, 0xC0}) // SOF0: length, precision, height, width
	if i < 0 {
		t.Fatal("no SOF0 in the encoder's output")
	}
	binary.BigEndian.PutUint16(data[i+5:], h)
	binary.BigEndian.PutUint16(data[i+7:], w)
	return data
}

// webpExtendedWithSize returns the header of an extended WebP (VP8X)
// whose canvas claims w×h pixels, followed by a few bytes of nothing.
func webpExtendedWithSize(w, h int) []byte {
	chunk := []byte{0, 0, 0, 0} // flags and reserved
	put24 := func(v int) { chunk = append(chunk, byte(v), byte(v>>8), byte(v>>16)) }
	put24(w - 1)
	put24(h - 1)
	var out []byte
	out = append(out, "RIFF"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(4+8+len(chunk)+8+4))
	out = append(out, "WEBPVP8X"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(chunk)))
	out = append(out, chunk...)
	out = append(out, "VP8L"...)
	out = binary.LittleEndian.AppendUint32(out, 4)
	return append(out, 0x2f, 0, 0, 0)
}

func TestProductRejects(t *testing.T) {
	jpg := encodeJPEG(t, quadImage(300, 200))
	png := encodePNG(t, solidImage(300, 200, color.White))
	webp := webpSolid(300, 200, color.NRGBA{1, 2, 3, 255})
	// 15 MiB and one byte that start like a JPEG: refused by size before
	// any decoding.
	oversized := io.MultiReader(bytes.NewReader(jpg[:20]), io.LimitReader(zeros{}, ProductMaxBytes))
	tests := []struct {
		name     string
		r        io.Reader
		declared string
		maxBytes int64
		want     Reason
	}{
		{"nil reader", nil, "image/jpeg", 0, ReasonMissing},
		{"empty", bytes.NewReader(nil), "image/jpeg", 0, ReasonMissing},
		{"png declared as jpeg", bytes.NewReader(png), "image/jpeg", 0, ReasonTypeMismatch},
		{"jpeg declared as webp", bytes.NewReader(jpg), "image/webp", 0, ReasonTypeMismatch},
		{"webp declared as png", bytes.NewReader(webp), "image/png", 0, ReasonTypeMismatch},
		{"declared gif", bytes.NewReader(png), "image/gif", 0, ReasonUnsupportedType},
		{"declared nothing", bytes.NewReader(jpg), "", 0, ReasonUnsupportedType},
		{"gif content", strings.NewReader("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "image/png", 0, ReasonUnsupportedType},
		{"text content", strings.NewReader("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/jpeg", 0, ReasonUnsupportedType},
		{"over 15 MiB", oversized, "image/jpeg", 0, ReasonTooLarge},
		{"over a given bound", bytes.NewReader(jpg), "image/jpeg", int64(len(jpg) - 1), ReasonTooLarge},
		{"too small", bytes.NewReader(encodePNG(t, solidImage(MinSide-1, 500, color.White))), "image/png", 0, ReasonTooSmall},
		{"truncated jpeg", bytes.NewReader(jpg[:len(jpg)/2]), "image/jpeg", 0, ReasonCorrupt},
		{"png header only", bytes.NewReader(pngWithSize(t, 300, 200)), "image/png", 0, ReasonCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Product(tt.r, tt.declared, tt.maxBytes, nil)
			var ie *ImageError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want *ImageError %s", err, tt.want)
			}
			if ie.Reason != tt.want {
				t.Errorf("reason: got %s, want %s (%v)", ie.Reason, tt.want, err)
			}
			if out.Large.Data != nil || out.Card.Data != nil || out.Thumb.Data != nil {
				t.Error("got renditions, want none")
			}
		})
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestProductRefusesDecompressionBombs feeds tiny files whose headers
// claim billions of pixels: each is refused as too_large from the header,
// before a pixel buffer is allocated.
func TestProductRefusesDecompressionBombs(t *testing.T) {
	tests := []struct {
		name     string
		data     []byte
		declared string
	}{
		{"png 50000x50000", pngWithSize(t, 50000, 50000), "image/png"},
		{"jpeg 60000x60000", jpegWithSize(t, 60000, 60000), "image/jpeg"},
		{"jpeg just over MaxPixels", jpegWithSize(t, 8000, 5001), "image/jpeg"},
		{"webp 16384x16384", webpExtendedWithSize(16384, 16384), "image/webp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.data) > 1024 {
				t.Fatalf("the bomb is %d bytes, want a tiny file", len(tt.data))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Product(bytes.NewReader(tt.data), tt.declared, 0, nil)
			runtime.ReadMemStats(&after)
			var ie *ImageError
			if !errors.As(err, &ie) || ie.Reason != ReasonTooLarge {
				t.Fatalf("got %v, want reason too_large", err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("allocated %d bytes, want under 1 MiB (refused from the header)", alloc)
			}
		})
	}
}

func TestProductReadErrorIsNotAnImageError(t *testing.T) {
	boom := errors.New("connection reset")
	_, err := Product(iotest.ErrReader(boom), "image/jpeg", 0, nil)
	var ie *ImageError
	if errors.As(err, &ie) || !errors.Is(err, boom) {
		t.Errorf("got %v, want the read error wrapped", err)
	}
}

func TestProductFromALargeJPEG(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes a 3-megapixel picture")
	}
	data := encodeJPEG(t, gradientImage(2000, 1500))
	out, err := Product(bytes.NewReader(data), "image/jpeg", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	img := checkRendition(t, "large", out.Large, 1600, 1200)
	// The gradient survives the area average: red grows to the right,
	// green downwards.
	if r0, _, _, _ := img.At(10, 600).RGBA(); r0>>8 > 10 {
		t.Errorf("left edge red: got %d, want about 0", r0>>8)
	}
	if r1, _, _, _ := img.At(1590, 600).RGBA(); r1>>8 < 245 {
		t.Errorf("right edge red: got %d, want about 255", r1>>8)
	}
	if _, g, _, _ := img.At(800, 1190).RGBA(); g>>8 < 245 {
		t.Errorf("bottom edge green: got %d, want about 255", g>>8)
	}
}

func TestFormatOf(t *testing.T) {
	tests := []struct {
		in   string
		want Format
		ok   bool
	}{
		{"image/jpeg", FormatJPEG, true},
		{"image/png", FormatPNG, true},
		{"image/webp", FormatWebP, true},
		{"IMAGE/WEBP", FormatWebP, true},
		{"image/jpeg; q=1", FormatJPEG, true},
		{"image/jpg", "", false},
		{"image/gif", "", false},
		{"", "", false},
		{"not a type", "", false},
	}
	for _, tt := range tests {
		got, ok := FormatOf(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("FormatOf(%q): got %q %v, want %q %v", tt.in, got, ok, tt.want, tt.ok)
		}
		if ok && got.ContentType() != "image/"+string(got) {
			t.Errorf("ContentType: got %q", got.ContentType())
		}
	}
}
