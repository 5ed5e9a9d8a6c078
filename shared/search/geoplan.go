package search

import (
	"context"
	"math"
	"slices"
)

// Cover refinement. A radius search reads the postings of the geohash
// cells that cover its circle; the postings of a cell's part outside the
// circle are read and dropped. Cells of the cover's first precision (gh4
// beyond 5 km, gh5 below) are about as large as the circle, so on the
// boundary most of a cell can lie outside. refineCover splits such
// boundary cells into their children one precision finer (gh5, then gh6)
// that hold postings and touch the circle, when the counts say that
// saves a fifth of the cell's postings or more, within maxCoverCells
// cells and maxSplits child-count queries.
const maxSplits = 8

// refineCover returns the cells to read (without empty ones) and their
// counts.
func refineCover(ctx context.Context, db DynamoAPI, table string, p *plan, counts map[string]int64) ([]string, int, error) {
	var cells []string
	for _, c := range p.cover {
		if counts[c] > 0 {
			cells = append(cells, c)
		}
	}
	read, splits := 0, 0
	work := slices.Clone(cells)
	for len(work) > 0 && splits < maxSplits {
		// The biggest boundary cell first: it has the most to save.
		slices.SortFunc(work, func(a, b string) int { return int(counts[b] - counts[a]) })
		cell := work[0]
		work = work[1:]
		if _, ok := childPrefix(cell); !ok || p.cellInside(cell) {
			continue
		}
		kids, n, err := childCounts(ctx, db, table, cell)
		read += n
		splits++
		if err != nil {
			return nil, read, err
		}
		var keep []string
		var sum int64
		for kid, k := range kids {
			if p.cellTouches(kid) {
				keep = append(keep, kid)
				sum += k
			}
		}
		i := slices.Index(cells, cell)
		switch {
		case sum == 0:
			cells = slices.Delete(cells, i, i+1)
		case len(cells)-1+len(keep) <= maxCoverCells && sum*5 <= counts[cell]*4:
			slices.Sort(keep)
			cells = slices.Concat(cells[:i], cells[i+1:], keep)
			for _, kid := range keep {
				counts[kid] = kids[kid]
			}
			work = append(work, keep...)
		}
	}
	slices.Sort(cells)
	return cells, read, nil
}

// cellTouches reports whether a cell term's box has a point within the
// query's radius.
func (p *plan) cellTouches(term string) bool {
	cell, ok := cellOf(term)
	if !ok {
		return false
	}
	box, ok := GeohashBox(cell)
	if !ok {
		return false
	}
	n := p.q.Near
	nLat := math.Max(box.MinLat, math.Min(n.Lat, box.MaxLat))
	nLon := math.Max(box.MinLon, math.Min(n.Lon, box.MaxLon))
	return DistanceKm(n.Lat, n.Lon, nLat, nLon) <= n.RadiusKm
}

// cellInside reports whether a cell term's box lies wholly within the
// query's radius (its four corners do: the circle is convex).
func (p *plan) cellInside(term string) bool {
	cell, ok := cellOf(term)
	if !ok {
		return false
	}
	box, ok := GeohashBox(cell)
	if !ok {
		return false
	}
	n := p.q.Near
	for _, c := range [4][2]float64{{box.MinLat, box.MinLon}, {box.MinLat, box.MaxLon}, {box.MaxLat, box.MinLon}, {box.MaxLat, box.MaxLon}} {
		if DistanceKm(n.Lat, n.Lon, c[0], c[1]) > n.RadiusKm {
			return false
		}
	}
	return true
}
