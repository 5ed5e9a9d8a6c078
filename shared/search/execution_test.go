package search

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/ddb"
)

// queryRecorder records the postings each Query returns.
type queryRecorder struct {
	ddb.API
	mu       sync.Mutex
	returned []string // ad ids
}

func (r *queryRecorder) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	out, err := r.API.Query(ctx, in, opts...)
	if err == nil {
		var items []postingItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err == nil {
			r.mu.Lock()
			for _, it := range items {
				r.returned = append(r.returned, it.AdID)
			}
			r.mu.Unlock()
		}
	}
	return out, err //nolint:wrapcheck // a transparent wrapper
}

// TestSearchCost checks that a selective query's cost is bound by the page
// size, not by the catalogue: 2,000 ads, 1 in 50 of the rare brand.
func TestSearchCost(t *testing.T) {
	db, table := testcloud.DynamoDBAlone(t) // 40,000 postings
	towns := [][2]float64{zurich, winterthur, bern, lausanne, lugano}
	cats := []string{"bricks", "roof-tiles", "timber", "tools", "drywall"}
	var ads []Ad
	for i := range 1000 {
		at := towns[i%5]
		brand := "Gasser"
		if i%50 == 0 {
			brand = "Rarebrand"
		}
		ads = append(ads, Ad{
			ID: fmt.Sprintf("c%04d", i), Title: fmt.Sprintf("Material %d", i%10), Brand: brand,
			CategoryPath: []string{cats[i%5], "materials"}, Condition: []string{CondNew, CondUsed}[i%2],
			PriceRp: int64(100 * (1 + i%500)), Canton: "ZH", Lat: at[0], Lon: at[1],
			PublishedAt: t0.Add(time.Duration(i) * time.Minute), SellerID: "u1",
		})
	}
	start := time.Now()
	if err := Load(context.Background(), db, table, ads, 8); err != nil {
		t.Fatal(err)
	}
	t.Logf("indexed %d ads in %v", len(ads), time.Since(start))
	cur := testCursors(t)
	const limit = 20
	tests := map[string]Query{
		"rare brand, newest":               {Brand: "rarebrand"},
		"rare brand + used, price asc":     {Brand: "rarebrand", Sort: SortPriceAsc},
		"category + max price, price asc":  {Category: "timber", MaxPriceRp: 20000, Sort: SortPriceAsc},
		"recent ads (all)":                 {},
		"near Lugano 10 km, price desc":    {Near: &Near{lugano[0], lugano[1], 10}, Sort: SortPriceDesc},
		"near Zürich 3 km + brand, newest": {Near: &Near{zurich[0], zurich[1], 3}, Brand: "Gasser"},
		"text + category, newest":          {Text: "material", Category: "bricks"},
		"text + used, price desc":          {Text: "material 3", Condition: CondUsed, Sort: SortPriceDesc},
		"near Lugano 10 km + category":     {Near: &Near{lugano[0], lugano[1], 10}, Category: "tools"},
		"near Zürich 3 km + used":          {Near: &Near{zurich[0], zurich[1], 3}, Condition: CondUsed},
	}
	for name, q := range tests {
		t.Run(name, func(t *testing.T) {
			q.Limit = limit
			for page := 1; page <= 4; page++ {
				p, err := Search(context.Background(), db, table, cur, q)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("page %d: %d items, %d read", page, len(p.Items), p.ItemsRead)
				if p.ItemsRead > 2*limit {
					t.Errorf("page %d: read %d items for %d results, want at most %d", page, p.ItemsRead, len(p.Items), 2*limit)
				}
				if p.NextCursor == "" {
					break
				}
				q.Cursor = p.NextCursor
			}
		})
	}
}

