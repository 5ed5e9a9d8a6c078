package search

import (
	"math"
	"slices"
	"strings"
)

const geohashAlphabet = "0123456789bcdefghjkmnpqrstuvwxyz"

// earthRadiusKm is the mean Earth radius used for distances.
const earthRadiusKm = 6371.0088

// GeohashEncode returns the geohash of (lat, lon) with precision
// characters (1-12).
func GeohashEncode(lat, lon float64, precision int) string {
	latLo, latHi, lonLo, lonHi := -90.0, 90.0, -180.0, 180.0
	var b strings.Builder
	even, bit, ch := true, 0, 0
	for b.Len() < precision {
		if even {
			mid := (lonLo + lonHi) / 2
			if lon >= mid {
				ch = ch<<1 | 1
				lonLo = mid
			} else {
				ch <<= 1
				lonHi = mid
			}
		} else {
			mid := (latLo + latHi) / 2
			if lat >= mid {
				ch = ch<<1 | 1
				latLo = mid
			} else {
				ch <<= 1
				latHi = mid
			}
		}
		even = !even
		if bit++; bit == 5 {
			b.WriteByte(geohashAlphabet[ch])
			bit, ch = 0, 0
		}
	}
	return b.String()
}

// Box is a latitude/longitude rectangle in degrees.
type Box struct{ MinLat, MaxLat, MinLon, MaxLon float64 }

// GeohashBox returns the cell of hash; ok is false when hash has a
// character outside the geohash alphabet.
func GeohashBox(hash string) (box Box, ok bool) {
	box = Box{-90, 90, -180, 180}
	even := true
	for i := 0; i < len(hash); i++ {
		v := strings.IndexByte(geohashAlphabet, hash[i])
		if v < 0 {
			return Box{}, false
		}
		for m := 16; m > 0; m >>= 1 {
			if even {
				mid := (box.MinLon + box.MaxLon) / 2
				if v&m != 0 {
					box.MinLon = mid
				} else {
					box.MaxLon = mid
				}
			} else {
				mid := (box.MinLat + box.MaxLat) / 2
				if v&m != 0 {
					box.MinLat = mid
				} else {
					box.MaxLat = mid
				}
			}
			even = !even
		}
	}
	return box, true
}

// GeohashNeighbours returns the 8 cells around hash, clockwise from north
// (n, ne, e, se, s, sw, w, nw). Longitude wraps at the antimeridian; at
// the poles the cells beyond are clamped onto the edge row.
func GeohashNeighbours(hash string) []string {
	box, ok := GeohashBox(hash)
	if !ok {
		return nil
	}
	h, w := box.MaxLat-box.MinLat, box.MaxLon-box.MinLon
	cLat, cLon := (box.MinLat+box.MaxLat)/2, (box.MinLon+box.MaxLon)/2
	out := make([]string, 0, 8)
	for _, d := range [8][2]float64{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
		lat := math.Max(-89.999999, math.Min(89.999999, cLat+d[0]*h))
		lon := cLon + d[1]*w
		if lon >= 180 {
			lon -= 360
		} else if lon < -180 {
			lon += 360
		}
		out = append(out, GeohashEncode(lat, lon, len(hash)))
	}
	return out
}

// DistanceKm is the great-circle (haversine) distance between two points.
func DistanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKm * math.Asin(math.Min(1, math.Sqrt(a)))
}

// RadiusBox returns a rectangle that contains the circle of radiusKm
// around (lat, lon). Not meant for circles that reach a pole or the
// antimeridian (Switzerland is far from both).
func RadiusBox(lat, lon, radiusKm float64) Box {
	dLat := radiusKm / (earthRadiusKm * math.Pi / 180)
	dLon := dLat / math.Max(math.Cos(lat*math.Pi/180), 1e-6)
	return Box{lat - dLat, lat + dLat, lon - dLon, lon + dLon}
}

// GeohashCover returns, sorted, the cells of the given precision that
// intersect the circle of radiusKm around (lat, lon): the cells of the
// circle's bounding box whose nearest point is within the radius.
// maxCells bounds the work: when the box holds more cells, ok is false.
func GeohashCover(lat, lon, radiusKm float64, precision, maxCells int) (cells []string, ok bool) {
	rb := RadiusBox(lat, lon, radiusKm)
	first, _ := GeohashBox(GeohashEncode(rb.MinLat, rb.MinLon, precision))
	h, w := first.MaxLat-first.MinLat, first.MaxLon-first.MinLon
	rows := int(math.Ceil((rb.MaxLat-first.MinLat)/h - 1e-9))
	cols := int(math.Ceil((rb.MaxLon-first.MinLon)/w - 1e-9))
	if rows*cols > 4*maxCells+16 {
		return nil, false
	}
	for i := range rows {
		for j := range cols {
			cLat := first.MinLat + (float64(i)+0.5)*h
			cLon := first.MinLon + (float64(j)+0.5)*w
			cell := GeohashEncode(cLat, cLon, precision)
			box, _ := GeohashBox(cell)
			nLat := math.Max(box.MinLat, math.Min(lat, box.MaxLat))
			nLon := math.Max(box.MinLon, math.Min(lon, box.MaxLon))
			if DistanceKm(lat, lon, nLat, nLon) <= radiusKm {
				cells = append(cells, cell)
			}
		}
	}
	slices.Sort(cells)
	cells = slices.Compact(cells)
	if len(cells) > maxCells {
		return nil, false
	}
	return cells, true
}
