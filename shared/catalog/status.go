package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/ddb"
)

// Errors of Publish and SetStatus that the service resolves by reading
// again.
var (
	// errSubscriptionTaken: the chosen subscription could not give an ad
	// any more (taken by a parallel publication, expired meanwhile).
	errSubscriptionTaken = errors.New("catalog: subscription has no ad left")
	// errAdChanged: the ad's status, owner or main image is no longer what
	// the caller read.
	errAdChanged = errors.New("catalog: ad changed meanwhile")
)

// Publish makes ad a (as read, status draft, inactive or expired) of
// sellerID active and takes one ad from subscription sub in ONE
// transaction: both happen or neither. expiresAt is now plus the
// subscription's ad duration. Then the ad is indexed. errSubscriptionTaken
// or errAdChanged (wrapped) when a condition failed: nothing was written.
func (s *Store) Publish(ctx context.Context, a Ad, sub billing.Subscription, now time.Time) (Ad, error) {
	days := sub.AdDurationDays
	if days <= 0 {
		days = DefaultAdDurationDays
	}
	expires := now.UTC().AddDate(0, 0, days)
	consume := billing.ConsumeAdUpdate(s.table, a.SellerID, sub.ID, now)
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: consume},
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(a.ID), skAd),
			UpdateExpression: aws.String("SET #st = :active, publishedAt = :now, updatedAt = :now, expiresAt = :exp, " +
				"subscriptionId = :sub, GSI3PK = :g3pk, GSI3SK = :g3sk"),
			ConditionExpression:      aws.String(exists + " AND sellerId = :uid AND #st = :seen AND mainImageId = :main"),
			ExpressionAttributeNames: map[string]string{"#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":active": str(StatusActive), ":now": str(ddb.Time(now)), ":exp": str(ddb.Time(expires)), ":sub": str(sub.ID),
				":g3pk": str(adExpiryPK(expires)), ":g3sk": str(adExpirySK(expires, a.ID)), ":uid": str(a.SellerID),
				":seen": str(a.Status), ":main": str(a.MainImageID),
			},
		}},
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok {
		switch {
		case failedAt(reasons, 1), slices.Contains(reasons, "TransactionConflict"):
			return Ad{}, fmt.Errorf("catalog: publish ad %s: %w", a.ID, errAdChanged)
		case failedAt(reasons, 0):
			return Ad{}, fmt.Errorf("catalog: publish ad %s from %s: %w", a.ID, sub.ID, errSubscriptionTaken)
		}
	}
	if err != nil {
		return Ad{}, fmt.Errorf("catalog: publish ad %s: %w", a.ID, err)
	}
	if err := s.SyncIndex(ctx, a.ID); err != nil {
		return Ad{}, err
	}
	a.Status, a.PublishedAt, a.UpdatedAt, a.ExpiresAt, a.SubscriptionID = StatusActive, now.UTC(), now.UTC(), expires, sub.ID
	return a, nil
}

// SetStatus moves ad a (as read) between active and inactive: to inactive
// from active; to active from inactive while it has not expired at now
// (no ad is consumed: it was paid for when published). The index follows.
// errAdChanged (wrapped) when the ad is no longer as read, or expired.
func (s *Store) SetStatus(ctx context.Context, a Ad, to string, now time.Time) (Ad, error) {
	in := &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(adPK(a.ID), skAd),
		ExpressionAttributeNames: map[string]string{"#st": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":to": str(to), ":seen": str(a.Status), ":uid": str(a.SellerID), ":now": str(ddb.Time(now)),
		},
		ReturnValues: types.ReturnValueAllNew,
	}
	switch to {
	case StatusInactive:
		in.UpdateExpression = aws.String("SET #st = :to, updatedAt = :now REMOVE GSI3PK, GSI3SK")
		in.ConditionExpression = aws.String(exists + " AND sellerId = :uid AND #st = :seen")
	case StatusActive:
		in.UpdateExpression = aws.String("SET #st = :to, updatedAt = :now, GSI3PK = :g3pk, GSI3SK = :g3sk")
		in.ConditionExpression = aws.String(exists + " AND sellerId = :uid AND #st = :seen AND expiresAt > :now")
		in.ExpressionAttributeValues[":g3pk"] = str(adExpiryPK(a.ExpiresAt))
		in.ExpressionAttributeValues[":g3sk"] = str(adExpirySK(a.ExpiresAt, a.ID))
	default:
		return Ad{}, fmt.Errorf("catalog: set status of ad %s: unknown status %q", a.ID, to)
	}
	out, err := s.db.UpdateItem(ctx, in)
	if ddb.IsConditionFailed(err) {
		return Ad{}, fmt.Errorf("catalog: set status of ad %s to %s: %w", a.ID, to, errAdChanged)
	}
	if err != nil {
		return Ad{}, fmt.Errorf("catalog: set status of ad %s to %s: %w", a.ID, to, err)
	}
	var it adItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return Ad{}, fmt.Errorf("catalog: decode ad %s: %w", a.ID, err)
	}
	updated, err := it.ad()
	if err != nil {
		return Ad{}, err
	}
	if err := s.SyncIndex(ctx, a.ID); err != nil {
		return Ad{}, err
	}
	return updated, nil
}

