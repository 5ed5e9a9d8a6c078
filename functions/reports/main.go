// Command reports is the Lambda behind /api/v1/reports: visitors report an
// ad (public POST; a bearer token, when sent, links the report to the
// account). The administrators' side is in the admin function.
//
// Environment: the config package's global variables plus CONTACT_INBOX
// (notified of every report) and SITE_URL.
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
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reports"
)

func main() { lambdahttp.Start("reports", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level, config.EnvContactInbox, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	cfg, awsCfg, verifier, cursors := c.Config, c.AWS, c.Verifier, c.Cursors

	db := dynamodb.NewFromConfig(awsCfg)
	users := accounts.NewDynamoStore(db, cfg.TableName)
	svc := reports.NewService(
		reports.NewDynamoStore(db, cfg.TableName, cursors),
		catalog.NewStore(db, cfg.TableName),
		users, nil,
		ratelimit.New(db, cfg.TableName),
		mail.NewSESSender(sesv2.NewFromConfig(awsCfg)),
		audit.NewRecorder(db, cfg.TableName),
		reports.Options{From: cfg.MailFrom, Inbox: cfg.ContactInbox, SiteURL: cfg.SiteURL},
	)
	return reports.NewHandler(svc, verifier.WithTokenVersions(users)), nil
}
