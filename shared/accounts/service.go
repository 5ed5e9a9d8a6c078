package accounts

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/ratelimit"
)

// Limiter is the request rate limiter (ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// AvatarFunc decodes, validates and re-encodes an uploaded avatar into a
// JPEG of at most maxBytes input (imaging.Avatar). Rejections are
// *imaging.ImageError values, whose Reason becomes params.reason.
type AvatarFunc func(r io.Reader, maxBytes int64) ([]byte, error)

// Blobs stores avatar objects in the images bucket (*blob.Store).
type Blobs interface {
	Put(ctx context.Context, key, contentType string, body []byte, cacheControl string) error
	Delete(ctx context.Context, key string) error
}

// MaxAvatarBytes bounds an uploaded picture (the multipart body may be a
// little larger).
const MaxAvatarBytes = imaging.DefaultMaxBytes

// Options configure a Service.
type Options struct {
	// From is the sender of account e-mails (MAIL_FROM).
	From string
	// SiteURL is the public site (SITE_URL), the base of e-mail links.
	SiteURL string
	// AdminSetupSecret enables POST /auth/create-admin; empty disables it.
	AdminSetupSecret string
	// Params of new password hashes; zero means password.DefaultParams.
	Params password.Params
	// Signups, when set, is asked before an account is created (sign-up,
	// first social sign-in): closed is signups_closed.
	Signups SignupGate
}

// SignupGate tells whether new accounts may be created now (the site
// settings operators change in the back office; *settings.SiteStore).
type SignupGate interface {
	SignupsOpen(ctx context.Context) (bool, error)
}

// signupsOpen is nil when accounts may be created, else signups_closed.
func (s *Service) signupsOpen(ctx context.Context) error {
	if s.opts.Signups == nil {
		return nil
	}
	open, err := s.opts.Signups.SignupsOpen(ctx)
	if err != nil {
		return fmt.Errorf("accounts: sign-ups open: %w", err)
	}
	if !open {
		return apperr.New(apperr.CodeSignupsClosed, nil)
	}
	return nil
}

// Service implements the account rules.
type Service struct {
	store   Store
	limiter Limiter
	sender  mail.Sender
	issuer  *auth.Issuer
	avatar  AvatarFunc
	blobs   Blobs
	hasher  *password.Hasher
	// verify checks a password against a stored hash (password.Verify);
	// tests count the checks through it.
	verify func(plain, encoded string) (bool, error)
	opts   Options
	now    func() time.Time

	dummyOnce sync.Once
	dummy     string
}

// NewService returns a Service. avatar and blobs may be nil, which makes
// avatar uploads fail with an internal error.
func NewService(store Store, limiter Limiter, sender mail.Sender, issuer *auth.Issuer, avatar AvatarFunc, blobs Blobs, opts Options) *Service {
	if opts.Params == (password.Params{}) {
		opts.Params = password.DefaultParams
	}
	return &Service{
		store: store, limiter: limiter, sender: sender, issuer: issuer, avatar: avatar, blobs: blobs,
		hasher: password.NewHasher(opts.Params), verify: password.Verify, opts: opts, now: time.Now,
	}
}

// WithClock returns a Service that reads the time from now (for tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	return &Service{
		store: s.store, limiter: s.limiter, sender: s.sender, issuer: s.issuer.WithClock(now), avatar: s.avatar,
		blobs: s.blobs, hasher: s.hasher, verify: s.verify, opts: s.opts, now: now,
	}
}

// Client describes who sent a request.
type Client struct {
	// Address is the client IP (httpx.ClientIP); "" when unknown.
	Address string
}

func (c Client) key() string {
	if c.Address == "" {
		return "unknown"
	}
	return c.Address
}

func newID(now time.Time) string {
	return ulid.MustNew(ulid.Timestamp(now), ulid.DefaultEntropy()).String()
}

// newSecret returns a random token (32 bytes, base64url) and its hash.
func newSecret() (string, string) {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	return tok, hashHex(tok)
}

func (s *Service) allow(ctx context.Context, scope, key string, limit int, window time.Duration) error { //nolint:unparam // each scope names its window; all are one hour today
	d, err := s.limiter.Allow(ctx, scope, key, limit, window)
	if err != nil {
		return fmt.Errorf("accounts: rate limit %s: %w", scope, err)
	}
	if !d.Allowed {
		return apperr.TooManyRequests(d.RetryAfter)
	}
	return nil
}

