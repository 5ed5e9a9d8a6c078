package pages_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/pages"
	"github.com/remat/remat/shared/search"
)

const testSiteURL = "https://remat.example"

// sitemapNow is the clock of the sitemap tests: mid-April 2026.
var sitemapNow = time.Date(2026, 4, 15, 10, 0, 0, 0, time.UTC)

// fakeAds is an AdSource with fixed pages; it records the reads.
type fakeAds struct {
	pages []search.PublicAdPage
	// ads by "yyyy-mm/page"
	ads map[string][]search.PublicAd
	err error

	mu    sync.Mutex
	reads []string
	sizes []int
}

func (f *fakeAds) Pages(_ context.Context, pageSize int) ([]search.PublicAdPage, error) {
	f.record("pages", pageSize)
	return f.pages, f.err
}

func (f *fakeAds) Page(_ context.Context, month time.Time, page, pageSize int) ([]search.PublicAd, bool, error) {
	key := fmt.Sprintf("%s/%d", month.Format("2006-01"), page)
	f.record(key, pageSize)
	_, more := f.ads[fmt.Sprintf("%s/%d", month.Format("2006-01"), page+1)]
	return f.ads[key], more, f.err
}

func (f *fakeAds) record(read string, pageSize int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads = append(f.reads, read)
	f.sizes = append(f.sizes, pageSize)
}

// aprilAds: one ad in March, three in April on two pages.
func aprilAds() *fakeAds {
	zurich := time.FixedZone("CEST", 2*3600)
	return &fakeAds{
		pages: []search.PublicAdPage{
			{Month: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), Page: 1},
			{Month: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), Page: 1},
			{Month: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), Page: 2},
		},
		ads: map[string][]search.PublicAd{
			"2026-03/1": {{ID: "01MARCH0000000000000000000", LastMod: time.Date(2026, 3, 30, 8, 0, 0, 0, time.UTC)}},
			"2026-04/1": {
				{ID: "01APRIL1000000000000000000", LastMod: time.Date(2026, 4, 2, 9, 30, 15, 999_000_000, zurich)},
				{ID: "01APRIL2000000000000000000", LastMod: time.Date(2026, 4, 3, 0, 0, 0, 0, time.UTC)},
			},
			"2026-04/2": {{ID: "01APRIL3000000000000000000", LastMod: time.Date(2026, 4, 14, 23, 59, 59, 0, time.UTC)}},
		},
	}
}

func newSitemaps(t *testing.T, src pages.AdSource, siteURL string) *pages.Sitemaps {
	t.Helper()
	s, err := pages.NewSitemaps(src, siteURL, func() time.Time { return sitemapNow })
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func fetch(h http.Handler, method, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	return rec
}

func TestSitemapRoutes(t *testing.T) {
	const (
		xmlType  = "application/xml; charset=utf-8"
		textType = "text/plain; charset=utf-8"
	)
	tests := []struct {
		method, path string
		status       int
		contentType  string
		cache        string
	}{
		{"GET", "/robots.txt", 200, textType, "public, max-age=86400"},
		{"HEAD", "/robots.txt", 200, textType, "public, max-age=86400"},
		{"GET", "/sitemap.xml", 200, xmlType, "public, max-age=3600"},
		{"HEAD", "/sitemap.xml", 200, xmlType, "public, max-age=3600"},
		{"GET", "/sitemap-fr-pages.xml", 200, xmlType, "public, max-age=3600"},
		{"GET", "/sitemap-sq-pages.xml", 200, xmlType, "public, max-age=3600"},
		{"GET", "/sitemap-de-ads-2026-03.xml", 200, xmlType, "public, max-age=3600"},
		{"HEAD", "/sitemap-it-ads-2026-04.xml", 200, xmlType, "public, max-age=3600"},
		{"GET", "/sitemap-en-ads-2026-04-2.xml", 200, xmlType, "public, max-age=3600"},
		// Out of range: a page or month without ads, a future month.
		{"GET", "/sitemap-en-ads-2026-04-3.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-02.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-05.xml", 404, "", "public, max-age=300"},
		// Names the index never gives.
		{"GET", "/sitemap-en-ads-2026-04-1.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-04-02.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-04-+2.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-04-0.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-4.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-13.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-en-ads-2026-04-99999999999999999999.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-xx-pages.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-FR-pages.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-fr-page.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-fr.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-fr-pages.xml.gz", 404, "", "public, max-age=300"},
		{"GET", "/sitemaps/fr-pages.xml", 404, "", "public, max-age=300"},
		{"GET", "/sitemap-fr-pages.xml/x.xml", 404, "", "public, max-age=300"},
		{"GET", "/fr/", 404, "", "public, max-age=300"},
		// Other methods.
		{"POST", "/sitemap.xml", 405, "", "no-store"},
		{"DELETE", "/robots.txt", 405, "", "no-store"},
		{"PUT", "/sitemap-fr-pages.xml", 405, "", "no-store"},
		{"OPTIONS", "/sitemap-fr-ads-2026-04.xml", 405, "", "no-store"},
	}
	h := newSitemaps(t, aprilAds(), testSiteURL)
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			rec := fetch(h, tt.method, tt.path)
			if rec.Code != tt.status {
				t.Fatalf("status: got %d, want %d (%s)", rec.Code, tt.status, rec.Body)
			}
			if got := rec.Header().Get("Cache-Control"); got != tt.cache {
				t.Errorf("Cache-Control: got %q, want %q", got, tt.cache)
			}
			if tt.status == 405 && rec.Header().Get("Allow") != "GET, HEAD" {
				t.Errorf("Allow: got %q, want GET, HEAD", rec.Header().Get("Allow"))
			}
			if tt.status != 200 {
				return
			}
			if got := rec.Header().Get("Content-Type"); got != tt.contentType {
				t.Errorf("Content-Type: got %q, want %q", got, tt.contentType)
			}
			full := fetch(h, "GET", tt.path)
			if got, want := rec.Header().Get("Content-Length"), fmt.Sprint(full.Body.Len()); got != want {
				t.Errorf("Content-Length: got %s, want %s", got, want)
			}
			if tt.method == "HEAD" && rec.Body.Len() != 0 {
				t.Errorf("HEAD: got a body of %d bytes", rec.Body.Len())
			}
			if tt.method == "GET" && rec.Body.Len() == 0 {
				t.Error("GET: empty body")
			}
		})
	}
}

