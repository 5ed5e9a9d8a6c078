package search

import (
	"math"
	"slices"
	"testing"
)

// Places with their coordinates, written here (never read from the data
// directory).
var (
	zurich     = [2]float64{47.3769, 8.5417} // 8001
	winterthur = [2]float64{47.4988, 8.7237} // 8400
	bern       = [2]float64{46.948, 7.4474}  // 3000
	lausanne   = [2]float64{46.5197, 6.6323} // 1003
	lugano     = [2]float64{46.0037, 8.9511} // 6900
	geneva     = [2]float64{46.2044, 6.1432} // 1201
)

func TestGeohashEncode(t *testing.T) {
	tests := []struct {
		lat, lon float64
		prec     int
		want     string
	}{
		{57.64911, 10.40744, 11, "u4pruydqqvj"}, // the classic example
		{42.6, -5.6, 5, "ezs42"},
		{-25.382708, -49.265506, 8, "6gkzwgjz"},
		{zurich[0], zurich[1], 6, "u0qjd2"},
		{bern[0], bern[1], 5, "u0m71"},
	}
	for _, tc := range tests {
		if got := GeohashEncode(tc.lat, tc.lon, tc.prec); got != tc.want {
			t.Errorf("GeohashEncode(%v, %v, %d): got %q, want %q", tc.lat, tc.lon, tc.prec, got, tc.want)
		}
	}
}

func TestGeohashBoxAndNeighbours(t *testing.T) {
	box, ok := GeohashBox("ezs42")
	if !ok || !(box.MinLat <= 42.6 && 42.6 <= box.MaxLat && box.MinLon <= -5.6 && -5.6 <= box.MaxLon) {
		t.Errorf("GeohashBox(ezs42): got %+v, %v, want a box around (42.6, -5.6)", box, ok)
	}
	if _, ok := GeohashBox("ezs4a"); ok {
		t.Errorf("GeohashBox(ezs4a): got ok, want not ok (a is not in the alphabet)")
	}
	got := GeohashNeighbours("ezs42")
	want := []string{"ezs48", "ezs49", "ezs43", "ezs41", "ezs40", "ezefp", "ezefr", "ezefx"}
	if !slices.Equal(got, want) {
		t.Errorf("GeohashNeighbours(ezs42): got %q, want %q", got, want)
	}
}

func TestDistance(t *testing.T) {
	d := DistanceKm(zurich[0], zurich[1], bern[0], bern[1])
	if math.Abs(d-95) > 3 {
		t.Errorf("Zürich-Bern: got %.1f km, want ~95", d)
	}
}

func TestGeohashCover(t *testing.T) {
	tests := []struct {
		name     string
		radiusKm float64
		prec     int
		in, out  [][2]float64
	}{
		{"Zürich 30 km, gh4", 30, 4, [][2]float64{zurich, winterthur}, [][2]float64{bern, lausanne, lugano}},
		{"Zürich 3 km, gh5", 3, 5, [][2]float64{zurich}, [][2]float64{winterthur, bern}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells, ok := GeohashCover(zurich[0], zurich[1], tc.radiusKm, tc.prec, maxCoverCells)
			if !ok || len(cells) == 0 || len(cells) > maxCoverCells {
				t.Fatalf("got %d cells, %v, want 1..%d", len(cells), ok, maxCoverCells)
			}
			for _, p := range tc.in {
				if c := GeohashEncode(p[0], p[1], tc.prec); !slices.Contains(cells, c) {
					t.Errorf("%v (%s): got outside the cover %q, want inside", p, c, cells)
				}
			}
			for _, p := range tc.out {
				if c := GeohashEncode(p[0], p[1], tc.prec); slices.Contains(cells, c) {
					t.Errorf("%v (%s): got inside the cover, want outside", p, c)
				}
			}
			// Every point within the radius lies in a covered cell.
			for i := range 72 {
				a := float64(i) * 5 * math.Pi / 180
				for _, f := range []float64{0.5, 0.99} {
					box := RadiusBox(zurich[0], zurich[1], tc.radiusKm*f)
					lat := zurich[0] + (box.MaxLat-zurich[0])*math.Sin(a)
					lon := zurich[1] + (box.MaxLon-zurich[1])*math.Cos(a)
					if DistanceKm(zurich[0], zurich[1], lat, lon) > tc.radiusKm {
						continue
					}
					if c := GeohashEncode(lat, lon, tc.prec); !slices.Contains(cells, c) {
						t.Errorf("(%.4f, %.4f) within %v km: cell %s not covered", lat, lon, tc.radiusKm, c)
					}
				}
			}
		})
	}
	if _, ok := GeohashCover(zurich[0], zurich[1], 200, 5, maxCoverCells); ok {
		t.Errorf("200 km in gh5 cells: got ok, want too many cells")
	}
}

