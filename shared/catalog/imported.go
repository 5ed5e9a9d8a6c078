package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// DefaultAdDurationDays is the run time of an imported ad without an
// expiry.
const DefaultAdDurationDays = 60

// PutImported writes an active ad with ready images, as an import or the
// demo seed has them, and indexes it for search. It is idempotent: the
// items are overwritten with the same content (the click count is kept)
// and re-indexing an unchanged ad changes nothing.
//
// Defaults: UpdatedAt and PublishedAt are CreatedAt, ExpiresAt is
// PublishedAt + DefaultAdDurationDays, ImageOrder is the images in the
// given order, MainImageID the first image. Each image gets AdID = ad.ID,
// state ready, RenditionKeys and UploadKey when its keys are empty, and
// the ad's CreatedAt when it has none; WebPImages lists the images with
// WebP renditions. The renditions themselves must be in S3 under the
// keys.
func (s *Store) PutImported(ctx context.Context, ad Ad, images []Image) error {
	if !ValidID(ad.ID) || ad.SellerID == "" || ad.CreatedAt.IsZero() {
		return fmt.Errorf("catalog: import ad %q: want a ULID id, a seller and a creation time", ad.ID)
	}
	ad.Status = StatusActive
	if ad.UpdatedAt.IsZero() {
		ad.UpdatedAt = ad.CreatedAt
	}
	if ad.PublishedAt.IsZero() {
		ad.PublishedAt = ad.CreatedAt
	}
	if ad.ExpiresAt.IsZero() {
		ad.ExpiresAt = ad.PublishedAt.AddDate(0, 0, DefaultAdDurationDays)
	}
	var reqs []types.WriteRequest
	put := func(v any) error {
		av, err := marshal(v)
		if err != nil {
			return err
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: av}})
		return nil
	}
	order := ad.ImageOrder == nil
	ad.WebPImages = nil
	for i, img := range images {
		if !ValidID(img.ID) {
			return fmt.Errorf("catalog: import ad %s: image id %q is not a ULID", ad.ID, img.ID)
		}
		img.AdID, img.State, img.Reason = ad.ID, ImageReady, ""
		if img.Keys.IsZero() {
			img.Keys = RenditionKeys(ad.ID, img.ID)
		}
		if img.Keys.HasWebP() {
			ad.WebPImages = append(ad.WebPImages, img.ID)
		}
		if img.UploadKey == "" {
			img.UploadKey = UploadKey(ad.ID, img.ID)
		}
		if img.CreatedAt.IsZero() {
			img.CreatedAt = ad.CreatedAt
		}
		if order {
			ad.ImageOrder = append(ad.ImageOrder, img.ID)
		}
		if i == 0 && ad.MainImageID == "" {
			ad.MainImageID = img.ID
		}
		if err := errors.Join(put(toImageItem(img)), put(toLookupItem(img.ID, ad.ID, ad.SellerID))); err != nil {
			return err
		}
	}
	if err := put(toAdItem(ad, len(images))); err != nil {
		return err
	}
	if err := s.batchWrite(ctx, reqs); err != nil {
		return fmt.Errorf("catalog: import ad %s: %w", ad.ID, err)
	}
	if _, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(adPK(ad.ID), skStats),
		UpdateExpression:          aws.String("SET clicks = if_not_exists(clicks, :zero), #t = :type"),
		ExpressionAttributeNames:  map[string]string{"#t": ddb.AttrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":zero": num(0), ":type": str(typeStats)},
	}); err != nil {
		return fmt.Errorf("catalog: import ad %s: stats: %w", ad.ID, err)
	}
	return s.SyncIndex(ctx, ad.ID)
}
