package billing

import (
	"fmt"
	"time"

	"github.com/remat/remat/shared/money"
)

// Localized is a text in the five UI languages (en, fr, de, it, sq).
type Localized map[string]string

// PlanKind tells a subscription plan from the single-publication product.
type PlanKind string

// The plan kinds.
const (
	KindSubscription PlanKind = "subscription"
	KindSingle       PlanKind = "single"
)

// DurationUnit is the unit of a plan's duration.
type DurationUnit string

// The duration units.
const (
	UnitDays   DurationUnit = "days"
	UnitMonths DurationUnit = "months"
)

// Duration is a calendar duration: n days or n months.
type Duration struct {
	Value int          `json:"value" dynamodbav:"value"`
	Unit  DurationUnit `json:"unit" dynamodbav:"unit"`
}

// AddTo returns t plus d in UTC. Days are 24-hour days. Months are
// calendar months with the day of month clamped to the last day of the
// target month: Jan 31 + 1 month is Feb 28 (Feb 29 in a leap year), Aug 31
// + 1 month is Sep 30, and the time of day is kept. Go's time.AddDate
// would normalise Jan 31 + 1 month to Mar 3 (or Mar 2), which would give a
// subscriber days they did not pay for.
func (d Duration) AddTo(t time.Time) time.Time {
	t = t.UTC()
	switch d.Unit {
	case UnitDays:
		return t.AddDate(0, 0, d.Value)
	case UnitMonths:
		y, m, day := t.Date()
		first := time.Date(y, m+time.Month(d.Value), 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
		last := daysIn(first.Year(), first.Month())
		return first.AddDate(0, 0, min(day, last)-1)
	default:
		panic(fmt.Sprintf("billing: unknown duration unit %q", d.Unit))
	}
}

func daysIn(y int, m time.Month) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// Plan is a product sellers buy: a subscription plan or the single
// publication. PriceRp is the price excluding VAT in Rappen.
type Plan struct {
	ID             string    `json:"id" dynamodbav:"id"`
	Kind           PlanKind  `json:"kind" dynamodbav:"kind"`
	Name           Localized `json:"name" dynamodbav:"name"`
	Description    Localized `json:"description" dynamodbav:"description"`
	PriceRp        int64     `json:"priceRp" dynamodbav:"priceRp"`
	Currency       string    `json:"currency" dynamodbav:"currency"`
	Duration       Duration  `json:"duration" dynamodbav:"duration"`
	FreeMonths     int       `json:"freeMonths" dynamodbav:"freeMonths"`
	AdAllowance    int       `json:"adAllowance" dynamodbav:"adAllowance"`
	ImageAllowance int       `json:"imageAllowance" dynamodbav:"imageAllowance"`
	AdDurationDays int       `json:"adDurationDays" dynamodbav:"adDurationDays"`
	Bundle         bool      `json:"bundle" dynamodbav:"bundle"`
	Popular        bool      `json:"popular" dynamodbav:"popular"`
	// SortOrder orders the pricing page (not part of the API shape).
	SortOrder int `json:"-" dynamodbav:"sortOrder"`
	// Retired plans are no longer offered: GET /plans leaves them out and
	// new orders are refused (plan_retired); subscriptions, pending orders
	// and invoices keep the snapshot they were made with.
	Retired bool `json:"-" dynamodbav:"retired,omitempty"`
}

// PlanJSON is a plan as GET /api/v1/plans shows it: the stored plan, the
// VAT rate orders use and the price including VAT, computed by the rule
// that prices every order (AmountsFor, half-up to the Rappen), so the
// pricing page shows a private buyer the amount they will pay and the SPA
// computes no money.
type PlanJSON struct {
	Plan
	VATRateBp      money.BasisPoints `json:"vatRateBp"`
	PriceInclVATRp int64             `json:"priceInclVatRp"`
}

// planJSON is p with its VAT-inclusive price at VATRate.
func planJSON(p Plan) PlanJSON {
	return PlanJSON{Plan: p, VATRateBp: VATRate, PriceInclVATRp: AmountsFor(p.PriceRp, VATRate).TotalRp}
}

// Seeded plan ids.
const (
	PlanSingle  = "single"
	PlanStarter = "starter"
	PlanPro     = "pro"
	PlanBundle  = "bundle"
)

// SeedVersion is stored on seeded plans; SeedPlans overwrites a plan only
// when its stored version is older, so a restart never clobbers an
// administrator's edit and a changed catalogue reaches every stage.
const SeedVersion = 1

// SeededPlans returns the plans every stage starts with.
func SeededPlans() []Plan {
	return []Plan{
		{
			ID: PlanSingle, Kind: KindSingle, SortOrder: 1,
			Name: Localized{"en": "Single publication", "fr": "Publication unique", "de": "Einzelinserat", "it": "Pubblicazione singola", "sq": "Publikim i vetëm"},
			Description: Localized{
				"en": "One ad online for 60 days with up to 8 photos.",
				"fr": "Une annonce en ligne pendant 60 jours avec jusqu’à 8 photos.",
				"de": "Ein Inserat 60 Tage online mit bis zu 8 Fotos.",
				"it": "Un annuncio online per 60 giorni con fino a 8 foto.",
				"sq": "Një njoftim online për 60 ditë me deri në 8 foto.",
			},
			PriceRp: 1900, Currency: money.Currency, Duration: Duration{60, UnitDays},
			AdAllowance: 1, ImageAllowance: 8, AdDurationDays: 60,
		},
		{
			ID: PlanStarter, Kind: KindSubscription, SortOrder: 2,
			Name: Localized{"en": "Starter", "fr": "Starter", "de": "Starter", "it": "Starter", "sq": "Starter"},
			Description: Localized{
				"en": "5 ads over 3 months, 10 photos per ad.",
				"fr": "5 annonces sur 3 mois, 10 photos par annonce.",
				"de": "5 Inserate während 3 Monaten, 10 Fotos pro Inserat.",
				"it": "5 annunci in 3 mesi, 10 foto per annuncio.",
				"sq": "5 njoftime për 3 muaj, 10 foto për njoftim.",
			},
			PriceRp: 3900, Currency: money.Currency, Duration: Duration{3, UnitMonths},
			AdAllowance: 5, ImageAllowance: 10, AdDurationDays: 60,
		},
		{
			ID: PlanPro, Kind: KindSubscription, SortOrder: 3, Popular: true, FreeMonths: 3,
			Name: Localized{"en": "Pro", "fr": "Pro", "de": "Pro", "it": "Pro", "sq": "Pro"},
			Description: Localized{
				"en": "30 ads over 12 months, 15 photos per ad. First 3 months free, without commitment.",
				"fr": "30 annonces sur 12 mois, 15 photos par annonce. 3 premiers mois offerts, sans engagement.",
				"de": "30 Inserate während 12 Monaten, 15 Fotos pro Inserat. Die ersten 3 Monate gratis, unverbindlich.",
				"it": "30 annunci in 12 mesi, 15 foto per annuncio. Primi 3 mesi gratuiti, senza impegno.",
				"sq": "30 njoftime për 12 muaj, 15 foto për njoftim. 3 muajt e parë falas, pa detyrim.",
			},
			PriceRp: 29000, Currency: money.Currency, Duration: Duration{12, UnitMonths},
			AdAllowance: 30, ImageAllowance: 15, AdDurationDays: 90,
		},
		{
			ID: PlanBundle, Kind: KindSubscription, SortOrder: 4, Bundle: true,
			Name: Localized{"en": "Visibility bundle", "fr": "Pack visibilité", "de": "Sichtbarkeitspaket", "it": "Pacchetto visibilità", "sq": "Paketa e dukshmërisë"},
			Description: Localized{
				"en": "12 months of extra visibility for your shop. No ads can be created with this package.",
				"fr": "12 mois de visibilité accrue pour votre boutique. Ce pack ne permet pas de créer d’annonces.",
				"de": "12 Monate mehr Sichtbarkeit für Ihren Shop. Mit diesem Paket können keine Inserate erstellt werden.",
				"it": "12 mesi di maggiore visibilità per il tuo negozio. Con questo pacchetto non si possono creare annunci.",
				"sq": "12 muaj dukshmëri shtesë për dyqanin tuaj. Me këtë paketë nuk mund të krijohen njoftime.",
			},
			PriceRp: 59000, Currency: money.Currency, Duration: Duration{12, UnitMonths},
			AdAllowance: 0, ImageAllowance: 0, AdDurationDays: 0,
		},
	}
}
