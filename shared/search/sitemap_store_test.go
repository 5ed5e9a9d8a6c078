package search

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/ddb"
)

// readCounter counts the reads a test makes through it.
type readCounter struct {
	ddb.API
	mu                    sync.Mutex
	queries, counts, gets int
}

func (c *readCounter) Query(ctx context.Context, in *dynamodb.QueryInput, opt ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.mu.Lock()
	if in.Select == types.SelectCount {
		c.counts++
	} else {
		c.queries++
	}
	c.mu.Unlock()
	return c.API.Query(ctx, in, opt...)
}

func (c *readCounter) GetItem(ctx context.Context, in *dynamodb.GetItemInput, opt ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.mu.Lock()
	c.gets++
	c.mu.Unlock()
	return c.API.GetItem(ctx, in, opt...)
}

func (c *readCounter) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queries, c.counts, c.gets = 0, 0, 0
}

func month(y int, m time.Month) time.Time { return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC) }

// sitemapAds are ten public ads over four months (none in February),
// with ads on both sides of the month and year boundaries.
var sitemapAds = map[string]time.Time{
	"d1": time.Date(2025, 12, 31, 23, 59, 59, 999999999, time.UTC),
	"j1": time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	"j2": time.Date(2026, 1, 15, 8, 0, 0, 0, time.UTC),
	"m1": time.Date(2026, 3, 10, 8, 0, 0, 0, time.UTC),
	"m2": time.Date(2026, 3, 31, 23, 59, 59, 999999999, time.UTC),
	"a1": time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC),
	"a2": time.Date(2026, 4, 2, 8, 0, 0, 0, time.UTC),
	"a3": time.Date(2026, 4, 3, 8, 0, 0, 0, time.UTC),
	"a4": time.Date(2026, 4, 4, 8, 0, 0, 0, time.UTC),
	"a5": time.Date(2026, 4, 5, 8, 0, 0, 0, time.UTC),
}

func indexSitemapAds(t *testing.T, db ddb.API, table string) {
	t.Helper()
	var ads []Ad
	for id, at := range sitemapAds {
		ad := Ad{ID: id, Title: "Ziegel " + id, Condition: CondUsed, PriceRp: 1000, PublishedAt: at, SellerID: "u1"}
		if id == "a2" {
			ad.UpdatedAt = at.Add(36 * time.Hour)
		}
		ads = append(ads, ad)
	}
	indexAll(t, db, table, ads)
}

func TestPublicAdPages(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	reads := &readCounter{API: db}
	ads := NewSitemapSource(reads, table)
	ctx := context.Background()

	if pages, err := ads.Pages(ctx, 10); err != nil || len(pages) != 0 {
		t.Fatalf("empty catalogue: got %v, %v, want no pages", pages, err)
	}
	indexSitemapAds(t, db, table)
	// An ad that left search leaves no page behind: February's only ad.
	feb := Ad{ID: "f1", Title: "Ziegel", Condition: CondNew, PublishedAt: time.Date(2026, 2, 3, 0, 0, 0, 0, time.UTC), SellerID: "u1"}
	if err := Index(ctx, db, table, feb); err != nil {
		t.Fatal(err)
	}
	if err := Unindex(ctx, db, table, feb); err != nil {
		t.Fatal(err)
	}

	onePerMonth := []PublicAdPage{
		{month(2025, 12), 1}, {month(2026, 1), 1}, {month(2026, 3), 1}, {month(2026, 4), 1},
	}
	tests := []struct {
		name     string
		pageSize int
		want     []PublicAdPage
		// queries: one per month with ads and one that finds none;
		// counts: months counted because the ads might not fit.
		queries, counts int
	}{
		{name: "all ads fit on a page: no month counted", pageSize: 100, want: onePerMonth, queries: 5, counts: 0},
		{name: "newest month counted, the rest fit", pageSize: 5, want: onePerMonth, queries: 5, counts: 1},
		{
			name: "months counted until the rest fit", pageSize: 2, queries: 5, counts: 3,
			want: []PublicAdPage{
				{month(2025, 12), 1}, {month(2026, 1), 1}, {month(2026, 3), 1},
				{month(2026, 4), 1}, {month(2026, 4), 2}, {month(2026, 4), 3},
			},
		},
		{
			name: "one ad a page", pageSize: 1, queries: 5, counts: 3,
			want: []PublicAdPage{
				{month(2025, 12), 1}, {month(2026, 1), 1}, {month(2026, 1), 2}, {month(2026, 3), 1}, {month(2026, 3), 2},
				{month(2026, 4), 1}, {month(2026, 4), 2}, {month(2026, 4), 3}, {month(2026, 4), 4}, {month(2026, 4), 5},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reads.reset()
			got, err := ads.Pages(ctx, tt.pageSize)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("pages: got %v, want %v", got, tt.want)
			}
			if reads.queries != tt.queries || reads.counts != tt.counts || reads.gets != 1 {
				t.Errorf("reads: got %d queries, %d counts, %d gets, want %d, %d, 1",
					reads.queries, reads.counts, reads.gets, tt.queries, tt.counts)
			}
		})
	}
	if _, err := ads.Pages(ctx, 0); err == nil {
		t.Error("page size 0: got no error")
	}
}

