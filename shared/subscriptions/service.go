package subscriptions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"
	_ "time/tzdata" // Europe/Zurich without the host's zoneinfo

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/mail"
)

// ReminderLead is how long before expiry the reminder goes out.
const ReminderLead = 7 * 24 * time.Hour

// catchUpDays is how many past expiry days each run looks at again, so a
// run missed around midnight (or a failed one) is made up for.
const catchUpDays = 2

// Users finds the seller of a subscription (*accounts.DynamoStore).
type Users interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Options configures the service.
type Options struct {
	From    string // sender address (MAIL_FROM)
	SiteURL string // base of the links in the reminder (SITE_URL)
}

// Service runs the hourly subscription work.
type Service struct {
	store Store
	users Users
	mail  mail.Sender
	opts  Options
	log   *slog.Logger
}

// NewService returns a Service logging to slog.Default().
func NewService(store Store, users Users, sender mail.Sender, opts Options) *Service {
	return &Service{store: store, users: users, mail: sender, opts: opts, log: slog.Default()}
}

// Report counts what one run did.
type Report struct {
	Expired  int // subscriptions marked expired
	Reminded int // reminders sent
	Skipped  int // reminders not sent: account gone, not active or without e-mail
	Failed   int // reminders whose e-mail failed (retried on the next run)
}

// Run does one pass at now: every subscription that expired (up to
// catchUpDays back) and is not yet marked is marked expired; every one
// expiring within ReminderLead whose reminder for that expiry was not sent
// gets it. Safe to run concurrently and repeatedly. The error joins every
// failure; the work that succeeded stays done.
func (s *Service) Run(ctx context.Context, now time.Time) (Report, error) {
	var rep Report
	var errs []error
	days := int(ReminderLead / (24 * time.Hour))
	for d := -catchUpDays; d <= days; d++ {
		due, err := s.store.ExpiringOn(ctx, now.AddDate(0, 0, d))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, sub := range due {
			if err := s.handle(ctx, now, sub, &rep); err != nil {
				errs = append(errs, err)
			}
		}
	}
	s.log.InfoContext(ctx, "subscriptions: run done", "expired", rep.Expired, "reminded", rep.Reminded,
		"skipped", rep.Skipped, "failed", rep.Failed)
	if err := errors.Join(errs...); err != nil {
		return rep, fmt.Errorf("subscriptions: run at %s: %w", now.UTC().Format(time.RFC3339), err)
	}
	return rep, nil
}

func (s *Service) handle(ctx context.Context, now time.Time, sub Due, rep *Report) error {
	switch {
	case !now.Before(sub.ExpiresAt):
		if sub.Expired {
			return nil
		}
		ok, err := s.store.MarkExpired(ctx, sub, now)
		if err != nil {
			return fmt.Errorf("subscriptions: expire %s: %w", sub.ID, err)
		}
		if ok {
			rep.Expired++
			// The catalogue issue hooks here: deactivate the ads that
			// outlive the subscription.
		}
		return nil
	case now.Before(sub.ExpiresAt.Add(-ReminderLead)), sub.ReminderFor == sub.ExpiresAtRaw:
		return nil
	}
	ok, err := s.store.ClaimReminder(ctx, sub, now)
	if err != nil {
		return fmt.Errorf("subscriptions: remind %s: %w", sub.ID, err)
	}
	if !ok {
		return nil // another run claimed it
	}
	u, err := s.users.UserByID(ctx, sub.UserID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		rep.Skipped++
		s.log.WarnContext(ctx, "subscriptions: reminder skipped: no account", "subscription", sub.ID)
		return nil
	case err != nil:
		rep.Failed++
		return errors.Join(err, s.store.ReleaseReminder(ctx, sub))
	case u.Status != accounts.StatusActive || u.Email == "":
		rep.Skipped++
		s.log.InfoContext(ctx, "subscriptions: reminder skipped: account not active", "subscription", sub.ID, "status", string(u.Status))
		return nil
	}
	if err := s.sendReminder(ctx, u, sub); err != nil {
		rep.Failed++
		return errors.Join(err, s.store.ReleaseReminder(ctx, sub))
	}
	rep.Reminded++
	return nil
}
