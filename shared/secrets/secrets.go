// Package secrets loads SecureString parameters from SSM Parameter Store at
// cold start. Secrets never live in template.yaml or the environment; the
// environment only says where they are (SSM_PREFIX).
package secrets

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
)

// Parameter names under SSM_PREFIX.
const (
	JWTSigningKey       = "jwt-signing-key"
	CursorKey           = "cursor-key"
	StripeSecretKey     = "stripe-secret-key"
	StripeWebhookSecret = "stripe-webhook-secret" //nolint:gosec // a parameter name, not a credential
	// AdminSetupSecret enables POST /auth/create-admin (optional).
	AdminSetupSecret = "admin-setup-secret" //nolint:gosec // a parameter name, not a credential
)

// OAuthClientID and OAuthClientSecret name a social provider's credentials
// ("oauth-google-client-id", ...); both optional: a provider without them
// is hidden.
func OAuthClientID(provider string) string { return "oauth-" + provider + "-client-id" }

// OAuthClientSecret names a provider's client secret (see OAuthClientID).
func OAuthClientSecret(provider string) string { return "oauth-" + provider + "-client-secret" }

// maxPerCall is SSM's limit on names in one GetParameters call.
const maxPerCall = 10

// GetParametersAPI is the part of the SSM client Load needs.
type GetParametersAPI interface {
	GetParameters(ctx context.Context, in *ssm.GetParametersInput, optFns ...func(*ssm.Options)) (*ssm.GetParametersOutput, error)
}

// Values maps a parameter name (without prefix, e.g. JWTSigningKey) to its
// decrypted value. Every requested name is present and non-empty.
type Values map[string]string

// Load fetches names under prefix with one GetParameters call
// (WithDecryption). It fails naming every parameter that is missing or
// empty, so a fresh environment is fixed in one pass.
func Load(ctx context.Context, api GetParametersAPI, prefix string, names ...string) (Values, error) {
	if len(names) == 0 {
		return Values{}, nil
	}
	if len(names) > maxPerCall {
		return nil, fmt.Errorf("secrets: load %d parameters: at most %d per call", len(names), maxPerCall)
	}
	full := make([]string, len(names))
	for i, n := range names {
		full[i] = path.Join(prefix, n)
	}
	out, err := api.GetParameters(ctx, &ssm.GetParametersInput{Names: full, WithDecryption: aws.Bool(true)})
	if err != nil {
		return nil, fmt.Errorf("secrets: get parameters under %s: %w", prefix, err)
	}
	got := make(map[string]string, len(out.Parameters))
	for _, p := range out.Parameters {
		got[aws.ToString(p.Name)] = aws.ToString(p.Value)
	}
	vals := make(Values, len(names))
	var missing []string
	for i, n := range names {
		v := got[full[i]]
		if v == "" {
			missing = append(missing, full[i])
			continue
		}
		vals[n] = v
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return nil, fmt.Errorf("secrets: %w: %s", ErrMissing, strings.Join(missing, ", "))
	}
	return vals, nil
}

// LoadOptional fetches names under prefix like Load, but a missing or
// empty parameter is simply absent from the result: for settings that
// switch a feature on (the admin setup secret, social providers).
func LoadOptional(ctx context.Context, api GetParametersAPI, prefix string, names ...string) (Values, error) {
	vals := Values{}
	for start := 0; start < len(names); start += maxPerCall {
		batch := names[start:min(start+maxPerCall, len(names))]
		full := make([]string, len(batch))
		for i, n := range batch {
			full[i] = path.Join(prefix, n)
		}
		out, err := api.GetParameters(ctx, &ssm.GetParametersInput{Names: full, WithDecryption: aws.Bool(true)})
		if err != nil {
			return nil, fmt.Errorf("secrets: get optional parameters under %s: %w", prefix, err)
		}
		got := make(map[string]string, len(out.Parameters))
		for _, p := range out.Parameters {
			got[aws.ToString(p.Name)] = aws.ToString(p.Value)
		}
		for i, n := range batch {
			if v := got[full[i]]; v != "" {
				vals[n] = v
			}
		}
	}
	return vals, nil
}

// ErrMissing is wrapped by Load's error when a parameter is absent or empty.
var ErrMissing = errors.New("missing or empty parameters")
