package pages

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/search"
)

// Limits of one sitemap file.
const (
	// MaxSitemapURLs is the protocol's limit of URLs in a sitemap and of
	// sitemaps in an index.
	MaxSitemapURLs = 50_000
	// MaxSitemapBytes bounds a sitemap far below the protocol's 50 MB:
	// the file must fit in one Lambda response behind API Gateway (6 MB),
	// which carries it as a JSON string with its < > " escaped, about a
	// fifth larger (TestSitemapPageFitsALambdaResponse).
	MaxSitemapBytes = 4 << 20
	// MaxLocLength is the protocol's limit on a URL.
	MaxLocLength = 2048
	// maxAdIDBytes is the longest ad id a sitemap lists (ads have
	// 26-character ULIDs); it bounds a page's size before it is read.
	maxAdIDBytes = 32
)

// Paths the Sitemaps handler serves besides the children (childName).
const (
	robotsPath         = "/robots.txt"
	sitemapIndexPath   = "/sitemap.xml"
	childPrefix        = "/sitemap-"
	childSuffix        = ".xml"
	sitemapMonthLayout = "2006-01"
)

// Cache-Control of the answers: the edge keeps a sitemap an hour (a new ad
// is listed within the hour), robots.txt a day (it changes with a deploy),
// a missing child five minutes.
const (
	cacheSitemap        = "public, max-age=3600"
	cacheRobots         = "public, max-age=86400"
	cacheSitemapMissing = "public, max-age=300"
	cacheSitemapError   = "no-store"
)

// XML namespaces of the sitemap protocol and of the language alternates.
const (
	nsSitemap   = "http://www.sitemaps.org/schemas/sitemap/0.9"
	nsXHTML     = "http://www.w3.org/1999/xhtml"
	xmlDecl     = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	urlsetOpen  = xmlDecl + `<urlset xmlns="` + nsSitemap + `" xmlns:xhtml="` + nsXHTML + `">` + "\n"
	urlsetClose = "</urlset>\n"
	indexOpen   = xmlDecl + `<sitemapindex xmlns="` + nsSitemap + `">` + "\n"
	indexClose  = "</sitemapindex>\n"
)

// AdSource lists the public ads, in pages of the ads published in one
// month (*search.SitemapSource).
type AdSource interface {
	// Pages lists every page when a page holds at most pageSize ads.
	Pages(ctx context.Context, pageSize int) ([]search.PublicAdPage, error)
	// Page returns a page's ads (none past the month's last page) and
	// whether more follow in the month.
	Page(ctx context.Context, month time.Time, page, pageSize int) ([]search.PublicAd, bool, error)
}

var _ AdSource = (*search.SitemapSource)(nil)

// Sitemaps answers GET and HEAD of /robots.txt, the sitemap index
// /sitemap.xml and its children, one set per language:
//
//	/sitemap-<lang>-pages.xml             the static pages (StaticPublicSegments)
//	/sitemap-<lang>-ads-<yyyy>-<mm>.xml   the public ads published that month (UTC)
//	/sitemap-<lang>-ads-<yyyy>-<mm>-<n>.xml  its page n >= 2, when a month needs more
//
// Each URL names its five language versions and x-default (the French
// one) as xhtml:link alternates. The children sit beside the index at the
// root: a sitemap may only list URLs under its own directory. A child
// name the index does not list is 404, another method 405.
type Sitemaps struct {
	src      AdSource
	site     string
	now      func() time.Time
	pageSize int
	robots   []byte
}

// NewSitemaps returns the sitemaps of the site at siteURL (scheme and
// host, without a path), listing the ads of src. now (nil: time.Now)
// tells which months can have ads.
func NewSitemaps(src AdSource, siteURL string, now func() time.Time) (*Sitemaps, error) {
	if src == nil {
		return nil, errors.New("pages: sitemaps without an ad source")
	}
	site, err := sitemapSite(siteURL)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	s := &Sitemaps{src: src, site: site, now: now, robots: robotsTxt(site)}
	if n := len(s.longestLoc()); n > MaxLocLength {
		return nil, fmt.Errorf("pages: sitemaps: site URL %q makes URLs of %d characters, at most %d", siteURL, n, MaxLocLength)
	}
	s.pageSize = adPageSize(site)
	return s, nil
}

// sitemapSite checks that siteURL is an absolute http(s) URL of a site
// root and returns its scheme and host: https://remat.ch.
func sitemapSite(siteURL string) (string, error) {
	u, err := url.Parse(siteURL)
	switch {
	case err != nil:
		return "", fmt.Errorf("pages: sitemaps: site URL: %w", err)
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "", u.User != nil, u.Opaque != "",
		u.RawQuery != "", u.ForceQuery, u.Fragment != "", u.Path != "" && u.Path != "/":
		return "", fmt.Errorf("pages: sitemaps: site URL %q is not an http(s) site root", siteURL)
	}
	return u.Scheme + "://" + u.Host, nil
}

