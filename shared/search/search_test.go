package search

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/limits"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func testCursors(t testing.TB) *ddb.Cursors {
	t.Helper()
	c, err := ddb.NewCursors([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func counts(t *testing.T, db ddb.API, table string, terms ...string) map[string]int64 {
	t.Helper()
	got, _, err := readCounts(context.Background(), db, table, terms)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func postings(t *testing.T, db *dynamodb.Client, table, term string) []postingItem {
	t.Helper()
	out, err := db.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(table), KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]typesAV{":pk": sAV(postingPK(term))},
	})
	if err != nil {
		t.Fatal(err)
	}
	var items []postingItem
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
		t.Fatal(err)
	}
	return items
}

func indexAll(t testing.TB, db ddb.API, table string, ads []Ad) {
	t.Helper()
	var wg sync.WaitGroup
	work := make(chan Ad)
	errs := make(chan error, len(ads))
	for range 8 {
		wg.Go(func() {
			for ad := range work {
				if err := Index(context.Background(), db, table, ad); err != nil {
					errs <- err
				}
			}
		})
	}
	for _, ad := range ads {
		work <- ad
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestIndexIdempotentCounts(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	ad := Ad{
		ID: "ad1", Title: "Dachziegel rot", Brand: "Gasser", CategoryPath: []string{"roof-tiles", "roofing"},
		Condition: CondUsed, PriceRp: 5000, Canton: "ZH", Lat: zurich[0], Lon: zurich[1], PublishedAt: t0, SellerID: "u1",
	}
	terms := Terms(ad)
	for range 3 {
		if err := Index(ctx, db, table, ad); err != nil {
			t.Fatal(err)
		}
	}
	for term, n := range counts(t, db, table, terms...) {
		if n != 1 {
			t.Errorf("after 3 Index: count %s: got %d, want 1", term, n)
		}
	}
	if got := len(postings(t, db, table, TermAll)); got != 1 {
		t.Errorf("postings of all: got %d, want 1", got)
	}

	// An edit: new title, new date, other canton.
	edited := ad
	edited.Title, edited.Canton, edited.PublishedAt = "Tuiles anciennes", "VD", t0.Add(time.Hour)
	for range 2 {
		if err := Index(ctx, db, table, edited); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]int64{"t:ziegel": 0, "canton:ZH": 0, "t:tuil": 1, "canton:VD": 1, "all": 1, "brand:gasser": 1}
	got := counts(t, db, table, "t:ziegel", "canton:ZH", "t:tuil", "canton:VD", "all", "brand:gasser")
	for term, n := range want {
		if got[term] != n {
			t.Errorf("after edit: count %s: got %d, want %d", term, got[term], n)
		}
	}
	all := postings(t, db, table, TermAll)
	if len(all) != 1 || all[0].SK != postingSK(edited.PublishedAt, ad.ID) || all[0].Title != edited.Title {
		t.Errorf("postings of all after edit: got %+v, want one, of the edited ad", all)
	}
	if got := postings(t, db, table, "t:ziegel"); len(got) != 0 {
		t.Errorf("postings of t:ziegel after edit: got %d, want 0", len(got))
	}

	for range 2 {
		if err := Unindex(ctx, db, table, Ad{ID: ad.ID}); err != nil {
			t.Fatal(err)
		}
	}
	for term, n := range counts(t, db, table, Terms(edited)...) {
		if n != 0 {
			t.Errorf("after Unindex: count %s: got %d, want 0", term, n)
		}
	}
	if got := postings(t, db, table, TermAll); len(got) != 0 {
		t.Errorf("postings after Unindex: got %d, want 0", len(got))
	}
}

// catalogue is the fixture of the search tests: ads in five towns, the
// newest last.
func catalogue() []Ad {
	type row struct {
		title, brand, cat, cond string
		price                   int64
		disc                    int
		canton                  string
		at                      [2]float64
	}
	rows := []row{
		{"Dachziegel Biberschwanz", "Gasser", "roof-tiles", CondUsed, 12000, 0, "ZH", zurich},
		{"Tuiles en terre cuite", "Gasser", "roof-tiles", CondNew, 30000, 10, "VD", lausanne},
		{"Gipsplatten 12.5 mm", "Knauf", "drywall", CondNew, 8000, 0, "ZH", winterthur},
		{"Mattoni pieni", "", "bricks", CondUsed, 5000, 0, "TI", lugano},
		{"Ziegel Restposten", "", "bricks", CondUsed, 2000, 0, "BE", bern},
		{"Bohrmaschine Akku", "Hilti", "tools", CondUsed, 15000, 20, "ZH", zurich},
		{"Perceuse à percussion", "Hilti", "tools", CondNew, 25000, 0, "VD", lausanne},
		{"Dachziegel neu", "Eternit", "roof-tiles", CondNew, 40000, 50, "BE", bern},
	}
	ads := make([]Ad, len(rows))
	for i, r := range rows {
		ads[i] = Ad{
			ID: fmt.Sprintf("ad%02d", i), Title: r.title, Brand: r.brand, CategoryPath: []string{r.cat, "materials"},
			Condition: r.cond, PriceRp: r.price, DiscountPct: r.disc, Canton: r.canton, Lat: r.at[0], Lon: r.at[1],
			PublishedAt: t0.Add(time.Duration(i) * time.Hour), SellerID: "u1",
		}
	}
	return ads
}

func ids(cards []Card) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.ID
	}
	return out
}

