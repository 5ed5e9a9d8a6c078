package contactus

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
)

// InboxStore keeps what the administrators do with the messages
// (*DynamoStore).
type InboxStore interface {
	// Get returns message id: contact_message_not_found.
	Get(ctx context.Context, id string) (Message, error)
	// SetStatus moves m, as read, to status to (handled by by at at, or
	// new again) with extra in the same transaction: errChanged when m's
	// status changed meanwhile.
	SetStatus(ctx context.Context, m Message, to Status, by Administrator, at time.Time, extra types.TransactWriteItem) (Message, error)
	// ListStatus returns a page of the messages in status, newest first.
	ListStatus(ctx context.Context, status Status, limit int, cursor string) (Page, error)
}

// Users reads the acting administrator's account (*accounts.DynamoStore).
type Users interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Audit target type and actions of the inbox.
const (
	AuditTarget        = "contact_message"
	AuditActionHandled = "contact_message.handled"
	AuditActionReopen  = "contact_message.reopened"
)

// maxAttempts bounds the re-reads of a status change that raced another.
const maxAttempts = 4

// WithInbox returns a copy of s that lets administrators mark messages
// handled and reopen them (SetHandled) and filter the list by status
// (ListStatus), auditing each change with recorder.
func (s *Service) WithInbox(inbox InboxStore, users Users, recorder *audit.Recorder) *Service {
	c := *s
	c.inbox, c.users, c.recorder = inbox, users, recorder
	return &c
}

// ParseStatus reads a list filter: "" (every message), new or handled;
// anything else is validation_failed on status.
func ParseStatus(s string) (Status, error) {
	switch Status(s) {
	case "", StatusNew, StatusHandled:
		return Status(s), nil
	}
	return "", apperr.Validation(map[string]string{"status": apperr.FieldInvalid})
}

// ListStatus returns one page of the messages in status (new or handled),
// newest first; "" lists every message (List).
func (s *Service) ListStatus(ctx context.Context, status Status, limit int, cursor string) (Page, error) {
	if status == "" {
		return s.List(ctx, limit, cursor)
	}
	if limit < 1 || limit > MaxPageSize {
		return Page{}, fmt.Errorf("contactus: list: %w", apperr.Validation(map[string]string{"limit": apperr.FieldInvalid}))
	}
	if s.inbox == nil {
		return Page{}, errors.New("contactus: list by status: no inbox store wired")
	}
	p, err := s.inbox.ListStatus(ctx, status, limit, cursor)
	if err != nil {
		return Page{}, fmt.Errorf("contactus: list %s messages: %w", status, err)
	}
	return p, nil
}

// SetHandled marks message id handled by admin (recording who and when)
// or, with handled false, reopens it; each change is audited in its
// transaction (contact_message.handled, contact_message.reopened).
// Asking for the status the message has changes and records nothing.
// Errors: contact_message_not_found.
func (s *Service) SetHandled(ctx context.Context, admin auth.Principal, id string, handled bool) (Message, error) {
	if s.inbox == nil {
		return Message{}, errors.New("contactus: set handled: no inbox store wired")
	}
	if _, err := ulid.ParseStrict(id); err != nil {
		return Message{}, apperr.New(apperr.CodeContactMessageNotFound, fmt.Errorf("contactus: message id %q", id))
	}
	to, action := StatusNew, AuditActionReopen
	if handled {
		to, action = StatusHandled, AuditActionHandled
	}
	var by Administrator
	for range maxAttempts {
		m, err := s.inbox.Get(ctx, id)
		if err != nil {
			return Message{}, fmt.Errorf("contactus: set handled: %w", err)
		}
		if m.Status == to {
			return m, nil
		}
		if by.ID == "" {
			if by, err = s.administrator(ctx, admin); err != nil {
				return Message{}, err
			}
		}
		at := s.now().UTC()
		after := map[string]any{"status": to}
		if handled {
			after["handledAt"], after["handledBy"] = at.Format(time.RFC3339Nano), by.Name
		}
		put, _, err := s.recorder.TransactItem(audit.Change{
			Actor: audit.Actor{ID: by.ID, Email: by.Email}, Action: action, TargetType: AuditTarget, TargetID: id,
			Before: map[string]any{"status": m.Status}, After: after,
		})
		if err != nil {
			return Message{}, fmt.Errorf("contactus: set handled %s: %w", id, err)
		}
		next, err := s.inbox.SetStatus(ctx, m, to, by, at, put)
		if errors.Is(err, errChanged) {
			continue // changed or deleted meanwhile: read again
		}
		if err != nil {
			return Message{}, fmt.Errorf("contactus: set handled: %w", err)
		}
		return next, nil
	}
	return Message{}, apperr.New(apperr.CodeConflict, fmt.Errorf("contactus: set handled %s: too many concurrent changes", id))
}

// administrator reads who admin is, for the record.
func (s *Service) administrator(ctx context.Context, admin auth.Principal) (Administrator, error) {
	u, err := s.users.UserByID(ctx, admin.UserID)
	if err != nil {
		return Administrator{}, fmt.Errorf("contactus: administrator %s: %w", admin.UserID, err)
	}
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" {
		name = u.Email
	}
	return Administrator{ID: u.ID, Name: name, Email: u.Email}, nil
}
