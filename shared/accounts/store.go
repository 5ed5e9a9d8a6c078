package accounts

import (
	"context"
	"time"

	"github.com/remat/remat/shared/auth"
)

// TokenKind tells verification tokens from reset tokens.
type TokenKind string

// The token kinds and their lifetimes.
const (
	TokenVerify TokenKind = "verify"
	TokenReset  TokenKind = "reset"

	VerifyTokenTTL = 24 * time.Hour
	ResetTokenTTL  = time.Hour
)

// Token is a stored single-use token: only the SHA-256 of the secret sent
// by e-mail is kept. Version is the user's tokenVersion at issue (reset
// tokens die when it changes).
type Token struct {
	Hash      string
	Kind      TokenKind
	UserID    string
	Version   int
	ExpiresAt time.Time
}

// LoginAttempt names the counter a password check is counted on: Key's
// (an e-mail or a client address) in Scope, for the throttling window
// [WindowStart, WindowEnd).
type LoginAttempt struct {
	Scope       string
	Key         string
	WindowStart time.Time
	WindowEnd   time.Time
}

// ProfileUpdate holds the fields PATCH /auth/update-info may change; nil
// means unchanged. Company is applied (or removed) only when SetCompany.
type ProfileUpdate struct {
	FirstName  *string
	LastName   *string
	Phone      *string
	Language   *string
	SetCompany bool
	Company    *Company
}

// Store persists accounts. Missing items are apperr not_found errors.
type Store interface {
	auth.TokenVersions

	// CreateUser stores u, its e-mail guard and the verification token
	// atomically; a taken e-mail is apperr user_exists.
	CreateUser(ctx context.Context, u User, verify Token) error
	// UndoSignUp deletes what CreateUser wrote, if it still belongs to u.
	UndoSignUp(ctx context.Context, u User, tokenHash string) error
	// CreateAdmin stores the first administrator with the admin guard and
	// the e-mail guard atomically: apperr admin_exists when an admin was
	// created before, user_exists when the e-mail is taken.
	CreateAdmin(ctx context.Context, u User) error
	// AdminExists reports whether the admin guard exists.
	AdminExists(ctx context.Context) (bool, error)

	UserByID(ctx context.Context, uid string) (User, error)
	UserByEmail(ctx context.Context, email string) (User, error)

	PutToken(ctx context.Context, t Token) error
	Token(ctx context.Context, hash string) (Token, error)
	// DeleteToken removes a token (best effort after it failed a check).
	DeleteToken(ctx context.Context, hash string) error
	// VerifyEmail consumes t and marks its user verified; a token already
	// used is apperr invalid_token.
	VerifyEmail(ctx context.Context, t Token) error
	// ResetPassword consumes t, sets passwordHash, marks the e-mail
	// verified and bumps the token version, provided the version still is
	// t.Version; otherwise apperr invalid_token.
	ResetPassword(ctx context.Context, t Token, passwordHash string) error

	UpdateProfile(ctx context.Context, uid string, p ProfileUpdate) (User, error)
	// ChangePassword sets passwordHash and bumps the token version if it
	// still is version (else apperr not_logged_in); it returns the user.
	ChangePassword(ctx context.Context, uid string, version int, passwordHash string) (User, error)
	// SetPasswordHash replaces the hash without revoking tokens (rehash).
	SetPasswordHash(ctx context.Context, uid, passwordHash string) error
	// BumpTokenVersion revokes every token of uid.
	BumpTokenVersion(ctx context.Context, uid string) error
	// SetAvatar stores the avatar key and returns the previous key.
	SetAvatar(ctx context.Context, uid, key string) (old string, u User, err error)

	// ReserveLoginAttempt counts one password check on a's counter in a
	// single atomic step, unless limit checks are counted there already:
	// then it reports false and changes nothing. ReleaseLoginAttempt
	// takes a reserved check back (the password was right, or it was
	// never checked); a counter that is gone stays gone.
	ReserveLoginAttempt(ctx context.Context, a LoginAttempt, limit int) (bool, error)
	ReleaseLoginAttempt(ctx context.Context, a LoginAttempt) error

	// UserByIdentity finds the user linked to provider's subject.
	UserByIdentity(ctx context.Context, provider, subject string) (User, error)
	// CreateUserWithIdentity stores u, its e-mail guard and the identity
	// atomically (user_exists when the e-mail is taken, conflict when the
	// identity is linked already).
	CreateUserWithIdentity(ctx context.Context, u User, provider, subject string) error
	// LinkIdentity links provider's subject to the existing user uid.
	LinkIdentity(ctx context.Context, uid, provider, subject string) error
	// ClaimWithIdentity hands the unverified account u (as read) to the
	// holder of provider's subject in one transaction: it links the
	// identity, marks the e-mail verified, removes the password, bumps the
	// token version, stores claimed's FirstName, LastName and Language,
	// and makes the account individual without phone or company. It
	// returns the account as stored. Errors: apperr conflict when the
	// identity is linked already, edit_conflict when the account is no
	// longer unverified and active at u.TokenVersion.
	ClaimWithIdentity(ctx context.Context, u, claimed User, provider, subject string) (User, error)
	// UnlinkIdentity removes provider's subject link if it is uid's.
	UnlinkIdentity(ctx context.Context, uid, provider, subject string) error
}
