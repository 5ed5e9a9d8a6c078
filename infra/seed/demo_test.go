package seed

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/password"
)

// TestDemoDataset checks the demo ads against the rules a seller's input
// must pass (ProductInput in the catalogue contract) and the spread the
// demo promises: every category, four sellers in four languages, some
// discounts and some give-aways.
func TestDemoDataset(t *testing.T) {
	if n := len(demoAds); n < 50 || n > 70 {
		t.Errorf("got %d demo ads, want about 60", n)
	}
	paths := categoryPaths()
	perCategory := map[string]int{}
	perSeller := make([]int, len(demoSellers))
	free, discounted := 0, 0
	places := map[string]bool{}
	for i, a := range demoAds {
		if _, ok := paths[a.Category]; !ok {
			t.Errorf("ad %d: unknown category %q", i, a.Category)
		}
		perCategory[a.Category]++
		if a.Seller < 0 || a.Seller >= len(demoSellers) {
			t.Fatalf("ad %d: seller %d out of range", i, a.Seller)
		}
		perSeller[a.Seller]++
		if n := utf8.RuneCountInString(a.Title); n < 3 || n > 120 {
			t.Errorf("ad %d: title has %d characters, want 3 to 120", i, n)
		}
		if n := utf8.RuneCountInString(a.Text); n < 10 || n > 5000 {
			t.Errorf("ad %d: description has %d characters, want 10 to 5000", i, n)
		}
		if utf8.RuneCountInString(a.Brand) > 60 {
			t.Errorf("ad %d: brand too long", i)
		}
		if a.PriceRp < 0 || a.PriceRp > 100_000_000 || a.Discount < 0 || a.Discount > 99 {
			t.Errorf("ad %d: price %d, discount %d out of range", i, a.PriceRp, a.Discount)
		}
		if a.PriceRp == 0 {
			free++
			if a.Discount != 0 {
				t.Errorf("ad %d: a give-away has a discount", i)
			}
		}
		if a.Discount > 0 {
			discounted++
		}
		if a.Condition != catalog.ConditionNew && a.Condition != catalog.ConditionUsed {
			t.Errorf("ad %d: condition %q", i, a.Condition)
		}
		if !slices.Contains(catalog.Units, a.Unit) || a.Amount <= 0 || a.Amount > 1e6 {
			t.Errorf("ad %d: quantity %v %q", i, a.Amount, a.Unit)
		}
		if !a.Pickup && !a.Delivery {
			t.Errorf("ad %d: neither pickup nor delivery", i)
		}
		if a.Photos < 1 || a.Photos > 3 {
			t.Errorf("ad %d: %d photos, want 1 to 3", i, a.Photos)
		}
		motif := a.Motif
		if motif == "" {
			motif = categoryMotif[a.Category]
		}
		if _, ok := scenes[motif]; !ok {
			t.Errorf("ad %d: unknown motif %q", i, motif)
		}
		if _, ok := cantonPlace(a.Place); !ok {
			pc, name, ok := strings.Cut(a.Place, " ")
			if !ok || len(pc) != 4 || strings.Trim(pc, "0123456789") != "" || name == "" {
				t.Errorf("ad %d: place %q, want \"<postal code> <locality>\" or a canton code", i, a.Place)
			}
		}
		places[a.Place] = true
	}
	for _, c := range Categories() {
		if perCategory[c.Slug] < 2 {
			t.Errorf("category %s has %d demo ads, want at least 2", c.Slug, perCategory[c.Slug])
		}
	}
	plan, err := proPlan()
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]bool{}
	for i, s := range demoSellers {
		if perSeller[i] < 10 || perSeller[i] >= plan.AdAllowance {
			t.Errorf("seller %s has %d ads, want 10 to %d (ads left on the pro plan)", s.Key, perSeller[i], plan.AdAllowance-1)
		}
		if !strings.HasSuffix(s.Email, "@example.ch") {
			t.Errorf("seller %s: %s is not under example.ch", s.Key, s.Email)
		}
		langs[s.Language] = true
	}
	if len(langs) < 4 {
		t.Errorf("got languages %v, want de, fr, it and en", langs)
	}
	if free < 3 || discounted < 10 {
		t.Errorf("got %d give-aways and %d discounted ads, want a few of each", free, discounted)
	}
	if len(places) < 30 {
		t.Errorf("got %d places, want the ads spread over at least 30", len(places))
	}
}

