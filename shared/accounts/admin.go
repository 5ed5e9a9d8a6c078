package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/usersearch"
)

// What the back office (package admin) needs of accounts.
//
//	List users, newest first            Query GSI1 GSI1PK=USERS descending (UsersIndex, UserFromItem)
//	Search users by name or e-mail      package usersearch; kept in step by the store
//	                                    after sign-up, create-admin, social sign-up
//	                                    and profile changes (index)
//	Change an account's status          TransactWriteItems [StatusUpdate, the audit entry]

// UsersListPK is the GSI1 partition of every profile (admin list, newest first).
const UsersListPK = gsi1PKUsers

// UserFromItem decodes a stored profile item (from GetItem, Query or
// BatchGetItem on USER#<uid>/PROFILE or GSI1 USERS).
func UserFromItem(av map[string]types.AttributeValue) (User, error) {
	return unmarshalUser(av)
}

// UserKey is the primary key of uid's profile.
func UserKey(uid string) map[string]types.AttributeValue { return ddb.Key(userPK(uid), skProfile) }

// SearchDoc is what the admin search indexes of u.
func SearchDoc(u User) usersearch.Doc {
	d := usersearch.Doc{UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName}
	if u.Company != nil {
		d.Company = u.Company.Name
	}
	return d
}

// index brings u's admin search entry in step after a write. The entry is
// derived data: a failure is logged, not returned, and the next write (or
// the seed's backfill) repairs it.
func (s *DynamoStore) index(ctx context.Context, u User) {
	if err := usersearch.Sync(ctx, s.db, s.table, SearchDoc(u)); err != nil {
		slog.ErrorContext(ctx, "accounts: admin search index not updated", "uid", u.ID, "err", err.Error())
	}
}

// StatusUpdate is the transaction action that moves u (as read) to
// status to: it fails its condition when the status is no longer u's, and
// always for an erased account (StatusDeleted is final). A move to a
// status other than active also bumps the token version, so every session
// of the account ends at once.
func StatusUpdate(table string, u User, to Status) *types.Update {
	expr := "SET #status = :to"
	values := map[string]types.AttributeValue{
		":to": &types.AttributeValueMemberS{Value: string(to)}, ":seen": &types.AttributeValueMemberS{Value: string(u.Status)},
		":deleted": &types.AttributeValueMemberS{Value: string(StatusDeleted)},
	}
	if to != StatusActive {
		expr += " ADD tokenVersion :one"
		values[":one"] = &types.AttributeValueMemberN{Value: "1"}
	}
	return &types.Update{
		TableName: aws.String(table), Key: UserKey(u.ID),
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("attribute_exists(PK) AND #status = :seen AND #status <> :deleted"),
		ExpressionAttributeNames:  map[string]string{"#status": "status"},
		ExpressionAttributeValues: values,
	}
}

// SendVerification e-mails user uid a fresh verification link, as
// POST /auth/resend-verification does but for an administrator (no rate
// limit, no silence): user_not_found, email_already_verified.
func (s *Service) SendVerification(ctx context.Context, uid string) (User, error) {
	u, err := s.store.UserByID(ctx, uid)
	if errors.Is(err, apperr.ErrNotFound) {
		return User{}, fmt.Errorf("accounts: send verification to %s: %w", uid, apperr.New(apperr.CodeUserNotFound, err))
	}
	if err != nil {
		return User{}, fmt.Errorf("accounts: send verification to %s: %w", uid, err)
	}
	if u.EmailVerified {
		return User{}, fmt.Errorf("accounts: send verification to %s: %w", uid, apperr.New(apperr.CodeEmailAlreadyVerified, nil))
	}
	secret, hash := newSecret()
	tok := Token{Hash: hash, Kind: TokenVerify, UserID: u.ID, ExpiresAt: s.now().Add(VerifyTokenTTL)}
	if err := s.store.PutToken(ctx, tok); err != nil {
		return User{}, fmt.Errorf("accounts: send verification to %s: %w", uid, err)
	}
	lang := languageOr(u.Language, DefaultLanguage)
	if err := s.sendMail(ctx, verificationMail, lang, u, secret); err != nil {
		return User{}, fmt.Errorf("accounts: send verification to %s: %w", uid, apperr.New(apperr.CodeVerificationEmailFailed, err))
	}
	return u, nil
}
