package seed

import "math"

// A scene draws one demo photo motif. variant is the photo's position in
// the ad (0 = the overview used as the main image, 1 = a close-up, 2 =
// another view); accent is the brand or product colour.
type scene func(c *canvas, variant int, accent rgb)

// scenes by motif name; every demo ad names one (or takes its category's
// default, see categoryMotif).
var scenes = map[string]scene{
	"bricks":     sceneBricks,
	"blocks":     sceneBlocks,
	"timber":     sceneTimber,
	"beams":      sceneBeams,
	"cement":     sceneCement,
	"concrete":   sceneConcrete,
	"rebar":      sceneRebar,
	"steel":      sceneSteel,
	"insulation": sceneInsulation,
	"roof":       sceneRoof,
	"window":     sceneWindow,
	"door":       sceneDoor,
	"tiles":      sceneTiles,
	"parquet":    sceneParquet,
	"pipes":      scenePipes,
	"sanitary":   sceneSanitary,
	"wc":         sceneWC,
	"cable":      sceneCable,
	"switchgear": sceneSwitchgear,
	"drill":      sceneDrill,
	"saw":        sceneSaw,
	"case":       sceneCase,
	"handtools":  sceneHandTools,
	"excavator":  sceneExcavator,
	"mixer":      sceneMixer,
	"compactor":  sceneCompactor,
	"scaffold":   sceneScaffold,
	"lot":        sceneLot,
	"gravel":     sceneGravel,
	"stone":      sceneStone,
	"paint":      scenePaint,
	"boiler":     sceneBoiler,
	"radiator":   sceneRadiator,
	"laser":      sceneLaser,
	"ladder":     sceneLadder,
	"appliance":  sceneAppliance,
	"loader":     sceneLoader,
	"palletjack": scenePalletJack,
	"compressor": sceneCompressor,
	"generator":  sceneGenerator,
	"toolbox":    sceneToolbox,
}

// categoryMotif is the default motif of each seeded category.
var categoryMotif = map[string]string{
	"building-materials":     "lot",
	"stone-gravel":           "gravel",
	"drywall-plaster":        "lot",
	"paints-coatings":        "paint",
	"heating-ventilation":    "radiator",
	"measuring-tools":        "laser",
	"scaffolding-ladders":    "scaffold",
	"earthmoving":            "excavator",
	"lifting-handling":       "palletjack",
	"compactors-mixers":      "mixer",
	"generators-compressors": "generator",
	"concrete-cement":        "cement",
	"bricks-blocks":          "bricks",
	"timber":                 "timber",
	"metal-steel":            "steel",
	"insulation":             "insulation",
	"roofing":                "roof",
	"windows-doors":          "window",
	"tiles-flooring":         "tiles",
	"plumbing-sanitary":      "pipes",
	"electrical":             "cable",
	"tools":                  "toolbox",
	"power-tools":            "drill",
	"hand-tools":             "handtools",
	"machines":               "excavator",
}

// Colours that recur.
var (
	white    = rgbHex(0xffffff)
	black    = rgbHex(0x000000)
	steelCol = rgbHex(0x9aa3ab)
	palletW  = rgbHex(0xc8a36e)
)

// room paints the background: a wall (plain, warehouse or sky) above the
// horizon and a floor (concrete, gravel or asphalt) below it.
func room(c *canvas, horizon float64) {
	switch c.rng.IntN(3) {
	case 0: // warehouse wall
		wall := c.jitter(c.pick(rgbHex(0xd9d6cf), rgbHex(0xc9ced3), rgbHex(0xe3ddd0)), 0.05)
		c.vgrad(0, 0, sceneW, horizon, wall.shade(1.05), wall.shade(0.85))
		for x := c.between(0, 12); x < sceneW; x += 12 { // panel joints
			c.rectA(x, 0, 0.25, horizon, black, 0.12)
		}
	case 1: // outdoors, a yard
		c.vgrad(0, 0, sceneW, horizon, rgbHex(0x8fb8de), rgbHex(0xdce8f0))
		hill := c.jitter(rgbHex(0x6f8f5a), 0.1)
		c.poly(hill, 0, horizon, 0, horizon-c.between(4, 10), 30, horizon-c.between(8, 14), 60, horizon-c.between(3, 9), sceneW, horizon-c.between(6, 12), sceneW, horizon)
	default: // workshop, darker
		wall := c.jitter(rgbHex(0xb7b0a2), 0.08)
		c.vgrad(0, 0, sceneW, horizon, wall.shade(0.95), wall.shade(0.7))
	}
	floor := c.jitter(c.pick(rgbHex(0x8d8a84), rgbHex(0xa59f94), rgbHex(0x6d6f70)), 0.06)
	c.vgrad(0, horizon, sceneW, sceneH-horizon, floor.shade(0.9), floor.shade(1.1))
	c.grain(0, horizon, sceneW, sceneH-horizon, 10)
}

// finish adds the grain and vignette every photo gets.
func finish(c *canvas) {
	c.grain(0, 0, sceneW, sceneH, 4)
	c.vignette(0.25)
}

// pallet draws a Euro pallet seen from the front, top at y.
func pallet(c *canvas, x, y, w float64) {
	wood := c.jitter(palletW, 0.06)
	c.rect(x, y, w, 1.6, wood)
	for _, bx := range []float64{0, 0.45, 0.9} {
		c.rect(x+bx*w*0.97+0.2, y+1.6, w*0.09, 3.2, wood.shade(0.85))
	}
	c.rect(x, y+4.8, w, 1.4, wood.shade(0.95))
	c.rectA(x, y+1.6, w, 0.4, black, 0.25)
}

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
