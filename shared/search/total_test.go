package search

import (
	"context"
	"testing"

	"github.com/remat/remat/infra/testcloud"
)

func TestRoundSignificant(t *testing.T) {
	tests := []struct {
		in   float64
		want int64
	}{
		{0, 0}, {0.4, 0}, {0.6, 1}, {7, 7}, {42.4, 42}, {99.6, 100}, {156, 160}, {1234, 1200}, {98_765, 99_000},
	}
	for _, tc := range tests {
		if got := roundSignificant(tc.in, 2); got != tc.want {
			t.Errorf("roundSignificant(%v, 2): got %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestSearchTotal checks the count every page of a search carries: exact
// when the anchor term is the whole query or the first page holds every
// result, else an estimate from the anchor's count and the first page's
// filter rate, and the same figure on the following pages.
func TestSearchTotal(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	indexAll(t, db, table, catalogue())
	cur := testCursors(t)
	tests := []struct {
		name      string
		q         Query
		want      Total
		wantRange [2]int64 // for estimates: the bounds the figure must fall in
	}{
		{name: "everything, one page", q: Query{}, want: Total{Count: 8, Exact: true}},
		{name: "everything, paged: the count of all", q: Query{Limit: 3}, want: Total{Count: 8, Exact: true}},
		{name: "category alone, paged", q: Query{Category: "materials", Limit: 2, Sort: SortPriceAsc}, want: Total{Count: 8, Exact: true}},
		{name: "condition alone, paged", q: Query{Condition: CondUsed, Limit: 2}, want: Total{Count: 4, Exact: true}},
		{name: "category and condition: one qualified term", q: Query{Category: "roof-tiles", Condition: CondNew, Limit: 1}, want: Total{Count: 2, Exact: true}},
		{name: "nothing matches", q: Query{Text: "beton"}, want: Total{Count: 0, Exact: true}},
		{name: "two terms, one page: the results", q: Query{Text: "ziegel", Canton: "BE"}, want: Total{Count: 2, Exact: true}},
		{name: "two terms, paged: estimated", q: Query{Category: "materials", Canton: "ZH", Limit: 1}, wantRange: [2]int64{2, 8}},
		{name: "max price, paged: estimated", q: Query{MaxPriceRp: 20000, Limit: 2}, wantRange: [2]int64{3, 8}},
		{name: "radius, paged: estimated", q: Query{Near: &Near{zurich[0], zurich[1], 100}, Limit: 2}, wantRange: [2]int64{3, 8}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			page, err := Search(context.Background(), db, table, cur, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			got := page.Total
			if tc.wantRange == [2]int64{} {
				if got != tc.want {
					t.Errorf("got %+v, want %+v", got, tc.want)
				}
			} else if got.Exact || got.Count < tc.wantRange[0] || got.Count > tc.wantRange[1] {
				t.Errorf("got %+v, want an estimate in %v", got, tc.wantRange)
			}
			for n := 2; page.NextCursor != "" && n < 10; n++ {
				q := tc.q
				q.Cursor = page.NextCursor
				if page, err = Search(context.Background(), db, table, cur, q); err != nil {
					t.Fatal(err)
				}
				if page.Total != got {
					t.Errorf("page %d: got %+v, want the first page's %+v", n, page.Total, got)
				}
			}
		})
	}
}

// TestSearchTotalReads checks that a total costs no more than the count
// items of the anchor: none beyond the planner's when it read them, one
// for `all`, none on later pages.
func TestSearchTotalReads(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	indexAll(t, db, table, catalogue())
	cur := testCursors(t)
	cache.forget(table, []string{TermAll})
	first, err := Search(context.Background(), db, table, cur, Query{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	// 3 results + 1 to know more follow, and the count of all.
	if first.ItemsRead != 5 {
		t.Errorf("first page: got %d items read, want 5 (4 postings and the count of all)", first.ItemsRead)
	}
	second, err := Search(context.Background(), db, table, cur, Query{Limit: 3, Cursor: first.NextCursor})
	if err != nil {
		t.Fatal(err)
	}
	if second.ItemsRead > 4 || second.Total != first.Total {
		t.Errorf("second page: got %d items read and %+v, want at most 4 and %+v", second.ItemsRead, second.Total, first.Total)
	}
}