// expireCatchUpDays is how many past expiry days ExpireDue reads besides
// today's, so a missed or failed run is made up for.
const expireCatchUpDays = 2

// ExpireDue marks expired every active ad whose expiresAt is not after
// now (those due today and on the expireCatchUpDays days before) and
// removes it from search. It returns how many ads it expired; it is safe
// to run concurrently and repeatedly (each ad moves once, by a conditional
// update). An expired ad leaves the expiry index only once it is out of
// search, so a run that fails half-way is completed by the next one. The
// error joins every failure; the rest stays done.
func (s *Store) ExpireDue(ctx context.Context, now time.Time) (int, error) {
	n := 0
	var errs []error
	for d := -expireCatchUpDays; d <= 0; d++ {
		items, err := s.queryAll(ctx, &dynamodb.QueryInput{
			IndexName:              aws.String(ddb.IndexGSI3),
			KeyConditionExpression: aws.String("GSI3PK = :pk AND GSI3SK < :upper"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":pk": str(adExpiryPK(now.AddDate(0, 0, d))), ":upper": str(ddb.Time(now) + "$"),
			},
			ExpressionAttributeNames: map[string]string{"#st": "status"},
			ProjectionExpression:     aws.String("id, #st"),
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("catalog: ads expiring %s: %w", now.AddDate(0, 0, d).Format(dayLayout), err))
			continue
		}
		for _, item := range items {
			var it struct {
				ID     string `dynamodbav:"id"`
				Status string `dynamodbav:"status"`
			}
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				errs = append(errs, fmt.Errorf("catalog: decode expiring ad: %w", err))
				continue
			}
			expired, err := s.expire(ctx, it.ID, it.Status, now)
			if err != nil {
				errs = append(errs, err)
			}
			if expired {
				n++
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return n, fmt.Errorf("catalog: expire ads at %s: %w", ddb.Time(now), err)
	}
	return n, nil
}

// expire moves ad id from active to expired if it is due at now (status
// is what the expiry index showed), then unindexes it and takes it out of
// the expiry index. It reports whether this call expired the ad.
func (s *Store) expire(ctx context.Context, id, status string, now time.Time) (bool, error) {
	expired := false
	if status == StatusActive {
		_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(id), skAd),
			UpdateExpression:          aws.String("SET #st = :expired, updatedAt = :now"),
			ConditionExpression:       aws.String(exists + " AND #st = :active AND expiresAt <= :now"),
			ExpressionAttributeNames:  map[string]string{"#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":expired": str(StatusExpired), ":active": str(StatusActive), ":now": str(ddb.Time(now))},
		})
		if ddb.IsConditionFailed(err) {
			return false, nil // deactivated, deleted or expired by a parallel run
		}
		if err != nil {
			return false, fmt.Errorf("catalog: expire ad %s: %w", id, err)
		}
		expired = true
	}
	if err := s.SyncIndex(ctx, id); err != nil {
		return expired, err
	}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(adPK(id), skAd),
		UpdateExpression:          aws.String("REMOVE GSI3PK, GSI3SK"),
		ConditionExpression:       aws.String(exists + " AND #st = :expired"),
		ExpressionAttributeNames:  map[string]string{"#st": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":expired": str(StatusExpired)},
	})
	if err != nil && !ddb.IsConditionFailed(err) {
		return expired, fmt.Errorf("catalog: expire ad %s: leave the expiry index: %w", id, err)
	}
	return expired, nil
}
