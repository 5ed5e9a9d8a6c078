package catalog

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// viewGuardTTL is how long a view guard is kept: past its day, with a
// margin for DynamoDB's lazy TTL deletion not to matter.
const viewGuardTTL = 48 * time.Hour

// VisitorHash is the stored form of a visitor id: hex SHA-256, so raw
// browser ids are never kept.
func VisitorHash(visitorID string) string {
	h := sha256.Sum256([]byte(visitorID))
	return hex.EncodeToString(h[:])
}

// CountView adds one click to ad adID for the visitor (VisitorHash) unless
// this visitor was counted for the ad on now's UTC day: a guard item with
// a TTL and the increment are one transaction. It reports whether the
// click counted.
func (s *Store) CountView(ctx context.Context, adID, visitorHash string, now time.Time) (bool, error) {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{
			TableName: aws.String(s.table),
			Item: map[string]types.AttributeValue{
				ddb.AttrPK: str(viewPK(adID, now)), ddb.AttrSK: str(visitorHash), ddb.AttrType: str(typeViewGuard),
				ddb.AttrTTL: num(now.Add(viewGuardTTL).Unix()),
			},
			ConditionExpression: aws.String(notExists),
		}},
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(adPK(adID), skStats),
			UpdateExpression:          aws.String("ADD clicks :one SET #t = :type"),
			ExpressionAttributeNames:  map[string]string{"#t": ddb.AttrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":type": str(typeStats)},
		}},
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok && failedAt(reasons, 0) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("catalog: count view of ad %s: %w", adID, err)
	}
	return true, nil
}

// Stats are an ad's counters (its STATS item).
type Stats struct {
	Clicks int64 `dynamodbav:"clicks"`
	// Favourites: how many users keep the ad in their wish list (written
	// by package favourites in the same transaction as the wish-list item).
	Favourites int64 `dynamodbav:"favourites"`
}

// Stats returns the counters of the ads ids (zero for an ad never viewed
// or saved).
func (s *Store) Stats(ctx context.Context, ids []string) (map[string]Stats, error) {
	keys := make([]map[string]types.AttributeValue, len(ids))
	for i, id := range ids {
		keys[i] = ddb.Key(adPK(id), skStats)
	}
	items, err := s.batchGet(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("catalog: stats: %w", err)
	}
	out := make(map[string]Stats, len(ids))
	for _, item := range items {
		var st struct {
			PK string `dynamodbav:"PK"`
			Stats
		}
		if err := attributevalue.UnmarshalMap(item, &st); err != nil {
			return nil, fmt.Errorf("catalog: decode stats: %w", err)
		}
		out[st.PK[len(adPKPrefix):]] = st.Stats
	}
	return out, nil
}

// Ads returns the ads with the given ids that exist, in the order of ids
// (unknown and invalid ids are left out).
func (s *Store) Ads(ctx context.Context, ids []string) ([]Ad, error) {
	var keys []map[string]types.AttributeValue
	seen := map[string]bool{}
	for _, id := range ids {
		if ValidID(id) && !seen[id] {
			seen[id] = true
			keys = append(keys, ddb.Key(adPK(id), skAd))
		}
	}
	items, err := s.batchGet(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("catalog: ads by id: %w", err)
	}
	byID := make(map[string]Ad, len(items))
	for _, item := range items {
		var it adItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, fmt.Errorf("catalog: decode ad: %w", err)
		}
		a, err := it.ad()
		if err != nil {
			return nil, err
		}
		byID[a.ID] = a
	}
	out := make([]Ad, 0, len(byID))
	for _, id := range ids {
		if a, ok := byID[id]; ok {
			out = append(out, a)
			delete(byID, id)
		}
	}
	return out, nil
}

// SellerPage is one page of a seller's ads.
type SellerPage struct {
	Ads        []Ad
	NextCursor string
}

// SellerAds returns a page of seller uid's ads, newest created first,
// limit per page, only those in status when it is not empty. It reads My
// ads (Service.MyAds, every status), the seller's ads on the public seller
// page (package reviews, status active) and an account's ads in the back
// office (package admin). cursor is the NextCursor of the previous page of
// the same list (signed; a cursor of another seller or status is
// invalid_cursor).
func (s *Store) SellerAds(ctx context.Context, uid, status, cursor string, limit int) (SellerPage, error) {
	hash := ddb.FiltersHash("catalog", "seller-ads", uid, status)
	start, err := s.cursors.Decode(cursor, hash)
	if err != nil {
		return SellerPage{}, fmt.Errorf("catalog: ads of %s: %w", uid, err)
	}
	in := &dynamodb.QueryInput{
		TableName: aws.String(s.table), IndexName: aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(sellerPK(uid))},
		ScanIndexForward:          aws.Bool(false),
		ExclusiveStartKey:         start,
		Limit:                     aws.Int32(int32(limit + 1)), //nolint:gosec // limit is a small page size
	}
	if status != "" {
		in.FilterExpression = aws.String("#st = :st")
		in.ExpressionAttributeNames = map[string]string{"#st": "status"}
		in.ExpressionAttributeValues[":st"] = str(status)
	}
	var items []adItem
	for len(items) <= limit {
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return SellerPage{}, fmt.Errorf("catalog: ads of %s: %w", uid, err)
		}
		var got []adItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &got); err != nil {
			return SellerPage{}, fmt.Errorf("catalog: decode ads of %s: %w", uid, err)
		}
		items = append(items, got...)
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	var page SellerPage
	if len(items) > limit {
		items = items[:limit]
		last := items[limit-1]
		lek := map[string]types.AttributeValue{
			ddb.AttrPK: str(last.PK), ddb.AttrSK: str(last.SK), ddb.AttrGSI1PK: str(last.GSI1PK), ddb.AttrGSI1SK: str(last.GSI1SK),
		}
		if page.NextCursor, err = s.cursors.Encode(lek, hash); err != nil {
			return SellerPage{}, fmt.Errorf("catalog: ads of %s: %w", uid, err)
		}
	}
	for _, it := range items {
		a, err := it.ad()
		if err != nil {
			return SellerPage{}, err
		}
		page.Ads = append(page.Ads, a)
	}
	return page, nil
}
