package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// distanceCatalogue is 300 ads on a grid of points 1 km apart around
// Zürich (about two ads per point, so equal distances are common), a few
// in Winterthur and Bern, with categories, conditions, brands, prices and
// titles varied so that every filter keeps some and drops some.
func distanceCatalogue() []Ad {
	titles := []string{"Dachziegel Biberschwanz", "Holzbalken Fichte", "Bohrmaschine Akku", "Tuiles en terre cuite"}
	cats := [][]string{{"roofing", "materials"}, {"timber", "materials"}, {"power-tools", "tools"}, {"roofing", "materials"}}
	brands := []string{"Gasser", "", "Hilti", "Eternit", "Knauf"}
	ads := make([]Ad, 0, 300)
	for i := range 300 {
		kind := (i * 7) % len(titles)
		lat, lon, canton := zurich[0]+float64(i%11-5)*0.009, zurich[1]+float64((i/11)%11-5)*0.013, "ZH"
		switch {
		case i%50 == 7:
			lat, lon = winterthur[0], winterthur[1]
		case i%75 == 11:
			lat, lon, canton = bern[0], bern[1], "BE"
		}
		ads = append(ads, Ad{
			ID: fmt.Sprintf("d%03d", i), Title: titles[kind], Brand: brands[(i*3)%len(brands)], CategoryPath: cats[kind],
			Condition: []string{CondNew, CondUsed}[(i/2)%2], PriceRp: int64(1000 + (i*7919)%50000), Canton: canton,
			Lat: lat, Lon: lon, PublishedAt: t0.Add(time.Duration(i%97) * time.Minute), SellerID: "u1",
		})
	}
	return ads
}

// byDistance is the brute-force answer: every matching ad, nearest
// first, then newest, then by id.
func byDistance(ads []Ad, q Query) []string {
	type hit struct {
		km     float64
		sk, id string
	}
	var hits []hit
	for _, ad := range ads {
		if Matches(q, ad) {
			hits = append(hits, hit{DistanceKm(q.Near.Lat, q.Near.Lon, ad.Lat, ad.Lon), postingSK(ad.PublishedAt, ad.ID), ad.ID})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return cmp.Or(cmp.Compare(a.km, b.km), cmp.Compare(b.sk, a.sk)) })
	var out []string
	for _, h := range hits {
		out = append(out, h.id)
	}
	return out
}

// load writes ads as Load does: faster than Index one by one.
func load(t *testing.T, db ddb.API, table string, ads []Ad) {
	t.Helper()
	if err := Load(context.Background(), db, table, ads, 8); err != nil {
		t.Fatal(err)
	}
}

func TestSearchByDistance(t *testing.T) {
	db, table := testcloud.DynamoDBAlone(t) // 12,000 postings
	ads := distanceCatalogue()
	load(t, db, table, ads)
	cur := testCursors(t)
	near := func(at [2]float64, km float64) *Near { return &Near{at[0], at[1], km} }
	tests := []struct {
		name  string
		q     Query
		limit int
	}{
		{"20 km, every ad near Zürich", Query{Near: near(zurich, 20)}, 24},
		{"30 km reaches Winterthur, small pages", Query{Near: near(zurich, 30)}, 7},
		{"4 km off-centre (gh5 cover)", Query{Near: &Near{zurich[0] + 0.02, zurich[1] - 0.01, 4}}, 10},
		{"category (cells stop at gh5)", Query{Near: near(zurich, 15), Category: "roofing"}, 9},
		{"condition and maximum price", Query{Near: near(zurich, 12), Condition: CondUsed, MaxPriceRp: 30000}, 8},
		{"text and brand", Query{Near: near(zurich, 25), Text: "ziegel", Brand: "gasser"}, 5},
		{"canton, 200 km reaches Bern", Query{Near: near(winterthur, 200), Canton: "be"}, 3},
		{"category, condition and text, 200 km", Query{Near: near(bern, 200), Category: "tools", Condition: CondNew, Text: "akku"}, 11},
		{"empty radius", Query{Near: near(lugano, 10)}, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.q
			q.Sort, q.Limit = SortDistance, tc.limit
			want := byDistance(ads, q)
			var got []string
			var total Total
			lastKm := -1.0
			for pages := 1; ; pages++ {
				page, err := Search(context.Background(), db, table, cur, q)
				if err != nil {
					t.Fatal(err)
				}
				if len(page.Items) > q.Limit {
					t.Fatalf("page %d: got %d items, want at most %d", pages, len(page.Items), q.Limit)
				}
				if pages == 1 {
					total = page.Total
				} else if page.Total != total {
					t.Errorf("page %d: total %+v, want %+v as on page 1", pages, page.Total, total)
				}
				for _, c := range page.Items {
					if c.DistanceKm < lastKm {
						t.Errorf("page %d: %s at %.1f km after one at %.1f km", pages, c.ID, c.DistanceKm, lastKm)
					}
					lastKm = c.DistanceKm
				}
				got = append(got, ids(page.Items)...)
				if page.NextCursor == "" {
					break
				}
				if pages > len(want)/q.Limit+2 {
					t.Fatalf("more than %d pages", pages)
				}
				q.Cursor = page.NextCursor
			}
			if !slices.Equal(got, want) {
				t.Errorf("got %d results %v\nwant %d %v", len(got), got, len(want), want)
			}
			switch {
			case len(want) <= q.Limit && (total != Total{Count: int64(len(want)), Exact: true}):
				t.Errorf("total: got %+v, want exactly %d", total, len(want))
			case len(want) > q.Limit && (total.Exact || total.Count <= int64(q.Limit) || total.Count > int64(len(want))*2):
				t.Errorf("total: got %+v, want an estimate of %d", total, len(want))
			}
		})
	}
}

