package seed

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
