package accounts

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/usersearch"
)

// DynamoAPI is the part of the DynamoDB client DynamoStore needs.
type DynamoAPI interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
}

// DynamoStore is the Store on the single table (see keys.go).
type DynamoStore struct {
	db    DynamoAPI
	table string
}

var (
	_ Store              = (*DynamoStore)(nil)
	_ auth.TokenVersions = (*DynamoStore)(nil)
)

// NewDynamoStore returns a store on table.
func NewDynamoStore(db DynamoAPI, table string) *DynamoStore {
	return &DynamoStore{db: db, table: table}
}

type userItem struct {
	PK            string   `dynamodbav:"PK"`
	SK            string   `dynamodbav:"SK"`
	GSI1PK        string   `dynamodbav:"GSI1PK"`
	GSI1SK        string   `dynamodbav:"GSI1SK"`
	Type          string   `dynamodbav:"type"`
	ID            string   `dynamodbav:"id"`
	FirstName     string   `dynamodbav:"firstName"`
	LastName      string   `dynamodbav:"lastName"`
	Email         string   `dynamodbav:"email"`
	EmailNorm     string   `dynamodbav:"emailNorm"`
	Phone         string   `dynamodbav:"phone"`
	Language      string   `dynamodbav:"language"`
	Role          string   `dynamodbav:"role"`
	AccountType   string   `dynamodbav:"accountType"`
	Status        string   `dynamodbav:"status"`
	EmailVerified bool     `dynamodbav:"emailVerified"`
	Company       *Company `dynamodbav:"company,omitempty"`
	AvatarKey     string   `dynamodbav:"avatarKey,omitempty"`
	PasswordHash  string   `dynamodbav:"passwordHash,omitempty"`
	TokenVersion  int      `dynamodbav:"tokenVersion"`
	CreatedAt     string   `dynamodbav:"createdAt"`
}

func toUserItem(u User) userItem {
	return userItem{
		PK: userPK(u.ID), SK: skProfile, GSI1PK: gsi1PKUsers, GSI1SK: usersSK(u.CreatedAt, u.ID),
		Type: typeUser, ID: u.ID, FirstName: u.FirstName, LastName: u.LastName,
		Email: u.Email, EmailNorm: NormalizeEmail(u.Email), Phone: u.Phone, Language: u.Language,
		Role: string(u.Role), AccountType: string(u.AccountType), Status: string(u.Status),
		EmailVerified: u.EmailVerified, Company: u.Company, AvatarKey: u.AvatarKey,
		PasswordHash: u.PasswordHash, TokenVersion: u.TokenVersion,
		CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
}

func (it userItem) user() (User, error) {
	created, err := time.Parse(time.RFC3339Nano, it.CreatedAt)
	if err != nil {
		return User{}, fmt.Errorf("accounts: user %s: createdAt %q: %w", it.ID, it.CreatedAt, err)
	}
	return User{
		ID: it.ID, FirstName: it.FirstName, LastName: it.LastName, Email: it.Email,
		Phone: it.Phone, Language: it.Language, Role: auth.Role(it.Role),
		AccountType: AccountType(it.AccountType), Status: Status(it.Status),
		EmailVerified: it.EmailVerified, Company: it.Company, AvatarKey: it.AvatarKey,
		PasswordHash: it.PasswordHash, TokenVersion: it.TokenVersion, CreatedAt: created,
	}, nil
}

type guardItem struct {
	PK   string `dynamodbav:"PK"`
	SK   string `dynamodbav:"SK"`
	Type string `dynamodbav:"type"`
	UID  string `dynamodbav:"uid"`
}

type tokenItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	Kind      string `dynamodbav:"kind"`
	UID       string `dynamodbav:"uid"`
	Version   int    `dynamodbav:"tokenVersion"`
	ExpiresAt string `dynamodbav:"expiresAt"`
	TTL       int64  `dynamodbav:"ttl"`
}

func toTokenItem(t Token) tokenItem {
	return tokenItem{
		PK: tokenPK(t.Hash), SK: skToken, Type: typeToken, Kind: string(t.Kind), UID: t.UserID,
		Version: t.Version, ExpiresAt: t.ExpiresAt.UTC().Format(time.RFC3339Nano), TTL: t.ExpiresAt.Unix(),
	}
}

