package seed

import "math"

// Scenes of building materials (see scenes in photos_scenes.go).

// ---------------------------------------------------------------- masonry

func sceneBricks(c *canvas, variant int, accent rgb) {
	base := accent
	if variant == 1 { // the bond fills the frame
		brickWall(c, -3, -2, sceneW+6, sceneH+4, 5, 2.2, base)
		finish(c)
		return
	}
	room(c, 48)
	if variant == 2 { // a single perforated brick
		c.shadow(50, 58, 30, 5)
		b := c.jitter(base, 0.05)
		c.poly(b.shade(1.1), 24, 30, 70, 30, 80, 22, 34, 22) // top face
		c.rect(24, 30, 46, 26, b)
		c.poly(b.shade(0.75), 70, 30, 80, 22, 80, 48, 70, 56)
		for row := range 4 {
			for col := range 9 {
				c.rect(26.5+float64(col)*4.8, 32.5+float64(row)*5.8, 3, 3.8, b.shade(0.45))
			}
		}
		finish(c)
		return
	}
	c.shadow(50, 66, 38, 4)
	pallet(c, 14, 60, 72)
	brickWall(c, 15, 22, 70, 38, 7, 3.2, base)
	c.rectA(15, 22, 70, 38, white, 0.06) // shrink wrap
	c.rectA(15, 22, 2, 38, white, 0.15)
	finish(c)
}

// brickWall fills a rectangle with bricks in running bond.
func brickWall(c *canvas, x, y, w, h, bw, bh float64, base rgb) {
	mortar := rgbHex(0xb8b2a6).mix(base, 0.15)
	c.rect(x, y, w, h, mortar)
	gap := bh * 0.14
	for row := 0; float64(row)*bh < h; row++ {
		off := 0.0
		if row%2 == 1 {
			off = bw / 2
		}
		by := y + float64(row)*bh
		for bx := x - off; bx < x+w; bx += bw {
			x0, x1 := max(bx+gap/2, x), min(bx+bw-gap/2, x+w)
			if x1 <= x0 {
				continue
			}
			col := c.jitter(base, 0.1)
			hgt := min(bh-gap, y+h-by-gap/2)
			c.rect(x0, by+gap/2, x1-x0, hgt, col)
			c.rectA(x0, by+gap/2, x1-x0, hgt*0.25, white, 0.08)
			c.rectA(x0, by+gap/2+hgt*0.8, x1-x0, hgt*0.2, black, 0.1)
		}
	}
}

func sceneBlocks(c *canvas, variant int, accent rgb) {
	room(c, 45)
	grey := accent
	if variant == 1 {
		c.shadow(50, 62, 30, 5)
		b := c.jitter(grey, 0.04)
		c.poly(b.shade(1.12), 22, 30, 68, 30, 80, 22, 34, 22)
		c.rect(22, 30, 46, 28, b)
		c.poly(b.shade(0.78), 68, 30, 80, 22, 80, 50, 68, 58)
		c.rect(27, 34, 15, 20, b.shade(0.5))
		c.rect(47, 34, 15, 20, b.shade(0.5))
		c.grain(22, 22, 58, 36, 14)
		finish(c)
		return
	}
	c.shadow(50, 67, 40, 4)
	pallet(c, 12, 61, 76)
	for row := range 4 {
		for col := range 4 {
			b := c.jitter(grey, 0.05)
			bx, by := 13+float64(col)*18.5, 25+float64(row)*9
			c.rect(bx, by, 17.5, 8.2, b)
			c.rectA(bx, by, 17.5, 1.2, white, 0.15)
			c.rect(bx+3, by+2.5, 4, 3.5, b.shade(0.55))
			c.rect(bx+10.5, by+2.5, 4, 3.5, b.shade(0.55))
		}
	}
	c.grain(13, 25, 74, 36, 12)
	finish(c)
}

