package search

import (
	"slices"
	"strings"
	"time"

	"github.com/remat/remat/shared/ddb"
)

// Condition values.
const (
	CondNew  = "new"
	CondUsed = "used"
)

// Ad is what search needs of an active ad. CategoryPath holds the slugs of
// the ad's category and all its ancestors (any order); PriceRp is in
// Rappen, DiscountPct 0-99; Lat/Lon come from the locality gazetteer;
// UpdatedAt (optional) is the ad's last change, the sitemap's lastmod.
type Ad struct {
	ID           string
	Title        string
	Brand        string
	CategoryPath []string
	Condition    string
	PriceRp      int64
	DiscountPct  int
	Canton       string
	PostalCode   string
	Locality     string
	Lat, Lon     float64
	PublishedAt  time.Time
	UpdatedAt    time.Time
	ThumbKey     string
	SellerID     string
}

// EffectivePriceRp is the price after the discount, rounded half up to
// the Rappen: the price shown, sorted on and compared with a maximum.
func (a Ad) EffectivePriceRp() int64 {
	return (a.PriceRp*int64(100-a.DiscountPct) + 50) / 100
}

// Terms returns the sorted, distinct index terms of ad: all, cat:<slug>
// for each path element, brand:<brandKey>, cond:<condition>,
// canton:<XX>, gh4:/gh5:/gh6: cells of its position, category cells,
// t:<key> for each text match key of title and brand (see text.go) and
// the condition variant of each of these (see qualified). Empty fields
// yield no term.
func Terms(ad Ad) []string {
	var terms []string
	for _, c := range ad.CategoryPath {
		if c != "" {
			terms = append(terms, termCat+c)
		}
	}
	if b := brandKey(ad.Brand); b != "" {
		terms = append(terms, termBrand+b)
	}
	if ad.Canton != "" {
		terms = append(terms, termCanton+strings.ToUpper(ad.Canton))
	}
	if hasPosition(ad.Lat, ad.Lon) {
		gh := GeohashEncode(ad.Lat, ad.Lon, 6)
		terms = append(terms, termGeo4+gh[:4], termGeo5+gh[:5], termGeo6+gh)
		// "Tools near Lugano": cells per category, so a radius search in a
		// category reads only that category's postings of its cells.
		for _, c := range ad.CategoryPath {
			if c != "" {
				terms = append(terms, catCell(c, termGeo4+gh[:4]), catCell(c, termGeo5+gh[:5]))
			}
		}
	}
	for _, k := range textKeys(ad.Title, ad.Brand) {
		terms = append(terms, termText+k)
	}
	// Every term has a variant qualified by the condition (cat:tools~used,
	// t:tuil~new), so "used tools near Bern" or "new tiles" anchors on
	// postings that all match instead of filtering out half of them: the
	// condition is the one filter almost every search could add.
	if ad.Condition != "" {
		for _, t := range terms {
			terms = append(terms, qualified(t, ad.Condition))
		}
		terms = append(terms, termCond+ad.Condition)
	}
	terms = append(terms, TermAll)
	slices.Sort(terms)
	return slices.Compact(terms)
}

// qualified is term restricted to ads in condition cond: cat:tools~used.
func qualified(term, cond string) string { return term + condSep + cond }

// unqualified splits a term into its base and condition qualifier.
func unqualified(term string) (base, cond string) {
	base, cond, _ = strings.Cut(term, condSep)
	return base, cond
}

// hasPosition treats (0, 0) as "no position": no Swiss ad lies there.
func hasPosition(lat, lon float64) bool { return lat != 0 || lon != 0 }

// Card is one search result, read from the posting's projected fields.
// DistanceKm is set when the query has a Near point.
type Card struct {
	ID               string    `json:"id"`
	Title            string    `json:"title"`
	Brand            string    `json:"brand,omitempty"`
	Category         string    `json:"category,omitempty"` // the first slug of CategoryPath
	Condition        string    `json:"condition"`
	PriceRp          int64     `json:"priceRp"`
	DiscountPct      int       `json:"discountPct"`
	EffectivePriceRp int64     `json:"effectivePriceRp"`
	Canton           string    `json:"canton,omitempty"`
	PostalCode       string    `json:"postalCode,omitempty"`
	Locality         string    `json:"locality,omitempty"`
	Lat              float64   `json:"lat"`
	Lon              float64   `json:"lon"`
	DistanceKm       float64   `json:"distanceKm,omitempty"`
	PublishedAt      time.Time `json:"publishedAt"`
	ThumbKey         string    `json:"thumbKey,omitempty"`
	SellerID         string    `json:"sellerId"`
}