func TestCellTerms(t *testing.T) {
	tests := []struct {
		term, child, parent, hash string
		ok                        bool
	}{
		{"gh4:u0qj", "gh5:u0qj", "", "u0qj", true},
		{"gh5:u0qjd~used", "gh6:u0qjd", "gh4:u0qj~used", "u0qjd", true},
		{"gh6:u0qjd2", "", "gh5:u0qjd", "u0qjd2", true},
		{"cat:tools|gh4:u0qj~new", "cat:tools|gh5:u0qj", "", "u0qj", true},
		{"cat:tools|gh5:u0qjd", "", "cat:tools|gh4:u0qj", "u0qjd", true},
		{"cat:tools|gh6:u0qjd2", "", "", "", false}, // category cells stop at gh5
		{"brand:x|gh4:u0qj", "", "", "", false},
		{"gh5:u0qj", "", "", "", false},
		{"t:ziegel", "", "", "", false},
	}
	for _, tc := range tests {
		hash, ok := cellOf(tc.term)
		if ok != tc.ok || hash != tc.hash {
			t.Errorf("cellOf(%q) = %q, %v; want %q, %v", tc.term, hash, ok, tc.hash, tc.ok)
		}
		if child, _ := childPrefix(tc.term); child != tc.child {
			t.Errorf("childPrefix(%q) = %q, want %q", tc.term, child, tc.child)
		}
		if parent, _ := parentCell(tc.term); parent != tc.parent {
			t.Errorf("parentCell(%q) = %q, want %q", tc.term, parent, tc.parent)
		}
	}
	if !sameKind("cat:tools|gh5:u0qjd~used", "cat:tools|gh4:u0qj~used") || sameKind("gh5:u0qjd", "gh5:u0qjd~used") {
		t.Error("sameKind compares the qualifiers")
	}
}

func TestInsideShare(t *testing.T) {
	// gh4 u0qj holds Zürich (47.3769, 8.5417); its box is about 20 x 27 km.
	box, _ := GeohashBox("u0qj")
	centre := [2]float64{(box.MinLat + box.MaxLat) / 2, (box.MinLon + box.MaxLon) / 2}
	tests := []struct {
		name     string
		term     string
		near     Near
		min, max float64
	}{
		{"wholly inside a wide circle", "gh4:u0qj", Near{centre[0], centre[1], 50}, 1, 1},
		{"far away", "gh4:u0qj", Near{46.0037, 8.9511, 10}, 0, 0},
		{"a small circle in the middle", "cat:tools|gh4:u0qj~used", Near{centre[0], centre[1], 5}, 0.1, 0.2},
		// A wide circle whose edge runs through the cell's centre.
		{"a circle edge through the middle", "gh4:u0qj", Near{centre[0], centre[1] - 1, DistanceKm(centre[0], centre[1]-1, centre[0], centre[1])}, 0.45, 0.55},
		{"not a cell", "cat:tools", Near{centre[0], centre[1], 50}, 0, 0},
	}
	for _, tc := range tests {
		p := &plan{q: Query{Near: &tc.near}}
		if got := p.insideShare(tc.term); got < tc.min || got > tc.max {
			t.Errorf("%s: got %.3f, want %.2f-%.2f", tc.name, got, tc.min, tc.max)
		}
	}
}
