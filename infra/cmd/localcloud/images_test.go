package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/gateway"
	"github.com/remat/remat/infra/s3local"
)

// TestImagesPathsStayUnderImages sends /images/ paths that climb out of
// the images/ prefix (dot segments, plain and percent-encoded, and an
// encoded slash) through the gateway to the S3 emulator as the local cloud
// wires them (the template's bucket policy, the distribution's signature,
// objects on disk as with make dev). No such path reads a private invoice,
// and an existing invoice and a missing one get the same answer, so the
// answers tell nothing about which invoices exist. Photos are still served,
// also through a path that normalises to them.
func TestImagesPathsStayUnderImages(t *testing.T) {
	tpl, err := loadTemplate(filepath.Join(moduleRoot, "template.yaml"), "http://127.0.0.1:1")
	if err != nil {
		t.Fatal(err)
	}
	setup, err := newIAM(tpl, moduleRoot, false, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := s3local.Start(s3local.Options{Template: tpl, IAM: setup.enforcer, Region: region, DataDir: t.TempDir(), Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Close() }()
	bucket, ok := gateway.BucketForPathPattern(tpl, "/images/*")
	if !ok {
		t.Fatal("the template's distribution serves no bucket under /images/*")
	}
	const invoice = "%PDF-1.7 invoice of Anna Muster"
	client := s3local.NewClient(srv.URL())
	for key, body := range map[string]string{
		"private/invoices/u1/inv-1.pdf": invoice,
		"images/products/ad1/photo.jpg": "jpeg bytes",
	} {
		if _, err := client.PutObject(t.Context(), &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String(key), Body: strings.NewReader(body)}); err != nil {
			t.Fatal(err)
		}
	}
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>Remat</title>"), 0o600); err != nil {
		t.Fatal(err)
	}
	gw, err := gateway.New(gateway.Config{
		WebDir: web, Logger: testLogger(t),
		ImagesOrigin: srv.URL() + "/" + bucket, ImagesCredentials: setup.cloudfront.Credentials, ImagesRegion: region,
	})
	if err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(gw)
	defer site.Close()

	get := func(path string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, site.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if status, body := get("/images/products/ad1/photo.jpg"); status != 200 || body != "jpeg bytes" {
		t.Errorf("a photo: got %d %q, want 200 and the photo", status, body)
	}
	if status, body := get("/images/products/./x/../ad1/photo.jpg"); status != 200 || body != "jpeg bytes" {
		t.Errorf("a photo through dot segments: got %d %q, want 200 and the photo", status, body)
	}
	ids := regexp.MustCompile(`<(RequestId|HostId)>[^<]*</(RequestId|HostId)>`)
	for _, climb := range []string{
		"/images/../private/invoices/u1/",
		"/images/products/../../private/invoices/u1/",
		"/images/%2e%2e/private/invoices/u1/",
		"/images/%2E%2E/private/invoices/u1/",
		"/images/.%2e/private/invoices/u1/",
		"/images/./%2e%2e/private/invoices/u1/",
		"/images/..%2fprivate/invoices/u1/",
		"/images/..%2Fprivate%2Finvoices%2Fu1%2F",
		"/images/%2e%2e%2fprivate/invoices/u1/",
	} {
		status, body := get(climb + "inv-1.pdf")
		if status == 200 || strings.Contains(body, "PDF") || strings.Contains(body, "Anna") {
			t.Errorf("%s: got %d %q, want no invoice", climb, status, body)
		}
		missingStatus, missingBody := get(climb + "inv-2.pdf")
		if status != missingStatus || ids.ReplaceAllString(body, "") != ids.ReplaceAllString(missingBody, "") {
			t.Errorf("%s: an existing invoice answers %d %q, a missing one %d %q: want the same answer", climb, status, body, missingStatus, missingBody)
		}
	}
	// What S3 answers the distribution for keys outside images/: 403 for
	// an existing key and a missing one alike.
	for _, key := range []string{"private/invoices/u1/inv-1.pdf", "private/invoices/u1/inv-2.pdf"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL()+"/"+bucket+"/"+key, nil)
		resp, err := (&http.Client{Transport: cloudFrontSigner(setup.cloudfront.Credentials)}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden || !bytes.Contains(b, []byte("AccessDenied")) {
			t.Errorf("the distribution reading %s: got %d %s, want 403 AccessDenied", key, resp.StatusCode, b)
		}
	}
}

// cloudFrontSigner signs requests for S3 as the distribution's origin
// access control does.
func cloudFrontSigner(creds aws.Credentials) http.RoundTripper {
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		const emptyBody = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
		r = r.Clone(r.Context())
		r.Header.Set("X-Amz-Content-Sha256", emptyBody)
		if err := v4.NewSigner().SignHTTP(r.Context(), creds, r, emptyBody, "s3", region, time.Now()); err != nil {
			return nil, err
		}
		return http.DefaultTransport.RoundTrip(r)
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
