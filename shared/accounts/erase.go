package accounts

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/usersearch"
)

// What the erasure of an account (package privacy) needs of accounts.
//
//	Social sign-in links of a user   GetItem USER#<uid>/PROFILE, attribute identities: a
//	                                 string set of "<provider>#<subject>", added in the
//	                                 transaction that writes the Identity item
//	                                 (CreateUserWithIdentity, LinkIdentity)
//	Check the confirmation           the password (argon2id), or for an account without one
//	                                 the e-mail typed again; failures count like failed
//	                                 logins of the account (LOGINFAIL#account#...)
//	Leave the admin search           usersearch.Sync with an empty document: every term
//	                                 posting of the user is deleted
//	Erase (one TransactWriteItems):
//	    Update USER#<uid>/PROFILE SET status = deleted, firstName = lastName = phone = "",
//	        email = emailNorm = ErasedEmail(uid), emailVerified = false, deletedAt
//	        REMOVE company, avatarKey, passwordHash, identities, GSI1PK, GSI1SK
//	        (out of the administrators' list) ADD tokenVersion :1 (every session ends)
//	        IF id = :uid AND status <> deleted
//	    Delete EMAIL#<normalised>/EMAIL IF attribute_not_exists(PK) OR uid = :uid
//	        (the address can sign up again)
//	    Delete IDP#<provider>#<subject>/IDP IF attribute_not_exists(PK) OR uid = :uid,
//	        for each link
//	    plus the caller's actions (its audit entry, other domains' items)
//
// A deleted account looks unknown: its e-mail guard and password are gone,
// so a login is invalid_credentials like any unknown address; its tokens
// are refused (status not active, version bumped); a social sign-in with a
// link left over from before links were recorded on the profile forgets
// that link and signs up anew (SignInWithIdentity).

// StatusDeleted is the status of an account erased at its holder's request
// (package privacy). It is final: no administrator can change it
// (StatusUpdate), and the account can neither log in nor use a token.
const StatusDeleted Status = "deleted"

// attrIdentities is the profile attribute listing the account's social
// sign-in links.
const attrIdentities = "identities"

// identityRef is how a link is listed in attrIdentities.
func identityRef(provider, subject string) string { return provider + "#" + subject }

// ErasedEmail is the non-deliverable address (RFC 2606 .invalid) an erased
// account keeps instead of its own.
func ErasedEmail(uid string) string { return "deleted-" + strings.ToLower(uid) + "@deleted.invalid" }

// IdentityLink is one social sign-in linked to an account.
type IdentityLink struct {
	Provider string
	Subject  string
}

// IdentityLinks returns the social sign-ins linked to uid (recorded on the
// profile); an unknown uid is apperr not_found.
func (s *DynamoStore) IdentityLinks(ctx context.Context, uid string) ([]IdentityLink, error) {
	var it struct {
		Identities []string `dynamodbav:"identities,stringset"`
	}
	if err := s.read(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: UserKey(uid), ConsistentRead: aws.Bool(true),
		ProjectionExpression:     aws.String("#ids, id"),
		ExpressionAttributeNames: map[string]string{"#ids": attrIdentities},
	}, &it, "identity links of "+uid); err != nil {
		return nil, err
	}
	links := make([]IdentityLink, 0, len(it.Identities))
	for _, ref := range it.Identities {
		provider, subject, ok := strings.Cut(ref, "#")
		if !ok || provider == "" || subject == "" {
			continue
		}
		links = append(links, IdentityLink{Provider: provider, Subject: subject})
	}
	return links, nil
}

// UnlinkIdentity deletes provider's link to subject if it belongs to uid
// (a link that is gone is no error).
func (s *DynamoStore) UnlinkIdentity(ctx context.Context, uid, provider, subject string) error {
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(identityPK(provider, subject), skIdentity),
		ConditionExpression:       aws.String("attribute_not_exists(PK) OR uid = :uid"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":uid": &types.AttributeValueMemberS{Value: uid}},
	})
	if err != nil {
		return fmt.Errorf("accounts: unlink %s identity of %s: %w", provider, uid, err)
	}
	return nil
}

// RemoveFromSearch deletes uid's entries in the administrators' user
// search (the postings of every term).
func (s *DynamoStore) RemoveFromSearch(ctx context.Context, uid string) error {
	if err := usersearch.Sync(ctx, s.db, s.table, usersearch.Doc{UserID: uid}); err != nil {
		return fmt.Errorf("accounts: remove %s from the user search: %w", uid, err)
	}
	return nil
}