// postingItem is a posting as stored (see keys.go).
type postingItem struct {
	PK          string   `dynamodbav:"PK"`
	SK          string   `dynamodbav:"SK"`
	GSI2PK      string   `dynamodbav:"GSI2PK"`
	GSI2SK      int64    `dynamodbav:"GSI2SK"`
	Type        string   `dynamodbav:"type"`
	AdID        string   `dynamodbav:"adId"`
	Title       string   `dynamodbav:"title"`
	Brand       string   `dynamodbav:"brand,omitempty"`
	BrandNorm   string   `dynamodbav:"brandNorm,omitempty"`
	Cats        []string `dynamodbav:"cats,stringset,omitempty"`
	Category    string   `dynamodbav:"category,omitempty"`
	Cond        string   `dynamodbav:"cond,omitempty"`
	Canton      string   `dynamodbav:"canton,omitempty"`
	PriceRp     int64    `dynamodbav:"priceRp"`
	DiscountPct int      `dynamodbav:"discountPct"`
	EffRp       int64    `dynamodbav:"effRp"`
	PostalCode  string   `dynamodbav:"postalCode,omitempty"`
	Locality    string   `dynamodbav:"locality,omitempty"`
	Lat         float64  `dynamodbav:"lat"`
	Lon         float64  `dynamodbav:"lon"`
	GH          string   `dynamodbav:"gh,omitempty"`
	PublishedAt string   `dynamodbav:"publishedAt"`
	ThumbKey    string   `dynamodbav:"thumbKey,omitempty"`
	SellerID    string   `dynamodbav:"sellerId"`
	Toks        []string `dynamodbav:"toks,stringset,omitempty"`
	// UpdatedAt is on the posting of term all only, which the sitemaps
	// read (sitemap_store.go).
	UpdatedAt string `dynamodbav:"updatedAt,omitempty"`
}

func toPosting(ad Ad, term string) postingItem {
	it := postingItem{
		PK: postingPK(term), SK: postingSK(ad.PublishedAt, ad.ID), GSI2PK: postingPK(term), GSI2SK: ad.EffectivePriceRp(),
		Type: typePosting, AdID: ad.ID, Title: ad.Title, Brand: ad.Brand, BrandNorm: brandKey(ad.Brand),
		Cond: ad.Condition, Canton: strings.ToUpper(ad.Canton), PriceRp: ad.PriceRp, DiscountPct: ad.DiscountPct,
		EffRp: ad.EffectivePriceRp(), PostalCode: ad.PostalCode, Locality: ad.Locality, Lat: ad.Lat, Lon: ad.Lon,
		PublishedAt: ddb.Time(ad.PublishedAt), ThumbKey: ad.ThumbKey, SellerID: ad.SellerID,
		Toks: textKeys(ad.Title, ad.Brand),
	}
	for _, c := range ad.CategoryPath {
		if c != "" {
			it.Cats = append(it.Cats, c)
		}
	}
	if len(it.Cats) > 0 {
		it.Category = it.Cats[0]
	}
	slices.Sort(it.Cats)
	it.Cats = slices.Compact(it.Cats)
	if hasPosition(ad.Lat, ad.Lon) {
		it.GH = GeohashEncode(ad.Lat, ad.Lon, postingGeoBits)
	}
	if term == TermAll && !ad.UpdatedAt.IsZero() {
		it.UpdatedAt = ddb.Time(ad.UpdatedAt)
	}
	return it
}

func (it postingItem) card() Card {
	pub, _ := time.Parse(time.RFC3339Nano, it.PublishedAt)
	return Card{
		ID: it.AdID, Title: it.Title, Brand: it.Brand, Category: it.Category, Condition: it.Cond,
		PriceRp: it.PriceRp, DiscountPct: it.DiscountPct, EffectivePriceRp: it.EffRp, Canton: it.Canton,
		PostalCode: it.PostalCode, Locality: it.Locality, Lat: it.Lat, Lon: it.Lon, PublishedAt: pub,
		ThumbKey: it.ThumbKey, SellerID: it.SellerID,
	}
}
