package alerts

import (
	"time"

	"github.com/remat/remat/shared/search"
)

// Frequencies of the alert e-mails.
const (
	// FrequencyInstant: soon after a match, at most one e-mail an hour
	// per saved search (later matches wait for the next one).
	FrequencyInstant = "instant"
	// FrequencyDaily: one digest a day, on the first run after DigestHour
	// (Swiss time).
	FrequencyDaily = "daily"
)

// Limits.
const (
	// MaxSearches per user.
	MaxSearches = 20
	// MaxNameRunes bounds a saved search's name.
	MaxNameRunes = 80
	// MaxParamsRunes bounds a saved search's query string, in characters.
	MaxParamsRunes = 2000
	// InstantInterval is the least time between two alerts of one search.
	InstantInterval = time.Hour
	// DigestHour is when daily digests go out (Europe/Zurich).
	DigestHour = 7
	// MaxAdsPerMail bounds the ads listed in one e-mail; the rest are a
	// link to the search.
	MaxAdsPerMail = 20
	// MailsPerUserDay bounds the alert e-mails to one user in a day, over
	// all their searches.
	MailsPerUserDay = 24
)

// Criteria are a saved search's filters, resolved (the location as a
// point): what a new ad is matched against.
type Criteria struct {
	Text       string  `dynamodbav:"text,omitempty"`
	Category   string  `dynamodbav:"category,omitempty"`
	Brand      string  `dynamodbav:"brand,omitempty"`
	Condition  string  `dynamodbav:"condition,omitempty"`
	MaxPriceRp int64   `dynamodbav:"maxPriceRp,omitempty"`
	Canton     string  `dynamodbav:"canton,omitempty"`
	Lat        float64 `dynamodbav:"lat,omitempty"`
	Lon        float64 `dynamodbav:"lon,omitempty"`
	RadiusKm   float64 `dynamodbav:"radiusKm,omitempty"`
}

// Query is the search query of c.
func (c Criteria) Query() search.Query {
	q := search.Query{
		Text: c.Text, Category: c.Category, Brand: c.Brand, Condition: c.Condition, MaxPriceRp: c.MaxPriceRp, Canton: c.Canton,
	}
	if c.RadiusKm > 0 {
		q.Near = &search.Near{Lat: c.Lat, Lon: c.Lon, RadiusKm: c.RadiusKm}
	}
	return q
}

// SavedSearch is one user's saved search.
type SavedSearch struct {
	ID     string
	UserID string
	Name   string
	// Params is the product list's query string it was saved from
	// (canonical: only filters), for the "see all results" links.
	Params   string
	Criteria Criteria
	// Place is the searched locality ("8001 Zürich") when there is a radius.
	Place      string
	Frequency  string
	Paused     bool
	Keys       []string
	CreatedAt  time.Time
	LastSentAt time.Time
	// DueSK is the GSI3 sort key while matches wait ("" otherwise).
	DueSK string
}

// Match is a new ad waiting to be e-mailed to a saved search.
type Match struct {
	AdID             string  `dynamodbav:"adId"`
	Title            string  `dynamodbav:"title"`
	PriceRp          int64   `dynamodbav:"priceRp"`
	DiscountPct      int     `dynamodbav:"discountPct"`
	EffectivePriceRp int64   `dynamodbav:"effectivePriceRp"`
	Locality         string  `dynamodbav:"locality,omitempty"`
	PostalCode       string  `dynamodbav:"postalCode,omitempty"`
	Canton           string  `dynamodbav:"canton,omitempty"`
	ThumbKey         string  `dynamodbav:"thumbKey,omitempty"`
	DistanceKm       float64 `dynamodbav:"distanceKm,omitempty"`
	MatchedAt        string  `dynamodbav:"matchedAt"`
}
