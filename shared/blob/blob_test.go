package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/blob"
)

func TestPutGetDelete(t *testing.T) {
	client, bucket := testcloud.S3(t)
	store := blob.New(client, bucket)
	ctx := context.Background()
	key := blob.NewAvatarKey("01JUSER", time.Now())
	body := bytes.Repeat([]byte{0xFF, 0xD8, 0xFF, 0x00}, 4096)

	if err := store.Put(ctx, key, "image/jpeg", body, blob.ImmutableCacheControl); err != nil {
		t.Fatalf("put: %v", err)
	}
	out, err := client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	got, err := io.ReadAll(out.Body)
	_ = out.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, body) {
		t.Errorf("body: got %d bytes, want the %d bytes put", len(got), len(body))
	}
	if ct := aws.ToString(out.ContentType); ct != "image/jpeg" {
		t.Errorf("content type: got %q, want %q", ct, "image/jpeg")
	}
	// The S3 emulator keeps Cache-Control as S3 does (infra/s3local).
	if cc := aws.ToString(out.CacheControl); cc != blob.ImmutableCacheControl {
		t.Errorf("cache control: got %q, want %q", cc, blob.ImmutableCacheControl)
	}

	if err := store.Delete(ctx, key); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)}); err == nil {
		t.Error("head after delete: got the object, want not found")
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Errorf("delete again: got %v, want nil", err)
	}
}

// recorder is a fake API that keeps the inputs it was given.
type recorder struct {
	put *s3.PutObjectInput
	del *s3.DeleteObjectInput
	err error
}

func (r *recorder) PutObject(_ context.Context, in *s3.PutObjectInput, _ ...func(*s3.Options)) (*s3.PutObjectOutput, error) {
	r.put = in
	return &s3.PutObjectOutput{}, r.err
}

func (r *recorder) DeleteObject(_ context.Context, in *s3.DeleteObjectInput, _ ...func(*s3.Options)) (*s3.DeleteObjectOutput, error) {
	r.del = in
	return &s3.DeleteObjectOutput{}, r.err
}

func TestPutInput(t *testing.T) {
	rec := &recorder{}
	store := blob.New(rec, "bucket")
	body := []byte("jpeg bytes")
	if err := store.Put(context.Background(), "images/a.jpg", "image/jpeg", body, blob.ImmutableCacheControl); err != nil {
		t.Fatal(err)
	}
	in := rec.put
	if aws.ToString(in.Bucket) != "bucket" || aws.ToString(in.Key) != "images/a.jpg" {
		t.Errorf("target: got %s/%s, want bucket/images/a.jpg", aws.ToString(in.Bucket), aws.ToString(in.Key))
	}
	if got := aws.ToString(in.CacheControl); got != blob.ImmutableCacheControl {
		t.Errorf("cache control: got %q, want %q", got, blob.ImmutableCacheControl)
	}
	if got := aws.ToInt64(in.ContentLength); got != int64(len(body)) {
		t.Errorf("content length: got %d, want %d", got, len(body))
	}
	if _, ok := in.Body.(io.Seeker); !ok {
		t.Errorf("body: got %T, want a seekable reader", in.Body)
	}

	rec.err = errors.New("throttled")
	if err := store.Delete(context.Background(), "images/a.jpg"); err == nil || !errors.Is(err, rec.err) {
		t.Errorf("delete: got %v, want the cause wrapped", err)
	}
	if aws.ToString(rec.del.Key) != "images/a.jpg" {
		t.Errorf("delete key: got %q, want images/a.jpg", aws.ToString(rec.del.Key))
	}
}

func TestPutEmptyBodyAndNoCacheControl(t *testing.T) {
	client, bucket := testcloud.S3(t)
	store := blob.New(client, bucket)
	ctx := context.Background()
	if err := store.Put(ctx, "images/empty.txt", "text/plain", nil, ""); err != nil {
		t.Fatalf("put: %v", err)
	}
	out, err := client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(bucket), Key: aws.String("images/empty.txt")})
	if err != nil {
		t.Fatalf("head: %v", err)
	}
	if n := aws.ToInt64(out.ContentLength); n != 0 {
		t.Errorf("length: got %d, want 0", n)
	}
	if cc := aws.ToString(out.CacheControl); cc != "" {
		t.Errorf("cache control: got %q, want none", cc)
	}
}

func TestConcurrentPuts(t *testing.T) {
	client, bucket := testcloud.S3(t)
	store := blob.New(client, bucket)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Go(func() {
			body := bytes.Repeat([]byte{byte(i)}, 1000+i)
			errs <- store.Put(context.Background(), blob.NewAvatarKey("u", time.Now()), "image/jpeg", body, "")
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

func TestUnknownBucketFails(t *testing.T) {
	client, _ := testcloud.S3(t)
	store := blob.New(client, "no-such-bucket-remat")
	err := store.Put(context.Background(), "images/x.jpg", "image/jpeg", []byte("x"), "")
	if err == nil || !strings.Contains(err.Error(), "blob: put images/x.jpg") {
		t.Errorf("got %v, want a wrapped put error", err)
	}
}

func TestInvalidKeys(t *testing.T) {
	store := blob.New(nil, "unused") // never reached: keys are checked first
	for _, key := range []string{"", "/images/a.jpg", "avatars/a.jpg", "images/", "web/index.html"} {
		if err := store.Put(context.Background(), key, "image/jpeg", []byte("x"), ""); !errors.Is(err, blob.ErrInvalidKey) {
			t.Errorf("Put(%q): got %v, want ErrInvalidKey", key, err)
		}
		if err := store.Delete(context.Background(), key); !errors.Is(err, blob.ErrInvalidKey) {
			t.Errorf("Delete(%q): got %v, want ErrInvalidKey", key, err)
		}
	}
}

func TestAvatarKeys(t *testing.T) {
	now := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	key := blob.NewAvatarKey("01JABCUSER", now)
	if !strings.HasPrefix(key, "images/avatars/01JABCUSER/") || !strings.HasSuffix(key, ".jpg") {
		t.Errorf("got %q, want images/avatars/01JABCUSER/<ulid>.jpg", key)
	}
	if other := blob.NewAvatarKey("01JABCUSER", now); other == key {
		t.Errorf("two keys: got %q twice, want distinct keys", key)
	}
	if got, want := blob.PublicPath(key), "/"+key; got != want {
		t.Errorf("PublicPath: got %q, want %q", got, want)
	}
	if got := blob.PublicPath(""); got != "" {
		t.Errorf("PublicPath(\"\"): got %q, want \"\"", got)
	}

	tests := []struct {
		uid, key string
		want     bool
	}{
		{"01JABCUSER", key, true},
		{"01JOTHER", key, false},
		{"01JABC", key, false},
		{"", key, false},
		{"01JABCUSER", "images/avatars/01JABCUSER/not-a-ulid.jpg", false},
		{"01JABCUSER", strings.TrimSuffix(key, ".jpg") + ".png", false},
		{"01JABCUSER", "images/avatars/01JABCUSER/../other/" + key[len(key)-30:], false},
		{"a/b", "images/avatars/a/b/" + key[len(key)-30:], false},
	}
	for _, tt := range tests {
		if got := blob.IsAvatarKeyOf(tt.uid, tt.key); got != tt.want {
			t.Errorf("IsAvatarKeyOf(%q, %q): got %v, want %v", tt.uid, tt.key, got, tt.want)
		}
	}
}