func TestSitemapFutureMonthReadsNothing(t *testing.T) {
	src := aprilAds()
	h := newSitemaps(t, src, testSiteURL)
	if rec := fetch(h, "GET", "/sitemap-fr-ads-2026-05.xml"); rec.Code != 404 {
		t.Fatalf("status: got %d, want 404", rec.Code)
	}
	if len(src.reads) != 0 {
		t.Errorf("reads: got %v, want none", src.reads)
	}
}

// TestSitemapIndexAndChildren follows the index to every child and checks
// each file against the protocol and its content: per language the static
// pages and every ad, each with its five alternates and x-default.
func TestSitemapIndexAndChildren(t *testing.T) {
	src := aprilAds()
	h := newSitemaps(t, src, testSiteURL)
	rec := fetch(h, "GET", "/sitemap.xml")
	index := checkSitemap(t, testSiteURL+"/sitemap.xml", rec.Body.Bytes())
	if !index.Index {
		t.Fatal("/sitemap.xml is not a sitemap index")
	}
	var want []string
	for _, lang := range langs.All {
		want = append(want,
			testSiteURL+"/sitemap-"+lang+"-pages.xml",
			testSiteURL+"/sitemap-"+lang+"-ads-2026-03.xml",
			testSiteURL+"/sitemap-"+lang+"-ads-2026-04.xml",
			testSiteURL+"/sitemap-"+lang+"-ads-2026-04-2.xml")
	}
	if !slices.Equal(index.Locs, want) {
		t.Errorf("index: got %v, want %v", index.Locs, want)
	}

	wantAds := map[string]time.Time{} // product path -> lastmod
	for _, list := range src.ads {
		for _, ad := range list {
			wantAds["product/"+ad.ID] = ad.LastMod.UTC().Truncate(time.Second)
		}
	}
	for _, lang := range langs.All {
		var pagesGot []string
		adsGot := map[string]time.Time{}
		for _, loc := range index.Locs {
			path := strings.TrimPrefix(loc, testSiteURL)
			if !strings.HasPrefix(path, "/sitemap-"+lang+"-") {
				continue
			}
			rec := fetch(h, "GET", path)
			if rec.Code != 200 {
				t.Fatalf("%s: got %d", path, rec.Code)
			}
			f := checkSitemap(t, loc, rec.Body.Bytes())
			for _, u := range f.Locs {
				checkSitemapURLAlternates(t, f, u, lang)
				rel, ok := strings.CutPrefix(u, testSiteURL+"/"+lang+"/")
				if !ok {
					t.Errorf("%s lists %s, not in %s", path, u, lang)
					continue
				}
				if strings.HasSuffix(path, "-pages.xml") {
					pagesGot = append(pagesGot, rel)
					if _, ok := f.LastMod[u]; ok {
						t.Errorf("static page %s has a lastmod", u)
					}
					continue
				}
				if _, dup := adsGot[rel]; dup {
					t.Errorf("%s listed twice", u)
				}
				adsGot[rel] = f.LastMod[u]
			}
		}
		if !slices.Equal(pagesGot, pages.StaticPublicSegments) {
			t.Errorf("%s static pages: got %v, want %v", lang, pagesGot, pages.StaticPublicSegments)
		}
		if len(adsGot) != len(wantAds) {
			t.Errorf("%s ads: got %v, want %v", lang, adsGot, wantAds)
		}
		for rel, at := range wantAds {
			if got, ok := adsGot[rel]; !ok || !got.Equal(at) {
				t.Errorf("%s %s: got lastmod %v (listed %v), want %v", lang, rel, got, ok, at)
			}
		}
	}
}

