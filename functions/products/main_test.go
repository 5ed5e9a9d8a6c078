package main

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
)

const cursorKey = "function-test-cursor-key-0123456789abcdef"

// TestColdStartAndInvoke wires the function from the environment and SSM
// the local cloud gives it and sends event.json through the Lambda
// boundary: the seeded categories come back.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(), "/remat/local/cursor-key": cursorKey,
	})
	if _, err := seed.Run(context.Background(), f.DB, f.Table, seed.Options{}); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	resp := testcloud.Invoke(t, lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext), testcloud.EventJSON(t))
	if resp.StatusCode != 200 || !strings.Contains(resp.Body, `"slug":"roofing"`) {
		t.Errorf("event.json: got %d %s, want 200 with the categories", resp.StatusCode, resp.Body)
	}
}

// TestPresignedUpload checks the presigned upload the function's wiring
// makes: addressed to the bucket's S3 host, path-style, with Content-Type
// and Content-Length signed and no checksum baked in.
func TestPresignedUpload(t *testing.T) {
	f := testcloud.NewFunction(t, nil)
	s3c, _ := testcloud.S3(t)
	up := catalog.NewS3Uploads(s3c, f.Bucket, true)
	raw, err := up.PresignPut(t.Context(), catalog.UploadKey("01J0000000000000000000000A", "01J0000000000000000000000B"), "image/png", 4242, catalog.UploadTTL)
	if err != nil {
		t.Fatal(err)
	}
	if want := testcloud.S3Endpoint(t) + "/" + f.Bucket + "/uploads/"; !strings.HasPrefix(raw, want) {
		t.Errorf("got %s, want prefix %s", raw, want)
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if got := q.Get("X-Amz-SignedHeaders"); got != "content-length;content-type;host" {
		t.Errorf("signed headers: got %q, want content-length;content-type;host", got)
	}
	if q.Get("X-Amz-Expires") != "600" {
		t.Errorf("expiry: got %q, want 600", q.Get("X-Amz-Expires"))
	}
	for k := range q {
		if strings.Contains(strings.ToLower(k), "checksum") {
			t.Errorf("got query parameter %s, want no checksum", k)
		}
	}
}

func TestInitFails(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{"/remat/local/jwt-public-key": authtest.PublicKeyPEM()})
	if _, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar)); err == nil || !strings.Contains(err.Error(), "cursor-key") {
		t.Errorf("missing cursor key: got %v, want an error naming cursor-key", err)
	}
}
