package reviews

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/search"
)

// Rules.
const (
	// DefaultWait is the waiting period between a buyer's first message
	// about an ad and their review of its seller.
	DefaultWait = 48 * time.Hour
	// EditWindow is how long the author may change a review.
	EditWindow = 48 * time.Hour
	// Bounds of a review: its rating in stars, its texts in characters.
	MinRating = 1
	MaxRating = 5
	MinText   = 10
	MaxText   = 2000
	MaxReply  = 2000
	MaxReason = 500
	// PageSize of the review lists; AdsPageSize of the seller's ads.
	PageSize    = 20
	AdsPageSize = 24
)

// Why a user may not review a seller for an ad.
const (
	ReasonNotContacted    = "not_contacted"
	ReasonTooEarly        = "too_early"
	ReasonOwnAd           = "own_ad"
	ReasonAlreadyReviewed = "already_reviewed"
)

// Audit actions.
const (
	ActionRemove  = "review.remove"
	ActionDismiss = "review.dismiss"
	targetReview  = "review"
)

// Users reads accounts (*accounts.DynamoStore).
type Users interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Ads reads the catalogue (*catalog.Store with cursors).
type Ads interface {
	Ad(ctx context.Context, id string) (catalog.Ad, error)
	SellerAds(ctx context.Context, uid, status, cursor string, limit int) (catalog.SellerPage, error)
}

// Service is reviews and seller profiles.
type Service struct {
	store *Store
	users Users
	ads   Ads
	audit *audit.Recorder
	wait  time.Duration
	now   func() time.Time
}

// NewService returns the service; wait is the waiting period (DefaultWait
// when negative).
func NewService(store *Store, users Users, ads Ads, rec *audit.Recorder, wait time.Duration) *Service {
	if wait < 0 {
		wait = DefaultWait
	}
	return &Service{store: store, users: users, ads: ads, audit: rec, wait: wait, now: time.Now}
}

// WithClock returns a copy reading the time from now (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	return &c
}

// Eligibility is whether a user may review an ad's seller, and if not why.
type Eligibility struct {
	CanReview     bool
	Reason        string
	AvailableFrom time.Time
	ReviewID      string
}

// Eligibility tells uid whether they may review the seller of adID now.
func (s *Service) Eligibility(ctx context.Context, uid, adID string) (Eligibility, catalog.Ad, error) {
	a, err := s.ads.Ad(ctx, adID)
	if err != nil {
		return Eligibility{}, catalog.Ad{}, fmt.Errorf("reviews: eligibility: %w", err)
	}
	if a.SellerID == uid {
		return Eligibility{Reason: ReasonOwnAd}, a, nil
	}
	id, err := s.store.Guard(ctx, uid, adID)
	if err != nil {
		return Eligibility{}, a, err
	}
	if id != "" {
		return Eligibility{Reason: ReasonAlreadyReviewed, ReviewID: id}, a, nil
	}
	first, err := s.store.Contacted(ctx, uid, adID)
	if err != nil {
		return Eligibility{}, a, err
	}
	if first.IsZero() {
		return Eligibility{Reason: ReasonNotContacted}, a, nil
	}
	if from := first.Add(s.wait); s.now().Before(from) {
		return Eligibility{Reason: ReasonTooEarly, AvailableFrom: from}, a, nil
	}
	return Eligibility{CanReview: true}, a, nil
}

func notEligible(e Eligibility) error {
	err := apperr.New(apperr.CodeReviewNotEligible, fmt.Errorf("reviews: not eligible: %s", e.Reason))
	err.Params = map[string]string{"reason": e.Reason}
	if !e.AvailableFrom.IsZero() {
		err.Params["availableFrom"] = e.AvailableFrom.UTC().Format(time.RFC3339)
	}
	return err
}

// DisplayName is how a person appears publicly: first name and the
// initial of the last name ("Claire M.").
func DisplayName(u accounts.User) string {
	name := strings.TrimSpace(u.FirstName)
	if r, _ := utf8.DecodeRuneInString(strings.TrimSpace(u.LastName)); r != utf8.RuneError {
		name += " " + string(r) + "."
	}
	return strings.TrimSpace(name)
}

