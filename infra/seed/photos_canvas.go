package seed

import (
	"image"
	"math"
	"math/rand/v2"
)

// canvas draws the demo photos. Coordinates are in scene units: the scene
// is 100 units wide and 75 high (4:3), whatever the pixel size, so one
// scene drawn at every rendition size gives the same picture, and the
// random choices of a scene never depend on the size. Pixels are written
// straight into Pix: the image.Image Set path would cost more than the
// drawing itself.
type canvas struct {
	img   *image.RGBA
	w, h  int
	scale float64 // pixels per unit
	rng   *rand.Rand
	noise uint64 // xorshift state of the grain
}

// Scene size in units.
const (
	sceneW = 100.0
	sceneH = 75.0
)

func newCanvas(w, h int, seed uint64) *canvas {
	return &canvas{
		img:   image.NewRGBA(image.Rect(0, 0, w, h)),
		w:     w,
		h:     h,
		scale: float64(w) / sceneW,
		rng:   rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), //nolint:gosec // G404: deterministic demo pictures, not a secret
		noise: seed | 1,
	}
}

// rgb is a colour with float channels (0-255) so shading can overshoot
// before it is clamped.
type rgb struct{ r, g, b float64 }

func rgbHex(v uint32) rgb {
	return rgb{float64(v >> 16 & 0xff), float64(v >> 8 & 0xff), float64(v & 0xff)}
}

// shade multiplies the colour: f < 1 darkens, f > 1 lightens.
func (c rgb) shade(f float64) rgb { return rgb{c.r * f, c.g * f, c.b * f} }

// mix returns c moved towards d by t (0..1).
func (c rgb) mix(d rgb, t float64) rgb {
	return rgb{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t}
}

// jitter varies the colour by up to ±amount in brightness and a little in
// hue, so repeated elements (bricks, tiles) do not look stamped.
func (c *canvas) jitter(col rgb, amount float64) rgb {
	f := 1 + (c.rng.Float64()*2-1)*amount
	h := (c.rng.Float64()*2 - 1) * amount * 20
	return rgb{col.r*f + h, col.g * f, col.b*f - h}
}

