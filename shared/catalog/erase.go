package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// What the data export and account deletion (package privacy) need of the
// catalogue.
//
//	Every ad of a seller, a page at a time    Query GSI1 GSI1PK=SELLER#uid
//	    (EachSellerAd)                        ProjectionExpression id, Limit
//	                                          sellerPageSize, newest created first
//	Erase one ad (EraseAd)                    Record (one Query of the ad's
//	                                          partition); SetStatus inactive when
//	                                          active (the owner's toggle: out of
//	                                          search at once); SyncIndex; delete
//	                                          every S3 object of every image; then
//	                                          DeleteAd (the ad, stats, images, image
//	                                          lookups, search postings)
//
// EraseAd deletes the photos before the items that name them, so a call
// that fails half-way leaves the ad in place, inactive and out of search,
// with its keys still readable: the next call finishes the job.

// sellerPageSize is how many ad ids EachSellerAd reads per Query.
const sellerPageSize = 25

// EachSellerAd calls fn with the id of every ad of sellerID, newest created
// first, reading the seller's ads from GSI1 a page at a time (never all at
// once). It stops at the first error of fn and returns it, wrapped.
func (s *Store) EachSellerAd(ctx context.Context, sellerID string, fn func(id string) error) error {
	in := &dynamodb.QueryInput{
		TableName: aws.String(s.table), IndexName: aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(sellerPK(sellerID))},
		ProjectionExpression:      aws.String("id"),
		ScanIndexForward:          aws.Bool(false),
		Limit:                     aws.Int32(sellerPageSize),
	}
	type adID struct {
		ID string `dynamodbav:"id"`
	}
	if err := ddb.QueryEach(ctx, s.db, in, func(it adID) error { return fn(it.ID) }); err != nil {
		return fmt.Errorf("catalog: ads of seller %s: %w", sellerID, err)
	}
	return nil
}

// EraseAd removes ad id of sellerID for good, photos first (see the
// comment above): it returns how many S3 objects it asked to delete. An
// ad that is gone already is no error (0, nil), so erasing is idempotent;
// an ad of another seller is product_not_owned and left alone.
func (s *Store) EraseAd(ctx context.Context, id, sellerID string, blobs Blobs, now time.Time) (int, error) {
	rec, err := s.Record(ctx, id)
	if errors.Is(err, ErrProductNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("catalog: erase ad %s: %w", id, err)
	}
	if rec.Ad.SellerID != sellerID {
		return 0, apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: erase ad %s: it belongs to %s, not %s", id, rec.Ad.SellerID, sellerID))
	}
	if rec.Ad.Status == StatusActive {
		// errAdChanged: deactivated or expired meanwhile, which is fine;
		// SyncIndex below reads the ad afresh either way.
		if _, err := s.SetStatus(ctx, rec.Ad, StatusInactive, now); err != nil && !errors.Is(err, errAdChanged) {
			return 0, fmt.Errorf("catalog: erase ad %s: %w", id, err)
		}
	}
	if err := s.SyncIndex(ctx, id); err != nil {
		return 0, fmt.Errorf("catalog: erase ad %s: %w", id, err)
	}
	var keys []string
	for _, img := range rec.Images {
		keys = append(keys, objectKeys(img)...)
	}
	if err := blobs.Delete(ctx, keys); err != nil {
		return 0, fmt.Errorf("catalog: erase ad %s: photos: %w", id, err)
	}
	left, err := s.DeleteAd(ctx, id)
	if errors.Is(err, ErrProductNotFound) {
		return len(keys), nil // erased by a parallel call
	}
	if err != nil {
		return len(keys), fmt.Errorf("catalog: erase ad %s: %w", id, err)
	}
	// Images added between Record and DeleteAd.
	left = slices.DeleteFunc(left, func(k string) bool { return slices.Contains(keys, k) })
	if len(left) > 0 {
		if err := blobs.Delete(ctx, left); err != nil {
			return len(keys), fmt.Errorf("catalog: erase ad %s: photos added meanwhile: %w", id, err)
		}
	}
	return len(keys) + len(left), nil
}
