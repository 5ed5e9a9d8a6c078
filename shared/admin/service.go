package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/usersearch"
)

// Users reads accounts (*accounts.DynamoStore).
type Users interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Ads is the catalogue as the back office uses it (*catalog.Store, with
// cursors).
type Ads interface {
	SellerAds(ctx context.Context, uid, status, cursor string, limit int) (catalog.SellerPage, error)
	HideSellerAds(ctx context.Context, sellerID string, now time.Time) (int, error)
	ShowSellerAds(ctx context.Context, sellerID string) (int, error)
}

// Verifications sends verification e-mails (*accounts.Service).
type Verifications interface {
	SendVerification(ctx context.Context, uid string) (accounts.User, error)
}

// Page size bounds of the user list, and how many ads a user's page shows.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	UserAdsMax      = 50
	ReasonMax       = 500
	maxAttempts     = 4
)

// Service implements the back office's user rules. Safe for concurrent use.
type Service struct {
	db       ddb.API
	table    string
	cursors  *ddb.Cursors
	users    Users
	ads      Ads
	verify   Verifications
	recorder *audit.Recorder
	now      func() time.Time
}

// NewService returns a Service on table.
func NewService(db ddb.API, table string, cursors *ddb.Cursors, users Users, ads Ads, verify Verifications, recorder *audit.Recorder) *Service {
	return &Service{db: db, table: table, cursors: cursors, users: users, ads: ads, verify: verify, recorder: recorder, now: time.Now}
}

// UserPage is one page of accounts.
type UserPage struct {
	Users      []accounts.User
	NextCursor string
}

var usersFiltersHash = ddb.FiltersHash("admin", "users", "newest")

// Users lists accounts: with q, those matching q by name or e-mail (prefix,
// case and accents ignored; package usersearch), else all, newest first.
func (s *Service) Users(ctx context.Context, q string, limit int, cursor string) (UserPage, error) {
	if limit < 1 || limit > MaxPageSize {
		return UserPage{}, apperr.Validation(map[string]string{"limit": apperr.FieldInvalid})
	}
	if strings.TrimSpace(q) == "" {
		return s.newest(ctx, limit, cursor)
	}
	hits, err := usersearch.Search(ctx, s.db, s.table, s.cursors, q, limit, cursor)
	if err != nil {
		return UserPage{}, fmt.Errorf("admin: search users: %w", err)
	}
	users, err := s.byIDs(ctx, hits.UserIDs)
	if err != nil {
		return UserPage{}, err
	}
	return UserPage{Users: users, NextCursor: hits.NextCursor}, nil
}

// newest reads GSI1 USERS newest first.
func (s *Service) newest(ctx context.Context, limit int, cursor string) (UserPage, error) {
	start, err := s.cursors.Decode(cursor, usersFiltersHash)
	if err != nil {
		return UserPage{}, fmt.Errorf("admin: list users: %w", err)
	}
	in := &dynamodb.QueryInput{
		TableName: aws.String(s.table), IndexName: aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: accounts.UsersListPK}},
		ScanIndexForward:          aws.Bool(false),
	}
	in.ExclusiveStartKey = start
	items, more, err := ddb.QueryPage[map[string]types.AttributeValue](ctx, s.db, in, limit)
	if err != nil {
		return UserPage{}, fmt.Errorf("admin: list users: %w", err)
	}
	var page UserPage
	for _, av := range items {
		u, err := accounts.UserFromItem(av)
		if err != nil {
			return UserPage{}, fmt.Errorf("admin: list users: %w", err)
		}
		page.Users = append(page.Users, u)
	}
	if more {
		last := items[len(items)-1]
		key := map[string]types.AttributeValue{}
		for _, k := range []string{ddb.AttrPK, ddb.AttrSK, ddb.AttrGSI1PK, ddb.AttrGSI1SK} {
			key[k] = last[k]
		}
		if page.NextCursor, err = s.cursors.Encode(key, usersFiltersHash); err != nil {
			return UserPage{}, fmt.Errorf("admin: list users: %w", err)
		}
	}
	return page, nil
}

// byIDs reads the profiles of ids (BatchGetItem) in the order of ids;
// ids whose account is gone are skipped.
func (s *Service) byIDs(ctx context.Context, ids []string) ([]accounts.User, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	keys := make([]map[string]types.AttributeValue, 0, len(ids))
	seen := map[string]bool{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			keys = append(keys, accounts.UserKey(id))
		}
	}
	items, err := ddb.BatchGet(ctx, s.db, s.table, types.KeysAndAttributes{Keys: keys})
	if err != nil {
		return nil, fmt.Errorf("admin: read users: %w", err)
	}
	found := map[string]accounts.User{}
	for _, av := range items {
		u, err := accounts.UserFromItem(av)
		if err != nil {
			return nil, fmt.Errorf("admin: read users: %w", err)
		}
		found[u.ID] = u
	}
	out := make([]accounts.User, 0, len(ids))
	for _, id := range ids {
		if u, ok := found[id]; ok {
			out = append(out, u)
		}
	}
	return out, nil
}

// User returns account uid and its first UserAdsMax ads, newest first:
// user_not_found.
func (s *Service) User(ctx context.Context, uid string) (accounts.User, []catalog.Ad, error) {
	u, err := s.user(ctx, uid)
	if err != nil {
		return accounts.User{}, nil, err
	}
	page, err := s.ads.SellerAds(ctx, uid, "", "", UserAdsMax)
	if err != nil {
		return accounts.User{}, nil, fmt.Errorf("admin: ads of %s: %w", uid, err)
	}
	return u, page.Ads, nil
}

