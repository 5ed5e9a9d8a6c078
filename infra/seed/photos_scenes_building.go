package seed

import "math"

// Scenes of the building envelope, surfaces and building services (see
// scenes in photos_scenes.go).

// ---------------------------------------------------------------- envelope

func sceneInsulation(c *canvas, variant int, accent rgb) {
	room(c, 42)
	foam := accent
	if variant == 1 { // rolls of mineral wool
		for i := range 3 {
			cx := 26 + float64(i)*24
			c.shadow(cx, 64, 12, 2.5)
			col := c.jitter(foam, 0.05)
			c.ellipse(cx, 50, 11, 11, col)
			for r := 2.0; r < 11; r += 1.6 {
				c.ring(cx, 50, r, r, 0.25, col.shade(0.75))
			}
			c.rectA(cx-11, 49, 22, 2, rgbHex(0x3366aa), 0.6) // the packaging strap
		}
		finish(c)
		return
	}
	c.shadow(50, 67, 40, 4)
	pallet(c, 14, 61, 72)
	layers := 8
	for i := range layers {
		y := 21 + float64(i)*5
		col := c.jitter(foam, 0.03)
		c.rect(15, y, 70, 4.7, col)
		c.rectA(15, y+4.2, 70, 0.5, black, 0.15)
		c.grain(15, y, 70, 4.7, 8)
		if i%2 == 0 {
			c.rect(70, y+1.4, 12, 2, rgbHex(0x1f4e9c)) // label
		}
	}
	c.rectA(15, 21, 70, 40, white, 0.1) // film
	if variant == 2 {
		c.rect(15, 38, 70, 2.2, rgbHex(0x1f4e9c))
	}
	finish(c)
}

func sceneRoof(c *canvas, variant int, accent rgb) {
	clay := accent
	if variant == 0 || variant == 2 { // the tiles laid, close
		c.rect(0, 0, sceneW, sceneH, clay.shade(0.45))
		tw, th := 11.0, 8.5
		if variant == 2 {
			tw, th = 7.0, 5.6
		}
		for row := -1; float64(row)*th < sceneH+th; row++ {
			off := float64(row%2) * tw / 2
			for x := -tw + off; x < sceneW+tw; x += tw {
				col := c.jitter(clay, 0.08)
				y := float64(row) * th
				c.vbands(x+0.3, y, tw-0.6, th*1.15, col.shade(1.1), col, col.shade(0.75))
				c.ellipse(x+tw/2, y+th*1.15, tw/2-0.3, th*0.18, col.shade(0.7))
			}
		}
		finish(c)
		return
	}
	room(c, 45)
	c.shadow(50, 67, 38, 4)
	pallet(c, 16, 61, 68)
	for i := range 14 {
		col := c.jitter(clay, 0.06)
		x := 17 + float64(i)*4.8
		c.vbands(x, 28, 4.4, 33, col.shade(0.8), col.shade(1.15), col.shade(0.75))
	}
	finish(c)
}

func sceneWindow(c *canvas, variant int, accent rgb) {
	room(c, 50)
	frame := accent
	n := 1
	if variant == 2 {
		n = 3
	}
	for i := range n {
		x := 28.0 + float64(i)*5
		y := 8.0 + float64(i)*1.5
		w, h := 44.0, 58.0
		if variant == 1 { // the corner, close
			x, y, w, h = -10, -10, 90, 95
		}
		c.shadow(x+w/2, y+h+1, w/2, 2.5)
		c.rect(x, y, w, h, frame)
		c.rectA(x, y, w, 1.2, white, 0.2)
		f := w * 0.08
		paneW := (w - 3*f) / 2
		for k := range 2 {
			px := x + f + float64(k)*(paneW+f)
			c.vgrad(px, y+f, paneW, h-2*f, rgbHex(0x9cc3e0), rgbHex(0xe4eef5))
			c.polyA(white, 0.25, px, y+f+h*0.3, px+paneW*0.5, y+f, px+paneW*0.8, y+f, px, y+f+h*0.55)
			c.rectA(px, y+f, paneW, 0.6, black, 0.3) // gasket
		}
		c.roundRect(x+w/2-f*0.3, y+h*0.45, f*0.6, h*0.1, f*0.3, steelCol)
	}
	finish(c)
}

