package seed

import "math"

// Scenes of tools and machines (see scenes in photos_scenes.go).

// ---------------------------------------------------------------- tools

func sceneDrill(c *canvas, variant int, accent rgb) {
	room(c, 58)
	s := 1.0
	ox, oy := 0.0, 0.0
	if variant == 1 {
		s, ox, oy = 1.6, -22, -18
	}
	p := func(x, y float64) (float64, float64) { return ox + x*s, oy + y*s }
	x0, y0 := p(30, 22)
	c.shadow(50+ox*0.3, 68, 26*s, 3)
	body := accent
	dark := rgbHex(0x2b2b2b)
	// motor housing
	c.roundRect(x0, y0, 34*s, 14*s, 5*s, body)
	c.rectA(x0+2*s, y0+1*s, 28*s, 2*s, white, 0.2)
	// chuck and bit
	cx, cy := p(14, 25)
	c.roundRect(cx, cy, 16*s, 8*s, 2*s, dark)
	c.rect(cx+2*s, cy+1.5*s, 12*s, 1*s, steelCol)
	bx, by := p(2, 28.3)
	c.rect(bx, by, 12*s, 1.4*s, steelCol.shade(1.1))
	// handle
	var handle []float64
	for _, q := range [][2]float64{{46, 36}, {56, 36}, {52, 56}, {42, 56}} {
		hx, hy := p(q[0], q[1])
		handle = append(handle, hx, hy)
	}
	c.poly(body.shade(0.9), handle...)
	tx, ty := p(44, 36)
	c.rect(tx, ty, 3*s, 5*s, dark) // trigger
	// battery
	bax, bay := p(36, 56)
	c.roundRect(bax, bay, 26*s, 8*s, 1.5*s, dark)
	c.rect(bax+2*s, bay+2*s, 22*s, 1.2*s, body)
	if variant == 2 { // in its case
		c.rectA(0, 0, sceneW, sceneH, black, 0.05)
	}
	finish(c)
}

func sceneSaw(c *canvas, variant int, accent rgb) {
	room(c, 52)
	c.shadow(50, 66, 28, 3)
	// base plate
	c.rect(20, 56, 60, 3, steelCol)
	// blade
	c.ellipse(48, 44, 16, 16, steelCol.shade(1.15))
	for k := range 36 {
		a := float64(k) * math.Pi / 18
		c.ellipse(48+16*math.Cos(a), 44+16*math.Sin(a), 1, 1, steelCol.shade(0.8))
	}
	c.ellipse(48, 44, 3, 3, rgbHex(0x333333))
	// guard and motor
	c.poly(accent, 30, 44, 34, 28, 50, 24, 66, 30, 68, 44, 62, 44, 60, 34, 48, 30, 36, 34, 34, 44)
	c.roundRect(52, 26, 20, 14, 4, accent.shade(0.9))
	c.roundRect(64, 18, 14, 6, 3, rgbHex(0x2b2b2b)) // handle
	if variant == 1 {
		c.rectA(0, 0, sceneW, sceneH, rgbHex(0xffe6c0), 0.06)
	}
	finish(c)
}

func sceneCase(c *canvas, variant int, accent rgb) {
	room(c, 50)
	n := 1 + variant
	for i := range n {
		y := 50 - float64(i)*13
		c.shadow(50, 66, 28, 2.5)
		col := c.jitter(accent, 0.03)
		c.roundRect(24, y, 52, 13, 2, col)
		c.rect(24, y+2, 52, 1.2, col.shade(0.7))
		c.rect(44, y+5, 12, 4, rgbHex(0x303030)) // latch
		c.rect(27, y+6, 8, 2, col.shade(1.3))
	}
	finish(c)
}

