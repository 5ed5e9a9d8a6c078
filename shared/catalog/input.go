package catalog

import (
	"slices"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/input"
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

// Bounds of place names, in characters. LocalityMax bounds a locality's
// name as a seller or a buyer types it (Swiss ones are far shorter); a
// search's location ("<postal code> <name>") has the same bound, which
// keeps its key lookup far below DynamoDB's 1,024 bytes. The locality
// autocomplete takes a prefix of LocalityQueryMin to LocalityQueryMax.
const (
	LocalityMax      = 100
	LocalityQueryMin = 2
	LocalityQueryMax = 60
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
// The numbers are pointers so that one sent as null, or left out, is
// refused as required instead of read as 0 (a price of 0 is a give-away).
type ProductInput struct {
	Title        string        `json:"title"`
	CategorySlug string        `json:"categorySlug"`
	Brand        string        `json:"brand,omitempty"`
	Description  string        `json:"description"`
	PriceRp      *int64        `json:"priceRp"`
	DiscountPct  *int          `json:"discountPct"`
	Condition    string        `json:"condition"`
	Quantity     QuantityInput `json:"quantity"`
	Pickup       bool          `json:"pickup"`
	Delivery     bool          `json:"delivery"`
	Location     LocationInput `json:"location"`
}

// QuantityInput is the form's Quantity; Amount nil is a missing amount.
type QuantityInput struct {
	Amount *float64 `json:"amount"`
	Unit   string   `json:"unit"`
}

// The text rules of ProductInput (see package input).
var (
	titleText       = input.Text{Min: TitleMin, Max: TitleMax, Required: true}
	brandText       = input.Text{Max: BrandMax}
	descriptionText = input.Text{Min: DescriptionMin, Max: DescriptionMax, Required: true, MultiLine: true}
	localityText    = input.Text{Max: LocalityMax}
	// localityQuery is the locality autocomplete's q (a prefix).
	localityQuery = input.Text{Min: LocalityQueryMin, Max: LocalityQueryMax}
)

// Normalize normalises the text fields (package input: NFC, trimmed,
// white space collapsed in the one-line ones, line breaks unified in the
// description).
func (in ProductInput) Normalize() ProductInput {
	in.Title = titleText.Normalize(in.Title)
	in.Brand = brandText.Normalize(in.Brand)
	in.CategorySlug = strings.TrimSpace(in.CategorySlug)
	in.Description = descriptionText.Normalize(in.Description)
	in.Condition = strings.TrimSpace(in.Condition)
	in.Quantity.Unit = strings.TrimSpace(in.Quantity.Unit)
	in.Location.Kind = strings.TrimSpace(in.Location.Kind)
	in.Location.PostalCode = strings.TrimSpace(in.Location.PostalCode)
	in.Location.Locality = localityText.Normalize(in.Location.Locality)
	in.Location.Canton = strings.ToUpper(strings.TrimSpace(in.Location.Canton))
	return in
}

// price, discount and quantity are the checked numbers (0 when missing).
func (in ProductInput) price() int64 {
	if in.PriceRp == nil {
		return 0
	}
	return *in.PriceRp
}

func (in ProductInput) discount() int {
	if in.DiscountPct == nil {
		return 0
	}
	return *in.DiscountPct
}

func (in ProductInput) quantity() Quantity {
	q := Quantity{Unit: in.Quantity.Unit}
	if in.Quantity.Amount != nil {
		q.Amount = *in.Quantity.Amount
	}
	return q
}

// Check validates a normalised input without the reference data and
// returns field -> field code for each problem (nil when none). Category,
// locality and canton existence are checked by the service.
func (in ProductInput) Check() map[string]string {
	bad := map[string]string{}
	text := func(field, s string, rule input.Text) {
		if code := rule.Check(s); code != "" {
			bad[field] = code
		}
	}
	text("title", in.Title, titleText)
	text("brand", in.Brand, brandText)
	text("description", in.Description, descriptionText)
	text("location.locality", in.Location.Locality, localityText)
	if in.CategorySlug == "" {
		bad["categorySlug"] = apperr.FieldRequired
	}
	switch price := in.price(); {
	case in.PriceRp == nil:
		bad["priceRp"] = apperr.FieldRequired
	case price < 0 || price > PriceMaxRp:
		bad["priceRp"] = apperr.FieldOutOfRange
	}
	switch d := in.discount(); {
	case in.DiscountPct == nil:
		bad["discountPct"] = apperr.FieldRequired
	case d < 0 || d > DiscountMax:
		bad["discountPct"] = apperr.FieldOutOfRange
	case in.PriceRp != nil && *in.PriceRp == 0 && d != 0:
		bad["discountPct"] = apperr.FieldInvalid // no discount on a free item
	}
	switch in.Condition {
	case "":
		bad["condition"] = apperr.FieldRequired
	case ConditionNew, ConditionUsed:
	default:
		bad["condition"] = apperr.FieldInvalid
	}
	switch a := in.quantity().Amount; {
	case in.Quantity.Amount == nil:
		bad["quantity.amount"] = apperr.FieldRequired
	case !input.Number(a) || a <= 0 || a > QuantityMax:
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
