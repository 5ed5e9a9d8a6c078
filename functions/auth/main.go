// Command auth is the Lambda behind /api/v1/auth/*: sign-up, e-mail
// verification, login, the current user and profile, password change and
// reset, logout, the first-admin bootstrap and the avatar upload.
//
// Environment: the config package's global variables plus SITE_URL (on AWS: the SSM parameter site-url).
// SSM (under SSM_PREFIX): jwt-signing-key (required: the Ed25519 private
// key, PKCS#8 PEM; this function issues tokens and verifies them with its
// public half, so it needs no jwt-public-key); admin-setup-secret
// (optional: absent disables create-admin); for each provider of
// SOCIAL_PROVIDERS, oauth-<provider>-client-id and -client-secret
// (optional: absent hides the provider). OAUTH_<PROVIDER>_ISSUER sets the
// OpenID issuers.
package main

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/secrets"
	"github.com/remat/remat/shared/settings"
	"github.com/remat/remat/shared/social"
)

// TokenTTL is the lifetime of access tokens.
const TokenTTL = 7 * 24 * time.Hour

func main() { lambdahttp.Start("auth", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	cfg, awsCfg, err := lambdahttp.LoadConfig(ctx, lookup, level, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("auth: %w", err)
	}
	ssmClient := ssm.NewFromConfig(awsCfg)
	sec, err := secrets.Load(ctx, ssmClient, cfg.SSMPrefix, secrets.JWTSigningKey)
	if err != nil {
		return nil, fmt.Errorf("auth: %w", err)
	}
	optionalNames := []string{secrets.AdminSetupSecret}
	for _, p := range cfg.SocialProviders {
		optionalNames = append(optionalNames, secrets.OAuthClientID(p), secrets.OAuthClientSecret(p))
	}
	optional, err := secrets.LoadOptional(ctx, ssmClient, cfg.SSMPrefix, optionalNames...)
	if err != nil {
		return nil, fmt.Errorf("auth: %w", err)
	}
	key, err := auth.ParsePrivateKey(sec[secrets.JWTSigningKey])
	if err != nil {
		return nil, fmt.Errorf("auth: %s/%s: %w", cfg.SSMPrefix, secrets.JWTSigningKey, err)
	}
	issuer, err := auth.NewIssuer(key, TokenTTL)
	if err != nil {
		return nil, fmt.Errorf("auth: %w", err)
	}
	verifier, err := auth.NewVerifier(key.Public().(ed25519.PublicKey))
	if err != nil {
		return nil, fmt.Errorf("auth: %w", err)
	}

	db := dynamodb.NewFromConfig(awsCfg)
	store := accounts.NewDynamoStore(db, cfg.TableName)
	s3Client := s3.NewFromConfig(awsCfg, func(o *s3.Options) { o.UsePathStyle = cfg.S3UsePathStyle })
	svc := accounts.NewService(store, ratelimit.New(db, cfg.TableName), mail.NewSESSender(sesv2.NewFromConfig(awsCfg)),
		issuer, imaging.Avatar, blob.New(s3Client, cfg.ImagesBucket),
		accounts.Options{
			From: cfg.MailFrom, SiteURL: cfg.SiteURL, AdminSetupSecret: optional[secrets.AdminSetupSecret],
			Signups: settings.NewSiteStore(db, cfg.TableName),
		})
	socialCfg := socialConfig(cfg, optional, key.Seed(), social.NewDynamoHandovers(db, cfg.TableName))
	return accounts.NewHandler(svc, verifier.WithTokenVersions(store), socialCfg), nil
}

// socialConfig enables each provider of SOCIAL_PROVIDERS whose client id
// is in SSM; the others answer 404. The sign-in cookie key is derived from
// signingSeed, the seed of the token signing key (see social.CookieKeyFrom),
// so the cookie needs no secret of its own.
func socialConfig(cfg config.Config, sec secrets.Values, signingSeed []byte, handovers social.Handovers) social.Config {
	sc := social.Config{
		SiteURL: cfg.SiteURL, Providers: map[string]social.ProviderConfig{}, CookieKey: social.CookieKeyFrom(signingSeed),
		Handovers: handovers,
	}
	for _, p := range cfg.SocialProviders {
		sc.Providers[p] = social.ProviderConfig{
			Issuer:       cfg.OAuthIssuers[p],
			ClientID:     sec[secrets.OAuthClientID(p)],
			ClientSecret: sec[secrets.OAuthClientSecret(p)],
		}
	}
	return sc
}
