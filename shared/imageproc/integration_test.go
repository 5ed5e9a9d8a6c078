package imageproc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
)

// catalogFixture is the pipeline on the real catalogue store (DynamoDB
// Local) and the S3 emulator: an ad with pending images, as the products
// function leaves them after POST /products/{id}/images.
type catalogFixture struct {
	store  *catalog.Store
	s3     *s3.Client
	bucket string
	proc   *Processor
	ad     catalog.Ad
}

func newCatalogFixture(t *testing.T) *catalogFixture {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	client, bucket := testcloud.S3(t)
	store := catalog.NewStore(db, table)
	a := catalog.Ad{
		ID: ulid.Make().String(), SellerID: "u-seller", Status: catalog.StatusDraft, Title: "Klinker rot",
		CategorySlug: "bricks", CategoryPath: []string{"bricks", "masonry"}, Description: "Rote Klinker, 200 Stück",
		PriceRp: 25000, Condition: catalog.ConditionUsed, Quantity: catalog.Quantity{Amount: 200, Unit: "pieces"},
		Pickup:    true,
		Location:  catalog.Location{Kind: catalog.LocationCity, PostalCode: "8001", Locality: "Zürich", Canton: "ZH", Lat: 47.37, Lon: 8.54},
		CreatedAt: now, UpdatedAt: now,
	}
	if err := store.CreateAd(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return &catalogFixture{store: store, s3: client, bucket: bucket, ad: a,
		proc: New(store, client, bucket, func() time.Time { return now })}
}

// addUpload records a pending image declared as contentType and uploads
// data to its key; it returns the image id.
func (f *catalogFixture) addUpload(t *testing.T, contentType string, data []byte) string {
	t.Helper()
	id := ulid.Make().String()
	img := catalog.Image{
		ID: id, AdID: f.ad.ID, State: catalog.ImagePending, ContentType: contentType, Size: int64(len(data)),
		UploadKey: catalog.UploadKey(f.ad.ID, id), CreatedAt: now,
	}
	if err := f.store.AddImage(context.Background(), img, f.ad.SellerID, 10, now); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(f.bucket), Key: aws.String(img.UploadKey), Body: bytes.NewReader(data), ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
	return id
}

// deliver sends the S3 event of the image's upload through the Lambda
// handler, as the local cloud (and S3) would.
func (f *catalogFixture) deliver(t *testing.T, imageIDs ...string) error {
	t.Helper()
	var objs []s3local.ObjectCreated
	for _, id := range imageIDs {
		objs = append(objs, s3local.ObjectCreated{Bucket: f.bucket, Key: catalog.UploadKey(f.ad.ID, id), Size: 1,
			EventName: s3local.EventObjectCreatedPut, Time: now})
	}
	payload, err := s3local.NotificationEvent(testcloud.Region, "Upload", objs...)
	if err != nil {
		t.Fatal(err)
	}
	var ev events.S3Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		t.Fatal(err)
	}
	return f.proc.HandleEvent(context.Background(), ev)
}

