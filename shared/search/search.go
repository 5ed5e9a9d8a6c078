package search

import (
	"context"
	"fmt"
	"slices"

	"github.com/remat/remat/shared/ddb"
)

// Sort orders.
const (
	SortNewest    = "newest"
	SortPriceAsc  = "price_asc"
	SortPriceDesc = "price_desc"
	// SortDistance is nearest first, then newest: only with Near (see
	// distance.go).
	SortDistance = "distance"
)

// Limits of a query.
const (
	DefaultLimit = 24
	MaxLimit     = 100
	// DefaultScanBudget is the most items one Search reads before it
	// returns a short page (with a cursor to go on): the bound on the cost
	// of a query whose filters match little of its anchor term.
	DefaultScanBudget = 1000
)

// Near is a radius around a point.
type Near struct {
	Lat, Lon float64
	RadiusKm float64
}

// Query is one search. Every set filter must hold: Text (all its match
// keys, see QueryTokens), Category (a slug anywhere in the ad's
// CategoryPath), Brand (compared by brandKey), Condition, MaxPriceRp (on
// the effective price; 0 = none), Near, Canton. Sort defaults to newest
// (SortDistance needs Near),
// Limit to DefaultLimit (at most MaxLimit), ScanBudget to
// DefaultScanBudget. Cursor is a Page.NextCursor of the same query.
type Query struct {
	Text       string
	Category   string
	Brand      string
	Condition  string
	MaxPriceRp int64
	Near       *Near
	Canton     string
	Sort       string
	Limit      int
	Cursor     string
	ScanBudget int
}

// Page is one page of results. NextCursor is "" on the last page; a page
// may be short (or empty) with a cursor when the scan budget ran out.
// Total is the number of matching ads (see Total), the same on every
// page of a search. ItemsRead counts the items DynamoDB read for the page (ScannedCount of
// every Query plus the term counts read), the measure of its cost.
type Page struct {
	Items      []Card `json:"items"`
	NextCursor string `json:"nextCursor,omitempty"`
	Total      Total  `json:"total"`
	ItemsRead  int    `json:"-"`
}

// Search answers q from the postings in table. It reads the term counts,
// anchors on the cheapest of the single required terms and the geohash
// cover of Near, then reads the anchor's postings in the requested order
// (base table newest first; GSI2 by price, the maximum price as key
// condition), filtering the other terms on projected attributes and the
// exact distance in Go, until it has Limit results or spent the scan
// budget. The anchor is kept in the cursor, so later pages read no counts
// and never switch anchor mid-way. Invalid filters are a validation error,
// a cursor that is not this query's is invalid_cursor.
func Search(ctx context.Context, db ddb.API, table string, cursors *ddb.Cursors, q Query) (Page, error) {
	p, err := newPlan(q)
	if err != nil {
		return Page{}, err
	}
	if p.q.Sort == SortDistance {
		return searchByDistance(ctx, db, table, cursors, p)
	}
	var page Page
	st, err := decodeState(cursors, p)
	if err != nil {
		return Page{}, err
	}
	if st == nil {
		anchor, read, err := chooseAnchor(ctx, db, table, p)
		page.ItemsRead += read
		if err != nil {
			return Page{}, fmt.Errorf("search: plan: %w", err)
		}
		if anchor == nil {
			page.Total = Total{Exact: true}
			return page, nil // a required term has no postings
		}
		st = &state{anchor: anchor, streams: make([]streamPos, len(anchor))}
	}
	items, read, err := run(ctx, db, table, p, st)
	page.ItemsRead += read
	if err != nil {
		return Page{}, fmt.Errorf("search: %w", err)
	}
	page.Items = items
	if st.total == nil {
		more := slices.ContainsFunc(st.streams, func(s streamPos) bool { return !s.done })
		total, read, err := p.total(ctx, db, table, st.anchor, len(items), more)
		page.ItemsRead += read
		if err != nil {
			return Page{}, fmt.Errorf("search: total: %w", err)
		}
		st.total = &total
	}
	page.Total = *st.total
	if page.NextCursor, err = encodeState(cursors, p, st); err != nil {
		return Page{}, fmt.Errorf("search: %w", err)
	}
	return page, nil
}