func sceneCement(c *canvas, variant int, accent rgb) {
	room(c, 46)
	paper := c.pick(rgbHex(0xd9cdb5), rgbHex(0xe8e4dc), rgbHex(0xc9b48e))
	if variant == 1 { // one bag, close
		c.shadow(50, 66, 34, 5)
		bag(c, 18, 18, 64, 46, paper, accent)
		finish(c)
		return
	}
	c.shadow(50, 68, 40, 4)
	pallet(c, 12, 62, 76)
	for row := range 5 {
		n := 3
		for col := range n {
			bx := 13 + float64(col)*24.8 + float64(row%2)*1.2
			bag(c, bx, 20+float64(row)*8.4, 24, 8.6, c.jitter(paper, 0.04), accent)
		}
	}
	if variant == 2 {
		c.rectA(0, 0, sceneW, sceneH, rgbHex(0xffe2b0), 0.08) // warm light
	}
	finish(c)
}

// bag draws a paper sack with a printed band in accent.
func bag(c *canvas, x, y, w, h float64, paper, accent rgb) {
	r := h * 0.25
	c.roundRect(x, y, w, h, r, paper)
	c.rectA(x+r, y+h*0.78, w-2*r, h*0.22, black, 0.1)
	c.rect(x+w*0.12, y+h*0.3, w*0.5, h*0.28, accent)
	c.rect(x+w*0.66, y+h*0.3, w*0.18, h*0.28, accent.shade(0.6))
	c.rectA(x+r, y, w-2*r, h*0.15, white, 0.15)
}

func sceneConcrete(c *canvas, variant int, accent rgb) {
	grey := accent
	if variant == 1 { // the surface
		c.vgrad(0, 0, sceneW, sceneH, grey.shade(1.1), grey.shade(0.9))
		c.grain(0, 0, sceneW, sceneH, 18)
		for range 140 {
			c.ellipse(c.between(0, sceneW), c.between(0, sceneH), c.between(0.2, 0.8), c.between(0.2, 0.7), grey.shade(0.55))
		}
		finish(c)
		return
	}
	room(c, 44)
	// Manhole rings (Schachtringe), stacked.
	for i := range 3 {
		cx := 30 + float64(i)*22
		if variant == 2 {
			cx = 50
		}
		cy := 60.0
		for k := range 2 + i%2 {
			ry := 4.0
			y := cy - float64(k)*11
			g := c.jitter(grey, 0.04)
			c.shadow(cx, cy+2, 11, 2.5)
			c.rect(cx-10, y-11, 20, 11, g)
			c.hgrad(cx-10, y-11, 20, 11, g.shade(0.75), g.shade(1.1), g.shade(0.8))
			c.ellipse(cx, y, 10, ry, g.shade(0.85))
			c.ellipse(cx, y-11, 10, ry, g.shade(1.15))
			c.ellipse(cx, y-11, 7.5, ry*0.72, g.shade(0.45))
		}
		if variant == 2 {
			break
		}
	}
	c.grain(0, 0, sceneW, sceneH, 6)
	finish(c)
}

// ---------------------------------------------------------------- wood

func sceneTimber(c *canvas, variant int, accent rgb) {
	wood := accent
	if variant == 1 { // end grain of the stack
		c.rect(0, 0, sceneW, sceneH, wood.shade(0.4))
		for row := range 6 {
			for col := range 7 {
				x, y := 1+float64(col)*14.2, 1+float64(row)*12.4
				endGrain(c, x, y, 13.6, 11.8, c.jitter(wood, 0.08))
			}
		}
		finish(c)
		return
	}
	room(c, 40)
	c.shadow(50, 68, 45, 4)
	top, n := 26.0, 9
	if variant == 2 {
		top, n = 40, 6
	}
	for i := range n {
		y := top + float64(i)*4.4
		board(c, 6, y, 88, 3.9, c.jitter(wood, 0.07))
		// spacer battens every few boards, as timber is stacked to dry
		if i%3 == 2 && i < n-1 {
			for _, sx := range []float64{14, 48, 80} {
				c.rect(sx, y+3.9, 3, 0.5, wood.shade(0.6))
			}
		}
	}
	finish(c)
}

