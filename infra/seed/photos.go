package seed

import (
	"bytes"
	"fmt"
	"image/jpeg"

	"github.com/remat/remat/shared/imaging"
)

// Sizes of the demo photos: the renditions the image pipeline writes for
// an upload (imaging.Product: thumb and card cropped to cover their size,
// large fitted within imaging.LargeMaxSide, JPEG at imaging.ProductQuality).
// The scenes are 4:3 like the thumb and the card, so each rendition is the
// whole scene drawn at that size. Large is drawn at 1024×768, well inside
// the bound: about what the pipeline keeps of a downsized phone picture.
//
// The scenes are drawn at each size rather than encoded once and run
// through imaging.Product: that would decode and resample every picture
// again and double the seed's time (about 30 ms against 60 ms a photo).
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

// photo is the three renditions of one demo picture.
type photo struct {
	Thumb, Card, Large []byte
	Width, Height      int // of Large
}

// renderPhoto draws spec at each rendition size and encodes it. Drawing
// each size natively (rather than scaling the large one down) costs about
// the same and gives sharper small renditions.
func renderPhoto(spec photoSpec) (photo, error) {
	draw, ok := scenes[spec.Motif]
	if !ok {
		return photo{}, fmt.Errorf("seed: unknown photo motif %q", spec.Motif)
	}
	encode := func(w, h int) ([]byte, error) {
		c := newCanvas(w, h, spec.Seed)
		draw(c, spec.Variant, spec.Accent)
		var buf bytes.Buffer
		buf.Grow(w * h / 6)
		if err := jpeg.Encode(&buf, c.img, &jpeg.Options{Quality: imaging.ProductQuality}); err != nil {
			return nil, fmt.Errorf("seed: encode %s photo: %w", spec.Motif, err)
		}
		return buf.Bytes(), nil
	}
	var p photo
	var err error
	if p.Thumb, err = encode(imaging.ThumbWidth, imaging.ThumbHeight); err != nil {
		return photo{}, err
	}
	if p.Card, err = encode(imaging.CardWidth, imaging.CardHeight); err != nil {
		return photo{}, err
	}
	if p.Large, err = encode(largeW, largeH); err != nil {
		return photo{}, err
	}
	p.Width, p.Height = largeW, largeH
	return p, nil
}
