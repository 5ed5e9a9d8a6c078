// Command admin is the Lambda behind /api/v1/admin/*: the administrators'
// back office - the ad report queue, users (search, detail, status,
// verification e-mail), the category tree and the brand list, the plans
// sellers buy, the site settings (notice banner, sign-ups open) and the
// audit log.
//
// Environment: the config package's global variables plus SITE_URL (on AWS: the SSM parameter site-url).
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
	"github.com/remat/remat/shared/admin"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reports"
	"github.com/remat/remat/shared/settings"
)

func main() { lambdahttp.Start("admin", newHandler) }

// newHandler wires config -> clients -> stores -> services -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("admin: %w", err)
	}
	cfg, awsCfg, verifier, cursors := c.Config, c.AWS, c.Verifier, c.Cursors

	db := dynamodb.NewFromConfig(awsCfg)
	users := accounts.NewDynamoStore(db, cfg.TableName)
	ads := catalog.NewStore(db, cfg.TableName).WithCursors(cursors)
	sender := mail.NewSESSender(sesv2.NewFromConfig(awsCfg))
	limiter := ratelimit.New(db, cfg.TableName)
	recorder := audit.NewRecorder(db, cfg.TableName)
	// The back office issues no tokens and stores no avatars: the accounts
	// service is here for its verification e-mail only.
	mails := accounts.NewService(users, limiter, sender, nil, nil, nil, accounts.Options{From: cfg.MailFrom, SiteURL: cfg.SiteURL})
	adminSvc := admin.NewService(db, cfg.TableName, cursors, users, ads, mails, recorder)
	reportsSvc := reports.NewService(reports.NewDynamoStore(db, cfg.TableName, cursors), ads, users, adminSvc, limiter,
		sender, recorder, reports.Options{From: cfg.MailFrom, SiteURL: cfg.SiteURL})
	// Tokens are checked against the account's current version and status:
	// a suspended or logged-out administrator is refused at once.
	return admin.NewHandler(adminSvc, reportsSvc, audit.NewLog(db, cfg.TableName, cursors), verifier.WithTokenVersions(users),
		admin.TaxonomySection(catalog.NewTaxonomy(ads, recorder), users),
		admin.PlansSection(billing.NewPlanAdmin(db, cfg.TableName, users, recorder)),
		admin.SiteSettingsSection(admin.NewSiteSettings(settings.NewSiteStore(db, cfg.TableName), users, recorder))), nil
}
