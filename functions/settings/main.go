// Command settings is the Lambda behind GET /api/v1/settings: the public
// configuration the SPA loads at start-up.
//
// Environment: the config package's global variables, plus the optional
// STRIPE_PUBLISHABLE_KEY and FEATURE_FLAGS. No SSM secrets, no AWS calls.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/settings"
)

func main() {
	lambdahttp.Start("settings", func(_ context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
		return newHandler(lookup, level)
	})
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
