package contactus

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

// Store persists contact-us messages.
type Store interface {
	// Create stores a new message; the id must not exist yet.
	Create(ctx context.Context, m Message) error
	// MarkNotified records that the provider was e-mailed about message id.
	MarkNotified(ctx context.Context, id string) error
	// List returns up to limit messages, newest first, starting after
	// cursor ("" for the first page). Page.NextCursor is "" on the last
	// page. A cursor the store did not issue is an invalid_cursor error.
	List(ctx context.Context, limit int, cursor string) (Page, error)
}

// Page is one page of messages.
type Page struct {
	Items      []Message
	NextCursor string
}

// Limiter is the rate limiter the service consults (ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// Client describes who sent a request.
type Client struct {
	// Address is the client IP (httpx.ClientIP); "" when unknown.
	Address   string
	UserAgent string
}

// Options configure a Service.
type Options struct {
	// From is the sender address of notifications (MAIL_FROM).
	From string
	// Inbox is the provider's address that receives them (CONTACT_INBOX).
	Inbox string
}

// Service implements the contact-us rules.
type Service struct {
	store   Store
	limiter Limiter
	sender  mail.Sender
	opts    Options
	now     func() time.Time
	// The administrators' side (WithInbox).
	inbox    InboxStore
	users    Users
	recorder *audit.Recorder
}

// NewService returns a Service.
func NewService(store Store, limiter Limiter, sender mail.Sender, opts Options) *Service {
	return &Service{store: store, limiter: limiter, sender: sender, opts: opts, now: time.Now}
}

// WithClock returns a copy of s that reads the time from now (for tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	if s.recorder != nil {
		c.recorder = s.recorder.WithClock(now)
	}
	return &c
}

// unknownClient is the rate-limit key when the client address is unknown;
// all such requests share one budget, which errs on the side of abuse
// protection.
const unknownClient = "unknown"

// Submit validates sub, applies the per-address rate limit, stores the
// message and e-mails the provider. Errors: validation_failed,
// too_many_requests (with RetryAfter), or an internal error when the rate
// limiter or the store fails. A failed e-mail is logged, not returned: the
// stored message (Notified false) is what the administrators read, so the
// visitor's message is not lost and the visitor gets a success.
func (s *Service) Submit(ctx context.Context, sub Submission, client Client) (Message, error) {
	sub = sub.Normalize()
	if err := sub.Validate(); err != nil {
		return Message{}, fmt.Errorf("contactus: submit: %w", err)
	}
	addr := client.Address
	if addr == "" {
		addr = unknownClient
	}
	dec, err := s.limiter.Allow(ctx, RateScope, addr, RateLimit, RateWindow)
	if err != nil {
		return Message{}, fmt.Errorf("contactus: submit: rate limit: %w", err)
	}
	if !dec.Allowed {
		return Message{}, fmt.Errorf("contactus: submit: %w", apperr.TooManyRequests(dec.RetryAfter))
	}

	now := s.now().UTC()
	m := Message{
		ID:         ulid.MustNew(ulid.Timestamp(now), ulid.DefaultEntropy()).String(),
		Name:       sub.Name,
		Email:      sub.Email,
		Subject:    sub.Subject,
		Body:       sub.Message,
		Status:     StatusNew,
		CreatedAt:  now,
		ClientHash: ratelimit.KeyHash(addr),
		UserAgent:  truncate(client.UserAgent, userAgentMax),
	}
	if err := s.store.Create(ctx, m); err != nil {
		return Message{}, fmt.Errorf("contactus: save message %s: %w", m.ID, err)
	}
	m.Notified = s.notify(ctx, m)
	return m, nil
}

// notify e-mails the provider about m and reports whether that worked.
func (s *Service) notify(ctx context.Context, m Message) bool {
	msg, err := notification(m, s.opts.From, s.opts.Inbox)
	if err == nil {
		err = s.sender.Send(ctx, msg)
	}
	if err != nil {
		slog.ErrorContext(ctx, "contactus: notify provider failed; message kept for the admin inbox",
			"id", m.ID, "err", err.Error())
		return false
	}
	if err := s.store.MarkNotified(ctx, m.ID); err != nil {
		// The mail went out; only the flag is stale.
		slog.WarnContext(ctx, "contactus: record notification", "id", m.ID, "err", err.Error())
	}
	return true
}

// Page size bounds of List.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// List returns one page of messages, newest first. limit must be within
// 1..MaxPageSize; cursor is "" or a NextCursor from an earlier page.
func (s *Service) List(ctx context.Context, limit int, cursor string) (Page, error) {
	if limit < 1 || limit > MaxPageSize {
		return Page{}, fmt.Errorf("contactus: list: %w", apperr.Validation(map[string]string{"limit": apperr.FieldInvalid}))
	}
	p, err := s.store.List(ctx, limit, cursor)
	if err != nil {
		return Page{}, fmt.Errorf("contactus: list messages: %w", err)
	}
	return p, nil
}
