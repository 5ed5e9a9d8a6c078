package billing

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/shared/ddb"
)

// ImportSubscription writes sub as granted outside a payment (the local
// demo sellers of infra/seed), unless a subscription with its id already
// exists for its user: then nothing changes, so a seed that runs again
// never refills an allowance the seller has used. It reports whether the
// item was written. No order, payment or invoice is recorded.
func ImportSubscription(ctx context.Context, db DynamoAPI, table string, sub Subscription) (bool, error) {
	if sub.ID == "" || sub.UserID == "" || !sub.StartsAt.Before(sub.ExpiresAt) {
		return false, fmt.Errorf("billing: import subscription %q: want an id, a user and startsAt before expiresAt", sub.ID)
	}
	item, err := marshal(toSubItem(sub))
	if err != nil {
		return false, err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(table), Item: item, ConditionExpression: aws.String(notExists),
	})
	if ddb.IsConditionFailed(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("billing: import subscription %s of %s: %w", sub.ID, sub.UserID, err)
	}
	return true, nil
}
