package pages

import (
	"fmt"
	"net/url"
	"strings"
)

// Structured data (schema.org, JSON-LD). Built from the API's answers, so
// they say exactly what the page shows.

// productJSON is what the pages read of an ad (ProductDetail in
// docs/openapi.yaml).
type productJSON struct {
	ID               string   `json:"id"`
	Title            string   `json:"title"`
	Description      string   `json:"description"`
	CategorySlug     string   `json:"categorySlug"`
	CategoryPath     []string `json:"categoryPath"`
	Brand            string   `json:"brand"`
	Condition        string   `json:"condition"`
	EffectivePriceRp int64    `json:"effectivePriceRp"`
	Location         struct {
		PostalCode string `json:"postalCode"`
		Locality   string `json:"locality"`
		Canton     string `json:"canton"`
	} `json:"location"`
	Images []imageJSON `json:"images"`
	Seller struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		AccountType string `json:"accountType"`
	} `json:"seller"`
	UpdatedAt string `json:"updatedAt"`
	ExpiresAt string `json:"expiresAt"`
}

// imageJSON is one photo of an ad (ProductImage).
type imageJSON struct {
	State     string       `json:"state"`
	Main      bool         `json:"main"`
	LargeURL  string       `json:"largeUrl"`
	LargeWebP []sourceJSON `json:"largeWebp"`
	CardURL   string       `json:"cardUrl"`
	CardWebP  []sourceJSON `json:"cardWebp"`
	Width     int          `json:"width"`
	Height    int          `json:"height"`
}

// sourceJSON is one WebP rendition (ImageSource).
type sourceJSON struct {
	URL   string `json:"url"`
	Width int    `json:"width"`
}

// categoryJSON is one category of GET /categories.
type categoryJSON struct {
	Slug   string            `json:"slug"`
	Parent string            `json:"parent"`
	Names  map[string]string `json:"names"`
}

// cardJSON is one search result.
type cardJSON struct {
	ID        string       `json:"id"`
	Title     string       `json:"title"`
	ImageURL  string       `json:"imageUrl"`
	ImageWebP []sourceJSON `json:"imageWebp"`
}

type ldThing = map[string]any

// productLD is the ad as a schema.org Product with its Offer.
func productLD(base, lang string, p productJSON, images []string, categoryName string) ldThing {
	page := PageURL(base, lang, SegProduct+"/"+url.PathEscape(p.ID))
	condition := "https://schema.org/UsedCondition"
	if p.Condition == "new" {
		condition = "https://schema.org/NewCondition"
	}
	sellerType := "Person"
	if p.Seller.AccountType == "professional" {
		sellerType = "Organization"
	}
	offer := ldThing{
		"@type":         "Offer",
		"url":           page,
		"price":         chf(p.EffectivePriceRp),
		"priceCurrency": "CHF",
		"availability":  "https://schema.org/InStock",
		"itemCondition": condition,
	}
	// The seller, when the ad has one to show (a profile that cannot be
	// read is left out rather than named "").
	if strings.TrimSpace(p.Seller.Name) != "" {
		seller := ldThing{"@type": sellerType, "name": p.Seller.Name}
		if p.Seller.ID != "" {
			seller["url"] = PageURL(base, lang, SegSeller+"/"+url.PathEscape(p.Seller.ID))
		}
		offer["seller"] = seller
	}
	if p.ExpiresAt != "" && len(p.ExpiresAt) >= 10 {
		offer["priceValidUntil"] = p.ExpiresAt[:10]
	}
	if p.Location.Locality != "" || p.Location.Canton != "" {
		offer["availableAtOrFrom"] = ldThing{"@type": "Place", "address": ldThing{
			"@type": "PostalAddress", "postalCode": p.Location.PostalCode, "addressLocality": p.Location.Locality,
			"addressRegion": p.Location.Canton, "addressCountry": "CH",
		}}
	}
	thing := ldThing{
		"@context":      "https://schema.org",
		"@type":         "Product",
		"@id":           page,
		"name":          p.Title,
		"sku":           p.ID,
		"url":           page,
		"itemCondition": condition,
		"offers":        offer,
	}
	if d := strings.TrimSpace(p.Description); d != "" {
		thing["description"] = d
	}
	if len(images) > 0 {
		thing["image"] = images
	}
	if p.Brand != "" {
		thing["brand"] = ldThing{"@type": "Brand", "name": p.Brand}
	}
	if categoryName != "" {
		thing["category"] = categoryName
	}
	return thing
}

// crumb is one step of a BreadcrumbList.
type crumb struct{ name, url string }

func breadcrumbLD(crumbs []crumb) ldThing {
	items := make([]ldThing, len(crumbs))
	for i, c := range crumbs {
		items[i] = ldThing{"@type": "ListItem", "position": i + 1, "name": c.name, "item": c.url}
	}
	return ldThing{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// websiteLD is the site with its search box (the home page).
func websiteLD(base, lang string) ldThing {
	return ldThing{
		"@context":   "https://schema.org",
		"@type":      "WebSite",
		"name":       BrandName,
		"url":        PageURL(base, lang, ""),
		"inLanguage": lang,
		"potentialAction": ldThing{
			"@type":       "SearchAction",
			"target":      ldThing{"@type": "EntryPoint", "urlTemplate": PageURL(base, lang, SegProducts) + "?q={search_term_string}"},
			"query-input": "required name=search_term_string",
		},
	}
}

// itemListLD lists a result page's ads.
func itemListLD(base, lang string, cards []cardJSON) ldThing {
	items := make([]ldThing, len(cards))
	for i, c := range cards {
		items[i] = ldThing{"@type": "ListItem", "position": i + 1, "url": PageURL(base, lang, SegProduct+"/"+url.PathEscape(c.ID)), "name": c.Title}
	}
	return ldThing{"@context": "https://schema.org", "@type": "ItemList", "itemListElement": items}
}

// chf formats Rappen as a schema.org price ("1250.50").
func chf(rp int64) string {
	return fmt.Sprintf("%d.%02d", rp/100, rp%100)
}

// categoryName is slug's name in lang, "" when unknown.
func categoryName(cats []categoryJSON, slug, lang string) string {
	for _, c := range cats {
		if c.Slug == slug {
			if n := c.Names[lang]; n != "" {
				return n
			}
			return c.Names["en"]
		}
	}
	return ""
}
