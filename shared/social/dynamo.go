package social

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// DynamoHandovers is Handovers on the single table (see keys.go).
type DynamoHandovers struct {
	db    ddb.API
	table string
}

var _ Handovers = (*DynamoHandovers)(nil)

// NewDynamoHandovers returns hand-overs kept in table.
func NewDynamoHandovers(db ddb.API, table string) *DynamoHandovers {
	return &DynamoHandovers{db: db, table: table}
}

// PutHandover implements Handovers.
func (s *DynamoHandovers) PutHandover(ctx context.Context, h Handover) error {
	expires := strconv.FormatInt(h.ExpiresAt.Unix(), 10)
	_, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.table),
		Item: map[string]types.AttributeValue{
			ddb.AttrPK:   &types.AttributeValueMemberS{Value: handoverPK(h.CodeHash)},
			ddb.AttrSK:   &types.AttributeValueMemberS{Value: skHandover},
			ddb.AttrType: &types.AttributeValueMemberS{Value: typeHandover},
			"bind":       &types.AttributeValueMemberS{Value: h.BindHash},
			"token":      &types.AttributeValueMemberS{Value: h.Token},
			"expiresAt":  &types.AttributeValueMemberN{Value: expires},
			ddb.AttrTTL:  &types.AttributeValueMemberN{Value: expires},
		},
		ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	if err != nil {
		return fmt.Errorf("social: put hand-over: %w", err)
	}
	return nil
}

// TakeHandover implements Handovers with one conditional DeleteItem.
func (s *DynamoHandovers) TakeHandover(ctx context.Context, codeHash, bindHash string, now time.Time) (string, error) {
	out, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:                aws.String(s.table),
		Key:                      ddb.Key(handoverPK(codeHash), skHandover),
		ConditionExpression:      aws.String("attribute_exists(PK) AND #bind = :bind AND expiresAt > :now"),
		ExpressionAttributeNames: map[string]string{"#bind": "bind"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":bind": &types.AttributeValueMemberS{Value: bindHash},
			":now":  &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Unix(), 10)},
		},
		ReturnValues: types.ReturnValueAllOld,
	})
	if ddb.IsConditionFailed(err) {
		return "", fmt.Errorf("social: take hand-over: %w", apperr.New(apperr.CodeNotFound, err))
	}
	if err != nil {
		return "", fmt.Errorf("social: take hand-over: %w", err)
	}
	tok, ok := out.Attributes["token"].(*types.AttributeValueMemberS)
	if !ok || tok.Value == "" {
		return "", fmt.Errorf("social: take hand-over: item without a token: %w", apperr.ErrNotFound)
	}
	return tok.Value, nil
}
