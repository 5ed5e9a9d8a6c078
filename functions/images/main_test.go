package main

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/catalog"
)

// The ad and image of event.json's upload key.
const (
	adID    = "01JQ8ZK3M4N5P6Q7R8S9T0V1W2"
	imageID = "01JQ8ZK3M4N5P6Q7R8S9T0V1W3"
)

// TestColdStartAndS3Event wires the function from the environment the
// local cloud gives it and delivers event.json (its bucket renamed to the
// test's) through the Lambda handler: the uploaded photo becomes a ready
// image with its JPEG and WebP renditions.
func TestColdStartAndS3Event(t *testing.T) {
	fn := testcloud.NewFunction(t, nil)
	ctx := context.Background()
	now := time.Now().UTC()
	store := catalog.NewStore(fn.DB, fn.Table)
	if err := store.CreateAd(ctx, catalog.Ad{ID: adID, SellerID: "u1", Status: catalog.StatusDraft, Title: "Ziegel",
		CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if err := store.AddImage(ctx, catalog.Image{ID: imageID, AdID: adID, State: catalog.ImagePending, ContentType: "image/jpeg",
		Size: 1, UploadKey: catalog.UploadKey(adID, imageID), CreatedAt: now}, "u1", 10, now); err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 800, 600))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	client := s3local.NewClient(testcloud.S3Endpoint(t))
	if _, err := client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(fn.Bucket), Key: aws.String(catalog.UploadKey(adID, imageID)),
		Body: bytes.NewReader(buf.Bytes()), ContentType: aws.String("image/jpeg")}); err != nil {
		t.Fatal(err)
	}

	h, err := newHandler(ctx, fn.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	payload := strings.ReplaceAll(string(raw), "remat-dev-images-123456789012", fn.Bucket)
	if _, err := lambda.NewHandler(h).Invoke(ctx, []byte(payload)); err != nil {
		t.Fatalf("invoke: got %v, want nil", err)
	}
	got, err := store.Image(ctx, adID, imageID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != catalog.ImageReady || got.Width != 800 || got.Height != 600 {
		t.Errorf("got %+v, want a ready 800x600 image", got)
	}
	// 800×600 is within the narrow box: one large WebP, the card's two and
	// the thumbnail's, next to the three JPEGs.
	if keys := got.Keys.All(); len(keys) != 7 || !got.Keys.HasWebP() {
		t.Errorf("got keys %v, want three JPEGs and four WebP renditions", keys)
	}
	for _, v := range got.Keys.CardWebP {
		head, err := client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(fn.Bucket), Key: aws.String(v.Key)})
		if err != nil || aws.ToString(head.ContentType) != "image/webp" {
			t.Errorf("%s: got %v, want a WebP object", v.Key, err)
		}
	}
}

func TestMissingConfig(t *testing.T) {
	_, err := newHandler(context.Background(), func(string) (string, bool) { return "", false }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "IMAGES_BUCKET") {
		t.Errorf("got %v, want an error naming IMAGES_BUCKET", err)
	}
}
