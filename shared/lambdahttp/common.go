package lambdahttp

import (
	"context"
	"fmt"
	"log/slog"

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
// variables the function cannot run without), sets the log level from it,
// loads the AWS configuration and reads the JWT signing key and the cursor
// key from SSM. The verifier does not check token versions yet: callers
// add WithTokenVersions with their account store.
func LoadCommon(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar, required ...string) (Common, error) {
	cfg, err := config.Load(lookup, required...)
	if err != nil {
		return Common{}, fmt.Errorf("configuration: %w", err)
	}
	level.Set(cfg.LogLevel)
	awsCfg, err := awsx.Load(ctx, cfg.AWSRegion)
	if err != nil {
		return Common{}, fmt.Errorf("aws configuration: %w", err)
	}
	sec, err := secrets.Load(ctx, ssm.NewFromConfig(awsCfg), cfg.SSMPrefix, secrets.JWTSigningKey, secrets.CursorKey)
	if err != nil {
		return Common{}, fmt.Errorf("secrets: %w", err)
	}
	verifier, err := auth.NewVerifier([]byte(sec[secrets.JWTSigningKey]))
	if err != nil {
		return Common{}, fmt.Errorf("token verifier: %w", err)
	}
	cursors, err := ddb.NewCursors([]byte(sec[secrets.CursorKey]))
	if err != nil {
		return Common{}, fmt.Errorf("cursor signer: %w", err)
	}
	return Common{Config: cfg, AWS: awsCfg, Verifier: verifier, Cursors: cursors}, nil
}
