package pages_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The sitemap protocol (sitemaps.org/protocol.html) as rules a file must
// pass, with the language alternates search engines read
// (xhtml:link rel=alternate hreflang).
const (
	sitemapNS        = "http://www.sitemaps.org/schemas/sitemap/0.9"
	xhtmlNS          = "http://www.w3.org/1999/xhtml"
	protocolMaxURLs  = 50_000
	protocolMaxBytes = 50 * 1024 * 1024
	protocolMaxLoc   = 2048
	// protocolMinLoc: the schema's tLoc has at least 12 characters.
	protocolMinLoc = 12
)

// sitemapFile is a sitemap or sitemap index that passed checkSitemap.
type sitemapFile struct {
	Index bool
	// Locs are the loc of each url (sitemap), in order.
	Locs []string
	// LastMod holds each loc's lastmod, when given.
	LastMod map[string]time.Time
	// Alternates holds each url's alternates: hreflang -> href.
	Alternates map[string]map[string]string
}

// checkSitemap parses body, served at fileURL, as a sitemap or sitemap
// index and fails the test on any breach of the protocol's rules:
// UTF-8 with an XML declaration; root urlset or sitemapindex in the 0.9
// namespace; 1 to 50,000 entries and at most 50 MB; in each url: loc,
// then the optional lastmod, changefreq, priority in that order, then
// only elements of other namespaces (here: xhtml:link alternates); in
// each sitemap: loc and an optional lastmod; every loc an absolute http(s)
// URL of 12 to 2,048 characters on fileURL's host under fileURL's
// directory, listed once; lastmod a W3C datetime; alternates with a
// valid hreflang, each language once, an absolute href and one that
// names the url itself.
func checkSitemap(t *testing.T, fileURL string, body []byte) sitemapFile {
	t.Helper()
	f, err := parseSitemap(fileURL, body)
	if err != nil {
		t.Fatalf("%s: %v", fileURL, err)
	}
	return f
}

// xmlNode is an element of the parsed document.
type xmlNode struct {
	name  xml.Name
	attrs []xml.Attr
	kids  []*xmlNode
	text  strings.Builder
}

func parseSitemap(fileURL string, body []byte) (sitemapFile, error) {
	f := sitemapFile{LastMod: map[string]time.Time{}, Alternates: map[string]map[string]string{}}
	if len(body) > protocolMaxBytes {
		return f, fmt.Errorf("%d bytes, at most %d", len(body), protocolMaxBytes)
	}
	if !utf8.Valid(body) {
		return f, errors.New("not UTF-8")
	}
	if !bytes.HasPrefix(body, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
		return f, errors.New("no XML declaration with encoding UTF-8 at the start")
	}
	root, err := parseSitemapTree(body)
	if err != nil {
		return f, err
	}
	file, err := url.Parse(fileURL)
	if err != nil {
		return f, fmt.Errorf("file URL: %w", err)
	}
	var entry string
	switch root.name {
	case xml.Name{Space: sitemapNS, Local: "urlset"}:
		entry = "url"
	case xml.Name{Space: sitemapNS, Local: "sitemapindex"}:
		entry, f.Index = "sitemap", true
	default:
		return f, fmt.Errorf("root %v: want urlset or sitemapindex in %s", root.name, sitemapNS)
	}
	if n := len(root.kids); n < 1 || n > protocolMaxURLs {
		return f, fmt.Errorf("%d entries, want 1 to %d", n, protocolMaxURLs)
	}
	seen := map[string]bool{}
	for i, e := range root.kids {
		if e.name != (xml.Name{Space: sitemapNS, Local: entry}) {
			return f, fmt.Errorf("entry %d: %v, want %s", i, e.name, entry)
		}
		loc, err := checkSitemapEntry(e, file, &f)
		if err != nil {
			return f, fmt.Errorf("entry %d (%s): %w", i, loc, err)
		}
		if seen[loc] {
			return f, fmt.Errorf("loc %s listed twice", loc)
		}
		seen[loc] = true
		f.Locs = append(f.Locs, loc)
	}
	return f, nil
}