func (s *Service) user(ctx context.Context, uid string) (accounts.User, error) {
	if uid == "" || len(uid) > 64 {
		return accounts.User{}, apperr.New(apperr.CodeUserNotFound, fmt.Errorf("admin: user id %q", uid))
	}
	u, err := s.users.UserByID(ctx, uid)
	if errors.Is(err, apperr.ErrNotFound) {
		return accounts.User{}, fmt.Errorf("admin: user %s: %w", uid, apperr.New(apperr.CodeUserNotFound, err))
	}
	if err != nil {
		return accounts.User{}, fmt.Errorf("admin: user %s: %w", uid, err)
	}
	return u, nil
}

// actor is the audit actor of admin.
func (s *Service) actor(ctx context.Context, admin auth.Principal) (audit.Actor, error) {
	u, err := s.users.UserByID(ctx, admin.UserID)
	if err != nil {
		return audit.Actor{}, fmt.Errorf("admin: administrator %s: %w", admin.UserID, err)
	}
	return audit.Actor{ID: u.ID, Email: u.Email}, nil
}

// reasonText is the rule of a status change's reason (package input).
var reasonText = input.Text{Max: ReasonMax, MultiLine: true}

// SetStatus moves account uid to status to for admin, with reason (kept
// in the audit entry). A change away from active bumps the token version
// (every session ends) and hides the account's active ads; a change back
// to active shows those ads again. Setting the status the account already
// has changes nothing but completes the hiding or showing of its ads (so a
// change interrupted half-way is finished by repeating it). Errors:
// validation_failed, user_not_found, cannot_change_own_status,
// cannot_block_admin.
func (s *Service) SetStatus(ctx context.Context, admin auth.Principal, uid string, to accounts.Status, reason string) (accounts.User, error) {
	reason, reasonCode := reasonText.Clean(reason)
	fields := map[string]string{}
	switch to {
	case accounts.StatusActive, accounts.StatusSuspended, accounts.StatusBanned:
	case "":
		fields["status"] = apperr.FieldRequired
	default:
		fields["status"] = apperr.FieldInvalid
	}
	if reasonCode != "" {
		fields["reason"] = reasonCode
	}
	if len(fields) > 0 {
		return accounts.User{}, apperr.Validation(fields)
	}
	if uid == admin.UserID {
		return accounts.User{}, apperr.New(apperr.CodeCannotChangeOwnStatus, fmt.Errorf("admin: %s changes own status", uid))
	}
	actor, err := s.actor(ctx, admin)
	if err != nil {
		return accounts.User{}, err
	}
	for range maxAttempts {
		u, err := s.user(ctx, uid)
		if err != nil {
			return accounts.User{}, err
		}
		if u.Role == auth.RoleAdmin && to != accounts.StatusActive {
			return accounts.User{}, apperr.New(apperr.CodeCannotBlockAdmin, fmt.Errorf("admin: block administrator %s", uid))
		}
		if u.Status != to {
			put, _, err := s.recorder.TransactItem(audit.Change{
				Actor: actor, Action: "user.status", TargetType: audit.TargetUser, TargetID: uid,
				Before: map[string]any{"status": u.Status, "tokenVersion": u.TokenVersion},
				After:  statusAfter(u, to, reason),
			})
			if err != nil {
				return accounts.User{}, fmt.Errorf("admin: set status of %s: %w", uid, err)
			}
			_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Update: accounts.StatusUpdate(s.table, u, to)}, put,
			}})
			if _, cancelled := ddb.CancellationReasons(err); cancelled {
				continue // changed meanwhile: read again
			}
			if err != nil {
				return accounts.User{}, fmt.Errorf("admin: set status of %s: %w", uid, err)
			}
		}
		if to == accounts.StatusActive {
			_, err = s.ads.ShowSellerAds(ctx, uid)
		} else {
			_, err = s.ads.HideSellerAds(ctx, uid, s.now().UTC())
		}
		if err != nil {
			return accounts.User{}, fmt.Errorf("admin: set status of %s: ads: %w", uid, err)
		}
		return s.user(ctx, uid)
	}
	return accounts.User{}, apperr.New(apperr.CodeConflict, fmt.Errorf("admin: set status of %s: too many concurrent changes", uid))
}

func statusAfter(u accounts.User, to accounts.Status, reason string) map[string]any {
	after := map[string]any{"status": to, "tokenVersion": u.TokenVersion}
	if to != accounts.StatusActive {
		after["tokenVersion"] = u.TokenVersion + 1
	}
	if reason != "" {
		after["reason"] = reason
	}
	return after
}

// ResendVerification e-mails account uid a fresh verification link and
// records it: user_not_found, email_already_verified.
func (s *Service) ResendVerification(ctx context.Context, admin auth.Principal, uid string) error {
	if _, err := s.user(ctx, uid); err != nil {
		return err
	}
	actor, err := s.actor(ctx, admin)
	if err != nil {
		return err
	}
	u, err := s.verify.SendVerification(ctx, uid)
	if err != nil {
		return fmt.Errorf("admin: resend verification: %w", err)
	}
	if _, err := s.recorder.Record(ctx, audit.Change{
		Actor: actor, Action: "user.resend_verification", TargetType: audit.TargetUser, TargetID: uid,
		Before: map[string]any{"emailVerified": u.EmailVerified}, After: map[string]any{"verificationSent": true},
	}); err != nil {
		return fmt.Errorf("admin: resend verification: %w", err)
	}
	return nil
}