func marshal(v any) (map[string]types.AttributeValue, error) {
	av, err := attributevalue.MarshalMap(v)
	if err != nil {
		return nil, fmt.Errorf("accounts: marshal %T: %w", v, err)
	}
	return av, nil
}

// putNew is a transaction Put that requires the item not to exist.
func (s *DynamoStore) putNew(item map[string]types.AttributeValue) types.TransactWriteItem {
	return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(s.table), Item: item, ConditionExpression: aws.String(notExists)}}
}

const notExists = "attribute_not_exists(PK)"

// guardFor returns the item map of a guard (e-mail, identity, admin).
func guardFor(pk, sk, typ, uid string) (map[string]types.AttributeValue, error) {
	return marshal(guardItem{PK: pk, SK: sk, Type: typ, UID: uid})
}

// CreateUser implements Store.
func (s *DynamoStore) CreateUser(ctx context.Context, u User, verify Token) error {
	profile, err := marshal(toUserItem(u))
	if err != nil {
		return err
	}
	guard, err := guardFor(emailPK(NormalizeEmail(u.Email)), skEmail, typeEmailGuard, u.ID)
	if err != nil {
		return err
	}
	tok, err := marshal(toTokenItem(verify))
	if err != nil {
		return err
	}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.putNew(profile), s.putNew(guard), s.putNew(tok),
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) == 3 && reasons[1] == "ConditionalCheckFailed" {
		return fmt.Errorf("accounts: create user %s: %w", u.ID, apperr.New(apperr.CodeUserExists, err))
	}
	if err != nil {
		return fmt.Errorf("accounts: create user %s: %w", u.ID, err)
	}
	s.index(ctx, u)
	return nil
}

// UndoSignUp implements Store: the compensating transaction of
// CreateUser, each delete conditioned on the item still being this
// sign-up's, so it can never remove someone else's account; the admin
// search entry CreateUser wrote goes in the same transaction (its keys
// name the user).
func (s *DynamoStore) UndoSignUp(ctx context.Context, u User, tokenHash string) error {
	uid := map[string]types.AttributeValue{":uid": &types.AttributeValueMemberS{Value: u.ID}}
	del := func(pk, sk, cond string) types.TransactWriteItem {
		return types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(s.table), Key: ddb.Key(pk, sk),
			ConditionExpression: aws.String(cond), ExpressionAttributeValues: uid,
		}}
	}
	items := []types.TransactWriteItem{
		del(userPK(u.ID), skProfile, "id = :uid"),
		del(emailPK(NormalizeEmail(u.Email)), skEmail, "uid = :uid"),
		del(tokenPK(tokenHash), skToken, "uid = :uid"),
	}
	items = append(items, usersearch.Deletes(s.table, SearchDoc(u))...)
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	if err != nil {
		return fmt.Errorf("accounts: undo sign-up of %s: %w", u.ID, err)
	}
	return nil
}

// CreateAdmin implements Store.
func (s *DynamoStore) CreateAdmin(ctx context.Context, u User) error {
	admin, err := guardFor(pkAdmin, skAdminBootstrap, typeAdminGuard, u.ID)
	if err != nil {
		return err
	}
	profile, err := marshal(toUserItem(u))
	if err != nil {
		return err
	}
	guard, err := guardFor(emailPK(NormalizeEmail(u.Email)), skEmail, typeEmailGuard, u.ID)
	if err != nil {
		return err
	}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.putNew(admin), s.putNew(profile), s.putNew(guard),
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) == 3 {
		switch {
		case reasons[0] == "ConditionalCheckFailed":
			return fmt.Errorf("accounts: create admin: %w", apperr.New(apperr.CodeAdminExists, err))
		case reasons[2] == "ConditionalCheckFailed":
			return fmt.Errorf("accounts: create admin: %w", apperr.New(apperr.CodeUserExists, err))
		}
	}
	if err != nil {
		return fmt.Errorf("accounts: create admin %s: %w", u.ID, err)
	}
	s.index(ctx, u)
	return nil
}

// AdminExists implements Store.
func (s *DynamoStore) AdminExists(ctx context.Context) (bool, error) {
	item, err := s.get(ctx, pkAdmin, skAdminBootstrap)
	if errors.Is(err, apperr.ErrNotFound) {
		return false, nil
	}
	return item != nil, err
}

