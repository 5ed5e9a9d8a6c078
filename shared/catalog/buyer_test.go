package catalog_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
)

func TestReferenceData(t *testing.T) {
	c := newCloud(t)
	cats := c.do(t, "GET", "/api/v1/categories", "", nil)
	if len(cats.items()) != len(seed.Categories()) || cats.Header.Get("Cache-Control") != "public, max-age=60" {
		t.Errorf("categories: got %d items, %q", len(cats.items()), cats.Header.Get("Cache-Control"))
	}
	first := cats.items()[0]
	if first["slug"] != "building-materials" || first["names"].(map[string]any)["sq"] == "" {
		t.Errorf("first category: got %v", first)
	}
	if _, ok := first["parent"]; ok {
		t.Errorf("top-level category has a parent: %v", first)
	}
	brands := c.do(t, "GET", "/api/v1/brands", "", nil).items()
	if len(brands) != len(seed.Brands()) || brands[0]["name"] != "Bauknecht" {
		t.Errorf("brands: got %d, first %v", len(brands), brands[0])
	}
	tests := []struct {
		q      string
		status int
		want   []string // postal code + name
	}{
		{"80", 200, []string{"8001 Zürich", "8004 Zürich"}},
		{"8001", 200, []string{"8001 Zürich"}},
		{"69", 200, []string{"6900 Lugano", "6900 Massagno"}},
		{"zur", 200, []string{"8001 Zürich", "8004 Zürich"}},
		{"Gen", 200, []string{"1201 Genève"}},
		{"genève", 200, []string{"1201 Genève"}},
		{"laus", 200, []string{"1000 Lausanne 25", "1000 Lausanne 26"}},
		{"99", 200, nil},
		{"x", 400, nil},
		{"", 400, nil},
	}
	for _, tt := range tests {
		r := c.do(t, "GET", "/api/v1/localities?q="+tt.q, "", nil)
		if r.Status != tt.status {
			t.Errorf("q=%s: got %d %s, want %d", tt.q, r.Status, r.Body, tt.status)
			continue
		}
		var got []string
		for _, it := range r.items() {
			got = append(got, it["postalCode"].(string)+" "+it["name"].(string))
		}
		if tt.status == 200 && !slices.Equal(got, tt.want) {
			t.Errorf("q=%s: got %v, want %v", tt.q, got, tt.want)
		}
	}
}

