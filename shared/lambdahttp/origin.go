package lambdahttp

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/awsx"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/secrets"
)

// OriginHeader is the header CloudFront adds to every request it forwards
// to the API (the distribution's origin custom header, valued from the SSM
// parameter origin-secret). The API's own execute-api endpoint is public:
// a caller who skips CloudFront could otherwise send any
// CloudFront-Viewer-Address and so choose the address every per-address
// rate limit counts against. Every HTTP function refuses a request
// without the secret.
const OriginHeader = "X-Origin-Verify"

// originRefresh is the least time between two reloads of the secrets from
// SSM: a request with an unknown value triggers one, so after a rotation
// warm instances learn the new value at the first request that carries it.
const originRefresh = 30 * time.Second

// OriginGuard admits requests carrying one of the accepted origin secrets
// (origin-secret, and origin-secret-previous during a rotation).
type OriginGuard struct {
	load func(ctx context.Context) ([]string, error)
	now  func() time.Time

	mu       sync.Mutex
	accepted []string
	loadedAt time.Time
}

// NewOriginGuard returns a guard whose accepted values come from load;
// it loads them once now, so a function without its secret fails its cold
// start instead of refusing every request.
func NewOriginGuard(ctx context.Context, load func(ctx context.Context) ([]string, error)) (*OriginGuard, error) {
	g := &OriginGuard{load: load, now: time.Now}
	if err := g.reload(ctx); err != nil {
		return nil, err
	}
	return g, nil
}

// SSMOriginSecrets loads origin-secret (required) and
// origin-secret-previous (optional) under prefix.
func SSMOriginSecrets(api secrets.GetParametersAPI, prefix string) func(context.Context) ([]string, error) {
	return func(ctx context.Context) ([]string, error) {
		v, err := secrets.LoadOptional(ctx, api, prefix, secrets.OriginSecret, secrets.OriginSecretPrevious)
		if err != nil {
			return nil, fmt.Errorf("lambdahttp: %w", err)
		}
		if v[secrets.OriginSecret] == "" {
			return nil, fmt.Errorf("lambdahttp: %w: %s/%s", secrets.ErrMissing, prefix, secrets.OriginSecret)
		}
		out := []string{v[secrets.OriginSecret]}
		if p := v[secrets.OriginSecretPrevious]; p != "" {
			out = append(out, p)
		}
		return out, nil
	}
}

func (g *OriginGuard) reload(ctx context.Context) error {
	values, err := g.load(ctx)
	if err != nil {
		return fmt.Errorf("lambdahttp: origin secret: %w", err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.accepted, g.loadedAt = values, g.now()
	return nil
}

func (g *OriginGuard) admits(v string) bool {
	if v == "" {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	ok := false
	for _, a := range g.accepted {
		if subtle.ConstantTimeCompare([]byte(v), []byte(a)) == 1 {
			ok = true
		}
	}
	return ok
}

// Middleware answers 403 forbidden (the JSON error vocabulary) to a request
// whose OriginHeader is missing or unknown, after one reload of the
// secrets if the last is older than originRefresh.
func (g *OriginGuard) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.Header.Get(OriginHeader)
		if !g.admits(v) && v != "" && g.stale() {
			if err := g.reload(r.Context()); err != nil {
				slog.ErrorContext(r.Context(), "lambdahttp: reload the origin secret", "err", err.Error())
			}
		}
		if !g.admits(v) {
			slog.WarnContext(r.Context(), "lambdahttp: request did not come through CloudFront",
				"method", r.Method, "path", r.URL.Path, "sourceIp", r.RemoteAddr, "hadHeader", v != "")
			httpx.Error(w, r, apperr.New(apperr.CodeForbidden, errors.New("lambdahttp: missing or wrong origin secret")))
			return
		}
		r.Header.Del(OriginHeader)
		next.ServeHTTP(w, r)
	})
}

func (g *OriginGuard) stale() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.now().Sub(g.loadedAt) >= originRefresh
}

// originGuardFromEnv builds the guard from the function's environment
// (AWS_REGION, SSM_PREFIX), like the functions' own wiring does.
func originGuardFromEnv(ctx context.Context, lookup config.LookupFunc) (*OriginGuard, error) {
	region, _ := lookup(config.EnvAWSRegion)
	prefix, _ := lookup(config.EnvSSMPrefix)
	if region == "" || prefix == "" {
		return nil, fmt.Errorf("lambdahttp: origin secret: %s and %s are required", config.EnvAWSRegion, config.EnvSSMPrefix)
	}
	awsCfg, err := awsx.Load(ctx, region)
	if err != nil {
		return nil, fmt.Errorf("lambdahttp: origin secret: %w", err)
	}
	return NewOriginGuard(ctx, SSMOriginSecrets(ssm.NewFromConfig(awsCfg), prefix))
}
