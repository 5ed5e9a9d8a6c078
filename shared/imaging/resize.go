package imaging

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/draw"
)

// resize returns the part r of src scaled to dw×dh as an opaque RGBA
// picture, transparent pixels composited onto white (a photo with an
// alpha channel must not turn black in a JPEG).
//
// Shrinking, the common case, averages the source pixels each output pixel
// covers, one source row at a time: memory stays at a few rows whatever
// the input's size, where a kernel scaler over a 12-megapixel photo holds
// an intermediate of 32 bytes per pixel of the half-scaled picture.
// Enlarging (a small photo filling a card) uses Catmull-Rom.
func resize(src image.Image, r image.Rectangle, dw, dh int) *image.RGBA {
	if dw <= r.Dx() && dh <= r.Dy() {
		return shrink(src, r, dw, dh)
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, r, draw.Over, nil)
	return dst
}

// fitWithin returns the size of a w×h picture scaled down to fit within
// maxW×maxH, keeping its aspect ratio; a picture that fits already keeps
// its size (no enlarging).
func fitWithin(w, h, maxW, maxH int) (int, int) {
	if w <= maxW && h <= maxH {
		return w, h
	}
	s := math.Min(float64(maxW)/float64(w), float64(maxH)/float64(h))
	return max(1, int(math.Round(float64(w)*s))), max(1, int(math.Round(float64(h)*s)))
}

// coverRect returns the largest centred rectangle of b with the aspect
// ratio tw:th: scaled to tw×th it covers the target, the overflow cropped.
func coverRect(b image.Rectangle, tw, th int) image.Rectangle {
	w, h := b.Dx(), b.Dy()
	cw, ch := w, h
	if w*th > h*tw { // wider than the target: crop the sides
		cw = max(1, int(math.Round(float64(h)*float64(tw)/float64(th))))
	} else { // taller: crop top and bottom
		ch = max(1, int(math.Round(float64(w)*float64(th)/float64(tw))))
	}
	x0 := b.Min.X + (w-cw)/2
	y0 := b.Min.Y + (h-ch)/2
	return image.Rect(x0, y0, x0+cw, y0+ch)
}

// span is how one output sample is made of the input: the weighted sum of
// the input samples first, first+1, ... (the weights add up to 1).
type span struct {
	first int
	w     []float32
}

// areaSpans maps n input samples onto m <= n output samples by area: each
// output sample covers n/m input samples, partly covered ones weighted by
// the covered fraction.
func areaSpans(n, m int) []span {
	scale := float64(n) / float64(m)
	out := make([]span, m)
	for i := range out {
		s0, s1 := float64(i)*scale, float64(i+1)*scale
		first := int(s0)
		last := min(n-1, int(math.Ceil(s1))-1)
		w := make([]float32, 0, last-first+1)
		for j := first; j <= last; j++ {
			cover := math.Min(float64(j+1), s1) - math.Max(float64(j), s0)
			w = append(w, float32(cover/scale))
		}
		out[i] = span{first: first, w: w}
	}
	return out
}

// shrink is resize for dw <= r.Dx() and dh <= r.Dy(): an area average,
// separable, reading each source row once (a row on the border of two
// output rows is kept for the second).
func shrink(src image.Image, r image.Rectangle, dw, dh int) *image.RGBA {
	read := rowReader(src)
	hs := areaSpans(r.Dx(), dw)
	vs := areaSpans(r.Dy(), dh)
	row := make([]float32, 3*r.Dx())
	acc := make([]float32, 3*dw)
	cached, cachedY := make([]float32, 3*dw), -1
	next := make([]float32, 3*dw)

	// resampled returns source row sy (relative to r) scaled to dw samples.
	resampled := func(sy int) []float32 {
		if sy == cachedY {
			return cached
		}
		read(r.Min.Y+sy, r.Min.X, r.Max.X, row)
		for x, sp := range hs {
			var cr, cg, cb float32
			p := 3 * sp.first
			for _, w := range sp.w {
				cr += w * row[p]
				cg += w * row[p+1]
				cb += w * row[p+2]
				p += 3
			}
			next[3*x], next[3*x+1], next[3*x+2] = cr, cg, cb
		}
		cached, next = next, cached
		cachedY = sy
		return cached
	}

	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y, sp := range vs {
		clear(acc)
		for k, w := range sp.w {
			h := resampled(sp.first + k)
			for i, v := range h {
				acc[i] += w * v
			}
		}
		pix := dst.Pix[y*dst.Stride : y*dst.Stride+4*dw]
		for x := range dw {
			pix[4*x] = clampByte(acc[3*x])
			pix[4*x+1] = clampByte(acc[3*x+1])
			pix[4*x+2] = clampByte(acc[3*x+2])
			pix[4*x+3] = 0xFF
		}
	}
	return dst
}

