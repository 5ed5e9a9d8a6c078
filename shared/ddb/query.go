package ddb

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// QueryAPI is the Query call of the DynamoDB client.
type QueryAPI interface {
	Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
}

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
		var batch []T
		if raw, ok := any(&batch).(*[]map[string]types.AttributeValue); ok {
			*raw = out.Items
		} else if err := attributevalue.UnmarshalListOfMaps(out.Items, &batch); err != nil {
			return nil, false, fmt.Errorf("ddb: decode items: %w", err)
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
