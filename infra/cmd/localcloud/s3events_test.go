package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/ddblocal"
	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/shared/catalog"
)

// s3Invoker records the S3 events functions receive; the first failures
// invocations fail.
type s3Invoker struct {
	mu       sync.Mutex
	calls    []string // function names
	events   []events.S3Event
	failures int
	got      chan struct{}
}

func newS3Invoker(failures int) *s3Invoker {
	return &s3Invoker{failures: failures, got: make(chan struct{}, 16)}
}

func (f *s3Invoker) Invoke(_ context.Context, name string, payload []byte) ([]byte, error) {
	var ev events.S3Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, err
	}
	f.mu.Lock()
	f.calls = append(f.calls, name)
	f.events = append(f.events, ev)
	fail := f.failures > 0
	if fail {
		f.failures--
	}
	f.mu.Unlock()
	f.got <- struct{}{}
	if fail {
		return nil, errors.New("function error")
	}
	return []byte("null"), nil
}

func (f *s3Invoker) wait(t *testing.T, n int) {
	t.Helper()
	for range n {
		select {
		case <-f.got:
		case <-time.After(10 * time.Second):
			t.Fatalf("waited 10 s for invocation %d of %d", len(f.calls)+1, n)
		}
	}
}

// uploadCloud is the part of the local cloud an upload goes through: the
// real template's S3 events, the S3 emulator with its buckets, its CORS
// rules and the functions' IAM policies, and the notifier.
type uploadCloud struct {
	s3      *s3local.Server
	iam     *iamSetup
	bucket  string
	lambdas *s3Invoker
	now     time.Time
	mu      sync.Mutex
}

func startUploadCloud(t *testing.T, failures int) *uploadCloud {
	t.Helper()
	tpl, err := loadTemplate(filepath.Join(moduleRoot, "template.yaml"), "http://127.0.0.1:8080")
	if err != nil {
		t.Fatal(err)
	}
	targets, err := tpl.S3Notifications()
	if err != nil {
		t.Fatal(err)
	}
	images, ok := tpl.Bucket("ImagesBucket")
	if !ok {
		t.Fatal("no ImagesBucket")
	}
	log := slog.New(slog.DiscardHandler)
	n := newS3Notifier(region, log)
	n.retry = []time.Duration{10 * time.Millisecond, 10 * time.Millisecond}
	setup, err := newIAM(tpl, moduleRoot, false, log)
	if err != nil {
		t.Fatal(err)
	}
	uc := &uploadCloud{iam: setup, bucket: images.Name, lambdas: newS3Invoker(failures), now: time.Now()}
	s3srv, err := s3local.Start(s3local.Options{Template: tpl, OnObjectCreated: n.objectCreated, IAM: setup.enforcer, Region: region,
		Now: func() time.Time { uc.mu.Lock(); defer uc.mu.Unlock(); return uc.now }})
	if err != nil {
		t.Fatal(err)
	}
	uc.s3 = s3srv
	n.attach(uc.lambdas, targets)
	t.Cleanup(func() {
		_ = n.stop()
		_ = s3srv.Close()
	})
	return uc
}

// presign makes the upload URL as the products function does: with its
// role's credentials, against the bucket's own S3 host.
func (uc *uploadCloud) presign(t *testing.T, key, contentType string, size int64) string {
	t.Helper()
	return presignUpload(t, uc.s3.URL(), uc.iam.functionCredentials("ProductsFunction"), uc.bucket, key, contentType, size)
}

func presignUpload(t *testing.T, s3URL string, creds aws.Credentials, bucket, key, contentType string, size int64) string {
	t.Helper()
	client := s3.NewFromConfig(aws.Config{
		Region:      region,
		Credentials: credentials.StaticCredentialsProvider{Value: creds},
	}, func(o *s3.Options) {
		o.BaseEndpoint = aws.String(s3URL)
		o.UsePathStyle = true
	})
	req, err := s3.NewPresignClient(client).PresignPutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(bucket), Key: aws.String(key), ContentType: aws.String(contentType), ContentLength: aws.Int64(size),
	}, s3.WithPresignExpires(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	return req.URL
}

