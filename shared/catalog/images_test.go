package catalog_test

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
)

// putObjects stores small objects under keys, as the image function would.
func (c *cloud) putObjects(t *testing.T, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, err := c.s3.PutObject(context.Background(), &s3.PutObjectInput{
			Bucket: aws.String(c.bucket), Key: aws.String(k), Body: bytes.NewReader([]byte("x")), ContentLength: aws.Int64(1),
		}); err != nil {
			t.Fatal(err)
		}
	}
}

func (c *cloud) objectExists(t *testing.T, key string) bool {
	t.Helper()
	_, err := c.s3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(c.bucket), Key: aws.String(key)})
	return err == nil
}

// TestImageRefusals: only the ad's owner deletes an image; an image of
// another ad, an unknown image and bad uploads are refused with their
// codes.
func TestImageRefusals(t *testing.T) {
	c := newCloud(t)
	owner, ownerTok := c.user(t, auth.RoleUser)
	_, otherTok := c.user(t, auth.RoleUser)
	_, adminTok := c.user(t, auth.RoleAdmin)
	c.subscribe(t, owner, sub{remaining: 5, images: 5})
	adA, adB := c.draft(t, ownerTok), c.draft(t, ownerTok)
	imgA, imgB := c.image(t, ownerTok, adA, true), c.image(t, ownerTok, adB, true)
	base := "/api/v1/products/"
	tests := []struct {
		name, token, path string
		status            int
		code              string
	}{
		{"another user", otherTok, base + adA + "/images/" + imgA, 403, "image_delete_forbidden"},
		{"an administrator", adminTok, base + adA + "/images/" + imgA, 403, "image_delete_forbidden"},
		{"image of another ad", ownerTok, base + adA + "/images/" + imgB, 409, "image_not_in_product"},
		{"unknown image", ownerTok, base + adA + "/images/01NOSUCHIMAGE0000000000000", 404, "image_not_found"},
		{"malformed image id", ownerTok, base + adA + "/images/x", 404, "image_not_found"},
		{"unknown ad", ownerTok, base + "01NOSUCHAD0000000000000000/images/" + imgA, 404, "product_not_found"},
	}
	for _, tt := range tests {
		if r := c.do(t, "DELETE", tt.path, tt.token, nil); r.Status != tt.status || r.Code() != tt.code {
			t.Errorf("%s: got %d %s, want %d %s", tt.name, r.Status, r.Body, tt.status, tt.code)
		}
	}
	if r := c.do(t, "PATCH", base+adA+"/images/"+imgB, ownerTok, map[string]any{"main": true}); r.Status != 409 || r.Code() != "image_not_in_product" {
		t.Errorf("main image of another ad: got %d %s", r.Status, r.Body)
	}
	uploads := []struct {
		name  string
		body  map[string]any
		field string
		code  string
	}{
		{"gif", map[string]any{"contentType": "image/gif", "size": 100}, "contentType", "invalid"},
		{"no type", map[string]any{"contentType": "", "size": 100}, "contentType", "required"},
		{"empty", map[string]any{"contentType": "image/png", "size": 0}, "size", "out_of_range"},
		{"over 15 MiB", map[string]any{"contentType": "image/png", "size": 15<<20 + 1}, "size", "out_of_range"},
	}
	for _, u := range uploads {
		r := c.do(t, "POST", base+adA+"/images", ownerTok, u.body)
		fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
		if r.Status != 400 || fields[u.field] != u.code {
			t.Errorf("%s: got %d %s, want 400 %s=%s", u.name, r.Status, r.Body, u.field, u.code)
		}
	}
	// The upload URL is presigned for the image's key.
	r := c.do(t, "POST", base+adA+"/images", ownerTok, map[string]any{"contentType": "image/webp", "size": 5000})
	up, _ := r.JSON["upload"].(map[string]any)
	img, _ := r.JSON["image"].(map[string]any)
	if url, _ := up["url"].(string); !strings.Contains(url, "/uploads/"+adA+"/"+img["id"].(string)+"?") ||
		up["headers"].(map[string]any)["Content-Type"] != "image/webp" {
		t.Errorf("upload: got %s", r.Body)
	}
}

