package imaging

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"io"
)

// Renditions of a product photo and their encoding.
const (
	// ThumbWidth×ThumbHeight is the thumbnail (lists, the seller's
	// dashboard): the photo cropped to cover it.
	ThumbWidth  = 240
	ThumbHeight = 180
	// CardWidth×CardHeight is the card (search results): cropped to cover.
	CardWidth  = 640
	CardHeight = 480
	// LargeMaxSide bounds both sides of the large rendition (the product
	// page's gallery): the whole photo, scaled down to fit, never enlarged.
	LargeMaxSide = 1600
	// ProductQuality is the JPEG quality of every rendition.
	ProductQuality = 82
	// ProductContentType is the media type of every rendition.
	ProductContentType = "image/jpeg"
	// ProductMaxBytes bounds an uploaded product photo (15 MiB). The
	// browser uploads it straight to S3 with the size in the signature, so
	// it never passes through a Lambda payload.
	ProductMaxBytes = 15 << 20
)

// Rendition is one encoded JPEG and its pixel size.
type Rendition struct {
	Data          []byte
	Width, Height int
}

// ProductRenditions are the three JPEGs made of one product photo.
type ProductRenditions struct {
	Thumb, Card, Large Rendition
}

// Product reads at most maxBytes from r (ProductMaxBytes when maxBytes <=
// 0) and returns the renditions of a product photo: Large (fitted within
// LargeMaxSide), Card and Thumb (centred crops covering their size), all
// upright (EXIF orientation applied), without metadata, quality
// ProductQuality. declaredType is the Content-Type the seller announced
// (and S3 stored): it must name an accepted format (else
// ReasonUnsupportedType) and agree with the sniffed content (else
// ReasonTypeMismatch). Rejections are *ImageError values; a read error is
// returned wrapped, as is.
//
// Memory: the input bytes, the decoded pixels (1.5 bytes per pixel for a
// colour JPEG) and the renditions; shrinking itself needs a few rows.
func Product(r io.Reader, declaredType string, maxBytes int64) (ProductRenditions, error) {
	if maxBytes <= 0 {
		maxBytes = ProductMaxBytes
	}
	data, err := readBounded(r, maxBytes)
	if err != nil {
		return ProductRenditions{}, err
	}
	format, ok := Sniff(data)
	if !ok {
		return ProductRenditions{}, &ImageError{Reason: ReasonUnsupportedType}
	}
	declared, ok := FormatOf(declaredType)
	if !ok {
		return ProductRenditions{}, &ImageError{Reason: ReasonUnsupportedType, Err: fmt.Errorf("declared type %q", declaredType)}
	}
	if declared != format {
		return ProductRenditions{}, &ImageError{Reason: ReasonTypeMismatch, Err: fmt.Errorf("declared %s, content is %s", declared, format)}
	}
	src, err := decode(format, data, MaxPixels)
	if err != nil {
		return ProductRenditions{}, err
	}
	orientation := 1
	if format == FormatJPEG {
		orientation = JPEGOrientation(data)
	}

	// The large rendition is made first, from the source; the crops come
	// from it, so the full-size pixels are read once (and the upload and
	// the source are garbage once it exists). The fit box is a square, so
	// fitting before orienting gives the same size.
	b := src.Bounds()
	lw, lh := fitWithin(b.Dx(), b.Dy(), LargeMaxSide, LargeMaxSide)
	large := orient(resize(src, b, lw, lh), orientation)
	card := resize(large, coverRect(large.Bounds(), CardWidth, CardHeight), CardWidth, CardHeight)
	// The thumbnail has the card's aspect ratio: it is the card, smaller.
	thumb := resize(card, card.Bounds(), ThumbWidth, ThumbHeight)

	var out ProductRenditions
	for _, e := range []struct {
		dst *Rendition
		img *image.RGBA
	}{{&out.Large, large}, {&out.Card, card}, {&out.Thumb, thumb}} {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, e.img, &jpeg.Options{Quality: ProductQuality}); err != nil {
			return ProductRenditions{}, fmt.Errorf("imaging: encode rendition: %w", err)
		}
		*e.dst = Rendition{Data: buf.Bytes(), Width: e.img.Rect.Dx(), Height: e.img.Rect.Dy()}
	}
	return out, nil
}
