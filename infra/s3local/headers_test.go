package s3local

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// stored is what HEAD and GET answer of an object's stored headers.
type stored struct{ cacheControl, contentType, contentLanguage, expires string }

func headStored(t *testing.T, client *s3.Client, key string) (head, get stored) {
	t.Helper()
	ctx := context.Background()
	h, err := client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("head %s: %v", key, err)
	}
	g, err := client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	_, _ = io.Copy(io.Discard, g.Body)
	_ = g.Body.Close()
	return stored{aws.ToString(h.CacheControl), aws.ToString(h.ContentType), aws.ToString(h.ContentLanguage), aws.ToString(h.ExpiresString)},
		stored{aws.ToString(g.CacheControl), aws.ToString(g.ContentType), aws.ToString(g.ContentLanguage), aws.ToString(g.ExpiresString)}
}

// TestObjectsKeepTheirHeaders: an object answers the Cache-Control,
// Content-Type, Content-Language and Expires it was written with, however
// it was written, as S3 does; rewriting it replaces them.
func TestObjectsKeepTheirHeaders(t *testing.T) {
	const immutable = "public, max-age=31536000, immutable"
	const expires = "Thu, 01 Dec 2044 16:00:00 GMT"
	for _, backend := range []string{"memory", "disk"} {
		t.Run(backend, func(t *testing.T) {
			opts := Options{Buckets: []string{"images"}}
			if backend == "disk" {
				opts.DataDir = t.TempDir()
			}
			srv, err := Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = srv.Close() }()
			client := NewClient(srv.URL())
			ctx := context.Background()
			put := func(key, contentType, cacheControl string) {
				t.Helper()
				in := &s3.PutObjectInput{Bucket: aws.String("images"), Key: aws.String(key), Body: strings.NewReader("x"), ContentType: aws.String(contentType)}
				if cacheControl != "" {
					in.CacheControl = aws.String(cacheControl)
				}
				if _, err := client.PutObject(ctx, in); err != nil {
					t.Fatalf("put %s: %v", key, err)
				}
			}

			put("a/card.webp", "image/webp", immutable)
			if _, err := client.PutObject(ctx, &s3.PutObjectInput{
				Bucket: aws.String("images"), Key: aws.String("a/notice.txt"), Body: strings.NewReader("x"),
				ContentType: aws.String("text/plain"), CacheControl: aws.String("no-cache"),
				ContentLanguage: aws.String("fr-CH"), Expires: aws.Time(time.Date(2044, 12, 1, 16, 0, 0, 0, time.UTC)),
			}); err != nil {
				t.Fatal(err)
			}
			put("a/plain.jpg", "image/jpeg", "")
			put("a/rewritten.jpg", "image/jpeg", immutable)
			put("a/rewritten.jpg", "image/png", "") // S3 replaces every header
			if _, err := client.CopyObject(ctx, &s3.CopyObjectInput{
				Bucket: aws.String("images"), Key: aws.String("b/copied.webp"), CopySource: aws.String("images/a/card.webp"),
			}); err != nil {
				t.Fatal(err)
			}
			if _, err := client.CopyObject(ctx, &s3.CopyObjectInput{
				Bucket: aws.String("images"), Key: aws.String("b/replaced.webp"), CopySource: aws.String("images/a/card.webp"),
				MetadataDirective: types.MetadataDirectiveReplace, CacheControl: aws.String("max-age=60"), ContentType: aws.String("image/webp"),
			}); err != nil {
				t.Fatal(err)
			}
			up, err := client.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{
				Bucket: aws.String("images"), Key: aws.String("c/big.jpg"), ContentType: aws.String("image/jpeg"), CacheControl: aws.String(immutable),
			})
			if err != nil {
				t.Fatal(err)
			}
			part, err := client.UploadPart(ctx, &s3.UploadPartInput{
				Bucket: aws.String("images"), Key: aws.String("c/big.jpg"), UploadId: up.UploadId, PartNumber: aws.Int32(1), Body: strings.NewReader("jpeg"),
			})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := client.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{
				Bucket: aws.String("images"), Key: aws.String("c/big.jpg"), UploadId: up.UploadId,
				MultipartUpload: &types.CompletedMultipartUpload{Parts: []types.CompletedPart{{ETag: part.ETag, PartNumber: aws.Int32(1)}}},
			}); err != nil {
				t.Fatal(err)
			}

			tests := []struct {
				key  string
				want stored
			}{
				{"a/card.webp", stored{immutable, "image/webp", "", ""}},
				{"a/notice.txt", stored{"no-cache", "text/plain", "fr-CH", expires}},
				{"a/plain.jpg", stored{"", "image/jpeg", "", ""}},
				{"a/rewritten.jpg", stored{"", "image/png", "", ""}},
				{"b/copied.webp", stored{immutable, "image/webp", "", ""}},
				{"b/replaced.webp", stored{"max-age=60", "image/webp", "", ""}},
				{"c/big.jpg", stored{immutable, "image/jpeg", "", ""}},
			}
			for _, tt := range tests {
				head, get := headStored(t, client, tt.key)
				if head != tt.want || get != tt.want {
					t.Errorf("%s: HEAD %+v, GET %+v, want %+v", tt.key, head, get, tt.want)
				}
			}
		})
	}
}

// TestCarriedHeadersCannotBeSent: the emulator's internal header name is
// not a way to set a header a request did not send.
func TestCarriedHeadersCannotBeSent(t *testing.T) {
	srv, err := Start(Options{Buckets: []string{"images"}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Close() }()
	req, _ := http.NewRequest(http.MethodPut, srv.URL()+"/images/smuggled.jpg", strings.NewReader("x"))
	req.Header.Set("Content-Type", "image/jpeg")
	req.Header.Set(carriedPrefix+"Cache-Control", "max-age=999")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("put: got %d", resp.StatusCode)
	}
	head, _ := headStored(t, NewClient(srv.URL()), "smuggled.jpg")
	if head.cacheControl != "" {
		t.Errorf("Cache-Control: got %q, want none", head.cacheControl)
	}
	resp, err = http.Get(srv.URL() + "/images/smuggled.jpg")
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	for k := range resp.Header {
		if strings.HasPrefix(k, carriedPrefix) {
			t.Errorf("answer carries the internal header %s", k)
		}
	}
}

func TestCarryStoredHeaders(t *testing.T) {
	tests := []struct {
		method, target string
		renamed        bool
	}{
		{http.MethodPut, "/images/a.jpg", true},
		{http.MethodPost, "/images/a.jpg?uploads", true},
		{http.MethodPut, "/images/a.jpg?partNumber=1&uploadId=x", false},
		{http.MethodGet, "/images/a.jpg", false},
		{http.MethodPut, "/images", false}, // CreateBucket
	}
	for _, tt := range tests {
		r, _ := http.NewRequest(tt.method, "http://s3.local"+tt.target, nil)
		r.Header.Set("Cache-Control", "no-store")
		r.Header.Set("Expires", time.Unix(0, 0).UTC().Format(http.TimeFormat))
		carryStoredHeaders(r)
		_, carried := r.Header[carriedPrefix+"Cache-Control"]
		_, kept := r.Header["Cache-Control"]
		if carried != tt.renamed || kept == tt.renamed {
			t.Errorf("%s %s: carried %v, kept %v; want renamed %v", tt.method, tt.target, carried, kept, tt.renamed)
		}
	}
}
