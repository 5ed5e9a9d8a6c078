package pages

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/remat/remat/shared/langs"
)

// BrandName is the site's name: the title suffix and og:site_name (the
// SPA's BRAND_NAME).
const BrandName = "Remat"

// maxDescription bounds a meta description in characters (what search
// engines show).
const maxDescription = 160

// Image is a page's Open Graph image.
type Image struct {
	URL           string
	Width, Height int
	Alt           string
}

// Head is what a page says about itself in <head>.
type Head struct {
	Lang string
	// Title is the page's own title; the rendered <title> is
	// "<Title> – Remat" (the SPA's useDocumentTitle).
	Title       string
	Description string
	// Path is the page's path after the language prefix with its
	// canonical query ("products?category=tiles"; "" for the home page):
	// the canonical URL and each language's alternate are built from it.
	Path string
	// NoIndex keeps the page out of search engines (private pages, not
	// found); such a page has no canonical or alternates.
	NoIndex bool
	// OGType is og:type ("website" unless set).
	OGType string
	Image  *Image
	// JSONLD are the page's structured data, one script each.
	JSONLD []any
	// Page is the SPA's page key (frontend/src/app/pages.ts) whose code
	// and dictionaries the page preloads; "" for none.
	Page string
	// LCPImage is the picture the page shows largest in its first screen,
	// preloaded with high priority; nil for none.
	LCPImage *ImagePreload
}

// ImagePreload is a picture to fetch before the app asks for it: the
// WebP srcset and sizes the SPA's <picture> uses (so the browser picks the
// same file), else the single file.
type ImagePreload struct {
	SrcSet, Sizes string
	Href          string
}

// renderHead writes the tags of h for the site at base (no trailing
// slash). Every text is escaped for its context: attributes with
// html.EscapeString, JSON-LD with json.Marshal (which escapes <, > and &,
// so "</script>" in an ad's title cannot close the script).
func renderHead(b *strings.Builder, base string, h Head) error {
	title := BrandName
	if h.Title != "" {
		title = h.Title + " – " + BrandName
	}
	desc := clip(h.Description, maxDescription)
	fmt.Fprintf(b, "<title>%s</title>\n", html.EscapeString(title))
	meta(b, "name", "description", desc)
	if h.NoIndex {
		meta(b, "name", "robots", "noindex")
	} else {
		canonical := PageURL(base, h.Lang, h.Path)
		link(b, "canonical", canonical, "")
		for _, lang := range langs.All {
			link(b, "alternate", PageURL(base, lang, h.Path), lang)
		}
		link(b, "alternate", PageURL(base, DefaultLanguage, h.Path), "x-default")
		ogType := h.OGType
		if ogType == "" {
			ogType = "website"
		}
		meta(b, "property", "og:type", ogType)
		meta(b, "property", "og:site_name", BrandName)
		meta(b, "property", "og:title", title)
		meta(b, "property", "og:description", desc)
		meta(b, "property", "og:url", canonical)
		meta(b, "property", "og:locale", catalogue[h.Lang].OGLocale)
		for _, lang := range langs.All {
			if lang != h.Lang {
				meta(b, "property", "og:locale:alternate", catalogue[lang].OGLocale)
			}
		}
		card := "summary"
		if h.Image != nil {
			card = "summary_large_image"
			meta(b, "property", "og:image", h.Image.URL)
			if h.Image.Width > 0 && h.Image.Height > 0 {
				meta(b, "property", "og:image:width", strconv.Itoa(h.Image.Width))
				meta(b, "property", "og:image:height", strconv.Itoa(h.Image.Height))
			}
			if h.Image.Alt != "" {
				meta(b, "property", "og:image:alt", h.Image.Alt)
			}
		}
		meta(b, "name", "twitter:card", card)
		meta(b, "name", "twitter:title", title)
		meta(b, "name", "twitter:description", desc)
		if h.Image != nil {
			meta(b, "name", "twitter:image", h.Image.URL)
		}
	}
	for _, doc := range h.JSONLD {
		data, err := json.Marshal(doc)
		if err != nil {
			return fmt.Errorf("pages: structured data: %w", err)
		}
		fmt.Fprintf(b, "<script type=\"application/ld+json\">%s</script>\n", data)
	}
	return nil
}

// PageURL is the absolute URL of path (after the language prefix, with
// its query) in lang: base/lang/path; the home page ends with a slash.
func PageURL(base, lang, path string) string {
	return base + "/" + lang + "/" + path
}

func meta(b *strings.Builder, attr, name, content string) {
	fmt.Fprintf(b, "<meta %s=\"%s\" content=\"%s\" />\n", attr, name, html.EscapeString(content))
}

func link(b *strings.Builder, rel, href, hreflang string) {
	if hreflang != "" {
		fmt.Fprintf(b, "<link rel=\"%s\" hreflang=\"%s\" href=\"%s\" />\n", rel, hreflang, html.EscapeString(href))
		return
	}
	fmt.Fprintf(b, "<link rel=\"%s\" href=\"%s\" />\n", rel, html.EscapeString(href))
}

// clip collapses white space and shortens s to at most n characters,
// at a word boundary with an ellipsis when it must cut.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n-1])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.–-") + "…"
}