// TestCreateValidation: every invalid field is named with its code;
// references are checked against the seeded data.
func TestCreateValidation(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 1, images: 5})
	loc := func(m map[string]any) func(map[string]any) { return set("location", m) }
	tests := []struct {
		name   string
		edit   func(map[string]any)
		fields map[string]string
	}{
		{"short title", set("title", " ab "), map[string]string{"title": "too_short"}},
		{"long title", set("title", strings.Repeat("x", 121)), map[string]string{"title": "too_long"}},
		{"no description", set("description", "   "), map[string]string{"description": "required"}},
		{"unknown category", set("categorySlug", "spaceships"), map[string]string{"categorySlug": "unknown_category"}},
		{"negative price", set("priceRp", -1), map[string]string{"priceRp": "out_of_range"}},
		{"discount 100", set("discountPct", 100), map[string]string{"discountPct": "out_of_range"}},
		{"discount on a free item", func(m map[string]any) { m["priceRp"], m["discountPct"] = 0, 10 }, map[string]string{"discountPct": "invalid"}},
		{"condition", set("condition", "broken"), map[string]string{"condition": "invalid"}},
		{"quantity", set("quantity", map[string]any{"amount": 0, "unit": "barrels"}), map[string]string{"quantity.amount": "out_of_range", "quantity.unit": "invalid"}},
		{"neither pickup nor delivery", func(m map[string]any) { m["pickup"], m["delivery"] = false, false }, map[string]string{"pickup": "required", "delivery": "required"}},
		{"unknown postal code", loc(map[string]any{"kind": "city", "postalCode": "9999"}), map[string]string{"location.postalCode": "unknown_locality"}},
		{"malformed postal code", loc(map[string]any{"kind": "city", "postalCode": "80"}), map[string]string{"location.postalCode": "invalid"}},
		{"locality not of the code", loc(map[string]any{"kind": "city", "postalCode": "6900", "locality": "Bern"}), map[string]string{"location.locality": "unknown_locality"}},
		{"unknown canton", loc(map[string]any{"kind": "canton", "canton": "XX"}), map[string]string{"location.canton": "unknown_canton"}},
		{"no location kind", loc(map[string]any{"kind": ""}), map[string]string{"location.kind": "required"}},
	}
	for _, tt := range tests {
		r := c.do(t, "POST", "/api/v1/products", tok, input(tt.edit))
		e, _ := r.JSON["error"].(map[string]any)
		fields, _ := e["fields"].(map[string]any)
		if r.Status != 400 || r.Code() != "validation_failed" || len(fields) != len(tt.fields) {
			t.Errorf("%s: got %d %s, want 400 with %v", tt.name, r.Status, r.Body, tt.fields)
			continue
		}
		for k, v := range tt.fields {
			if fields[k] != v {
				t.Errorf("%s: %s: got %v, want %s", tt.name, k, fields[k], v)
			}
		}
	}
	// Valid variants: a free item, a canton, a locality chosen by name.
	for name, edit := range map[string]func(map[string]any){
		"free":         func(m map[string]any) { m["priceRp"], m["discountPct"] = 0, 0 },
		"canton":       loc(map[string]any{"kind": "canton", "canton": "ti"}),
		"named place":  loc(map[string]any{"kind": "city", "postalCode": "6900", "locality": "massagno"}),
		"unknown text": set("brand", "Meier Baustoffe"),
	} {
		r := c.do(t, "POST", "/api/v1/products", tok, input(edit))
		if r.Status != 201 {
			t.Errorf("%s: got %d %s", name, r.Status, r.Body)
			continue
		}
		l := r.JSON["location"].(map[string]any)
		switch name {
		case "canton":
			if l["kind"] != "canton" || l["canton"] != "TI" || l["lat"] != 46.3 {
				t.Errorf("canton: got %v", l)
			}
		case "named place":
			if l["locality"] != "Massagno" {
				t.Errorf("named place: got %v", l)
			}
		case "unknown text":
			if r.str("brand") != "Meier Baustoffe" {
				t.Errorf("free-text brand: got %q", r.str("brand"))
			}
		}
	}
	if r := c.do(t, "POST", "/api/v1/products", tok, map[string]any{"title": "x", "extra": 1}); r.Status != 400 || r.Code() != "invalid_json" {
		t.Errorf("unknown field: got %d %s", r.Status, r.Body)
	}
}

