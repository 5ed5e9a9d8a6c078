package accounts

import (
	"context"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// The DynamoStore's side of signing in: the per-account login attempt
// budget, and accounts found, created, linked or claimed through a social
// identity (OpenID Connect).

func attemptKey(a LoginAttempt) map[string]types.AttributeValue {
	return ddb.Key(failPKPrefix+a.Scope+"#"+hashHex(a.Key), failSKPrefix+strconv.FormatInt(a.WindowStart.Unix(), 10))
}

// ReserveLoginAttempt implements Store with one conditional UpdateItem
// (ADD n :1 IF n < limit): DynamoDB applies updates of one item one at a
// time, so parallel requests can never take more than limit between them.
func (s *DynamoStore) ReserveLoginAttempt(ctx context.Context, a LoginAttempt, limit int) (bool, error) {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: attemptKey(a),
		UpdateExpression:         aws.String("ADD n :one SET #ttl = :ttl, #type = :type"),
		ConditionExpression:      aws.String("attribute_not_exists(n) OR n < :limit"),
		ExpressionAttributeNames: map[string]string{"#ttl": ddb.AttrTTL, "#type": ddb.AttrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one":   &types.AttributeValueMemberN{Value: "1"},
			":limit": &types.AttributeValueMemberN{Value: strconv.Itoa(limit)},
			":ttl":   &types.AttributeValueMemberN{Value: strconv.FormatInt(a.WindowEnd.Unix()+300, 10)},
			":type":  &types.AttributeValueMemberS{Value: typeLoginFail},
		},
	})
	if ddb.IsConditionFailed(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("accounts: reserve login attempt %s: %w", a.Scope, err)
	}
	return true, nil
}

// ReleaseLoginAttempt implements Store: ADD n :-1 while n > 0, so a
// counter that expired meanwhile is not brought back below zero.
func (s *DynamoStore) ReleaseLoginAttempt(ctx context.Context, a LoginAttempt) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: attemptKey(a),
		UpdateExpression:    aws.String("ADD n :minus"),
		ConditionExpression: aws.String("n > :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":minus": &types.AttributeValueMemberN{Value: "-1"},
			":zero":  &types.AttributeValueMemberN{Value: "0"},
		},
	})
	if err != nil && !ddb.IsConditionFailed(err) {
		return fmt.Errorf("accounts: release login attempt %s: %w", a.Scope, err)
	}
	return nil
}

// UserByIdentity implements Store.
func (s *DynamoStore) UserByIdentity(ctx context.Context, provider, subject string) (User, error) {
	uid, err := s.guardUID(ctx, identityPK(provider, subject), skIdentity)
	if err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, uid)
}

// CreateUserWithIdentity implements Store.
func (s *DynamoStore) CreateUserWithIdentity(ctx context.Context, u User, provider, subject string) error {
	items, err := marshalAll(toUserItem(u), emailGuard(u), identityGuard(provider, subject, u.ID))
	if err != nil {
		return err
	}
	// The profile lists its links, so that erasing the account finds them.
	items[0][attrIdentities] = &types.AttributeValueMemberSS{Value: []string{identityRef(provider, subject)}}
	return s.createAccount(ctx, u, "create social user", items, map[int]apperr.Code{1: apperr.CodeUserExists, 2: apperr.CodeConflict})
}

// LinkIdentity implements Store.
func (s *DynamoStore) LinkIdentity(ctx context.Context, uid, provider, subject string) error {
	idp, err := marshal(identityGuard(provider, subject, uid))
	if err != nil {
		return err
	}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.putNew(idp),
		// The profile lists its links, so that erasing the account finds them.
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(userPK(uid), skProfile),
			UpdateExpression:          aws.String("ADD #ids :ref"),
			ConditionExpression:       aws.String("attribute_exists(PK)"),
			ExpressionAttributeNames:  map[string]string{"#ids": attrIdentities},
			ExpressionAttributeValues: map[string]types.AttributeValue{":ref": &types.AttributeValueMemberSS{Value: []string{identityRef(provider, subject)}}},
		}},
	}})
	if ddb.IsTransactionConditionFailed(err) {
		return fmt.Errorf("accounts: link identity to %s: %w", uid, apperr.New(apperr.CodeConflict, err))
	}
	if err != nil {
		return fmt.Errorf("accounts: link identity to %s: %w", uid, err)
	}
	return nil
}

// ClaimWithIdentity implements Store: TransactWriteItems [Put identity
// (not exists), Update profile IF still unverified, active and at
// u.TokenVersion].
func (s *DynamoStore) ClaimWithIdentity(ctx context.Context, u, claimed User, provider, subject string) (User, error) {
	idp, err := marshal(identityGuard(provider, subject, u.ID))
	if err != nil {
		return User{}, err
	}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.putNew(idp),
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: ddb.Key(userPK(u.ID), skProfile),
			UpdateExpression: aws.String("SET #verified = :true, #first = :first, #last = :last, #phone = :empty, #lang = :lang, #type = :individual" +
				" REMOVE #hash, #company ADD #version :one, #ids :ref"),
			ConditionExpression: aws.String("attribute_exists(PK) AND #verified = :false AND #status = :active AND #version = :ver"),
			ExpressionAttributeNames: map[string]string{
				"#verified": "emailVerified", "#first": "firstName", "#last": "lastName", "#phone": "phone",
				"#lang": "language", "#type": "accountType", "#hash": "passwordHash", "#company": "company",
				"#status": "status", "#version": "tokenVersion", "#ids": attrIdentities,
			},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":true": &types.AttributeValueMemberBOOL{Value: true}, ":false": &types.AttributeValueMemberBOOL{Value: false},
				":first": &types.AttributeValueMemberS{Value: claimed.FirstName}, ":last": &types.AttributeValueMemberS{Value: claimed.LastName},
				":empty": &types.AttributeValueMemberS{Value: ""}, ":lang": &types.AttributeValueMemberS{Value: claimed.Language},
				":individual": &types.AttributeValueMemberS{Value: string(AccountIndividual)},
				":active":     &types.AttributeValueMemberS{Value: string(StatusActive)},
				":one":        &types.AttributeValueMemberN{Value: "1"},
				":ver":        &types.AttributeValueMemberN{Value: strconv.Itoa(u.TokenVersion)},
				":ref":        &types.AttributeValueMemberSS{Value: []string{identityRef(provider, subject)}},
			},
		}},
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) == 2 {
		switch {
		case reasons[0] == "ConditionalCheckFailed":
			return User{}, fmt.Errorf("accounts: claim %s: %w", u.ID, apperr.New(apperr.CodeConflict, err))
		case reasons[1] == "ConditionalCheckFailed":
			return User{}, fmt.Errorf("accounts: claim %s: changed meanwhile: %w", u.ID, apperr.New(apperr.CodeEditConflict, err))
		}
	}
	if err != nil {
		return User{}, fmt.Errorf("accounts: claim %s: %w", u.ID, err)
	}
	out := u
	out.FirstName, out.LastName, out.Phone, out.Language = claimed.FirstName, claimed.LastName, "", claimed.Language
	out.AccountType, out.Company = AccountIndividual, nil
	out.EmailVerified, out.PasswordHash, out.TokenVersion = true, "", u.TokenVersion+1
	s.index(ctx, out)
	return out, nil
}