func sceneHandTools(c *canvas, variant int, accent rgb) {
	// pegboard
	board := rgbHex(0xc9a77c)
	c.rect(0, 0, sceneW, sceneH, board)
	for y := 2.5; y < sceneH; y += 5 {
		for x := 2.5; x < sceneW; x += 5 {
			c.ellipse(x, y, 0.55, 0.55, board.shade(0.45))
		}
	}
	dark := rgbHex(0x2b2b2b)
	handle := accent
	// hammer
	c.rect(14, 14, 3, 40, handle)
	c.rect(8, 10, 15, 6, dark)
	// wrench
	c.line(32, 12, 40, 54, 3, steelCol)
	c.ellipse(32, 12, 3.5, 3.5, steelCol)
	c.ellipse(32, 10.5, 1.6, 2, board.shade(0.9))
	// screwdrivers
	for k := range 3 {
		x := 50 + float64(k)*6
		c.roundRect(x-1.6, 12, 3.2, 12, 1.2, c.jitter(handle, 0.1))
		c.rect(x-0.5, 24, 1, 16-float64(k)*3, steelCol)
	}
	// spirit level
	if variant != 1 {
		c.rect(72, 8, 6, 56, rgbHex(0xf2c300))
		c.rect(72.5, 30, 5, 4, rgbHex(0x9be07a))
		c.rect(72.5, 50, 5, 4, rgbHex(0x9be07a))
	} else {
		c.line(70, 50, 90, 20, 2.5, dark) // pliers
		c.line(90, 50, 70, 20, 2.5, dark)
	}
	c.rectA(0, 0, sceneW, sceneH, black, 0.05)
	finish(c)
}

func sceneToolbox(c *canvas, variant int, accent rgb) {
	room(c, 50)
	col := accent
	c.shadow(50, 67, 30, 3)
	if variant == 1 { // open, from above
		c.rect(18, 14, 64, 50, col.shade(0.7))
		c.rect(21, 17, 58, 44, rgbHex(0x2e2e2e))
		for k := range 6 {
			c.rect(24+float64(k)*9, 20, 6, 38, c.pick(steelCol, rgbHex(0xcc2222), rgbHex(0xf2c300), rgbHex(0x2255aa)))
		}
		finish(c)
		return
	}
	c.rect(24, 30, 52, 34, col)
	for k := range 3 { // drawers
		y := 36 + float64(k)*9
		c.rect(26, y, 48, 7.5, col.shade(0.9))
		c.rect(42, y+3, 16, 1.2, steelCol)
	}
	c.rect(36, 22, 28, 2, steelCol) // handle
	c.rect(36, 22, 2, 8, steelCol)
	c.rect(62, 22, 2, 8, steelCol)
	finish(c)
}

// ---------------------------------------------------------------- machines

func sceneExcavator(c *canvas, variant int, accent rgb) {
	room(c, 45)
	paint := accent
	dark := rgbHex(0x2a2a2a)
	s, ox := 1.0, 0.0
	if variant == 1 {
		s, ox = 1.35, -18
	}
	pt := func(pts ...float64) []float64 {
		out := make([]float64, len(pts))
		for i := 0; i < len(pts); i += 2 {
			out[i], out[i+1] = ox+pts[i]*s, 70-(70-pts[i+1])*s
		}
		return out
	}
	c.shadow(ox+40*s, 69, 30*s, 3)
	// tracks
	tr := pt(14, 60, 66, 60)
	c.roundRect(tr[0], tr[1], tr[2]-tr[0], 9*s, 4.5*s, dark)
	for k := range 5 {
		w := pt(20+float64(k)*10, 64.5)
		c.ellipse(w[0], w[1], 2.6*s, 2.6*s, rgbHex(0x555555))
	}
	// house and cab
	c.poly(paint, pt(18, 60, 64, 60, 64, 46, 18, 46)...)
	c.poly(paint.shade(0.85), pt(18, 46, 30, 46, 30, 40, 18, 40)...) // counterweight
	c.poly(paint, pt(40, 46, 58, 46, 58, 26, 44, 26, 40, 32)...)
	c.poly(rgbHex(0x9cc3e0), pt(46, 43, 56, 43, 56, 29, 46, 29)...)
	// boom, stick, bucket
	arm := paint.shade(0.95)
	b1 := pt(60, 50, 78, 20, 84, 20, 66, 50)
	c.poly(arm, b1...)
	b2 := pt(78, 20, 92, 22, 92, 48, 87, 48, 87, 26, 80, 24)
	c.poly(arm.shade(0.9), b2...)
	c.poly(dark, pt(84, 48, 96, 48, 98, 58, 86, 60)...)
	if variant == 2 {
		c.rectA(0, 0, sceneW, sceneH, rgbHex(0xffd9a0), 0.08)
	}
	finish(c)
}

