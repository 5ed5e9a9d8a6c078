package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// shellPublisher keeps the web bucket's index.html (and preloads.json)
// equal to the SPA build's, as a deployment does on AWS (the pages function reads the page
// shell from there): at start and whenever the build changes it.
type shellPublisher struct {
	client *s3.Client
	bucket string
	file   string
	log    *slog.Logger

	modTime time.Time
	size    int64
}

// shellPollInterval is how often a rebuilt index.html is looked for.
const shellPollInterval = 2 * time.Second

func newShellPublisher(client *s3.Client, bucket, webDir string, log *slog.Logger) *shellPublisher {
	return &shellPublisher{client: client, bucket: bucket, file: filepath.Join(webDir, "index.html"), log: log}
}

// publish uploads index.html when it changed since the last upload; a
// missing build is not an error (the site then says how to build it).
func (p *shellPublisher) publish(ctx context.Context) error {
	st, err := os.Stat(p.file)
	if err != nil {
		return nil //nolint:nilerr // no build yet: nothing to publish
	}
	if st.ModTime().Equal(p.modTime) && st.Size() == p.size {
		return nil
	}
	data, err := os.ReadFile(p.file)
	if err != nil {
		return fmt.Errorf("localcloud: read %s: %w", p.file, err)
	}
	// The preloads first: the pages function reads them when index.html changed.
	if pre, err := os.ReadFile(filepath.Join(filepath.Dir(p.file), "preloads.json")); err == nil {
		if err := p.put(ctx, "preloads.json", "application/json", pre); err != nil {
			return err
		}
	}
	if err := p.put(ctx, "index.html", "text/html; charset=utf-8", data); err != nil {
		return err
	}
	p.modTime, p.size = st.ModTime(), st.Size()
	return nil
}

// watch publishes every change until ctx ends.
func (p *shellPublisher) watch(ctx context.Context) {
	t := time.NewTicker(shellPollInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := p.publish(ctx); err != nil {
				p.log.Warn("localcloud: web build", "err", err.Error())
			}
		}
	}
}

func (p *shellPublisher) put(ctx context.Context, key, contentType string, data []byte) error {
	if _, err := p.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(p.bucket), Key: aws.String(key), Body: bytes.NewReader(data),
		ContentType: aws.String(contentType), CacheControl: aws.String("no-cache"),
	}); err != nil {
		return fmt.Errorf("localcloud: publish %s to %s: %w", key, p.bucket, err)
	}
	return nil
}