// checkText returns text normalised as a required multi-line field of
// minLen to maxLen characters (package input), recording its field code
// in bad under field when it is refused.
func checkText(text string, minLen, maxLen int, field string, bad map[string]string) string {
	text, code := input.Text{Min: minLen, Max: maxLen, Required: true, MultiLine: true}.Clean(text)
	if code != "" {
		bad[field] = code
	}
	return text
}

// Create writes uid's review of adID's seller.
func (s *Service) Create(ctx context.Context, uid, adID string, rating int, text string) (Review, error) {
	bad := map[string]string{}
	if rating < MinRating || rating > MaxRating {
		bad["rating"] = apperr.FieldOutOfRange
	}
	text = checkText(text, MinText, MaxText, "text", bad)
	if len(bad) > 0 {
		return Review{}, apperr.Validation(bad)
	}
	e, a, err := s.Eligibility(ctx, uid, adID)
	if err != nil {
		return Review{}, err
	}
	if e.Reason == ReasonAlreadyReviewed {
		return Review{}, apperr.New(apperr.CodeReviewExists, errExists)
	}
	if !e.CanReview {
		return Review{}, notEligible(e)
	}
	u, err := s.users.UserByID(ctx, uid)
	if err != nil {
		return Review{}, fmt.Errorf("reviews: author %s: %w", uid, err)
	}
	now := s.now().UTC()
	r := Review{
		ID: ulid.MustNew(ulid.Timestamp(now), rand.Reader).String(), SellerID: a.SellerID, AdID: a.ID, AdTitle: a.Title,
		BuyerID: uid, AuthorName: DisplayName(u), Rating: rating, Text: text,
		CreatedAt: now.Format(time.RFC3339Nano), UpdatedAt: now.Format(time.RFC3339Nano), Status: StatusVisible,
	}
	if err := s.store.Create(ctx, r); err != nil {
		if errors.Is(err, errExists) {
			return Review{}, apperr.New(apperr.CodeReviewExists, err)
		}
		return Review{}, err
	}
	return r, nil
}

func (s *Service) visible(ctx context.Context, id string) (Review, error) {
	if _, err := ulid.ParseStrict(id); err != nil {
		return Review{}, apperr.New(apperr.CodeReviewNotFound, fmt.Errorf("reviews: id %q", id))
	}
	r, err := s.store.Get(ctx, id)
	if errors.Is(err, errNotFound) || (err == nil && r.Status != StatusVisible) {
		return Review{}, apperr.New(apperr.CodeReviewNotFound, fmt.Errorf("reviews: %s", id))
	}
	return r, err
}

// Edit changes the author's review within EditWindow.
func (s *Service) Edit(ctx context.Context, uid, id string, rating *int, text *string) (Review, error) {
	cur, err := s.visible(ctx, id)
	if err != nil {
		return Review{}, err
	}
	if cur.BuyerID != uid {
		return Review{}, apperr.New(apperr.CodeReviewNotFound, fmt.Errorf("reviews: %s is not %s's", id, uid))
	}
	if !s.now().Before(cur.Created().Add(EditWindow)) {
		return Review{}, apperr.New(apperr.CodeReviewLocked, fmt.Errorf("reviews: %s older than the edit window", id))
	}
	newRating, newText := cur.Rating, cur.Text
	bad := map[string]string{}
	if rating != nil {
		if *rating < MinRating || *rating > MaxRating {
			bad["rating"] = apperr.FieldOutOfRange
		}
		newRating = *rating
	}
	if text != nil {
		newText = checkText(*text, MinText, MaxText, "text", bad)
	}
	if len(bad) > 0 {
		return Review{}, apperr.Validation(bad)
	}
	r, err := s.store.Edit(ctx, cur, newRating, newText, s.now())
	if errors.Is(err, errChanged) {
		return Review{}, apperr.New(apperr.CodeEditConflict, err)
	}
	return r, err
}

