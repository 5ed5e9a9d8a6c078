package catalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Blobs deletes objects of the images bucket (renditions and uploads).
// Deleting a key that does not exist succeeds.
type Blobs interface {
	Delete(ctx context.Context, keys []string) error
}

// Uploads presigns the browser's upload of one image.
type Uploads interface {
	// PresignPut returns a URL that accepts exactly one PUT of size bytes
	// of contentType at key until expires.
	PresignPut(ctx context.Context, key, contentType string, size int64, expires time.Duration) (string, error)
}

// S3DeleteAPI is the part of the S3 client S3Blobs uses.
type S3DeleteAPI interface {
	DeleteObject(ctx context.Context, in *s3.DeleteObjectInput, optFns ...func(*s3.Options)) (*s3.DeleteObjectOutput, error)
}

// S3Blobs implements Blobs on a bucket, one DeleteObject per key (the
// keys of an ad are a few dozen; DeleteObjects would need checksums the
// local emulator does not compute).
type S3Blobs struct {
	Client S3DeleteAPI
	Bucket string
}

var _ Blobs = S3Blobs{}

// Delete implements Blobs; it tries every key and joins the failures.
func (b S3Blobs) Delete(ctx context.Context, keys []string) error {
	var errs []error
	for _, k := range keys {
		if !strings.HasPrefix(k, uploadsPrefix) && !strings.HasPrefix(k, productsPrefix) {
			errs = append(errs, fmt.Errorf("catalog: refusing to delete %q: not a product image key", k))
			continue
		}
		if _, err := b.Client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(b.Bucket), Key: aws.String(k)}); err != nil {
			errs = append(errs, fmt.Errorf("catalog: delete %s: %w", k, err))
		}
	}
	return errors.Join(errs...)
}

// S3Uploads implements Uploads with S3 presigned PutObject requests whose
// signature covers Content-Type and Content-Length, so S3 refuses a body
// of another type or size than declared.
type S3Uploads struct {
	Presigner *s3.PresignClient
	Bucket    string
}

var _ Uploads = S3Uploads{}

// NewS3Uploads returns presigned uploads into bucket, addressed like the
// client addresses S3 (the bucket's own host on AWS; the local cloud's S3
// emulator, path-style, locally: another origin than the site in both
// cases, which the bucket's CORS rule allows). No checksum is added: a
// checksum computed at presign time would be the empty body's and fail
// every upload.
func NewS3Uploads(client *s3.Client, bucket string, pathStyle bool) S3Uploads {
	p := s3.NewPresignClient(client, func(o *s3.PresignOptions) {
		o.ClientOptions = append(o.ClientOptions, func(o *s3.Options) {
			o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
			o.UsePathStyle = pathStyle
		})
	})
	return S3Uploads{Presigner: p, Bucket: bucket}
}

// PresignPut implements Uploads.
func (u S3Uploads) PresignPut(ctx context.Context, key, contentType string, size int64, expires time.Duration) (string, error) {
	req, err := u.Presigner.PresignPutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(u.Bucket), Key: aws.String(key), ContentType: aws.String(contentType), ContentLength: aws.Int64(size),
	}, s3.WithPresignExpires(expires))
	if err != nil {
		return "", fmt.Errorf("catalog: presign upload %s: %w", key, err)
	}
	if req.Method != http.MethodPut {
		return "", fmt.Errorf("catalog: presign upload %s: got method %s", key, req.Method)
	}
	return req.URL, nil
}
