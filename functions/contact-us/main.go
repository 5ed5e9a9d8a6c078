// Command contact-us is the Lambda behind /api/v1/contact-us: the public
// contact form (POST) and the administrators' list of messages (GET).
//
// Environment: the config package's global variables plus CONTACT_INBOX.
// SSM (under SSM_PREFIX): jwt-signing-key, cursor-key.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/awsx"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/contactus"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/secrets"
)

func main() { lambdahttp.Start("contact-us", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	cfg, err := config.Load(lookup, config.EnvContactInbox)
	if err != nil {
		return nil, fmt.Errorf("contact-us: %w", err)
	}
	level.Set(cfg.LogLevel)

	awsCfg, err := awsx.Load(ctx, cfg.AWSRegion)
	if err != nil {
		return nil, fmt.Errorf("contact-us: %w", err)
	}
	sec, err := secrets.Load(ctx, ssm.NewFromConfig(awsCfg), cfg.SSMPrefix, secrets.JWTSigningKey, secrets.CursorKey)
	if err != nil {
		return nil, fmt.Errorf("contact-us: %w", err)
	}
	verifier, err := auth.NewVerifier([]byte(sec[secrets.JWTSigningKey]))
	if err != nil {
		return nil, fmt.Errorf("contact-us: %w", err)
	}
	cursors, err := ddb.NewCursors([]byte(sec[secrets.CursorKey]))
	if err != nil {
		return nil, fmt.Errorf("contact-us: %w", err)
	}

	db := dynamodb.NewFromConfig(awsCfg)
	// Tokens are checked against the account's current version and status,
	// so a logged-out or suspended admin cannot list messages.
	verifier = verifier.WithTokenVersions(accounts.NewDynamoStore(db, cfg.TableName))
	svc := contactus.NewService(
		contactus.NewDynamoStore(db, cfg.TableName, cursors),
		ratelimit.New(db, cfg.TableName),
		mail.NewSESSender(sesv2.NewFromConfig(awsCfg)),
		contactus.Options{From: cfg.MailFrom, Inbox: cfg.ContactInbox},
	)
	return contactus.NewHandler(svc, verifier), nil
}
