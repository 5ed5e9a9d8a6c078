// Command account is the Lambda behind /api/v1/account: the signed-in
// user's rights over their data under the nFADP - the export of their data
// as one JSON document and the deletion of their account (shared/privacy).
//
// Environment: the config package's global variables plus SITE_URL (on AWS: the SSM parameter site-url) and
// S3_USE_PATH_STYLE.
// SSM (under SSM_PREFIX): jwt-public-key, cursor-key.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/favourites"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/privacy"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reviews"
)

func main() { lambdahttp.Start("account", newHandler) }

// newHandler wires config -> clients -> stores -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("account: %w", err)
	}
	cfg, awsCfg, verifier, cursors := c.Config, c.AWS, c.Verifier, c.Cursors

	db := dynamodb.NewFromConfig(awsCfg)
	s3Client := s3.NewFromConfig(awsCfg, func(o *s3.Options) { o.UsePathStyle = cfg.S3UsePathStyle })
	users := accounts.NewDynamoStore(db, cfg.TableName)
	limiter := ratelimit.New(db, cfg.TableName)
	sender := mail.NewSESSender(sesv2.NewFromConfig(awsCfg))
	// This function issues no tokens and stores no avatars: the accounts
	// service is here to check the password that confirms a deletion.
	confirmer := accounts.NewService(users, limiter, sender, nil, nil, nil, accounts.Options{From: cfg.MailFrom, SiteURL: cfg.SiteURL})
	svc := privacy.NewService(privacy.Deps{
		Users: users, Confirmer: confirmer,
		Ads:           catalog.NewStore(db, cfg.TableName).WithCursors(cursors),
		AdBlobs:       catalog.S3Blobs{Client: s3Client, Bucket: cfg.ImagesBucket},
		Avatars:       blob.New(s3Client, cfg.ImagesBucket),
		Requests:      contactreq.NewDynamoStore(db, cfg.TableName, cursors),
		Favourites:    favourites.NewStore(db, cfg.TableName, cursors),
		SavedSearches: alerts.NewStore(db, cfg.TableName),
		Reviews:       reviews.NewStore(db, cfg.TableName, cursors),
		Billing:       billing.NewDynamoStore(db, cfg.TableName),
		DB:            db, Table: cfg.TableName,
		Audit:   audit.NewRecorder(db, cfg.TableName),
		Limiter: limiter, Sender: sender,
	}, privacy.Options{From: cfg.MailFrom, SiteURL: cfg.SiteURL})
	// Tokens are checked against the account's current version and status,
	// so a deleted account's sessions end at once.
	return privacy.NewHandler(svc, verifier.WithTokenVersions(users)), nil
}
