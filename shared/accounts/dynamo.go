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
