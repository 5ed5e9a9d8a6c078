package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Moderation: what the back office does to ads (package reports and
// package admin call these).
//
//	Deactivate an ad (report resolved with deactivate_ad)
//	    TransactWriteItems [Update AD#id/AD SET status = inactive REMOVE
//	    GSI3 keys IF status = active (DeactivateUpdate), the report's
//	    writes, the audit entry], then SyncIndex
//	Hide a seller's ads (account suspended or banned)
//	    Query GSI1 GSI1PK=SELLER#uid, then per active ad UpdateItem SET
//	    sellerHidden = true IF status = active, then SyncIndex (unindexes)
//	Show them again (account active again)
//	    Query GSI1 GSI1PK=SELLER#uid [FilterExpression sellerHidden = true],
//	    per ad UpdateItem REMOVE sellerHidden, then SyncIndex (indexes the
//	    ones still active, so exactly the ads hidden come back)

// DeactivateUpdate is the transaction action that sets the active ad a
// (as read) inactive, the status the owner's toggle sets, for a caller
// that writes more in the same TransactWriteItems (the report it
// resolves, the audit entry). It fails its condition when the ad is no
// longer active. After the transaction the caller must call SyncIndex.
func (s *Store) DeactivateUpdate(a Ad, now time.Time) *types.Update {
	return &types.Update{
		TableName: aws.String(s.table), Key: ddb.Key(adPK(a.ID), skAd),
		UpdateExpression:         aws.String("SET #st = :inactive, updatedAt = :now REMOVE GSI3PK, GSI3SK"),
		ConditionExpression:      aws.String(exists + " AND #st = :active"),
		ExpressionAttributeNames: map[string]string{"#st": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":inactive": str(StatusInactive), ":active": str(StatusActive), ":now": str(ddb.Time(now)),
		},
	}
}

// HideSellerAds hides every active ad of sellerID (SellerHidden) and takes
// it out of search. Ads that are not active are left alone, so showing
// the seller's ads again brings back exactly the ones hidden here. It is
// idempotent and returns how many ads this call hid; on an error the ads
// done so far stay done and a new call completes the rest.
func (s *Store) HideSellerAds(ctx context.Context, sellerID string, now time.Time) (int, error) {
	ads, err := s.sellerAdStates(ctx, sellerID, false)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, a := range ads {
		if a.Status != StatusActive {
			continue
		}
		if !a.Hidden {
			_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
				TableName: aws.String(s.table), Key: ddb.Key(adPK(a.ID), skAd),
				UpdateExpression:          aws.String("SET sellerHidden = :true, updatedAt = :now"),
				ConditionExpression:       aws.String(exists + " AND #st = :active AND sellerId = :uid"),
				ExpressionAttributeNames:  map[string]string{"#st": "status"},
				ExpressionAttributeValues: map[string]types.AttributeValue{":true": &types.AttributeValueMemberBOOL{Value: true}, ":active": str(StatusActive), ":uid": str(sellerID), ":now": str(ddb.Time(now))},
			})
			if ddb.IsConditionFailed(err) {
				continue // deactivated, expired or deleted meanwhile: nothing to hide
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("catalog: hide ad %s: %w", a.ID, err))
				continue
			}
			n++
		}
		if err := s.SyncIndex(ctx, a.ID); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return n, fmt.Errorf("catalog: hide ads of %s: %w", sellerID, err)
	}
	return n, nil
}

// ShowSellerAds undoes HideSellerAds: every hidden ad of sellerID is shown
// again and re-indexed if it is still active (one that expired meanwhile
// stays out of search). It returns how many ads it showed.
func (s *Store) ShowSellerAds(ctx context.Context, sellerID string) (int, error) {
	ads, err := s.sellerAdStates(ctx, sellerID, true)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, a := range ads {
		_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(a.ID), skAd),
			UpdateExpression:    aws.String("REMOVE sellerHidden"),
			ConditionExpression: aws.String(exists),
		})
		if ddb.IsConditionFailed(err) {
			continue // deleted meanwhile
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("catalog: show ad %s: %w", a.ID, err))
			continue
		}
		n++
		if err := s.SyncIndex(ctx, a.ID); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return n, fmt.Errorf("catalog: show ads of %s: %w", sellerID, err)
	}
	return n, nil
}

// adState is the part of an ad moderation needs.
type adState struct {
	ID     string `dynamodbav:"id"`
	Status string `dynamodbav:"status"`
	Hidden bool   `dynamodbav:"sellerHidden"`
}

// sellerAdStates reads every ad of sellerID from GSI1 (all pages; a
// seller's ads are bounded by their subscriptions), only the hidden ones
// when hiddenOnly.
func (s *Store) sellerAdStates(ctx context.Context, sellerID string, hiddenOnly bool) ([]adState, error) {
	in := &dynamodb.QueryInput{
		IndexName:                aws.String(ddb.IndexGSI1),
		KeyConditionExpression:   aws.String("GSI1PK = :pk"),
		ExpressionAttributeNames: map[string]string{"#st": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(sellerPK(sellerID)),
		},
		ProjectionExpression: aws.String("id, #st, sellerHidden"),
	}
	if hiddenOnly {
		in.FilterExpression = aws.String("sellerHidden = :true")
		in.ExpressionAttributeValues[":true"] = &types.AttributeValueMemberBOOL{Value: true}
	}
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("catalog: ads of seller %s: %w", sellerID, err)
	}
	var out []adState
	if err := attributevalue.UnmarshalListOfMaps(items, &out); err != nil {
		return nil, fmt.Errorf("catalog: decode ads of seller %s: %w", sellerID, err)
	}
	return out, nil
}
