package pages

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/remat/remat/shared/money"
)

// Cache-Control of the answers. Pages are the same for every visitor
// (nothing personal is inlined), so the edge keeps them briefly: an ad's
// change shows within PageEdgeSeconds; the browser revalidates each time.
const (
	PageEdgeSeconds = 60
	cachePage       = "public, max-age=0, s-maxage=60"
	cacheRedirect   = "public, max-age=3600"
	cacheNone       = "no-store"
)

// Home listings and list pages ask the API for these many results (the
// SPA's HomeListings RECENT_COUNT and catalogue PAGE_SIZE).
const (
	homeListings = 8
	listPageSize = 24
)

// Tombstones tells a deleted ad from one that never existed
// (catalog.Service.Gone).
type Tombstones interface {
	Gone(ctx context.Context, id string) (bool, error)
}

// ShellSource returns the current index.html, parsed.
type ShellSource interface {
	Shell(ctx context.Context) (*Shell, error)
}

// Config configures the pages handler.
type Config struct {
	// SiteURL is the public site without a trailing slash.
	SiteURL string
	API     API
	Gone    Tombstones
	Shell   ShellSource
	// Sitemaps serves /robots.txt and the sitemaps.
	Sitemaps http.Handler
	// APIFallback answers /api/* paths that reach the pages: the HTTP API
	// routes GET /{proxy+} here, so an unknown API path must get the
	// API's own JSON answer (apiroutes.NewHandler), as from $default.
	APIFallback http.Handler
	Logger      *slog.Logger
}

// Handler answers the public HTML routes (see the package comment).
type Handler struct {
	cfg Config
	log *slog.Logger
}

// NewHandler returns the pages handler.
func NewHandler(cfg Config) (*Handler, error) {
	if cfg.SiteURL == "" || cfg.API == nil || cfg.Gone == nil || cfg.Shell == nil || cfg.Sitemaps == nil || cfg.APIFallback == nil {
		return nil, errors.New("pages: SiteURL, API, Gone, Shell, Sitemaps and APIFallback are required")
	}
	cfg.SiteURL = strings.TrimRight(cfg.SiteURL, "/")
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Handler{cfg: cfg, log: log}, nil
}