// ---------------------------------------------------------------- sign-up

// SignUpInput is the body of POST /auth/signup.
type SignUpInput struct {
	AccountType AccountType `json:"accountType"`
	FirstName   string      `json:"firstName"`
	LastName    string      `json:"lastName"`
	Email       string      `json:"email"`
	Phone       string      `json:"phone"`
	Password    string      `json:"password"`
	IsAdult     bool        `json:"isAdult"`
	AcceptRules bool        `json:"acceptRules"`
	Language    string      `json:"language"`
	Company     *Company    `json:"company"`
}

// Validate normalises in and reports every invalid field
// (validation_failed), then a missing company of a professional
// (company_required).
func (in *SignUpInput) Validate() error {
	in.FirstName = strings.TrimSpace(in.FirstName)
	in.LastName = strings.TrimSpace(in.LastName)
	in.Email = strings.TrimSpace(in.Email)
	in.Phone = strings.TrimSpace(in.Phone)
	in.Language = strings.TrimSpace(in.Language)
	f := fieldErrors{}
	switch in.AccountType {
	case "":
		f.add("accountType", apperr.FieldRequired)
	case AccountIndividual, AccountProfessional:
	default:
		f.add("accountType", apperr.FieldInvalid)
	}
	in.FirstName = f.text("firstName", in.FirstName, NameMax)
	in.LastName = f.text("lastName", in.LastName, NameMax)
	f.email("email", in.Email)
	f.phone("phone", in.Phone)
	f.password("password", in.Password, in.Email)
	if !in.IsAdult {
		f.add("isAdult", apperr.FieldMustAccept)
	}
	if !in.AcceptRules {
		f.add("acceptRules", apperr.FieldMustAccept)
	}
	f.language("language", in.Language)
	if in.AccountType == AccountProfessional {
		in.Company = f.company(in.Company)
	} else {
		in.Company = nil
	}
	if err := f.err(); err != nil {
		return err
	}
	if in.AccountType == AccountProfessional && in.Company == nil {
		return apperr.New(apperr.CodeCompanyRequired, nil)
	}
	return nil
}

// SignUp creates an unverified account and e-mails its verification link.
// Errors: signups_closed, validation_failed, company_required,
// too_many_requests, user_exists, verification_email_failed (the account
// is then removed again, so the e-mail can sign up anew).
func (s *Service) SignUp(ctx context.Context, in SignUpInput, client Client) (User, error) {
	if err := s.signupsOpen(ctx); err != nil {
		return User{}, fmt.Errorf("accounts: sign up: %w", err)
	}
	if err := in.Validate(); err != nil {
		return User{}, fmt.Errorf("accounts: sign up: %w", err)
	}
	if err := s.allow(ctx, scopeSignupAddr, client.key(), signupAddrLimit, signupWindow); err != nil {
		return User{}, fmt.Errorf("accounts: sign up: %w", err)
	}
	hash, err := s.hasher.Hash(in.Password)
	if err != nil {
		return User{}, fmt.Errorf("accounts: sign up: %w", err)
	}
	now := s.now().UTC()
	u := User{
		ID: newID(now), FirstName: in.FirstName, LastName: in.LastName, Email: in.Email, Phone: in.Phone,
		Language: languageOr(in.Language, DefaultLanguage), Role: auth.RoleUser, AccountType: in.AccountType,
		Status: StatusActive, Company: in.Company, PasswordHash: hash, CreatedAt: now,
	}
	secret, tokHash := newSecret()
	tok := Token{Hash: tokHash, Kind: TokenVerify, UserID: u.ID, ExpiresAt: now.Add(VerifyTokenTTL)}
	if err := s.store.CreateUser(ctx, u, tok); err != nil {
		return User{}, fmt.Errorf("accounts: sign up: %w", err)
	}
	if err := s.sendMail(ctx, verificationMail, u.Language, u, secret); err != nil {
		// Nothing half-created: undo with a compensating transaction. A
		// context that is already done (a stalled SES) must not stop the
		// undo, which must still end before the function's timeout.
		undoCtx, cancel := httpx.CleanupContext(ctx)
		defer cancel()
		if uerr := s.store.UndoSignUp(undoCtx, u, tokHash); uerr != nil {
			slog.ErrorContext(ctx, "accounts: undo sign-up failed; the account stays unverified", "uid", u.ID, "err", uerr.Error())
		}
		return User{}, fmt.Errorf("accounts: sign up %s: %w", u.ID, apperr.New(apperr.CodeVerificationEmailFailed, err))
	}
	return u, nil
}