// board draws a plank seen from the side with grain lines and a knot.
func board(c *canvas, x, y, w, h float64, col rgb) {
	c.rect(x, y, w, h, col)
	c.rectA(x, y, w, h*0.2, white, 0.12)
	c.rectA(x, y+h*0.85, w, h*0.15, black, 0.25)
	for k := range 5 {
		amp, phase, freq := c.between(0.1, 0.45), c.between(0, 6.3), c.between(0.05, 0.15)
		base := y + h*(0.15+0.17*float64(k))
		for px := x; px < x+w; px += 0.6 {
			c.rectA(px, base+amp*math.Sin(px*freq+phase), 0.6, 0.12, col.shade(0.55), 0.55)
		}
	}
	if c.rng.IntN(2) == 0 {
		kx := x + c.between(8, w-8)
		c.ellipse(kx, y+h/2, h*0.35, h*0.25, col.shade(0.5))
		c.ellipse(kx, y+h/2, h*0.15, h*0.1, col.shade(0.35))
	}
	c.rect(x+w-0.6, y, 0.6, h, col.shade(0.7)) // sawn end
}

// endGrain draws the sawn end of a beam with its annual rings.
func endGrain(c *canvas, x, y, w, h float64, col rgb) {
	c.rect(x, y, w, h, col.shade(1.05))
	cx, cy := x+c.between(0.2, 0.8)*w, y+c.between(0.2, 0.8)*h
	for r := 0.8; r < w*1.2; r += c.between(0.6, 1.1) {
		ringCol := col.shade(0.8)
		// clip the ring to the beam: draw it, then repaint outside later
		c.ringClipped(cx, cy, r, ringCol, x, y, w, h)
	}
	c.rectA(x, y, w, 0.4, black, 0.3)
}

// ringClipped draws a thin circle of radius r (units) clipped to a box.
func (c *canvas) ringClipped(cx, cy, r float64, col rgb, bx, by, bw, bh float64) {
	steps := int(r*c.scale*6) + 12
	for i := range steps {
		a := 2 * math.Pi * float64(i) / float64(steps)
		px, py := cx+r*math.Cos(a), cy+r*math.Sin(a)
		if px < bx || px >= bx+bw || py < by || py >= by+bh {
			continue
		}
		c.rectA(px, py, 0.2, 0.2, col, 0.7)
	}
}

func sceneBeams(c *canvas, variant int, accent rgb) {
	wood := accent
	if variant == 1 {
		sceneTimber(c, 1, accent)
		return
	}
	room(c, 42)
	c.shadow(50, 67, 44, 4)
	for i := range 5 {
		y := 30 + float64(i)*7.2
		b := c.jitter(wood, 0.06)
		c.rect(8, y, 78, 6.6, b)
		c.rectA(8, y, 78, 1, white, 0.15)
		for k := range 3 {
			yy := y + 1.5 + float64(k)*1.8
			for px := 8.0; px < 86; px += 0.8 {
				c.rectA(px, yy+0.3*math.Sin(px*0.11+float64(i*k)), 0.8, 0.12, b.shade(0.6), 0.5)
			}
		}
		endGrain(c, 86, y, 6.6, 6.6, b)
	}
	finish(c)
}

// ---------------------------------------------------------------- metal

