// Command pages is the Lambda behind the site's HTML routes (CloudFront's
// default behaviour, the HTTP API's GET / and GET /{proxy+}): each public
// page as the SPA's index.html with its title, description, canonical URL,
// language alternates, Open Graph card and structured data, and the API
// answers its first render needs inlined; the redirects of the language
// rules, 404 and 410 pages, robots.txt and the sitemaps (shared/pages).
// The inlined answers come from the API's own handlers run in-process
// (catalogue and settings), so they are exactly what the browser would
// get.
//
// Environment: the config package's global variables plus WEB_BUCKET (the
// SPA build, whose index.html is the page shell). SSM (under SSM_PREFIX):
// jwt-public-key, cursor-key, site-url. Reads only: DynamoDB GetItem,
// Query and BatchGetItem; S3 GetObject of the web bucket's index.html.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apiroutes"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/pages"
	"github.com/remat/remat/shared/search"
	"github.com/remat/remat/shared/settings"
)

func main() { lambdahttp.Start("pages", newHandler) }

// envWebBucket names the bucket holding the SPA build.
const envWebBucket = "WEB_BUCKET"

// newHandler wires config -> clients -> stores -> API handlers -> pages
// once per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("pages: %w", err)
	}
	cfg, awsCfg, verifier, cursors := c.Config, c.AWS, c.Verifier, c.Cursors
	webBucket, _ := lookup(envWebBucket)
	if webBucket == "" {
		return nil, errors.New("pages: " + envWebBucket + " is required")
	}

	db := dynamodb.NewFromConfig(awsCfg)
	s3Client := s3.NewFromConfig(awsCfg, func(o *s3.Options) { o.UsePathStyle = cfg.S3UsePathStyle })
	users := accounts.NewDynamoStore(db, cfg.TableName)
	store := catalog.NewStore(db, cfg.TableName).WithCursors(cursors)
	svc := catalog.NewService(store, billing.NewDynamoStore(db, cfg.TableName), users,
		catalog.S3Blobs{Client: s3Client, Bucket: cfg.ImagesBucket},
		catalog.NewS3Uploads(s3Client, cfg.ImagesBucket, cfg.S3UsePathStyle))

	// The API's own handlers, for the answers the pages inline.
	api := http.NewServeMux()
	api.Handle("GET /api/v1/settings", settings.NewSiteHandler(settings.FromConfig(cfg),
		settings.Cached(settings.NewSiteStore(db, cfg.TableName), settings.CacheTTL)))
	api.Handle("/api/v1/", catalog.NewHandler(svc, verifier.WithTokenVersions(users)))

	sitemaps, err := pages.NewSitemaps(search.NewSitemapSource(db, cfg.TableName), cfg.SiteURL, time.Now)
	if err != nil {
		return nil, fmt.Errorf("pages: %w", err)
	}
	h, err := pages.NewHandler(pages.Config{
		SiteURL:     cfg.SiteURL,
		API:         pages.HandlerAPI{Handler: api},
		Gone:        svc,
		Shell:       pages.NewBucketShell(s3Client, webBucket),
		Sitemaps:    sitemaps,
		APIFallback: apiroutes.NewHandler(),
	})
	if err != nil {
		return nil, fmt.Errorf("pages: %w", err)
	}
	return httpx.Chain(withRoute(h), httpx.RequestID, httpx.AccessLog, httpx.Defaults, httpx.Recover), nil
}

// withRoute names the request's route of template.yaml (GET or HEAD, / or
// /{proxy+}) in r.Pattern, as a ServeMux would, so the access log says
// which one served it. (A ServeMux cannot hold these four: "GET /" and
// "GET /{proxy...}" match the same requests.)
func withRoute(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := "/{proxy...}"
		if r.URL.Path == "/" {
			path = "/"
		}
		r.Pattern = r.Method + " " + path
		next.ServeHTTP(w, r)
	})
}
