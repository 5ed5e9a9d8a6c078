package webpenc

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/webp"
)

// quadrants is a w×h picture in four solid colours, so a misread row or
// stride shows at the quadrants' centres even after lossy coding.
func quadrants(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{200, 30, 30, 255}
			switch {
			case x >= w/2 && y < h/2:
				c = color.RGBA{30, 180, 30, 255}
			case x < w/2 && y >= h/2:
				c = color.RGBA{30, 30, 200, 255}
			case x >= w/2 && y >= h/2:
				c = color.RGBA{220, 220, 40, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// videoRGB converts a sample of a lossy WebP, which stores BT.601 video
// range (Y 16-235), to RGB. Go's color.YCbCr is full range (JFIF), so its
// own conversion would read libwebp's whites as light grey.
func videoRGB(c color.YCbCr) [3]int {
	y, cb, cr := 1.164*(float64(c.Y)-16), float64(c.Cb)-128, float64(c.Cr)-128
	clamp := func(v float64) int { return max(0, min(255, int(v+0.5))) }
	return [3]int{clamp(y + 1.596*cr), clamp(y - 0.392*cb - 0.813*cr), clamp(y + 2.017*cb)}
}

func near(got [3]int, want color.RGBA, tol int) bool {
	for i, w := range []uint8{want.R, want.G, want.B} {
		if d := got[i] - int(w); d > tol || d < -tol {
			return false
		}
	}
	return true
}

// checkWebP decodes data with the standard library's WebP decoder and
// compares the quadrants' centres with src.
func checkWebP(t *testing.T, data []byte, src *image.RGBA) {
	t.Helper()
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		t.Fatalf("not a WebP file: % x", data[:min(len(data), 12)])
	}
	if bytes.Contains(data, []byte("EXIF")) || bytes.Contains(data, []byte("XMP ")) || bytes.Contains(data, []byte("ICCP")) {
		t.Error("the file carries metadata")
	}
	got, err := webp.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	sb := src.Bounds()
	if b := got.Bounds(); b.Dx() != sb.Dx() || b.Dy() != sb.Dy() {
		t.Fatalf("size: got %dx%d, want %dx%d", b.Dx(), b.Dy(), sb.Dx(), sb.Dy())
	}
	ycc, ok := got.(*image.YCbCr)
	if !ok {
		t.Fatalf("decoded as %T, want an opaque YCbCr picture (no alpha channel)", got)
	}
	w, h := sb.Dx(), sb.Dy()
	for _, p := range []image.Point{{w / 4, h / 4}, {3 * w / 4, h / 4}, {w / 4, 3 * h / 4}, {3 * w / 4, 3 * h / 4}} {
		want := src.RGBAAt(sb.Min.X+p.X, sb.Min.Y+p.Y)
		if c := videoRGB(ycc.YCbCrAt(p.X, p.Y)); !near(c, want, 10) {
			t.Errorf("pixel %v: got %v, want about %v", p, c, want)
		}
	}
}

func TestEncode(t *testing.T) {
	padded := image.NewRGBA(image.Rect(0, 0, 400, 300))
	copy(padded.Pix, quadrants(400, 300).Pix)
	tests := []struct {
		name string
		img  *image.RGBA
	}{
		{"card 4:3", quadrants(320, 240)},
		{"odd sides", quadrants(101, 77)},
		{"portrait", quadrants(150, 200)},
		// A sub-image shares its parent's Pix and stride: the encoder must
		// see only the window.
		{"sub-image", padded.SubImage(image.Rect(200, 0, 400, 150)).(*image.RGBA)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := Encode(tt.img, 80)
			if err != nil {
				t.Fatal(err)
			}
			checkWebP(t, data, tt.img)
		})
	}
}

func TestEncodeQualityTradesBytes(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 256, 192))
	for i := range img.Pix {
		img.Pix[i] = uint8(i*7 + i/1024) // busy detail
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	low, err := Encode(img, 30)
	if err != nil {
		t.Fatal(err)
	}
	high, err := Encode(img, 95)
	if err != nil {
		t.Fatal(err)
	}
	if len(low) >= len(high) {
		t.Errorf("quality 30 gave %d bytes, quality 95 %d: want fewer at the lower quality", len(low), len(high))
	}
}

func TestEncodeRefuses(t *testing.T) {
	tests := []struct {
		name    string
		img     *image.RGBA
		quality int
		want    string
	}{
		{"nil", nil, 80, "no picture"},
		{"empty", image.NewRGBA(image.Rect(0, 0, 0, 10)), 80, "empty"},
		{"too wide", &image.RGBA{Rect: image.Rect(0, 0, MaxSide+1, 1)}, 80, "over the 16383"},
		{"quality 0", quadrants(8, 8), 0, "quality 0"},
		{"quality 101", quadrants(8, 8), 101, "quality 101"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Encode(tt.img, tt.quality)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// TestEncodeConcurrently: the seed encodes on several goroutines at once.
func TestEncodeConcurrently(t *testing.T) {
	img := quadrants(64, 48)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			if _, err := Encode(img, 75); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
