package privacy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/ddb"
)

// ActionDelete is the audit action of an account deletion.
const ActionDelete = "account.delete"

// KeptRecords are the records a deletion keeps (RetentionYears).
var KeptRecords = []string{"invoices", "orders", "payments"}

// Confirmation is the body of DELETE /api/v1/account: the current
// password, or for an account without one its e-mail address.
type Confirmation struct {
	Password string `json:"password"`
	Email    string `json:"email"`
}

// Outcome is how far one deletion request got.
type Outcome struct {
	// Done: the account is erased. Otherwise the budget ran out first
	// and the same request must be sent again.
	Done bool
}

// errOverBudget stops a deletion request whose budget is used up.
var errOverBudget = errors.New("privacy: deletion budget used up")

// Delete erases p's account as doc.go describes, or as much of it as
// Options.Budget allows (Outcome.Done false). Errors:
// admin_cannot_delete_self, then those of accounts' CheckConfirmation
// (validation_failed, too_many_requests, account_confirmation_invalid),
// not_logged_in.
func (s *Service) Delete(ctx context.Context, p auth.Principal, in Confirmation) (Outcome, error) {
	u, err := s.user(ctx, p)
	if err != nil {
		return Outcome{}, err
	}
	if u.Role == auth.RoleAdmin || p.Role == auth.RoleAdmin {
		return Outcome{}, fmt.Errorf("privacy: delete %s: %w", u.ID, apperr.New(apperr.CodeAdminCannotDeleteSelf, nil))
	}
	if u, err = s.d.Confirmer.CheckConfirmation(ctx, p, in.Password, in.Email); err != nil {
		return Outcome{}, fmt.Errorf("privacy: delete %s: %w", p.UserID, err)
	}
	// Each step does at least one unit of work before it looks at the
	// budget, so every request makes progress.
	deadline := s.now().Add(s.opts.Budget)
	over := func() bool { return !s.now().Before(deadline) }
	for _, step := range []func(context.Context, accounts.User, func() bool) error{s.eraseAds, s.eraseRequests, s.eraseFavourites, s.eraseSavedSearches, s.eraseReviews} {
		err := step(ctx, u, over)
		if errors.Is(err, errOverBudget) {
			slog.InfoContext(ctx, "privacy: account deletion continues in the next request", "uid", u.ID)
			return Outcome{}, nil
		}
		if err != nil {
			return Outcome{}, fmt.Errorf("privacy: delete %s: %w", u.ID, err)
		}
	}
	if u.AvatarKey != "" && blob.IsAvatarKeyOf(u.ID, u.AvatarKey) {
		if err := s.d.Avatars.Delete(ctx, u.AvatarKey); err != nil {
			return Outcome{}, fmt.Errorf("privacy: delete %s: profile photo: %w", u.ID, err)
		}
	}
	if err := s.d.Users.RemoveFromSearch(ctx, u.ID); err != nil {
		return Outcome{}, fmt.Errorf("privacy: delete %s: %w", u.ID, err)
	}
	links, err := s.d.Users.IdentityLinks(ctx, u.ID)
	if err != nil {
		return Outcome{}, fmt.Errorf("privacy: delete %s: %w", u.ID, err)
	}
	extra, err := s.leftovers(ctx, u.ID)
	if err != nil {
		return Outcome{}, fmt.Errorf("privacy: delete %s: %w", u.ID, err)
	}
	put, _, err := s.d.Audit.TransactItem(audit.Change{
		Actor: audit.Actor{ID: u.ID}, Action: ActionDelete, TargetType: audit.TargetUser, TargetID: u.ID,
		Before: map[string]any{"status": u.Status, "role": u.Role, "accountType": u.AccountType},
		After:  map[string]any{"status": accounts.StatusDeleted, "kept": KeptRecords, "keptYears": RetentionYears},
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("privacy: delete %s: %w", u.ID, err)
	}
	// The last moment the address exists. A failure must not keep the
	// account alive: it is logged and the deletion goes on.
	if err := s.sendDeletedMail(ctx, u); err != nil {
		slog.ErrorContext(ctx, "privacy: deletion e-mail not sent", "uid", u.ID, "err", err.Error())
	}
	if err := s.d.Users.EraseUser(ctx, u, links, stamp(s.now()), append(extra, put)); err != nil {
		return Outcome{}, fmt.Errorf("privacy: delete %s: %w", u.ID, err)
	}
	slog.InfoContext(ctx, "privacy: account deleted", "uid", u.ID)
	return Outcome{Done: true}, nil
}

// eraseAds erases the seller's ads one by one (catalog.Store.EraseAd).
func (s *Service) eraseAds(ctx context.Context, u accounts.User, over func() bool) error {
	err := s.d.Ads.EachSellerAd(ctx, u.ID, func(id string) error {
		if _, err := s.d.Ads.EraseAd(ctx, id, u.ID, s.d.AdBlobs, s.now()); err != nil {
			return fmt.Errorf("ad %s: %w", id, err)
		}
		if over() {
			return errOverBudget
		}
		return nil
	})
	switch {
	case errors.Is(err, errOverBudget):
		return errOverBudget
	case err != nil:
		return fmt.Errorf("ads: %w", err)
	}
	return nil
}

// eraseFavourites empties the wish list; each removal counts its ad's
// favourites down. At most MaxFavourites small transactions: no budget
// check needed.
func (s *Service) eraseFavourites(ctx context.Context, u accounts.User, _ func() bool) error {
	if _, err := s.d.Favourites.RemoveAll(ctx, u.ID); err != nil {
		return fmt.Errorf("favourites: %w", err)
	}
	return nil
}

// eraseSavedSearches deletes the saved searches with their filed entries
// and waiting alerts (at most alerts.MaxSearches).
func (s *Service) eraseSavedSearches(ctx context.Context, u accounts.User, _ func() bool) error {
	if err := s.d.SavedSearches.RemoveAll(ctx, u.ID); err != nil {
		return fmt.Errorf("saved searches: %w", err)
	}
	return nil
}

// eraseReviews deletes the reviews the user wrote (they carry their name)
// and takes them out of the sellers' ratings.
func (s *Service) eraseReviews(ctx context.Context, u accounts.User, _ func() bool) error {
	if _, err := s.d.Reviews.EraseAuthor(ctx, u.ID); err != nil {
		return fmt.Errorf("reviews: %w", err)
	}
	return nil
}

// eraseRequests deletes the requests the user received, page by page, from
// the inbox and the archive; each delete counts the unread counter down
// with it.
func (s *Service) eraseRequests(ctx context.Context, u accounts.User, over func() bool) error {
	for _, archived := range []bool{false, true} {
		cursor := ""
		for {
			page, err := s.d.Requests.List(ctx, u.ID, archived, requestsPageSize, cursor)
			if err != nil {
				return fmt.Errorf("contact requests: %w", err)
			}
			for _, r := range page.Items {
				err := s.d.Requests.Delete(ctx, u.ID, r.ID)
				if err != nil && !errors.Is(err, errRequestNotFound) { // not found: deleted meanwhile
					return fmt.Errorf("contact request %s: %w", r.ID, err)
				}
			}
			if page.NextCursor == "" {
				break
			}
			if over() {
				return errOverBudget
			}
			cursor = page.NextCursor
		}
	}
	return nil
}

// errRequestNotFound matches contactreq's not-found errors (errors.Is
// compares codes).
var errRequestNotFound = apperr.New(apperr.CodeContactRequestNotFound, nil)

// leftovers returns the deletes of the items under USER#<uid> that go with
// the profile (keys.go); billing's items stay, anything unknown stays and
// is logged.
func (s *Service) leftovers(ctx context.Context, uid string) ([]types.TransactWriteItem, error) {
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.d.Table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: userPKPrefix + uid}},
		ProjectionExpression:      aws.String("PK, SK"),
		ConsistentRead:            aws.Bool(true),
	}
	type key struct {
		PK string `dynamodbav:"PK"`
		SK string `dynamodbav:"SK"`
	}
	var out []types.TransactWriteItem
	err := ddb.QueryEach(ctx, s.d.DB, in, func(k key) error {
		switch {
		case k.SK == skProfile, kept(k.SK):
		case strings.HasPrefix(k.SK, skContactedPrefix):
			// Which ads the user asked about: one item per ad, deleted
			// one by one (there may be more than a transaction holds).
			if _, err := s.d.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.d.Table), Key: ddb.Key(k.PK, k.SK)}); err != nil {
				return fmt.Errorf("delete %s/%s: %w", k.PK, k.SK, err)
			}
		case k.SK == skUserSearchDoc, k.SK == skSellerCounters, k.SK == skRating:
			out = append(out, types.TransactWriteItem{Delete: &types.Delete{
				TableName: aws.String(s.d.Table), Key: ddb.Key(k.PK, k.SK),
			}})
		default:
			slog.WarnContext(ctx, "privacy: item of a deleted account kept: unknown kind", "uid", uid, "sk", k.SK)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("items of %s: %w", uid, err)
	}
	return out, nil
}

func kept(sk string) bool {
	for _, p := range keptSKPrefixes {
		if strings.HasPrefix(sk, p) {
			return true
		}
	}
	return false
}
