package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

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
func onePage(t *testing.T, db ddb.API, table string, cur *ddb.Cursors, q Query) Page {
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
	rec := &queryRecorder{API: db}
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