func TestSearchByDistanceCost(t *testing.T) {
	db, table := testcloud.DynamoDBAlone(t) // 40,000 postings
	// Eight ads on each point of a grid 1 km apart around Zürich, as ads
	// share their locality's position: a 0.6 x 0.8 km gh6 cell holds at
	// most one point.
	var ads []Ad
	for i := range 968 {
		pt := i % 121
		ads = append(ads, Ad{
			ID: fmt.Sprintf("c%03d", i), Title: "Holzbalken", CategoryPath: []string{"timber"}, Condition: CondUsed, PriceRp: 1000,
			Canton: "ZH", Lat: zurich[0] + float64(pt%11-5)*0.009, Lon: zurich[1] + float64(pt/11-5)*0.013,
			PublishedAt: t0.Add(time.Duration(i) * time.Minute), SellerID: "u1",
		})
	}
	load(t, db, table, ads)
	cur := testCursors(t)
	q := Query{Near: &Near{zurich[0], zurich[1], 20}, Sort: SortDistance, Limit: 24}
	var reads []int
	for page := 1; page <= 12; page++ {
		got, err := Search(context.Background(), db, table, cur, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Items) != q.Limit {
			t.Fatalf("page %d: got %d items, want %d", page, len(got.Items), q.Limit)
		}
		reads = append(reads, got.ItemsRead)
		q.Cursor = got.NextCursor
	}
	// The first page reads the cover's counts and splits the cells around
	// the centre; a later page reads its results, the ring of cells it
	// enters (each cell is read once ahead and once when its ads are due)
	// and the child counts of a cell it splits.
	later := 0
	for _, n := range reads[1:] {
		later += n
	}
	// Ties between cells (points at the same distance) add reads of
	// their own; re-reading the ring of cells around the last result on
	// every page would exceed the bound, and more with every page.
	if avg := float64(later) / float64(len(reads)-1); reads[0] > 300 || avg > 4*float64(q.Limit) {
		t.Errorf("items read per page: got %v (later pages %.1f on average), want at most 300 on the first and %d on average", reads, avg, 4*q.Limit)
	}
}

func TestSearchByDistanceValidation(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	cur := testCursors(t)
	_, err := Search(context.Background(), db, table, cur, Query{Sort: SortDistance})
	if e := apperr.From(err); e.Code != apperr.CodeValidationFailed || e.Fields["sort"] != apperr.FieldInvalid {
		t.Errorf("distance without near: got %v (%v), want %s with sort %s", e.Code, e.Fields, apperr.CodeValidationFailed, apperr.FieldInvalid)
	}
	// A cursor of another order does not continue a distance search.
	load(t, db, table, distanceCatalogue()[:30])
	q := Query{Near: &Near{zurich[0], zurich[1], 20}, Limit: 5}
	page, err := Search(context.Background(), db, table, cur, q)
	if err != nil || page.NextCursor == "" {
		t.Fatalf("newest: got %v, %v, want a cursor", page.NextCursor, err)
	}
	q.Sort, q.Cursor = SortDistance, page.NextCursor
	if _, err := Search(context.Background(), db, table, cur, q); apperr.From(err).Code != apperr.CodeInvalidCursor {
		t.Errorf("newest cursor for distance: got %v, want %s", err, apperr.CodeInvalidCursor)
	}
}