func sceneRebar(c *canvas, variant int, accent rgb) {
	rust := accent
	if variant == 1 { // bundle seen from its end
		c.vgrad(0, 0, sceneW, sceneH, rgbHex(0x6b6258), rgbHex(0x4a443e))
		const r = 2.2
		for row := -8; row <= 8; row++ { // hexagonally packed, inside a circle
			for k := -10; k <= 10; k++ {
				x := 50 + float64(k)*2*r + float64(row&1)*r
				y := 37.5 + float64(row)*r*1.73
				if math.Hypot(x-50, y-37.5) > 27 {
					continue
				}
				col := c.jitter(rust, 0.12)
				c.ellipse(x, y, r*0.95, r*0.95, col.shade(0.7))
				c.ellipse(x-0.3, y-0.3, r*0.65, r*0.65, col.shade(1.1))
			}
		}
		finish(c)
		return
	}
	room(c, 40)
	c.shadow(50, 66, 46, 4)
	for i := range 16 {
		y := 38 + float64(i)*1.55
		col := c.jitter(rust, 0.08)
		c.vbands(4, y, 92, 1.3, col.shade(1.2), col, col.shade(0.6))
		for x := 4.0; x < 96; x += 1.2 { // ribs
			c.rectA(x, y, 0.3, 1.3, col.shade(0.55), 0.6)
		}
	}
	for _, x := range []float64{22, 50, 78} { // binding wire
		c.rect(x, 37, 0.6, 26, rgbHex(0x3a3a3a))
	}
	finish(c)
}

func sceneSteel(c *canvas, variant int, accent rgb) {
	room(c, 44)
	metal := accent
	if variant == 1 { // profiles seen from the end: HEB beams
		c.shadow(50, 66, 40, 4)
		for i := range 3 {
			for j := range 2 {
				x, y := 18+float64(i)*22, 26+float64(j)*20
				m := c.jitter(metal, 0.05)
				c.rect(x, y, 19, 3, m.shade(1.1))
				c.rect(x, y+16, 19, 3, m.shade(0.9))
				c.rect(x+8, y+3, 3, 13, m)
			}
		}
		finish(c)
		return
	}
	c.shadow(50, 67, 46, 4)
	n := 7
	if variant == 2 {
		n = 4
	}
	for i := range n { // beams seen from the side, stacked on bearers
		y := 56 - float64(i)*4.6
		m := c.jitter(metal, 0.05)
		c.vbands(5, y, 90, 4, m.shade(1.25), m, m.shade(0.7), m.shade(0.9))
		c.rectA(5, y+1.6, 90, 0.5, black, 0.3)
	}
	c.rect(12, 60, 4, 5, palletW.shade(0.8))
	c.rect(84, 60, 4, 5, palletW.shade(0.8))
	finish(c)
}

// ---------------------------------------------------------------- more materials

func sceneGravel(c *canvas, variant int, accent rgb) {
	stone := accent
	if variant == 1 { // the grain, close
		c.rect(0, 0, sceneW, sceneH, stone.shade(0.6))
		for range 900 {
			r := c.between(0.6, 1.6)
			col := c.jitter(stone, 0.18)
			x, y := c.between(-2, sceneW+2), c.between(-2, sceneH+2)
			c.ellipse(x, y, r*1.2, r, col)
			c.ellipse(x-r*0.3, y-r*0.3, r*0.5, r*0.4, col.shade(1.2))
		}
		finish(c)
		return
	}
	room(c, 40)
	// a heap: an ellipse-topped mound, speckled
	c.shadow(50, 66, 44, 4)
	c.ellipse(50, 66, 42, 30, stone.shade(0.85))
	c.rect(0, 66, sceneW, sceneH-66, c.jitter(rgbHex(0x77746e), 0.05))
	for range 700 {
		a := c.between(0, math.Pi)
		d := math.Sqrt(c.rng.Float64())
		x, y := 50+42*d*math.Cos(a), 66-30*d*math.Sin(a)
		r := c.between(0.3, 0.8)
		c.ellipse(x, y, r*1.2, r, c.jitter(stone, 0.2))
	}
	if variant == 2 {
		c.rect(78, 30, 1.2, 36, rgbHex(0x5a4a3a)) // a shovel
		c.poly(steelCol, 76, 62, 81, 62, 80.5, 68, 76.5, 68)
	}
	finish(c)
}

