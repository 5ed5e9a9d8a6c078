package billing

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/money"
)

func TestVAT(t *testing.T) {
	tests := []struct {
		net  int64
		rate money.BasisPoints
		want int64
	}{
		{0, 810, 0},
		{1, 810, 0},                 // 0.081 -> 0
		{6, 810, 0},                 // 0.486 -> 0
		{7, 810, 1},                 // 0.567 -> 1
		{100, 810, 8},               // 8.1 -> 8
		{1900, 810, 154},            // 153.9 -> 154
		{3900, 810, 316},            // 315.9 -> 316
		{29000, 810, 2349},          // 2349.0
		{59000, 810, 4779},          // 4779.0
		{50, 100, 1},                // exactly 0.5 -> 1 (half up)
		{150, 100, 2},               // exactly 1.5 -> 2 (not banker's 2; 2.5 below)
		{250, 100, 3},               // exactly 2.5 -> 3 (banker's rounding would give 2)
		{49, 100, 0},                // 0.49 -> 0
		{1000, 810, 81},             // 81.0
		{12345, 810, 1000},          // 999.945 -> 1000
		{12339, 810, 999},           // 999.459 -> 999
		{-250, 100, -3},             // credit: half away from zero
		{1 << 40, 810, 89060441850}, // 89060441849.856: large amounts stay exact
	}
	for _, tt := range tests {
		if got := VAT(tt.net, tt.rate); got != tt.want {
			t.Errorf("VAT(%d, %d): got %d, want %d", tt.net, tt.rate, got, tt.want)
		}
	}
	a := AmountsFor(1900, VATRate)
	if a != (Amounts{NetRp: 1900, VATRateBp: 810, VATRp: 154, TotalRp: 2054}) {
		t.Errorf("AmountsFor(1900): got %+v, want net 1900, vat 154, total 2054", a)
	}
}

func TestDurationAddTo(t *testing.T) {
	d := func(s string) time.Time {
		t.Helper()
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		from string
		dur  Duration
		want string
	}{
		{"2026-01-31T10:00:00Z", Duration{1, UnitMonths}, "2026-02-28T10:00:00Z"},
		{"2028-01-31T10:00:00Z", Duration{1, UnitMonths}, "2028-02-29T10:00:00Z"}, // leap year
		{"2026-03-31T00:00:00Z", Duration{1, UnitMonths}, "2026-04-30T00:00:00Z"},
		{"2026-08-31T23:59:59Z", Duration{1, UnitMonths}, "2026-09-30T23:59:59Z"},
		{"2026-01-15T08:30:00Z", Duration{1, UnitMonths}, "2026-02-15T08:30:00Z"},
		{"2026-11-30T12:00:00Z", Duration{3, UnitMonths}, "2027-02-28T12:00:00Z"}, // across the year
		{"2026-12-31T12:00:00Z", Duration{12, UnitMonths}, "2027-12-31T12:00:00Z"},
		{"2028-02-29T12:00:00Z", Duration{12, UnitMonths}, "2029-02-28T12:00:00Z"},
		{"2026-02-28T12:00:00Z", Duration{1, UnitMonths}, "2026-03-28T12:00:00Z"}, // no snap to month end
		{"2026-01-31T10:00:00Z", Duration{60, UnitDays}, "2026-04-01T10:00:00Z"},
		{"2026-02-27T10:00:00Z", Duration{2, UnitDays}, "2026-03-01T10:00:00Z"},
		{"2026-03-28T23:30:00+01:00", Duration{1, UnitDays}, "2026-03-29T22:30:00Z"}, // computed in UTC
	}
	for _, tt := range tests {
		if got := tt.dur.AddTo(d(tt.from)); !got.Equal(d(tt.want)) {
			t.Errorf("%s + %d %s: got %s, want %s", tt.from, tt.dur.Value, tt.dur.Unit, got.Format(time.RFC3339), tt.want)
		}
	}
}

