package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/input"
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
// account with the same verified e-mail, takes over the account with the
// same unverified e-mail, or creates a verified individual account, and
// returns a token for it. Errors: email_not_verified (the provider does not
// vouch for the e-mail), account_status (params.status).
//
// Taking over an unverified account is the answer to pre-hijacking: a
// stranger registers someone's address with a password of their choosing
// and waits. Linking silently would keep the stranger's password working
// on the owner's account. Refusing is no better: the owner is locked out
// of their own address, and their only way in (verifying the pending
// account) hands the stranger's password a working account. Whoever
// registered it never proved they hold the address; the provider vouches
// that this person does. So the account becomes theirs alone, in one
// transaction (Store.ClaimWithIdentity): the e-mail is verified, the
// stranger's password removed (the owner can set one with "forgot
// password"), the token version bumped so every earlier session ends, and
// the profile the stranger typed (names, phone, company, language)
// replaced with what the provider vouches for, as if this sign-in had
// created the account; only its id and creation date remain.
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
			if err := statusError(u); err != nil {
				return "", User{}, fmt.Errorf("accounts: social sign-in %s: %w", u.ID, err)
			}
			if !u.EmailVerified {
				claimed := User{
					FirstName: providerName(id.FirstName), LastName: providerName(id.LastName),
					Language: languageOr(id.Language, DefaultLanguage),
				}
				u, err = s.store.ClaimWithIdentity(ctx, u, claimed, id.Provider, id.Subject)
				switch {
				case err == nil:
					return s.socialToken(u)
				case errors.Is(err, apperr.New(apperr.CodeEditConflict, nil)):
					continue // verified, blocked or claimed meanwhile: look again
				case errors.Is(err, apperr.ErrConflict):
					return s.linkedMeanwhile(ctx, id)
				default:
					return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
				}
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
			ID: newID(now), FirstName: providerName(id.FirstName), LastName: providerName(id.LastName), Email: email,
			Language: languageOr(id.Language, DefaultLanguage), Role: auth.RoleUser, AccountType: AccountIndividual,
			Status: StatusActive, EmailVerified: true, CreatedAt: now,
		}
		err = s.store.CreateUserWithIdentity(ctx, u, id.Provider, id.Subject)
		switch {
		case err == nil:
			return s.socialToken(u)
		case errors.Is(err, apperr.ErrConflict):
			return s.linkedMeanwhile(ctx, id)
		case errors.Is(err, apperr.New(apperr.CodeUserExists, nil)):
			continue // the e-mail was registered meanwhile: link instead
		default:
			return "", User{}, fmt.Errorf("accounts: social sign-in: %w", err)
		}
	}
	return "", User{}, fmt.Errorf("accounts: social sign-in: %w", apperr.New(apperr.CodeUserExists, nil))
}

// linkedMeanwhile signs in the account id was linked to by a sign-in of
// the same identity that won the race.
func (s *Service) linkedMeanwhile(ctx context.Context, id Identity) (string, User, error) {
	u, err := s.store.UserByIdentity(ctx, id.Provider, id.Subject)
	if err != nil {
		return "", User{}, fmt.Errorf("accounts: social sign-in: linked meanwhile: %w", err)
	}
	return s.socialToken(u)
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

// providerName is a name as a provider sent it, held to the rule of the
// names users type (NFC, no control or bidi override characters, at most
// NameMax characters): what the rule refuses is dropped, not refused,
// because the user did not type it here.
func providerName(s string) string {
	return input.Text{Max: NameMax}.Sanitize(s)
}
