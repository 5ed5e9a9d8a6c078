// Command not-found is the Lambda behind the HTTP API's $default route: it
// answers every request no other route serves in the API's JSON error
// envelope (package apiroutes): 404 not_found for an unknown path, 405
// method_not_allowed with Allow for a known path and another method.
//
// Environment: the config package's global variables. SSM: only
// origin-secret, which lambdahttp.Start checks every request against, like
// every HTTP function's. No other AWS call.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/remat/remat/shared/apiroutes"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
)

func main() { lambdahttp.Start("not-found", newHandler) }

// newHandler reads the configuration once per cold start.
func newHandler(_ context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	cfg, err := config.Load(lookup)
	if err != nil {
		return nil, fmt.Errorf("not-found: %w", err)
	}
	level.Set(cfg.LogLevel)
	return apiroutes.NewHandler(), nil
}