func sceneMixer(c *canvas, variant int, accent rgb) {
	room(c, 48)
	paint := accent
	c.shadow(50, 68, 26, 3)
	// frame and wheels
	c.line(30, 64, 66, 40, 2, rgbHex(0x333333))
	c.line(66, 64, 40, 40, 2, rgbHex(0x333333))
	c.ellipse(30, 64, 5, 5, rgbHex(0x222222))
	c.ellipse(30, 64, 2, 2, steelCol)
	// the tilted drum
	c.poly(paint, 36, 46, 58, 24, 70, 34, 52, 58)
	c.ellipse(64, 29, 7, 9, paint.shade(0.8))
	c.ellipse(64, 29, 5, 7, rgbHex(0x3a3a3a))
	c.ellipse(44, 52, 10, 8, paint.shade(1.1))
	for k := range 4 { // drum ribs
		t := float64(k) / 4
		c.line(38+t*20, 48-t*22, 50+t*18, 58-t*22, 0.8, paint.shade(0.75))
	}
	if variant == 1 {
		c.roundRect(66, 50, 12, 8, 1, rgbHex(0x404040)) // motor
	}
	finish(c)
}

func sceneCompactor(c *canvas, variant int, accent rgb) {
	room(c, 50)
	paint := accent
	dark := rgbHex(0x2a2a2a)
	s, ox := 1.0, 0.0
	if variant == 1 {
		s, ox = 1.4, -20
	}
	x := func(v float64) float64 { return ox + v*s }
	y := func(v float64) float64 { return 68 - (68-v)*s }
	c.shadow(x(46), 68, 24*s, 3)
	c.rect(x(28), y(60), 36*s, 6*s, steelCol.shade(0.8)) // base plate
	c.rectA(x(28), y(60), 36*s, 1*s, white, 0.3)
	c.roundRect(x(32), y(44), 26*s, 16*s, 2*s, paint) // engine housing
	c.rect(x(36), y(48), 10*s, 6*s, dark)
	c.ellipse(x(52), y(50), 3*s, 3*s, dark)
	c.line(x(58), y(50), x(80), y(24), 1.6*s, dark) // guide handle
	c.line(x(76), y(22), x(84), y(26), 2.4*s, dark)
	if variant == 2 {
		c.rectA(0, 0, sceneW, sceneH, rgbHex(0xffe6c0), 0.06)
	}
	finish(c)
}

func sceneScaffold(c *canvas, variant int, accent rgb) {
	room(c, 62)
	tube := steelCol
	plank := accent
	cols := []float64{10, 36, 62, 88}
	if variant == 1 {
		cols = []float64{20, 60}
	}
	for _, x := range cols {
		c.vbands(x, 0, 1.6, 66, tube.shade(0.8), tube.shade(1.2)) // uprights
	}
	for _, y := range []float64{14, 34, 54} {
		c.rect(cols[0], y, cols[len(cols)-1]-cols[0]+1.6, 1.2, tube)
		c.rect(cols[0], y-2.2, cols[len(cols)-1]-cols[0]+1.6, 2.2, plank)
		for i := 0; i+1 < len(cols); i++ {
			c.line(cols[i]+0.8, y+1.2, cols[i+1]+0.8, y+19, 0.6, tube.shade(0.9))
		}
	}
	finish(c)
}

func sceneLot(c *canvas, variant int, accent rgb) {
	room(c, 46)
	c.shadow(50, 68, 40, 4)
	pallet(c, 12, 62, 76)
	carton := rgbHex(0xb98f5e)
	boxes := [][4]float64{{13, 44, 24, 18}, {38, 38, 22, 24}, {61, 48, 26, 14}, {16, 30, 18, 14}, {62, 36, 20, 12}}
	if variant == 1 {
		boxes = boxes[:3]
	}
	for _, b := range boxes {
		col := c.jitter(carton, 0.06)
		c.rect(b[0], b[1], b[2], b[3], col)
		c.rect(b[0]+b[2]*0.45, b[1], b[2]*0.1, b[3], rgbHex(0xd9c7a0)) // tape
		c.rect(b[0]+2, b[1]+b[3]*0.6, b[2]*0.3, b[3]*0.2, white)
	}
	bag(c, 40, 26, 20, 12, rgbHex(0xe6e1d6), accent)
	finish(c)
}