// parseSitemapTree reads the document strictly: no DTD, no processing
// instruction but the declaration, no text outside the leaves.
func parseSitemapTree(body []byte) (*xmlNode, error) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.Strict = true
	var root *xmlNode
	var stack []*xmlNode
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("XML: %w", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: tok.Name, attrs: tok.Attr}
			if len(stack) == 0 {
				if root != nil {
					return nil, errors.New("more than one root element")
				}
				root = n
			} else {
				stack[len(stack)-1].kids = append(stack[len(stack)-1].kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				if strings.TrimSpace(string(tok)) != "" {
					return nil, fmt.Errorf("text %q outside the root", tok)
				}
				continue
			}
			stack[len(stack)-1].text.Write(tok)
		case xml.ProcInst:
			if tok.Target != "xml" || root != nil {
				return nil, fmt.Errorf("processing instruction %q", tok.Target)
			}
		case xml.Directive:
			return nil, fmt.Errorf("directive %q", tok)
		}
	}
	if root == nil {
		return nil, errors.New("no root element")
	}
	var check func(n *xmlNode) error
	check = func(n *xmlNode) error {
		if len(n.kids) > 0 && strings.TrimSpace(n.text.String()) != "" {
			return fmt.Errorf("%s: text beside elements", n.name.Local)
		}
		for _, k := range n.kids {
			if err := check(k); err != nil {
				return err
			}
		}
		return nil
	}
	return root, check(root)
}

// sitemapChildren are a url's sitemap elements in their schema order;
// a sitemap (index entry) has only the first two.
var sitemapChildren = []string{"loc", "lastmod", "changefreq", "priority"}

func checkSitemapEntry(e *xmlNode, file *url.URL, f *sitemapFile) (string, error) {
	allowed := sitemapChildren
	if f.Index {
		allowed = sitemapChildren[:2]
	}
	var loc string
	var alternates []*xmlNode
	next := 0 // index in allowed of the next element that may come
	for _, k := range e.kids {
		if k.name.Space != sitemapNS {
			if f.Index {
				return loc, fmt.Errorf("element %v in a sitemap index entry", k.name)
			}
			if k.name != (xml.Name{Space: xhtmlNS, Local: "link"}) {
				return loc, fmt.Errorf("unexpected extension element %v", k.name)
			}
			alternates = append(alternates, k)
			next = len(allowed) // nothing of the protocol after an extension
			continue
		}
		i := slices.Index(allowed, k.name.Local)
		if i < next {
			return loc, fmt.Errorf("element %s out of order or not allowed", k.name.Local)
		}
		if len(k.kids) > 0 {
			return loc, fmt.Errorf("%s has child elements", k.name.Local)
		}
		next = i + 1
		text := k.text.String()
		switch k.name.Local {
		case "loc":
			if err := checkSitemapLoc(text, file); err != nil {
				return text, err
			}
			loc = text
		case "lastmod":
			at, err := parseW3CDatetime(text)
			if err != nil {
				return loc, err
			}
			f.LastMod[loc] = at
		case "changefreq":
			if slices.Index([]string{"always", "hourly", "daily", "weekly", "monthly", "yearly", "never"}, text) < 0 {
				return loc, fmt.Errorf("changefreq %q", text)
			}
		case "priority":
			if p, err := strconv.ParseFloat(text, 64); err != nil || p < 0 || p > 1 {
				return loc, fmt.Errorf("priority %q", text)
			}
		}
	}
	if loc == "" {
		return loc, errors.New("no loc")
	}
	if len(alternates) > 0 {
		alt, err := checkSitemapAlternates(alternates, loc, file)
		if err != nil {
			return loc, err
		}
		f.Alternates[loc] = alt
	}
	return loc, nil
}

