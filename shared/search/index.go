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

// commitTerms applies the count changes and records the new term set,
// conditional on the version read. A change within one transaction's
// actions is one commit; a larger one (a long title indexed for the first
// time, a title rewritten, such an ad unindexed) moves the recorded set
// in steps (termSteps), each its own versioned commit of at most
// maxCountChanges count changes. Every step leaves counts and recorded set
// in agreement, so a failure between steps leaves an index that is not
// Current, and the next Index or Unindex goes on from the recorded set.
func commitTerms(ctx context.Context, db ddb.API, table, adID string, old termsItem, found bool, terms []string, newSK string) error {
	if !found && len(terms) == 0 {
		return nil // not indexed, nothing to remove
	}
	if old.PostingSK == newSK && !setsDiffer(old.Terms, terms) {
		return nil // same terms: postings rewritten, nothing to record
	}
	from, ver := old.Terms, old.Ver
	for _, step := range termSteps(old.Terms, terms, maxCountChanges) {
		changes := countChanges(from, step, func(term string, delta int64) *types.Update {
			return countUpdate(table, pkCount, term, typeCount, delta)
		})
		var next any // no terms: the set is deleted
		if len(step) > 0 || len(terms) > 0 {
			next = termsItem{PK: adPK(adID), SK: skTerms, Type: typeTerms, Terms: step, PostingSK: newSK, Ver: ver + 1}
		}
		set := recordedSet{key: ddb.Key(adPK(adID), skTerms), found: found, ver: ver}
		if err := commitSet(ctx, db, table, set, changes, next); err != nil {
			return fmt.Errorf("commit term counts: %w", err)
		}
		from, ver, found = step, ver+1, next != nil
	}
	return nil
}

// termSteps returns the sets a recorded set moves through from old to cur,
// each at most limit members away from the one before: first old without
// what cur lacks (limit members at a time), then with what cur adds; the
// last step is cur. When the whole move is within limit, it is one step.
func termSteps(old, cur []string, limit int) [][]string {
	var removed, added []string
	for _, t := range old {
		if !slices.Contains(cur, t) {
			removed = append(removed, t)
		}
	}
	for _, t := range cur {
		if !slices.Contains(old, t) {
			added = append(added, t)
		}
	}
	if len(removed)+len(added) <= limit {
		return [][]string{cur}
	}
	var steps [][]string
	at := slices.Clone(old)
	for chunk := range slices.Chunk(removed, limit) {
		at = slices.DeleteFunc(slices.Clone(at), func(t string) bool { return slices.Contains(chunk, t) })
		steps = append(steps, at)
	}
	for chunk := range slices.Chunk(added, limit) {
		at = slices.Concat(at, chunk)
		steps = append(steps, at)
	}
	steps[len(steps)-1] = cur
	return steps
}

// setsDiffer reports whether a and b (sets without duplicates) have
// different members.
func setsDiffer(a, b []string) bool {
	return len(a) != len(b) || slices.ContainsFunc(b, func(t string) bool { return !slices.Contains(a, t) })
}

// The term counts (IXCOUNT) and the vocabulary counts (IXWORD) move the
// same way: each ad records the set it is counted under (IXTERMS,
// IXWORDS) with a version, and one transaction applies the difference to
// the counts together with the write of the new set, conditional on the
// version read. A replay finds the set already moved and counts nothing
// twice; a concurrent change fails the condition.

// countChanges returns the count updates that move a recorded set from
// old to cur: -1 for each member of old that cur lacks, then +1 for each
// member of cur that old lacks. update builds the update of one member.
func countChanges(old, cur []string, update func(member string, delta int64) *types.Update) []types.TransactWriteItem {
	var items []types.TransactWriteItem
	for _, m := range old {
		if !slices.Contains(cur, m) {
			items = append(items, types.TransactWriteItem{Update: update(m, -1)})
		}
	}
	for _, m := range cur {
		if !slices.Contains(old, m) {
			items = append(items, types.TransactWriteItem{Update: update(m, +1)})
		}
	}
	return items
}

// countUpdate adds delta to the count n of the item pk/sk and types the
// item itemType (so a count created by the update has its type).
func countUpdate(table, pk, sk, itemType string, delta int64) *types.Update {
	return &types.Update{
		TableName:                 aws.String(table),
		Key:                       ddb.Key(pk, sk),
		UpdateExpression:          aws.String("ADD n :d SET #type = :type"),
		ExpressionAttributeNames:  map[string]string{"#type": ddb.AttrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": numAV(delta), ":type": &types.AttributeValueMemberS{Value: itemType}},
	}
}

// recordedSet is an ad's recorded set item as read: its key, whether it
// exists and its version.
type recordedSet struct {
	key   map[string]types.AttributeValue
	found bool
	ver   int64
}

// commitSet runs changes and the write of the recorded set (a put of
// next, whose version must be set.ver+1, or a delete when next is nil) in
// one transaction, conditional on the set being as read: absent, or at
// version set.ver. A failed condition yields ErrConcurrentIndex. The
// caller keeps changes within DynamoDB's 100 actions less the set write.
func commitSet(ctx context.Context, db ddb.API, table string, set recordedSet, changes []types.TransactWriteItem, next any) error {
	cond, vals := "attribute_not_exists(PK)", map[string]types.AttributeValue(nil)
	if set.found {
		cond, vals = "ver = :seen", map[string]types.AttributeValue{":seen": numAV(set.ver)}
	}
	items := slices.Clip(changes)
	if next == nil {
		items = append(items, types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(table), Key: set.key,
			ConditionExpression: aws.String(cond), ExpressionAttributeValues: vals,
		}})
	} else {
		av, err := attributevalue.MarshalMap(next)
		if err != nil {
			return fmt.Errorf("marshal set item: %w", err)
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{
			TableName: aws.String(table), Item: av,
			ConditionExpression: aws.String(cond), ExpressionAttributeValues: vals,
		}})
	}
	if _, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items}); err != nil {
		if ddb.IsTransactionConditionFailed(err) {
			return ErrConcurrentIndex
		}
		return fmt.Errorf("transact write: %w", err)
	}
	return nil
}

func numAV(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}