// ---------------------------------------------------------------- more tools

func sceneLaser(c *canvas, variant int, accent rgb) {
	room(c, 52)
	dark := rgbHex(0x2b2b2b)
	// tripod
	c.line(50, 40, 36, 68, 1, rgbHex(0x888d92))
	c.line(50, 40, 64, 68, 1, rgbHex(0x888d92))
	c.line(50, 40, 50, 69, 1, rgbHex(0x777c81))
	c.rect(44, 38, 12, 3, dark)
	// the rotating laser
	c.roundRect(42, 18, 16, 20, 2, accent)
	c.rect(44, 14, 12, 5, dark)
	c.rect(46, 10, 8, 5, rgbHex(0x9be0f0))
	c.rect(46.5, 28, 7, 4, dark)
	if variant != 1 { // the beam on the wall
		c.rectA(0, 12, sceneW, 0.35, rgbHex(0xff2020), 0.8)
	}
	finish(c)
}

func sceneLadder(c *canvas, variant int, accent rgb) {
	room(c, 62)
	alu := accent
	lean := 10.0
	if variant == 1 {
		lean = 0
	}
	rails := []float64{40, 58}
	for _, x := range rails {
		c.line(x, 68, x+lean, 2, 1.6, alu.shade(0.9))
		c.line(x+0.4, 68, x+lean+0.4, 2, 0.5, alu.shade(1.2))
	}
	for y := 64.0; y > 4; y -= 5.5 {
		t := (68 - y) / 66
		c.line(rails[0]+lean*t, y, rails[1]+lean*t, y, 1, alu.shade(0.8))
	}
	c.rect(38, 67, 4, 1.5, rgbHex(0x2b2b2b)) // feet
	c.rect(56, 67, 4, 1.5, rgbHex(0x2b2b2b))
	finish(c)
}

// ---------------------------------------------------------------- more machines

// sceneAppliance is a machine on two wheels with a handle and a hose: a
// pressure washer, a building dryer, a site vacuum.
func sceneAppliance(c *canvas, variant int, accent rgb) {
	room(c, 52)
	dark := rgbHex(0x2b2b2b)
	s, ox := 1.0, 0.0
	if variant == 1 {
		s, ox = 1.4, -20
	}
	x := func(v float64) float64 { return ox + v*s }
	y := func(v float64) float64 { return 68 - (68-v)*s }
	c.shadow(x(50), 68, 18*s, 2.5)
	c.roundRect(x(38), y(34), 24*s, 30*s, 3*s, accent)
	c.rect(x(40), y(40), 20*s, 3*s, dark)
	c.rectA(x(38), y(34), 4*s, 30*s, white, 0.15)
	c.ellipse(x(42), y(64), 4*s, 4*s, dark)
	c.ellipse(x(42), y(64), 1.5*s, 1.5*s, steelCol)
	c.line(x(60), y(34), x(64), y(18), 1.2*s, dark) // handle
	c.line(x(62), y(18), x(66), y(18), 1.4*s, dark)
	c.ring(x(70), y(54), 6*s, 4*s, 0.8*s, dark) // hose
	if variant == 2 {
		c.line(x(74), y(54), x(90), y(40), 0.9*s, steelCol) // lance
	}
	finish(c)
}

