package catalog

import (
	"slices"
	"time"
)

// Ad statuses. draft -> active by Publish; active <-> inactive by the
// owner; active -> expired when ExpiresAt passes (ExpireDue); expired (or
// draft) -> active again only by Publish, which consumes an ad.
const (
	StatusDraft    = "draft"
	StatusActive   = "active"
	StatusInactive = "inactive"
	StatusExpired  = "expired"
)

// Conditions of an ad.
const (
	ConditionNew  = "new"
	ConditionUsed = "used"
)

// Location kinds: a locality (by postal code) or a whole canton.
const (
	LocationCity   = "city"
	LocationCanton = "canton"
)

// Image states: pending until the image function has checked the upload
// and written the renditions, then ready; failed (with a reason) when the
// upload was not a valid image.
const (
	ImagePending = "pending"
	ImageReady   = "ready"
	ImageFailed  = "failed"
)

// Units of a quantity.
var Units = []string{"pieces", "m", "m2", "m3", "kg", "t", "pallet"}

// Quantity is how much is offered: Amount of Unit (one of Units).
type Quantity struct {
	Amount float64 `json:"amount" dynamodbav:"amount"`
	Unit   string  `json:"unit" dynamodbav:"unit"`
}

// Location is where an ad's goods are. Kind city: PostalCode, Locality and
// Canton of a gazetteer locality and its coordinates; kind canton: Canton
// and the canton's centroid. Lat and Lon always come from the reference
// data, never from the client.
type Location struct {
	Kind       string  `json:"kind" dynamodbav:"kind"`
	PostalCode string  `json:"postalCode,omitempty" dynamodbav:"postalCode,omitempty"`
	Locality   string  `json:"locality,omitempty" dynamodbav:"locality,omitempty"`
	Canton     string  `json:"canton" dynamodbav:"canton"`
	Lat        float64 `json:"lat" dynamodbav:"lat"`
	Lon        float64 `json:"lon" dynamodbav:"lon"`
}

// Ad is one listing. PriceRp is in Rappen (0 = free), DiscountPct 0-99;
// CategoryPath is the category's slug followed by its ancestors';
// ImageOrder lists the ad's images in display order (any state);
// MainImageID, when set, names a ready image. PublishedAt, ExpiresAt and
// SubscriptionID are set by Publish.
type Ad struct {
	ID             string
	SellerID       string
	Status         string
	Title          string
	CategorySlug   string
	CategoryPath   []string
	Brand          string
	Description    string
	PriceRp        int64
	DiscountPct    int
	Condition      string
	Quantity       Quantity
	Pickup         bool
	Delivery       bool
	Location       Location
	MainImageID    string
	ImageOrder     []string
	CreatedAt      time.Time
	UpdatedAt      time.Time
	PublishedAt    time.Time
	ExpiresAt      time.Time
	SubscriptionID string
	// SellerHidden: the seller's account was suspended or banned while
	// the ad was active; it stays out of search and its page answers
	// product_not_found to others until the account is active again
	// (moderation.go).
	SellerHidden bool
	// WebPImages are the ready images processed with WebP renditions,
	// whose renditions live in a folder of their own (WebPRenditionKey);
	// the others have RenditionKeys. It tells MainCardKey, and so the
	// search cards, where the main image's card is without reading it.
	WebPImages []string
}

// EffectivePriceRp is the price after the discount, rounded half up to the
// Rappen (the same rule as search.Ad).
func (a Ad) EffectivePriceRp() int64 {
	return (a.PriceRp*int64(100-a.DiscountPct) + 50) / 100
}

// MainCardKey is the S3 key of the main image's card rendition (a JPEG),
// or "". CardWebP gives the WebP renditions of the same card.
func (a Ad) MainCardKey() string {
	switch {
	case a.MainImageID == "":
		return ""
	case slices.Contains(a.WebPImages, a.MainImageID):
		return WebPRenditionKey(a.ID, a.MainImageID, RenditionCardJPEG)
	}
	return RenditionKeys(a.ID, a.MainImageID).Card
}

