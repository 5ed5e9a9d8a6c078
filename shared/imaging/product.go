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
	// CardSmallWidth×CardSmallHeight is the card's narrow WebP, for a
	// card a phone shows at one device pixel per CSS pixel or a grid of
	// two columns: the card, scaled down.
	CardSmallWidth  = 320
	CardSmallHeight = 240
	// LargeMaxSide bounds both sides of the large rendition (the product
	// page's gallery): the whole photo, scaled down to fit, never enlarged.
	LargeMaxSide = 1600
	// LargeSmallMaxSide bounds both sides of the large rendition's narrow
	// WebP, for a phone's gallery: made only when the large rendition is
	// bigger.
	LargeSmallMaxSide = 800
	// ProductQuality is the JPEG quality of every rendition.
	ProductQuality = 82
	// WebPQuality is the quality of every WebP rendition, on libwebp's
	// scale (not JPEG's): the demo seed's photos weigh about half their
	// JPEGs at ProductQuality (a noisy photo less so).
	WebPQuality = 80
	// ProductContentType is the media type of the JPEG renditions.
	ProductContentType = "image/jpeg"
	// WebPContentType is the media type of the WebP renditions.
	WebPContentType = "image/webp"
	// ProductMaxBytes bounds an uploaded product photo (15 MiB). The
	// browser uploads it straight to S3 with the size in the signature, so
	// it never passes through a Lambda payload.
	ProductMaxBytes = 15 << 20
)

// Rendition is one encoded picture and its pixel size.
type Rendition struct {
	Data          []byte
	Width, Height int
}

// ProductRenditions are the renditions made of one product photo: three
// JPEGs, the fallback every browser shows, and the WebP renditions of the
// same three pictures at the widths a srcset offers (each list narrowest
// first; none when no WebP encoder was given):
//
//	ThumbWebP  the thumbnail (ThumbWidth×ThumbHeight)
//	CardWebP   CardSmallWidth×CardSmallHeight and the card
//	LargeWebP  fitted within LargeSmallMaxSide when the large rendition is
//	           bigger, then the large rendition's own size
type ProductRenditions struct {
	Thumb, Card, Large             Rendition
	ThumbWebP, CardWebP, LargeWebP []Rendition
}

// WebPEncoder encodes an opaque picture as WebP at a quality (1-100);
// package webpenc's Encode is one. It is a parameter so that the binaries
// that make avatars only (package imaging's other users) do not link a
// WebP encoder.
type WebPEncoder func(img *image.RGBA, quality int) ([]byte, error)

// Product reads at most maxBytes from r (ProductMaxBytes when maxBytes <=
// 0) and returns the renditions of a product photo: Large (fitted within
// LargeMaxSide), Card and Thumb (centred crops covering their size), all
// upright (EXIF orientation applied), without metadata, JPEG at quality
// ProductQuality, and, when encodeWebP is not nil, their WebP renditions
// (see ProductRenditions) at WebPQuality. declaredType is the
// Content-Type the seller announced (and S3 stored): it must name an
// accepted format (else ReasonUnsupportedType) and agree with the sniffed
// content (else ReasonTypeMismatch). Rejections are *ImageError values; a
// read error or an encoder's failure is returned wrapped, as is.
//
// Memory: the input bytes, the decoded pixels (1.5 bytes per pixel for a
// colour JPEG) and the renditions; shrinking itself needs a few rows.
func Product(r io.Reader, declaredType string, maxBytes int64, encodeWebP WebPEncoder) (ProductRenditions, error) {
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

	// The large rendition is made first, from the source; everything else
	// comes from it, so the full-size pixels are read once (and the upload
	// and the source are garbage once it exists). The fit box is a square,
	// so fitting before orienting gives the same size.
	b := src.Bounds()
	lw, lh := fitWithin(b.Dx(), b.Dy(), LargeMaxSide, LargeMaxSide)
	return Renditions(orient(resize(src, b, lw, lh), orientation), encodeWebP)
}

// Renditions makes every rendition of a product photo from its large
// rendition: large, upright and fitted within LargeMaxSide (Product makes
// it from an upload; the demo seed draws it). The crops and the smaller
// sizes come from large; see ProductRenditions and Product for the rest.
func Renditions(large *image.RGBA, encodeWebP WebPEncoder) (ProductRenditions, error) {
	if b := large.Bounds(); b.Empty() || b.Dx() > LargeMaxSide || b.Dy() > LargeMaxSide {
		return ProductRenditions{}, fmt.Errorf("imaging: large rendition of %dx%d pixels: want 1 to %d a side", b.Dx(), b.Dy(), LargeMaxSide)
	}
	card := resize(large, coverRect(large.Bounds(), CardWidth, CardHeight), CardWidth, CardHeight)
	// The thumbnail has the card's aspect ratio: it is the card, smaller.
	thumb := resize(card, card.Bounds(), ThumbWidth, ThumbHeight)

	var out ProductRenditions
	var err error
	if out.Large, err = jpegRendition(large); err != nil {
		return ProductRenditions{}, err
	}
	if out.Card, err = jpegRendition(card); err != nil {
		return ProductRenditions{}, err
	}
	if out.Thumb, err = jpegRendition(thumb); err != nil {
		return ProductRenditions{}, err
	}
	if encodeWebP == nil {
		return out, nil
	}

	lb := large.Bounds()
	larges := []*image.RGBA{large}
	if sw, sh := fitWithin(lb.Dx(), lb.Dy(), LargeSmallMaxSide, LargeSmallMaxSide); sw < lb.Dx() || sh < lb.Dy() {
		larges = []*image.RGBA{resize(large, lb, sw, sh), large}
	}
	cards := []*image.RGBA{resize(card, card.Bounds(), CardSmallWidth, CardSmallHeight), card}
	for _, e := range []struct {
		dst  *[]Rendition
		imgs []*image.RGBA
	}{{&out.ThumbWebP, []*image.RGBA{thumb}}, {&out.CardWebP, cards}, {&out.LargeWebP, larges}} {
		for _, img := range e.imgs {
			data, err := encodeWebP(img, WebPQuality)
			if err != nil {
				return ProductRenditions{}, fmt.Errorf("imaging: encode %dx%d webp rendition: %w", img.Rect.Dx(), img.Rect.Dy(), err)
			}
			*e.dst = append(*e.dst, Rendition{Data: data, Width: img.Rect.Dx(), Height: img.Rect.Dy()})
		}
	}
	return out, nil
}

// jpegRendition encodes one rendition as a baseline JPEG at ProductQuality.
func jpegRendition(img *image.RGBA) (Rendition, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: ProductQuality}); err != nil {
		return Rendition{}, fmt.Errorf("imaging: encode rendition: %w", err)
	}
	return Rendition{Data: buf.Bytes(), Width: img.Rect.Dx(), Height: img.Rect.Dy()}, nil
}