// IsSitemapPath reports whether the Sitemaps handler answers path:
// /robots.txt, /sitemap.xml or a child's /sitemap-*.xml.
func IsSitemapPath(path string) bool {
	if path == robotsPath || path == sitemapIndexPath {
		return true
	}
	rest, ok := strings.CutPrefix(path, childPrefix)
	return ok && strings.HasSuffix(rest, childSuffix) && !strings.Contains(rest, "/")
}

// ServeHTTP answers one request.
func (s *Sitemaps) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if !IsSitemapPath(path) {
		sitemapNotFound(w)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		w.Header().Set("Cache-Control", cacheSitemapError)
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	ctx := r.Context()
	switch path {
	case robotsPath:
		writeSitemapFile(w, r, "text/plain; charset=utf-8", cacheRobots, s.robots)
		return
	case sitemapIndexPath:
		body, err := s.index(ctx)
		if err != nil {
			sitemapFailed(ctx, w, path, err)
			return
		}
		writeSitemapFile(w, r, "application/xml; charset=utf-8", cacheSitemap, body)
		return
	}
	c, ok := parseChild(path)
	if !ok || c.month.After(s.now()) {
		sitemapNotFound(w)
		return
	}
	var body []byte
	if c.month.IsZero() {
		body = s.staticPages(c.lang)
	} else {
		var err error
		if body, err = s.ads(ctx, c); err != nil {
			sitemapFailed(ctx, w, path, err)
			return
		}
	}
	if body == nil {
		sitemapNotFound(w)
		return
	}
	writeSitemapFile(w, r, "application/xml; charset=utf-8", cacheSitemap, body)
}

// index renders the sitemap index: per language the static pages, then
// each page of ads.
func (s *Sitemaps) index(ctx context.Context) ([]byte, error) {
	pages, err := s.src.Pages(ctx, s.pageSize)
	if err != nil {
		return nil, fmt.Errorf("pages: sitemap index: %w", err)
	}
	if n := len(langs.All) * (1 + len(pages)); n > MaxSitemapURLs {
		return nil, fmt.Errorf("pages: sitemap index: %d sitemaps, at most %d", n, MaxSitemapURLs)
	}
	var b bytes.Buffer
	b.WriteString(indexOpen)
	for _, lang := range langs.All {
		s.indexEntry(&b, sitemapChild{lang: lang})
		for _, p := range pages {
			s.indexEntry(&b, sitemapChild{lang: lang, month: p.Month, page: p.Page})
		}
	}
	b.WriteString(indexClose)
	if b.Len() > MaxSitemapBytes {
		return nil, fmt.Errorf("pages: sitemap index: %d bytes, at most %d", b.Len(), MaxSitemapBytes)
	}
	return b.Bytes(), nil
}

func (s *Sitemaps) indexEntry(b *bytes.Buffer, c sitemapChild) {
	b.WriteString("  <sitemap><loc>")
	xmlEscaper.WriteString(b, s.site+c.name()) //nolint:errcheck // a bytes.Buffer does not fail
	b.WriteString("</loc></sitemap>\n")
}

// staticPages renders the sitemap of lang's static pages.
func (s *Sitemaps) staticPages(lang string) []byte {
	var b bytes.Buffer
	b.WriteString(urlsetOpen)
	for _, seg := range StaticPublicSegments {
		s.writeURL(&b, lang, seg, time.Time{})
	}
	b.WriteString(urlsetClose)
	return b.Bytes()
}

// ads renders the sitemap of c's page of ads in c.lang; nil when it has
// none.
func (s *Sitemaps) ads(ctx context.Context, c sitemapChild) ([]byte, error) {
	list, _, err := s.src.Page(ctx, c.month, c.page, s.pageSize)
	if err != nil {
		return nil, fmt.Errorf("pages: sitemap of ads %s page %d: %w", c.month.Format(sitemapMonthLayout), c.page, err)
	}
	var b bytes.Buffer
	b.WriteString(urlsetOpen)
	n := 0
	for _, ad := range list {
		if !validAdID(ad.ID) {
			slog.ErrorContext(ctx, "pages: sitemap: ad id not listable", "id", ad.ID)
			continue
		}
		s.writeURL(&b, c.lang, SegProduct+"/"+ad.ID, ad.LastMod)
		n++
	}
	b.WriteString(urlsetClose)
	if n == 0 {
		return nil, nil
	}
	if n > MaxSitemapURLs || b.Len() > MaxSitemapBytes {
		return nil, fmt.Errorf("pages: sitemap of ads %s page %d: %d URLs in %d bytes", c.month.Format(sitemapMonthLayout), c.page, n, b.Len())
	}
	return b.Bytes(), nil
}

// writeURL writes the <url> of path (after the language prefix) in lang,
// with its alternates in every language and x-default.
func (s *Sitemaps) writeURL(b *bytes.Buffer, lang, path string, lastMod time.Time) {
	b.WriteString("  <url>\n    <loc>")
	xmlEscaper.WriteString(b, PageURL(s.site, lang, path)) //nolint:errcheck // a bytes.Buffer does not fail
	b.WriteString("</loc>\n")
	if !lastMod.IsZero() {
		b.WriteString("    <lastmod>" + lastMod.UTC().Format(time.RFC3339) + "</lastmod>\n")
	}
	for _, l := range langs.All {
		writeAlternate(b, l, PageURL(s.site, l, path))
	}
	writeAlternate(b, "x-default", PageURL(s.site, DefaultLanguage, path))
	b.WriteString("  </url>\n")
}

