package catalog

import (
	"math"
	"slices"
	"strings"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/search"
)

const timeLayoutAPI = time.RFC3339

func apiTime(t time.Time) string { return t.UTC().Format(timeLayoutAPI) }

func apiTimeOpt(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return apiTime(t)
}

// CardJSON is a search card with the site paths of its picture: the card
// JPEG and, for a photo processed with them, its WebP renditions.
type CardJSON struct {
	search.Card
	ImageURL  string       `json:"imageUrl,omitempty"`
	ImageWebP []SourceJSON `json:"imageWebp,omitempty"`
}

// NewCardJSON is card c with the site paths of its picture.
func NewCardJSON(c search.Card) CardJSON {
	return CardJSON{Card: c, ImageURL: blob.PublicPath(c.ThumbKey), ImageWebP: sourcesJSON(CardWebP(c.ThumbKey))}
}

// SourceJSON is one WebP rendition of a picture, for a srcset: its site
// path and pixel size.
type SourceJSON struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// sourcesJSON is vs as the API sends them; nil (left out) when empty.
func sourcesJSON(vs []Variant) []SourceJSON {
	if len(vs) == 0 {
		return nil
	}
	out := make([]SourceJSON, len(vs))
	for i, v := range vs {
		out[i] = SourceJSON{URL: blob.PublicPath(v.Key), Width: v.Width, Height: v.Height}
	}
	return out
}

// CardWebP returns the WebP renditions of the card whose JPEG is at
// cardKey (Ad.MainCardKey, a search card's ThumbKey), narrowest first, or
// nil when the card's image was processed before WebP renditions: only
// images with them have the folder layout (WebPRenditionKey), and the
// card's two WebP sizes are fixed.
func CardWebP(cardKey string) []Variant {
	folder, ok := strings.CutSuffix(cardKey, "/"+RenditionCardJPEG)
	if !ok || !strings.HasPrefix(folder, productsPrefix) {
		return nil
	}
	return []Variant{
		{Key: folder + "/" + RenditionCardSmallWebP, Width: imaging.CardSmallWidth, Height: imaging.CardSmallHeight},
		{Key: folder + "/" + RenditionCardWebP, Width: imaging.CardWidth, Height: imaging.CardHeight},
	}
}

func cardsJSON(cards []search.Card) []CardJSON {
	out := make([]CardJSON, len(cards))
	for i, c := range cards {
		out[i] = NewCardJSON(c)
	}
	return out
}

// ImageJSON is one image of a product detail. Public viewers see ready
// images only. The WebP lists are the same pictures as the JPEG URLs,
// narrowest first, left out for images processed before WebP renditions.
type ImageJSON struct {
	ID        string       `json:"id"`
	State     string       `json:"state"`
	Reason    string       `json:"reason,omitempty"`
	Main      bool         `json:"main"`
	ThumbURL  string       `json:"thumbUrl,omitempty"`
	CardURL   string       `json:"cardUrl,omitempty"`
	LargeURL  string       `json:"largeUrl,omitempty"`
	Width     int          `json:"width,omitempty"`
	Height    int          `json:"height,omitempty"`
	ThumbWebP []SourceJSON `json:"thumbWebp,omitempty"`
	CardWebP  []SourceJSON `json:"cardWebp,omitempty"`
	LargeWebP []SourceJSON `json:"largeWebp,omitempty"`
}

// SellerJSON is the public identity of an ad's seller.
type SellerJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	AccountType string `json:"accountType"`
	MemberSince string `json:"memberSince"`
}

// ProductDetailJSON is GET /products/{id}.
type ProductDetailJSON struct {
	ID               string      `json:"id"`
	Status           string      `json:"status"`
	Title            string      `json:"title"`
	Description      string      `json:"description"`
	CategorySlug     string      `json:"categorySlug"`
	CategoryPath     []string    `json:"categoryPath"`
	Brand            string      `json:"brand"`
	Condition        string      `json:"condition"`
	PriceRp          int64       `json:"priceRp"`
	DiscountPct      int         `json:"discountPct"`
	EffectivePriceRp int64       `json:"effectivePriceRp"`
	Quantity         Quantity    `json:"quantity"`
	Pickup           bool        `json:"pickup"`
	Delivery         bool        `json:"delivery"`
	Location         Location    `json:"location"`
	Images           []ImageJSON `json:"images"`
	MainImageID      string      `json:"mainImageId,omitempty"`
	CreatedAt        string      `json:"createdAt"`
	UpdatedAt        string      `json:"updatedAt"`
	PublishedAt      string      `json:"publishedAt,omitempty"`
	ExpiresAt        string      `json:"expiresAt,omitempty"`
	Seller           SellerJSON  `json:"seller"`
	Clicks           *int64      `json:"clicks,omitempty"`
	CanEdit          bool        `json:"canEdit"`
}