// TestSearchHorizon pages radius searches whose later pages read up to a
// horizon (see run) through prices and times that defeat a pace: runs of
// equal prices, give-aways at 0, a few ads far above the rest, ads
// published at the same instant and a gap of months. Every page size and
// order must give the one-page result, without duplicates.
func TestSearchHorizon(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	spots := [][2]float64{
		zurich, {zurich[0] + 0.02, zurich[1]}, {zurich[0] - 0.02, zurich[1] + 0.03},
		{zurich[0], zurich[1] - 0.03}, {zurich[0] + 0.015, zurich[1] + 0.025}, winterthur,
	}
	var ads []Ad
	for i := range 96 { // all on one page of MaxLimit
		at := spots[i%len(spots)]
		price := int64(5000 + (i*137)%90000)
		switch {
		case i%10 < 2:
			price = 0
		case i%10 < 5:
			price = 5000
		case i%37 == 0:
			price = 5_000_000
		}
		published := t0.Add(time.Duration(i) * time.Minute)
		switch {
		case i >= 40 && i < 60:
			published = t0.Add(40 * time.Minute) // one instant
		case i >= 80:
			published = t0.Add(200 * 24 * time.Hour).Add(time.Duration(i) * time.Second)
		}
		ads = append(ads, Ad{
			ID: fmt.Sprintf("h%03d", i), Title: "Kalksandstein", CategoryPath: []string{"bricks"}, Condition: []string{CondNew, CondUsed}[i%2],
			PriceRp: price, Canton: "ZH", Lat: at[0], Lon: at[1], PublishedAt: published, SellerID: "u1",
		})
	}
	indexAll(t, db, table, ads)
	cur := testCursors(t)
	near4, near30 := &Near{zurich[0], zurich[1], 4}, &Near{zurich[0], zurich[1], 30}
	queries := map[string]Query{
		"4 km, newest":                    {Near: near4},
		"4 km, price asc":                 {Near: near4, Sort: SortPriceAsc},
		"4 km, price desc":                {Near: near4, Sort: SortPriceDesc},
		"4 km + used, price desc":         {Near: near4, Condition: CondUsed, Sort: SortPriceDesc},
		"30 km, price asc, max price":     {Near: near30, Sort: SortPriceAsc, MaxPriceRp: 60000},
		"30 km, price desc, max price":    {Near: near30, Sort: SortPriceDesc, MaxPriceRp: 60000},
		"30 km + category, newest":        {Near: near30, Category: "bricks"},
		"30 km + text + new, price desc":  {Near: near30, Text: "kalksandstein", Condition: CondNew, Sort: SortPriceDesc},
		"30 km + category, price asc":     {Near: near30, Category: "bricks", Sort: SortPriceAsc},
		"4 km + category + new, newest":   {Near: near4, Category: "bricks", Condition: CondNew},
		"4 km, price asc, max below most": {Near: near4, Sort: SortPriceAsc, MaxPriceRp: 5000},
	}
	for name, q := range queries {
		t.Run(name, func(t *testing.T) {
			full := onePage(t, db, table, cur, q)
			if len(full.Items) < 10 {
				t.Fatalf("one page: %d results, want a few pages' worth", len(full.Items))
			}
			for _, limit := range []int{3, 7, 16} {
				q.Limit, q.Cursor = limit, ""
				var got []string
				for pages := 0; pages < 200; pages++ {
					page, err := Search(context.Background(), db, table, cur, q)
					if err != nil {
						t.Fatalf("limit %d, page %d: %v", limit, pages+1, err)
					}
					got = append(got, ids(page.Items)...)
					if page.NextCursor == "" {
						break
					}
					q.Cursor = page.NextCursor
				}
				if want := ids(full.Items); !slices.Equal(got, want) {
					t.Errorf("limit %d: got %v, want %v (one page)", limit, got, want)
				}
			}
		})
	}
}

// TestSearchMergeCost checks the cost of the later pages of a radius
// search merged from many cells: ads on a 1 km grid around Bern, a 5 km
// circle, in each order. Without a horizon each cell's read-ahead past
// the page is read again on the next page: about 54 items a page here.
func TestSearchMergeCost(t *testing.T) {
	db, table := testcloud.DynamoDBAlone(t) // 50,000 postings
	var ads []Ad
	for i := range 1200 {
		ads = append(ads, Ad{
			ID: fmt.Sprintf("m%04d", i), Title: "Holzbalken", CategoryPath: []string{"timber"}, Condition: []string{CondNew, CondUsed}[(i/3)%2],
			PriceRp: int64(500 + (i*7919)%200000), Canton: "BE",
			Lat: bern[0] + float64(i%15-7)*0.009, Lon: bern[1] + float64((i/15)%15-7)*0.013,
			PublishedAt: t0.Add(time.Duration(i) * time.Minute), SellerID: "u1",
		})
	}
	if err := Load(context.Background(), db, table, ads, 8); err != nil {
		t.Fatal(err)
	}
	cur := testCursors(t)
	const limit, pages = 24, 7
	for _, sort := range []string{SortPriceDesc, SortPriceAsc, SortNewest} {
		t.Run(sort, func(t *testing.T) {
			q := Query{Near: &Near{bern[0], bern[1], 5}, Condition: CondUsed, Sort: sort, Limit: limit}
			later := 0
			for page := 1; page <= pages; page++ {
				p, err := Search(context.Background(), db, table, cur, q)
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Items) != limit || p.NextCursor == "" {
					t.Fatalf("page %d: %d results, cursor %q: want full pages", page, len(p.Items), p.NextCursor)
				}
				t.Logf("page %d: %d read", page, p.ItemsRead)
				if page > 1 {
					later += p.ItemsRead
				}
				q.Cursor = p.NextCursor
			}
			if avg := float64(later) / (pages - 1); avg > 2*limit {
				t.Errorf("pages 2-%d read %.1f items each, want at most %d", pages, avg, 2*limit)
			}
		})
	}
}