// checkSitemapURLAlternates wants url u of f (in lang) to name its version
// in each language and the French one as x-default.
func checkSitemapURLAlternates(t *testing.T, f sitemapFile, u, lang string) {
	t.Helper()
	rel := strings.TrimPrefix(u, testSiteURL+"/"+lang+"/")
	alt := f.Alternates[u]
	if len(alt) != len(langs.All)+1 {
		t.Errorf("%s: alternates %v, want %d languages and x-default", u, alt, len(langs.All))
	}
	for _, l := range langs.All {
		if want := testSiteURL + "/" + l + "/" + rel; alt[l] != want {
			t.Errorf("%s: alternate %s: got %q, want %q", u, l, alt[l], want)
		}
	}
	if want := testSiteURL + "/" + pages.DefaultLanguage + "/" + rel; alt["x-default"] != want {
		t.Errorf("%s: x-default: got %q, want %q", u, alt["x-default"], want)
	}
}

func TestSitemapEscapingAndAdIDs(t *testing.T) {
	const oddSite = "https://a&b.example"
	src := &fakeAds{
		pages: []search.PublicAdPage{{Month: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), Page: 1}},
		ads: map[string][]search.PublicAd{
			"2026-04/1": {
				{ID: "bad/id", LastMod: sitemapNow}, {ID: "", LastMod: sitemapNow},
				{ID: "GOOD_1-a", LastMod: sitemapNow}, {ID: strings.Repeat("X", 33), LastMod: sitemapNow},
				{ID: "a&b", LastMod: sitemapNow},
			},
			"2026-03/1": {{ID: "<script>", LastMod: sitemapNow}},
		},
	}
	h := newSitemaps(t, src, oddSite+"/")
	for _, path := range []string{"/sitemap.xml", "/sitemap-fr-pages.xml", "/sitemap-fr-ads-2026-04.xml"} {
		rec := fetch(h, "GET", path)
		if !strings.Contains(rec.Body.String(), "https://a&amp;b.example/") || strings.Contains(rec.Body.String(), "a&b") {
			t.Errorf("%s: the site's & is not escaped:\n%s", path, rec.Body)
		}
		checkSitemap(t, oddSite+path, rec.Body.Bytes())
	}
	f := checkSitemap(t, oddSite+"/sitemap-fr-ads-2026-04.xml", fetch(h, "GET", "/sitemap-fr-ads-2026-04.xml").Body.Bytes())
	if want := []string{oddSite + "/fr/product/GOOD_1-a"}; !slices.Equal(f.Locs, want) {
		t.Errorf("ads: got %v, want only %v", f.Locs, want)
	}
	// A page whose ads can all not be listed is not an empty urlset.
	if rec := fetch(h, "GET", "/sitemap-fr-ads-2026-03.xml"); rec.Code != 404 {
		t.Errorf("page without listable ads: got %d, want 404", rec.Code)
	}
}