// DetailJSON renders d for its viewer: public viewers get ready images
// only and the location rounded to two decimals (about a kilometre).
func DetailJSON(d Detail) ProductDetailJSON {
	a := d.Record.Ad
	j := ProductDetailJSON{
		ID: a.ID, Status: a.Status, Title: a.Title, Description: a.Description, CategorySlug: a.CategorySlug,
		CategoryPath: nonNil(a.CategoryPath), Brand: a.Brand, Condition: a.Condition, PriceRp: a.PriceRp,
		DiscountPct: a.DiscountPct, EffectivePriceRp: a.EffectivePriceRp(), Quantity: a.Quantity, Pickup: a.Pickup,
		Delivery: a.Delivery, Location: a.Location, Images: imagesJSON(d.Record, d.Privileged), MainImageID: a.MainImageID,
		CreatedAt: apiTime(a.CreatedAt), UpdatedAt: apiTime(a.UpdatedAt), PublishedAt: apiTimeOpt(a.PublishedAt),
		ExpiresAt: apiTimeOpt(a.ExpiresAt), Seller: sellerJSON(a, d.Seller), CanEdit: d.CanEdit,
	}
	if d.Privileged {
		clicks := d.Record.Clicks
		j.Clicks = &clicks
	} else {
		j.Location.Lat, j.Location.Lon = round2(a.Location.Lat), round2(a.Location.Lon)
	}
	return j
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// imagesJSON lists the record's images in display order with the main
// image first; all states when privileged, else ready ones only.
func imagesJSON(rec AdRecord, privileged bool) []ImageJSON {
	imgs := slices.Clone(rec.Images)
	pos := func(img Image) int {
		if img.ID == rec.Ad.MainImageID {
			return -1
		}
		if i := slices.Index(rec.Ad.ImageOrder, img.ID); i >= 0 {
			return i
		}
		return len(rec.Ad.ImageOrder)
	}
	slices.SortStableFunc(imgs, func(a, b Image) int {
		if d := pos(a) - pos(b); d != 0 {
			return d
		}
		return a.CreatedAt.Compare(b.CreatedAt)
	})
	out := []ImageJSON{}
	for _, img := range imgs {
		if img.State != ImageReady && !privileged {
			continue
		}
		j := ImageJSON{ID: img.ID, State: img.State, Reason: img.Reason, Main: img.ID == rec.Ad.MainImageID}
		if img.State == ImageReady {
			j.ThumbURL, j.CardURL, j.LargeURL = blob.PublicPath(img.Keys.Thumb), blob.PublicPath(img.Keys.Card), blob.PublicPath(img.Keys.Large)
			j.Width, j.Height = img.Width, img.Height
			j.ThumbWebP, j.CardWebP, j.LargeWebP = sourcesJSON(img.Keys.ThumbWebP), sourcesJSON(img.Keys.CardWebP), sourcesJSON(img.Keys.LargeWebP)
		}
		out = append(out, j)
	}
	return out
}

// sellerJSON is the seller as buyers see them: a professional's company
// name, an individual's first name and last initial.
func sellerJSON(a Ad, u accounts.User) SellerJSON {
	j := SellerJSON{ID: a.SellerID, AccountType: string(accounts.AccountIndividual), MemberSince: apiTime(a.CreatedAt)}
	if u.ID == "" {
		return j // the account is gone
	}
	j.MemberSince = apiTime(u.CreatedAt)
	if u.AccountType == accounts.AccountProfessional {
		j.AccountType = string(accounts.AccountProfessional)
		if u.Company != nil && strings.TrimSpace(u.Company.Name) != "" {
			j.Name = strings.TrimSpace(u.Company.Name)
			return j
		}
	}
	j.Name = strings.TrimSpace(u.FirstName)
	if last := []rune(strings.TrimSpace(u.LastName)); len(last) > 0 {
		j.Name = strings.TrimSpace(j.Name + " " + string(last[0]) + ".")
	}
	return j
}

// MyAdJSON is one row of My ads.
type MyAdJSON struct {
	ID               string       `json:"id"`
	Title            string       `json:"title"`
	CategorySlug     string       `json:"categorySlug"`
	PriceRp          int64        `json:"priceRp"`
	DiscountPct      int          `json:"discountPct"`
	EffectivePriceRp int64        `json:"effectivePriceRp"`
	Status           string       `json:"status"`
	Clicks           int64        `json:"clicks"`
	Favourites       int64        `json:"favourites"`
	ImageURL         string       `json:"imageUrl,omitempty"`
	ImageWebP        []SourceJSON `json:"imageWebp,omitempty"`
	CreatedAt        string       `json:"createdAt"`
	UpdatedAt        string       `json:"updatedAt"`
	ExpiresAt        string       `json:"expiresAt,omitempty"`
}

func myAdJSON(a Ad, st Stats) MyAdJSON {
	card := a.MainCardKey()
	return MyAdJSON{
		ID: a.ID, Title: a.Title, CategorySlug: a.CategorySlug, PriceRp: a.PriceRp, DiscountPct: a.DiscountPct,
		EffectivePriceRp: a.EffectivePriceRp(), Status: a.Status, Clicks: st.Clicks, Favourites: max(st.Favourites, 0),
		ImageURL: blob.PublicPath(card), ImageWebP: sourcesJSON(CardWebP(card)),
		CreatedAt: apiTime(a.CreatedAt), UpdatedAt: apiTime(a.UpdatedAt), ExpiresAt: apiTimeOpt(a.ExpiresAt),
	}
}
