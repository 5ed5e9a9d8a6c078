package ddb

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Limits of one BatchWriteItem and one BatchGetItem call, and how often a
// batch is sent before its unprocessed rest counts as an error.
const (
	batchWriteMax = 25
	batchGetMax   = 100
	maxBatchTries = 8
)

// BatchWrite sends reqs (any number) to table in BatchWriteItem calls of
// 25, resending unprocessed items with a growing pause.
func BatchWrite(ctx context.Context, db BatchWriteItemAPI, table string, reqs []types.WriteRequest) error {
	for len(reqs) > 0 {
		n := min(len(reqs), batchWriteMax)
		pending := map[string][]types.WriteRequest{table: reqs[:n]}
		reqs = reqs[n:]
		for try := 0; len(pending[table]) > 0; try++ {
			if try == maxBatchTries {
				return fmt.Errorf("ddb: batch write: %d items unprocessed after %d tries", len(pending[table]), try)
			}
			if err := pause(ctx, try); err != nil {
				return err
			}
			out, err := db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
			if err != nil {
				return fmt.Errorf("ddb: batch write: %w", err)
			}
			pending = out.UnprocessedItems
		}
	}
	return nil
}

// BatchGet reads req.Keys (any number) of table with BatchGetItem calls of
// 100, each with req's other settings (projection, consistency), resending
// unprocessed keys with a growing pause; the items come back in no
// particular order, and absent keys are left out.
func BatchGet(ctx context.Context, db BatchGetItemAPI, table string, req types.KeysAndAttributes) ([]map[string]types.AttributeValue, error) {
	var out []map[string]types.AttributeValue
	for keys := req.Keys; len(keys) > 0; {
		n := min(len(keys), batchGetMax)
		chunk := req
		chunk.Keys = keys[:n]
		pending := map[string]types.KeysAndAttributes{table: chunk}
		keys = keys[n:]
		for try := 0; len(pending[table].Keys) > 0; try++ {
			if try == maxBatchTries {
				return nil, fmt.Errorf("ddb: batch get: %d keys unprocessed after %d tries", len(pending[table].Keys), try)
			}
			if err := pause(ctx, try); err != nil {
				return nil, err
			}
			res, err := db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: pending})
			if err != nil {
				return nil, fmt.Errorf("ddb: batch get: %w", err)
			}
			out = append(out, res.Responses[table]...)
			pending = res.UnprocessedKeys
		}
	}
	return out, nil
}

// pause waits before retry try of a batch (none before the first): 20 ms,
// doubling up to about 2.5 s.
func pause(ctx context.Context, try int) error {
	if try == 0 {
		return nil
	}
	t := time.NewTimer(time.Duration(1<<min(try, 8)) * 10 * time.Millisecond)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return fmt.Errorf("ddb: batch: %w", ctx.Err())
	case <-t.C:
		return nil
	}
}
