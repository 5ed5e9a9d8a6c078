package catalog

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/remat/remat/shared/apperr"
)

// Bounds of ProductInput and of image uploads.
const (
	TitleMin       = 3
	TitleMax       = 120
	BrandMax       = 60
	DescriptionMin = 10
	DescriptionMax = 5000
	PriceMaxRp     = 100_000_000 // CHF 1 million
	DiscountMax    = 99
	QuantityMax    = 1_000_000
	ImageMaxBytes  = 15 << 20
	// MaxImagesPerAd caps the images of one ad whatever the plan allows.
	MaxImagesPerAd = 30
)

// ImageContentTypes are the accepted upload types.
var ImageContentTypes = []string{"image/jpeg", "image/png", "image/webp"}

// LocationInput is a location as the seller gives it: a locality by postal
// code (Locality picks one when several share the code), or a canton.
type LocationInput struct {
	Kind       string `json:"kind"`
	PostalCode string `json:"postalCode,omitempty"`
	Locality   string `json:"locality,omitempty"`
	Canton     string `json:"canton,omitempty"`
}

// ProductInput is the seller's form: every editable field of an ad (a
// PATCH replaces them all). PriceRp is in Rappen; 0 means free, and then
// DiscountPct must be 0. At least one of Pickup and Delivery is true.
type ProductInput struct {
	Title        string        `json:"title"`
	CategorySlug string        `json:"categorySlug"`
	Brand        string        `json:"brand,omitempty"`
	Description  string        `json:"description"`
	PriceRp      int64         `json:"priceRp"`
	DiscountPct  int           `json:"discountPct"`
	Condition    string        `json:"condition"`
	Quantity     Quantity      `json:"quantity"`
	Pickup       bool          `json:"pickup"`
	Delivery     bool          `json:"delivery"`
	Location     LocationInput `json:"location"`
}

// Normalize trims the text fields (and collapses white space in the
// one-line ones).
func (in ProductInput) Normalize() ProductInput {
	oneLine := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	in.Title = oneLine(in.Title)
	in.Brand = oneLine(in.Brand)
	in.CategorySlug = strings.TrimSpace(in.CategorySlug)
	in.Description = strings.TrimSpace(strings.ReplaceAll(in.Description, "\r\n", "\n"))
	in.Condition = strings.TrimSpace(in.Condition)
	in.Quantity.Unit = strings.TrimSpace(in.Quantity.Unit)
	in.Location.Kind = strings.TrimSpace(in.Location.Kind)
	in.Location.PostalCode = strings.TrimSpace(in.Location.PostalCode)
	in.Location.Locality = oneLine(in.Location.Locality)
	in.Location.Canton = strings.ToUpper(strings.TrimSpace(in.Location.Canton))
	return in
}

// Check validates a normalised input without the reference data and
// returns field -> field code for each problem (nil when none). Category,
// locality and canton existence are checked by the service.
func (in ProductInput) Check() map[string]string {
	bad := map[string]string{}
	length := func(field, s string, lo, hi int, required bool) {
		n := utf8.RuneCountInString(s)
		switch {
		case n == 0 && required:
			bad[field] = apperr.FieldRequired
		case n == 0:
		case n < lo:
			bad[field] = apperr.FieldTooShort
		case n > hi:
			bad[field] = apperr.FieldTooLong
		}
	}
	length("title", in.Title, TitleMin, TitleMax, true)
	length("brand", in.Brand, 0, BrandMax, false)
	length("description", in.Description, DescriptionMin, DescriptionMax, true)
	if in.CategorySlug == "" {
		bad["categorySlug"] = apperr.FieldRequired
	}
	if in.PriceRp < 0 || in.PriceRp > PriceMaxRp {
		bad["priceRp"] = apperr.FieldOutOfRange
	}
	switch {
	case in.DiscountPct < 0 || in.DiscountPct > DiscountMax:
		bad["discountPct"] = apperr.FieldOutOfRange
	case in.PriceRp == 0 && in.DiscountPct != 0:
		bad["discountPct"] = apperr.FieldInvalid // no discount on a free item
	}
	switch in.Condition {
	case "":
		bad["condition"] = apperr.FieldRequired
	case ConditionNew, ConditionUsed:
	default:
		bad["condition"] = apperr.FieldInvalid
	}
	if in.Quantity.Amount <= 0 || in.Quantity.Amount > QuantityMax {
		bad["quantity.amount"] = apperr.FieldOutOfRange
	}
	switch {
	case in.Quantity.Unit == "":
		bad["quantity.unit"] = apperr.FieldRequired
	case !slices.Contains(Units, in.Quantity.Unit):
		bad["quantity.unit"] = apperr.FieldInvalid
	}
	if !in.Pickup && !in.Delivery {
		bad["pickup"], bad["delivery"] = apperr.FieldRequired, apperr.FieldRequired
	}
	switch l := in.Location; l.Kind {
	case "":
		bad["location.kind"] = apperr.FieldRequired
	case LocationCity:
		switch {
		case l.PostalCode == "":
			bad["location.postalCode"] = apperr.FieldRequired
		case !isPostalCode(l.PostalCode):
			bad["location.postalCode"] = apperr.FieldInvalid
		}
	case LocationCanton:
		switch {
		case l.Canton == "":
			bad["location.canton"] = apperr.FieldRequired
		case len(l.Canton) != 2 || strings.Trim(l.Canton, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "":
			bad["location.canton"] = apperr.FieldUnknownCanton
		}
	default:
		bad["location.kind"] = apperr.FieldInvalid
	}
	if len(bad) == 0 {
		return nil
	}
	return bad
}

// CheckImage validates a declared upload: field -> code, nil when fine.
func CheckImage(contentType string, size int64) map[string]string {
	bad := map[string]string{}
	switch {
	case contentType == "":
		bad["contentType"] = apperr.FieldRequired
	case !slices.Contains(ImageContentTypes, contentType):
		bad["contentType"] = apperr.FieldInvalid
	}
	if size < 1 || size > ImageMaxBytes {
		bad["size"] = apperr.FieldOutOfRange
	}
	if len(bad) == 0 {
		return nil
	}
	return bad
}
