package gateway

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/s3local"
)

// TestImagesKeepTheOriginsCaching: /images/* answers what the images
// bucket stored with each object, as CloudFront passes the origin's
// headers on: a rendition's immutable Cache-Control and its Content-Type,
// and its ETag, so a browser's revalidation gets 304.
func TestImagesKeepTheOriginsCaching(t *testing.T) {
	const bucket = "remat-local-images-000000000000"
	const immutable = "public, max-age=31536000, immutable"
	srv, err := s3local.Start(s3local.Options{Buckets: []string{bucket}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	client := s3local.NewClient(srv.URL())
	for _, o := range []struct{ key, contentType, cacheControl string }{
		{"images/products/a/b/card.webp", "image/webp", immutable},
		{"images/products/a/b-card.jpg", "image/jpeg", immutable},
		{"images/avatars/u.jpg", "image/jpeg", ""},
	} {
		in := &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String(o.key), Body: strings.NewReader("picture"), ContentType: aws.String(o.contentType)}
		if o.cacheControl != "" {
			in.CacheControl = aws.String(o.cacheControl)
		}
		if _, err := client.PutObject(context.Background(), in); err != nil {
			t.Fatal(err)
		}
	}
	f := newFixture(t, func(c *Config) {
		c.ImagesOrigin = srv.URL() + "/" + bucket
		c.ImagesCredentials = aws.Credentials{AccessKeyID: "ASIACLOUDFRONT", SecretAccessKey: "s", SessionToken: "t"}
	})

	tests := []struct {
		path, contentType, cacheControl string
	}{
		{"/images/products/a/b/card.webp", "image/webp", immutable},
		{"/images/products/a/b-card.jpg", "image/jpeg", immutable},
		{"/images/avatars/u.jpg", "image/jpeg", ""},
	}
	for _, tt := range tests {
		resp, body := f.do(t, "GET", tt.path, nil, nil)
		if resp.StatusCode != http.StatusOK || string(body) != "picture" {
			t.Fatalf("%s: got %d %q", tt.path, resp.StatusCode, body)
		}
		if got := resp.Header.Get("Cache-Control"); got != tt.cacheControl {
			t.Errorf("%s: Cache-Control %q, want %q", tt.path, got, tt.cacheControl)
		}
		if got := resp.Header.Get("Content-Type"); got != tt.contentType {
			t.Errorf("%s: Content-Type %q, want %q", tt.path, got, tt.contentType)
		}
		assertSecurityHeaders(t, f.headers, resp)

		etag := resp.Header.Get("ETag")
		again, _ := f.do(t, "GET", tt.path, nil, http.Header{"If-None-Match": {etag}})
		if etag == "" || again.StatusCode != http.StatusNotModified {
			t.Errorf("%s: revalidation with ETag %q got %d, want 304", tt.path, etag, again.StatusCode)
		}
	}
}
