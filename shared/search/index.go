package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// ErrConcurrentIndex means another Index or Unindex of the same ad
// committed between this one's read and write; run it again.
var ErrConcurrentIndex = errors.New("search: concurrent index of the same ad")

const (
	// batchWriteMax is how many postings Load sends to one BatchWriteItem.
	batchWriteMax = 25
	// maxCountChanges keeps the count transaction (plus the IXTERMS put)
	// within DynamoDB's 100 actions.
	maxCountChanges = 99
)

type termsItem struct {
	PK        string   `dynamodbav:"PK"`
	SK        string   `dynamodbav:"SK"`
	Type      string   `dynamodbav:"type"`
	Terms     []string `dynamodbav:"terms,stringset,omitempty"`
	PostingSK string   `dynamodbav:"postingSK"`
	Ver       int64    `dynamodbav:"ver"`
}

// Index makes ad findable, or brings its postings up to date after an
// edit: it writes one posting per term of Terms(ad), deletes the postings
// of terms the ad no longer has (and all old ones when publishedAt moved),
// and adjusts the term counts by the difference from the term set it
// recorded last time. Running it again with the same ad changes nothing:
// counts are only touched in the transaction that moves the recorded term
// set, guarded by its version. A concurrent Index of the same ad yields
// ErrConcurrentIndex (wrapped); the caller retries.
func Index(ctx context.Context, db ddb.API, table string, ad Ad) error {
	if ad.ID == "" {
		return errors.New("search: index: ad without id")
	}
	if err := reindex(ctx, db, table, ad, Terms(ad)); err != nil {
		return fmt.Errorf("search: index ad %s: %w", ad.ID, err)
	}
	return nil
}

// Unindex removes every posting of the ad with ad.ID (the ones Index
// recorded; only ID is read) and decrements its terms' counts. Unindexing
// an ad that is not indexed does nothing.
func Unindex(ctx context.Context, db ddb.API, table string, ad Ad) error {
	if err := reindex(ctx, db, table, ad, nil); err != nil {
		return fmt.Errorf("search: unindex ad %s: %w", ad.ID, err)
	}
	return nil
}

// Current reports whether the index entry of ad is what Index (want) or
// Unindex (!want) would leave: the term set Index recorded is Terms(ad)
// at ad's publication time, or there is none. An Index that failed half
// way (postings written, term set not recorded) is not current; running
// Index again completes it.
func Current(ctx context.Context, db ddb.API, table string, ad Ad, want bool) (bool, error) {
	old, found, err := readTerms(ctx, db, table, ad.ID)
	if err != nil {
		return false, fmt.Errorf("search: index state of ad %s: %w", ad.ID, err)
	}
	if !want {
		return !found, nil
	}
	terms := Terms(ad)
	return found && old.PostingSK == postingSK(ad.PublishedAt, ad.ID) && len(old.Terms) == len(terms) &&
		!slices.ContainsFunc(terms, func(t string) bool { return !slices.Contains(old.Terms, t) }), nil
}

func reindex(ctx context.Context, db ddb.API, table string, ad Ad, terms []string) error {
	old, found, err := readTerms(ctx, db, table, ad.ID)
	if err != nil {
		return err
	}
	newSK := ""
	if terms != nil {
		newSK = postingSK(ad.PublishedAt, ad.ID)
	}
	var writes []types.WriteRequest
	for _, t := range old.Terms {
		if old.PostingSK != newSK || !slices.Contains(terms, t) {
			writes = append(writes, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: ddb.Key(postingPK(t), old.PostingSK)}})
		}
	}
	for _, t := range terms {
		av, err := attributevalue.MarshalMap(toPosting(ad, t))
		if err != nil {
			return fmt.Errorf("marshal posting %s: %w", t, err)
		}
		writes = append(writes, types.WriteRequest{PutRequest: &types.PutRequest{Item: av}})
	}
	if err := ddb.BatchWrite(ctx, db, table, writes); err != nil {
		return fmt.Errorf("write postings: %w", err)
	}
	if err := commitTerms(ctx, db, table, ad.ID, old, found, terms, newSK); err != nil {
		return err
	}
	cache.forget(table, slices.Concat(old.Terms, terms))
	// The vocabulary after the terms: when this fails, running the index
	// again finds the terms recorded and completes the words.
	return syncWords(ctx, db, table, ad.ID, ad.Title, terms != nil)
}

func readTerms(ctx context.Context, db ddb.API, table, adID string) (termsItem, bool, error) {
	var it termsItem
	found, err := ddb.Get(ctx, db, table, ddb.Key(adPK(adID), skTerms), &it)
	if err != nil {
		return termsItem{}, false, fmt.Errorf("read term set: %w", err)
	}
	return it, found, nil
}

// commitTerms applies the count changes and records the new term set in
// one transaction, conditional on the version read.
func commitTerms(ctx context.Context, db ddb.API, table, adID string, old termsItem, found bool, terms []string, newSK string) error {
	var items []types.TransactWriteItem
	count := func(term string, delta int) {
		items = append(items, types.TransactWriteItem{Update: &types.Update{
			TableName:                 aws.String(table),
			Key:                       ddb.Key(pkCount, term),
			UpdateExpression:          aws.String("ADD n :d SET #type = :type"),
			ExpressionAttributeNames:  map[string]string{"#type": ddb.AttrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{":d": numAV(int64(delta)), ":type": &types.AttributeValueMemberS{Value: typeCount}},
		}})
	}
	for _, t := range old.Terms {
		if !slices.Contains(terms, t) {
			count(t, -1)
		}
	}
	for _, t := range terms {
		if !slices.Contains(old.Terms, t) {
			count(t, +1)
		}
	}
	if len(items) > maxCountChanges {
		return fmt.Errorf("%d term count changes, at most %d", len(items), maxCountChanges)
	}
	if !found && len(terms) == 0 {
		return nil // not indexed, nothing to remove
	}
	if len(items) == 0 && old.PostingSK == newSK {
		return nil // same terms: postings rewritten, nothing to record
	}
	cond, vals := "attribute_not_exists(PK)", map[string]types.AttributeValue{}
	if found {
		cond, vals = "ver = :seen", map[string]types.AttributeValue{":seen": numAV(old.Ver)}
	}
	if len(terms) == 0 {
		items = append(items, types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(table), Key: ddb.Key(adPK(adID), skTerms),
			ConditionExpression: aws.String(cond), ExpressionAttributeValues: vals,
		}})
	} else {
		av, err := attributevalue.MarshalMap(termsItem{
			PK: adPK(adID), SK: skTerms, Type: typeTerms, Terms: terms, PostingSK: newSK, Ver: old.Ver + 1,
		})
		if err != nil {
			return fmt.Errorf("marshal term set: %w", err)
		}
		put := &types.Put{TableName: aws.String(table), Item: av, ConditionExpression: aws.String(cond)}
		if found {
			put.ExpressionAttributeValues = vals
		}
		items = append(items, types.TransactWriteItem{Put: put})
	}
	if _, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items}); err != nil {
		if ddb.IsTransactionConditionFailed(err) {
			return ErrConcurrentIndex
		}
		return fmt.Errorf("commit term counts: %w", err)
	}
	return nil
}

func numAV(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}
