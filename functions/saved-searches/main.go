// Command saved-searches is the Lambda behind /api/v1/saved-searches:
// signed-in users save the product list's filters and manage their alerts;
// the unsubscribe link of an alert e-mail pauses one without a session.
//
// Environment: the config package's global variables.
// SSM (under SSM_PREFIX): jwt-public-key, cursor-key (also signs the
// unsubscribe links).
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
)

func main() { lambdahttp.Start("saved-searches", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level)
	if err != nil {
		return nil, fmt.Errorf("saved-searches: %w", err)
	}
	db := dynamodb.NewFromConfig(c.AWS)
	table := c.Config.TableName
	users := accounts.NewDynamoStore(db, table)
	// The catalogue resolves the searched locality (no photos, payments or
	// uploads are involved).
	places := catalog.NewService(catalog.NewStore(db, table), nil, nil, nil, nil)
	svc := alerts.NewService(alerts.NewStore(db, table), db, table, places, c.Cursors)
	return alerts.NewHandler(svc, c.Verifier.WithTokenVersions(users)), nil
}
