// Package awsx loads the AWS SDK configuration once per cold start. Each
// function then builds only the service clients it uses
// (dynamodb.NewFromConfig, ...), so a binary links only those services.
//
// Endpoints and checksum behaviour are never set in code: the SDK reads
// AWS_ENDPOINT_URL_DYNAMODB / _S3 / _SESV2 / _SSM and
// AWS_REQUEST_CHECKSUM_CALCULATION / AWS_RESPONSE_CHECKSUM_VALIDATION from
// the environment, which the local cloud sets and AWS leaves unset. The same
// binary therefore talks to AWS or to the emulators.
package awsx

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
)

// Load returns the SDK configuration for region from the default chain
// (environment, shared files, the Lambda role). Call it once at cold start;
// extra options are for tests (for example static credentials).
func Load(ctx context.Context, region string, optFns ...func(*awsconfig.LoadOptions) error) (aws.Config, error) {
	opts := append([]func(*awsconfig.LoadOptions) error{awsconfig.WithRegion(region)}, optFns...)
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("awsx: load config for region %s: %w", region, err)
	}
	return cfg, nil
}