// ServeHTTP answers one request.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	switch {
	case path == "/api" || strings.HasPrefix(path, "/api/"):
		h.cfg.APIFallback.ServeHTTP(w, r)
		return
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	case IsSitemapPath(path):
		h.cfg.Sitemaps.ServeHTTP(w, r)
		return
	}
	route := Resolve(path, r.URL.RawQuery)
	if route.Kind == KindRedirect {
		w.Header().Set("Cache-Control", cacheRedirect)
		w.Header().Set("Location", route.To)
		w.WriteHeader(http.StatusMovedPermanently)
		return
	}
	shell, err := h.cfg.Shell.Shell(r.Context())
	if err != nil {
		h.log.ErrorContext(r.Context(), "pages: no index.html", "err", err.Error())
		w.Header().Set("Cache-Control", cacheNone)
		w.Header().Set("Retry-After", "30")
		http.Error(w, "Service Unavailable", http.StatusServiceUnavailable)
		return
	}
	p := h.build(r.Context(), route, r.URL.Query())
	body, err := shell.Render(h.cfg.SiteURL, p.head, p.boot)
	if err != nil {
		h.log.ErrorContext(r.Context(), "pages: render", "path", path, "err", err.Error())
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Cache-Control", p.cache)
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	hdr.Set("ETag", etag)
	if p.status == http.StatusOK && r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hdr.Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(p.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// page is one answer before rendering.
type page struct {
	status int
	cache  string
	head   Head
	boot   Boot
	// answers are the API's answers the page asked for up front.
	answers map[string]answer
}

// answer is one API answer.
type answer struct {
	status int
	body   []byte
	err    error
}

// apiPaths are the API answers the route's page needs, asked for at once
// (none depends on another).
func apiPaths(route Route, query url.Values) []string {
	paths := []string{"settings"}
	switch route.Kind {
	case KindHome:
		paths = append(paths, "categories", fmt.Sprintf("products?limit=%d", homeListings))
	case KindProducts:
		paths = append(paths, "categories", listQuery(query))
	case KindSearchToken:
		paths = append(paths, "categories")
	case KindProduct:
		paths = append(paths, "categories", "products/"+url.PathEscape(route.ID))
	}
	return paths
}

// prefetch asks the API for paths concurrently.
func (h *Handler) prefetch(ctx context.Context, paths []string) map[string]answer {
	out := make(map[string]answer, len(paths))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, path := range paths {
		wg.Go(func() {
			status, body, err := h.cfg.API.Get(ctx, path)
			mu.Lock()
			out[path] = answer{status: status, body: body, err: err}
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

// get is the API's answer to path: the prefetched one, else asked now.
func (h *Handler) get(ctx context.Context, p *page, path string) (int, []byte, error) {
	if a, ok := p.answers[path]; ok {
		return a.status, a.body, a.err
	}
	status, body, err := h.cfg.API.Get(ctx, path)
	if err != nil {
		return 0, nil, fmt.Errorf("pages: GET %s: %w", path, err)
	}
	return status, body, nil
}

// build gathers what the route's page says and needs.
func (h *Handler) build(ctx context.Context, route Route, query url.Values) page {
	lang := route.Lang
	t := catalogue[lang]
	p := page{status: http.StatusOK, cache: cachePage, boot: Boot{API: map[string]json.RawMessage{}}}
	p.head = Head{Lang: lang}
	p.answers = h.prefetch(ctx, apiPaths(route, query))
	h.inline(ctx, &p, "settings")
	home := crumb{t.HomeCrumb, PageURL(h.cfg.SiteURL, lang, "")}

	switch route.Kind {
	case KindHome:
		h.inline(ctx, &p, "categories")
		h.inline(ctx, &p, fmt.Sprintf("products?limit=%d", homeListings))
		p.head.Title, p.head.Description = t.Titles["home"], t.Descriptions["home"]
		p.head.JSONLD = []any{websiteLD(h.cfg.SiteURL, lang)}
		p.head.Page = "home"

	case KindProducts:
		cats := h.categories(ctx, &p)
		p.head.Title, p.head.Description = t.Titles["products"], t.Descriptions["products"]
		p.head.Path = SegProducts
		p.head.Page = "products"
		crumbs := []crumb{home, {t.Titles["products"], PageURL(h.cfg.SiteURL, lang, SegProducts)}}
		if slug := query.Get("category"); slug != "" && slug != "all" {
			if name := categoryName(cats, slug, lang); name != "" {
				p.head.Title = name
				p.head.Description = fill(t.Descriptions["category"], map[string]string{"category": name})
				p.head.Path = SegProducts + "?category=" + url.QueryEscape(slug)
				crumbs = append(crumbs, crumb{name, PageURL(h.cfg.SiteURL, lang, p.head.Path)})
			}
		}
		p.head.JSONLD = []any{breadcrumbLD(crumbs)}
		if body := h.inline(ctx, &p, listQuery(query)); body != nil {
			var res struct {
				Items []cardJSON `json:"items"`
			}
			if json.Unmarshal(body, &res) == nil && len(res.Items) > 0 {
				p.head.JSONLD = append(p.head.JSONLD, itemListLD(h.cfg.SiteURL, lang, res.Items))
				// The first card's photo is the list's largest picture (ProductSearch.tsx).
				p.head.LCPImage = pictureOf(res.Items[0].ImageURL, res.Items[0].ImageWebP, resultsCardSizes)
			}
		}

	case KindSearchToken:
		// The same list behind an encoded search: its canonical page is the list.
		h.inline(ctx, &p, "categories")
		p.head.Title, p.head.Description = t.Titles["products"], t.Descriptions["products"]
		p.head.Path = SegProducts
		p.head.Page = "searchToken"

	case KindProduct:
		h.product(ctx, &p, route.ID, home)

	case KindSeller:
		p.head.Title, p.head.Description = t.Titles["seller"], t.Descriptions["seller"]
		p.head.Path = SegSeller + "/" + url.PathEscape(route.ID)
		p.head.Page = "seller"

	case KindStatic:
		key := staticKeys[route.Segment]
		p.head.Title, p.head.Description = t.Titles[key], t.Descriptions[key]
		p.head.Path = route.Segment
		p.head.Page = key
		p.head.JSONLD = []any{breadcrumbLD([]crumb{home, {t.Titles[key], PageURL(h.cfg.SiteURL, lang, route.Segment)}})}

	case KindPrivate:
		p.head.Description = t.Descriptions["home"]
		p.head.NoIndex = true

	default: // KindNotFound
		h.notFound(&p, http.StatusNotFound)
	}
	return p
}

// staticKeys are the texts' keys of the static pages.
var staticKeys = map[string]string{
	SegSell: "sell", SegAbout: "about", SegHowItWorks: "howItWorks", SegContactUs: "contactUs",
	SegTerms: "terms", SegPrivacy: "privacy",
}

// product fills the ad's page: 404 for an unknown or hidden ad, 410 for a
// deleted one, 503 when the ad cannot be read.
func (h *Handler) product(ctx context.Context, p *page, id string, home crumb) {
	lang := p.head.Lang
	t := catalogue[lang]
	path := "products/" + url.PathEscape(id)
	status, body, err := h.get(ctx, p, path)
	switch {
	case err != nil || status >= 500:
		h.log.ErrorContext(ctx, "pages: ad unreadable", "adId", id, "status", status, "err", errText(err))
		p.status, p.cache = http.StatusServiceUnavailable, cacheNone
		p.head.NoIndex = true
		return
	case status == http.StatusNotFound || status == http.StatusBadRequest:
		gone, err := h.cfg.Gone.Gone(ctx, id)
		if err != nil {
			h.log.WarnContext(ctx, "pages: tombstone unread", "adId", id, "err", err.Error())
		}
		if gone {
			h.notFound(p, http.StatusGone)
		} else {
			h.notFound(p, http.StatusNotFound)
		}
		return
	case status != http.StatusOK:
		h.notFound(p, http.StatusNotFound)
		return
	}
	var ad productJSON
	if err := json.Unmarshal(body, &ad); err != nil || ad.ID == "" {
		h.log.ErrorContext(ctx, "pages: ad undecodable", "adId", id, "err", errText(err))
		p.status, p.cache = http.StatusServiceUnavailable, cacheNone
		p.head.NoIndex = true
		return
	}
	p.boot.API[path] = body
	cats := h.categories(ctx, p)

	var images []string
	for _, img := range ad.Images {
		if img.State == "ready" && img.LargeURL != "" {
			abs := h.absolute(img.LargeURL)
			images = append(images, abs)
			if p.head.Image == nil {
				p.head.Image = &Image{URL: abs, Width: img.Width, Height: img.Height, Alt: ad.Title}
			}
		}
	}
	place := strings.TrimSpace(strings.Join(nonEmpty(ad.Location.PostalCode+" "+ad.Location.Locality, ad.Location.Canton), ", "))
	p.head.Title = ad.Title
	p.head.Description = fill(t.Descriptions["product"], map[string]string{
		"title": ad.Title, "price": money.Format(ad.EffectivePriceRp, money.Currency), "condition": t.Conditions[ad.Condition], "place": place,
	})
	if d := strings.TrimSpace(ad.Description); d != "" {
		p.head.Description = ad.Title + " – " + money.Format(ad.EffectivePriceRp, money.Currency) + ". " + d
	}
	p.head.Path = SegProduct + "/" + url.PathEscape(ad.ID)
	p.head.OGType = "product"
	p.head.Page = "product"
	p.head.LCPImage = galleryPhoto(ad.Images)

	catName := categoryName(cats, ad.CategorySlug, lang)
	crumbs := []crumb{home, {t.Titles["products"], PageURL(h.cfg.SiteURL, lang, SegProducts)}}
	// categoryPath is the slug then its ancestors: the breadcrumb goes top-down.
	for i := len(ad.CategoryPath) - 1; i >= 0; i-- {
		slug := ad.CategoryPath[i]
		if name := categoryName(cats, slug, lang); name != "" {
			crumbs = append(crumbs, crumb{name, PageURL(h.cfg.SiteURL, lang, SegProducts+"?category="+url.QueryEscape(slug))})
		}
	}
	crumbs = append(crumbs, crumb{ad.Title, PageURL(h.cfg.SiteURL, lang, p.head.Path)})
	p.head.JSONLD = []any{productLD(h.cfg.SiteURL, lang, ad, images, catName), breadcrumbLD(crumbs)}
}

// notFound makes p the not-found page (the SPA shows it for this path too).
func (h *Handler) notFound(p *page, status int) {
	t := catalogue[p.head.Lang]
	p.status = status
	p.head.Title, p.head.Description = t.Titles["notFound"], t.Descriptions["home"]
	p.head.NoIndex = true
	p.head.JSONLD = nil
}

// inline adds the API's answer to path to the boot data when it is a
// success, and returns it; nil otherwise (the SPA then asks itself).
func (h *Handler) inline(ctx context.Context, p *page, path string) []byte {
	status, body, err := h.get(ctx, p, path)
	if err != nil || status != http.StatusOK || !json.Valid(body) {
		if err != nil || status >= 500 {
			h.log.WarnContext(ctx, "pages: not inlined", "path", path, "status", status, "err", errText(err))
		}
		return nil
	}
	p.boot.API[path] = body
	return body
}

// categories inlines the category tree and returns it.
func (h *Handler) categories(ctx context.Context, p *page) []categoryJSON {
	body := h.inline(ctx, p, "categories")
	var list struct {
		Items []categoryJSON `json:"items"`
	}
	if body == nil || json.Unmarshal(body, &list) != nil {
		return nil
	}
	return list.Items
}

// listQuery is the API query the SPA sends for a list page's URL query
// (frontend/src/features/catalogue/api.ts searchQueryString): its search
// parameters without the "every category" value, a radius only with a
// location, and the page size. The SPA uses the inlined answer only when
// its own query is the same.
func listQuery(q url.Values) string {
	out := url.Values{}
	for _, name := range []string{"q", "category", "brand", "condition", "maxPrice", "location", "radius", "canton", "sort", "cursor"} {
		if v := strings.TrimSpace(q.Get(name)); v != "" {
			out.Set(name, v)
		}
	}
	if out.Get("category") == "all" {
		out.Del("category")
	}
	if out.Get("location") == "" {
		out.Del("radius")
	}
	out.Set("limit", fmt.Sprint(listPageSize))
	return "products?" + out.Encode()
}

// absolute makes a site path ("/images/...") an absolute URL.
func (h *Handler) absolute(p string) string {
	if strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://") {
		return p
	}
	return h.cfg.SiteURL + "/" + strings.TrimPrefix(p, "/")
}

func nonEmpty(parts ...string) []string {
	out := parts[:0]
	for _, s := range parts {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