// checkSitemapLoc: an absolute http(s) URL, escaped, of 12 to 2,048 characters,
// on the file's host under the file's directory.
func checkSitemapLoc(loc string, file *url.URL) error {
	if n := len(loc); n < protocolMinLoc || n > protocolMaxLoc {
		return fmt.Errorf("loc of %d characters, want %d to %d", n, protocolMinLoc, protocolMaxLoc)
	}
	if strings.ContainsFunc(loc, func(r rune) bool { return r <= ' ' || r > '~' }) {
		return fmt.Errorf("loc %q has characters that must be escaped", loc)
	}
	u, err := url.Parse(loc)
	if err != nil {
		return fmt.Errorf("loc: %w", err)
	}
	dir := file.Path[:strings.LastIndex(file.Path, "/")+1]
	switch {
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "":
		return fmt.Errorf("loc %q is not an absolute http(s) URL", loc)
	case u.Scheme != file.Scheme || u.Host != file.Host:
		return fmt.Errorf("loc %q is not on the host of %s", loc, file)
	case !strings.HasPrefix(u.Path, dir):
		return fmt.Errorf("loc %q is not under %s, the sitemap's directory", loc, dir)
	case u.Fragment != "":
		return fmt.Errorf("loc %q has a fragment", loc)
	}
	return nil
}

