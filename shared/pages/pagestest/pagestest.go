// Package pagestest reads a page the pages function rendered the way a
// crawler or a messenger's link preview does, and checks its structured
// data against the shapes schema.org and search engines require. For
// tests.
package pagestest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// Doc is what a page says about itself.
type Doc struct {
	Lang  string
	Title string
	// Meta holds each <meta name|property> content, in document order.
	Meta map[string][]string
	// Canonical is <link rel="canonical">'s href.
	Canonical string
	// Alternates are <link rel="alternate" hreflang> by hreflang.
	Alternates map[string]string
	// JSONLD are the application/ld+json scripts, decoded.
	JSONLD []map[string]any
	// Boot is the remat-boot data block, decoded ("" key absent).
	Boot map[string]json.RawMessage
	// Scripts counts executable <script> elements (with a src or a JS
	// type); an injected script shows up here.
	Scripts int
}

// MetaOne returns the single content of name, "" when absent.
func (d *Doc) MetaOne(name string) string {
	if v := d.Meta[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Parse reads an HTML page.
func Parse(body []byte) (*Doc, error) {
	root, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("pagestest: parse: %w", err)
	}
	d := &Doc{Meta: map[string][]string{}, Alternates: map[string]string{}}
	var walkErr error
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "html":
			d.Lang = attr(n, "lang")
		case "title":
			d.Title = text(n)
		case "meta":
			key := attr(n, "name")
			if key == "" {
				key = attr(n, "property")
			}
			if key != "" {
				d.Meta[key] = append(d.Meta[key], attr(n, "content"))
			}
		case "link":
			switch attr(n, "rel") {
			case "canonical":
				d.Canonical = attr(n, "href")
			case "alternate":
				if hl := attr(n, "hreflang"); hl != "" {
					d.Alternates[hl] = attr(n, "href")
				}
			}
		case "script":
			switch typ := attr(n, "type"); {
			case typ == "application/ld+json":
				var v map[string]any
				if err := json.Unmarshal([]byte(text(n)), &v); err != nil {
					walkErr = errors.Join(walkErr, fmt.Errorf("pagestest: JSON-LD: %w", err))
				}
				d.JSONLD = append(d.JSONLD, v)
			case typ == "application/json" && attr(n, "id") == "remat-boot":
				var boot struct {
					API map[string]json.RawMessage `json:"api"`
				}
				if err := json.Unmarshal([]byte(text(n)), &boot); err != nil {
					walkErr = errors.Join(walkErr, fmt.Errorf("pagestest: boot data: %w", err))
				}
				d.Boot = boot.API
			default:
				d.Scripts++
			}
		}
	}
	return d, walkErr
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// Of returns the JSON-LD documents of type typ.
func (d *Doc) Of(typ string) []map[string]any {
	var out []map[string]any
	for _, v := range d.JSONLD {
		if v["@type"] == typ {
			out = append(out, v)
		}
	}
	return out
}

var (
	price     = regexp.MustCompile(`^\d+(\.\d{1,2})?$`)
	absURL    = regexp.MustCompile(`^https?://[^\s]+$`)
	condition = []string{"https://schema.org/NewCondition", "https://schema.org/UsedCondition", "https://schema.org/RefurbishedCondition", "https://schema.org/DamagedCondition"}
	stock     = []string{"https://schema.org/InStock", "https://schema.org/OutOfStock", "https://schema.org/LimitedAvailability", "https://schema.org/SoldOut"}
)

// CheckProduct checks a schema.org Product with an Offer the way search
// engines' product snippets require: a name, an offer with a numeric
// price in CHF, an availability and item condition from schema.org's
// enumerations, absolute URLs and images, a named seller when there is one.
func CheckProduct(p map[string]any) error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if p["@context"] != "https://schema.org" || p["@type"] != "Product" {
		bad("@context/@type: got %v/%v, want https://schema.org/Product", p["@context"], p["@type"])
	}
	if name, _ := p["name"].(string); strings.TrimSpace(name) == "" {
		bad("name: missing")
	}
	if u, _ := p["url"].(string); !absURL.MatchString(u) {
		bad("url: %q is not absolute", u)
	}
	if imgs, ok := p["image"]; ok {
		list, _ := imgs.([]any)
		if len(list) == 0 {
			bad("image: want a non-empty list")
		}
		for _, i := range list {
			if s, _ := i.(string); !absURL.MatchString(s) {
				bad("image: %v is not an absolute URL", i)
			}
		}
	}
	offer, _ := p["offers"].(map[string]any)
	if offer == nil || offer["@type"] != "Offer" {
		bad("offers: want one Offer, got %v", p["offers"])
		return errors.Join(errs...)
	}
	if s, _ := offer["price"].(string); !price.MatchString(s) {
		bad("offers.price: %v is not a decimal price", offer["price"])
	}
	if offer["priceCurrency"] != "CHF" {
		bad("offers.priceCurrency: got %v, want CHF", offer["priceCurrency"])
	}
	if s, _ := offer["availability"].(string); !slices.Contains(stock, s) {
		bad("offers.availability: %v is not a schema.org ItemAvailability", offer["availability"])
	}
	if s, _ := offer["itemCondition"].(string); !slices.Contains(condition, s) {
		bad("offers.itemCondition: %v is not a schema.org OfferItemCondition", offer["itemCondition"])
	}
	if raw, ok := offer["seller"]; ok {
		seller, _ := raw.(map[string]any)
		if seller == nil || (seller["@type"] != "Person" && seller["@type"] != "Organization") {
			bad("offers.seller: want a Person or an Organization, got %v", raw)
		} else if name, _ := seller["name"].(string); strings.TrimSpace(name) == "" {
			bad("offers.seller.name: missing")
		}
	}
	if u, _ := offer["url"].(string); !absURL.MatchString(u) {
		bad("offers.url: %q is not absolute", u)
	}
	return errors.Join(errs...)
}

// CheckBreadcrumbs checks a BreadcrumbList: positions 1..n, each with a
// name and an absolute item URL.
func CheckBreadcrumbs(b map[string]any) error {
	if b["@context"] != "https://schema.org" || b["@type"] != "BreadcrumbList" {
		return fmt.Errorf("breadcrumbs: got %v/%v", b["@context"], b["@type"])
	}
	items, _ := b["itemListElement"].([]any)
	if len(items) == 0 {
		return errors.New("breadcrumbs: no items")
	}
	for i, it := range items {
		m, _ := it.(map[string]any)
		pos, _ := m["position"].(float64)
		name, _ := m["name"].(string)
		item, _ := m["item"].(string)
		if m["@type"] != "ListItem" || int(pos) != i+1 || name == "" || !absURL.MatchString(item) {
			return fmt.Errorf("breadcrumbs: item %d is %v", i+1, m)
		}
	}
	return nil
}