// Reply stores the reviewed seller's one reply.
func (s *Service) Reply(ctx context.Context, uid, id, text string) (Review, error) {
	cur, err := s.visible(ctx, id)
	if err != nil {
		return Review{}, err
	}
	if cur.SellerID != uid {
		return Review{}, apperr.New(apperr.CodeReviewNotFound, fmt.Errorf("reviews: %s is not about %s", id, uid))
	}
	bad := map[string]string{}
	text = checkText(text, 1, MaxReply, "text", bad)
	if len(bad) > 0 {
		return Review{}, apperr.Validation(bad)
	}
	r, err := s.store.SetReply(ctx, id, Reply{Text: text, CreatedAt: s.now().UTC().Format(time.RFC3339Nano)})
	if errors.Is(err, errReplied) {
		return Review{}, apperr.New(apperr.CodeReviewReplyExists, err)
	}
	return r, err
}

// Report files uid's report of review id.
func (s *Service) Report(ctx context.Context, uid, id, reason string) error {
	cur, err := s.visible(ctx, id)
	if err != nil {
		return err
	}
	if cur.BuyerID == uid {
		return apperr.New(apperr.CodeForbidden, fmt.Errorf("reviews: %s reporting their own review", uid))
	}
	bad := map[string]string{}
	reason = checkText(reason, 1, MaxReason, "reason", bad)
	if len(bad) > 0 {
		return apperr.Validation(bad)
	}
	u, err := s.users.UserByID(ctx, uid)
	if err != nil {
		return fmt.Errorf("reviews: reporter %s: %w", uid, err)
	}
	now := s.now().UTC()
	err = s.store.AddReport(ctx, id, uid, Report{Reason: reason, ReporterName: DisplayName(u), CreatedAt: now.Format(time.RFC3339Nano)}, now)
	switch {
	case errors.Is(err, errAlreadyReported):
		return apperr.New(apperr.CodeReviewAlreadyReported, err)
	case errors.Is(err, errNotFound):
		return apperr.New(apperr.CodeReviewNotFound, err)
	}
	return err
}

// Reported is a reported review with its reports.
type Reported struct {
	Review
	ReportList []Report
}

// ReportedPage returns a page of the administrators' queue.
func (s *Service) ReportedPage(ctx context.Context, cursor string) ([]Reported, string, error) {
	page, err := s.store.Reported(ctx, PageSize, cursor)
	if err != nil {
		return nil, "", err
	}
	out := make([]Reported, len(page.Items))
	for i, r := range page.Items {
		reps, err := s.store.Reports(ctx, r.ID)
		if err != nil {
			return nil, "", err
		}
		out[i] = Reported{Review: r, ReportList: reps}
	}
	return out, page.NextCursor, nil
}

// Remove hides review id for good (an administrator's decision).
func (s *Service) Remove(ctx context.Context, admin auth.Principal, id string) error {
	cur, err := s.visible(ctx, id)
	if err != nil {
		return err
	}
	item, _, err := s.audit.TransactItem(audit.Change{
		Actor: audit.Actor{ID: admin.UserID}, Action: ActionRemove, TargetType: targetReview, TargetID: id,
		Before: map[string]any{"status": cur.Status, "rating": cur.Rating, "sellerId": cur.SellerID, "reports": cur.Reports},
		After:  map[string]any{"status": StatusRemoved},
	})
	if err != nil {
		return fmt.Errorf("reviews: remove %s: %w", id, err)
	}
	if err := s.store.Remove(ctx, cur, item); err != nil {
		if errors.Is(err, errChanged) {
			return apperr.New(apperr.CodeEditConflict, err)
		}
		return err
	}
	return nil
}

