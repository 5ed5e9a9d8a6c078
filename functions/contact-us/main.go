// Command contact-us is the Lambda behind /api/v1/contact-us: the public
// contact form (POST), the administrators' list of messages (GET) and
// marking one handled or reopening it (PATCH /api/v1/contact-us/{id}).
//
// Environment: the config package's global variables plus CONTACT_INBOX.
// SSM (under SSM_PREFIX): jwt-public-key, cursor-key.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/contactus"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

func main() { lambdahttp.Start("contact-us", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level, config.EnvContactInbox)
	if err != nil {
		return nil, fmt.Errorf("contact-us: %w", err)
	}
	cfg, awsCfg, verifier, cursors := c.Config, c.AWS, c.Verifier, c.Cursors

	db := dynamodb.NewFromConfig(awsCfg)
	// Tokens are checked against the account's current version and status,
	// so a logged-out or suspended admin cannot list messages.
	users := accounts.NewDynamoStore(db, cfg.TableName)
	verifier = verifier.WithTokenVersions(users)
	store := contactus.NewDynamoStore(db, cfg.TableName, cursors)
	svc := contactus.NewService(
		store,
		ratelimit.New(db, cfg.TableName),
		mail.NewSESSender(sesv2.NewFromConfig(awsCfg)),
		contactus.Options{From: cfg.MailFrom, Inbox: cfg.ContactInbox},
	).WithInbox(store, users, audit.NewRecorder(db, cfg.TableName))
	return contactus.NewHandler(svc, verifier), nil
}
