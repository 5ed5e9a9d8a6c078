package seed

import (
	"bytes"
	"image"
	_ "image/jpeg" // decodeConfig reads the JPEG renditions
	"maps"
	"slices"
	"testing"

	_ "golang.org/x/image/webp" // and the WebP ones

	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/imaging/webpenc"
)

// TestRenderPhotoMatchesThePipeline: the demo photo has every rendition,
// at the sizes, the image pipeline makes of the same picture uploaded
// (imaging.Product), so a demo ad looks like an uploaded one everywhere.
func TestRenderPhotoMatchesThePipeline(t *testing.T) {
	p, err := renderPhoto(photoSpec{Motif: "bricks", Variant: 0, Accent: rgbHex(0xb5532f), Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	want, err := imaging.Product(bytes.NewReader(p.Large.Data), imaging.ProductContentType, 0, webpenc.Encode)
	if err != nil {
		t.Fatal(err)
	}
	if p.Large.Width != largeW || p.Large.Height != largeH || max(largeW, largeH) > imaging.LargeMaxSide {
		t.Errorf("large: got %dx%d, want %dx%d", p.Large.Width, p.Large.Height, largeW, largeH)
	}
	roles := []struct {
		name      string
		got, want []imaging.Rendition
		format    imaging.Format
	}{
		{"jpeg", []imaging.Rendition{p.Thumb, p.Card, p.Large}, []imaging.Rendition{want.Thumb, want.Card, want.Large}, imaging.FormatJPEG},
		{"thumb webp", p.ThumbWebP, want.ThumbWebP, imaging.FormatWebP},
		{"card webp", p.CardWebP, want.CardWebP, imaging.FormatWebP},
		{"large webp", p.LargeWebP, want.LargeWebP, imaging.FormatWebP},
	}
	for _, r := range roles {
		if len(r.got) != len(r.want) || len(r.got) == 0 {
			t.Errorf("%s: got %d renditions, want %d", r.name, len(r.got), len(r.want))
			continue
		}
		for i, g := range r.got {
			if f, _ := imaging.Sniff(g.Data); f != r.format {
				t.Errorf("%s %d: format %q, want %q", r.name, i, f, r.format)
			}
			cfg, err := decodeConfig(g.Data)
			if err != nil || cfg.Width != g.Width || cfg.Height != g.Height {
				t.Errorf("%s %d: decodes as %dx%d (%v), announced %dx%d", r.name, i, cfg.Width, cfg.Height, err, g.Width, g.Height)
			}
			if w := r.want[i]; g.Width != w.Width || g.Height != w.Height {
				t.Errorf("%s %d: got %dx%d, want %dx%d as the pipeline makes it", r.name, i, g.Width, g.Height, w.Width, w.Height)
			}
		}
	}
}

func decodeConfig(data []byte) (image.Config, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	return cfg, err //nolint:wrapcheck // a test helper
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
	if !bytes.Equal(a.Large.Data, b.Large.Data) || !bytes.Equal(a.Thumb.Data, b.Thumb.Data) || !bytes.Equal(a.CardWebP[1].Data, b.CardWebP[1].Data) {
		t.Error("the same spec gave different bytes")
	}
	spec.Seed++
	c, err := renderPhoto(spec)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Thumb.Data, c.Thumb.Data) {
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
