package search_test

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/search"
)

// TestPublicAdsOnlyPublic moves ads through the catalogue's own code paths
// (the seed's import, the owner's toggle, expiry, a seller's suspension,
// deletion) and checks that the sitemaps' reader lists exactly the active
// ones, with the catalogue's updatedAt as their lastmod.
func TestPublicAdsOnlyPublic(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	store := catalog.NewStore(db, table)
	now := time.Now().UTC().Truncate(time.Millisecond)
	seller, suspended := ulid.Make().String(), ulid.Make().String()

	put := func(sellerID string, created time.Time, edit func(*catalog.Ad)) catalog.Ad {
		t.Helper()
		a := catalog.Ad{
			ID: ulid.Make().String(), SellerID: sellerID, Title: "Dachziegel", CategorySlug: "roofing",
			CategoryPath: []string{"roofing", "building-materials"}, Condition: catalog.ConditionUsed, PriceRp: 5000,
			Quantity: catalog.Quantity{Amount: 10, Unit: "pieces"},
			Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH", Lat: 47.4, Lon: 8.6}, CreatedAt: created,
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

	want := map[string]time.Time{}
	for _, created := range []time.Time{now.AddDate(0, 0, -40), now.AddDate(0, 0, -3), now} {
		a := put(seller, created, nil)
		want[a.ID] = a.UpdatedAt
	}
	edited := put(seller, now.AddDate(0, 0, -10), func(a *catalog.Ad) { a.UpdatedAt = now.AddDate(0, 0, -1) })
	want[edited.ID] = now.AddDate(0, 0, -1)

	draft := catalog.Ad{
		ID: ulid.Make().String(), SellerID: seller, Status: catalog.StatusDraft, Title: "Entwurf",
		CategorySlug: "roofing", Condition: catalog.ConditionNew, CreatedAt: now, UpdatedAt: now,
	}
	if err := store.CreateAd(ctx, draft); err != nil {
		t.Fatal(err)
	}
	if err := store.SyncIndex(ctx, draft.ID); err != nil {
		t.Fatal(err)
	}
	inactive := put(seller, now.AddDate(0, 0, -2), nil)
	if _, err := store.SetStatus(ctx, inactive, catalog.StatusInactive, now); err != nil {
		t.Fatal(err)
	}
	put(seller, now.AddDate(0, 0, -61), func(a *catalog.Ad) { a.ExpiresAt = now.Add(-time.Hour) })
	if n, err := store.ExpireDue(ctx, now); err != nil || n != 1 {
		t.Fatalf("expire: got %d, %v, want 1 ad expired", n, err)
	}
	hidden := put(suspended, now.AddDate(0, 0, -5), nil)
	if n, err := store.HideSellerAds(ctx, suspended, now); err != nil || n != 1 {
		t.Fatalf("suspend the seller: got %d ads hidden, %v, want 1", n, err)
	}
	deleted := put(seller, now.AddDate(0, 0, -1), nil)
	if _, err := store.DeleteAd(ctx, deleted.ID); err != nil {
		t.Fatal(err)
	}

	ads := search.NewSitemapSource(db, table)
	if got := listAll(t, ads); !maps.EqualFunc(got, want, time.Time.Equal) {
		t.Errorf("public ads: got %v, want %v", got, want)
	}

	// The suspended seller's ad was left out for being hidden: it is back
	// once the account is active again.
	if _, err := store.ShowSellerAds(ctx, suspended); err != nil {
		t.Fatal(err)
	}
	got := listAll(t, ads)
	if _, ok := got[hidden.ID]; !ok || len(got) != len(want)+1 {
		t.Errorf("after the seller is shown again: got %v, want %v and %s", slices.Collect(maps.Keys(got)), slices.Collect(maps.Keys(want)), hidden.ID)
	}
}

// listAll reads every page the reader lists (two ads a page) and returns
// the ads' lastmod by id; an ad listed twice fails the test.
func listAll(t *testing.T, ads *search.SitemapSource) map[string]time.Time {
	t.Helper()
	ctx := context.Background()
	const pageSize = 2
	pages, err := ads.Pages(ctx, pageSize)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]time.Time{}
	for _, p := range pages {
		list, _, err := ads.Page(ctx, p.Month, p.Page, pageSize)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) == 0 {
			t.Errorf("page %v listed but empty", p)
		}
		for _, a := range list {
			if _, dup := got[a.ID]; dup {
				t.Errorf("ad %s listed twice", a.ID)
			}
			got[a.ID] = a.LastMod
		}
	}
	return got
}