func TestSitemapSourceFailure(t *testing.T) {
	src := aprilAds()
	src.err = errors.New("throttled")
	h := newSitemaps(t, src, testSiteURL)
	for _, path := range []string{"/sitemap.xml", "/sitemap-fr-ads-2026-04.xml"} {
		rec := fetch(h, "GET", path)
		if rec.Code != 500 || rec.Header().Get("Cache-Control") != "no-store" || strings.Contains(rec.Body.String(), "throttled") {
			t.Errorf("%s: got %d %q %q, want a generic 500 the edge does not keep", path, rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
		}
	}
	// The static pages do not read the ads.
	if rec := fetch(h, "GET", "/sitemap-fr-pages.xml"); rec.Code != 200 {
		t.Errorf("static pages: got %d, want 200", rec.Code)
	}
}

// fullPages answers every page with as many ads as asked, each with the
// longest id a sitemap lists.
type fullPages struct{ month time.Time }

func (f fullPages) Pages(context.Context, int) ([]search.PublicAdPage, error) {
	return []search.PublicAdPage{{Month: f.month, Page: 1}}, nil
}

func (f fullPages) Page(_ context.Context, _ time.Time, _, pageSize int) ([]search.PublicAd, bool, error) {
	ads := make([]search.PublicAd, pageSize)
	for i := range ads {
		ads[i] = search.PublicAd{ID: fmt.Sprintf("%032d", i), LastMod: sitemapNow}
	}
	return ads, true, nil
}

// TestSitemapPageFitsALambdaResponse fills a page with the longest ids and
// checks it against the protocol's limits and what a Lambda may answer
// through API Gateway: 6 MB of JSON, in which the body is a string with
// its < > & escaped as \u003c (six bytes) and its " as \" (two).
func TestSitemapPageFitsALambdaResponse(t *testing.T) {
	const lambdaResponseMax = 6 * 1024 * 1024
	const envelope = 4096 // status, headers
	label := strings.Repeat("a", 60)
	longSite := "https://" + strings.Repeat(label+".", 30) + "example"
	for _, siteURL := range []string{testSiteURL, longSite} {
		t.Run(fmt.Sprintf("site of %d characters", len(siteURL)), func(t *testing.T) {
			month := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
			h := newSitemaps(t, fullPages{month: month}, siteURL)
			rec := fetch(h, "GET", "/sitemap-sq-ads-2026-04.xml")
			if rec.Code != 200 {
				t.Fatalf("status: got %d", rec.Code)
			}
			body := rec.Body.Bytes()
			f := checkSitemap(t, siteURL+"/sitemap-sq-ads-2026-04.xml", body)
			if len(body) > pages.MaxSitemapBytes {
				t.Errorf("size: got %d bytes, want at most %d", len(body), pages.MaxSitemapBytes)
			}
			if len(f.Locs) < 100 || len(f.Locs) > pages.MaxSitemapURLs {
				t.Errorf("URLs: got %d, want 100 to %d", len(f.Locs), pages.MaxSitemapURLs)
			}
			// The page is full: one more ad would not fit.
			if per := len(body) / len(f.Locs); len(body)+per <= pages.MaxSitemapBytes && len(f.Locs) < pages.MaxSitemapURLs {
				t.Errorf("page of %d URLs in %d bytes: room for more", len(f.Locs), len(body))
			}
			encoded, err := json.Marshal(string(body))
			if err != nil {
				t.Fatal(err)
			}
			if len(encoded)+envelope > lambdaResponseMax {
				t.Errorf("as a Lambda response: %d bytes, at most %d", len(encoded)+envelope, lambdaResponseMax)
			}
		})
	}
}

func TestNewSitemapsSiteURL(t *testing.T) {
	tests := []struct {
		site string
		ok   bool
	}{
		{"https://remat.ch", true},
		{"https://remat.ch/", true},
		{"http://127.0.0.1:8080", true},
		{"", false},
		{"remat.ch", false},
		{"ftp://remat.ch", false},
		{"https://", false},
		{"https://remat.ch/fr", false},
		{"https://remat.ch?x=1", false},
		{"https://remat.ch#top", false},
		{"https://remat.ch?", false},
		{"https://user@remat.ch", false},
		{"https://" + strings.Repeat("a", 2000) + ".ch", false}, // URLs over 2,048 characters
	}
	for _, tt := range tests {
		_, err := pages.NewSitemaps(aprilAds(), tt.site, nil)
		if (err == nil) != tt.ok {
			t.Errorf("NewSitemaps(%.40q): got error %v, want ok %v", tt.site, err, tt.ok)
		}
	}
	if _, err := pages.NewSitemaps(nil, testSiteURL, nil); err == nil {
		t.Error("NewSitemaps without a source: got no error")
	}
}

func TestIsSitemapPath(t *testing.T) {
	for path, want := range map[string]bool{
		"/robots.txt": true, "/sitemap.xml": true, "/sitemap-fr-pages.xml": true, "/sitemap-de-ads-2026-04-2.xml": true,
		"/sitemap-anything.xml": true, "/sitemaps/fr.xml": false, "/sitemap-fr-pages.xml/x": false,
		"/fr/sitemap.xml": false, "/sitemap.xml.gz": false, "/robots.txt/": false, "/": false,
	} {
		if got := pages.IsSitemapPath(path); got != want {
			t.Errorf("IsSitemapPath(%q): got %v, want %v", path, got, want)
		}
	}
}
