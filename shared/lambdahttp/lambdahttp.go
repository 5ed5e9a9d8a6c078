// Package lambdahttp is the common main of Remat's HTTP functions: JSON
// logs, one wiring call per cold start, then the API Gateway v2 adapter in
// front of the wired http.Handler. Each functions/<name>/main.go keeps only
// its own wiring (config -> clients -> store -> service -> handler).
package lambdahttp

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/logging"
)

// Build wires a function's handler from its environment; it may set the
// log level from configuration.
type Build func(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error)

// RequestReserve is the part of every invocation's time its handler does
// not get (httpx.Budget): what a function keeps, after a dependency
// stalled until the handler's deadline, to undo half-done writes and
// answer 503 before its timeout.
const RequestReserve = 2 * time.Second

// Start runs the function named name: it installs the JSON logger, calls
// build once, and serves API Gateway v2 events with the result behind the
// OriginGuard, so only requests that came through CloudFront reach it (the
// guard's secrets load from SSM while build runs), each with the deadline
// of httpx.Budget(RequestReserve). A build or guard error
// is a Lambda init error: it is logged and the process exits 1, so the
// runtime reports it and retries the cold start. Start does not return.
func Start(name string, build Build) {
	level := new(slog.LevelVar)
	slog.SetDefault(logging.New(os.Stderr, level))
	ctx := context.Background()
	type guarded struct {
		g   *OriginGuard
		err error
	}
	guard := make(chan guarded, 1)
	go func() {
		g, err := originGuardFromEnv(ctx, os.LookupEnv)
		guard <- guarded{g, err}
	}()
	h, err := build(ctx, os.LookupEnv, level)
	gd := <-guard
	if err == nil {
		err = gd.err
	}
	if err != nil {
		slog.Error(name+": init failed", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(httpadapter.NewV2(httpx.Budget(RequestReserve)(gd.g.Middleware(h))).ProxyWithContext)
}