// ResendVerification e-mails a fresh verification link when email belongs
// to an unverified account; otherwise it does nothing, so the answer
// never tells whether an address is registered. Errors:
// too_many_requests (per e-mail and per address), internal.
func (s *Service) ResendVerification(ctx context.Context, email, lang string, client Client) error {
	return s.mailByEmail(ctx, "resend verification", email, client, func(u User) (Token, mailKind, bool) {
		if u.EmailVerified {
			return Token{}, 0, false
		}
		return Token{Kind: TokenVerify, ExpiresAt: s.now().Add(VerifyTokenTTL)}, verificationMail, true
	}, lang)
}

// ForgotPassword e-mails a reset link when email belongs to an active
// account; otherwise it does nothing (same answer). Errors as
// ResendVerification.
func (s *Service) ForgotPassword(ctx context.Context, email, lang string, client Client) error {
	return s.mailByEmail(ctx, "forgot password", email, client, func(u User) (Token, mailKind, bool) {
		if u.Status != StatusActive {
			return Token{}, 0, false
		}
		return Token{Kind: TokenReset, Version: u.TokenVersion, ExpiresAt: s.now().Add(ResetTokenTTL)}, resetMail, true
	}, lang)
}

type mailPlan func(User) (tok Token, kind mailKind, send bool)

func (s *Service) mailByEmail(ctx context.Context, what, email string, client Client, plan mailPlan, lang string) error {
	email = NormalizeEmail(email)
	f := fieldErrors{}
	f.email("email", email)
	f.language("language", lang)
	if err := f.err(); err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	if err := s.allow(ctx, scopeMailAddr, client.key(), mailAddrLimit, mailWindow); err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	if err := s.allow(ctx, scopeMailEmail, email, mailEmailLimit, mailWindow); err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	tok, kind, send := plan(u)
	if !send {
		return nil
	}
	secret, hash := newSecret()
	tok.Hash, tok.UserID = hash, u.ID
	if err := s.store.PutToken(ctx, tok); err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	l := languageOr(lang, languageOr(u.Language, DefaultLanguage))
	if err := s.sendMail(ctx, kind, l, u, secret); err != nil {
		// The answer must not differ for existing accounts; the user can
		// ask again.
		slog.ErrorContext(ctx, "accounts: send "+what+" e-mail failed", "uid", u.ID, "err", err.Error())
	}
	return nil
}

// ---------------------------------------------------------------- tokens

// usableToken loads the token behind secret if it has kind and has not
// expired; anything else is invalid_token.
func (s *Service) usableToken(ctx context.Context, secret string, kind TokenKind) (Token, error) {
	if secret == "" || len(secret) > 128 {
		return Token{}, apperr.InvalidLinkToken(errors.New("accounts: empty or oversized token"))
	}
	t, err := s.store.Token(ctx, hashHex(secret))
	if errors.Is(err, apperr.ErrNotFound) {
		return Token{}, apperr.InvalidLinkToken(err)
	}
	if err != nil {
		return Token{}, fmt.Errorf("accounts: load token: %w", err)
	}
	if t.Kind != kind {
		return Token{}, apperr.InvalidLinkToken(fmt.Errorf("accounts: token kind %s, want %s", t.Kind, kind))
	}
	if !s.now().Before(t.ExpiresAt) {
		_ = s.store.DeleteToken(ctx, t.Hash)
		return Token{}, apperr.InvalidLinkToken(errors.New("accounts: token expired"))
	}
	return t, nil
}

// VerifyAccount consumes a verification token. Errors: invalid_token
// (unknown, expired, used, or of another kind).
func (s *Service) VerifyAccount(ctx context.Context, secret string) error {
	t, err := s.usableToken(ctx, secret, TokenVerify)
	if err != nil {
		return fmt.Errorf("accounts: verify account: %w", err)
	}
	if err := s.store.VerifyEmail(ctx, t); err != nil {
		return fmt.Errorf("accounts: verify account: %w", err)
	}
	return nil
}

