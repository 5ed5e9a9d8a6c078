package search

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Load indexes ads that are not indexed yet, in bulk: their postings and
// term sets in parallel BatchWriteItem calls (workers at a time), then one
// ADD per distinct term with the number of ads that have it. It is for
// building an index from scratch (an import, a rebuild into an empty
// table, benchmarks); it does not diff, so loading an ad that is already
// indexed counts its terms twice. Use Index for single ads.
func Load(ctx context.Context, db ddb.API, table string, ads []Ad, workers int) error {
	workers = max(1, workers)
	counts := map[string]int64{}
	words, wordForms := map[string]int64{}, map[string]string{} // the vocabulary (vocab.go)
	// The requests are built and written as a stream, one batch at a time:
	// a catalogue's postings (about forty per ad) do not fit in memory at once.
	chunks := make(chan []types.WriteRequest, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for c := range chunks {
				if errs[w] == nil {
					errs[w] = ddb.BatchWrite(ctx, db, table, c)
				}
			}
		})
	}
	batch := make([]types.WriteRequest, 0, batchWriteMax)
	put := func(v any) error {
		av, err := attributevalue.MarshalMap(v)
		if err != nil {
			return fmt.Errorf("marshal: %w", err)
		}
		batch = append(batch, types.WriteRequest{PutRequest: &types.PutRequest{Item: av}})
		if len(batch) == batchWriteMax {
			chunks <- batch
			batch = make([]types.WriteRequest, 0, batchWriteMax)
		}
		return nil
	}
	var buildErr error
	for _, ad := range ads {
		terms := Terms(ad)
		for _, t := range terms {
			counts[t]++
			if err := put(toPosting(ad, t)); err != nil {
				buildErr = fmt.Errorf("search: load ad %s: posting %s: %w", ad.ID, t, err)
				break
			}
		}
		if buildErr != nil {
			break
		}
		if err := put(termsItem{
			PK: adPK(ad.ID), SK: skTerms, Type: typeTerms, Terms: terms, PostingSK: postingSK(ad.PublishedAt, ad.ID), Ver: 1,
		}); err != nil {
			buildErr = fmt.Errorf("search: load ad %s: term set: %w", ad.ID, err)
			break
		}
		if keys, written := titleWords(ad.Title); len(keys) > 0 {
			for _, k := range keys {
				words[k]++
				if _, ok := wordForms[k]; !ok {
					wordForms[k] = written[k]
				}
			}
			if err := put(wordSetItem{PK: adPK(ad.ID), SK: skWords, Type: typeWordSet, Words: keys, Ver: 1}); err != nil {
				buildErr = fmt.Errorf("search: load ad %s: word set: %w", ad.ID, err)
				break
			}
		}
	}
	if buildErr == nil && len(batch) > 0 {
		chunks <- batch
	}
	close(chunks)
	wg.Wait()
	if err := errors.Join(append([]error{buildErr}, errs...)...); err != nil {
		return fmt.Errorf("search: load %d ads: %w", len(ads), err)
	}
	updates := make(chan *dynamodb.UpdateItemInput)
	wg = sync.WaitGroup{}
	for w := range workers {
		wg.Go(func() {
			for in := range updates {
				if errs[w] != nil {
					continue
				}
				if _, err := db.UpdateItem(ctx, in); err != nil {
					errs[w] = fmt.Errorf("count %v: %w", in.Key["SK"], err)
				}
			}
		})
	}
	for term, n := range counts {
		updates <- &dynamodb.UpdateItemInput{
			TableName: aws.String(table), Key: ddb.Key(pkCount, term),
			UpdateExpression:          aws.String("ADD n :d SET #type = :type"),
			ExpressionAttributeNames:  map[string]string{"#type": ddb.AttrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{":d": numAV(n), ":type": &types.AttributeValueMemberS{Value: typeCount}},
		}
	}
	for word, n := range words {
		updates <- &dynamodb.UpdateItemInput{
			TableName: aws.String(table), Key: ddb.Key(pkWords, word),
			UpdateExpression:         aws.String("ADD n :d SET #type = :type, w = if_not_exists(w, :w)"),
			ExpressionAttributeNames: map[string]string{"#type": ddb.AttrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":d": numAV(n), ":type": &types.AttributeValueMemberS{Value: typeWord}, ":w": &types.AttributeValueMemberS{Value: wordForms[word]},
			},
		}
	}
	close(updates)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("search: load %d ads: %w", len(ads), err)
	}
	return nil
}
