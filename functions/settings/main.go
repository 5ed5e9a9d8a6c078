// Command settings is the Lambda behind GET /api/v1/settings: the public
// configuration the SPA loads at start-up, with the site settings
// administrators change in the back office (notice banner, sign-ups open).
//
// Environment: the config package's global variables, plus the optional
// STRIPE_PUBLISHABLE_KEY, FEATURE_FLAGS and SOCIAL_PROVIDERS. SSM: only
// origin-secret, which lambdahttp.Start checks every request against, like
// every HTTP function's. DynamoDB: GetItem of the site settings item (package settings,
// keys.go), reused for settings.CacheTTL by a warm instance.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/shared/awsx"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/settings"
)

func main() { lambdahttp.Start("settings", newHandler) }

// newHandler wires config -> client -> store -> handler once per cold
// start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	cfg, err := config.Load(lookup)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	level.Set(cfg.LogLevel)
	awsCfg, err := awsx.Load(ctx, cfg.AWSRegion)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	site := settings.Cached(settings.NewSiteStore(dynamodb.NewFromConfig(awsCfg), cfg.TableName), settings.CacheTTL)
	return settings.NewSiteHandler(settings.FromConfig(cfg), site), nil
}