func sceneDoor(c *canvas, variant int, accent rgb) {
	room(c, 55)
	panel := accent
	x, y, w, h := 32.0, 4.0, 36.0, 66.0
	if variant == 1 {
		x, y, w, h = 10, -5, 80, 90
	}
	c.shadow(x+w/2, y+h+1, w/2, 2)
	c.rect(x-1.5, y-1.5, w+3, h+1.5, panel.shade(0.7))
	c.rect(x, y, w, h, panel)
	for _, r := range [][4]float64{{0.12, 0.08, 0.76, 0.36}, {0.12, 0.52, 0.76, 0.4}} {
		c.rect(x+w*r[0], y+h*r[1], w*r[2], h*r[3], panel.shade(0.88))
		c.rectA(x+w*r[0], y+h*r[1], w*r[2], 0.5, white, 0.25)
	}
	c.roundRect(x+w*0.8, y+h*0.47, w*0.12, h*0.025, 0.6, rgbHex(0xc0c4c8))
	finish(c)
}

// ---------------------------------------------------------------- surfaces

func sceneTiles(c *canvas, variant int, accent rgb) {
	base := accent
	size := []float64{12.5, 18.75, 9.375}[variant%3]
	grout := rgbHex(0xd8d4cc).mix(base, 0.2).shade(0.9)
	c.rect(0, 0, sceneW, sceneH, grout)
	g := size * 0.05
	for y := 0.0; y < sceneH; y += size {
		for x := 0.0; x < sceneW; x += size {
			col := c.jitter(base, 0.05)
			c.rect(x+g, y+g, size-2*g, size-2*g, col)
			c.rectA(x+g, y+g, size-2*g, size*0.1, white, 0.1)
			if variant == 1 { // marble veins
				vx := x + c.between(0, size)
				for k := 0.0; k < size; k += 0.4 {
					c.rectA(vx+2*math.Sin(k*0.4), y+k, 0.25, 0.4, col.shade(0.7), 0.6)
				}
			}
		}
	}
	c.polyA(white, 0.1, 0, 0, 35, 0, 0, 30) // light from a window
	finish(c)
}

func sceneParquet(c *canvas, variant int, accent rgb) {
	wood := accent
	if variant == 1 { // a pack of boards
		room(c, 42)
		c.shadow(50, 66, 40, 4)
		for i := range 6 {
			board(c, 12, 38+float64(i)*4, 76, 3.6, c.jitter(wood, 0.05))
		}
		finish(c)
		return
	}
	c.rect(0, 0, sceneW, sceneH, wood.shade(0.5))
	sw, sh := 4.0, 24.0
	if variant == 2 {
		sw = 6
	}
	for x := 0.0; x < sceneW; x += sw {
		off := c.between(0, sh)
		for y := -off; y < sceneH; y += sh {
			col := c.jitter(wood, 0.09)
			c.rect(x+0.15, y+0.15, sw-0.3, sh-0.3, col)
			for k := 0.6; k < sw-0.3; k += c.between(0.5, 1.1) {
				c.rectA(x+k, y, 0.12, sh, col.shade(0.75), 0.5)
			}
		}
	}
	c.polyA(white, 0.08, 0, 0, 50, 0, 0, 40)
	finish(c)
}

// ---------------------------------------------------------------- building services

func scenePipes(c *canvas, variant int, accent rgb) {
	col := accent
	if variant == 1 { // pipe ends
		c.vgrad(0, 0, sceneW, sceneH, rgbHex(0x8a8f93), rgbHex(0x5d6266))
		for row := range 5 {
			for k := range 7 {
				x := 12 + float64(k)*12.5 + float64(row%2)*6
				y := 10 + float64(row)*12
				p := c.jitter(col, 0.04)
				c.ellipse(x, y, 5.8, 5.8, p.shade(0.8))
				c.ellipse(x, y, 5.2, 5.2, p)
				c.ellipse(x, y, 4.2, 4.2, p.shade(0.35))
			}
		}
		finish(c)
		return
	}
	room(c, 40)
	c.shadow(50, 67, 46, 4)
	d, n := 4.2, 6
	if variant == 2 {
		d, n = 2.2, 12
	}
	for i := range n {
		y := 64 - float64(i+1)*d
		p := c.jitter(col, 0.04)
		x := 4 + c.between(0, 4)
		c.vbands(x, y, 86, d*0.95, p.shade(0.7), p.shade(1.3), p, p.shade(0.65))
		c.ellipse(x+86, y+d*0.47, d*0.2, d*0.47, p.shade(0.4))
	}
	finish(c)
}