// ResetPassword consumes a reset token and sets the new password; every
// session of the account ends. Errors: validation_failed, invalid_token.
func (s *Service) ResetPassword(ctx context.Context, secret, newPassword, confirm string) error {
	f := fieldErrors{}
	f.password("newPassword", newPassword, "")
	if confirm != newPassword {
		f.add("confirmPassword", apperr.FieldPasswordsMismatch)
	}
	if secret == "" {
		f.add("token", apperr.FieldRequired)
	}
	if err := f.err(); err != nil {
		return fmt.Errorf("accounts: reset password: %w", err)
	}
	t, err := s.usableToken(ctx, secret, TokenReset)
	if err != nil {
		return fmt.Errorf("accounts: reset password: %w", err)
	}
	u, err := s.store.UserByID(ctx, t.UserID)
	if errors.Is(err, apperr.ErrNotFound) {
		return fmt.Errorf("accounts: reset password: %w", apperr.InvalidLinkToken(err))
	}
	if err != nil {
		return fmt.Errorf("accounts: reset password: %w", err)
	}
	if u.TokenVersion != t.Version {
		_ = s.store.DeleteToken(ctx, t.Hash)
		return fmt.Errorf("accounts: reset password: %w", apperr.InvalidLinkToken(errors.New("password changed since the token was issued")))
	}
	if code := password.Check(newPassword, u.Email); code != "" {
		return fmt.Errorf("accounts: reset password: %w", apperr.Validation(map[string]string{"newPassword": code}))
	}
	hash, err := s.hasher.Hash(newPassword)
	if err != nil {
		return fmt.Errorf("accounts: reset password: %w", err)
	}
	if err := s.store.ResetPassword(ctx, t, hash); err != nil {
		return fmt.Errorf("accounts: reset password: %w", err)
	}
	return nil
}

// ---------------------------------------------------------------- admin

// CreateAdminInput is the body of POST /auth/create-admin.
type CreateAdminInput struct {
	SetupSecret string `json:"setupSecret"`
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Email       string `json:"email"`
	Password    string `json:"password"`
}

// CreateAdmin creates the first administrator (verified, active), exactly
// once. Errors: forbidden (no secret configured, or a wrong one),
// admin_exists, validation_failed, user_exists, too_many_requests.
func (s *Service) CreateAdmin(ctx context.Context, in CreateAdminInput, client Client) (User, error) {
	if err := s.allow(ctx, scopeSignupAddr, client.key(), signupAddrLimit, signupWindow); err != nil {
		return User{}, fmt.Errorf("accounts: create admin: %w", err)
	}
	want := s.opts.AdminSetupSecret
	if want == "" || subtle.ConstantTimeCompare([]byte(in.SetupSecret), []byte(want)) != 1 {
		return User{}, fmt.Errorf("accounts: create admin: %w", apperr.New(apperr.CodeForbidden, errors.New("setup secret absent or wrong")))
	}
	exists, err := s.store.AdminExists(ctx)
	if err != nil {
		return User{}, fmt.Errorf("accounts: create admin: %w", err)
	}
	if exists {
		return User{}, fmt.Errorf("accounts: create admin: %w", apperr.New(apperr.CodeAdminExists, nil))
	}
	in.FirstName, in.LastName, in.Email = strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName), strings.TrimSpace(in.Email)
	f := fieldErrors{}
	in.FirstName = f.text("firstName", in.FirstName, NameMax)
	in.LastName = f.text("lastName", in.LastName, NameMax)
	f.email("email", in.Email)
	f.password("password", in.Password, in.Email)
	if err := f.err(); err != nil {
		return User{}, fmt.Errorf("accounts: create admin: %w", err)
	}
	hash, err := s.hasher.Hash(in.Password)
	if err != nil {
		return User{}, fmt.Errorf("accounts: create admin: %w", err)
	}
	now := s.now().UTC()
	u := User{
		ID: newID(now), FirstName: in.FirstName, LastName: in.LastName, Email: in.Email,
		Language: DefaultLanguage, Role: auth.RoleAdmin, AccountType: AccountIndividual, Status: StatusActive,
		EmailVerified: true, PasswordHash: hash, CreatedAt: now,
	}
	if err := s.store.CreateAdmin(ctx, u); err != nil {
		return User{}, fmt.Errorf("accounts: create admin: %w", err)
	}
	return u, nil
}
