package pages_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/pages"
	"github.com/remat/remat/shared/search"
)

// TestSitemapsFromDynamoDB seeds ads through the catalogue's own code
// paths on DynamoDB Local - active ones over two months, and a draft, a
// deactivated, an expired, a suspended seller's and a deleted ad - and
// follows the sitemap index to every child: each file passes the
// protocol's rules, and each language lists exactly the active ads (with
// their updatedAt as lastmod) and the static pages, every URL with its
// five language versions and x-default, every one a page the site
// indexes.
func TestSitemapsFromDynamoDB(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	store := catalog.NewStore(db, table)
	now := time.Now().UTC().Truncate(time.Second)
	seller, suspended := ulid.Make().String(), ulid.Make().String()

	put := func(sellerID string, created time.Time, edit func(*catalog.Ad)) catalog.Ad {
		t.Helper()
		a := catalog.Ad{
			ID: ulid.Make().String(), SellerID: sellerID, Title: "Tuiles", CategorySlug: "roofing",
			CategoryPath: []string{"roofing", "building-materials"}, Condition: catalog.ConditionUsed, PriceRp: 5000,
			Quantity: catalog.Quantity{Amount: 10, Unit: "pieces"},
			Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "VD", Lat: 46.57, Lon: 6.55}, CreatedAt: created,
		}
		if edit != nil {
			edit(&a)
		}
		if err := store.PutImported(ctx, a, nil); err != nil {
			t.Fatal(err)
		}
		got, err := store.Ad(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}

	want := map[string]time.Time{} // ad id -> lastmod
	for _, created := range []time.Time{now.AddDate(0, 0, -45), now.AddDate(0, 0, -2), now} {
		a := put(seller, created, nil)
		want[a.ID] = a.UpdatedAt
	}
	edited := put(seller, now.AddDate(0, 0, -20), func(a *catalog.Ad) { a.UpdatedAt = now.Add(-time.Hour) })
	want[edited.ID] = edited.UpdatedAt

	draft := catalog.Ad{ID: ulid.Make().String(), SellerID: seller, Status: catalog.StatusDraft, Title: "Brouillon",
		CategorySlug: "roofing", Condition: catalog.ConditionNew, CreatedAt: now, UpdatedAt: now}
	if err := store.CreateAd(ctx, draft); err != nil {
		t.Fatal(err)
	}
	if err := store.SyncIndex(ctx, draft.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := store.SetStatus(ctx, put(seller, now.AddDate(0, 0, -1), nil), catalog.StatusInactive, now); err != nil {
		t.Fatal(err)
	}
	put(seller, now.AddDate(0, 0, -61), func(a *catalog.Ad) { a.ExpiresAt = now.Add(-time.Hour) })
	if n, err := store.ExpireDue(ctx, now); err != nil || n != 1 {
		t.Fatalf("expire: got %d, %v, want 1", n, err)
	}
	put(suspended, now.AddDate(0, 0, -3), nil)
	if n, err := store.HideSellerAds(ctx, suspended, now); err != nil || n != 1 {
		t.Fatalf("suspend: got %d, %v, want 1", n, err)
	}
	if _, err := store.DeleteAd(ctx, put(seller, now.AddDate(0, 0, -4), nil).ID); err != nil {
		t.Fatal(err)
	}

	h, err := pages.NewSitemaps(search.NewSitemapSource(db, table), testSiteURL, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	rec := fetch(h, "GET", "/sitemap.xml")
	if rec.Code != 200 {
		t.Fatalf("index: got %d %s", rec.Code, rec.Body)
	}
	index := checkSitemap(t, testSiteURL+"/sitemap.xml", rec.Body.Bytes())
	if !index.Index {
		t.Fatal("/sitemap.xml is not a sitemap index")
	}
	// The ads span two or three months (45 days): per language the static
	// pages and one child per month.
	if n := len(index.Locs); n < 3*len(langs.All) || n > 4*len(langs.All) {
		t.Errorf("index: got %d sitemaps %v", n, index.Locs)
	}

	for _, lang := range langs.All {
		ads := map[string]time.Time{}
		statics := 0
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
				p, err := url.Parse(u)
				if err != nil {
					t.Fatal(err)
				}
				route := pages.Resolve(p.Path, p.RawQuery)
				switch route.Kind {
				case pages.KindProduct:
					if _, dup := ads[route.ID]; dup {
						t.Errorf("ad %s listed twice", route.ID)
					}
					ads[route.ID] = f.LastMod[u]
				case pages.KindHome, pages.KindStatic, pages.KindProducts:
					statics++
				default:
					t.Errorf("%s lists %s, a page of kind %v", path, u, route.Kind)
				}
				if route.Lang != lang {
					t.Errorf("%s lists %s, not in %s", path, u, lang)
				}
			}
		}
		if statics != len(pages.StaticPublicSegments) {
			t.Errorf("%s: %d static pages, want %d", lang, statics, len(pages.StaticPublicSegments))
		}
		if len(ads) != len(want) {
			t.Errorf("%s: ads %v, want exactly %v", lang, ads, want)
		}
		for id, at := range want {
			if got, ok := ads[id]; !ok || !got.Equal(at) {
				t.Errorf("%s: ad %s: got lastmod %v (listed %v), want %v", lang, id, got, ok, at)
			}
		}
	}
}