func put(t *testing.T, url, contentType string, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

func TestPresignedUploadTriggersTheImagesFunction(t *testing.T) {
	uc := startUploadCloud(t, 0)
	body := []byte("\xff\xd8\xff not really a photo")
	key := "uploads/01JAD00000000000000000000A/01JIMG0000000000000000000B"
	if status, out := put(t, uc.presign(t, key, "image/jpeg", int64(len(body))), "image/jpeg", body); status != http.StatusOK {
		t.Fatalf("upload: got %d %s, want 200", status, out)
	}
	uc.lambdas.wait(t, 1)

	// A rendition written by the function is not under uploads/: no event.
	if _, err := s3local.NewClient(uc.s3.URL()).PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(uc.bucket), Key: aws.String("images/products/a/b-card.jpg"), Body: strings.NewReader("x"),
	}); err != nil {
		t.Fatal(err)
	}
	_ = uc.s3.Close() // delivers everything queued
	time.Sleep(50 * time.Millisecond)

	uc.lambdas.mu.Lock()
	defer uc.lambdas.mu.Unlock()
	if len(uc.lambdas.calls) != 1 || uc.lambdas.calls[0] != "ImagesFunction" {
		t.Fatalf("got invocations %v, want one of ImagesFunction", uc.lambdas.calls)
	}
	recs := uc.lambdas.events[0].Records
	if len(recs) != 1 {
		t.Fatalf("got %d records, want 1", len(recs))
	}
	r := recs[0]
	if r.EventSource != "aws:s3" || r.EventName != "ObjectCreated:Put" || r.AWSRegion != region ||
		r.S3.Bucket.Name != uc.bucket || r.S3.Object.Key != key || r.S3.Object.Size != int64(len(body)) || r.S3.ConfigurationID != "Upload" {
		t.Errorf("got record %+v", r)
	}
}

func TestRefusedUploadsTriggerNothing(t *testing.T) {
	uc := startUploadCloud(t, 0)
	key := "uploads/01JAD00000000000000000000A/01JIMG0000000000000000000C"
	body := []byte("0123456789")

	// A body longer than the size the seller declared (and the URL signed).
	if status, out := put(t, uc.presign(t, key, "image/png", 5), "image/png", body); status != http.StatusForbidden || !strings.Contains(out, "<Code>SignatureDoesNotMatch</Code>") {
		t.Errorf("wrong Content-Length: got %d %s, want 403 SignatureDoesNotMatch", status, out)
	}
	// Another type than the one declared.
	if status, out := put(t, uc.presign(t, key, "image/png", 10), "image/jpeg", body); status != http.StatusForbidden || !strings.Contains(out, "<Code>SignatureDoesNotMatch</Code>") {
		t.Errorf("wrong Content-Type: got %d %s, want 403 SignatureDoesNotMatch", status, out)
	}
	// A URL used after its 10 minutes.
	url := uc.presign(t, key, "image/png", 10)
	uc.mu.Lock()
	uc.now = uc.now.Add(11 * time.Minute)
	uc.mu.Unlock()
	if status, out := put(t, url, "image/png", body); status != http.StatusForbidden || !strings.Contains(out, "<Message>Request has expired</Message>") {
		t.Errorf("expired: got %d %s, want 403 Request has expired", status, out)
	}

	_ = uc.s3.Close()
	time.Sleep(50 * time.Millisecond)
	uc.lambdas.mu.Lock()
	defer uc.lambdas.mu.Unlock()
	if len(uc.lambdas.calls) != 0 {
		t.Errorf("got invocations %v, want none", uc.lambdas.calls)
	}
}

func TestS3EventRetriedLikeAsyncInvocations(t *testing.T) {
	for _, tt := range []struct {
		name     string
		failures int
		want     int
	}{
		{"succeeds on the second retry", 2, 3},
		{"dropped after two retries", 5, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			uc := startUploadCloud(t, tt.failures)
			body := []byte("abc")
			key := "uploads/01JAD00000000000000000000A/01JIMG0000000000000000000D"
			if status, out := put(t, uc.presign(t, key, "image/webp", 3), "image/webp", body); status != http.StatusOK {
				t.Fatalf("upload: got %d %s", status, out)
			}
			uc.lambdas.wait(t, tt.want)
			time.Sleep(100 * time.Millisecond) // no further attempt
			uc.lambdas.mu.Lock()
			defer uc.lambdas.mu.Unlock()
			if len(uc.lambdas.calls) != tt.want {
				t.Errorf("got %d invocations, want %d", len(uc.lambdas.calls), tt.want)
			}
		})
	}
}

