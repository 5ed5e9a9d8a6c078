// Command settings is the Lambda behind GET /api/v1/settings: the public
// configuration the SPA loads at start-up.
//
// Environment: the config package's global variables, plus the optional
// STRIPE_PUBLISHABLE_KEY and FEATURE_FLAGS. No SSM secrets, no AWS calls.
package main

import (
	"fmt"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/logging"
	"github.com/remat/remat/shared/settings"
)

func main() {
	level := new(slog.LevelVar)
	slog.SetDefault(logging.New(os.Stderr, level))
	h, err := newHandler(os.LookupEnv, level)
	if err != nil {
		slog.Error("settings: init failed", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(httpadapter.NewV2(h).ProxyWithContext)
}

// newHandler wires config -> handler once per cold start.
func newHandler(lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	cfg, err := config.Load(lookup)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	level.Set(cfg.LogLevel)
	return settings.NewHandler(settings.FromConfig(cfg)), nil
}