func clampByte(v float32) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// rowReader returns a function that writes the pixels x0..x1-1 of row y of
// src into dst as R, G, B floats in 0..255, composited onto white. The
// decoders' usual types are read directly; any other goes through At.
func rowReader(src image.Image) func(y, x0, x1 int, dst []float32) {
	switch s := src.(type) {
	case *image.YCbCr: // a JPEG or lossy WebP
		if s.Rect.Min.X < 0 || s.Rect.Min.Y < 0 {
			break // the shifts below round negative coordinates differently
		}
		// COffset, with the row's part computed once: chroma is subsampled
		// by 1, 2 or 4 horizontally and 1 or 2 vertically.
		hshift, vdiv := chromaSubsampling(s.SubsampleRatio)
		minX, minY := s.Rect.Min.X, s.Rect.Min.Y
		return func(y, x0, x1 int, dst []float32) {
			yRow := (y-minY)*s.YStride - minX
			cRow := (y/vdiv-minY/vdiv)*s.CStride - minX>>hshift
			for x := x0; x < x1; x++ {
				ci := cRow + x>>hshift
				r, g, b := color.YCbCrToRGB(s.Y[yRow+x], s.Cb[ci], s.Cr[ci])
				i := 3 * (x - x0)
				dst[i], dst[i+1], dst[i+2] = float32(r), float32(g), float32(b)
			}
		}
	case *image.Gray:
		return func(y, x0, x1 int, dst []float32) {
			p := s.Pix[s.PixOffset(x0, y):]
			for x := range x1 - x0 {
				v := float32(p[x])
				dst[3*x], dst[3*x+1], dst[3*x+2] = v, v, v
			}
		}
	case *image.RGBA: // premultiplied: onto white is c + (255 - a)
		return func(y, x0, x1 int, dst []float32) {
			p := s.Pix[s.PixOffset(x0, y):]
			for x := range x1 - x0 {
				q := p[4*x : 4*x+4 : 4*x+4]
				white := float32(255 - int(q[3]))
				dst[3*x], dst[3*x+1], dst[3*x+2] = float32(q[0])+white, float32(q[1])+white, float32(q[2])+white
			}
		}
	case *image.NRGBA: // straight alpha: onto white is c·a + 255·(1 - a)
		return func(y, x0, x1 int, dst []float32) {
			p := s.Pix[s.PixOffset(x0, y):]
			for x := range x1 - x0 {
				q := p[4*x : 4*x+4 : 4*x+4]
				a := float32(q[3]) / 255
				white := 255 * (1 - a)
				dst[3*x], dst[3*x+1], dst[3*x+2] = float32(q[0])*a+white, float32(q[1])*a+white, float32(q[2])*a+white
			}
		}
	}
	return func(y, x0, x1 int, dst []float32) {
		for x := x0; x < x1; x++ {
			r, g, b, a := src.At(x, y).RGBA() // 16-bit, premultiplied
			white := float32(0xFFFF - a)
			i := 3 * (x - x0)
			dst[i], dst[i+1], dst[i+2] = (float32(r)+white)/257, (float32(g)+white)/257, (float32(b)+white)/257
		}
	}
}

// chromaSubsampling returns how a YCbCr picture's chroma is subsampled:
// horizontally by 1<<hshift, vertically by vdiv.
func chromaSubsampling(r image.YCbCrSubsampleRatio) (hshift uint, vdiv int) {
	switch r {
	case image.YCbCrSubsampleRatio422:
		return 1, 1
	case image.YCbCrSubsampleRatio420:
		return 1, 2
	case image.YCbCrSubsampleRatio440:
		return 0, 2
	case image.YCbCrSubsampleRatio411:
		return 2, 1
	case image.YCbCrSubsampleRatio410:
		return 2, 2
	}
	return 0, 1 // 4:4:4
}

// orient returns img transformed by EXIF orientation o (1-8): the picture
// as the camera meant it to be seen. Orientations 5-8 swap width and
// height. Other values return img itself.
func orient(img *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return img
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := range oh {
		for x := range ow {
			// (sx, sy) is the stored pixel shown at (x, y).
			var sx, sy int
			switch o {
			case 2: // mirrored horizontally
				sx, sy = w-1-x, y
			case 3: // rotated 180°
				sx, sy = w-1-x, h-1-y
			case 4: // mirrored vertically
				sx, sy = x, h-1-y
			case 5: // transposed
				sx, sy = y, x
			case 6: // needs a 90° clockwise turn
				sx, sy = y, h-1-x
			case 7: // transversed
				sx, sy = w-1-y, h-1-x
			case 8: // needs a 90° counter-clockwise turn
				sx, sy = w-1-y, x
			}
			i := img.PixOffset(img.Rect.Min.X+sx, img.Rect.Min.Y+sy)
			j := out.PixOffset(x, y)
			copy(out.Pix[j:j+4], img.Pix[i:i+4])
		}
	}
	return out
}