func writeAlternate(b *bytes.Buffer, hreflang, href string) {
	b.WriteString(`    <xhtml:link rel="alternate" hreflang="` + hreflang + `" href="`)
	xmlEscaper.WriteString(b, href) //nolint:errcheck // a bytes.Buffer does not fail
	b.WriteString("\"/>\n")
}

// xmlEscaper escapes text and attribute values.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

// validAdID: ids of 1 to maxAdIDBytes letters, digits, '-' or '_' need no
// escaping, so a page's size is known before it is read.
func validAdID(id string) bool {
	if id == "" || len(id) > maxAdIDBytes {
		return false
	}
	return !strings.ContainsFunc(id, func(r rune) bool {
		return (r < '0' || r > '9') && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && r != '-' && r != '_'
	})
}

// adPageSize is how many ads a page of the site's ad sitemaps holds: as
// many as fit in MaxSitemapBytes with the longest ids, at most
// MaxSitemapURLs.
func adPageSize(site string) int {
	s := &Sitemaps{site: site}
	longest := 0
	for _, lang := range langs.All {
		var b bytes.Buffer
		s.writeURL(&b, lang, SegProduct+"/"+strings.Repeat("x", maxAdIDBytes), time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
		longest = max(longest, b.Len())
	}
	return min(MaxSitemapURLs, (MaxSitemapBytes-len(urlsetOpen)-len(urlsetClose))/longest)
}

// longestLoc is the longest URL the sitemaps can list.
func (s *Sitemaps) longestLoc() string {
	longest := s.site + sitemapIndexPath
	for _, lang := range langs.All {
		paths := append(slices.Clone(StaticPublicSegments), SegProduct+"/"+strings.Repeat("x", maxAdIDBytes))
		for _, p := range paths {
			if u := PageURL(s.site, lang, p); len(u) > len(longest) {
				longest = u
			}
		}
		if u := s.site + (sitemapChild{lang: lang, month: time.Date(9999, 12, 1, 0, 0, 0, 0, time.UTC), page: MaxSitemapURLs}).name(); len(u) > len(longest) {
			longest = u
		}
	}
	return longest
}

// sitemapChild is one child sitemap: lang's static pages (zero month) or page
// number page of lang's ads published in month.
type sitemapChild struct {
	lang  string
	month time.Time
	page  int
}

// name is the child's path.
func (c sitemapChild) name() string {
	if c.month.IsZero() {
		return childPrefix + c.lang + "-pages" + childSuffix
	}
	name := childPrefix + c.lang + "-ads-" + c.month.UTC().Format(sitemapMonthLayout)
	if c.page > 1 {
		name += "-" + strconv.Itoa(c.page)
	}
	return name + childSuffix
}

// parseChild reads a child's path; only the name name() gives is valid
// (no page 1 or leading zeros: one URL per sitemap).
func parseChild(path string) (sitemapChild, bool) {
	rest, ok := strings.CutPrefix(path, childPrefix)
	if !ok {
		return sitemapChild{}, false
	}
	if rest, ok = strings.CutSuffix(rest, childSuffix); !ok {
		return sitemapChild{}, false
	}
	lang, rest, _ := strings.Cut(rest, "-")
	if !slices.Contains(langs.All, lang) {
		return sitemapChild{}, false
	}
	c := sitemapChild{lang: lang}
	if rest != "pages" {
		rest, ok = strings.CutPrefix(rest, "ads-")
		if !ok || len(rest) < len(sitemapMonthLayout) {
			return sitemapChild{}, false
		}
		m, err := time.Parse(sitemapMonthLayout, rest[:len(sitemapMonthLayout)])
		if err != nil {
			return sitemapChild{}, false
		}
		c.month, c.page = m, 1
		if tail := rest[len(sitemapMonthLayout):]; tail != "" {
			n, err := strconv.Atoi(strings.TrimPrefix(tail, "-"))
			if err != nil || n < 2 || n > MaxSitemapURLs {
				return sitemapChild{}, false
			}
			c.page = n
		}
	}
	return c, c.name() == path
}

// write answers 200 with body (headers only for HEAD).
func writeSitemapFile(w http.ResponseWriter, r *http.Request, contentType, cache string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", cache)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func sitemapNotFound(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", cacheSitemapMissing)
	http.Error(w, http.StatusText(http.StatusNotFound), http.StatusNotFound)
}

func sitemapFailed(ctx context.Context, w http.ResponseWriter, path string, err error) {
	slog.ErrorContext(ctx, "pages: sitemap", "path", path, "err", err.Error())
	w.Header().Set("Cache-Control", cacheSitemapError)
	http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
}
