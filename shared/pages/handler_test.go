package pages_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/pages"
	"github.com/remat/remat/shared/pages/pagestest"
)

const site = "https://remat.example"

// indexHTML is shaped like Vite's build of frontend/index.html.
const indexHTML = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="Remat – la place de marché suisse."
    />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Remat</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

// hostile is an ad title that would break a page that does not escape.
const hostile = `Tuiles </script><script>alert(1)</script> "Biber" & <b>co</b>`

func adJSON(id, title string) string {
	t, _ := json.Marshal(title)
	return fmt.Sprintf(`{"id":%q,"status":"active","title":%s,"description":"Lot de 200 tuiles.\n\nÀ retirer à Lausanne.","categorySlug":"tiles","categoryPath":["tiles","roofing"],`+
		`"brand":"Eternit","condition":"used","priceRp":125050,"discountPct":0,"effectivePriceRp":125050,"quantity":{"amount":200,"unit":"pieces"},"pickup":true,"delivery":false,`+
		`"location":{"kind":"city","postalCode":"1003","locality":"Lausanne","canton":"VD","lat":46.52,"lon":6.63},`+
		`"images":[{"id":"i0","state":"pending","main":false},{"id":"i1","state":"ready","main":true,"largeUrl":"/images/products/%s/i1-large.jpg","width":1600,"height":1200,`+
		`"largeWebp":[{"url":"/images/products/AD1/i1/large-800.webp","width":800,"height":600},{"url":"/images/products/AD1/i1/large.webp","width":1600,"height":1200}]}],`+
		`"createdAt":"2026-11-01T10:00:00Z","updatedAt":"2026-11-02T10:00:00Z","expiresAt":"2027-01-01T10:00:00Z",`+
		`"seller":{"id":"u1","name":"Morel Rénovation SA","accountType":"professional","memberSince":"2025-01-01T00:00:00Z"},"canEdit":false}`, id, t, id)
}

const categoriesJSON = `{"items":[{"slug":"roofing","sortOrder":1,"names":{"en":"Roofing","fr":"Toiture","de":"Dach","it":"Tetto","sq":"Çati"}},` +
	`{"slug":"tiles","parent":"roofing","sortOrder":1,"names":{"en":"Tiles","fr":"Tuiles","de":"Ziegel","it":"Tegole","sq":"Tjegulla"}}]}`

// preloadsJSON is shaped like frontend/scripts/preloads.mjs's output.
const preloadsJSON = `{"pages":{"product":{"js":["/assets/ProductRoute-a.js","/assets/api-b.js"],"css":["/assets/ProductRoute-c.css"],` +
	`"i18n":{"de":["/assets/i18n-de-common-d.js","/assets/i18n-de-catalogue-e.js"],"fr":["/assets/i18n-fr-common-f.js"]}},` +
	`"products":{"js":["/assets/ProductsRoute-g.js"],"css":[],"i18n":{"fr":["/assets/i18n-fr-catalogue-h.js"]}}}}`

// stubAPI is the API boundary the pages call (in production the
// catalogue's and the settings' own handlers).
func stubAPI(t *testing.T) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/settings", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"features":{"payments":true}}`)
	})
	mux.HandleFunc("GET /api/v1/categories", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, categoriesJSON) })
	mux.HandleFunc("GET /api/v1/products", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("condition") == "broken" {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":{"code":"validation_failed"}}`)
			return
		}
		_, _ = fmt.Fprintf(w, `{"items":[{"id":"AD1","title":%q,"imageUrl":"/images/products/AD1/i1/card.jpg",`+
			`"imageWebp":[{"url":"/images/products/AD1/i1/card-320.webp","width":320,"height":240},{"url":"/images/products/AD1/i1/card.webp","width":640,"height":480}]}],"query":%q}`,
			"Tuiles", r.URL.RawQuery)
	})
	mux.HandleFunc("GET /api/v1/products/{id}", func(w http.ResponseWriter, r *http.Request) {
		switch id := r.PathValue("id"); id {
		case "AD1":
			_, _ = io.WriteString(w, adJSON(id, hostile))
		case "BROKEN":
			w.WriteHeader(http.StatusInternalServerError)
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":{"code":"product_not_found"}}`)
		}
	})
	return mux
}

