package pages

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// ShellKey is the SPA build's index.html in the web bucket.
const ShellKey = "index.html"

// ShellRefresh is how often a warm function looks for a new index.html: a
// deployment of the SPA shows within it.
const ShellRefresh = time.Minute

// maxShellBytes bounds index.html.
const maxShellBytes = 1 << 20

// GetObjectAPI is the S3 call BucketShell needs.
type GetObjectAPI interface {
	GetObject(ctx context.Context, in *s3.GetObjectInput, opts ...func(*s3.Options)) (*s3.GetObjectOutput, error)
}

// BucketShell reads index.html (and the build's preloads.json) from the
// web bucket, keeps them and reads index.html again every ShellRefresh
// (both again only when its ETag changed: every build changes it). When a
// refresh fails it keeps serving the last good one.
type BucketShell struct {
	client GetObjectAPI
	bucket string
	now    func() time.Time

	mu      sync.Mutex
	shell   *Shell
	etag    string
	checked time.Time
}

// NewBucketShell returns a ShellSource on bucket's index.html.
func NewBucketShell(client GetObjectAPI, bucket string) *BucketShell {
	return &BucketShell{client: client, bucket: bucket, now: time.Now}
}

// Shell returns the current index.html.
func (b *BucketShell) Shell(ctx context.Context) (*Shell, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if b.shell != nil && now.Sub(b.checked) < ShellRefresh {
		return b.shell, nil
	}
	shell, etag, err := b.read(ctx)
	if err != nil {
		if b.shell != nil {
			b.checked = now // try again after the next interval
			return b.shell, nil
		}
		return nil, err
	}
	if shell != nil {
		b.shell, b.etag = shell, etag
	}
	b.checked = now
	return b.shell, nil
}

// read fetches index.html; a nil shell means it is unchanged.
func (b *BucketShell) read(ctx context.Context) (*Shell, string, error) {
	out, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(ShellKey)})
	if err != nil {
		return nil, "", fmt.Errorf("pages: read s3://%s/%s: %w", b.bucket, ShellKey, err)
	}
	defer func() { _ = out.Body.Close() }()
	etag := aws.ToString(out.ETag)
	if b.shell != nil && etag != "" && etag == b.etag {
		return nil, etag, nil
	}
	data, err := io.ReadAll(io.LimitReader(out.Body, maxShellBytes+1))
	if err != nil {
		return nil, "", fmt.Errorf("pages: read s3://%s/%s: %w", b.bucket, ShellKey, err)
	}
	if len(data) > maxShellBytes {
		return nil, "", fmt.Errorf("pages: s3://%s/%s is over %d bytes", b.bucket, ShellKey, maxShellBytes)
	}
	shell, err := ParseShell(data)
	if err != nil {
		return nil, "", err
	}
	// The build's preloads, written with index.html; a build without them
	// is served without preloads.
	if pre, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(PreloadsKey)}); err == nil {
		data, readErr := io.ReadAll(io.LimitReader(pre.Body, maxShellBytes))
		_ = pre.Body.Close()
		if readErr == nil {
			if withPreloads, err := shell.WithPreloads(data); err == nil {
				shell = withPreloads
			}
		}
	}
	return shell, etag, nil
}
