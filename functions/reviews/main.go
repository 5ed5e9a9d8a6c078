// Command reviews is the Lambda behind /api/v1/reviews, the public seller
// profile /api/v1/sellers/{id} (with the seller's ads and reviews) and the
// administrators' review queue /api/v1/admin/reviews.
//
// Environment: the config package's global variables plus
// REVIEW_WAIT_HOURS (the waiting period between a buyer's first message
// about an ad and their review; 48 when unset).
// SSM (under SSM_PREFIX): jwt-public-key, cursor-key.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
	"github.com/remat/remat/shared/reviews"
)

// envWaitHours names the waiting period's variable.
const envWaitHours = "REVIEW_WAIT_HOURS"

func main() { lambdahttp.Start("reviews", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	wait := reviews.DefaultWait
	if v, ok := lookup(envWaitHours); ok && v != "" {
		h, err := strconv.Atoi(v)
		if err != nil || h < 0 {
			return nil, fmt.Errorf("reviews: %s=%q: want whole hours, 0 or more", envWaitHours, v)
		}
		wait = time.Duration(h) * time.Hour
	}
	c, err := lambdahttp.LoadCommon(ctx, lookup, level)
	if err != nil {
		return nil, fmt.Errorf("reviews: %w", err)
	}
	db := dynamodb.NewFromConfig(c.AWS)
	table := c.Config.TableName
	users := accounts.NewDynamoStore(db, table)
	svc := reviews.NewService(reviews.NewStore(db, table, c.Cursors), users,
		catalog.NewStore(db, table).WithCursors(c.Cursors), audit.NewRecorder(db, table), wait)
	return reviews.NewHandler(svc, c.Verifier.WithTokenVersions(users)), nil
}
