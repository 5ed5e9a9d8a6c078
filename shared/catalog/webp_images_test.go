package catalog_test

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
)

// webpKeys are the keys the image function records for a 1600×1200 photo
// processed with WebP renditions.
func webpKeys(adID, imageID string) catalog.ImageKeys {
	key := func(name string) string { return catalog.WebPRenditionKey(adID, imageID, name) }
	return catalog.ImageKeys{
		Thumb: key(catalog.RenditionThumbJPEG), Card: key(catalog.RenditionCardJPEG), Large: key(catalog.RenditionLargeJPEG),
		ThumbWebP: []catalog.Variant{{Key: key(catalog.RenditionThumbWebP), Width: 240, Height: 180}},
		CardWebP: []catalog.Variant{
			{Key: key(catalog.RenditionCardSmallWebP), Width: 320, Height: 240},
			{Key: key(catalog.RenditionCardWebP), Width: 640, Height: 480},
		},
		LargeWebP: []catalog.Variant{
			{Key: key(catalog.RenditionLargeSmallWebP), Width: 800, Height: 600},
			{Key: key(catalog.RenditionLargeWebP), Width: 1600, Height: 1200},
		},
	}
}

// sources reads a list of ImageSource objects as "url widthxheight".
func sources(v any) []string {
	list, _ := v.([]any)
	out := []string{}
	for _, e := range list {
		m, _ := e.(map[string]any)
		w, _ := m["width"].(float64)
		h, _ := m["height"].(float64)
		out = append(out, fmt.Sprintf("%s %gx%g", m["url"], w, h))
	}
	return out
}

// TestWebPRenditions: an image processed with WebP renditions shows them
// wherever its JPEGs show (detail, search cards, My ads), an image from
// before shows its JPEGs alone, and the ad's list of WebP images follows
// the images' lives.
func TestWebPRenditions(t *testing.T) {
	c := newCloud(t)
	ctx := context.Background()
	owner, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 5, images: 5})
	id := c.draft(t, tok)
	modern := c.image(t, tok, id, false)
	if err := c.store.MarkImageReady(ctx, id, modern, webpKeys(id, modern), 1600, 1200, c.clock.Now()); err != nil {
		t.Fatal(err)
	}
	legacy := c.image(t, tok, id, true) // RenditionKeys: JPEGs only
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 200 {
		t.Fatalf("publish: got %d %s", r.Status, r.Body)
	}
	a, err := c.store.Ad(ctx, id)
	if err != nil || a.MainImageID != modern || !slices.Equal(a.WebPImages, []string{modern}) {
		t.Fatalf("ad: main %q, WebP images %v (%v); want %s and [%s]", a.MainImageID, a.WebPImages, err, modern, modern)
	}
	if got, _ := c.store.Image(ctx, id, modern); !reflect.DeepEqual(got.Keys, webpKeys(id, modern)) {
		t.Errorf("stored keys: got %+v", got.Keys)
	}

	folder := "/images/products/" + id + "/" + modern + "/"
	wantCard := []string{folder + "card-320.webp 320x240", folder + "card.webp 640x480"}
	d := c.do(t, "GET", "/api/v1/products/"+id, "", nil)
	imgs, _ := d.JSON["images"].([]any)
	if len(imgs) != 2 {
		t.Fatalf("images: got %d, want 2", len(imgs))
	}
	first, second := imgs[0].(map[string]any), imgs[1].(map[string]any)
	for _, tt := range []struct {
		field string
		want  []string
	}{
		{"thumbWebp", []string{folder + "thumb.webp 240x180"}},
		{"cardWebp", wantCard},
		{"largeWebp", []string{folder + "large-800.webp 800x600", folder + "large.webp 1600x1200"}},
	} {
		if got := sources(first[tt.field]); !slices.Equal(got, tt.want) {
			t.Errorf("detail %s: got %v, want %v", tt.field, got, tt.want)
		}
		if _, ok := second[tt.field]; ok {
			t.Errorf("detail of the image from before WebP: has %s %v, want none", tt.field, second[tt.field])
		}
	}
	if first["largeUrl"] != folder+"large.jpg" || second["largeUrl"] != "/"+catalog.RenditionKeys(id, legacy).Large {
		t.Errorf("large JPEGs: got %v and %v", first["largeUrl"], second["largeUrl"])
	}

	card := func() map[string]any {
		t.Helper()
		items := c.do(t, "GET", "/api/v1/products?category=roofing", "", nil).items()
		if len(items) != 1 {
			t.Fatalf("search: got %d cards, want 1", len(items))
		}
		return items[0]
	}
	mine := func() map[string]any {
		t.Helper()
		items := c.do(t, "GET", "/api/v1/products/mine", tok, nil).items()
		if len(items) != 1 {
			t.Fatalf("my ads: got %d, want 1", len(items))
		}
		return items[0]
	}
	for name, got := range map[string]map[string]any{"search card": card(), "my ad": mine()} {
		if got["imageUrl"] != folder+"card.jpg" || !slices.Equal(sources(got["imageWebp"]), wantCard) {
			t.Errorf("%s: got %v %v, want %s and %v", name, got["imageUrl"], got["imageWebp"], folder+"card.jpg", wantCard)
		}
	}

	// The image from before WebP as main: its card JPEG alone.
	if r := c.do(t, "PATCH", "/api/v1/products/"+id+"/images/"+legacy, tok, map[string]any{"main": true}); r.Status != 200 {
		t.Fatalf("set main: got %d %s", r.Status, r.Body)
	}
	for name, got := range map[string]map[string]any{"search card": card(), "my ad": mine()} {
		if _, ok := got["imageWebp"]; ok || got["imageUrl"] != "/"+catalog.RenditionKeys(id, legacy).Card {
			t.Errorf("%s with the older main image: got %v %v, want its card JPEG alone", name, got["imageUrl"], got["imageWebp"])
		}
	}

	// Deleting the WebP image takes it off the ad's list and removes its
	// folder.
	c.putObjects(t, webpKeys(id, modern).All()...)
	if r := c.do(t, "DELETE", "/api/v1/products/"+id+"/images/"+modern, tok, nil); r.Status != 204 {
		t.Fatalf("delete: got %d %s", r.Status, r.Body)
	}
	if a, _ := c.store.Ad(ctx, id); len(a.WebPImages) != 0 {
		t.Errorf("WebP images after the delete: got %v, want none", a.WebPImages)
	}
	for _, k := range webpKeys(id, modern).All() {
		if c.objectExists(t, k) {
			t.Errorf("object %s still there", k)
		}
	}
}

