package accounts

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// The DynamoStore's changes of an account: profile, password, token
// version (signing out everywhere) and avatar.

// update runs an UpdateItem on uid's profile (which must exist) and
// returns the new profile.
func (s *DynamoStore) update(ctx context.Context, uid, expr, cond string, names map[string]string, values map[string]types.AttributeValue) (User, error) {
	if cond == "" {
		cond = "attribute_exists(PK)"
	} else {
		cond = "attribute_exists(PK) AND " + cond
	}
	in := &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(userPK(uid), skProfile),
		UpdateExpression: aws.String(expr), ConditionExpression: aws.String(cond),
		ReturnValues: types.ReturnValueAllNew,
	}
	if len(names) > 0 {
		in.ExpressionAttributeNames = names
	}
	if len(values) > 0 {
		in.ExpressionAttributeValues = values
	}
	out, err := s.db.UpdateItem(ctx, in)
	if err != nil {
		return User{}, fmt.Errorf("accounts: update profile %s: %w", uid, err)
	}
	return unmarshalUser(out.Attributes)
}

func conditionFailed(err error) bool { return ddb.IsConditionFailed(err) }

// UpdateProfile implements Store.
func (s *DynamoStore) UpdateProfile(ctx context.Context, uid string, p ProfileUpdate) (User, error) {
	sets := []string{}
	names := map[string]string{}
	values := map[string]types.AttributeValue{}
	set := func(attr string, v types.AttributeValue) {
		n := "#" + attr
		names[n] = attr
		values[":"+attr] = v
		sets = append(sets, n+" = :"+attr)
	}
	str := func(attr string, v *string) {
		if v != nil {
			set(attr, &types.AttributeValueMemberS{Value: *v})
		}
	}
	str("firstName", p.FirstName)
	str("lastName", p.LastName)
	str("phone", p.Phone)
	str("language", p.Language)
	expr := ""
	if p.SetCompany && p.Company != nil {
		c, err := attributevalue.Marshal(p.Company)
		if err != nil {
			return User{}, fmt.Errorf("accounts: marshal company: %w", err)
		}
		set("company", c)
	}
	if len(sets) > 0 {
		expr = "SET " + strings.Join(sets, ", ")
	}
	if p.SetCompany && p.Company == nil {
		names["#company"] = "company"
		expr += " REMOVE #company"
	}
	if expr == "" {
		return s.UserByID(ctx, uid)
	}
	u, err := s.update(ctx, uid, expr, "", names, values)
	if conditionFailed(err) {
		return User{}, fmt.Errorf("accounts: update profile of %s: %w", uid, apperr.New(apperr.CodeNotFound, err))
	}
	if err != nil {
		return User{}, fmt.Errorf("accounts: update profile of %s: %w", uid, err)
	}
	s.index(ctx, u)
	return u, nil
}

// ChangePassword implements Store.
func (s *DynamoStore) ChangePassword(ctx context.Context, uid string, version int, passwordHash string) (User, error) {
	u, err := s.update(ctx, uid, "SET passwordHash = :hash ADD tokenVersion :one", "tokenVersion = :ver", nil,
		map[string]types.AttributeValue{
			":hash": &types.AttributeValueMemberS{Value: passwordHash},
			":one":  &types.AttributeValueMemberN{Value: "1"},
			":ver":  &types.AttributeValueMemberN{Value: strconv.Itoa(version)},
		})
	if conditionFailed(err) {
		return User{}, fmt.Errorf("accounts: change password of %s: token revoked meanwhile: %w", uid, apperr.New(apperr.CodeNotLoggedIn, err))
	}
	if err != nil {
		return User{}, fmt.Errorf("accounts: change password of %s: %w", uid, err)
	}
	return u, nil
}

// SetPasswordHash implements Store.
func (s *DynamoStore) SetPasswordHash(ctx context.Context, uid, passwordHash string) error {
	_, err := s.update(ctx, uid, "SET passwordHash = :hash", "", nil,
		map[string]types.AttributeValue{":hash": &types.AttributeValueMemberS{Value: passwordHash}})
	if err != nil {
		return fmt.Errorf("accounts: rehash password of %s: %w", uid, err)
	}
	return nil
}

// BumpTokenVersion implements Store.
func (s *DynamoStore) BumpTokenVersion(ctx context.Context, uid string) error {
	_, err := s.update(ctx, uid, "ADD tokenVersion :one", "", nil,
		map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}})
	if conditionFailed(err) {
		return fmt.Errorf("accounts: revoke tokens of %s: %w", uid, apperr.New(apperr.CodeNotFound, err))
	}
	if err != nil {
		return fmt.Errorf("accounts: revoke tokens of %s: %w", uid, err)
	}
	return nil
}

// SetAvatar implements Store.
func (s *DynamoStore) SetAvatar(ctx context.Context, uid, key string) (string, User, error) {
	in := &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(userPK(uid), skProfile),
		UpdateExpression:          aws.String("SET avatarKey = :key"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":key": &types.AttributeValueMemberS{Value: key}},
		ReturnValues:              types.ReturnValueAllOld,
	}
	out, err := s.db.UpdateItem(ctx, in)
	if ddb.IsConditionFailed(err) {
		return "", User{}, fmt.Errorf("accounts: set avatar of %s: %w", uid, apperr.New(apperr.CodeNotFound, err))
	}
	if err != nil {
		return "", User{}, fmt.Errorf("accounts: set avatar of %s: %w", uid, err)
	}
	u, err := unmarshalUser(out.Attributes)
	if err != nil {
		return "", User{}, err
	}
	old := u.AvatarKey
	u.AvatarKey = key
	return old, u, nil
}
