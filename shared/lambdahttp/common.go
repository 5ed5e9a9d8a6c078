package lambdahttp

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/awsx"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/secrets"
)

// Common is what most API functions wire first: the configuration, the
// AWS configuration, the access-token verifier and the cursor signer.
type Common struct {
	Config   config.Config
	AWS      aws.Config
	Verifier *auth.Verifier
	Cursors  *ddb.Cursors
}

// LoadCommon loads the configuration (required names the environment
// variables the function cannot run without; see LoadConfig for SITE_URL),
// sets the log level from it, loads the AWS configuration and reads the
// token public key (jwt-public-key) and the cursor key from SSM; it never
// reads the private signing key, which only the auth function holds. The
// verifier does not check token versions yet: callers add
// WithTokenVersions with their account store.
func LoadCommon(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar, required ...string) (Common, error) {
	cfg, awsCfg, sec, err := load(ctx, lookup, level, required, secrets.JWTPublicKey, secrets.CursorKey)
	if err != nil {
		return Common{}, err
	}
	pub, err := auth.ParsePublicKey(sec[secrets.JWTPublicKey])
	if err != nil {
		return Common{}, fmt.Errorf("token verifier: %s/%s: %w", cfg.SSMPrefix, secrets.JWTPublicKey, err)
	}
	verifier, err := auth.NewVerifier(pub)
	if err != nil {
		return Common{}, fmt.Errorf("token verifier: %w", err)
	}
	cursors, err := ddb.NewCursors([]byte(sec[secrets.CursorKey]))
	if err != nil {
		return Common{}, fmt.Errorf("cursor signer: %w", err)
	}
	return Common{Config: cfg, AWS: awsCfg, Verifier: verifier, Cursors: cursors}, nil
}

// LoadConfig loads the configuration (required names the environment
// variables the function cannot run without), sets the log level from it
// and loads the AWS configuration. A required SITE_URL that the
// environment does not set is read from the SSM parameter site-url, which
// the stack writes once the distribution exists (on AWS the environment
// never has it: naming the distribution there would be a circular
// dependency; tests and tools may still set it).
func LoadConfig(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar, required ...string) (config.Config, aws.Config, error) {
	cfg, awsCfg, _, err := load(ctx, lookup, level, required)
	return cfg, awsCfg, err
}

// load is LoadConfig that also reads names from SSM, in the same call as
// site-url.
func load(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar, required []string, names ...string) (config.Config, aws.Config, secrets.Values, error) {
	siteFromSSM := false
	if v, _ := lookup(config.EnvSiteURL); strings.TrimSpace(v) == "" && slices.Contains(required, config.EnvSiteURL) {
		siteFromSSM = true
		required = slices.DeleteFunc(slices.Clone(required), func(k string) bool { return k == config.EnvSiteURL })
		names = append(names, secrets.SiteURL)
	}
	cfg, err := config.Load(lookup, required...)
	if err != nil {
		return config.Config{}, aws.Config{}, nil, fmt.Errorf("configuration: %w", err)
	}
	level.Set(cfg.LogLevel)
	awsCfg, err := awsx.Load(ctx, cfg.AWSRegion)
	if err != nil {
		return config.Config{}, aws.Config{}, nil, fmt.Errorf("aws configuration: %w", err)
	}
	sec := secrets.Values{}
	if len(names) > 0 {
		if sec, err = secrets.Load(ctx, ssm.NewFromConfig(awsCfg), cfg.SSMPrefix, names...); err != nil {
			return config.Config{}, aws.Config{}, nil, fmt.Errorf("secrets: %w", err)
		}
	}
	if siteFromSSM {
		cfg.SiteURL = strings.TrimRight(sec[secrets.SiteURL], "/")
		if err := cfg.Validate(config.EnvSiteURL); err != nil {
			return config.Config{}, aws.Config{}, nil, fmt.Errorf("configuration: %s/%s: %w", cfg.SSMPrefix, secrets.SiteURL, err)
		}
	}
	return cfg, awsCfg, sec, nil
}
