package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
)

// Signing in with e-mail and password: as slow for an unknown e-mail as
// for a known one, the budgets of password checks (only wrong passwords
// use them up), and the access token.

// dummyHash is verified for unknown e-mails, so a login takes about as
// long whether or not the account exists.
func (s *Service) dummyHash() string {
	s.dummyOnce.Do(func() {
		secret, _ := newSecret()
		s.dummy, _ = s.hasher.Hash(secret)
	})
	return s.dummy
}

// budget is one throttle a password check must get through: at most
// limit checks per window for key in scope.
type budget struct {
	scope, key string
	limit      int
}

// reserveChecks reserves one password check in each budget, in order,
// before the password is looked at: the reservation is the counter's only
// atomic step, so requests racing each other can never get more checks
// between them than the budget allows. A budget that is used up is
// too_many_requests (Retry-After: the end of the window), and the checks
// reserved in the budgets before it are given back.
func (s *Service) reserveChecks(ctx context.Context, budgets ...budget) ([]LoginAttempt, error) {
	now := s.now()
	secs := int64(loginWindow / time.Second)
	start := time.Unix(now.Unix()/secs*secs, 0)
	held := make([]LoginAttempt, 0, len(budgets))
	for _, b := range budgets {
		a := LoginAttempt{Scope: b.scope, Key: b.key, WindowStart: start, WindowEnd: start.Add(loginWindow)}
		ok, err := s.store.ReserveLoginAttempt(ctx, a, b.limit)
		if err != nil || !ok {
			s.releaseChecks(ctx, held)
			if err != nil {
				return nil, fmt.Errorf("accounts: throttle %s: %w", b.scope, err)
			}
			return nil, apperr.TooManyRequests(a.WindowEnd.Sub(now))
		}
		held = append(held, a)
	}
	return held, nil
}

// releaseChecks gives reserved checks back: only wrong passwords use up a
// budget (see keys.go), so a right password, or a request that ended
// before its check, returns its reservations. A release that fails leaves
// the check counted, which errs on the side of refusing.
func (s *Service) releaseChecks(ctx context.Context, held []LoginAttempt) {
	ctx = context.WithoutCancel(ctx)
	for _, a := range held {
		if err := s.store.ReleaseLoginAttempt(ctx, a); err != nil {
			slog.ErrorContext(ctx, "accounts: release login attempt", "scope", a.Scope, "err", err.Error())
		}
	}
}

// Login checks e-mail and password and returns a token and the user.
// Errors: validation_failed (empty fields), too_many_requests (5 failures
// per account or 30 per client address in 15 minutes), invalid_credentials
// (same for unknown e-mails), then, only for the right password,
// account_status (params.status) and email_not_verified.
func (s *Service) Login(ctx context.Context, email, plain string, client Client) (string, User, error) {
	email = NormalizeEmail(email)
	f := fieldErrors{}
	if email == "" {
		f.add("email", apperr.FieldRequired)
	}
	if plain == "" {
		f.add("password", apperr.FieldRequired)
	}
	if err := f.err(); err != nil {
		return "", User{}, fmt.Errorf("accounts: login: %w", err)
	}
	held, err := s.reserveChecks(ctx, budget{scopeFailAddr, client.key(), loginAddrLimit}, budget{scopeFailAccount, email, loginAccountLimit})
	if err != nil {
		return "", User{}, fmt.Errorf("accounts: login: %w", err)
	}
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		s.releaseChecks(ctx, held)
		return "", User{}, fmt.Errorf("accounts: login: %w", err)
	}
	hash := u.PasswordHash
	if err != nil || hash == "" {
		hash = s.dummyHash()
	}
	ok, verr := s.verify(plain, hash)
	if verr != nil || !ok || err != nil || u.PasswordHash == "" {
		// A failure: the reserved checks stay counted.
		if verr != nil {
			slog.ErrorContext(ctx, "accounts: stored password hash unreadable", "uid", u.ID, "err", verr.Error())
		}
		return "", User{}, fmt.Errorf("accounts: login: %w", apperr.New(apperr.CodeInvalidCredentials, nil))
	}
	s.releaseChecks(ctx, held)
	if err := statusError(u); err != nil {
		return "", User{}, fmt.Errorf("accounts: login %s: %w", u.ID, err)
	}
	if !u.EmailVerified {
		return "", User{}, fmt.Errorf("accounts: login %s: %w", u.ID, apperr.New(apperr.CodeEmailNotVerified, nil))
	}
	if s.hasher.NeedsRehash(u.PasswordHash) {
		if h, err := s.hasher.Hash(plain); err == nil {
			if err := s.store.SetPasswordHash(ctx, u.ID, h); err != nil {
				slog.WarnContext(ctx, "accounts: rehash password", "uid", u.ID, "err", err.Error())
			}
		}
	}
	tok, err := s.token(u)
	if err != nil {
		return "", User{}, err
	}
	return tok, u, nil
}

// statusError is account_status with params.status for inactive accounts.
func statusError(u User) error {
	if u.Status == StatusActive {
		return nil
	}
	return apperr.WithParams(apperr.CodeAccountStatus, map[string]string{"status": string(u.Status)}, nil)
}

func (s *Service) token(u User) (string, error) {
	tok, err := s.issuer.Issue(auth.Principal{UserID: u.ID, Role: u.Role, Version: u.TokenVersion})
	if err != nil {
		return "", fmt.Errorf("accounts: issue token for %s: %w", u.ID, err)
	}
	return tok, nil
}
