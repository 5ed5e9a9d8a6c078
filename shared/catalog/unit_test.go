package catalog

import (
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/billing"
)

func ptr[T any](v T) *T { return &v }

func validInput() ProductInput {
	return ProductInput{
		Title: "Holzlatten", CategorySlug: "timber", Description: "Zwanzig Latten, 3 m lang.", PriceRp: ptr[int64](5000),
		DiscountPct: ptr(5), Condition: ConditionUsed, Quantity: QuantityInput{Amount: ptr(20.0), Unit: "pieces"}, Pickup: true,
		Location: LocationInput{Kind: LocationCity, PostalCode: "8001"},
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		edit func(*ProductInput)
		want map[string]string
	}{
		{"valid", func(*ProductInput) {}, nil},
		{"title of 3 after trimming", func(in *ProductInput) { in.Title = "  a   b " }, nil},
		{"title of 2", func(in *ProductInput) { in.Title = "ab" }, map[string]string{"title": apperr.FieldTooShort}},
		{"title counted in characters", func(in *ProductInput) { in.Title = string(make([]rune, 0)) + "ééé" }, nil},
		{"brand too long", func(in *ProductInput) { in.Brand = string(slices.Repeat([]rune("x"), 61)) }, map[string]string{"brand": apperr.FieldTooLong}},
		{"description too short", func(in *ProductInput) { in.Description = "kurz" }, map[string]string{"description": apperr.FieldTooShort}},
		{"title of control characters", func(in *ProductInput) { in.Title = "»\x1a\x17" }, map[string]string{"title": apperr.FieldInvalidCharacters}},
		{"title of zero-width spaces", func(in *ProductInput) { in.Title = "\u200b\u200b" }, map[string]string{"title": apperr.FieldRequired}},
		{"title with a bidi override", func(in *ProductInput) { in.Title = "\u202Eabc" }, map[string]string{"title": apperr.FieldInvalidCharacters}},
		{"description with NUL", func(in *ProductInput) { in.Description = "Zwanzig\x00 Latten" }, map[string]string{"description": apperr.FieldInvalidCharacters}},
		{"price too high", func(in *ProductInput) { in.PriceRp = ptr[int64](PriceMaxRp + 1) }, map[string]string{"priceRp": apperr.FieldOutOfRange}},
		{"price missing", func(in *ProductInput) { in.PriceRp = nil }, map[string]string{"priceRp": apperr.FieldRequired}},
		{"free with discount", func(in *ProductInput) { in.PriceRp = ptr[int64](0) }, map[string]string{"discountPct": apperr.FieldInvalid}},
		{"free", func(in *ProductInput) { in.PriceRp, in.DiscountPct = ptr[int64](0), ptr(0) }, nil},
		{"discount -1", func(in *ProductInput) { in.DiscountPct = ptr(-1) }, map[string]string{"discountPct": apperr.FieldOutOfRange}},
		{"discount missing", func(in *ProductInput) { in.DiscountPct = nil }, map[string]string{"discountPct": apperr.FieldRequired}},
		{"quantity too large", func(in *ProductInput) { in.Quantity.Amount = ptr(QuantityMax + 1.0) }, map[string]string{"quantity.amount": apperr.FieldOutOfRange}},
		{"quantity below DynamoDB's numbers", func(in *ProductInput) { in.Quantity.Amount = ptr(1e-131) }, map[string]string{"quantity.amount": apperr.FieldOutOfRange}},
		{"quantity missing", func(in *ProductInput) { in.Quantity.Amount = nil }, map[string]string{"quantity.amount": apperr.FieldRequired}},
		{"fractional quantity", func(in *ProductInput) { in.Quantity = QuantityInput{Amount: ptr(2.5), Unit: "m3"} }, nil},
		{"no unit", func(in *ProductInput) { in.Quantity.Unit = "" }, map[string]string{"quantity.unit": apperr.FieldRequired}},
		{"delivery only", func(in *ProductInput) { in.Pickup, in.Delivery = false, true }, nil},
		{"postal code with a leading 0", func(in *ProductInput) { in.Location.PostalCode = "0800" }, map[string]string{"location.postalCode": apperr.FieldInvalid}},
		{"canton", func(in *ProductInput) { in.Location = LocationInput{Kind: LocationCanton, Canton: "be"} }, nil},
		{"canton of three letters", func(in *ProductInput) { in.Location = LocationInput{Kind: LocationCanton, Canton: "BER"} }, map[string]string{"location.canton": apperr.FieldUnknownCanton}},
		{"canton missing", func(in *ProductInput) { in.Location = LocationInput{Kind: LocationCanton} }, map[string]string{"location.canton": apperr.FieldRequired}},
		{"kind unknown", func(in *ProductInput) { in.Location.Kind = "gps" }, map[string]string{"location.kind": apperr.FieldInvalid}},
		{"empty", func(in *ProductInput) { *in = ProductInput{} }, map[string]string{
			"title": apperr.FieldRequired, "description": apperr.FieldRequired, "categorySlug": apperr.FieldRequired,
			"condition": apperr.FieldRequired, "quantity.amount": apperr.FieldRequired, "quantity.unit": apperr.FieldRequired,
			"priceRp": apperr.FieldRequired, "discountPct": apperr.FieldRequired,
			"pickup": apperr.FieldRequired, "delivery": apperr.FieldRequired, "location.kind": apperr.FieldRequired,
		}},
	}
	for _, tt := range tests {
		in := validInput()
		tt.edit(&in)
		if got := in.Normalize().Check(); !maps.Equal(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	in := ProductInput{Title: "  Alte \t Ziegel ", Description: " Zeile 1\r\nZeile 2 ", Location: LocationInput{Canton: " zh ", Locality: " Lausanne  25 "}}
	got := in.Normalize()
	if got.Title != "Alte Ziegel" || got.Description != "Zeile 1\nZeile 2" || got.Location.Canton != "ZH" || got.Location.Locality != "Lausanne 25" {
		t.Errorf("got %+v", got)
	}
}

func TestRefusal(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	valid, expired := now.Add(24*time.Hour), now.Add(-time.Second)
	s := func(remaining int, bundle bool, exp time.Time) billing.Subscription {
		return billing.Subscription{ID: "s", RemainingAds: remaining, Bundle: bundle, ExpiresAt: exp}
	}
	tests := []struct {
		name string
		subs []billing.Subscription
		want apperr.Code
	}{
		{"none", nil, apperr.CodeSubscriptionInvalid},
		{"expired", []billing.Subscription{s(5, false, expired)}, apperr.CodeSubscriptionInvalid},
		{"expiring exactly now", []billing.Subscription{s(5, false, now)}, apperr.CodeSubscriptionInvalid},
		{"used up", []billing.Subscription{s(0, false, valid)}, apperr.CodeAdCountExceeded},
		{"bundle", []billing.Subscription{s(0, true, valid)}, apperr.CodeBundlePlanNoAds},
		{"expired bundle", []billing.Subscription{s(0, true, expired)}, apperr.CodeSubscriptionInvalid},
		{"used up and bundle", []billing.Subscription{s(0, true, valid), s(0, false, valid)}, apperr.CodeAdCountExceeded},
	}
	for _, tt := range tests {
		if u := usable(tt.subs, now); len(u) != 0 {
			t.Errorf("%s: usable: got %v, want none", tt.name, u)
		}
		var e *apperr.Error
		if err := refusal(tt.subs, now); !errors.As(err, &e) || e.Code != tt.want {
			t.Errorf("%s: got %v, want %s", tt.name, err, tt.want)
		}
	}
	later := s(1, false, now.Add(48*time.Hour))
	later.ID = "later"
	soon := s(1, false, valid)
	soon.ID = "soon"
	if u := usable([]billing.Subscription{later, s(1, true, valid), soon, s(0, false, valid)}, now); len(u) != 2 || u[0].ID != "soon" || u[1].ID != "later" {
		t.Errorf("usable: got %v, want soon then later", u)
	}
}

func TestCategoryPathAndBrand(t *testing.T) {
	cats := []Category{{Slug: "tools"}, {Slug: "power-tools", Parent: "tools"}, {Slug: "drills", Parent: "power-tools"}, {Slug: "loop", Parent: "loop"}}
	if got := categoryPath(cats, "drills"); !slices.Equal(got, []string{"drills", "power-tools", "tools"}) {
		t.Errorf("path: got %v", got)
	}
	if got := categoryPath(cats, "nope"); got != nil {
		t.Errorf("unknown: got %v", got)
	}
	if got := categoryPath(cats, "loop"); len(got) > len(cats)+1 {
		t.Errorf("a cycle must stop: got %v", got)
	}
	brands := []Brand{{Slug: "karcher", Name: "Kärcher"}, {Slug: "villeroy-boch", Name: "Villeroy & Boch"}}
	for in, want := range map[string]string{"KARCHER": "Kärcher", "villeroy boch": "Villeroy & Boch", "Villeroy&Boch": "Villeroy & Boch", "Meier AG": "Meier AG"} {
		if got := canonicalBrand(brands, in); got != want {
			t.Errorf("brand %q: got %q, want %q", in, got, want)
		}
	}
}

func TestChfToRappen(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "250": 25000, "250.5": 25050, "250.05": 25005, "9999999.99": 999999999} {
		if got := chfToRappen(in); got != want {
			t.Errorf("%s: got %d, want %d", in, got, want)
		}
	}
	for _, bad := range []string{"", "1,50", "1.234", "-5", "12345678", "1e3", ".5"} {
		if pricePattern.MatchString(bad) {
			t.Errorf("%q: got accepted, want refused", bad)
		}
	}
}

func TestDetailJSON(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	a := Ad{
		ID: "ad", SellerID: "u", Status: StatusActive, MainImageID: "c", ImageOrder: []string{"a", "b", "c", "d"},
		Location: Location{Kind: LocationCity, Lat: 47.37293, Lon: 8.54137}, PriceRp: 999, DiscountPct: 50, CreatedAt: now,
	}
	rec := AdRecord{Ad: a, Clicks: 7, Images: []Image{
		{ID: "d", State: ImageReady, Keys: RenditionKeys("ad", "d")}, {ID: "b", State: ImagePending},
		{ID: "a", State: ImageFailed, Reason: "too_large"}, {ID: "c", State: ImageReady, Keys: RenditionKeys("ad", "c")},
	}}
	pro := accounts.User{ID: "u", FirstName: "Eva", LastName: "Keller", AccountType: accounts.AccountProfessional, Company: &accounts.Company{Name: "Keller Bau AG"}, CreatedAt: now}
	public := DetailJSON(Detail{Record: rec, Seller: pro})
	ids := func(imgs []ImageJSON) (out []string) {
		for _, i := range imgs {
			out = append(out, i.ID)
		}
		return out
	}
	if got := ids(public.Images); !slices.Equal(got, []string{"c", "d"}) {
		t.Errorf("public images: got %v, want main first, ready only", got)
	}
	if public.Location.Lat != 47.37 || public.Location.Lon != 8.54 || public.Clicks != nil || public.EffectivePriceRp != 500 {
		t.Errorf("public: got %+v", public)
	}
	if public.Seller.Name != "Keller Bau AG" || public.Seller.AccountType != "professional" {
		t.Errorf("seller: got %+v", public.Seller)
	}
	own := DetailJSON(Detail{Record: rec, Seller: accounts.User{ID: "u", FirstName: "Jonas", LastName: "Ähnlich", CreatedAt: now}, Privileged: true, CanEdit: true})
	if got := ids(own.Images); !slices.Equal(got, []string{"c", "a", "b", "d"}) {
		t.Errorf("owner images: got %v, want main first, then display order", got)
	}
	if own.Images[1].Reason != "too_large" || own.Images[1].CardURL != "" || own.Images[0].CardURL != "/images/products/ad/c-card.jpg" {
		t.Errorf("owner image fields: got %+v", own.Images)
	}
	if own.Location.Lat != 47.37293 || own.Clicks == nil || *own.Clicks != 7 || own.Seller.Name != "Jonas Ä." || own.Seller.AccountType != "individual" {
		t.Errorf("owner: got %+v", own)
	}
	gone := DetailJSON(Detail{Record: rec})
	if gone.Seller.ID != "u" || gone.Seller.Name != "" || gone.Seller.MemberSince == "" {
		t.Errorf("deleted seller: got %+v", gone.Seller)
	}
}
