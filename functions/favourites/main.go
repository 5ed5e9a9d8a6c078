// Command favourites is the Lambda behind /api/v1/wishlist: signed-in
// users save ads, list them with what became of each, and remove them.
//
// Environment: the config package's global variables.
// SSM (under SSM_PREFIX): jwt-public-key, cursor-key.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/favourites"
	"github.com/remat/remat/shared/lambdahttp"
)

func main() { lambdahttp.Start("favourites", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	c, err := lambdahttp.LoadCommon(ctx, lookup, level)
	if err != nil {
		return nil, fmt.Errorf("favourites: %w", err)
	}
	db := dynamodb.NewFromConfig(c.AWS)
	users := accounts.NewDynamoStore(db, c.Config.TableName)
	svc := favourites.NewService(favourites.NewStore(db, c.Config.TableName, c.Cursors), catalog.NewStore(db, c.Config.TableName))
	// Tokens are checked against the account's current version and status.
	return favourites.NewHandler(svc, c.Verifier.WithTokenVersions(users)), nil
}
