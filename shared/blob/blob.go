// Package blob stores public images in the images bucket.
//
// CloudFront serves the bucket under /images/* with the object key as the
// path, so every key starts with "images/" and the public path of an object
// is "/" + key. Keys are immutable: a new picture gets a new key (a ULID),
// which is why objects may be cached for a year.
//
// Bodies are byte slices sent as seekable readers with an explicit length:
// the SDK can then sign the payload over plain HTTP, which the local S3
// emulator needs (see docs/local-cloud.md).
package blob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/oklog/ulid/v2"
)

// ImmutableCacheControl is the Cache-Control of objects whose key never
// gets new content (every avatar).
const ImmutableCacheControl = "public, max-age=31536000, immutable"

// Key prefixes. The CloudFront behaviour /images/* maps onto the first.
const (
	ImagesPrefix  = "images/"
	AvatarsPrefix = ImagesPrefix + "avatars/"
)

// API is the part of the S3 client the store uses (*s3.Client satisfies it).
type API interface {
	PutObject(ctx context.Context, in *s3.PutObjectInput, optFns ...func(*s3.Options)) (*s3.PutObjectOutput, error)
	DeleteObject(ctx context.Context, in *s3.DeleteObjectInput, optFns ...func(*s3.Options)) (*s3.DeleteObjectOutput, error)
}

var _ API = (*s3.Client)(nil)

// Store writes and deletes objects of one bucket. It is safe for concurrent
// use.
type Store struct {
	client API
	bucket string
}

// New returns a Store for bucket.
func New(client API, bucket string) *Store {
	return &Store{client: client, bucket: bucket}
}

// ErrInvalidKey is returned for an empty key, a key with a leading slash or
// a key outside ImagesPrefix.
var ErrInvalidKey = errors.New("blob: invalid key")

// Put stores body under key with the given Content-Type and Cache-Control
// (none when cacheControl is empty), replacing any object with that key.
func (s *Store) Put(ctx context.Context, key, contentType string, body []byte, cacheControl string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	in := &s3.PutObjectInput{
		Bucket:        aws.String(s.bucket),
		Key:           aws.String(key),
		Body:          bytes.NewReader(body),
		ContentLength: aws.Int64(int64(len(body))),
		ContentType:   aws.String(contentType),
	}
	if cacheControl != "" {
		in.CacheControl = aws.String(cacheControl)
	}
	if _, err := s.client.PutObject(ctx, in); err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	return nil
}

// Delete removes the object under key. Deleting a key that does not exist
// succeeds, as on S3.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if _, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
	}); err != nil {
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}

func checkKey(key string) error {
	if !strings.HasPrefix(key, ImagesPrefix) || len(key) == len(ImagesPrefix) {
		return fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	return nil
}

// NewAvatarKey returns a fresh key for an avatar of user uid:
// images/avatars/<uid>/<ulid>.jpg, the ULID taken at now.
func NewAvatarKey(uid string, now time.Time) string {
	id := ulid.MustNew(ulid.Timestamp(now), ulid.DefaultEntropy())
	return AvatarsPrefix + uid + "/" + id.String() + ".jpg"
}

// IsAvatarKeyOf reports whether key is an avatar key of user uid, as made
// by NewAvatarKey. Check it before deleting a key read from storage.
func IsAvatarKeyOf(uid, key string) bool {
	if uid == "" || strings.Contains(uid, "/") {
		return false
	}
	rest, ok := strings.CutPrefix(key, AvatarsPrefix+uid+"/")
	if !ok {
		return false
	}
	name, ok := strings.CutSuffix(rest, ".jpg")
	if !ok {
		return false
	}
	_, err := ulid.ParseStrict(name)
	return err == nil
}

// PublicPath is the site path that serves key ("/" + key), or "" for an
// empty key.
func PublicPath(key string) string {
	if key == "" {
		return ""
	}
	return "/" + key
}