// get reads one item strongly consistently; absent is apperr not_found.
func (s *DynamoStore) get(ctx context.Context, pk, sk string) (map[string]types.AttributeValue, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(pk, sk), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, fmt.Errorf("accounts: get %s/%s: %w", pk, sk, err)
	}
	if out.Item == nil {
		return nil, fmt.Errorf("accounts: get %s/%s: %w", pk, sk, apperr.ErrNotFound)
	}
	return out.Item, nil
}

func unmarshalUser(av map[string]types.AttributeValue) (User, error) {
	var it userItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return User{}, fmt.Errorf("accounts: unmarshal user: %w", err)
	}
	return it.user()
}

// UserByID implements Store.
func (s *DynamoStore) UserByID(ctx context.Context, uid string) (User, error) {
	av, err := s.get(ctx, userPK(uid), skProfile)
	if err != nil {
		return User{}, err
	}
	return unmarshalUser(av)
}

func (s *DynamoStore) guardUID(ctx context.Context, pk, sk string) (string, error) {
	av, err := s.get(ctx, pk, sk)
	if err != nil {
		return "", err
	}
	var g guardItem
	if err := attributevalue.UnmarshalMap(av, &g); err != nil {
		return "", fmt.Errorf("accounts: unmarshal guard %s: %w", pk, err)
	}
	return g.UID, nil
}

// UserByEmail implements Store.
func (s *DynamoStore) UserByEmail(ctx context.Context, email string) (User, error) {
	uid, err := s.guardUID(ctx, emailPK(NormalizeEmail(email)), skEmail)
	if err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, uid)
}

// TokenVersion implements auth.TokenVersions with one consistent read, so
// a logout is effective immediately in every function.
func (s *DynamoStore) TokenVersion(ctx context.Context, uid string) (auth.TokenState, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(userPK(uid), skProfile), ConsistentRead: aws.Bool(true),
		ProjectionExpression:     aws.String("tokenVersion, #status"),
		ExpressionAttributeNames: map[string]string{"#status": "status"},
	})
	if err != nil {
		return auth.TokenState{}, fmt.Errorf("accounts: token version of %s: %w", uid, err)
	}
	if out.Item == nil {
		return auth.TokenState{}, fmt.Errorf("accounts: token version of %s: %w", uid, apperr.ErrNotFound)
	}
	var it struct {
		TokenVersion int    `dynamodbav:"tokenVersion"`
		Status       string `dynamodbav:"status"`
	}
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return auth.TokenState{}, fmt.Errorf("accounts: token version of %s: %w", uid, err)
	}
	return auth.TokenState{Version: it.TokenVersion, Active: Status(it.Status) == StatusActive}, nil
}

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
	av, err := s.get(ctx, tokenPK(hash), skToken)
	if err != nil {
		return Token{}, err
	}
	var it tokenItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return Token{}, fmt.Errorf("accounts: unmarshal token: %w", err)
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
	profile, err := marshal(toUserItem(u))
	if err != nil {
		return err
	}
	guard, err := guardFor(emailPK(NormalizeEmail(u.Email)), skEmail, typeEmailGuard, u.ID)
	if err != nil {
		return err
	}
	idp, err := guardFor(identityPK(provider, subject), skIdentity, typeIdentity, u.ID)
	if err != nil {
		return err
	}
	profile[attrIdentities] = &types.AttributeValueMemberSS{Value: []string{identityRef(provider, subject)}}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.putNew(profile), s.putNew(guard), s.putNew(idp),
	}})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) == 3 {
		switch {
		case reasons[1] == "ConditionalCheckFailed":
			return fmt.Errorf("accounts: create social user: %w", apperr.New(apperr.CodeUserExists, err))
		case reasons[2] == "ConditionalCheckFailed":
			return fmt.Errorf("accounts: create social user: %w", apperr.New(apperr.CodeConflict, err))
		}
	}
	if err != nil {
		return fmt.Errorf("accounts: create social user %s: %w", u.ID, err)
	}
	s.index(ctx, u)
	return nil
}

// LinkIdentity implements Store.
func (s *DynamoStore) LinkIdentity(ctx context.Context, uid, provider, subject string) error {
	idp, err := guardFor(identityPK(provider, subject), skIdentity, typeIdentity, uid)
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
	idp, err := guardFor(identityPK(provider, subject), skIdentity, typeIdentity, u.ID)
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