// Dismiss clears the reports of review id (it stays visible).
func (s *Service) Dismiss(ctx context.Context, admin auth.Principal, id string) error {
	cur, err := s.visible(ctx, id)
	if err != nil {
		return err
	}
	item, _, err := s.audit.TransactItem(audit.Change{
		Actor: audit.Actor{ID: admin.UserID}, Action: ActionDismiss, TargetType: targetReview, TargetID: id,
		Before: map[string]any{"reports": cur.Reports}, After: map[string]any{"reports": "dismissed"},
	})
	if err != nil {
		return fmt.Errorf("reviews: dismiss %s: %w", id, err)
	}
	if err := s.store.Dismiss(ctx, id, item); err != nil {
		if errors.Is(err, errNotFound) {
			return apperr.New(apperr.CodeReviewNotFound, err)
		}
		return err
	}
	return nil
}

// Profile is a seller as the public sees them.
type Profile struct {
	ID          string
	Name        string
	AccountType string
	MemberSince time.Time
	Rating      Rating
	ActiveAds   int
}

// seller returns an active seller's account; user_not_found for anyone else.
func (s *Service) seller(ctx context.Context, id string) (accounts.User, error) {
	u, err := s.users.UserByID(ctx, id)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && u.Status != accounts.StatusActive) {
		return accounts.User{}, apperr.New(apperr.CodeUserNotFound, fmt.Errorf("reviews: seller %s", id))
	}
	if err != nil {
		return accounts.User{}, fmt.Errorf("reviews: seller %s: %w", id, err)
	}
	return u, nil
}

// SellerName is the public name of seller u: the company's for
// professionals, else DisplayName.
func SellerName(u accounts.User) string {
	if u.AccountType == accounts.AccountProfessional && u.Company != nil && strings.TrimSpace(u.Company.Name) != "" {
		return strings.TrimSpace(u.Company.Name)
	}
	return DisplayName(u)
}

// Profile returns seller id's public profile.
func (s *Service) Profile(ctx context.Context, id string) (Profile, error) {
	u, err := s.seller(ctx, id)
	if err != nil {
		return Profile{}, err
	}
	rating, err := s.store.Rating(ctx, id)
	if err != nil {
		return Profile{}, err
	}
	p := Profile{ID: u.ID, Name: SellerName(u), AccountType: string(u.AccountType), MemberSince: u.CreatedAt, Rating: rating}
	// Count the active ads page by page (a seller has at most a few hundred).
	cursor := ""
	for {
		page, err := s.ads.SellerAds(ctx, id, catalog.StatusActive, cursor, 100)
		if err != nil {
			return Profile{}, fmt.Errorf("reviews: ads of %s: %w", id, err)
		}
		for _, a := range page.Ads {
			if !a.SellerHidden {
				p.ActiveAds++
			}
		}
		if page.NextCursor == "" {
			return p, nil
		}
		cursor = page.NextCursor
	}
}

// SellerAds returns a page of seller id's active ads as cards.
func (s *Service) SellerAds(ctx context.Context, id, cursor string) ([]search.Card, string, error) {
	if _, err := s.seller(ctx, id); err != nil {
		return nil, "", err
	}
	page, err := s.ads.SellerAds(ctx, id, catalog.StatusActive, cursor, AdsPageSize)
	if err != nil {
		return nil, "", fmt.Errorf("reviews: ads of %s: %w", id, err)
	}
	cards := make([]search.Card, 0, len(page.Ads))
	for _, a := range page.Ads {
		if !a.SellerHidden {
			cards = append(cards, catalog.CardOf(a))
		}
	}
	return cards, page.NextCursor, nil
}

// SellerReviews returns a page of seller id's reviews and the rating.
func (s *Service) SellerReviews(ctx context.Context, id, cursor string) (Page, Rating, error) {
	if _, err := s.seller(ctx, id); err != nil {
		return Page{}, Rating{}, err
	}
	page, err := s.store.BySeller(ctx, id, PageSize, cursor)
	if err != nil {
		return Page{}, Rating{}, err
	}
	rating, err := s.store.Rating(ctx, id)
	return page, rating, err
}

// RoundedAverage is r's average to one decimal, nil without reviews.
func RoundedAverage(r Rating) *float64 {
	if r.Count <= 0 {
		return nil
	}
	v := math.Round(r.Average()*10) / 10
	return &v
}