type tombstones map[string]bool

func (g tombstones) Gone(_ context.Context, id string) (bool, error) { return g[id], nil }

type fixedShell struct{ s *pages.Shell }

func (f fixedShell) Shell(context.Context) (*pages.Shell, error) { return f.s, nil }

func newHandler(t *testing.T) http.Handler {
	t.Helper()
	shell, err := pages.ParseShell([]byte(indexHTML))
	if err != nil {
		t.Fatal(err)
	}
	if shell, err = shell.WithPreloads([]byte(preloadsJSON)); err != nil {
		t.Fatal(err)
	}
	h, err := pages.NewHandler(pages.Config{
		SiteURL: site + "/", API: pages.HandlerAPI{Handler: stubAPI(t)}, Gone: tombstones{"GONE": true},
		Shell: fixedShell{shell},
		Sitemaps: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.WriteString(w, "sitemaps "+r.URL.Path)
		}),
		APIFallback: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":{"code":"not_found"}}`)
		}),
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(t *testing.T, h http.Handler, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func parse(t *testing.T, rec *httptest.ResponseRecorder) *pagestest.Doc {
	t.Helper()
	d, err := pagestest.Parse(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checkAlternates wants the five languages and x-default for path.
func checkAlternates(t *testing.T, d *pagestest.Doc, path string) {
	t.Helper()
	for _, lang := range langs.All {
		if got, want := d.Alternates[lang], site+"/"+lang+"/"+path; got != want {
			t.Errorf("alternate %s: got %q, want %q", lang, got, want)
		}
	}
	if got, want := d.Alternates["x-default"], site+"/fr/"+path; got != want {
		t.Errorf("x-default: got %q, want %q", got, want)
	}
	if len(d.Alternates) != len(langs.All)+1 {
		t.Errorf("got %d alternates, want %d", len(d.Alternates), len(langs.All)+1)
	}
}

func TestProductPage(t *testing.T) {
	h := newHandler(t)
	rec := get(t, h, http.MethodGet, "/de/product/AD1")
	if rec.Code != http.StatusOK {
		t.Fatalf("got %d, want 200", rec.Code)
	}
	if got := rec.Header().Get("Cache-Control"); got != "public, max-age=0, s-maxage=60" {
		t.Errorf("Cache-Control: got %q", got)
	}
	if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
		t.Errorf("Content-Type: got %q", got)
	}
	body := rec.Body.String()
	if strings.Contains(body, "<script>alert(1)") || strings.Contains(body, `"Biber"`) && !strings.Contains(body, `\"Biber\"`) {
		t.Fatalf("the title broke out of its context:\n%s", body)
	}
	d := parse(t, rec)
	if d.Scripts != 1 {
		t.Errorf("got %d executable scripts, want only the app's", d.Scripts)
	}
	if d.Lang != "de" {
		t.Errorf("lang: got %q, want de", d.Lang)
	}
	if want := hostile + " – Remat"; d.Title != want {
		t.Errorf("title: got %q, want %q", d.Title, want)
	}
	if got := d.Meta["description"]; len(got) != 1 || !strings.HasPrefix(got[0], hostile+" – CHF 1’250.50. Lot de 200 tuiles. À retirer") {
		t.Errorf("description: got %q", got)
	}
	if want := site + "/de/product/AD1"; d.Canonical != want || d.MetaOne("og:url") != want {
		t.Errorf("canonical/og:url: got %q/%q, want %q", d.Canonical, d.MetaOne("og:url"), want)
	}
	checkAlternates(t, d, "product/AD1")
	for name, want := range map[string]string{
		"og:type": "product", "og:title": hostile + " – Remat", "og:image": site + "/images/products/AD1/i1-large.jpg",
		"og:image:width": "1600", "og:image:height": "1200", "og:locale": "de_CH", "og:site_name": "Remat",
		"twitter:card": "summary_large_image", "twitter:image": site + "/images/products/AD1/i1-large.jpg",
	} {
		if got := d.MetaOne(name); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	if got := len(d.Meta["og:locale:alternate"]); got != 4 {
		t.Errorf("og:locale:alternate: got %d, want 4", got)
	}
	products := d.Of("Product")
	if len(products) != 1 {
		t.Fatalf("got %d Product documents, want 1", len(products))
	}
	if err := pagestest.CheckProduct(products[0]); err != nil {
		t.Error(err)
	}
	p := products[0]
	offer := p["offers"].(map[string]any)
	if p["name"] != hostile || offer["price"] != "1250.50" || offer["itemCondition"] != "https://schema.org/UsedCondition" ||
		offer["seller"].(map[string]any)["name"] != "Morel Rénovation SA" || offer["seller"].(map[string]any)["@type"] != "Organization" ||
		p["category"] != "Ziegel" || p["brand"].(map[string]any)["name"] != "Eternit" {
		t.Errorf("product: got %v", p)
	}
	crumbs := d.Of("BreadcrumbList")
	if len(crumbs) != 1 {
		t.Fatalf("got %d BreadcrumbList, want 1", len(crumbs))
	}
	if err := pagestest.CheckBreadcrumbs(crumbs[0]); err != nil {
		t.Error(err)
	}
	var names []string
	for _, it := range crumbs[0]["itemListElement"].([]any) {
		names = append(names, it.(map[string]any)["name"].(string))
	}
	if got, want := strings.Join(names, " > "), "Startseite > Materialien, Werkzeuge und Maschinen > Dach > Ziegel > "+hostile; got != want {
		t.Errorf("breadcrumbs: got %q, want %q", got, want)
	}
	// The inlined answers are the API's bodies, byte for byte once decoded.
	if got := string(d.Boot["products/AD1"]); got != adJSON("AD1", hostile) {
		t.Errorf("boot product: got %s", got)
	}
	for _, key := range []string{"settings", "categories"} {
		if _, ok := d.Boot[key]; !ok {
			t.Errorf("boot: %s missing (have %v)", key, keys(d.Boot))
		}
	}
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestErrorPages(t *testing.T) {
	h := newHandler(t)
	tests := []struct {
		target string
		status int
		title  string
	}{
		{"/fr/product/NOPE", http.StatusNotFound, "Page introuvable – Remat"},
		{"/fr/product/GONE", http.StatusGone, "Page introuvable – Remat"},
		{"/it/product/%3Cscript%3E", http.StatusNotFound, "Pagina non trovata – Remat"},
		{"/fr/nowhere", http.StatusNotFound, "Page introuvable – Remat"},
		{"/sq/product/BROKEN", http.StatusServiceUnavailable, "Remat"},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) {
			rec := get(t, h, http.MethodGet, tc.target)
			if rec.Code != tc.status {
				t.Fatalf("got %d, want %d", rec.Code, tc.status)
			}
			d := parse(t, rec)
			if d.Title != tc.title || d.MetaOne("robots") != "noindex" || d.Canonical != "" || len(d.Alternates) != 0 || len(d.JSONLD) != 0 {
				t.Errorf("got title %q robots %q canonical %q alternates %v JSON-LD %v, want the not-found page, noindex",
					d.Title, d.MetaOne("robots"), d.Canonical, d.Alternates, d.JSONLD)
			}
		})
	}
}

func TestRedirectsAndOtherPaths(t *testing.T) {
	h := newHandler(t)
	tests := []struct {
		method, target string
		status         int
		location, body string
	}{
		{http.MethodGet, "/", http.StatusMovedPermanently, "/fr/", ""},
		{http.MethodGet, "/about?x=1", http.StatusMovedPermanently, "/fr/about?x=1", ""},
		{http.MethodGet, "/fr/fr/about?x=1", http.StatusMovedPermanently, "/fr/about?x=1", ""},
		{http.MethodGet, "/DE/products", http.StatusMovedPermanently, "/de/products", ""},
		{http.MethodHead, "/index.html", http.StatusMovedPermanently, "/fr/index.html", ""},
		{http.MethodGet, "/api/v1/nothing", http.StatusNotFound, "", `{"error":{"code":"not_found"}}`},
		{http.MethodPost, "/api/v1/nothing", http.StatusNotFound, "", `{"error":{"code":"not_found"}}`},
		{http.MethodPost, "/fr/", http.StatusMethodNotAllowed, "", ""},
		{http.MethodGet, "/robots.txt", http.StatusOK, "", "sitemaps /robots.txt"},
		{http.MethodGet, "/sitemap.xml", http.StatusOK, "", "sitemaps /sitemap.xml"},
		{http.MethodGet, "/sitemap-fr-ads-2026-11.xml", http.StatusOK, "", "sitemaps /sitemap-fr-ads-2026-11.xml"},
		{http.MethodGet, "/sitemaps/ads.xml", http.StatusMovedPermanently, "/fr/sitemaps/ads.xml", ""},
	}
	for _, tc := range tests {
		t.Run(tc.method+" "+tc.target, func(t *testing.T) {
			rec := get(t, h, tc.method, tc.target)
			if rec.Code != tc.status || rec.Header().Get("Location") != tc.location {
				t.Errorf("got %d Location %q, want %d %q", rec.Code, rec.Header().Get("Location"), tc.status, tc.location)
			}
			if tc.body != "" && rec.Body.String() != tc.body {
				t.Errorf("body: got %q, want %q", rec.Body.String(), tc.body)
			}
		})
	}
}

func TestPublicPages(t *testing.T) {
	h := newHandler(t)
	tests := []struct {
		target, title, canonicalPath string
		bootKey                      string
		ldTypes                      []string
	}{
		{"/fr/", "Matériaux de construction excédentaires en Suisse – Remat", "", "products?limit=8", []string{"WebSite"}},
		{"/sq", "Materiale ndërtimi të tepërta në Zvicër – Remat", "", "products?limit=8", []string{"WebSite"}},
		{"/fr/products", "Matériaux, outils et machines – Remat", "products", "products?limit=24", []string{"BreadcrumbList", "ItemList"}},
		{"/de/products?category=tiles&q=ziegel&cursor=abc", "Ziegel – Remat", "products?category=tiles", "products?category=tiles&cursor=abc&limit=24&q=ziegel", []string{"BreadcrumbList", "ItemList"}},
		{"/fr/products?category=all&radius=10", "Matériaux, outils et machines – Remat", "products", "products?limit=24", []string{"BreadcrumbList", "ItemList"}},
		{"/en/about", "About us – Remat", "about", "settings", []string{"BreadcrumbList"}},
		{"/it/vendre?choosePlan=true", "Vendi i tuoi materiali in eccedenza – Remat", "vendre", "settings", []string{"BreadcrumbList"}},
		{"/fr/seller/u1", "Profil du vendeur – Remat", "seller/u1", "settings", nil},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) {
			rec := get(t, h, http.MethodGet, tc.target)
			if rec.Code != http.StatusOK {
				t.Fatalf("got %d, want 200", rec.Code)
			}
			d := parse(t, rec)
			if d.Title != tc.title {
				t.Errorf("title: got %q, want %q", d.Title, tc.title)
			}
			lang := strings.Split(tc.target, "/")[1]
			if want := site + "/" + lang + "/" + tc.canonicalPath; d.Canonical != want {
				t.Errorf("canonical: got %q, want %q", d.Canonical, want)
			}
			checkAlternates(t, d, tc.canonicalPath)
			if d.MetaOne("description") == "" || d.MetaOne("og:title") != tc.title || d.MetaOne("og:type") != "website" || d.MetaOne("twitter:card") != "summary" {
				t.Errorf("meta: got %v", d.Meta)
			}
			if _, ok := d.Boot[tc.bootKey]; !ok {
				t.Errorf("boot: want %q, have %v", tc.bootKey, keys(d.Boot))
			}
			var types []string
			for _, v := range d.JSONLD {
				types = append(types, v["@type"].(string))
			}
			if strings.Join(types, ",") != strings.Join(tc.ldTypes, ",") {
				t.Errorf("JSON-LD: got %v, want %v", types, tc.ldTypes)
			}
			for _, b := range d.Of("BreadcrumbList") {
				if err := pagestest.CheckBreadcrumbs(b); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

func TestPrivateAndInvalidSearch(t *testing.T) {
	h := newHandler(t)
	rec := get(t, h, http.MethodGet, "/fr/user/products")
	d := parse(t, rec)
	if rec.Code != http.StatusOK || d.MetaOne("robots") != "noindex" || d.Canonical != "" || d.Title != "Remat" {
		t.Errorf("private page: got %d robots %q canonical %q title %q", rec.Code, d.MetaOne("robots"), d.Canonical, d.Title)
	}
	// A search the API refuses is not inlined: the SPA asks and shows the error.
	rec = get(t, h, http.MethodGet, "/fr/products?condition=broken")
	d = parse(t, rec)
	if rec.Code != http.StatusOK || len(d.Boot) != 2 || len(d.Of("ItemList")) != 0 {
		t.Errorf("refused search: got %d boot %v", rec.Code, keys(d.Boot))
	}
}

func TestHeadAndRevalidation(t *testing.T) {
	h := newHandler(t)
	full := get(t, h, http.MethodGet, "/fr/about")
	head := get(t, h, http.MethodHead, "/fr/about")
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Content-Length") != full.Header().Get("Content-Length") {
		t.Errorf("HEAD: got %d, %d bytes, length %q vs %q", head.Code, head.Body.Len(), head.Header().Get("Content-Length"), full.Header().Get("Content-Length"))
	}
	req := httptest.NewRequest(http.MethodGet, "/fr/about", nil)
	req.Header.Set("If-None-Match", full.Header().Get("ETag"))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("If-None-Match: got %d with %d bytes, want 304", rec.Code, rec.Body.Len())
	}
}

// TestTitlesMatchTheSPA: the server's page titles are the SPA's, so the
// tab does not change when the app starts.
func TestTitlesMatchTheSPA(t *testing.T) {
	spa := map[string][2]string{
		"home": {"home", "pageTitle"}, "products": {"catalogue", "list.pageTitle"}, "about": {"about", "pageTitle"},
		"howItWorks": {"howItWorks", "pageTitle"}, "contactUs": {"contactUs", "pageTitle"}, "sell": {"billing", "sell.pageTitle"},
		"terms": {"legal", "terms.pageTitle"}, "privacy": {"legal", "privacy.pageTitle"}, "notFound": {"common", "notFound.pageTitle"},
	}
	for _, lang := range langs.All {
		var own struct {
			Titles map[string]string `json:"titles"`
		}
		readJSON(t, filepath.Join("locales", lang+".json"), &own)
		for key, at := range spa {
			var dict map[string]any
			readJSON(t, filepath.Join("..", "..", "frontend", "src", "i18n", "locales", lang, at[0]+".json"), &dict)
			var v any = dict
			for part := range strings.SplitSeq(at[1], ".") {
				v = v.(map[string]any)[part]
			}
			if own.Titles[key] != v {
				t.Errorf("%s %s: got %q, the SPA says %q", lang, key, own.Titles[key], v)
			}
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path) //nolint:gosec // test fixtures of this repository
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestPreloads(t *testing.T) {
	h := newHandler(t)
	body := get(t, h, http.MethodGet, "/de/product/AD1").Body.String()
	for _, want := range []string{
		`<link rel="preload" as="image" type="image/webp" imagesrcset="/images/products/AD1/i1/large-800.webp 800w, /images/products/AD1/i1/large.webp 1600w" imagesizes="(min-width: 1152px) 715px, `,
		`<link rel="modulepreload" crossorigin href="/assets/ProductRoute-a.js">`,
		`<link rel="modulepreload" crossorigin href="/assets/api-b.js">`,
		`<link rel="modulepreload" crossorigin href="/assets/i18n-de-catalogue-e.js">`,
		`<link rel="preload" as="style" crossorigin href="/assets/ProductRoute-c.css">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("ad page: want %s", want)
		}
	}
	if strings.Contains(body, "i18n-fr-") {
		t.Error("ad page in German preloads French dictionaries")
	}
	body = get(t, h, http.MethodGet, "/fr/products").Body.String()
	for _, want := range []string{
		`imagesrcset="/images/products/AD1/i1/card-320.webp 320w, /images/products/AD1/i1/card.webp 640w" imagesizes="(min-width: 1152px) 248px, `,
		`<link rel="modulepreload" crossorigin href="/assets/ProductsRoute-g.js">`,
		`<link rel="modulepreload" crossorigin href="/assets/i18n-fr-catalogue-h.js">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("list page: want %s", want)
		}
	}
	// Not found: nothing of the ad's page.
	if body := get(t, h, http.MethodGet, "/de/product/NOPE").Body.String(); strings.Contains(body, "modulepreload") || strings.Contains(body, `as="image"`) {
		t.Error("the not-found page preloads the ad page's files")
	}
	shell, err := pages.ParseShell([]byte(indexHTML))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`{"pages":{"x":{"js":["https://evil.example/a.js"]}}}`, `{"pages":{"x":{"css":["/assets/a\">.css"]}}}`, `not json`} {
		if _, err := shell.WithPreloads([]byte(bad)); err == nil {
			t.Errorf("preloads %s: got nil error", bad)
		}
	}
}

// TestSizesMatchTheSPA: the preloaded image's sizes are the ones the SPA's
// <picture> uses, read from the components' source.
func TestSizesMatchTheSPA(t *testing.T) {
	for _, tc := range []struct{ file, name, want string }{
		{"Gallery.tsx", "GALLERY_SIZES = [", pages.GallerySizes},
		{"ResultCard.tsx", "results: [", pages.ResultsCardSizes},
	} {
		data, err := os.ReadFile(filepath.Join("..", "..", "frontend", "src", "features", "catalogue", tc.file)) //nolint:gosec // this repository's source
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		i := strings.Index(src, tc.name)
		if i < 0 {
			t.Fatalf("%s: no %s", tc.file, tc.name)
		}
		list := src[i+len(tc.name):]
		list = list[:strings.Index(list, "]")]
		var parts []string
		for _, m := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(list, -1) {
			parts = append(parts, m[1])
		}
		if got := strings.Join(parts, ", "); got != tc.want {
			t.Errorf("%s: the SPA says %q, the pages %q", tc.file, got, tc.want)
		}
	}
}

// TestAnswersAskedAtOnce: the API answers a page needs are asked for
// concurrently (each here waits until all three are in flight), not one
// after the other.
func TestAnswersAskedAtOnce(t *testing.T) {
	var (
		mu       sync.Mutex
		inFlight int
		all      = make(chan struct{})
	)
	api := stubAPI(t)
	barrier := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		inFlight++
		if inFlight == 3 {
			close(all)
		}
		mu.Unlock()
		select {
		case <-all:
		case <-time.After(2 * time.Second):
			w.WriteHeader(http.StatusGatewayTimeout)
			return
		}
		api.ServeHTTP(w, r)
	})
	shell, err := pages.ParseShell([]byte(indexHTML))
	if err != nil {
		t.Fatal(err)
	}
	h, err := pages.NewHandler(pages.Config{
		SiteURL: site, API: pages.HandlerAPI{Handler: barrier}, Gone: tombstones{}, Shell: fixedShell{shell},
		Sitemaps: http.NotFoundHandler(), APIFallback: http.NotFoundHandler(), Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	d := parse(t, get(t, h, http.MethodGet, "/fr/product/AD1"))
	if len(d.Boot) != 3 {
		t.Errorf("got boot %v, want the settings, the categories and the ad, asked for at once", keys(d.Boot))
	}
}