// TestSearchAndCards: filters, radius around the known places, the
// resolved place, cards in order, similar ads.
func TestSearchAndCards(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 20, images: 5})
	place := func(code string) func(map[string]any) {
		c.clock.Advance(time.Second) // publication order is the newest-first order
		return set("location", map[string]any{"kind": "city", "postalCode": code})
	}
	zh := c.published(t, tok, place("8001"), set("title", "Bohrhammer Zürich"), set("categorySlug", "power-tools"), set("priceRp", 30000))
	ge := c.published(t, tok, place("1201"), set("title", "Bohrhammer Genève"), set("categorySlug", "power-tools"), set("priceRp", 10000))
	be := c.published(t, tok, place("3000"), set("title", "Bohrhammer Bern"), set("categorySlug", "power-tools"), set("priceRp", 20000), set("condition", "used"))
	ti := c.published(t, tok, place("6900"), set("title", "Bohrhammer Lugano"), set("categorySlug", "hand-tools"), set("discountPct", 0), set("priceRp", 5000))
	wi := c.published(t, tok, place("8400"), set("title", "Bohrhammer Winterthur"), set("categorySlug", "power-tools"), set("priceRp", 40000))
	draft := c.draft(t, tok, place("8001"), set("title", "Bohrhammer Entwurf"), set("categorySlug", "power-tools"))

	tests := []struct {
		query string
		want  []string
	}{
		{"q=bohrhammer", []string{wi, ti, be, ge, zh}},
		{"q=bohrhammer&sort=price_asc", []string{ti, ge, be, zh, wi}},
		{"category=tools&sort=price_desc", []string{wi, zh, be, ge, ti}},
		{"category=power-tools&condition=used", []string{be}},
		{"category=power-tools&maxPrice=200", []string{be, ge}}, // effective prices 18000, 9000 (10 % off)
		{"location=8001&radius=10", []string{zh}},
		{"location=8001&radius=30", []string{wi, zh}},
		{"location=Zürich", []string{wi, zh}}, // 25 km by default
		{"location=1201", []string{ge}},
		{"location=3000%20Bern&radius=5", []string{be}},
		{"location=6900", []string{ti}},
		{"location=lugano&radius=200", []string{wi, ti, be, zh}},
		{"location=8001&radius=200&sort=distance", []string{zh, wi, be, ti}}, // Genève: 224 km
		{"q=bohrhammer&location=3000&radius=200&sort=distance", []string{be, zh, wi, ge, ti}},
		{"category=power-tools&location=1201&radius=200&sort=distance", []string{ge, be}},
		{"canton=ge", []string{ge}},
	}
	for _, tt := range tests {
		if got := c.searchIDs(t, tt.query); !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.query, got, tt.want)
		}
	}
	r := c.do(t, "GET", "/api/v1/products?location=8001&radius=30", "", nil)
	p := r.JSON["place"].(map[string]any)
	if p["postalCode"] != "8001" || p["name"] != "Zürich" || p["canton"] != "ZH" {
		t.Errorf("place: got %v", p)
	}
	if d, _ := r.items()[0]["distanceKm"].(float64); d < 15 || d > 25 {
		t.Errorf("distance of Winterthur from Zürich: got %v, want about 20 km", r.items()[0]["distanceKm"])
	}
	bad := []struct{ query, field, code string }{
		{"location=Atlantis", "location", "unknown_locality"},
		{"location=9999", "location", "unknown_locality"},
		{"location=8001&radius=500", "radius", "out_of_range"},
		{"limit=49", "limit", "out_of_range"},
		{"limit=x", "limit", "invalid"},
		{"maxPrice=12.345", "maxPrice", "invalid"},
		{"sort=random", "sort", "invalid"},
		{"sort=distance", "sort", "invalid"}, // nearest to no place
		{"condition=broken", "condition", "invalid"},
		{"canton=ZHH", "canton", "invalid"},
	}
	for _, b := range bad {
		r := c.do(t, "GET", "/api/v1/products?"+b.query, "", nil)
		fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
		if r.Status != 400 || fields[b.field] != b.code {
			t.Errorf("%s: got %d %s, want 400 %s=%s", b.query, r.Status, r.Body, b.field, b.code)
		}
	}
	// Pages of two: no duplicates, no gaps.
	var paged []string
	cursor := ""
	for range 5 {
		r := c.do(t, "GET", "/api/v1/products?q=bohrhammer&sort=price_asc&limit=2&cursor="+cursor, "", nil)
		for _, it := range r.items() {
			paged = append(paged, it["id"].(string))
		}
		if cursor = r.str("nextCursor"); cursor == "" {
			break
		}
	}
	if want := []string{ti, ge, be, zh, wi}; !slices.Equal(paged, want) {
		t.Errorf("pages: got %v, want %v", paged, want)
	}

	// Cards in the asked order, drafts and unknown ids left out.
	b := c.do(t, "GET", "/api/v1/products/batch?ids="+ge+","+draft+",01NOSUCHAD0000000000000000,"+zh+",nonsense", "", nil)
	var got []string
	for _, it := range b.items() {
		got = append(got, it["id"].(string))
		if !strings.HasPrefix(it["imageUrl"].(string), "/images/products/"+it["id"].(string)+"/") {
			t.Errorf("card image: got %v", it["imageUrl"])
		}
	}
	if !slices.Equal(got, []string{ge, zh}) {
		t.Errorf("batch: got %v, want [%s %s]", got, ge, zh)
	}
	if r := c.do(t, "GET", "/api/v1/products/batch?ids="+strings.Repeat(zh+",", 25), "", nil); r.Status != 400 {
		t.Errorf("25 ids: got %d", r.Status)
	}
	if r := c.do(t, "GET", "/api/v1/products/batch", "", nil); r.Status != 200 || len(r.items()) != 0 {
		t.Errorf("no ids: got %d %s", r.Status, r.Body)
	}

	// Similar: same category, near first (Winterthur is 21 km from
	// Zürich), then anywhere; never the ad itself or another category.
	s := c.do(t, "GET", "/api/v1/products/"+zh+"/similar", "", nil)
	got = nil
	for _, it := range s.items() {
		got = append(got, it["id"].(string))
	}
	if len(got) != 3 || got[0] != wi || slices.Contains(got, zh) || slices.Contains(got, ti) {
		t.Errorf("similar: got %v, want Winterthur first, then Bern and Genève", got)
	}
}

