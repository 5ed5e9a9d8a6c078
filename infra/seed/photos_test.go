package seed

import (
	"bytes"
	"image"
	"image/jpeg"
	"maps"
	"slices"
	"testing"

	"github.com/remat/remat/shared/imaging"
)

func decodeJPEG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestRenderPhotoMatchesThePipeline: the renditions have the sizes the
// image pipeline gives the same picture (imaging.Product), so a demo ad
// looks like an uploaded one everywhere.
func TestRenderPhotoMatchesThePipeline(t *testing.T) {
	p, err := renderPhoto(photoSpec{Motif: "bricks", Variant: 0, Accent: rgbHex(0xb5532f), Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	want, err := imaging.Product(bytes.NewReader(p.Large), imaging.ProductContentType, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		name string
		data []byte
		want imaging.Rendition
	}{{"thumb", p.Thumb, want.Thumb}, {"card", p.Card, want.Card}, {"large", p.Large, want.Large}} {
		b := decodeJPEG(t, r.data).Bounds()
		if b.Dx() != r.want.Width || b.Dy() != r.want.Height {
			t.Errorf("%s: got %dx%d, want %dx%d as the pipeline makes it", r.name, b.Dx(), b.Dy(), r.want.Width, r.want.Height)
		}
	}
	if p.Width != largeW || p.Height != largeH || max(largeW, largeH) > imaging.LargeMaxSide {
		t.Errorf("large: got %dx%d", p.Width, p.Height)
	}
}

func TestRenderPhotoIsDeterministic(t *testing.T) {
	spec := photoSpec{Motif: "timber", Variant: 1, Accent: rgbHex(0xc9a26b), Seed: 7}
	a, err := renderPhoto(spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := renderPhoto(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Large, b.Large) || !bytes.Equal(a.Thumb, b.Thumb) {
		t.Error("the same spec gave different bytes")
	}
	spec.Seed++
	c, err := renderPhoto(spec)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Thumb, c.Thumb) {
		t.Error("another seed gave the same picture")
	}
	if _, err := renderPhoto(photoSpec{Motif: "unicorn"}); err == nil {
		t.Error("an unknown motif was drawn")
	}
}

func TestEveryCategoryHasAMotif(t *testing.T) {
	for _, c := range Categories() {
		if _, ok := scenes[categoryMotif[c.Slug]]; !ok {
			t.Errorf("category %s: no photo motif", c.Slug)
		}
	}
}

// TestScenesDrawDistinctPictures draws every motif's three variants at
// thumbnail size with the same colour and seed: each must be a picture
// (not one flat colour) and differ from every other motif's.
func TestScenesDrawDistinctPictures(t *testing.T) {
	const w, h = 120, 90
	motifs := slices.Sorted(maps.Keys(scenes))
	first := map[string]*image.RGBA{}
	for _, m := range motifs {
		for v := range 3 {
			c := newCanvas(w, h, 99)
			scenes[m](c, v, rgbHex(0x9a6b3f))
			if spread(c.img) < 20 {
				t.Errorf("%s/%d: nearly one flat colour", m, v)
			}
			if v == 0 {
				first[m] = c.img
			}
		}
	}
	for i, a := range motifs {
		for _, b := range motifs[i+1:] {
			if d := meanDiff(first[a], first[b]); d < 3 {
				t.Errorf("%s and %s look alike (mean difference %.1f)", a, b, d)
			}
		}
	}
}

// spread is the difference between the darkest and the brightest pixel.
func spread(img *image.RGBA) int {
	lo, hi := 255*3, 0
	for i := 0; i < len(img.Pix); i += 4 {
		v := int(img.Pix[i]) + int(img.Pix[i+1]) + int(img.Pix[i+2])
		lo, hi = min(lo, v), max(hi, v)
	}
	return (hi - lo) / 3
}

func meanDiff(a, b *image.RGBA) float64 {
	sum := 0
	for i := range a.Pix {
		d := int(a.Pix[i]) - int(b.Pix[i])
		sum += max(d, -d)
	}
	return float64(sum) / float64(len(a.Pix))
}

func BenchmarkRenderPhoto(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		if _, err := renderPhoto(photoSpec{Motif: "bricks", Variant: i % 3, Accent: rgbHex(0xb5532f), Seed: uint64(i)}); err != nil { //nolint:gosec // G115: a benchmark counter
			b.Fatal(err)
		}
	}
}
