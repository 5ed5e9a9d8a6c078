package ddb

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Get reads the item at key of table with a strongly consistent read and
// decodes it into out (a pointer, as for attributevalue.UnmarshalMap).
// found is false, and out untouched, when there is no such item.
func Get(ctx context.Context, db GetItemAPI, table string, key map[string]types.AttributeValue, out any) (found bool, err error) {
	return GetItem(ctx, db, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key, ConsistentRead: aws.Bool(true)}, out)
}

// GetItem runs in (for an eventually consistent read or a projection) and
// decodes the item into out as Get does.
func GetItem(ctx context.Context, db GetItemAPI, in *dynamodb.GetItemInput, out any) (found bool, err error) {
	res, err := db.GetItem(ctx, in)
	if err != nil {
		return false, fmt.Errorf("ddb: get item: %w", err)
	}
	if res.Item == nil {
		return false, nil
	}
	if err := attributevalue.UnmarshalMap(res.Item, out); err != nil {
		return false, fmt.Errorf("ddb: decode item: %w", err)
	}
	return true, nil
}