func TestPipelineOnTheCatalogue(t *testing.T) {
	f := newCatalogFixture(t)
	ctx := context.Background()
	good := f.addUpload(t, "image/jpeg", withEXIF(encodeJPEG(t, photo(2400, 1800)), 1))
	lying := f.addUpload(t, "image/jpeg", encodePNG(t, photo(400, 300)))
	bomb := f.addUpload(t, "image/png", pngBomb(t))

	if err := f.deliver(t, good, lying, bomb); err != nil {
		t.Fatal(err)
	}

	img, err := f.store.Image(ctx, f.ad.ID, good)
	if err != nil {
		t.Fatal(err)
	}
	if img.State != catalog.ImageReady || img.Keys.Large != catalog.WebPRenditionKey(f.ad.ID, good, catalog.RenditionLargeJPEG) ||
		img.Width != 1600 || img.Height != 1200 {
		t.Errorf("good image: got %+v, want ready 1600x1200 in its folder", img)
	}
	var large []string
	for _, v := range img.Keys.LargeWebP {
		large = append(large, fmt.Sprintf("%dx%d", v.Width, v.Height))
	}
	if len(img.Keys.ThumbWebP) != 1 || len(img.Keys.CardWebP) != 2 || !slices.Equal(large, []string{"800x600", "1600x1200"}) {
		t.Errorf("WebP renditions: got %+v", img.Keys)
	}
	for _, k := range img.Keys.All() {
		head, err := f.s3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(f.bucket), Key: aws.String(k)})
		if err != nil {
			t.Errorf("%s: %v", k, err)
			continue
		}
		want := "image/jpeg"
		if strings.HasSuffix(k, ".webp") {
			want = "image/webp"
		}
		if ct, cc := aws.ToString(head.ContentType), aws.ToString(head.CacheControl); ct != want || cc != blob.ImmutableCacheControl {
			t.Errorf("%s: Content-Type %q, Cache-Control %q; want %s, immutable", k, ct, cc, want)
		}
	}
	for id, reason := range map[string]string{lying: "type_mismatch", bomb: "too_large"} {
		img, err := f.store.Image(ctx, f.ad.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		if img.State != catalog.ImageFailed || img.Reason != reason {
			t.Errorf("image %s: got %s %q, want failed %q", id, img.State, img.Reason, reason)
		}
	}
	for _, id := range []string{good, lying, bomb} {
		if _, err := f.s3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(f.bucket), Key: aws.String(catalog.UploadKey(f.ad.ID, id))}); !isNotFound(err) {
			t.Errorf("upload of %s: got %v, want it deleted", id, err)
		}
	}

	rec, err := f.store.Record(ctx, f.ad.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Ad.MainImageID != good || !slices.Equal(rec.Ad.WebPImages, []string{good}) {
		t.Errorf("main image %q, WebP images %v: want the first ready image %s, with WebP", rec.Ad.MainImageID, rec.Ad.WebPImages, good)
	}
	if card := rec.Ad.MainCardKey(); card != img.Keys.Card || len(catalog.CardWebP(card)) != 2 {
		t.Errorf("the ad's card: %q (WebP %v), want %q and its two WebP sizes", card, catalog.CardWebP(card), img.Keys.Card)
	}
	if rec.ImageCount != 1 {
		t.Errorf("image count: got %d, want 1 (failed images no longer count)", rec.ImageCount)
	}

	// S3 delivers at least once: the same event again changes nothing.
	if err := f.deliver(t, good, lying); err != nil {
		t.Fatal(err)
	}
	if again, err := f.store.Image(ctx, f.ad.ID, good); err != nil || again.State != catalog.ImageReady {
		t.Errorf("after a second delivery: got %+v, %v, want still ready", again, err)
	}
}

func TestPipelineAfterTheImageWasDeleted(t *testing.T) {
	f := newCatalogFixture(t)
	ctx := context.Background()
	id := f.addUpload(t, "image/png", encodePNG(t, photo(300, 200)))
	rec, err := f.store.Record(ctx, f.ad.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.store.DeleteImage(ctx, rec, id, now); err != nil {
		t.Fatal(err)
	}
	if err := f.deliver(t, id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.store.Image(ctx, f.ad.ID, id); !errors.Is(err, catalog.ErrImageNotFound) {
		t.Errorf("got %v, want image_not_found", err)
	}
	for _, k := range append(everyRenditionKey(f.ad.ID, id), catalog.UploadKey(f.ad.ID, id)) {
		if _, err := f.s3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(f.bucket), Key: aws.String(k)}); !isNotFound(err) {
			t.Errorf("%s: got %v, want no object", k, err)
		}
	}
}

func TestHandleEventSkipsForeignRecords(t *testing.T) {
	images := newFakeImages(pending("image/png"))
	f := newFixture(t, images)
	key := catalog.UploadKey(adID, imageID)
	f.upload(t, key, "image/png", encodePNG(t, photo(300, 200)))
	ev := events.S3Event{Records: []events.S3EventRecord{
		{EventName: "ObjectRemoved:Delete", S3: events.S3Entity{Bucket: events.S3Bucket{Name: f.bucket}, Object: events.S3Object{Key: key}}},
		{EventName: "ObjectCreated:Put", S3: events.S3Entity{Bucket: events.S3Bucket{Name: "another-bucket"}, Object: events.S3Object{Key: key}}},
		{EventName: "ObjectCreated:Put", S3: events.S3Entity{Bucket: events.S3Bucket{Name: f.bucket}, Object: events.S3Object{Key: "uploads/%zz"}}},
	}}
	if err := f.proc.HandleEvent(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	if len(images.ready)+len(images.failed) != 0 {
		t.Errorf("got ready %v failed %v, want nothing processed", images.ready, images.failed)
	}

	// An infrastructure failure fails the invocation (Lambda retries it).
	images.getErr = errors.New("throttled")
	ev.Records = []events.S3EventRecord{{EventName: "ObjectCreated:Put", S3: events.S3Entity{Bucket: events.S3Bucket{Name: f.bucket}, Object: events.S3Object{Key: key}}}}
	if err := f.proc.HandleEvent(context.Background(), ev); err == nil {
		t.Error("got nil, want the store's error")
	}
}
