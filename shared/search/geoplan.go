package search

import (
	"context"
	"math"
	"slices"

	"github.com/remat/remat/shared/ddb"
)

// Cover refinement. A radius search reads the postings of the geohash
// cells that cover its circle; the postings of a cell's part outside the
// circle are read and dropped. Cells of the cover's first precision (gh4
// beyond 5 km, gh5 below) are about as large as the circle, so on the
// boundary most of a cell can lie outside. refineCover splits such
// boundary cells into their children one precision finer (gh5, then gh6)
// that hold postings and touch the circle, when the counts say that
// saves half of the cell's postings or more, within maxCoverCells cells
// and maxSplits child-count queries. A cell with more than half of its
// area inside the circle is not even tried: reading its children's counts
// costs more than it can save, and every extra cell is one more stream to
// merge, with its own read-ahead.
const maxSplits = 8

// refineCover returns the cells to read (without empty ones) and their
// counts.
func refineCover(ctx context.Context, db ddb.API, table string, p *plan, counts map[string]int64) ([]string, int, error) {
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
		if _, ok := childPrefix(cell); !ok || p.insideShare(cell) > 0.5 {
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
		case len(cells)-1+len(keep) <= maxCoverCells && sum*2 <= counts[cell]:
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

// insideShare estimates the share of a cell term's box that lies within
// the query's radius, from a grid of 16 x 16 points: 1 for a cell wholly
// inside, 0 for one that is not a cell.
func (p *plan) insideShare(term string) float64 {
	cell, ok := cellOf(term)
	if !ok {
		return 0
	}
	box, ok := GeohashBox(cell)
	if !ok {
		return 0
	}
	const grid = 16
	n, in := p.q.Near, 0
	for i := range grid {
		lat := box.MinLat + (float64(i)+0.5)*(box.MaxLat-box.MinLat)/grid
		for j := range grid {
			lon := box.MinLon + (float64(j)+0.5)*(box.MaxLon-box.MinLon)/grid
			if DistanceKm(n.Lat, n.Lon, lat, lon) <= n.RadiusKm {
				in++
			}
		}
	}
	return float64(in) / (grid * grid)
}