// TestPutImported: the seed's import writes an active, searchable ad with
// ready images, idempotently (term counts are not doubled).
func TestPutImported(t *testing.T) {
	c := newCloud(t)
	ctx := context.Background()
	now := c.clock.Now()
	id, img1, img2 := ulid.Make().String(), ulid.Make().String(), ulid.Make().String()
	ad := catalog.Ad{
		ID: id, SellerID: "seller-1", Title: "Gipsplatten Restposten", CategorySlug: "drywall-plaster",
		CategoryPath: []string{"drywall-plaster", "building-materials"}, Brand: "Rigips", Description: "40 Platten 12.5 mm.",
		PriceRp: 8000, Condition: catalog.ConditionNew, Quantity: catalog.Quantity{Amount: 40, Unit: "pieces"}, Pickup: true,
		Location:  catalog.Location{Kind: catalog.LocationCity, PostalCode: "3000", Locality: "Bern", Canton: "BE", Lat: 46.9481, Lon: 7.4474},
		CreatedAt: now.Add(-48 * time.Hour),
	}
	for range 2 {
		if err := c.store.PutImported(ctx, ad, []catalog.Image{{ID: img1, Width: 1600, Height: 1200}, {ID: img2}}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := c.store.Ad(ctx, id)
	if err != nil || got.Status != catalog.StatusActive || got.MainImageID != img1 || !slices.Equal(got.ImageOrder, []string{img1, img2}) ||
		!got.ExpiresAt.Equal(ad.CreatedAt.AddDate(0, 0, catalog.DefaultAdDurationDays)) {
		t.Fatalf("imported ad: got %+v, %v", got, err)
	}
	if ids := c.searchIDs(t, "q=gipsplatten&location=3000"); !slices.Equal(ids, []string{id}) {
		t.Errorf("search: got %v", ids)
	}
	d := c.do(t, "GET", "/api/v1/products/"+id, "", nil)
	if imgs := d.JSON["images"].([]any); len(imgs) != 2 || imgs[0].(map[string]any)["largeUrl"] != "/"+catalog.RenditionKeys(id, img1).Large {
		t.Errorf("images: got %v", d.JSON["images"])
	}
	if owner, _, err := c.store.ImageOwner(ctx, img2); err != nil || owner != id {
		t.Errorf("lookup: got %s %v", owner, err)
	}
	// One posting per term and counts of 1 after two imports.
	if n := c.count(t, "IX#all", ""); n != 1 {
		t.Errorf("postings of all: got %d, want 1", n)
	}
	cards, err := c.svc.Cards(ctx, []string{id})
	if err != nil || len(cards) != 1 || cards[0].EffectivePriceRp != 8000 || cards[0].Category != "drywall-plaster" {
		t.Errorf("cards: got %+v, %v", cards, err)
	}
}

// TestNormalizeNameMatchesSeed: the catalogue's locality keys agree with
// the seed's for every real locality (../shared/data), so every seeded
// locality can be found by name.
func TestNormalizeNameMatchesSeed(t *testing.T) {
	for _, s := range []string{"Zürich", "Neuchâtel", "L’Abbaye", "  Sainte-Croix\tVD", "Genève 1"} {
		if got, want := catalog.NormalizeName(s), seed.NormalizeName(s); got != want {
			t.Errorf("%q: got %q, want %q", s, got, want)
		}
	}
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, "..", "shared", "data", "ch-localities.csv")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("real localities not available at %s", path)
	}
	locs, _, err := seed.ReadLocalities(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range locs {
		if got, want := catalog.NormalizeName(l.Name), seed.NormalizeName(l.Name); got != want {
			t.Errorf("%s %q: got %q, want %q", l.PostalCode, l.Name, got, want)
		}
	}
}
