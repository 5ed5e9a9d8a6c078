package billing

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// The catalogue's side of subscriptions: one ad taken from a subscription
// when an ad is published (package catalog puts ConsumeAdUpdate in its
// publication's transaction).

// ConsumeAd takes one ad from uid's allowance at now: from the usable
// subscription (not a bundle, not expired, ads left) that expires first,
// with a conditional decrement, so parallel calls never go below zero. It
// returns the subscription as it is after the decrement, or an error
// wrapping ErrNoAllowance (apperr no_ad_allowance, 403) when none is usable.
func ConsumeAd(ctx context.Context, db DynamoAPI, table, uid string, now time.Time) (Subscription, error) {
	st := NewDynamoStore(db, table)
	subs, err := st.Subscriptions(ctx, uid)
	if err != nil {
		return Subscription{}, err
	}
	slices.SortStableFunc(subs, func(a, b Subscription) int { return a.ExpiresAt.Compare(b.ExpiresAt) })
	for _, sub := range subs {
		if sub.State(now) != StateValid || sub.Bundle {
			continue
		}
		u := ConsumeAdUpdate(table, uid, sub.ID, now)
		out, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression,
			ConditionExpression: u.ConditionExpression, ExpressionAttributeNames: u.ExpressionAttributeNames,
			ExpressionAttributeValues: u.ExpressionAttributeValues, ReturnValues: types.ReturnValueAllNew,
		})
		if ddb.IsConditionFailed(err) {
			continue // taken by a parallel call, or expired meanwhile
		}
		if err != nil {
			return Subscription{}, fmt.Errorf("billing: consume ad of %s from %s: %w", uid, sub.ID, err)
		}
		var it subItem
		if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
			return Subscription{}, fmt.Errorf("billing: consume ad of %s: %w", uid, err)
		}
		return it.subscription()
	}
	return Subscription{}, fmt.Errorf("billing: consume ad of %s: %w", uid, ErrNoAllowance)
}

// ConsumeAd is ConsumeAd on the store's table.
func (st *DynamoStore) ConsumeAd(ctx context.Context, uid string, now time.Time) (Subscription, error) {
	return ConsumeAd(ctx, st.db, st.table, uid, now)
}

// ErrNoAllowance means the seller holds no subscription with an ad left.
var ErrNoAllowance = apperr.New(apperr.CodeNoAdAllowance, nil)

// ConsumeAdUpdate is the conditional decrement of ConsumeAd as a
// transaction item: remainingAds - 1 if remainingAds > 0, the subscription
// has not expired at now and is not a bundle.
func ConsumeAdUpdate(table, uid, subID string, now time.Time) *types.Update {
	return &types.Update{
		TableName: aws.String(table), Key: ddb.Key(userPK(uid), subSK(subID)),
		UpdateExpression:         aws.String("SET remainingAds = remainingAds - :one"),
		ConditionExpression:      aws.String("remainingAds > :zero AND expiresAt > :now AND #b = :false"),
		ExpressionAttributeNames: map[string]string{"#b": "bundle"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": n(1), ":zero": n(0), ":now": s(ts(now)), ":false": &types.AttributeValueMemberBOOL{Value: false},
		},
	}
}
