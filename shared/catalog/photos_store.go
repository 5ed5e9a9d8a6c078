package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// errImageRace means the ad or image changed between read and write; the
// caller reads again and retries.
var errImageRace = errors.New("catalog: image changed meanwhile")

// Image returns image imageID of ad adID (consistent read):
// image_not_found when there is none.
func (s *Store) Image(ctx context.Context, adID, imageID string) (Image, error) {
	if !ValidID(adID) || !ValidID(imageID) {
		return Image{}, apperr.New(apperr.CodeImageNotFound, fmt.Errorf("catalog: image %q of ad %q", imageID, adID))
	}
	var it imageItem
	found, err := ddb.Get(ctx, s.db, s.table, ddb.Key(adPK(adID), imgSK(imageID)), &it)
	if err != nil {
		return Image{}, fmt.Errorf("catalog: get image %s of ad %s: %w", imageID, adID, err)
	}
	if !found {
		return Image{}, apperr.New(apperr.CodeImageNotFound, fmt.Errorf("catalog: image %s of ad %s", imageID, adID))
	}
	return it.image()
}

// ImageOwner returns the ad and seller an image id belongs to:
// image_not_found when the id is unknown.
func (s *Store) ImageOwner(ctx context.Context, imageID string) (adID, sellerID string, err error) {
	if !ValidID(imageID) {
		return "", "", apperr.New(apperr.CodeImageNotFound, fmt.Errorf("catalog: image id %q", imageID))
	}
	var it lookupItem
	found, err := ddb.Get(ctx, s.db, s.table, ddb.Key(imagePK(imageID), skImage), &it)
	if err != nil {
		return "", "", fmt.Errorf("catalog: image lookup %s: %w", imageID, err)
	}
	if !found {
		return "", "", apperr.New(apperr.CodeImageNotFound, fmt.Errorf("catalog: image %s", imageID))
	}
	return it.AdID, it.SellerID, nil
}

// AddImage records a new pending image of ad img.AdID owned by sellerID,
// counting it against allowance (pending and ready images of the ad): one
// transaction raises the ad's image counter if it is below allowance,
// appends the image to the display order and writes the image and its
// lookup item. product_not_found, product_not_owned or
// image_count_exceeded when refused.
func (s *Store) AddImage(ctx context.Context, img Image, sellerID string, allowance int, now time.Time) error {
	imgAV, err1 := marshal(toImageItem(img))
	lookAV, err2 := marshal(toLookupItem(img.ID, img.AdID, sellerID))
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(img.AdID), skAd),
			UpdateExpression: aws.String("SET imageCount = if_not_exists(imageCount, :zero) + :one, " +
				"imageOrder = list_append(if_not_exists(imageOrder, :empty), :ids), updatedAt = :now"),
			ConditionExpression: aws.String(exists + " AND sellerId = :uid AND (attribute_not_exists(imageCount) OR imageCount < :max)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":zero": num(0), ":one": num(1), ":empty": strList(), ":ids": strList(img.ID), ":now": str(ddb.Time(now)),
				":uid": str(sellerID), ":max": num(int64(allowance)),
			},
		}},
		{Put: &types.Put{TableName: aws.String(s.table), Item: imgAV, ConditionExpression: aws.String(notExists)}},
		{Put: &types.Put{TableName: aws.String(s.table), Item: lookAV, ConditionExpression: aws.String(notExists)}},
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok && failedAt(reasons, 0) {
		if err := s.whyNotOwner(ctx, img.AdID, sellerID); !errors.Is(err, apperr.ErrConflict) {
			return err
		}
		return apperr.New(apperr.CodeImageCountExceeded, fmt.Errorf("catalog: ad %s has %d images or more", img.AdID, allowance))
	}
	if err != nil {
		return fmt.Errorf("catalog: add image %s to ad %s: %w", img.ID, img.AdID, err)
	}
	return nil
}