func clamp8(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// px converts units to pixels.
func (c *canvas) px(u float64) int { return int(math.Round(u * c.scale)) }

// blendSpan paints row y from pixel x0 to x1 (exclusive) with col at
// opacity a (0..1).
func (c *canvas) blendSpan(y, x0, x1 int, col rgb, a float64) {
	if y < 0 || y >= c.h {
		return
	}
	x0, x1 = max(x0, 0), min(x1, c.w)
	if x0 >= x1 || a <= 0 {
		return
	}
	row := c.img.Pix[y*c.img.Stride:]
	r, g, b := clamp8(col.r), clamp8(col.g), clamp8(col.b)
	if a >= 1 {
		for x := x0; x < x1; x++ {
			i := 4 * x
			row[i], row[i+1], row[i+2], row[i+3] = r, g, b, 255
		}
		return
	}
	k := uint32(a * 256)
	for x := x0; x < x1; x++ {
		i := 4 * x
		row[i] = mix8(row[i], r, k)
		row[i+1] = mix8(row[i+1], g, k)
		row[i+2] = mix8(row[i+2], b, k)
		row[i+3] = 255
	}
}

// mix8 is the weighted mean of two channel values, k/256 of the second.
func mix8(a, b uint8, k uint32) uint8 {
	return uint8((uint32(a)*(256-k) + uint32(b)*k) >> 8) //nolint:gosec // G115: a mean of two bytes fits a byte
}

// rect fills the rectangle (x, y, w, h) in units.
func (c *canvas) rect(x, y, w, h float64, col rgb) { c.rectA(x, y, w, h, col, 1) }

func (c *canvas) rectA(x, y, w, h float64, col rgb, a float64) {
	x0, x1, y0, y1 := c.px(x), c.px(x+w), c.px(y), c.px(y+h)
	if x1 == x0 && w > 0 {
		x1++ // hairlines stay visible on the thumbnail
	}
	if y1 == y0 && h > 0 {
		y1++
	}
	for py := y0; py < y1; py++ {
		c.blendSpan(py, x0, x1, col, a)
	}
}

// vgrad fills a rectangle with a vertical gradient from top to bottom.
func (c *canvas) vgrad(x, y, w, h float64, top, bottom rgb) {
	x0, x1, y0, y1 := c.px(x), c.px(x+w), c.px(y), c.px(y+h)
	for py := y0; py < y1; py++ {
		t := float64(py-y0) / float64(max(y1-y0-1, 1))
		c.blendSpan(py, x0, x1, top.mix(bottom, t), 1)
	}
}

// hgrad fills a rectangle with a horizontal gradient through the given
// colours (evenly spaced): the shading of a cylinder seen from the side
// when drawn across it.
func (c *canvas) hgrad(x, y, w, h float64, stops ...rgb) {
	x0, x1, y0, y1 := c.px(x), c.px(x+w), c.px(y), c.px(y+h)
	for px := x0; px < x1; px++ {
		col := gradAt(stops, float64(px-x0)/float64(max(x1-x0-1, 1)))
		for py := y0; py < y1; py++ {
			c.blendSpan(py, px, px+1, col, 1)
		}
	}
}

// vbands fills a rectangle whose colour changes from top to bottom
// through stops: a horizontal cylinder (pipe, rod) with its highlight.
func (c *canvas) vbands(x, y, w, h float64, stops ...rgb) {
	x0, x1, y0, y1 := c.px(x), c.px(x+w), c.px(y), c.px(y+h)
	if y1 == y0 {
		y1++
	}
	for py := y0; py < y1; py++ {
		c.blendSpan(py, x0, x1, gradAt(stops, float64(py-y0)/float64(max(y1-y0-1, 1))), 1)
	}
}

func gradAt(stops []rgb, t float64) rgb {
	if len(stops) == 1 {
		return stops[0]
	}
	f := t * float64(len(stops)-1)
	i := min(int(f), len(stops)-2)
	return stops[i].mix(stops[i+1], f-float64(i))
}

// ellipse fills an ellipse centred on (cx, cy) with radii rx, ry.
func (c *canvas) ellipse(cx, cy, rx, ry float64, col rgb) { c.ellipseA(cx, cy, rx, ry, col, 1) }

func (c *canvas) ellipseA(cx, cy, rx, ry float64, col rgb, a float64) {
	pcx, pcy, prx, pry := cx*c.scale, cy*c.scale, rx*c.scale, ry*c.scale
	if prx < 0.5 || pry < 0.5 {
		prx, pry = max(prx, 0.5), max(pry, 0.5)
	}
	for py := int(pcy - pry); py <= int(pcy+pry); py++ {
		dy := (float64(py) + 0.5 - pcy) / pry
		if dy*dy > 1 {
			continue
		}
		half := prx * math.Sqrt(1-dy*dy)
		c.blendSpan(py, int(math.Round(pcx-half)), int(math.Round(pcx+half)), col, a)
	}
}

// ring draws an elliptical ring of the given width (units) around the
// ellipse (cx, cy, rx, ry).
func (c *canvas) ring(cx, cy, rx, ry, width float64, col rgb) {
	pcx, pcy := cx*c.scale, cy*c.scale
	oRx, oRy := (rx+width/2)*c.scale, (ry+width/2)*c.scale
	iRx, iRy := max((rx-width/2)*c.scale, 0), max((ry-width/2)*c.scale, 0)
	for py := int(pcy - oRy); py <= int(pcy+oRy); py++ {
		dy := float64(py) + 0.5 - pcy
		do := dy / oRy
		if do*do > 1 {
			continue
		}
		outer := oRx * math.Sqrt(1-do*do)
		di := 2.0
		if iRy > 0 {
			di = dy / iRy
		}
		if di*di >= 1 {
			c.blendSpan(py, int(math.Round(pcx-outer)), int(math.Round(pcx+outer)), col, 1)
			continue
		}
		inner := iRx * math.Sqrt(1-di*di)
		c.blendSpan(py, int(math.Round(pcx-outer)), int(math.Round(pcx-inner)), col, 1)
		c.blendSpan(py, int(math.Round(pcx+inner)), int(math.Round(pcx+outer)), col, 1)
	}
}

// poly fills a polygon (even-odd rule) given as x, y pairs in units.
func (c *canvas) poly(col rgb, pts ...float64) { c.polyA(col, 1, pts...) }

func (c *canvas) polyA(col rgb, a float64, pts ...float64) {
	n := len(pts) / 2
	if n < 3 {
		return
	}
	minY, maxY := math.Inf(1), math.Inf(-1)
	for i := range n {
		minY, maxY = min(minY, pts[2*i+1]), max(maxY, pts[2*i+1])
	}
	xs := make([]float64, 0, 8)
	for py := int(minY * c.scale); py <= int(maxY*c.scale); py++ {
		y := (float64(py) + 0.5) / c.scale
		xs = xs[:0]
		for i := range n {
			j := (i + 1) % n
			x1, y1, x2, y2 := pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1]
			if (y1 <= y && y < y2) || (y2 <= y && y < y1) {
				xs = append(xs, x1+(y-y1)*(x2-x1)/(y2-y1))
			}
		}
		sortFloats(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			c.blendSpan(py, int(math.Round(xs[k]*c.scale)), int(math.Round(xs[k+1]*c.scale)), col, a)
		}
	}
}