func sceneStone(c *canvas, variant int, accent rgb) {
	room(c, 44)
	c.shadow(50, 67, 40, 4)
	pallet(c, 12, 61, 76)
	n := 9
	if variant == 1 {
		n = 5
	}
	for i := range n { // slabs stacked on edge
		x := 14 + float64(i)*8.2
		col := c.jitter(accent, 0.1)
		top := 24 + c.between(0, 8)
		c.poly(col, x, 61, x+7, 61, x+7.5, top+2, x+3, top, x+0.5, top+3)
		c.polyA(white, 0.12, x, 61, x+1.6, 61, x+2, top+1.5, x+0.5, top+3)
		c.grain(x, top, 7.5, 61-top, 12)
	}
	finish(c)
}

func scenePaint(c *canvas, variant int, accent rgb) {
	room(c, 50)
	n := []int{3, 1, 5}[variant%3]
	for i := range n {
		x := 50 - float64(n)*9 + float64(i)*18 + 1
		if n == 1 {
			x = 34
		}
		w, h := 16.0, 20.0
		y := 64 - h
		if n == 1 {
			w, h, y = 32, 40, 24
		}
		c.shadow(x+w/2, 65, w/2+1, 1.8)
		bucket := rgbHex(0xf4f4f2)
		c.hgrad(x, y, w, h, bucket.shade(0.8), bucket, bucket.shade(0.85))
		c.ellipse(x+w/2, y, w/2, w*0.12, bucket.shade(0.92)) // lid
		c.rect(x, y-w*0.05, w, w*0.05, bucket.shade(0.75))
		c.rect(x, y+h*0.3, w, h*0.42, accent) // label
		c.rect(x+w*0.15, y+h*0.42, w*0.5, h*0.08, white)
		c.rectA(x, y+h*0.3, w*0.2, h*0.42, white, 0.12)
		c.line(x+w*0.05, y, x+w/2, y-w*0.35, 0.4, rgbHex(0x555555)) // handle
		c.line(x+w/2, y-w*0.35, x+w*0.95, y, 0.4, rgbHex(0x555555))
	}
	finish(c)
}

func sceneBoiler(c *canvas, variant int, accent rgb) {
	room(c, 62)
	x, y, w, h := 34.0, 8.0, 32.0, 50.0
	if variant == 1 {
		x, y, w, h = 18, -4, 64, 100
	}
	c.shadow(x+w/2, 66, w/2, 2)
	casing := rgbHex(0xf1f1ef)
	c.roundRect(x, y, w, h, 1.5, casing)
	c.hgrad(x, y, w*0.08, h, casing.shade(0.85), casing)
	c.rect(x+w*0.15, y+h*0.68, w*0.7, h*0.12, rgbHex(0x2d2f33)) // control panel
	c.rect(x+w*0.2, y+h*0.71, w*0.22, h*0.06, rgbHex(0x58b0e0))
	c.ellipse(x+w*0.7, y+h*0.74, w*0.05, w*0.05, accent)
	c.rect(x+w*0.1, y+h*0.12, w*0.8, h*0.02, accent) // the brand's stripe
	for k := range 4 {                               // pipes below
		c.rect(x+w*(0.2+0.18*float64(k)), y+h, w*0.05, 6, steelCol.mix(rgbHex(0xc47a45), float64(k%2)))
	}
	finish(c)
}

func sceneRadiator(c *canvas, variant int, accent rgb) {
	room(c, 60)
	n := []int{10, 6, 14}[variant%3]
	w := 4.0
	x0 := 50 - float64(n)*w/2
	c.shadow(50, 66, float64(n)*w/2+2, 2)
	for i := range n { // cast iron sections
		x := x0 + float64(i)*w
		col := c.jitter(accent, 0.02)
		c.roundRect(x+0.3, 24, w-0.6, 40, 1.4, col.shade(0.85))
		c.hgrad(x+0.6, 26, w-1.2, 36, col.shade(0.9), col.shade(1.08), col.shade(0.88))
	}
	c.rect(x0, 28, float64(n)*w, 1.6, accent.shade(0.8))
	c.rect(x0, 58, float64(n)*w, 1.6, accent.shade(0.8))
	c.rect(x0-3, 58.2, 3, 1.2, steelCol) // valve
	finish(c)
}
