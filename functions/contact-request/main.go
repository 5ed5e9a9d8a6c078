// Command contact-request is the Lambda behind /api/v1/contact-request:
// buyers write to the seller of an ad (POST, public) and sellers read and
// manage the requests they received (GET, GET/PATCH/DELETE {id}).
//
// Environment: the config package's global variables plus SITE_URL (on AWS: the SSM parameter site-url) (the
// base of the links in the seller's e-mail).
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
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

func main() { lambdahttp.Start("contact-request", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("contact-request: %w", err)
	}
	cfg, awsCfg, verifier, cursors := c.Config, c.AWS, c.Verifier, c.Cursors

	db := dynamodb.NewFromConfig(awsCfg)
	users := accounts.NewDynamoStore(db, cfg.TableName)
	// Tokens are checked against the account's current version and status,
	// so a logged-out or suspended seller cannot read requests.
	verifier = verifier.WithTokenVersions(users)
	svc := contactreq.NewService(
		contactreq.NewDynamoStore(db, cfg.TableName, cursors),
		catalog.NewStore(db, cfg.TableName),
		users,
		ratelimit.New(db, cfg.TableName),
		mail.NewSESSender(sesv2.NewFromConfig(awsCfg)),
		contactreq.Options{From: cfg.MailFrom, SiteURL: cfg.SiteURL},
	)
	return contactreq.NewHandler(svc, verifier), nil
}
