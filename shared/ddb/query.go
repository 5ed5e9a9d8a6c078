package ddb

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// QueryPage runs in from in.ExclusiveStartKey (nil: the start) for one page
// of a cursor-paginated list: it reads limit+1 items a request, following
// LastEvaluatedKey across 1 MB pages and filter expressions, until it holds
// more than limit items or the result ends. It returns the first limit
// items decoded as T (map[string]types.AttributeValue: as read) and
// whether more follow, so a list hands out a next
// cursor exactly when something comes after. in.Limit and
// in.ExclusiveStartKey are overwritten.
func QueryPage[T any](ctx context.Context, db QueryAPI, in *dynamodb.QueryInput, limit int) ([]T, bool, error) {
	if limit < 1 {
		return nil, false, fmt.Errorf("ddb: query page: limit %d", limit)
	}
	in.Limit = aws.Int32(int32(min(limit, 1<<30)) + 1) //nolint:gosec // bounded just above
	var items []T
	for {
		out, err := db.Query(ctx, in)
		if err != nil {
			return nil, false, fmt.Errorf("ddb: query: %w", err)
		}
		batch, err := decodeItems[T](out.Items)
		if err != nil {
			return nil, false, err
		}
		items = append(items, batch...)
		if len(items) > limit {
			return items[:limit], true, nil
		}
		if len(out.LastEvaluatedKey) == 0 {
			return items, false, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// QueryEach runs in to the end of its result, following LastEvaluatedKey
// across pages, and calls fn with each item decoded as T
// (map[string]types.AttributeValue: as read), in order. An error from fn
// stops the query and is returned as it is. in.ExclusiveStartKey is
// overwritten.
func QueryEach[T any](ctx context.Context, db QueryAPI, in *dynamodb.QueryInput, fn func(T) error) error {
	for {
		out, err := db.Query(ctx, in)
		if err != nil {
			return fmt.Errorf("ddb: query: %w", err)
		}
		batch, err := decodeItems[T](out.Items)
		if err != nil {
			return err
		}
		for _, it := range batch {
			if err := fn(it); err != nil {
				return err
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// QueryAll runs in to the end of its result, as QueryEach does, and returns
// all items. Use it where the result is small by design (a user's
// subscriptions, a seller's open reports).
func QueryAll[T any](ctx context.Context, db QueryAPI, in *dynamodb.QueryInput) ([]T, error) {
	var all []T
	err := QueryEach(ctx, db, in, func(it T) error {
		all = append(all, it)
		return nil
	})
	return all, err
}

// QueryAllFunc runs in to the end of its result, as QueryEach does, and
// returns every item decoded as T and converted by conv (to its domain
// form); the first error of conv stops it and is returned as it is.
func QueryAllFunc[T, U any](ctx context.Context, db QueryAPI, in *dynamodb.QueryInput, conv func(T) (U, error)) ([]U, error) {
	var all []U
	err := QueryEach(ctx, db, in, func(it T) error {
		u, err := conv(it)
		if err != nil {
			return err
		}
		all = append(all, u)
		return nil
	})
	return all, err
}

// decodeItems decodes items as T; raw maps are passed through.
func decodeItems[T any](items []map[string]types.AttributeValue) ([]T, error) {
	var batch []T
	if raw, ok := any(&batch).(*[]map[string]types.AttributeValue); ok {
		*raw = items
		return batch, nil
	}
	if err := attributevalue.UnmarshalListOfMaps(items, &batch); err != nil {
		return nil, fmt.Errorf("ddb: decode items: %w", err)
	}
	return batch, nil
}
