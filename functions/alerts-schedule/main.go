// Command alerts-schedule is the Lambda EventBridge invokes every ten
// minutes (template.yaml: a Schedule event): it e-mails the saved searches
// with new matching ads whose time has come (shared/alerts: instant ones
// at most hourly, daily digests from 7:00 Swiss time). It has no HTTP
// route.
//
// Environment: the config package's global variables plus SITE_URL (on AWS: the SSM parameter site-url) (the
// base of the links in the e-mails).
// SSM (under SSM_PREFIX): jwt-public-key, cursor-key (signs the
// unsubscribe links).
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	_ "time/tzdata" // the Swiss time of the daily digest, whatever the runtime ships

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/logging"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

func main() {
	level := new(slog.LevelVar)
	slog.SetDefault(logging.New(os.Stderr, level))
	h, err := newHandler(context.Background(), os.LookupEnv, level, time.Now)
	if err != nil {
		slog.Error("alerts-schedule: init failed", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(h)
}

// handler runs one pass per scheduled event.
type handler func(ctx context.Context, ev events.CloudWatchEvent) error

// newHandler wires config -> clients -> store -> sender once per cold
// start; now is the clock (the run's time is the invocation's).
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar, now func() time.Time) (handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level, config.EnvSiteURL)
	if err != nil {
		return nil, fmt.Errorf("alerts-schedule: %w", err)
	}
	db := dynamodb.NewFromConfig(c.AWS)
	table := c.Config.TableName
	svc := alerts.NewService(alerts.NewStore(db, table), db, table, nil, c.Cursors)
	sender, err := alerts.NewSender(svc, accounts.NewDynamoStore(db, table), mail.NewSESSender(sesv2.NewFromConfig(c.AWS)),
		ratelimit.New(db, table), c.Config.MailFrom, c.Config.SiteURL)
	if err != nil {
		return nil, fmt.Errorf("alerts-schedule: %w", err)
	}
	return func(ctx context.Context, ev events.CloudWatchEvent) error {
		st, err := sender.Run(ctx, now())
		slog.InfoContext(ctx, "alerts-schedule: run", "event", ev.ID, "due", st.Due, "sent", st.Sent, "waiting", st.Waiting, "skipped", st.Skipped)
		if err != nil {
			return fmt.Errorf("alerts-schedule: %w", err)
		}
		return nil
	}, nil
}
