package imaging

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func TestAreaSpans(t *testing.T) {
	for _, tt := range []struct{ n, m int }{{4000, 1600}, {3000, 1200}, {10, 3}, {7, 7}, {1601, 1600}, {5, 1}} {
		spans := areaSpans(tt.n, tt.m)
		covered := make([]float64, tt.n)
		for i, sp := range spans {
			var sum float64
			for k, w := range sp.w {
				sum += float64(w)
				covered[sp.first+k] += float64(w) * float64(tt.n) / float64(tt.m)
			}
			if math.Abs(sum-1) > 1e-5 {
				t.Errorf("%d->%d: output %d weights add up to %v, want 1", tt.n, tt.m, i, sum)
			}
		}
		// Every input sample is used exactly once in total.
		for j, c := range covered {
			if math.Abs(c-1) > 1e-4 {
				t.Errorf("%d->%d: input %d covered %v times, want 1", tt.n, tt.m, j, c)
				break
			}
		}
	}
}

func TestFitWithinAndCoverRect(t *testing.T) {
	fits := []struct{ w, h, wantW, wantH int }{
		{4000, 3000, 1600, 1200},
		{3000, 4000, 1200, 1600},
		{1600, 1600, 1600, 1600},
		{1601, 10, 1600, 10},
		{100, 80, 100, 80},
		{20000, 3, 1600, 1},
	}
	for _, tt := range fits {
		if w, h := fitWithin(tt.w, tt.h, 1600, 1600); w != tt.wantW || h != tt.wantH {
			t.Errorf("fitWithin(%d, %d): got %dx%d, want %dx%d", tt.w, tt.h, w, h, tt.wantW, tt.wantH)
		}
	}
	covers := []struct {
		b    image.Rectangle
		want image.Rectangle
	}{
		{image.Rect(0, 0, 1600, 1200), image.Rect(0, 0, 1600, 1200)},
		{image.Rect(0, 0, 1200, 300), image.Rect(400, 0, 800, 300)},
		{image.Rect(0, 0, 300, 1200), image.Rect(0, 487, 300, 712)},
		{image.Rect(10, 20, 410, 320), image.Rect(10, 20, 410, 320)},
	}
	for _, tt := range covers {
		if got := coverRect(tt.b, 640, 480); got != tt.want {
			t.Errorf("coverRect(%v): got %v, want %v", tt.b, got, tt.want)
		}
	}
}

func TestShrinkAveragesArea(t *testing.T) {
	// A one-pixel checkerboard of black and white shrunk 4× is mid-grey
	// everywhere: each output pixel averages 16 inputs.
	src := image.NewGray(image.Rect(0, 0, 400, 300))
	for y := range 300 {
		for x := range 400 {
			if (x+y)%2 == 0 {
				src.SetGray(x, y, color.Gray{255})
			}
		}
	}
	dst := resize(src, src.Bounds(), 100, 75)
	for _, p := range []image.Point{{0, 0}, {50, 37}, {99, 74}} {
		if c := dst.RGBAAt(p.X, p.Y); math.Abs(float64(c.R)-127.5) > 1 || c.R != c.G || c.G != c.B || c.A != 255 {
			t.Errorf("pixel %v: got %v, want grey 127/128", p, c)
		}
	}
}

func TestResizeFlattensEveryPixelType(t *testing.T) {
	half := color.NRGBA{0, 0, 0, 128} // half-transparent black on white: grey
	nrgba := solidImage(8, 8, half)
	rgba := image.NewRGBA(image.Rect(0, 0, 8, 8))
	nrgba64 := image.NewNRGBA64(image.Rect(0, 0, 8, 8))
	for y := range 8 {
		for x := range 8 {
			rgba.Set(x, y, half)
			nrgba64.Set(x, y, half)
		}
	}
	ycc := image.NewYCbCr(image.Rect(0, 0, 8, 8), image.YCbCrSubsampleRatio420)
	for i := range ycc.Y {
		ycc.Y[i] = 127
	}
	for i := range ycc.Cb {
		ycc.Cb[i], ycc.Cr[i] = 128, 128
	}
	for name, src := range map[string]image.Image{"nrgba": nrgba, "rgba": rgba, "nrgba64 (through At)": nrgba64, "ycbcr": ycc} {
		for _, size := range []int{4, 16} { // shrink and enlarge
			dst := resize(src, src.Bounds(), size, size)
			if c := dst.RGBAAt(size/2, size/2); !near(c, color.Gray{127}, 2) || c.A != 255 {
				t.Errorf("%s to %d: got %v, want opaque grey 127", name, size, c)
			}
		}
	}
}

func TestOrientNonSquare(t *testing.T) {
	// A 3×2 picture with a different value at every pixel.
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range 6 {
		img.Pix[4*i] = uint8(i + 1)
	}
	// Row by row, the stored pixels shown after each orientation
	// (stored: 1 2 3 / 4 5 6).
	tests := []struct {
		o    int
		w, h int
		want []uint8
	}{
		{1, 3, 2, []uint8{1, 2, 3, 4, 5, 6}},
		{2, 3, 2, []uint8{3, 2, 1, 6, 5, 4}},
		{3, 3, 2, []uint8{6, 5, 4, 3, 2, 1}},
		{4, 3, 2, []uint8{4, 5, 6, 1, 2, 3}},
		{5, 2, 3, []uint8{1, 4, 2, 5, 3, 6}},
		{6, 2, 3, []uint8{4, 1, 5, 2, 6, 3}},
		{7, 2, 3, []uint8{6, 3, 5, 2, 4, 1}},
		{8, 2, 3, []uint8{3, 6, 2, 5, 1, 4}},
	}
	for _, tt := range tests {
		out := orient(img, tt.o)
		if b := out.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
			t.Errorf("orientation %d: got %dx%d, want %dx%d", tt.o, b.Dx(), b.Dy(), tt.w, tt.h)
			continue
		}
		var got []uint8
		for i := range tt.w * tt.h {
			got = append(got, out.Pix[4*i])
		}
		if string(got) != string(tt.want) {
			t.Errorf("orientation %d: got %v, want %v", tt.o, got, tt.want)
		}
	}
}

// TestYCbCrRowsMatchAt checks the direct YCbCr reader against At for every
// subsampling ratio, on a picture that does not start at the origin.
func TestYCbCrRowsMatchAt(t *testing.T) {
	ratios := []image.YCbCrSubsampleRatio{
		image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420,
		image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410,
	}
	for _, ratio := range ratios {
		img := image.NewYCbCr(image.Rect(3, 5, 23, 18), ratio)
		for i := range img.Y {
			img.Y[i] = uint8(i * 7)
		}
		for i := range img.Cb {
			img.Cb[i], img.Cr[i] = uint8(i*13), uint8(255-i*11)
		}
		read := rowReader(img)
		row := make([]float32, 3*img.Rect.Dx())
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			read(y, img.Rect.Min.X, img.Rect.Max.X, row)
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
				i := 3 * (x - img.Rect.Min.X)
				if row[i] != float32(c.R) || row[i+1] != float32(c.G) || row[i+2] != float32(c.B) {
					t.Fatalf("%v (%d, %d): got %v, want %v", ratio, x, y, row[i:i+3], c)
				}
			}
		}
	}
}
