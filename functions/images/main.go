// Command images is the Lambda S3 invokes for every object created under
// uploads/ of the images bucket (template.yaml: an S3 event, prefix
// uploads/): it turns a seller's uploaded photo into the thumb, card and
// large renditions, JPEG and WebP (the WebP encoder runs in WebAssembly:
// build with the nodynamic tag, as LAMBDA_GOFLAGS does, to keep the binary
// static), and marks the image ready, or failed with a reason
// (shared/imageproc). It has no HTTP route.
//
// Environment: the config package's global variables; IMAGES_BUCKET is
// the bucket's name (the template cannot reference the bucket that
// notifies this function). No secrets.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/shared/awsx"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/imageproc"
	"github.com/remat/remat/shared/logging"
)

func main() {
	level := new(slog.LevelVar)
	slog.SetDefault(logging.New(os.Stderr, level))
	h, err := newHandler(context.Background(), os.LookupEnv, level)
	if err != nil {
		slog.Error("images: init failed", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(h)
}

// handler processes one S3 event.
type handler func(ctx context.Context, ev events.S3Event) error

// newHandler wires config -> clients -> store -> processor once per cold
// start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (handler, error) {
	cfg, err := config.Load(lookup)
	if err != nil {
		return nil, fmt.Errorf("images: %w", err)
	}
	level.Set(cfg.LogLevel)
	awsCfg, err := awsx.Load(ctx, cfg.AWSRegion)
	if err != nil {
		return nil, fmt.Errorf("images: %w", err)
	}
	store := catalog.NewStore(dynamodb.NewFromConfig(awsCfg), cfg.TableName)
	objects := s3.NewFromConfig(awsCfg, func(o *s3.Options) { o.UsePathStyle = cfg.S3UsePathStyle })
	return imageproc.New(store, objects, cfg.ImagesBucket, time.Now).HandleEvent, nil
}