func sortFloats(xs []float64) {
	for i := 1; i < len(xs); i++ { // a handful of crossings: insertion sort
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// line draws a thick segment from (x1, y1) to (x2, y2).
func (c *canvas) line(x1, y1, x2, y2, width float64, col rgb) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	c.poly(col, x1+nx, y1+ny, x2+nx, y2+ny, x2-nx, y2-ny, x1-nx, y1-ny)
}

// roundRect fills a rectangle with rounded corners of radius r.
func (c *canvas) roundRect(x, y, w, h, r float64, col rgb) {
	r = min(r, w/2, h/2)
	c.rect(x+r, y, w-2*r, h, col)
	c.rect(x, y+r, r, h-2*r, col)
	c.rect(x+w-r, y+r, r, h-2*r, col)
	for _, p := range [][2]float64{{x + r, y + r}, {x + w - r, y + r}, {x + r, y + h - r}, {x + w - r, y + h - r}} {
		c.ellipse(p[0], p[1], r, r, col)
	}
}

// shadow darkens a soft ellipse on the floor under an object.
func (c *canvas) shadow(cx, cy, rx, ry float64) {
	for i := 4; i >= 1; i-- {
		f := float64(i) / 4
		c.ellipseA(cx, cy, rx*(0.7+0.3*f), ry*(0.7+0.3*f), rgb{0, 0, 0}, 0.12)
	}
}

// grain adds photographic noise of ±amp to every pixel of the rectangle.
func (c *canvas) grain(x, y, w, h float64, amp int) {
	x0, x1, y0, y1 := max(c.px(x), 0), min(c.px(x+w), c.w), max(c.px(y), 0), min(c.px(y+h), c.h)
	span := uint64(2*amp + 1) //nolint:gosec // G115: amp is a small positive constant
	for py := y0; py < y1; py++ {
		row := c.img.Pix[py*c.img.Stride:]
		for px := x0; px < x1; px++ {
			c.noise ^= c.noise << 13
			c.noise ^= c.noise >> 7
			c.noise ^= c.noise << 17
			d := int((c.noise>>32)*span>>32) - amp //nolint:gosec // G115: below span
			i := 4 * px
			row[i] = addClamp(row[i], d)
			row[i+1] = addClamp(row[i+1], d)
			row[i+2] = addClamp(row[i+2], d)
		}
	}
}

func addClamp(v uint8, d int) uint8 {
	return uint8(min(max(int(v)+d, 0), 255)) //nolint:gosec // G115: clamped to 0..255 first
}

// vignette darkens the corners a little, as a phone camera does.
func (c *canvas) vignette(strength float64) {
	cx, cy := float64(c.w)/2, float64(c.h)/2
	maxD := cx*cx + cy*cy
	for py := range c.h {
		row := c.img.Pix[py*c.img.Stride:]
		dy := float64(py) - cy
		for px := range c.w {
			dx := float64(px) - cx
			f := 1 - strength*(dx*dx+dy*dy)/maxD
			i := 4 * px
			row[i] = uint8(float64(row[i]) * f)
			row[i+1] = uint8(float64(row[i+1]) * f)
			row[i+2] = uint8(float64(row[i+2]) * f)
		}
	}
}

// between returns a random value in [lo, hi).
func (c *canvas) between(lo, hi float64) float64 { return lo + c.rng.Float64()*(hi-lo) }

// pick returns one of the colours at random.
func (c *canvas) pick(cols ...rgb) rgb { return cols[c.rng.IntN(len(cols))] }
