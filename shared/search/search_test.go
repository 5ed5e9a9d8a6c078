package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
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

func counts(t *testing.T, db DynamoAPI, table string, terms ...string) map[string]int64 {
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

func indexAll(t testing.TB, db DynamoAPI, table string, ads []Ad) {
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
		for _, q := range []Query{{Sort: "cheapest"}, {Condition: "broken"}, {MaxPriceRp: -1}, {Near: &Near{zurich[0], zurich[1], 0}}} {
			_, err := Search(context.Background(), db, table, cur, q)
			if got := apperr.From(err).Code; got != apperr.CodeValidationFailed {
				t.Errorf("%+v: got %v, want %v", q, got, apperr.CodeValidationFailed)
			}
		}
	})
}

func TestSearchPagination(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	var ads []Ad
	towns := [][2]float64{zurich, winterthur, bern}
	for i := range 45 {
		at := towns[i%3]
		ads = append(ads, Ad{
			ID: fmt.Sprintf("p%02d", i), Title: "Holzbalken", CategoryPath: []string{"timber"}, Condition: CondUsed,
			PriceRp: int64(1000 + (i%7)*100), Canton: "ZH", Lat: at[0], Lon: at[1], // equal prices on purpose
			PublishedAt: t0.Add(time.Duration(i) * time.Minute), SellerID: "u1",
		})
	}
	indexAll(t, db, table, ads)
	cur := testCursors(t)
	queries := map[string]Query{
		"newest, all":            {},
		"price asc, text":        {Text: "balken", Sort: SortPriceAsc},
		"price desc, category":   {Category: "timber", Sort: SortPriceDesc},
		"geo cover, newest":      {Near: &Near{zurich[0], zurich[1], 30}},
		"geo cover, price asc":   {Near: &Near{zurich[0], zurich[1], 30}, Sort: SortPriceAsc},
		"filtered by max, price": {MaxPriceRp: 1300, Sort: SortPriceDesc, Category: "timber"},
	}
	for name, q := range queries {
		t.Run(name, func(t *testing.T) {
			full := onePage(t, db, table, cur, q)
			q.Limit = len(full.Items)/3 + 1 // three pages
			var got []string
			pages := 0
			for {
				page, err := Search(context.Background(), db, table, cur, q)
				if err != nil {
					t.Fatal(err)
				}
				pages++
				got = append(got, ids(page.Items)...)
				if page.NextCursor == "" || pages > 5 {
					break
				}
				q.Cursor = page.NextCursor
			}
			if pages != 3 {
				t.Errorf("pages: got %d, want 3", pages)
			}
			if want := ids(full.Items); !slices.Equal(got, want) {
				t.Errorf("paged: got %v, want %v (one page)", got, want)
			}
			seen := map[string]bool{}
			for _, id := range got {
				if seen[id] {
					t.Errorf("duplicate %s", id)
				}
				seen[id] = true
			}
		})
	}
	t.Run("tampered or foreign cursor", func(t *testing.T) {
		page, err := Search(context.Background(), db, table, cur, Query{Limit: 5})
		if err != nil || page.NextCursor == "" {
			t.Fatalf("got %v, %v, want a cursor", page.NextCursor, err)
		}
		c := page.NextCursor
		tampered := c[:len(c)-2] + strings.Map(func(r rune) rune {
			if r == 'A' {
				return 'B'
			}
			return 'A'
		}, c[len(c)-2:])
		// Signed for this query, but not what Search writes.
		plan, err := newPlan(Query{Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		malformed := func(lek map[string]typesAV) string {
			out, err := cur.Encode(lek, plan.hash)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		for name, q := range map[string]Query{
			"no position":        {Limit: 5, Cursor: malformed(map[string]typesAV{"a": sAV("all")})},
			"head without price": {Limit: 5, Cursor: malformed(map[string]typesAV{"a": sAV("all"), "k0": sAV(""), "p0": numAV(0), "h0": sAV("x")})},
			"negative pace":      {Limit: 5, Cursor: malformed(map[string]typesAV{"a": sAV("all"), "l0": numAV(5), "r": numAV(-1), "z": numAV(5)})},
			"pace without last":  {Limit: 5, Cursor: malformed(map[string]typesAV{"a": sAV("all"), "l0": numAV(5), "r": numAV(2)})},
			"level not a number": {Limit: 5, Cursor: malformed(map[string]typesAV{"a": sAV("all"), "l0": &types.AttributeValueMemberN{Value: "1.5"}})},
			"tampered":           {Limit: 5, Cursor: tampered},
			"other filters":      {Limit: 5, Cursor: c, Category: "timber"},
			"other sort":         {Limit: 5, Cursor: c, Sort: SortPriceAsc},
			"garbage":            {Limit: 5, Cursor: "abc"},
			"other key signs":    {Limit: 5, Cursor: otherKeyCursor(t, c)},
		} {
			_, err := Search(context.Background(), db, table, cur, q)
			if got := apperr.From(err).Code; got != apperr.CodeInvalidCursor {
				t.Errorf("%s: got %v (%v), want %v", name, got, err, apperr.CodeInvalidCursor)
			}
		}
	})
}

// onePage is q's first page of MaxLimit results: the order paging must
// reproduce.
func onePage(t *testing.T, db DynamoAPI, table string, cur *ddb.Cursors, q Query) Page {
	t.Helper()
	q.Limit, q.Cursor = MaxLimit, ""
	full, err := Search(context.Background(), db, table, cur, q)
	if err != nil {
		t.Fatal(err)
	}
	return full
}

// otherKeyCursor re-signs the payload of c with another key.
func otherKeyCursor(t *testing.T, c string) string {
	other, err := ddb.NewCursors([]byte("ffffffffffffffffffffffffffffffff"))
	if err != nil {
		t.Fatal(err)
	}
	lek, err := testCursors(t).Decode(c, ddb.FiltersHash("x"))
	if err == nil {
		t.Fatalf("decode with another hash: got %v, want an error", lek)
	}
	out, err := other.Encode(map[string]typesAV{"a": sAV("all"), "k0": sAV(""), "p0": numAV(0)}, "h")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// queryRecorder records the postings each Query returns.
type queryRecorder struct {
	DynamoAPI
	mu       sync.Mutex
	returned []string // ad ids
}

func (r *queryRecorder) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	out, err := r.DynamoAPI.Query(ctx, in, opts...)
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

// TestSearchKnownHeads checks that a radius search reads a cell only when
// the merge reaches it: the Winterthur cell's ads are all older than the
// Zürich ones, so after the first page (which reads every cell once) the
// next pages of Zürich ads read nothing in Winterthur.
func TestSearchKnownHeads(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	var ads []Ad
	for i := range 40 {
		town, id := winterthur, fmt.Sprintf("w%02d", i)
		if i >= 10 {
			town, id = zurich, fmt.Sprintf("z%02d", i)
		}
		ads = append(ads, Ad{
			ID: id, Title: "Holzbalken", CategoryPath: []string{"timber"}, Condition: CondUsed, PriceRp: 1000,
			Canton: "ZH", Lat: town[0], Lon: town[1], PublishedAt: t0.Add(time.Duration(i) * time.Minute), SellerID: "u1",
		})
	}
	indexAll(t, db, table, ads)
	q := Query{Near: &Near{zurich[0], zurich[1], 30}, Limit: 10}
	rec := &queryRecorder{DynamoAPI: db}
	var got []string
	for page := 1; page <= 4; page++ {
		rec.returned = nil
		p, err := Search(context.Background(), rec, table, testCursors(t), q)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ids(p.Items)...)
		var winterthurRead []string
		for _, id := range rec.returned {
			if strings.HasPrefix(id, "w") {
				winterthurRead = append(winterthurRead, id)
			}
		}
		switch {
		case page == 1 && len(winterthurRead) == 0:
			t.Fatalf("page 1 read no Winterthur posting: want every cell read once (is Winterthur in the cover?)")
		case (page == 2 || page == 3) && len(winterthurRead) > 0:
			t.Errorf("page %d read Winterthur postings %v, want none: their head is older than the page", page, winterthurRead)
		}
		q.Cursor = p.NextCursor
		if q.Cursor == "" {
			break
		}
	}
	want := make([]string, 0, len(ads))
	for i := len(ads) - 1; i >= 0; i-- {
		want = append(want, ads[i].ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want all ads newest first %v", got, want)
	}
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