// MarkImageReady records that the image function wrote the renditions of
// a pending image: state ready with keys and the large rendition's size.
// The ad gets it as main image if it has none (and lists it in WebPImages
// when it has WebP renditions), and an active ad whose main image it
// became is re-indexed (its cards show it). A second call for a ready
// image changes nothing and succeeds (S3 may deliver an event twice); an
// unknown image (its ad deleted meanwhile) is image_not_found.
func (s *Store) MarkImageReady(ctx context.Context, adID, imageID string, keys ImageKeys, w, h int, now time.Time) error {
	keysAV, err := attributevalue.Marshal(keys)
	if err != nil {
		return fmt.Errorf("catalog: image %s ready: %w", imageID, err)
	}
	adExpr := "SET mainImageId = if_not_exists(mainImageId, :img), updatedAt = :now"
	adVals := map[string]types.AttributeValue{":img": str(imageID), ":now": str(ddb.Time(now))}
	if keys.HasWebP() {
		adExpr += " ADD webpImages :imgs"
		adVals[":imgs"] = &types.AttributeValueMemberSS{Value: []string{imageID}}
	}
	changed, err := s.settleImage(ctx, adID, imageID, ImageReady, &types.Update{
		UpdateExpression:         aws.String("SET #st = :ready, #keys = :keys, width = :w, height = :h REMOVE reason"),
		ExpressionAttributeNames: map[string]string{"#st": "state", "#keys": "keys"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":ready": str(ImageReady), ":keys": keysAV, ":w": num(int64(w)), ":h": num(int64(h)),
		},
	}, &types.Update{
		UpdateExpression:          aws.String(adExpr),
		ConditionExpression:       aws.String(exists),
		ExpressionAttributeValues: adVals,
	})
	if err != nil || !changed {
		return err
	}
	a, err := s.Ad(ctx, adID)
	if err != nil {
		return err
	}
	if a.Status == StatusActive && a.MainImageID == imageID {
		return s.SyncIndex(ctx, adID)
	}
	return nil
}

// MarkImageFailed records that a pending image is not a valid image (the
// reason is a code such as too_large or type_mismatch): state failed, and
// it no longer counts against the allowance. A second call for a failed
// image succeeds; an unknown image is image_not_found.
func (s *Store) MarkImageFailed(ctx context.Context, adID, imageID, reason string, now time.Time) error {
	_, err := s.settleImage(ctx, adID, imageID, ImageFailed, &types.Update{
		UpdateExpression:          aws.String("SET #st = :failed, reason = :r"),
		ExpressionAttributeNames:  map[string]string{"#st": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":failed": str(ImageFailed), ":r": str(reason)},
	}, &types.Update{
		UpdateExpression:          aws.String("SET imageCount = imageCount - :one, updatedAt = :now"),
		ConditionExpression:       aws.String(exists + " AND imageCount > :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":zero": num(0), ":now": str(ddb.Time(now))},
	})
	return err
}

// settleImage moves the pending image imageID of ad adID to state to in
// one transaction: image updates the image (on the condition that it is
// still pending), ad updates the ad. It reports whether it changed
// anything: an image in state to already is no error (S3 may deliver an
// event twice); one in another state is conflict, a gone ad
// product_not_found.
func (s *Store) settleImage(ctx context.Context, adID, imageID, to string, image, ad *types.Update) (bool, error) {
	image.TableName, image.Key = aws.String(s.table), ddb.Key(adPK(adID), imgSK(imageID))
	image.ConditionExpression = aws.String("#st = :pending")
	image.ExpressionAttributeValues[":pending"] = str(ImagePending)
	ad.TableName, ad.Key = aws.String(s.table), ddb.Key(adPK(adID), skAd)
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: image}, {Update: ad},
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok {
		switch {
		case failedAt(reasons, 0):
			img, err := s.Image(ctx, adID, imageID)
			if err != nil {
				return false, err
			}
			if img.State == to {
				return false, nil
			}
			return false, apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: image %s of ad %s is %s, not pending", imageID, adID, img.State))
		case failedAt(reasons, 1):
			return false, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: image %s %s: ad %s gone", imageID, to, adID))
		}
	}
	if err != nil {
		return false, fmt.Errorf("catalog: image %s of ad %s %s: %w", imageID, adID, to, err)
	}
	return true, nil
}

// SetMainImage makes the ready image imageID the main image of ad adID
// owned by sellerID and re-indexes the ad when it is active.
// product_not_found, product_not_owned, image_not_found, or
// validation_failed (field main: invalid) for an image that is not ready.
func (s *Store) SetMainImage(ctx context.Context, adID, imageID, sellerID string, now time.Time) (Ad, error) {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(adID), skAd),
			UpdateExpression:          aws.String("SET mainImageId = :img, updatedAt = :now"),
			ConditionExpression:       aws.String(exists + " AND sellerId = :uid"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":img": str(imageID), ":now": str(ddb.Time(now)), ":uid": str(sellerID)},
		}},
		{ConditionCheck: &types.ConditionCheck{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(adID), imgSK(imageID)),
			ConditionExpression:       aws.String("#st = :ready"),
			ExpressionAttributeNames:  map[string]string{"#st": "state"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":ready": str(ImageReady)},
		}},
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok {
		switch {
		case failedAt(reasons, 0):
			return Ad{}, s.whyNotOwner(ctx, adID, sellerID)
		case failedAt(reasons, 1):
			if _, err := s.Image(ctx, adID, imageID); err != nil {
				return Ad{}, err
			}
			return Ad{}, apperr.Validation(map[string]string{"main": apperr.FieldInvalid})
		}
	}
	if err != nil {
		return Ad{}, fmt.Errorf("catalog: set main image of ad %s: %w", adID, err)
	}
	a, err := s.Ad(ctx, adID)
	if err != nil {
		return Ad{}, err
	}
	if a.Status == StatusActive {
		if err := s.SyncIndex(ctx, adID); err != nil {
			return Ad{}, err
		}
	}
	return a, nil
}