func TestCardWebP(t *testing.T) {
	const ad, img = "01HZX5Q8J9K0M1N2P3Q4R5S6T7", "01HZX5Q8J9K0M1N2P3Q4R5S6T8"
	folder := "images/products/" + ad + "/" + img + "/"
	tests := []struct {
		name string
		key  string
		want []catalog.Variant
	}{
		{"folder layout", catalog.WebPRenditionKey(ad, img, catalog.RenditionCardJPEG), []catalog.Variant{
			{Key: folder + "card-320.webp", Width: 320, Height: 240}, {Key: folder + "card.webp", Width: 640, Height: 480},
		}},
		{"before WebP", catalog.RenditionKeys(ad, img).Card, nil},
		{"no picture", "", nil},
		{"not a product image", "images/avatars/u/card.jpg", nil},
		{"another rendition", catalog.WebPRenditionKey(ad, img, catalog.RenditionLargeJPEG), nil},
	}
	for _, tt := range tests {
		if got := catalog.CardWebP(tt.key); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: CardWebP(%q) = %+v, want %+v", tt.name, tt.key, got, tt.want)
		}
	}
}

func TestMainCardKey(t *testing.T) {
	const ad, img = "01HZX5Q8J9K0M1N2P3Q4R5S6T7", "01HZX5Q8J9K0M1N2P3Q4R5S6T8"
	tests := []struct {
		name string
		ad   catalog.Ad
		want string
	}{
		{"no main image", catalog.Ad{ID: ad}, ""},
		{"main image from before WebP", catalog.Ad{ID: ad, MainImageID: img, WebPImages: []string{"other"}}, catalog.RenditionKeys(ad, img).Card},
		{"main image with WebP", catalog.Ad{ID: ad, MainImageID: img, WebPImages: []string{"other", img}}, catalog.WebPRenditionKey(ad, img, catalog.RenditionCardJPEG)},
	}
	for _, tt := range tests {
		if got := tt.ad.MainCardKey(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