func sceneSanitary(c *canvas, variant int, accent rgb) {
	room(c, 52)
	ceramic := rgbHex(0xf4f4f2)
	if variant == 1 { // a wall-hung WC
		c.rect(0, 0, sceneW, 52, rgbHex(0xe8e6e0))
		c.shadow(50, 66, 16, 2)
		c.roundRect(36, 34, 28, 16, 6, ceramic.shade(0.97))
		c.ellipse(50, 34, 14, 4, ceramic)
		c.ellipse(50, 34, 11, 3, ceramic.shade(0.85))
		c.roundRect(40, 12, 20, 14, 1, accent) // flush plate
		c.rect(43, 16, 6, 6, accent.shade(1.3))
		c.rect(51, 16, 6, 6, accent.shade(1.3))
		finish(c)
		return
	}
	// a wash basin on a cabinet
	c.shadow(50, 68, 26, 3)
	c.rect(27, 40, 46, 27, accent)
	c.rect(49.7, 42, 0.6, 23, accent.shade(0.6))
	c.rect(40, 52, 6, 1, steelCol)
	c.rect(54, 52, 6, 1, steelCol)
	c.roundRect(24, 34, 52, 7, 2, ceramic)
	c.ellipse(50, 36, 20, 2.2, ceramic.shade(0.85))
	c.rect(49, 25, 2, 9, steelCol) // tap
	c.rect(49, 25, 7, 1.6, steelCol)
	if variant == 2 {
		c.rectA(0, 0, sceneW, sceneH, rgbHex(0xfff0d8), 0.08)
	}
	finish(c)
}

// sceneWC puts the wall-hung WC first and the wash basin after it.
func sceneWC(c *canvas, variant int, accent rgb) {
	sceneSanitary(c, []int{1, 0, 2}[variant%3], accent)
}

func sceneCable(c *canvas, variant int, accent rgb) {
	room(c, 40)
	sheath := accent
	if variant == 1 { // coils
		for i := range 4 {
			cx := 18 + float64(i)*21
			c.shadow(cx, 62, 10, 2)
			for r := 9.0; r > 4; r -= 0.9 {
				c.ring(cx, 52, r, r*0.9, 0.8, c.jitter(sheath, 0.05).shade(0.8+0.03*r))
			}
		}
		finish(c)
		return
	}
	// a cable drum
	cx, cy := 50.0, 40.0
	c.shadow(cx, 68, 26, 3)
	c.rect(cx-18, cy-20, 36, 40, sheath.shade(0.8))
	for y := cy - 20; y < cy+20; y += 1.1 {
		c.vbands(cx-18, y, 36, 1.0, sheath.shade(0.7), sheath.shade(1.2), sheath.shade(0.8))
	}
	for _, fx := range []float64{cx - 21, cx + 18} { // flanges
		c.ellipse(fx+1.5, cy, 3.5, 27, palletW.shade(0.75))
		c.ellipse(fx+1.5, cy, 2.5, 25, palletW)
	}
	if variant == 2 {
		c.rect(8, 60, 30, 1.2, sheath) // the cable end on the floor
	}
	finish(c)
}

func sceneSwitchgear(c *canvas, variant int, accent rgb) {
	room(c, 60)
	c.shadow(50, 66, 24, 2)
	c.rect(28, 8, 44, 56, rgbHex(0xdcdcd8))
	c.rectA(28, 8, 44, 1.5, white, 0.3)
	rows := 4
	if variant == 1 {
		rows = 3
	}
	for r := range rows {
		y := 14 + float64(r)*12
		c.rect(31, y, 38, 8, rgbHex(0x3c3c3c))
		for k := range 9 {
			c.rect(32+float64(k)*4.1, y+0.8, 3.6, 6.4, white.shade(0.95))
			c.rect(33+float64(k)*4.1, y+3, 1.6, 2, accent)
		}
	}
	finish(c)
}