// EraseUser anonymises u's profile, ends its sessions, frees its e-mail and
// removes its social sign-in links in one transaction with the caller's
// extra actions (see the comment at the top of this file). deletedAt is
// an RFC 3339 time. An account erased already is no error and writes
// nothing (the extra actions included), so a retry after a lost answer is
// harmless.
func (s *DynamoStore) EraseUser(ctx context.Context, u User, links []IdentityLink, deletedAt string, extra []types.TransactWriteItem) error {
	uid := map[string]types.AttributeValue{":uid": &types.AttributeValueMemberS{Value: u.ID}}
	placeholder := ErasedEmail(u.ID)
	items := []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: UserKey(u.ID),
			UpdateExpression: aws.String("SET #status = :deleted, firstName = :empty, lastName = :empty, phone = :empty, " +
				"email = :placeholder, emailNorm = :placeholder, emailVerified = :false, deletedAt = :at " +
				"REMOVE company, avatarKey, passwordHash, #ids, GSI1PK, GSI1SK ADD tokenVersion :one"),
			ConditionExpression:      aws.String("id = :uid AND #status <> :deleted"),
			ExpressionAttributeNames: map[string]string{"#status": "status", "#ids": attrIdentities},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":uid": uid[":uid"], ":deleted": &types.AttributeValueMemberS{Value: string(StatusDeleted)},
				":empty": &types.AttributeValueMemberS{Value: ""}, ":placeholder": &types.AttributeValueMemberS{Value: placeholder},
				":false": &types.AttributeValueMemberBOOL{Value: false}, ":at": &types.AttributeValueMemberS{Value: deletedAt},
				":one": &types.AttributeValueMemberN{Value: "1"},
			},
		}},
	}
	del := func(pk, sk string) types.TransactWriteItem {
		return types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(s.table), Key: ddb.Key(pk, sk),
			ConditionExpression: aws.String("attribute_not_exists(PK) OR uid = :uid"), ExpressionAttributeValues: uid,
		}}
	}
	if norm := NormalizeEmail(u.Email); norm != "" && norm != placeholder {
		items = append(items, del(emailPK(norm), skEmail))
	}
	for _, l := range links {
		items = append(items, del(identityPK(l.Provider, l.Subject), skIdentity))
	}
	items = append(items, extra...)
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	if reasons, ok := ddb.CancellationReasons(err); ok && len(reasons) > 0 && reasons[0] == "ConditionalCheckFailed" {
		cur, rerr := s.UserByID(ctx, u.ID)
		if rerr == nil && cur.Status == StatusDeleted {
			return nil
		}
		return fmt.Errorf("accounts: erase %s: profile changed meanwhile: %w", u.ID, apperr.New(apperr.CodeConflict, err))
	}
	if err != nil {
		return fmt.Errorf("accounts: erase %s: %w", u.ID, err)
	}
	return nil
}

// CheckConfirmation is the second factor of an irreversible request by
// p's account: the current password, or for an account without one (social
// sign-in only) its e-mail address typed again. It returns the account.
// Errors: not_logged_in (no such account), validation_failed (the field
// the account needs is empty: password or email), too_many_requests (like
// logins: five failures per account in 15 minutes, shared with them),
// account_confirmation_invalid.
func (s *Service) CheckConfirmation(ctx context.Context, p auth.Principal, plain, email string) (User, error) {
	u, err := s.Me(ctx, p)
	if err != nil {
		return User{}, err
	}
	switch {
	case u.PasswordHash != "" && plain == "":
		return User{}, fmt.Errorf("accounts: confirm %s: %w", u.ID, apperr.Validation(map[string]string{"password": apperr.FieldRequired}))
	case u.PasswordHash == "" && strings.TrimSpace(email) == "":
		return User{}, fmt.Errorf("accounts: confirm %s: %w", u.ID, apperr.Validation(map[string]string{"email": apperr.FieldRequired}))
	}
	key := NormalizeEmail(u.Email)
	held, err := s.reserveChecks(ctx, budget{scopeFailAccount, key, loginAccountLimit})
	if err != nil {
		return User{}, fmt.Errorf("accounts: confirm %s: %w", u.ID, err)
	}
	var ok bool
	if u.PasswordHash != "" {
		var verr error
		ok, verr = s.verify(plain, u.PasswordHash)
		if verr != nil {
			s.releaseChecks(ctx, held)
			return User{}, fmt.Errorf("accounts: confirm %s: stored hash: %w", u.ID, verr)
		}
	} else {
		ok = subtle.ConstantTimeCompare([]byte(NormalizeEmail(email)), []byte(key)) == 1
	}
	if !ok {
		return User{}, fmt.Errorf("accounts: confirm %s: %w", u.ID, apperr.New(apperr.CodeAccountConfirmationInvalid, errors.New("wrong password or e-mail")))
	}
	s.releaseChecks(ctx, held)
	return u, nil
}
