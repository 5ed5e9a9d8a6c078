package invoice

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// KeyPrefix is where invoice PDFs live in the images bucket. It is outside
// the images/ prefix CloudFront serves, so no public path reaches them.
const KeyPrefix = "private/invoices/"

// URLValidity is how long a presigned download URL works.
const URLValidity = 5 * time.Minute

// ContentType is the Content-Type of every stored PDF.
const ContentType = "application/pdf"

// PutAPI is the part of the S3 client Store writes with (*s3.Client).
type PutAPI interface {
	PutObject(ctx context.Context, in *s3.PutObjectInput, optFns ...func(*s3.Options)) (*s3.PutObjectOutput, error)
}

// PresignAPI presigns downloads (*s3.PresignClient).
type PresignAPI interface {
	PresignGetObject(ctx context.Context, in *s3.GetObjectInput, optFns ...func(*s3.PresignOptions)) (*v4.PresignedHTTPRequest, error)
}

var (
	_ PutAPI     = (*s3.Client)(nil)
	_ PresignAPI = (*s3.PresignClient)(nil)
)

// Store keeps invoice PDFs in one bucket. It is safe for concurrent use.
type Store struct {
	put     PutAPI
	presign PresignAPI
	bucket  string
}

// NewStore returns a Store writing with client to bucket and presigning
// with s3.NewPresignClient(client), so URLs use the client's endpoint
// (AWS_ENDPOINT_URL_S3 locally) and credentials.
func NewStore(client *s3.Client, bucket string) *Store {
	return NewStoreWith(client, s3.NewPresignClient(client), bucket)
}

// NewStoreWith returns a Store from its parts (fakes in tests).
func NewStoreWith(put PutAPI, presign PresignAPI, bucket string) *Store {
	return &Store{put: put, presign: presign, bucket: bucket}
}

// ErrInvalidKey is returned for a user or invoice id that cannot be part
// of a key, and by PresignURL for a key outside KeyPrefix.
var ErrInvalidKey = errors.New("invoice: invalid key")

// Key is the object key of invoice invoiceID of user uid:
// private/invoices/<uid>/<invoiceID>.pdf. Both ids must be non-empty and
// hold no "/" or "..".
func Key(uid, invoiceID string) (string, error) {
	for _, id := range []string{uid, invoiceID} {
		if id == "" || strings.ContainsAny(id, "/\\") || strings.Contains(id, "..") {
			return "", fmt.Errorf("%w: id %q", ErrInvalidKey, id)
		}
	}
	return KeyPrefix + uid + "/" + invoiceID + ".pdf", nil
}

// Put stores pdf as the invoice invoiceID of user uid and returns its key.
// Putting the same invoice again replaces the object (RenderPDF is
// deterministic, so a retried settlement writes the same bytes).
func (s *Store) Put(ctx context.Context, uid, invoiceID string, pdf []byte) (string, error) {
	key, err := Key(uid, invoiceID)
	if err != nil {
		return "", err
	}
	// A seekable body with a known length: the SDK signs the payload over
	// plain HTTP, which the local S3 emulator needs.
	if _, err := s.put.PutObject(ctx, &s3.PutObjectInput{
		Bucket:             aws.String(s.bucket),
		Key:                aws.String(key),
		Body:               bytes.NewReader(pdf),
		ContentLength:      aws.Int64(int64(len(pdf))),
		ContentType:        aws.String(ContentType),
		ContentDisposition: aws.String(disposition(key)),
		CacheControl:       aws.String("private, no-store"),
	}); err != nil {
		return "", fmt.Errorf("invoice: put %s: %w", key, err)
	}
	return key, nil
}

// Save renders inv (see RenderPDF) and stores it for user uid; it returns
// the object key.
func (s *Store) Save(ctx context.Context, uid string, inv Invoice) (string, error) {
	pdf, err := RenderPDF(inv)
	if err != nil {
		return "", err
	}
	return s.Put(ctx, uid, inv.ID, pdf)
}

// PresignURL returns a GET URL for key valid for URLValidity, with the
// response typed application/pdf and offered as a download named after
// the object. Only keys under KeyPrefix are presigned; the caller checks
// that the requester owns the invoice. Presigning is local computation:
// it neither reads the object nor proves that it exists.
func (s *Store) PresignURL(ctx context.Context, key string) (string, error) {
	if !strings.HasPrefix(key, KeyPrefix) || strings.Contains(key, "..") || !strings.HasSuffix(key, ".pdf") {
		return "", fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{
		Bucket:                     aws.String(s.bucket),
		Key:                        aws.String(key),
		ResponseContentType:        aws.String(ContentType),
		ResponseContentDisposition: aws.String(disposition(key)),
	}, s3.WithPresignExpires(URLValidity))
	if err != nil {
		return "", fmt.Errorf("invoice: presign %s: %w", key, err)
	}
	return req.URL, nil
}

func disposition(key string) string {
	return `attachment; filename="` + path.Base(key) + `"`
}