func TestPublicAdPage(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	indexSitemapAds(t, db, table)
	ads := NewSitemapSource(db, table)
	ctx := context.Background()
	zurich, err := time.LoadLocation("Europe/Zurich")
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name           string
		month          time.Time
		page, pageSize int
		want           []string
		more           bool
	}{
		{name: "first page", month: month(2026, 4), page: 1, pageSize: 2, want: []string{"a1", "a2"}, more: true},
		{name: "middle page", month: month(2026, 4), page: 2, pageSize: 2, want: []string{"a3", "a4"}, more: true},
		{name: "last page", month: month(2026, 4), page: 3, pageSize: 2, want: []string{"a5"}},
		{name: "past the last page", month: month(2026, 4), page: 4, pageSize: 2},
		{name: "page ends with the month", month: month(2026, 4), page: 1, pageSize: 5, want: []string{"a1", "a2", "a3", "a4", "a5"}},
		{name: "last instant of a month", month: month(2026, 3), page: 1, pageSize: 10, want: []string{"m1", "m2"}},
		{name: "last instant of a year", month: month(2025, 12), page: 1, pageSize: 10, want: []string{"d1"}},
		{name: "month without ads", month: month(2026, 2), page: 1, pageSize: 10},
		{name: "any instant names its UTC month", month: time.Date(2026, 1, 20, 15, 0, 0, 0, zurich), page: 1, pageSize: 10, want: []string{"j1", "j2"}},
		{name: "UTC month of a local time", month: time.Date(2026, 4, 1, 1, 0, 0, 0, zurich), page: 2, pageSize: 1, want: []string{"m2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, more, err := ads.Page(ctx, tt.month, tt.page, tt.pageSize)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, a := range got {
				ids = append(ids, a.ID)
				want := sitemapAds[a.ID]
				if a.ID == "a2" {
					want = want.Add(36 * time.Hour) // its updatedAt
				}
				if !a.LastMod.Equal(want) || a.LastMod.Location() != time.UTC {
					t.Errorf("lastmod of %s: got %v, want %v (UTC)", a.ID, a.LastMod, want)
				}
			}
			if !slices.Equal(ids, tt.want) || more != tt.more {
				t.Errorf("page: got %v more %v, want %v more %v", ids, more, tt.want, tt.more)
			}
		})
	}
	// A page number past every public ad reads the count and nothing more.
	reads := &readCounter{API: db}
	if got, more, err := NewSitemapSource(reads, table).Page(ctx, month(2026, 4), 6, 2); err != nil || len(got) != 0 || more {
		t.Errorf("page past every ad: got %v, %v, %v, want nothing", got, more, err)
	}
	if reads.queries != 0 || reads.counts != 0 || reads.gets != 1 {
		t.Errorf("page past every ad: got %d queries, %d counts, %d gets, want only the count read", reads.queries, reads.counts, reads.gets)
	}
	for _, bad := range [][2]int{{0, 10}, {1, 0}, {-1, 5}} {
		if _, _, err := ads.Page(ctx, month(2026, 4), bad[0], bad[1]); err == nil {
			t.Errorf("page %d of size %d: got no error", bad[0], bad[1])
		}
	}
}
