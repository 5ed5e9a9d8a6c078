package accounts

import (
	"context"
	"errors"
	"fmt"
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

// DynamoStore is the Store on the single table (see keys.go).
type DynamoStore struct {
	db    ddb.API
	table string
}

var (
	_ Store              = (*DynamoStore)(nil)
	_ auth.TokenVersions = (*DynamoStore)(nil)
)

// NewDynamoStore returns a store on table.
func NewDynamoStore(db ddb.API, table string) *DynamoStore {
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

// marshalAll marshals each of vs.
func marshalAll(vs ...any) ([]map[string]types.AttributeValue, error) {
	items := make([]map[string]types.AttributeValue, len(vs))
	for i, v := range vs {
		av, err := marshal(v)
		if err != nil {
			return nil, err
		}
		items[i] = av
	}
	return items, nil
}

// emailGuard is the item that keeps u's e-mail address unique.
func emailGuard(u User) guardItem {
	return guardItem{PK: emailPK(NormalizeEmail(u.Email)), SK: skEmail, Type: typeEmailGuard, UID: u.ID}
}

// identityGuard is the item that links a social sign-in to uid.
func identityGuard(provider, subject, uid string) guardItem {
	return guardItem{PK: identityPK(provider, subject), SK: skIdentity, Type: typeIdentity, UID: uid}
}

// createAccount writes the new account u as items (its profile and
// guards; none may exist yet) in one transaction and indexes u for the
// admin search. A failed condition on items[i] is the coded error
// refusals[i], where one is given; op names the write in errors.
func (s *DynamoStore) createAccount(ctx context.Context, u User, op string, items []map[string]types.AttributeValue, refusals map[int]apperr.Code) error {
	puts := make([]types.TransactWriteItem, len(items))
	for i, it := range items {
		puts[i] = s.putNew(it)
	}
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: puts})
	if reasons, ok := ddb.CancellationReasons(err); ok {
		for i, r := range reasons {
			if code, refused := refusals[i]; refused && r == "ConditionalCheckFailed" {
				return fmt.Errorf("accounts: %s %s: %w", op, u.ID, apperr.New(code, err))
			}
		}
	}
	if err != nil {
		return fmt.Errorf("accounts: %s %s: %w", op, u.ID, err)
	}
	s.index(ctx, u)
	return nil
}

// CreateUser implements Store.
func (s *DynamoStore) CreateUser(ctx context.Context, u User, verify Token) error {
	items, err := marshalAll(toUserItem(u), emailGuard(u), toTokenItem(verify))
	if err != nil {
		return err
	}
	return s.createAccount(ctx, u, "create user", items, map[int]apperr.Code{1: apperr.CodeUserExists})
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
	admin := guardItem{PK: pkAdmin, SK: skAdminBootstrap, Type: typeAdminGuard, UID: u.ID}
	items, err := marshalAll(admin, toUserItem(u), emailGuard(u))
	if err != nil {
		return err
	}
	return s.createAccount(ctx, u, "create admin", items, map[int]apperr.Code{0: apperr.CodeAdminExists, 2: apperr.CodeUserExists})
}

// AdminExists implements Store.
func (s *DynamoStore) AdminExists(ctx context.Context) (bool, error) {
	var g guardItem
	err := s.get(ctx, pkAdmin, skAdminBootstrap, &g)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// get reads one item strongly consistently into out; absent is apperr
// not_found.
func (s *DynamoStore) get(ctx context.Context, pk, sk string, out any) error {
	in := &dynamodb.GetItemInput{TableName: aws.String(s.table), Key: ddb.Key(pk, sk), ConsistentRead: aws.Bool(true)}
	return s.read(ctx, in, out, pk+"/"+sk)
}

// read runs in and decodes the item into out; absent is apperr not_found.
// what names the item in errors.
func (s *DynamoStore) read(ctx context.Context, in *dynamodb.GetItemInput, out any, what string) error {
	found, err := ddb.GetItem(ctx, s.db, in, out)
	if err == nil && !found {
		err = apperr.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("accounts: get %s: %w", what, err)
	}
	return nil
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
	var it userItem
	if err := s.get(ctx, userPK(uid), skProfile, &it); err != nil {
		return User{}, err
	}
	return it.user()
}

func (s *DynamoStore) guardUID(ctx context.Context, pk, sk string) (string, error) {
	var g guardItem
	if err := s.get(ctx, pk, sk, &g); err != nil {
		return "", err
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
	var it struct {
		TokenVersion int    `dynamodbav:"tokenVersion"`
		Status       string `dynamodbav:"status"`
	}
	if err := s.read(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(userPK(uid), skProfile), ConsistentRead: aws.Bool(true),
		ProjectionExpression:     aws.String("tokenVersion, #status"),
		ExpressionAttributeNames: map[string]string{"#status": "status"},
	}, &it, "token version of "+uid); err != nil {
		return auth.TokenState{}, err
	}
	return auth.TokenState{Version: it.TokenVersion, Active: Status(it.Status) == StatusActive}, nil
}
