package alerts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

// Users reads the owner of a saved search (*accounts.DynamoStore).
type Users interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Limiter is the rate limiter (*ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

const scopeMails = "alert-mails"

// Sender e-mails the due saved searches (the scheduled function).
type Sender struct {
	svc     *Service
	users   Users
	mailer  mail.Sender
	limiter Limiter
	from    string
	siteURL string
	zone    *time.Location
}

// NewSender returns the sender of svc's alerts, from from, with links to
// siteURL.
func NewSender(svc *Service, users Users, mailer mail.Sender, limiter Limiter, from, siteURL string) (*Sender, error) {
	zone, err := time.LoadLocation("Europe/Zurich")
	if err != nil {
		return nil, fmt.Errorf("alerts: time zone: %w", err)
	}
	return &Sender{svc: svc, users: users, mailer: mailer, limiter: limiter, from: from, siteURL: siteURL, zone: zone}, nil
}

// RunStats is what one run did.
type RunStats struct {
	Due, Sent, Waiting, Skipped int
}

// Run sends every saved search whose time has come: instant ones an hour
// after their last e-mail at the earliest, daily ones once a day from
// DigestHour (Swiss time). One search's failure is logged and left due
// for the next run.
func (s *Sender) Run(ctx context.Context, now time.Time) (RunStats, error) {
	due, err := s.svc.store.Due(ctx, now)
	if err != nil {
		return RunStats{}, err
	}
	st := RunStats{Due: len(due)}
	for _, saved := range due {
		if !s.timeHasCome(saved, now) {
			st.Waiting++
			continue
		}
		sent, err := s.send(ctx, saved, now)
		switch {
		case err != nil:
			slog.ErrorContext(ctx, "alerts: alert not sent", "search", saved.ID, "err", err.Error())
		case sent:
			st.Sent++
		default:
			st.Skipped++
		}
	}
	return st, nil
}

func (s *Sender) timeHasCome(saved SavedSearch, now time.Time) bool {
	if saved.Frequency == FrequencyDaily {
		local := now.In(s.zone)
		digest := time.Date(local.Year(), local.Month(), local.Day(), DigestHour, 0, 0, 0, s.zone)
		return !now.Before(digest) && saved.LastSentAt.Before(digest)
	}
	return saved.LastSentAt.IsZero() || now.Sub(saved.LastSentAt) >= InstantInterval
}

// send e-mails saved's waiting matches; false when it was skipped (the
// owner is gone, blocked or over the day's limit).
func (s *Sender) send(ctx context.Context, saved SavedSearch, now time.Time) (bool, error) {
	u, err := s.users.UserByID(ctx, saved.UserID)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && u.Status != accounts.StatusActive) {
		return false, s.svc.store.Skip(ctx, saved, now)
	}
	if err != nil {
		return false, fmt.Errorf("owner: %w", err)
	}
	matches, more, err := s.svc.store.Matches(ctx, saved.ID, MaxAdsPerMail)
	if err != nil {
		return false, err
	}
	if len(matches) == 0 {
		return false, s.svc.store.Skip(ctx, saved, now)
	}
	d, err := s.limiter.Allow(ctx, scopeMails, saved.UserID, MailsPerUserDay, 24*time.Hour)
	if err != nil {
		return false, fmt.Errorf("rate limit: %w", err)
	}
	if !d.Allowed {
		return false, nil // stays due: sent once the window turns
	}
	// Beyond MaxAdsPerMail the e-mail says how many more there are and
	// links to the search; all of them leave the queue once it is sent.
	sent := matches
	if more {
		if sent, _, err = s.svc.store.Matches(ctx, saved.ID, 0); err != nil {
			return false, err
		}
	}
	msg, err := alertMail(saved, matches, len(sent)-len(matches), u.Language, s.from, u.Email, s.siteURL, s.svc.UnsubscribeToken(saved))
	if err != nil {
		return false, err
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		return false, fmt.Errorf("send: %w", err)
	}
	return true, s.svc.store.Sent(ctx, saved, sent, now)
}
