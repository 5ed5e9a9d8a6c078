package seed

import (
	"fmt"

	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/imaging/webpenc"
)

// Size of the demo photos' large rendition: 1024×768, well inside
// imaging.LargeMaxSide, about what the pipeline keeps of a downsized phone
// picture. The scenes are drawn at that size only; every other rendition
// (the thumb and card crops, their WebP renditions and the large one's)
// comes from it through imaging.Renditions, the same code as an uploaded
// photo's, so a demo ad is laid out and sized exactly like a seller's
// (catalog.WebPRenditionKey, by imageproc.Files). The scenes are 4:3
// like the thumb and the card, so those crops are the whole scene.
const (
	largeW, largeH = 1024, 768
)

// photoSpec says which picture to draw: one motif (a key of scenes), the
// photo's position in its ad, the brand or product colour, and the seed of
// every random choice, so the same spec always gives the same bytes.
type photoSpec struct {
	Motif   string
	Variant int
	Accent  rgb
	Seed    uint64
}

// renderPhoto draws spec at the large rendition's size and makes every
// rendition of it, JPEG and WebP, as the image pipeline does.
func renderPhoto(spec photoSpec) (imaging.ProductRenditions, error) {
	draw, ok := scenes[spec.Motif]
	if !ok {
		return imaging.ProductRenditions{}, fmt.Errorf("seed: unknown photo motif %q", spec.Motif)
	}
	c := newCanvas(largeW, largeH, spec.Seed)
	draw(c, spec.Variant, spec.Accent)
	out, err := imaging.Renditions(c.img, webpenc.Encode)
	if err != nil {
		return imaging.ProductRenditions{}, fmt.Errorf("seed: %s photo: %w", spec.Motif, err)
	}
	return out, nil
}