// ImageKeys are the S3 keys of an image's renditions: the thumb, card and
// large JPEGs, which every ready image has, and the WebP renditions of
// the same three pictures, narrowest first, which images processed before
// WebP renditions existed lack.
type ImageKeys struct {
	Thumb     string    `json:"thumb" dynamodbav:"thumb"`
	Card      string    `json:"card" dynamodbav:"card"`
	Large     string    `json:"large" dynamodbav:"large"`
	ThumbWebP []Variant `json:"thumbWebp,omitempty" dynamodbav:"thumbWebp,omitempty"`
	CardWebP  []Variant `json:"cardWebp,omitempty" dynamodbav:"cardWebp,omitempty"`
	LargeWebP []Variant `json:"largeWebp,omitempty" dynamodbav:"largeWebp,omitempty"`
}

// Variant is one WebP rendition: its S3 key and pixel size.
type Variant struct {
	Key    string `json:"key" dynamodbav:"key"`
	Width  int    `json:"width" dynamodbav:"width"`
	Height int    `json:"height" dynamodbav:"height"`
}

// All lists the non-empty keys, the WebP renditions' included.
func (k ImageKeys) All() []string {
	keys := []string{k.Thumb, k.Card, k.Large}
	for _, v := range slices.Concat(k.ThumbWebP, k.CardWebP, k.LargeWebP) {
		keys = append(keys, v.Key)
	}
	return slices.DeleteFunc(keys, func(s string) bool { return s == "" })
}

// HasWebP reports whether the image has WebP renditions (and so the
// folder layout of WebPRenditionKey).
func (k ImageKeys) HasWebP() bool {
	return len(k.ThumbWebP)+len(k.CardWebP)+len(k.LargeWebP) > 0
}

// IsZero reports whether no key is set.
func (k ImageKeys) IsZero() bool { return len(k.All()) == 0 }

// Image is one photo of an ad. ContentType and Size are what the seller
// declared (and the presigned upload enforces); Keys, Width and Height
// (of the large rendition) are set once ready; Reason says why it failed.
type Image struct {
	ID          string
	AdID        string
	State       string
	Reason      string
	ContentType string
	Size        int64
	UploadKey   string
	Keys        ImageKeys
	Width       int
	Height      int
	CreatedAt   time.Time
}

// Category is a node of the category tree with its names in the five UI
// languages. Hidden categories (and the sub-categories of a hidden one)
// are left out of the public tree and cannot be chosen for an ad; the ads
// already in them keep it (taxonomy.go).
type Category struct {
	Slug      string            `json:"slug" dynamodbav:"slug"`
	Parent    string            `json:"parent,omitempty" dynamodbav:"parent,omitempty"`
	SortOrder int               `json:"sortOrder" dynamodbav:"sortOrder"`
	Names     map[string]string `json:"names" dynamodbav:"names"`
	Hidden    bool              `json:"-" dynamodbav:"hidden,omitempty"`
}

// Brand is a normalised brand name.
type Brand struct {
	Slug string `json:"slug" dynamodbav:"slug"`
	Name string `json:"name" dynamodbav:"name"`
}

// Locality is a Swiss locality of the gazetteer.
type Locality struct {
	PostalCode string  `json:"postalCode" dynamodbav:"postalCode"`
	Name       string  `json:"name" dynamodbav:"locality"`
	Canton     string  `json:"canton" dynamodbav:"canton"`
	Lat        float64 `json:"lat" dynamodbav:"lat"`
	Lon        float64 `json:"lon" dynamodbav:"lon"`
}

// Canton is a Swiss canton with its centroid.
type Canton struct {
	Code  string            `dynamodbav:"code"`
	Names map[string]string `dynamodbav:"names"`
	Lat   float64           `dynamodbav:"lat"`
	Lon   float64           `dynamodbav:"lon"`
}