func sceneLoader(c *canvas, variant int, accent rgb) {
	room(c, 46)
	paint := accent
	dark := rgbHex(0x2a2a2a)
	s, ox := 1.0, 0.0
	if variant == 1 {
		s, ox = 1.3, -12
	}
	pt := func(pts ...float64) []float64 {
		out := make([]float64, len(pts))
		for i := 0; i < len(pts); i += 2 {
			out[i], out[i+1] = ox+pts[i]*s, 70-(70-pts[i+1])*s
		}
		return out
	}
	c.shadow(ox+45*s, 69, 32*s, 3)
	c.poly(paint, pt(14, 60, 70, 60, 70, 48, 14, 48)...) // chassis
	c.poly(paint.shade(0.9), pt(20, 48, 34, 48, 34, 30, 20, 30)...)
	c.poly(rgbHex(0x9cc3e0), pt(22, 46, 32, 46, 32, 33, 22, 33)...)
	for _, wx := range []float64{24, 60} {
		w := pt(wx, 62)
		c.ellipse(w[0], w[1], 7*s, 7*s, dark)
		c.ellipse(w[0], w[1], 3*s, 3*s, steelCol)
	}
	c.poly(paint.shade(0.95), pt(30, 46, 88, 26, 90, 30, 32, 50)...) // telescopic boom
	c.poly(dark, pt(88, 24, 91, 24, 91, 44, 88, 44)...)              // fork carriage
	c.poly(steelCol, pt(91, 42, 99, 42, 99, 44, 91, 44)...)          // forks
	if variant == 2 {
		c.rectA(0, 0, sceneW, sceneH, rgbHex(0xffd9a0), 0.07)
	}
	finish(c)
}

func scenePalletJack(c *canvas, variant int, accent rgb) {
	room(c, 50)
	dark := rgbHex(0x2a2a2a)
	c.shadow(48, 67, 34, 2.5)
	if variant == 1 {
		pallet(c, 30, 58, 50)
	}
	c.rect(20, 62, 56, 2.4, accent) // forks
	c.rect(20, 64.4, 56, 0.8, accent.shade(0.6))
	c.ellipse(73, 66, 1.6, 1.6, dark)
	c.roundRect(14, 52, 9, 13, 1.5, accent.shade(0.9)) // pump unit
	c.ellipse(17, 66, 2.6, 2.6, dark)
	c.line(18, 52, 26, 24, 1.3, dark) // tiller
	c.roundRect(23, 21, 8, 4, 1.5, dark)
	finish(c)
}

func sceneCompressor(c *canvas, variant int, accent rgb) {
	room(c, 52)
	dark := rgbHex(0x2a2a2a)
	c.shadow(50, 67, 26, 2.5)
	// horizontal tank
	c.vbands(26, 44, 48, 16, accent.shade(1.2), accent, accent.shade(0.65))
	c.ellipse(26, 52, 3, 8, accent.shade(0.8))
	c.ellipse(74, 52, 3, 8, accent.shade(0.9))
	// motor and pump on top
	c.roundRect(36, 32, 18, 12, 2, dark)
	c.roundRect(56, 34, 10, 10, 1.5, steelCol)
	c.ellipse(62, 30, 2.5, 2.5, rgbHex(0xf4f4f2)) // gauge
	c.ellipse(62, 30, 1.8, 1.8, white)
	c.ellipse(32, 64, 3.5, 3.5, dark) // wheel
	c.rect(66, 60, 2, 6, dark)        // foot
	if variant == 1 {
		c.ring(84, 58, 6, 4, 0.7, rgbHex(0x2255aa)) // air hose
	}
	finish(c)
}

func sceneGenerator(c *canvas, variant int, accent rgb) {
	room(c, 52)
	dark := rgbHex(0x2a2a2a)
	c.shadow(50, 67, 26, 2.5)
	// tubular frame
	for _, x := range []float64{26, 72} {
		c.rect(x, 36, 2, 30, dark)
	}
	c.rect(26, 36, 48, 2, dark)
	c.rect(26, 64, 48, 2, dark)
	// tank, engine, alternator
	c.roundRect(32, 30, 36, 8, 3, accent)
	c.rectA(34, 31, 30, 1.5, white, 0.25)
	c.roundRect(32, 44, 16, 18, 2, rgbHex(0x4a4a4a))
	c.roundRect(50, 46, 18, 16, 2, accent.shade(0.85))
	c.rect(53, 50, 12, 6, rgbHex(0x2d2f33)) // sockets panel
	c.ellipse(56, 53, 1.2, 1.2, rgbHex(0xdddddd))
	c.ellipse(62, 53, 1.2, 1.2, rgbHex(0xdddddd))
	if variant == 1 {
		c.rectA(0, 0, sceneW, sceneH, rgbHex(0xfff0d8), 0.06)
	}
	finish(c)
}