// DeleteImage removes image imageID from the ad of rec (read just before):
// the image and lookup items, its place in the display order and, unless
// it had failed, its place in the allowance. When it was the main image,
// the next ready image in display order becomes main; an active ad must
// keep one (main_image_required). It returns the image's S3 keys for the
// caller to delete. errImageRace (wrapped) when the ad or the image
// changed since rec was read: read again and retry.
func (s *Store) DeleteImage(ctx context.Context, rec AdRecord, imageID string, now time.Time) ([]string, error) {
	a := rec.Ad
	i := slices.IndexFunc(rec.Images, func(img Image) bool { return img.ID == imageID })
	if i < 0 {
		return nil, apperr.New(apperr.CodeImageNotFound, fmt.Errorf("catalog: image %s of ad %s", imageID, a.ID))
	}
	img := rec.Images[i]
	newMain := a.MainImageID
	if a.MainImageID == imageID {
		newMain = nextMain(rec, imageID)
		if newMain == "" && a.Status == StatusActive {
			return nil, apperr.New(apperr.CodeMainImageRequired, fmt.Errorf("catalog: delete the only ready image of active ad %s", a.ID))
		}
	}
	sets := []string{"updatedAt = :now"}
	var removes []string
	conds := []string{exists}
	vals := map[string]types.AttributeValue{":now": str(ddb.Time(now))}
	if img.State != ImageFailed {
		sets = append(sets, "imageCount = imageCount - :one")
		conds = append(conds, "imageCount > :zero")
		vals[":one"], vals[":zero"] = num(1), num(0)
	}
	if pos := slices.Index(a.ImageOrder, imageID); pos >= 0 {
		p := strconv.Itoa(pos)
		removes = append(removes, "imageOrder["+p+"]")
		conds = append(conds, "imageOrder["+p+"] = :img")
		vals[":img"] = str(imageID)
	}
	switch newMain {
	case a.MainImageID:
	case "":
		removes = append(removes, "mainImageId")
	default:
		sets = append(sets, "mainImageId = :main")
		vals[":main"] = str(newMain)
	}
	if a.MainImageID == "" {
		conds = append(conds, "attribute_not_exists(mainImageId)")
	} else {
		conds = append(conds, "mainImageId = :seen")
		vals[":seen"] = str(a.MainImageID)
	}
	expr := "SET " + strings.Join(sets, ", ")
	if len(removes) > 0 {
		expr += " REMOVE " + strings.Join(removes, ", ")
	}
	if img.Keys.HasWebP() || slices.Contains(a.WebPImages, imageID) {
		expr += " DELETE webpImages :imgs"
		vals[":imgs"] = &types.AttributeValueMemberSS{Value: []string{imageID}}
	}
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Delete: &types.Delete{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(a.ID), imgSK(imageID)),
			// The state decides the counter: an image that failed meanwhile
			// was already taken off it.
			ConditionExpression:       aws.String(exists + " AND #st = :state"),
			ExpressionAttributeNames:  map[string]string{"#st": "state"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":state": str(img.State)},
		}},
		{Delete: &types.Delete{TableName: aws.String(s.table), Key: ddb.Key(imagePK(imageID), skImage)}},
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(a.ID), skAd),
			UpdateExpression: aws.String(expr), ConditionExpression: aws.String(strings.Join(conds, " AND ")),
			ExpressionAttributeValues: vals,
		}},
	}})
	if ddb.IsTransactionConditionFailed(err) {
		return nil, fmt.Errorf("catalog: delete image %s of ad %s: %w", imageID, a.ID, errImageRace)
	}
	if err != nil {
		return nil, fmt.Errorf("catalog: delete image %s of ad %s: %w", imageID, a.ID, err)
	}
	if a.Status == StatusActive && newMain != a.MainImageID {
		if err := s.SyncIndex(ctx, a.ID); err != nil {
			return nil, err
		}
	}
	return objectKeys(img), nil
}

// nextMain is the first ready image in display order other than imageID
// (then any other ready image), or "".
func nextMain(rec AdRecord, imageID string) string {
	ready := map[string]bool{}
	for _, img := range rec.Images {
		if img.State == ImageReady && img.ID != imageID {
			ready[img.ID] = true
		}
	}
	for _, id := range rec.Ad.ImageOrder {
		if ready[id] {
			return id
		}
	}
	for _, img := range rec.Images {
		if ready[img.ID] {
			return img.ID
		}
	}
	return ""
}
