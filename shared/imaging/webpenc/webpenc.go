// Package webpenc encodes opaque pictures as lossy WebP, the renditions
// the image pipeline writes next to its JPEGs (imaging.Product takes
// Encode as its WebP encoder).
//
// The encoder is libwebp compiled to WebAssembly and run by wazero
// (github.com/gen2brain/webp): no cgo. That module also looks for a
// shared libwebp through purego, which makes any binary linking it
// dynamically linked; binaries are built with the nodynamic tag
// (LAMBDA_GOFLAGS in the Makefile, the local cloud's builds), which keeps
// them static and always on the WebAssembly encoder. This package is
// separate from package imaging so that only the binaries that make
// product photos (the images function, the seed) link the encoder and pay
// for it: about 3 MB of binary, and compiling the module (some 100 ms)
// at the first photo of a cold start.
package webpenc

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"

	"github.com/gen2brain/webp"
)

// MaxSide is the largest width or height WebP can store.
const MaxSide = 16383

// method is libwebp's speed/size trade-off (0 fastest, 6 smallest). In
// WebAssembly, 2 encodes a 1600×1200 photo in about a quarter of the time
// of libwebp's default 4 (0.3 s against 1.1 s on one core), for files
// within a few percent of its size: methods 3 and up add rate-distortion
// passes.
const method = 2

// Encode returns img as a lossy WebP at quality (1-100) without metadata.
// The renditions are opaque, and an opaque picture is written without an
// alpha channel. An empty picture, one over MaxSide or a quality out of
// range is an error, as is a failure of the encoder. It is safe for
// concurrent use.
func Encode(img *image.RGBA, quality int) ([]byte, error) {
	if img == nil {
		return nil, errors.New("webpenc: no picture")
	}
	b := img.Bounds()
	switch {
	case b.Empty():
		return nil, errors.New("webpenc: empty picture")
	case b.Dx() > MaxSide || b.Dy() > MaxSide:
		return nil, fmt.Errorf("webpenc: %dx%d pixels: over the %d a side WebP can store", b.Dx(), b.Dy(), MaxSide)
	case quality < 1 || quality > 100:
		return nil, fmt.Errorf("webpenc: quality %d: want 1-100", quality)
	}
	// The encoder reads Pix as packed rows from the origin: a sub-image or
	// a padded stride is copied into a packed picture first.
	if b.Min != (image.Point{}) || img.Stride != 4*b.Dx() || len(img.Pix) != 4*b.Dx()*b.Dy() {
		packed := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(packed, packed.Bounds(), img, b.Min, draw.Src)
		img = packed
	}
	var buf bytes.Buffer
	buf.Grow(b.Dx() * b.Dy() / 8)
	if err := webp.Encode(&buf, img, webp.Options{Quality: quality, Method: method}); err != nil {
		return nil, fmt.Errorf("webpenc: encode %dx%d: %w", b.Dx(), b.Dy(), err)
	}
	return buf.Bytes(), nil
}
