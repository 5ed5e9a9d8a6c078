package accounts

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

// The DynamoStore's one-time tokens: e-mail verification and password
// reset links, consumed with the change they allow in one transaction.

// PutToken implements Store.
func (s *DynamoStore) PutToken(ctx context.Context, t Token) error {
	av, err := marshal(toTokenItem(t))
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: av, ConditionExpression: aws.String(notExists)})
	if err != nil {
		return fmt.Errorf("accounts: put %s token of %s: %w", t.Kind, t.UserID, err)
	}
	return nil
}

// Token implements Store.
func (s *DynamoStore) Token(ctx context.Context, hash string) (Token, error) {
	var it tokenItem
	if err := s.get(ctx, tokenPK(hash), skToken, &it); err != nil {
		return Token{}, err
	}
	exp, err := time.Parse(time.RFC3339Nano, it.ExpiresAt)
	if err != nil {
		return Token{}, fmt.Errorf("accounts: token expiresAt %q: %w", it.ExpiresAt, err)
	}
	return Token{Hash: hash, Kind: TokenKind(it.Kind), UserID: it.UID, Version: it.Version, ExpiresAt: exp}, nil
}

// DeleteToken implements Store.
func (s *DynamoStore) DeleteToken(ctx context.Context, hash string) error {
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.table), Key: ddb.Key(tokenPK(hash), skToken)})
	if err != nil {
		return fmt.Errorf("accounts: delete token: %w", err)
	}
	return nil
}

func (s *DynamoStore) consume(t Token) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{
		TableName: aws.String(s.table), Key: ddb.Key(tokenPK(t.Hash), skToken),
		ConditionExpression:       aws.String("attribute_exists(PK) AND kind = :kind"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":kind": &types.AttributeValueMemberS{Value: string(t.Kind)}},
	}}
}

// VerifyEmail implements Store.
func (s *DynamoStore) VerifyEmail(ctx context.Context, t Token) error {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.consume(t),
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(userPK(t.UserID), skProfile),
			UpdateExpression:          aws.String("SET emailVerified = :true"),
			ConditionExpression:       aws.String("attribute_exists(PK)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":true": &types.AttributeValueMemberBOOL{Value: true}},
		}},
	}})
	if ddb.IsTransactionConditionFailed(err) {
		return fmt.Errorf("accounts: verify e-mail of %s: %w", t.UserID, apperr.InvalidLinkToken(err))
	}
	if err != nil {
		return fmt.Errorf("accounts: verify e-mail of %s: %w", t.UserID, err)
	}
	return nil
}

// ResetPassword implements Store.
func (s *DynamoStore) ResetPassword(ctx context.Context, t Token, passwordHash string) error {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.consume(t),
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(userPK(t.UserID), skProfile),
			UpdateExpression:    aws.String("SET passwordHash = :hash, emailVerified = :true ADD tokenVersion :one"),
			ConditionExpression: aws.String("attribute_exists(PK) AND tokenVersion = :ver"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":hash": &types.AttributeValueMemberS{Value: passwordHash},
				":true": &types.AttributeValueMemberBOOL{Value: true},
				":one":  &types.AttributeValueMemberN{Value: "1"},
				":ver":  &types.AttributeValueMemberN{Value: strconv.Itoa(t.Version)},
			},
		}},
	}})
	if ddb.IsTransactionConditionFailed(err) {
		return fmt.Errorf("accounts: reset password of %s: %w", t.UserID, apperr.InvalidLinkToken(err))
	}
	if err != nil {
		return fmt.Errorf("accounts: reset password of %s: %w", t.UserID, err)
	}
	return nil
}
