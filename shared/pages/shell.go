package pages

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"regexp"
	"strings"
)

// BootElementID is the id of the <script type="application/json"> that
// carries the data the first render needs (frontend/src/app/boot.ts reads
// it). A data block is never executed, so the strict CSP (script-src
// 'self') allows it.
const BootElementID = "remat-boot"

// Boot is the data inlined into a page: API responses the SPA would
// otherwise request at start, by their path under /api/v1/ with the query
// as the SPA writes it ("settings", "products/<id>",
// "products?category=tiles&limit=24"), each exactly the body the API
// answers to an anonymous caller.
type Boot struct {
	API map[string]json.RawMessage `json:"api"`
}

// Shell is the SPA's index.html cut where a page's tags go: its own
// <title> and meta description are removed (each page writes its own),
// <html lang> is set per page, and the head tags and the boot data go
// before </head>.
type Shell struct {
	beforeLang, afterLang, head, rest string
	// preloads are the files each page needs beyond the start-up, by
	// page key (frontend/scripts/preloads.mjs writes them next to
	// index.html as preloads.json).
	preloads map[string]pagePreloads
}

// pagePreloads is one page's entry of preloads.json.
type pagePreloads struct {
	JS   []string            `json:"js"`
	CSS  []string            `json:"css"`
	I18n map[string][]string `json:"i18n"`
}

// PreloadsKey is the build's preloads.json in the web bucket.
const PreloadsKey = "preloads.json"

// WithPreloads returns the shell with the build's preloads.json, so each
// page names its code, styles and dictionaries in <head> and the browser
// fetches them with the entry instead of after it has run. Paths must be
// the build's own (/assets/...).
func (s *Shell) WithPreloads(data []byte) (*Shell, error) {
	var doc struct {
		Pages map[string]pagePreloads `json:"pages"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("pages: %s: %w", PreloadsKey, err)
	}
	for page, p := range doc.Pages {
		files := append(append([]string{}, p.JS...), p.CSS...)
		for _, f := range p.I18n {
			files = append(files, f...)
		}
		for _, f := range files {
			if !strings.HasPrefix(f, "/assets/") || strings.ContainsAny(f, "\"<>' ") {
				return nil, fmt.Errorf("pages: %s: page %s names %q, not a build asset", PreloadsKey, page, f)
			}
		}
	}
	c := *s
	c.preloads = doc.Pages
	return &c, nil
}

var (
	titleTag       = regexp.MustCompile(`(?is)<title>.*?</title>\s*`)
	descriptionTag = regexp.MustCompile(`(?is)<meta\s+name="description"[^>]*>\s*`)
	htmlLang       = regexp.MustCompile(`(?i)<html lang="[^"]*"`)
)

// ParseShell reads the built index.html.
func ParseShell(index []byte) (*Shell, error) {
	doc := string(index)
	doc = titleTag.ReplaceAllString(doc, "")
	doc = descriptionTag.ReplaceAllString(doc, "")
	loc := htmlLang.FindStringIndex(doc)
	if loc == nil {
		return nil, errors.New("pages: index.html has no <html lang=\"...\">")
	}
	end := strings.Index(doc, "</head>")
	if end < loc[1] {
		return nil, errors.New("pages: index.html has no </head> after <html>")
	}
	return &Shell{
		beforeLang: doc[:loc[0]],
		afterLang:  doc[loc[1]:end],
		head:       "</head>",
		rest:       doc[end+len("</head>"):],
	}, nil
}

// Render is the page: the shell with h's tags and boot inlined.
func (s *Shell) Render(base string, h Head, boot Boot) ([]byte, error) {
	var b strings.Builder
	b.Grow(len(s.beforeLang) + len(s.afterLang) + len(s.rest) + 4096)
	b.WriteString(s.beforeLang)
	fmt.Fprintf(&b, "<html lang=%q", h.Lang)
	b.WriteString(s.afterLang)
	if err := renderHead(&b, base, h); err != nil {
		return nil, err
	}
	s.renderPreloads(&b, h)
	if len(boot.API) > 0 {
		data, err := json.Marshal(boot) // escapes <, > and &: "</script>" cannot end the block
		if err != nil {
			return nil, fmt.Errorf("pages: boot data: %w", err)
		}
		fmt.Fprintf(&b, "<script id=%q type=\"application/json\">%s</script>\n", BootElementID, data)
	}
	b.WriteString(s.head)
	b.WriteString(s.rest)
	return []byte(b.String()), nil
}

// renderPreloads names the page's LCP image, its code, its dictionaries
// in the page's language and its styles, in that order of need.
func (s *Shell) renderPreloads(b *strings.Builder, h Head) {
	if img := h.LCPImage; img != nil {
		if img.SrcSet != "" {
			fmt.Fprintf(b, "<link rel=\"preload\" as=\"image\" type=\"image/webp\" imagesrcset=\"%s\" imagesizes=\"%s\" fetchpriority=\"high\" />\n",
				html.EscapeString(img.SrcSet), html.EscapeString(img.Sizes))
		} else if img.Href != "" {
			fmt.Fprintf(b, "<link rel=\"preload\" as=\"image\" href=\"%s\" fetchpriority=\"high\" />\n", html.EscapeString(img.Href))
		}
	}
	p, ok := s.preloads[h.Page]
	if !ok {
		return
	}
	for _, f := range append(append([]string{}, p.JS...), p.I18n[h.Lang]...) {
		fmt.Fprintf(b, "<link rel=\"modulepreload\" crossorigin href=\"%s\">\n", f)
	}
	for _, f := range p.CSS {
		fmt.Fprintf(b, "<link rel=\"preload\" as=\"style\" crossorigin href=\"%s\">\n", f)
	}
}