func TestSubscriptionState(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	later, earlier := now.Add(time.Hour), now.Add(-time.Hour)
	tests := []struct {
		name string
		sub  Subscription
		want SubscriptionState
	}{
		{"ads left", Subscription{ExpiresAt: later, RemainingAds: 3}, StateValid},
		{"no ads left", Subscription{ExpiresAt: later, RemainingAds: 0}, StateLimitExceeded},
		{"expired with ads", Subscription{ExpiresAt: earlier, RemainingAds: 3}, StateExpired},
		{"expired and used up", Subscription{ExpiresAt: earlier}, StateExpired},
		{"expires exactly now", Subscription{ExpiresAt: now, RemainingAds: 1}, StateExpired},
		{"bundle carries no ads", Subscription{ExpiresAt: later, Bundle: true}, StateValid},
	}
	for _, tt := range tests {
		if got := tt.sub.State(now); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestQuoteOrder holds the pricing rule: the free trial, the price
// excluding VAT, VAT half-up to the Rappen, and the order made from it.
func TestQuoteOrder(t *testing.T) {
	plans := map[string]Plan{}
	for _, p := range SeededPlans() {
		plans[p.ID] = p
	}
	priced := func(id string, priceRp int64) Plan {
		p := plans[PlanStarter]
		p.ID, p.PriceRp = id, priceRp
		return p
	}
	singleWithFreeMonths := plans[PlanSingle]
	singleWithFreeMonths.FreeMonths = 2
	expiredPro := Subscription{PlanID: PlanPro, PlanKind: KindSubscription}
	trialPro := Subscription{PlanID: PlanPro, PlanKind: KindSubscription, Trial: true}
	starter := Subscription{PlanID: PlanStarter, PlanKind: KindSubscription}
	tests := []struct {
		name                   string
		plan                   Plan
		subs                   []Subscription
		trial                  bool
		freeMonths             int
		price, net, vat, total int64
	}{
		{"single publication", plans[PlanSingle], nil, false, 0, 1900, 1900, 154, 2054},
		{"starter has no free months", plans[PlanStarter], nil, false, 0, 3900, 3900, 316, 4216},
		{"pro, never held: trial", plans[PlanPro], nil, true, 3, 0, 0, 0, 0},
		{"pro, another plan held: trial", plans[PlanPro], []Subscription{starter}, true, 3, 0, 0, 0, 0},
		{"pro, held before: full price", plans[PlanPro], []Subscription{starter, expiredPro}, false, 0, 29000, 29000, 2349, 31349},
		{"pro after its trial: full price", plans[PlanPro], []Subscription{trialPro}, false, 0, 29000, 29000, 2349, 31349},
		{"bundle", plans[PlanBundle], nil, false, 0, 59000, 59000, 4779, 63779},
		{"free months on a single publication: no trial", singleWithFreeMonths, nil, false, 0, 1900, 1900, 154, 2054},
		{"40.5 Rp rounds up", priced("p500", 500), nil, false, 0, 500, 500, 41, 541},
		{"202.5 Rp rounds up (not to even)", priced("p2500", 2500), nil, false, 0, 2500, 2500, 203, 2703},
		{"14.985 Rp rounds up", priced("p185", 185), nil, false, 0, 185, 185, 15, 200},
		{"4.05 Rp rounds down", priced("p50", 50), nil, false, 0, 50, 50, 4, 54},
	}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		q := QuoteOrder(tt.plan, tt.subs)
		want := Amounts{NetRp: tt.net, VATRateBp: 810, VATRp: tt.vat, TotalRp: tt.total}
		if q.Trial != tt.trial || q.FreeMonths() != tt.freeMonths || q.Amounts != want || q.Currency != "CHF" ||
			q.Line.Quantity != 1 || q.Line.UnitPriceRp != tt.price || q.Line.NetRp != tt.net {
			t.Errorf("%s: got trial %v, %d free months, line %+v, %+v %s; want trial %v, %d free months, price %d, %+v CHF",
				tt.name, q.Trial, q.FreeMonths(), q.Line, q.Amounts, q.Currency, tt.trial, tt.freeMonths, tt.price, want)
		}
		o := NewOrder("o1", "u1", q, ProviderTest, now)
		if o.Amounts != q.Amounts || o.Trial != q.Trial || len(o.Lines) != 1 || o.Lines[0].NetRp != q.Line.NetRp ||
			o.PlanID != tt.plan.ID || o.Status != OrderPending || o.Currency != "CHF" || !o.CreatedAt.Equal(now) {
			t.Errorf("%s: NewOrder got %+v, want the quote's line and amounts", tt.name, o)
		}
	}
	if got := QuoteOrder(plans[PlanPro], nil).Line.Description["de"]; got != "Pro – 3 Monate gratis" {
		t.Errorf("trial line: got %q, want Pro – 3 Monate gratis", got)
	}
}

func TestSeededPlans(t *testing.T) {
	langs := []string{"en", "fr", "de", "it", "sq"}
	for _, p := range SeededPlans() {
		for _, l := range langs {
			if p.Name[l] == "" || p.Description[l] == "" {
				t.Errorf("plan %s: missing %s name or description", p.ID, l)
			}
		}
		if p.Bundle && p.AdAllowance != 0 {
			t.Errorf("plan %s: a bundle carries no ads, got %d", p.ID, p.AdAllowance)
		}
	}
}

func TestValidExpiry(t *testing.T) {
	for v, want := range map[string]bool{"12/34": true, "01/2030": true, "1/30": false, "13/30": false, "00/30": false, "ab/cd": false, "": false, "12 / 34": true} {
		if got := validExpiry(v); got != want {
			t.Errorf("validExpiry(%q): got %v, want %v", v, got, want)
		}
	}
}

// TestSignatureHeaderSurvivesTheLambdaAdapter: API Gateway's adapter splits
// "t=…,v1=…" on commas into two values.
func TestSignatureHeaderSurvivesTheLambdaAdapter(t *testing.T) {
	h := http.Header{}
	h.Add("Stripe-Signature", "t=1767268800")
	h.Add("Stripe-Signature", "v1=abc")
	if got := SignatureHeader(h); got != "t=1767268800,v1=abc" {
		t.Errorf("got %q, want t=1767268800,v1=abc", got)
	}
}

func TestPlanJSON(t *testing.T) {
	tests := []struct {
		name     string
		priceRp  int64
		wantIncl int64
	}{
		{"free", 0, 0},
		{"single", 1900, 2054},                // 19.00 + 1.539 -> 1.54
		{"starter", 3900, 4216},               // 39.00 + 3.159 -> 3.16
		{"pro", 29000, 31349},                 // 290.00 + 23.49
		{"half a Rappen rounds up", 500, 541}, // 5.00 + 0.405 -> 0.41
	}
	for _, tt := range tests {
		got := planJSON(Plan{ID: tt.name, PriceRp: tt.priceRp})
		if got.PriceInclVATRp != tt.wantIncl || got.VATRateBp != VATRate || got.PriceRp != tt.priceRp {
			t.Errorf("%s: got %d incl. VAT at %d bp (net %d), want %d at %d bp", tt.name, got.PriceInclVATRp, got.VATRateBp, got.PriceRp, tt.wantIncl, VATRate)
		}
	}
	b, err := json.Marshal(planJSON(Plan{ID: "pro", PriceRp: 29000, SortOrder: 3}))
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	for _, want := range []string{`"priceRp":29000`, `"priceInclVatRp":31349`, `"vatRateBp":810`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("got %s, want it to contain %s", b, want)
		}
	}
}