func TestSearch(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	indexAll(t, db, table, catalogue())
	cur := testCursors(t)
	tests := []struct {
		name string
		q    Query
		want []string
	}{
		{"everything, newest first", Query{}, []string{"ad07", "ad06", "ad05", "ad04", "ad03", "ad02", "ad01", "ad00"}},
		{"text: compound part", Query{Text: "ziegel"}, []string{"ad07", "ad04", "ad00"}},
		{"text: whole compound", Query{Text: "Dachziegel"}, []string{"ad07", "ad00"}},
		{"text: french plural and accent", Query{Text: "tuile TERRE"}, []string{"ad01"}},
		{"text: italian singular finds plural", Query{Text: "mattone"}, []string{"ad03"}},
		{"text: german plural finds singular", Query{Text: "Gipsplatte"}, []string{"ad02"}},
		{"text: accents folded", Query{Text: "perceuse a percussion"}, []string{"ad06"}},
		{"text: nothing", Query{Text: "beton"}, nil},
		{"text and condition", Query{Text: "ziegel", Condition: CondUsed}, []string{"ad04", "ad00"}},
		{"text, category and condition", Query{Text: "ziegel", Category: "roof-tiles", Condition: CondNew}, []string{"ad07"}},
		{"brand and condition", Query{Brand: "HILTI", Condition: CondUsed}, []string{"ad05"}},
		{"canton", Query{Canton: "be"}, []string{"ad07", "ad04"}},
		{"category + max price, price asc", Query{Category: "roof-tiles", MaxPriceRp: 27000, Sort: SortPriceAsc}, []string{"ad00", "ad07", "ad01"}},
		{"category + max price, newest", Query{Category: "roof-tiles", MaxPriceRp: 20000}, []string{"ad07", "ad00"}},
		{"ancestor category, price desc", Query{Category: "materials", Sort: SortPriceDesc}, []string{"ad01", "ad06", "ad07", "ad05", "ad00", "ad02", "ad03", "ad04"}},
		{"max price alone, price asc", Query{MaxPriceRp: 8000, Sort: SortPriceAsc}, []string{"ad04", "ad03", "ad02"}},
		{"near Zürich 30 km", Query{Near: &Near{zurich[0], zurich[1], 30}}, []string{"ad05", "ad02", "ad00"}},
		{"near Zürich 3 km, price asc", Query{Near: &Near{zurich[0], zurich[1], 3}, Sort: SortPriceAsc}, []string{"ad00", "ad05"}},
		{"near Zürich 100 km reaches Bern", Query{Near: &Near{zurich[0], zurich[1], 100}}, []string{"ad07", "ad05", "ad04", "ad02", "ad00"}},
		{"near Zürich 90 km does not", Query{Near: &Near{zurich[0], zurich[1], 90}}, []string{"ad05", "ad02", "ad00"}},
		{"near Genève 60 km + text", Query{Near: &Near{geneva[0], geneva[1], 60}, Text: "tuiles"}, []string{"ad01"}},
		{"near Lugano 10 km", Query{Near: &Near{lugano[0], lugano[1], 10}}, []string{"ad03"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			page, err := Search(context.Background(), db, table, cur, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(page.Items); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if page.NextCursor != "" {
				t.Errorf("cursor: got %q, want none (everything fits one page)", page.NextCursor)
			}
		})
	}
	t.Run("distance and card fields", func(t *testing.T) {
		page, err := Search(context.Background(), db, table, cur, Query{Near: &Near{zurich[0], zurich[1], 100}, Brand: "eternit"})
		if err != nil || len(page.Items) != 1 {
			t.Fatalf("got %v, %v, want one card", page.Items, err)
		}
		c := page.Items[0]
		if c.DistanceKm < 92 || c.DistanceKm > 98 || c.EffectivePriceRp != 20000 || c.Category != "roof-tiles" || !c.PublishedAt.Equal(t0.Add(7*time.Hour)) {
			t.Errorf("got %+v, want Bern at ~95 km, 200.00 CHF, roof-tiles", c)
		}
	})
	t.Run("validation", func(t *testing.T) {
		for _, q := range []Query{{Sort: "cheapest"}, {Condition: "broken"}, {MaxPriceRp: -1}, {Near: &Near{zurich[0], zurich[1], 0}},
			{Near: &Near{zurich[0], zurich[1], limits.SearchRadiusMinKm - 0.5}}, {Near: &Near{zurich[0], zurich[1], limits.SearchRadiusMaxKm + 1}}} {
			_, err := Search(context.Background(), db, table, cur, q)
			if got := apperr.From(err).Code; got != apperr.CodeValidationFailed {
				t.Errorf("%+v: got %v, want %v", q, got, apperr.CodeValidationFailed)
			}
		}
	})
}

type typesAV = types.AttributeValue

func sAV(s string) typesAV { return &types.AttributeValueMemberS{Value: s} }

// TestLoadThenIndex checks that Load records what Index diffs against:
// indexing a loaded ad again changes no count.
func TestLoadThenIndex(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ads := catalogue()
	if err := Load(context.Background(), db, table, ads, 4); err != nil {
		t.Fatal(err)
	}
	indexAll(t, db, table, ads)
	got := counts(t, db, table, "all", "cat:materials", "t:ziegel", "canton:ZH")
	want := map[string]int64{"all": 8, "cat:materials": 8, "t:ziegel": 3, "canton:ZH": 3}
	for term, n := range want {
		if got[term] != n {
			t.Errorf("count %s: got %d, want %d", term, got[term], n)
		}
	}
}
