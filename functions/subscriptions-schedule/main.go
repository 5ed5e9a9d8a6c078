// Command subscriptions-schedule is the Lambda EventBridge invokes every
// hour (template.yaml: a Schedule event, rate(1 hour)): it marks expired
// subscriptions and e-mails the reminders due seven days before expiry
// (shared/subscriptions), and expires the ads whose run has ended, taking
// them out of search (shared/catalog). It has no HTTP route.
//
// Environment: the config package's global variables plus SITE_URL (on AWS: the SSM parameter site-url) (the
// base of the links in the reminder). No secrets.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/logging"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/subscriptions"
)

func main() {
	level := new(slog.LevelVar)
	slog.SetDefault(logging.New(os.Stderr, level))
	h, err := newHandler(context.Background(), os.LookupEnv, level, time.Now)
	if err != nil {
		slog.Error("subscriptions-schedule: init failed", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(h)
}

// handler runs one pass per scheduled event.
type handler func(ctx context.Context, ev events.CloudWatchEvent) error

// newHandler wires config -> clients -> store -> service once per cold
// start. now is the clock: the run's time is the invocation's, not the
// event's, so a redelivered old event does no stale work.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar, now func() time.Time) (handler, error) {
	cfg, awsCfg, err := lambdahttp.LoadConfig(ctx, lookup, level, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("subscriptions-schedule: %w", err)
	}
	db := dynamodb.NewFromConfig(awsCfg)
	svc := subscriptions.NewService(
		subscriptions.NewDynamoStore(db, cfg.TableName),
		accounts.NewDynamoStore(db, cfg.TableName),
		mail.NewSESSender(sesv2.NewFromConfig(awsCfg)),
		subscriptions.Options{From: cfg.MailFrom, SiteURL: cfg.SiteURL},
	)
	ads := catalog.NewStore(db, cfg.TableName)
	return func(ctx context.Context, ev events.CloudWatchEvent) error {
		slog.InfoContext(ctx, "subscriptions-schedule: event", "id", ev.ID, "source", ev.Source, "time", ev.Time)
		at := now()
		_, subsErr := svc.Run(ctx, at)
		expired, adsErr := ads.ExpireDue(ctx, at)
		slog.InfoContext(ctx, "subscriptions-schedule: ads expired", "count", expired)
		if err := errors.Join(subsErr, adsErr); err != nil {
			// Returning the error fails the invocation: EventBridge's
			// retry and the next hourly run redo only what is not done.
			return fmt.Errorf("subscriptions-schedule: %w", err)
		}
		return nil
	}, nil
}
