package contactreq

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

// Store persists contact requests and the sellers' unread counters. Every
// method that takes a sellerID reports a request of another seller exactly
// like a missing one: contact_request_not_found.
type Store interface {
	// Create stores a new unread request and counts it in its seller's
	// unread counter, atomically.
	Create(ctx context.Context, r Request) error
	// MarkNotified records that the seller was e-mailed about request id.
	MarkNotified(ctx context.Context, id string) error
	// Get returns the seller's request id.
	Get(ctx context.Context, sellerID, id string) (Request, error)
	// Update applies ch to the seller's request id and keeps the unread
	// counter in step; it returns the request as it is afterwards.
	Update(ctx context.Context, sellerID, id string, ch Change, now time.Time) (Request, error)
	// Delete removes the seller's request id (and counts it down when it
	// was unread).
	Delete(ctx context.Context, sellerID, id string) error
	// List returns up to limit of the seller's requests, newest first,
	// from the inbox or the archive, starting after cursor ("" for the
	// first page). A cursor the store did not issue for this list is an
	// invalid_cursor error.
	List(ctx context.Context, sellerID string, archived bool, limit int, cursor string) (Page, error)
	// Unread is the number of the seller's unread requests.
	Unread(ctx context.Context, sellerID string) (int, error)
}

// Change is a PATCH: nil fields stay as they are.
type Change struct {
	Read     *bool
	Archived *bool
}

// Page is one page of requests.
type Page struct {
	Items      []Request
	NextCursor string
}

// Ads reads an ad (*catalog.Store).
type Ads interface {
	Ad(ctx context.Context, id string) (catalog.Ad, error)
}

// Sellers reads the account behind an ad (*accounts.DynamoStore).
type Sellers interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Limiter is the rate limiter the service consults (ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// Sender describes who sent a request.
type Sender struct {
	// UserID is the signed-in buyer, "" for a visitor.
	UserID string
	// Address is the client IP (httpx.ClientIP); "" when unknown.
	Address   string
	UserAgent string
}

// Options configure a Service.
type Options struct {
	// From is the sender address of notifications (MAIL_FROM).
	From string
	// SiteURL is the public site without a trailing slash (SITE_URL).
	SiteURL string
}

// Service implements the contact-request rules.
type Service struct {
	store   Store
	ads     Ads
	sellers Sellers
	limiter Limiter
	sender  mail.Sender
	opts    Options
	now     func() time.Time
}

// NewService returns a Service.
func NewService(store Store, ads Ads, sellers Sellers, limiter Limiter, sender mail.Sender, opts Options) *Service {
	return &Service{store: store, ads: ads, sellers: sellers, limiter: limiter, sender: sender, opts: opts, now: time.Now}
}

// WithClock returns a copy of s that reads the time from now (for tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	return &c
}

// unknownClient is the rate-limit key when the client address is unknown;
// all such requests share one budget.
const unknownClient = "unknown"

// Send checks sub and, when every rule passes, stores the request and
// e-mails the seller. In order: validation_failed; contact_request_spam
// (honeypot) or contact_request_links_only; product_not_found (no such ad,
// or a draft); contact_request_ad_inactive (not active, or its seller's
// account is not active, or the ad is hidden with its seller); contact_request_own_ad (a signed-in seller
// writing about their own ad); contact_request_sender_limited (per address
// and per e-mail) or contact_request_ad_limited, with RetryAfter. A failed
// e-mail is logged, not returned: the stored request is in the seller's
// dashboard, so the buyer's message is not lost.
func (s *Service) Send(ctx context.Context, sub Submission, from Sender) (Request, error) {
	sub = sub.Normalize()
	if err := sub.Validate(); err != nil {
		return Request{}, fmt.Errorf("contactreq: send: %w", err)
	}
	if err := sub.Spam(); err != nil {
		return Request{}, fmt.Errorf("contactreq: send about ad %s: %w", sub.AdID, err)
	}
	ad, err := s.ads.Ad(ctx, sub.AdID)
	if err != nil {
		return Request{}, fmt.Errorf("contactreq: send: %w", err)
	}
	if ad.Status == catalog.StatusDraft {
		return Request{}, fmt.Errorf("contactreq: send: %w", apperr.New(apperr.CodeProductNotFound, fmt.Errorf("ad %s is a draft", ad.ID)))
	}
	if ad.Status != catalog.StatusActive {
		return Request{}, fmt.Errorf("contactreq: send: %w", apperr.New(apperr.CodeContactRequestAdInactive, fmt.Errorf("ad %s is %s", ad.ID, ad.Status)))
	}
	if ad.SellerHidden {
		return Request{}, fmt.Errorf("contactreq: send: %w", apperr.New(apperr.CodeContactRequestAdInactive, fmt.Errorf("ad %s is hidden with its seller", ad.ID)))
	}
	// Only the account is compared, never the typed e-mail with the
	// seller's: that answer would tell a visitor the seller's address.
	if from.UserID != "" && from.UserID == ad.SellerID {
		return Request{}, fmt.Errorf("contactreq: send: %w", apperr.New(apperr.CodeContactRequestOwnAd, fmt.Errorf("user %s owns ad %s", from.UserID, ad.ID)))
	}
	seller, err := s.sellers.UserByID(ctx, ad.SellerID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		return Request{}, fmt.Errorf("contactreq: send: %w", apperr.New(apperr.CodeContactRequestAdInactive, err))
	case err != nil:
		return Request{}, fmt.Errorf("contactreq: send: seller of ad %s: %w", ad.ID, err)
	case seller.Status != accounts.StatusActive:
		return Request{}, fmt.Errorf("contactreq: send: %w", apperr.New(apperr.CodeContactRequestAdInactive, fmt.Errorf("seller %s is %s", seller.ID, seller.Status)))
	}

	addr := from.Address
	if addr == "" {
		addr = unknownClient
	}
	limits := []struct {
		scope, key string
		limit      int
		code       apperr.Code
	}{
		{ScopeAddress, addr, AddressLimit, apperr.CodeContactRequestSenderLimited},
		{ScopeEmail, normalizeEmail(sub.Email), EmailLimit, apperr.CodeContactRequestSenderLimited},
		{ScopeAd, ad.ID, AdLimit, apperr.CodeContactRequestAdLimited},
	}
	for _, l := range limits {
		dec, err := s.limiter.Allow(ctx, l.scope, l.key, l.limit, RateWindow)
		if err != nil {
			return Request{}, fmt.Errorf("contactreq: send: rate limit %s: %w", l.scope, err)
		}
		if !dec.Allowed {
			e := apperr.New(l.code, fmt.Errorf("rate limit %s", l.scope))
			e.RetryAfter = dec.RetryAfter
			return Request{}, fmt.Errorf("contactreq: send: %w", e)
		}
	}

	now := s.now().UTC()
	r := Request{
		ID:         ulid.MustNew(ulid.Timestamp(now), ulid.DefaultEntropy()).String(),
		SellerID:   ad.SellerID,
		AdID:       ad.ID,
		AdTitle:    ad.Title,
		Name:       sub.Name,
		Email:      sub.Email,
		Phone:      sub.Phone,
		Message:    sub.Message,
		CreatedAt:  now,
		BuyerID:    from.UserID,
		ClientHash: ratelimit.KeyHash(addr),
		UserAgent:  truncate(from.UserAgent, userAgentMax),
	}
	if err := s.store.Create(ctx, r); err != nil {
		return Request{}, fmt.Errorf("contactreq: save request %s: %w", r.ID, err)
	}
	r.Notified = s.notify(ctx, r, seller)
	return r, nil
}