// The real template declares an S3 event only where it means one.
func TestTemplateS3EventsMatchUploadsOnly(t *testing.T) {
	tpl, err := samtpl.LoadDefault(samtpl.Options{Parameters: map[string]string{"Stage": stage}, AccountID: accountID, Region: region})
	if err != nil {
		t.Fatal(err)
	}
	list, err := tpl.S3Notifications()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range list {
		if n.Prefix == "" {
			t.Errorf("%s.%s listens to the whole bucket %s: a function writing there would trigger itself", n.Function, n.Event, n.Bucket)
		}
	}
}

// TestPhotoUploadEndToEnd runs the whole pipeline in a local cloud: a
// pending image in DynamoDB Local (as POST /products/{id}/images leaves
// it), the browser's presigned PUT through the gateway, the S3 event, the
// real images function behind lambdart, then the renditions served under
// /images/ and the image ready; a file lying about its type fails.
func TestPhotoUploadEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local and builds every function")
	}
	c := startCloud(t, Config{Memory: true})
	defer func() { _ = c.Stop() }()
	tpl, err := loadTemplate(filepath.Join(moduleRoot, "template.yaml"), c.URL)
	if err != nil {
		t.Fatal(err)
	}
	table, _ := tpl.Table("AppTable")
	bucket, _ := tpl.Bucket("ImagesBucket")
	ctx := context.Background()
	store := catalog.NewStore(ddblocal.NewClient(c.ddb.Endpoint()), table.Name)
	now := time.Now().UTC()
	ad := catalog.Ad{ID: ulid.Make().String(), SellerID: "u1", Status: catalog.StatusDraft, Title: "Dachziegel", CreatedAt: now, UpdatedAt: now}
	if err := store.CreateAd(ctx, ad); err != nil {
		t.Fatal(err)
	}

	// upload records a pending image declared as contentType and PUTs
	// body to its presigned URL.
	upload := func(contentType string, body []byte) string {
		id := ulid.Make().String()
		if err := store.AddImage(ctx, catalog.Image{ID: id, AdID: ad.ID, State: catalog.ImagePending, ContentType: contentType,
			Size: int64(len(body)), UploadKey: catalog.UploadKey(ad.ID, id), CreatedAt: now}, ad.SellerID, 10, now); err != nil {
			t.Fatal(err)
		}
		url := presignUpload(t, c.S3URL, c.iam.functionCredentials("ProductsFunction"), bucket.Name, catalog.UploadKey(ad.ID, id), contentType, int64(len(body)))
		if status, out := put(t, url, contentType, body); status != http.StatusOK {
			t.Fatalf("upload: got %d %s, want 200", status, out)
		}
		return id
	}
	settled := func(id string) catalog.Image {
		deadline := time.Now().Add(90 * time.Second)
		for {
			img, err := store.Image(ctx, ad.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if img.State != catalog.ImagePending || time.Now().After(deadline) {
				return img
			}
			time.Sleep(100 * time.Millisecond)
		}
	}

	var photo bytes.Buffer
	if err := jpeg.Encode(&photo, image.NewGray(image.Rect(0, 0, 1200, 900)), nil); err != nil {
		t.Fatal(err)
	}
	good := upload("image/jpeg", photo.Bytes())
	var fake bytes.Buffer
	if err := png.Encode(&fake, image.NewGray(image.Rect(0, 0, 300, 200))); err != nil {
		t.Fatal(err)
	}
	lying := upload("image/jpeg", fake.Bytes())

	img := settled(good)
	if img.State != catalog.ImageReady || img.Width != 1200 || img.Height != 900 {
		t.Fatalf("good photo: got %+v, want ready 1200x900", img)
	}
	status, body := get(t, c.URL+"/images/"+strings.TrimPrefix(img.Keys.Card, "images/"))
	if status != http.StatusOK {
		t.Fatalf("GET the card: got %d", status)
	}
	if card, err := jpeg.DecodeConfig(bytes.NewReader(body)); err != nil || card.Width != 640 || card.Height != 480 {
		t.Errorf("card: got %+v, %v, want a 640x480 JPEG", card, err)
	}
	if got := settled(lying); got.State != catalog.ImageFailed || got.Reason != "type_mismatch" {
		t.Errorf("lying file: got %s %q, want failed type_mismatch", got.State, got.Reason)
	}
}