// TestDeleteImages: deleting the main image of an active ad promotes the
// next ready image (and the search card follows); the S3 objects go; a
// failed image is deleted without touching the allowance; deleting an ad
// removes every object of its images.
func TestDeleteImages(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 5, images: 3})
	id := c.draft(t, tok)
	first, second := c.image(t, tok, id, true), c.image(t, tok, id, true)
	failed := c.image(t, tok, id, false)
	if err := c.store.MarkImageFailed(context.Background(), id, failed, "too_large", c.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 200 {
		t.Fatalf("publish: got %d %s", r.Status, r.Body)
	}
	keys := catalog.RenditionKeys(id, first)
	c.putObjects(t, keys.All()...)

	if r := c.do(t, "DELETE", "/api/v1/products/"+id+"/images/"+first, tok, nil); r.Status != 204 {
		t.Fatalf("delete main: got %d %s", r.Status, r.Body)
	}
	d := c.do(t, "GET", "/api/v1/products/"+id, tok, nil)
	if d.str("mainImageId") != second {
		t.Errorf("main after delete: got %q, want %s", d.str("mainImageId"), second)
	}
	for _, k := range keys.All() {
		if c.objectExists(t, k) {
			t.Errorf("object %s still there", k)
		}
	}
	if it := c.do(t, "GET", "/api/v1/products?category=roofing", "", nil).items(); len(it) != 1 || !strings.Contains(it[0]["imageUrl"].(string), second) {
		t.Errorf("card after the main image went: got %v", it)
	}
	// The failed image holds no place in the allowance (3): two more fit
	// beside the remaining ready one once it is gone.
	if r := c.do(t, "DELETE", "/api/v1/products/"+id+"/images/"+failed, tok, nil); r.Status != 204 {
		t.Errorf("delete failed image: got %d %s", r.Status, r.Body)
	}
	c.image(t, tok, id, false)
	c.image(t, tok, id, false)
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/images", tok, map[string]any{"contentType": "image/jpeg", "size": 10}); r.Code() != "image_count_exceeded" {
		t.Errorf("fourth image: got %d %s, want image_count_exceeded", r.Status, r.Body)
	}
	if n := c.count(t, "AD#"+id, "IMG#"); n != 3 {
		t.Errorf("images: got %d, want 3", n)
	}

	// Deleting the ad removes the objects of every image.
	second2 := catalog.RenditionKeys(id, second)
	c.putObjects(t, append(second2.All(), catalog.UploadKey(id, second))...)
	if r := c.do(t, "DELETE", "/api/v1/products/"+id, tok, nil); r.Status != 204 {
		t.Fatalf("delete ad: got %d %s", r.Status, r.Body)
	}
	for _, k := range append(second2.All(), catalog.UploadKey(id, second)) {
		if c.objectExists(t, k) {
			t.Errorf("object %s still there after the ad was deleted", k)
		}
	}
	if n := c.count(t, "IMAGE#", ""); n != 0 {
		t.Errorf("image lookups left: got %d, want 0", n)
	}
}