// notify e-mails the seller about r and reports whether that worked.
func (s *Service) notify(ctx context.Context, r Request, seller accounts.User) bool {
	msg, err := notification(r, seller.Language, s.opts.From, seller.Email, s.opts.SiteURL)
	if err == nil {
		err = s.sender.Send(ctx, msg)
	}
	if err != nil {
		slog.ErrorContext(ctx, "contactreq: notify seller failed; request kept for the dashboard",
			"id", r.ID, "seller", r.SellerID, "err", err.Error())
		return false
	}
	if err := s.store.MarkNotified(ctx, r.ID); err != nil {
		slog.WarnContext(ctx, "contactreq: record notification", "id", r.ID, "err", err.Error())
	}
	return true
}

// Page size bounds of List.
const (
	DefaultPageSize = 20
	MaxPageSize     = 50
	// CategoriesMax bounds the categories array of the list response (one
	// entry per unread request); the badge shows "99+" beyond 99.
	CategoriesMax = 100
)

// Inbox is one page of a seller's requests with the unread count.
type Inbox struct {
	Page
	Unread int
}

// List returns one page of the seller's requests, newest first, and the
// number of unread requests. limit must be within 1..MaxPageSize.
func (s *Service) List(ctx context.Context, sellerID string, archived bool, limit int, cursor string) (Inbox, error) {
	if limit < 1 || limit > MaxPageSize {
		return Inbox{}, fmt.Errorf("contactreq: list: %w", apperr.Validation(map[string]string{"limit": apperr.FieldInvalid}))
	}
	p, err := s.store.List(ctx, sellerID, archived, limit, cursor)
	if err != nil {
		return Inbox{}, fmt.Errorf("contactreq: list requests of %s: %w", sellerID, err)
	}
	n, err := s.store.Unread(ctx, sellerID)
	if err != nil {
		return Inbox{}, fmt.Errorf("contactreq: unread count of %s: %w", sellerID, err)
	}
	return Inbox{Page: p, Unread: n}, nil
}

// Get returns the seller's request id.
func (s *Service) Get(ctx context.Context, sellerID, id string) (Request, error) {
	r, err := s.store.Get(ctx, sellerID, id)
	if err != nil {
		return Request{}, fmt.Errorf("contactreq: get %s: %w", id, err)
	}
	return r, nil
}

// Update marks the seller's request id read or unread and/or archives or
// unarchives it. A change with neither field is a validation error.
func (s *Service) Update(ctx context.Context, sellerID, id string, ch Change) (Request, error) {
	if ch.Read == nil && ch.Archived == nil {
		return Request{}, fmt.Errorf("contactreq: update %s: %w", id, apperr.Validation(map[string]string{"read": apperr.FieldRequired}))
	}
	r, err := s.store.Update(ctx, sellerID, id, ch, s.now().UTC())
	if err != nil {
		return Request{}, fmt.Errorf("contactreq: update %s: %w", id, err)
	}
	return r, nil
}

// Delete removes the seller's request id.
func (s *Service) Delete(ctx context.Context, sellerID, id string) error {
	if err := s.store.Delete(ctx, sellerID, id); err != nil {
		return fmt.Errorf("contactreq: delete %s: %w", id, err)
	}
	return nil
}

// notFound is the one answer for a request that is missing or not the
// caller's.
func notFound(cause error) error {
	return apperr.New(apperr.CodeContactRequestNotFound, cause)
}
