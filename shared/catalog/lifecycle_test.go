package catalog_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/auth"
)

// TestSellerJourney follows one ad from draft to deletion: create, photos,
// main image, publish (consumes one ad), found by search, edit while
// active (re-indexed), toggles, delete (unindexed, images gone).
func TestSellerJourney(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	subID := c.subscribe(t, seller, sub{remaining: 2, images: 3})

	r := c.do(t, "POST", "/api/v1/products", tok, input())
	if r.Status != 201 || r.str("status") != "draft" || r.JSON["canEdit"] != true {
		t.Fatalf("create: got %d %s", r.Status, r.Body)
	}
	id := r.str("id")
	if got := r.str("brand"); got != "Laufen" {
		t.Errorf("brand: got %q, want the canonical Laufen", got)
	}
	loc, _ := r.JSON["location"].(map[string]any)
	if loc["locality"] != "Zürich" || loc["canton"] != "ZH" || loc["lat"] != 47.3717 {
		t.Errorf("location: got %v, want Zürich ZH from the gazetteer", loc)
	}
	if path, _ := r.JSON["categoryPath"].([]any); len(path) != 2 || path[0] != "roofing" || path[1] != "building-materials" {
		t.Errorf("categoryPath: got %v", r.JSON["categoryPath"])
	}
	if r.JSON["effectivePriceRp"] != float64(22500) {
		t.Errorf("effective price: got %v, want 22500", r.JSON["effectivePriceRp"])
	}

	// Publishing without a main image is refused and consumes nothing.
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 422 || r.Code() != "main_image_required" {
		t.Errorf("publish without image: got %d %s", r.Status, r.Body)
	}
	// A pending image is not enough either.
	pending := c.image(t, tok, id, false)
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 422 {
		t.Errorf("publish with a pending image: got %d %s", r.Status, r.Body)
	}
	first := c.image(t, tok, id, true)
	second := c.image(t, tok, id, true)
	d := c.do(t, "GET", "/api/v1/products/"+id, tok, nil)
	if d.str("mainImageId") != first {
		t.Errorf("main image: got %q, want the first ready image %s", d.str("mainImageId"), first)
	}
	// The allowance (3) counts the pending image too.
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/images", tok, map[string]any{"contentType": "image/png", "size": 1000}); r.Status != 403 || r.Code() != "image_count_exceeded" {
		t.Errorf("fourth image: got %d %s", r.Status, r.Body)
	}
	// A failed image no longer counts.
	if err := c.store.MarkImageFailed(context.Background(), id, pending, "type_mismatch", c.clock.Now()); err != nil {
		t.Fatal(err)
	}
	third := c.image(t, tok, id, false)

	r = c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil)
	if r.Status != 200 || r.str("status") != "active" || r.str("publishedAt") == "" {
		t.Fatalf("publish: got %d %s", r.Status, r.Body)
	}
	exp, _ := time.Parse(time.RFC3339, r.str("expiresAt"))
	if want := c.clock.Now().AddDate(0, 0, 60); exp.Sub(want).Abs() > time.Second {
		t.Errorf("expiresAt: got %v, want %v (60 days)", exp, want)
	}
	if got := c.remaining(t, seller, subID); got != 1 {
		t.Errorf("remaining ads: got %d, want 1", got)
	}
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 409 || r.Code() != "product_already_active" {
		t.Errorf("publish again: got %d %s", r.Status, r.Body)
	}

	// Public view: ready images only, main first, rounded location, no clicks.
	pub := c.do(t, "GET", "/api/v1/products/"+id, "", nil)
	imgs, _ := pub.JSON["images"].([]any)
	if len(imgs) != 2 || imgs[0].(map[string]any)["id"] != first || imgs[0].(map[string]any)["main"] != true {
		t.Errorf("public images: got %v, want [first second]", imgs)
	}
	if _, ok := pub.JSON["clicks"]; ok || pub.JSON["canEdit"] != false {
		t.Errorf("public view: got clicks/canEdit in %s", pub.Body)
	}
	if loc, _ := pub.JSON["location"].(map[string]any); loc["lat"] != 47.37 {
		t.Errorf("public location: got %v, want lat rounded to 47.37", loc)
	}
	own := c.do(t, "GET", "/api/v1/products/"+id, tok, nil)
	if imgs, _ := own.JSON["images"].([]any); len(imgs) != 4 {
		t.Errorf("owner images: got %d, want 4 (ready, ready, failed, pending)", len(imgs))
	}

	// Search finds it with the main image's card.
	if ids := c.searchIDs(t, "q=tonziegel"); !slices.Contains(ids, id) {
		t.Errorf("search by text: got %v, want %s", ids, id)
	}
	s := c.do(t, "GET", "/api/v1/products?category=building-materials&location=8004&radius=10", "", nil)
	items := s.items()
	if len(items) != 1 || items[0]["imageUrl"] != "/images/products/"+id+"/"+first+"-card.jpg" {
		t.Errorf("search card: got %s", s.Body)
	}
	if place, _ := s.JSON["place"].(map[string]any); place["postalCode"] != "8004" {
		t.Errorf("place: got %v", s.JSON["place"])
	}

	// Main image change re-indexes the card.
	if r := c.do(t, "PATCH", "/api/v1/products/"+id+"/images/"+second, tok, map[string]any{"main": true}); r.Status != 200 || r.str("mainImageId") != second {
		t.Errorf("set main: got %d %s", r.Status, r.Body)
	}
	if it := c.do(t, "GET", "/api/v1/products?q=tonziegel", "", nil).items(); len(it) != 1 || !strings.Contains(it[0]["imageUrl"].(string), second) {
		t.Errorf("card after main change: got %v", it)
	}
	// Setting a pending image as main is refused.
	if r := c.do(t, "PATCH", "/api/v1/products/"+id+"/images/"+third, tok, map[string]any{"main": true}); r.Status != 400 {
		t.Errorf("pending as main: got %d %s", r.Status, r.Body)
	}

	// Edit while active: re-indexed under the new title.
	r = c.do(t, "PATCH", "/api/v1/products/"+id, tok, input(set("title", "Biberschwanz Ziegel")))
	if r.Status != 200 || r.str("title") != "Biberschwanz Ziegel" || r.str("status") != "active" {
		t.Errorf("edit: got %d %s", r.Status, r.Body)
	}
	if ids := c.searchIDs(t, "q=tonziegel"); len(ids) != 0 {
		t.Errorf("old title: got %v, want nothing", ids)
	}
	if ids := c.searchIDs(t, "q=biberschwanz"); !slices.Equal(ids, []string{id}) {
		t.Errorf("new title: got %v", ids)
	}

	// Toggle: inactive leaves search, active returns without consuming.
	if r := c.do(t, "PATCH", "/api/v1/products/"+id+"/status", tok, map[string]any{"status": "inactive"}); r.Status != 200 || r.str("status") != "inactive" {
		t.Errorf("deactivate: got %d %s", r.Status, r.Body)
	}
	if ids := c.searchIDs(t, "q=biberschwanz"); len(ids) != 0 {
		t.Errorf("inactive in search: got %v", ids)
	}
	if r := c.do(t, "GET", "/api/v1/products/"+id, "", nil); r.Status != 404 || r.Code() != "product_not_found" {
		t.Errorf("inactive detail, anonymous: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "PATCH", "/api/v1/products/"+id+"/status", tok, map[string]any{"status": "active"}); r.Status != 200 || r.str("status") != "active" {
		t.Errorf("activate: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "PATCH", "/api/v1/products/"+id+"/status", tok, map[string]any{"status": "active"}); r.Status != 409 || r.Code() != "product_already_active" {
		t.Errorf("activate active: got %d %s", r.Status, r.Body)
	}
	if got := c.remaining(t, seller, subID); got != 1 {
		t.Errorf("remaining after toggles: got %d, want 1", got)
	}

	// Delete: out of search, every item and object gone.
	if r := c.do(t, "DELETE", "/api/v1/products/"+id, tok, nil); r.Status != 204 {
		t.Errorf("delete: got %d %s", r.Status, r.Body)
	}
	if ids := c.searchIDs(t, "q=biberschwanz"); len(ids) != 0 {
		t.Errorf("deleted in search: got %v", ids)
	}
	for _, prefix := range []string{"AD#" + id, "IMAGE#" + first, "IMAGE#" + third, "IX#t:biber"} {
		if n := c.count(t, prefix, ""); n != 0 {
			t.Errorf("items under %s after delete: got %d, want 0", prefix, n)
		}
	}
	if r := c.do(t, "GET", "/api/v1/products/"+url.PathEscape(id), tok, nil); r.Status != 404 {
		t.Errorf("deleted detail: got %d", r.Status)
	}
	// The tombstone tells the deleted ad (its page answers 410) from one
	// that never was.
	for _, tc := range []struct {
		id   string
		want bool
	}{{id, true}, {"01JNEVER00000000000000000A", false}} {
		if gone, err := c.svc.Gone(t.Context(), tc.id); err != nil || gone != tc.want {
			t.Errorf("Gone(%s): got %v, %v, want %v", tc.id, gone, err, tc.want)
		}
	}
	if r := c.do(t, "DELETE", "/api/v1/products/"+id, tok, nil); r.Status != 404 || r.Code() != "product_not_found" {
		t.Errorf("delete again: got %d %s, want 404 product_not_found", r.Status, r.Body)
	}
}