// TestImageFunctionCalls checks the store calls the image function makes:
// repeated deliveries are harmless, unknown images are image_not_found,
// a ready image cannot fail afterwards.
func TestImageFunctionCalls(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 5, images: 5})
	id := c.draft(t, tok)
	img := c.image(t, tok, id, false)
	ctx, now := context.Background(), c.clock.Now()

	got, err := c.store.Image(ctx, id, img)
	if err != nil || got.State != catalog.ImagePending || got.ContentType != "image/jpeg" || got.Size != 123456 || got.UploadKey != catalog.UploadKey(id, img) {
		t.Fatalf("pending image: got %+v, %v", got, err)
	}
	adID, imageID, ok := catalog.ParseUploadKey(got.UploadKey)
	if !ok || adID != id || imageID != img {
		t.Errorf("ParseUploadKey(%q): got %s %s %v", got.UploadKey, adID, imageID, ok)
	}
	keys := catalog.RenditionKeys(id, img)
	for range 2 {
		if err := c.store.MarkImageReady(ctx, id, img, keys, 1600, 1067, now); err != nil {
			t.Errorf("ready: got %v, want nil (also when repeated)", err)
		}
	}
	if got, _ := c.store.Image(ctx, id, img); got.State != catalog.ImageReady || got.Width != 1600 || got.Height != 1067 || !reflect.DeepEqual(got.Keys, keys) {
		t.Errorf("ready image: got %+v", got)
	}
	if a, _ := c.store.Ad(ctx, id); a.MainImageID != img {
		t.Errorf("main image: got %q, want %s", a.MainImageID, img)
	}
	if err := c.store.MarkImageFailed(ctx, id, img, "too_large", now); !errors.Is(err, apperr.ErrConflict) {
		t.Errorf("fail a ready image: got %v, want conflict", err)
	}
	other := c.image(t, tok, id, false)
	for range 2 {
		if err := c.store.MarkImageFailed(ctx, id, other, "type_mismatch", now); err != nil {
			t.Errorf("failed: got %v, want nil (also when repeated)", err)
		}
	}
	if got, _ := c.store.Image(ctx, id, other); got.State != catalog.ImageFailed || got.Reason != "type_mismatch" {
		t.Errorf("failed image: got %+v", got)
	}
	d := c.do(t, "GET", "/api/v1/products/"+id, tok, nil)
	for _, v := range d.JSON["images"].([]any) {
		if m := v.(map[string]any); m["id"] == other && m["reason"] != "type_mismatch" {
			t.Errorf("owner's view of the failed image: got %v", m)
		}
	}
	for _, tc := range []struct{ ad, img string }{{id, "01NOSUCHIMAGE0000000000000"}, {"01NOSUCHAD0000000000000000", img}} {
		if err := c.store.MarkImageReady(ctx, tc.ad, tc.img, keys, 1, 1, now); !errors.Is(err, catalog.ErrImageNotFound) {
			t.Errorf("ready %s/%s: got %v, want image_not_found", tc.ad, tc.img, err)
		}
		if err := c.store.MarkImageFailed(ctx, tc.ad, tc.img, "x", now); !errors.Is(err, catalog.ErrImageNotFound) {
			t.Errorf("failed %s/%s: got %v, want image_not_found", tc.ad, tc.img, err)
		}
	}
	for _, key := range []string{"uploads/x/y", "images/products/a/b", "uploads/" + id, "uploads/" + id + "/" + img + "/z"} {
		if _, _, ok := catalog.ParseUploadKey(key); ok {
			t.Errorf("ParseUploadKey(%q): got ok, want not an upload key", key)
		}
	}
}

// TestAbandonedUploads: a pending image whose file never came stops
// holding a place in the allowance once its upload is long expired.
func TestAbandonedUploads(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 5, images: 2})
	id := c.draft(t, tok)
	abandoned := c.image(t, tok, id, false)
	c.image(t, tok, id, true)
	body := map[string]any{"contentType": "image/jpeg", "size": 10}
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/images", tok, body); r.Code() != "image_count_exceeded" {
		t.Fatalf("within the hour: got %d %s, want image_count_exceeded", r.Status, r.Body)
	}
	c.clock.Advance(catalog.StaleUpload)
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/images", tok, body); r.Status != 201 {
		t.Fatalf("after the hour: got %d %s, want 201", r.Status, r.Body)
	}
	if got, _ := c.store.Image(context.Background(), id, abandoned); got.State != catalog.ImageFailed || got.Reason != catalog.ReasonUploadMissing {
		t.Errorf("abandoned image: got %+v", got)
	}
}
