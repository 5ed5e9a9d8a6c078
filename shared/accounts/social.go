package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/social"
)

// Identity is a person as an OpenID Connect provider vouches for them
// (package social's callback builds it).
type Identity = social.Identity

// SocialSignIn adapts a Service to social.SignIn: the callback only needs
// the token.
type SocialSignIn struct{ Service *Service }

var _ social.SignIn = SocialSignIn{}

// SignInWithIdentity implements social.SignIn.
func (a SocialSignIn) SignInWithIdentity(ctx context.Context, id social.Identity) (string, error) {
	tok, _, err := a.Service.SignInWithIdentity(ctx, id)
	return tok, err
}

// SignInWithIdentity logs in the account linked to id, links id to the
// account with the same verified e-mail, or creates a verified individual
// account, and returns a token for it. Errors: email_not_verified (the
// provider does not vouch for the e-mail, or the existing account with
// that e-mail is itself unverified: linking it would hand a stranger's
// pre-registered account to whoever controls the mailbox, or the other way
// round), account_status (params.status).
func (s *Service) SignInWithIdentity(ctx context.Context, id Identity) (string, User, error) {
	if id.Provider == "" || id.Subject == "" {
		return "", User{}, errors.New("accounts: social sign-in: identity without provider or subject")
	}
	u, err := s.store.UserByIdentity(ctx, id.Provider, id.Subject)
	switch {
	case err == nil && u.Status == StatusDeleted:
		// A link the erasure did not know of (made before links were
		// listed on the profile): forget it and go on as for a stranger.
		if err := s.store.UnlinkIdentity(ctx, u.ID, id.Provider, id.Subject); err != nil {
			return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
		}
	case err == nil:
		return s.socialToken(u)
	case !errors.Is(err, apperr.ErrNotFound):
		return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
	}
	email := strings.TrimSpace(id.Email)
	if !id.EmailVerified || !validEmail(email) {
		return "", User{}, fmt.Errorf("accounts: social sign-in via %s: %w", id.Provider, apperr.New(apperr.CodeEmailNotVerified, nil))
	}
	for attempt := 0; attempt < 2; attempt++ {
		u, err = s.store.UserByEmail(ctx, email)
		switch {
		case err == nil:
			if !u.EmailVerified {
				return "", User{}, fmt.Errorf("accounts: social sign-in: link to unverified %s: %w", u.ID, apperr.New(apperr.CodeEmailNotVerified, nil))
			}
			if err := statusError(u); err != nil {
				return "", User{}, fmt.Errorf("accounts: social sign-in %s: %w", u.ID, err)
			}
			if err := s.store.LinkIdentity(ctx, u.ID, id.Provider, id.Subject); err != nil && !errors.Is(err, apperr.ErrConflict) {
				return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
			}
			return s.socialToken(u)
		case !errors.Is(err, apperr.ErrNotFound):
			return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
		}
		if err := s.signupsOpen(ctx); err != nil {
			return "", User{}, fmt.Errorf("accounts: social sign-in via %s: %w", id.Provider, err)
		}
		now := s.now().UTC()
		u = User{
			ID: newID(now), FirstName: truncateRunes(strings.TrimSpace(id.FirstName), NameMax),
			LastName: truncateRunes(strings.TrimSpace(id.LastName), NameMax), Email: email,
			Language: languageOr(id.Language, DefaultLanguage), Role: auth.RoleUser, AccountType: AccountIndividual,
			Status: StatusActive, EmailVerified: true, CreatedAt: now,
		}
		err = s.store.CreateUserWithIdentity(ctx, u, id.Provider, id.Subject)
		switch {
		case err == nil:
			return s.socialToken(u)
		case errors.Is(err, apperr.ErrConflict):
			// The same identity signed in twice at once: use the winner.
			if u, err := s.store.UserByIdentity(ctx, id.Provider, id.Subject); err == nil {
				return s.socialToken(u)
			}
			return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
		case errors.Is(err, apperr.New(apperr.CodeUserExists, nil)):
			continue // the e-mail was registered meanwhile: link instead
		default:
			return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
		}
	}
	return "", User{}, fmt.Errorf("accounts: social sign-in: %w", apperr.New(apperr.CodeUserExists, nil))
}

func (s *Service) socialToken(u User) (string, User, error) {
	if err := statusError(u); err != nil {
		return "", User{}, fmt.Errorf("accounts: social sign-in %s: %w", u.ID, err)
	}
	tok, err := s.token(u)
	if err != nil {
		return "", User{}, err
	}
	return tok, u, nil
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
