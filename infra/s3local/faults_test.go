package s3local

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/faults"
)

// TestFrontFaults: a fault answers S3's own error to the SDK and to a
// browser's presigned upload (with the bucket's CORS headers, so the page
// can read it), only for the calls it names; a stalled PUT whose caller
// gave up stores nothing.
func TestFrontFaults(t *testing.T) {
	f := newFrontFixture(t)
	ctx := context.Background()
	reader := f.client(f.reader)
	put := func(ctx context.Context, key string) error {
		_, err := f.client(f.root).PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("images"), Key: aws.String(key), Body: bytes.NewReader([]byte("jpeg"))})
		return err
	}
	exists := func(key string) bool {
		_, err := reader.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
		return err == nil
	}
	if err := put(ctx, "uploads/ad/1.jpg"); err != nil {
		t.Fatal(err)
	}

	// HeadObject of the reader only, once: GetObject and other callers pass.
	if _, err := f.faults.Add(faults.Fault{Service: faults.S3, Operation: "HeadObject", Principal: "Reader", KeyPrefix: "uploads/", Error: "InternalError", Count: 1}); err != nil {
		t.Fatal(err)
	}
	var re interface{ HTTPStatusCode() int }
	if _, err := reader.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String("images"), Key: aws.String("uploads/ad/1.jpg")}); !errors.As(err, &re) || re.HTTPStatusCode() != http.StatusInternalServerError {
		t.Errorf("HeadObject under the fault: got %v, want a 500", err)
	}
	if !exists("uploads/ad/1.jpg") {
		t.Error("HeadObject after the count-1 fault: want the object")
	}

	// s3:GetObject (the IAM action) names GET and HEAD alike.
	f.faults.Clear()
	if _, err := f.faults.Add(faults.Fault{Service: faults.S3, Operation: "s3:GetObject", Error: "SlowDown"}); err != nil {
		t.Fatal(err)
	}
	if _, err := reader.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("images"), Key: aws.String("uploads/ad/1.jpg")}); apiCode(err) != "SlowDown" {
		t.Errorf("GetObject under s3:GetObject: got %v, want SlowDown", err)
	}
	if err := put(ctx, "uploads/ad/other.jpg"); err != nil {
		t.Errorf("PutObject is not named by the fault: %v", err)
	}

	// The browser's presigned upload gets the error with CORS headers.
	f.faults.Clear()
	if _, err := f.faults.Add(faults.Fault{Service: faults.S3, Operation: "PutObject", Principal: "Uploader", Error: "SlowDown"}); err != nil {
		t.Fatal(err)
	}
	req, err := s3.NewPresignClient(f.client(f.uploader)).PresignPutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String("images"), Key: aws.String("uploads/ad/2.jpg"), ContentType: aws.String("image/jpeg"), ContentLength: aws.Int64(4),
	}, s3.WithPresignExpires(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	browser, _ := http.NewRequest(http.MethodPut, req.URL, strings.NewReader("jpeg"))
	browser.Header.Set("Origin", "http://127.0.0.1:8080")
	browser.Header.Set("Content-Type", "image/jpeg")
	resp, err := http.DefaultClient.Do(browser)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "<Code>SlowDown</Code>") ||
		resp.Header.Get("Access-Control-Allow-Origin") != "http://127.0.0.1:8080" {
		t.Errorf("presigned upload under the fault: got %d %s %v, want 503 SlowDown with the CORS headers", resp.StatusCode, body, resp.Header)
	}
	if exists("uploads/ad/2.jpg") {
		t.Error("the refused upload was stored")
	}

	// A stalled PUT whose caller gives up is never stored.
	f.faults.Clear()
	if _, err := f.faults.Add(faults.Fault{Service: faults.S3, Operation: "PutObject", StallSeconds: 2}); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if err := put(short, "uploads/ad/3.jpg"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("stalled PUT: got %v, want context.DeadlineExceeded", err)
	}
	f.faults.Clear()
	time.Sleep(2500 * time.Millisecond)
	if exists("uploads/ad/3.jpg") {
		t.Error("the stalled PUT whose caller gave up was stored")
	}
}