// TestDemoBrandsUseTheSeededSpelling: a demo brand that is a seeded brand
// must be spelled as seeded, as the catalogue stores it.
func TestDemoBrandsUseTheSeededSpelling(t *testing.T) {
	seeded := map[string]string{}
	for _, b := range Brands() {
		seeded[b.Slug] = b.Name
	}
	for i, a := range demoAds {
		if name, ok := seeded[brandSlug(a.Brand)]; ok && a.Brand != name {
			t.Errorf("ad %d: brand %q, want the seeded spelling %q", i, a.Brand, name)
		}
	}
}

func TestDemoIDsAreFixedULIDs(t *testing.T) {
	seen := map[string]bool{}
	check := func(id string) {
		t.Helper()
		if !catalog.ValidID(id) || seen[id] {
			t.Errorf("id %q: want a new valid ULID", id)
		}
		seen[id] = true
	}
	for i, a := range demoAds {
		check(demoAdID(i))
		for k := range a.Photos {
			check(demoImageID(i, k))
		}
	}
	for _, s := range demoSellers {
		check(demoUserID(s.Key))
		check(demoSubID(s.Key))
	}
	first, again := []any{demoAdID(7), demoPhotoSeed(3, 1)}, []any{demoAdID(7), demoPhotoSeed(3, 1)}
	if !slices.Equal(first, again) {
		t.Error("ids are not stable")
	}
}

func TestDemoAgesSpreadOverThirtyDays(t *testing.T) {
	seen := map[time.Duration]bool{}
	var minAge, maxAge time.Duration = demoSpread, 0
	for i := range demoAds {
		a := demoAge(i)
		if a < time.Hour || a > demoSpread {
			t.Errorf("ad %d: age %v, want within an hour to 30 days", i, a)
		}
		if seen[a] {
			t.Errorf("ad %d: age %v taken twice", i, a)
		}
		seen[a] = true
		minAge, maxAge = min(minAge, a), max(maxAge, a)
	}
	if minAge > 2*time.Hour || maxAge < 25*24*time.Hour {
		t.Errorf("ages from %v to %v, want from about an hour to about 30 days", minAge, maxAge)
	}
	// The newest ads are not all of one category.
	type aged struct {
		age time.Duration
		cat string
	}
	var all []aged
	for i, a := range demoAds {
		all = append(all, aged{demoAge(i), a.Category})
	}
	slices.SortFunc(all, func(a, b aged) int { return int(a.age - b.age) })
	cats := map[string]bool{}
	for _, a := range all[:8] {
		cats[a.cat] = true
	}
	if len(cats) < 5 {
		t.Errorf("the 8 newest ads span %d categories, want at least 5", len(cats))
	}
}

func TestDemoPasswordPassesThePolicy(t *testing.T) {
	for _, s := range demoSellers {
		if code := password.Check(DemoPassword, s.Email); code != "" {
			t.Errorf("%s: demo password refused: %s", s.Email, code)
		}
	}
}

func TestCategoryPaths(t *testing.T) {
	paths := categoryPaths()
	if got := paths["power-tools"]; !slices.Equal(got, []string{"power-tools", "tools"}) {
		t.Errorf("got %v, want [power-tools tools]", got)
	}
	if got := paths["machines"]; !slices.Equal(got, []string{"machines"}) {
		t.Errorf("got %v, want [machines]", got)
	}
}

func TestImportSubscriptionRejectsIncomplete(t *testing.T) {
	_, err := billing.ImportSubscription(t.Context(), nil, "t", billing.Subscription{ID: "x"})
	if err == nil {
		t.Error("got nil, want an error for a subscription without a user")
	}
}
