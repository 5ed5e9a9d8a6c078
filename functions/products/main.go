// Command products is the Lambda behind the catalogue routes: categories,
// brands and localities, the product search, ad details, similar ads and
// clicks, and the sellers' ads - drafts, publishing, status, photos with
// presigned uploads (shared/catalog).
//
// Environment: the config package's global variables plus UPLOAD_ENDPOINT
// (empty on AWS; the local cloud's "<site>/_s3") and S3_USE_PATH_STYLE.
// SSM (under SSM_PREFIX): jwt-public-key, cursor-key.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/ratelimit"
)

func main() { lambdahttp.Start("products", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level)
	if err != nil {
		return nil, fmt.Errorf("products: %w", err)
	}
	cfg, awsCfg, verifier, cursors := c.Config, c.AWS, c.Verifier, c.Cursors

	db := dynamodb.NewFromConfig(awsCfg)
	users := accounts.NewDynamoStore(db, cfg.TableName)
	s3Client := s3.NewFromConfig(awsCfg, func(o *s3.Options) { o.UsePathStyle = cfg.S3UsePathStyle })
	svc := catalog.NewService(
		catalog.NewStore(db, cfg.TableName).WithCursors(cursors),
		billing.NewDynamoStore(db, cfg.TableName),
		users,
		catalog.S3Blobs{Client: s3Client, Bucket: cfg.ImagesBucket},
		catalog.NewS3Uploads(s3Client, cfg.ImagesBucket, cfg.S3UsePathStyle),
	)
	// New ads are matched against the saved searches as they are published;
	// views are limited per client address.
	svc = svc.WithPublishListener(alerts.NewService(alerts.NewStore(db, cfg.TableName), db, cfg.TableName, svc, cursors)).
		WithLimiter(ratelimit.New(db, cfg.TableName))
	return catalog.NewHandler(svc, verifier.WithTokenVersions(users)), nil
}