// w3cDatetimePattern: the W3C profile of ISO 8601 (www.w3.org/TR/NOTE-datetime):
// YYYY, YYYY-MM, YYYY-MM-DD, or a date with hh:mm[:ss[.s]] and a zone.
var w3cDatetimePattern = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$`)

func parseW3CDatetime(s string) (time.Time, error) {
	if !w3cDatetimePattern.MatchString(s) {
		return time.Time{}, fmt.Errorf("lastmod %q is not a W3C datetime", s)
	}
	for _, layout := range []string{"2006", "2006-01", "2006-01-02", "2006-01-02T15:04Z07:00", time.RFC3339Nano} {
		if at, err := time.Parse(layout, s); err == nil {
			return at, nil
		}
	}
	return time.Time{}, fmt.Errorf("lastmod %q is not a valid date", s)
}

// hreflangPattern: x-default or a language code with optional script and region.
var hreflangPattern = regexp.MustCompile(`^(x-default|[a-z]{2,3}(-[A-Za-z]{4})?(-([A-Z]{2}|\d{3}))?)$`)

func checkSitemapAlternates(links []*xmlNode, loc string, file *url.URL) (map[string]string, error) {
	alt := map[string]string{}
	for _, l := range links {
		attrs := map[string]string{}
		for _, a := range l.attrs {
			if a.Name.Space != "" {
				return nil, fmt.Errorf("xhtml:link attribute %v", a.Name)
			}
			attrs[a.Name.Local] = a.Value
		}
		if len(attrs) != 3 || attrs["rel"] != "alternate" {
			return nil, fmt.Errorf("xhtml:link %v: want rel=alternate, hreflang and href", attrs)
		}
		lang, href := attrs["hreflang"], attrs["href"]
		if !hreflangPattern.MatchString(lang) {
			return nil, fmt.Errorf("hreflang %q", lang)
		}
		if _, dup := alt[lang]; dup {
			return nil, fmt.Errorf("hreflang %s twice", lang)
		}
		if err := checkSitemapLoc(href, file); err != nil {
			return nil, fmt.Errorf("alternate %s: %w", lang, err)
		}
		alt[lang] = href
	}
	for lang, href := range alt {
		if href == loc && lang != "x-default" {
			return alt, nil
		}
	}
	return nil, fmt.Errorf("alternates %v do not name the url itself", alt)
}

// TestSitemapProtocolChecker: the checker accepts a valid file and
// rejects each breach of a rule.
func TestSitemapProtocolChecker(t *testing.T) {
	const head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	const open = head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`
	const self = `<xhtml:link rel="alternate" hreflang="fr" href="https://remat.example/fr/"/>`
	url := func(inner string) string { return open + "<url>" + inner + "</url></urlset>" }
	tests := []struct {
		name, file, doc string
		ok              bool
	}{
		{"valid", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><lastmod>2026-04-01T10:00:00+02:00</lastmod>` +
			`<changefreq>daily</changefreq><priority>0.5</priority>` + self +
			`<xhtml:link rel="alternate" hreflang="x-default" href="https://remat.example/fr/"/>`), true},
		{"valid date only", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><lastmod>2026-04-01</lastmod>`), true},
		{"valid index", "/sitemap.xml", head + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
			`<sitemap><loc>https://remat.example/sitemap-fr-pages.xml</loc><lastmod>2026-04</lastmod></sitemap></sitemapindex>`, true},
		{"no declaration", "/sitemap.xml", strings.TrimPrefix(url(`<loc>https://remat.example/fr/</loc>`), head), false},
		{"other namespace", "/sitemap.xml", head + `<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>https://remat.example/fr/</loc></url></urlset>`, false},
		{"no namespace", "/sitemap.xml", head + `<urlset><url><loc>https://remat.example/fr/</loc></url></urlset>`, false},
		{"empty urlset", "/sitemap.xml", open + `</urlset>`, false},
		{"no loc", "/sitemap.xml", url(`<lastmod>2026-04-01</lastmod>`), false},
		{"relative loc", "/sitemap.xml", url(`<loc>/fr/about</loc>`), false},
		{"loc with a space", "/sitemap.xml", url(`<loc>https://remat.example/fr/a b</loc>`), false},
		{"loc on another host", "/sitemap.xml", url(`<loc>https://www.remat.example/fr/</loc>`), false},
		{"loc outside the sitemap's directory", "/sitemaps/fr.xml", url(`<loc>https://remat.example/fr/</loc>`), false},
		{"loc too long", "/sitemap.xml", url(`<loc>https://remat.example/` + strings.Repeat("a", 2030) + `</loc>`), false},
		{"lastmod without zone", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><lastmod>2026-04-01T10:00:00</lastmod>`), false},
		{"lastmod not a date", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><lastmod>2026-13-01</lastmod>`), false},
		{"lastmod before loc", "/sitemap.xml", url(`<lastmod>2026-04-01</lastmod><loc>https://remat.example/fr/</loc>`), false},
		{"protocol element after an extension", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc>` + self + `<lastmod>2026-04-01</lastmod>`), false},
		{"unknown element", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><image>x</image>`), false},
		{"bad changefreq", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><changefreq>often</changefreq>`), false},
		{"alternates without the url itself", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><xhtml:link rel="alternate" hreflang="de" href="https://remat.example/de/"/>`), false},
		{"alternate language twice", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc>` + self + self), false},
		{"bad hreflang", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc><xhtml:link rel="alternate" hreflang="french" href="https://remat.example/fr/"/>`), false},
		{"duplicate loc", "/sitemap.xml", open + `<url><loc>https://remat.example/fr/</loc></url><url><loc>https://remat.example/fr/</loc></url></urlset>`, false},
		{"text beside elements", "/sitemap.xml", url(`<loc>https://remat.example/fr/</loc>stray`), false},
		{"doctype", "/sitemap.xml", head + `<!DOCTYPE urlset>` + strings.TrimPrefix(url(`<loc>https://remat.example/fr/</loc>`), head), false},
		{"unescaped ampersand", "/sitemap.xml", url(`<loc>https://remat.example/fr/products?a=1&b=2</loc>`), false},
		{"index entry with an alternate", "/sitemap.xml", head + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` +
			`<sitemap><loc>https://remat.example/sitemap-fr-pages.xml</loc>` + self + `</sitemap></sitemapindex>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseSitemap("https://remat.example"+tt.file, []byte(tt.doc))
			if (err == nil) != tt.ok {
				t.Errorf("got error %v, want ok %v", err, tt.ok)
			}
		})
	}
}
