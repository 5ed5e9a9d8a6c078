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
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/blob"
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
	f.phone("phone", in.Phone, true)
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
	msg := composeMail(verificationTexts, u.Language, s.opts.From, u, link(s.opts.SiteURL, u.Language, "email-verification", secret))
	if err := s.sender.Send(ctx, msg); err != nil {
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
	return s.mailByEmail(ctx, "resend verification", email, client, func(u User) (Token, map[string]mailText, string, bool) {
		if u.EmailVerified {
			return Token{}, nil, "", false
		}
		return Token{Kind: TokenVerify, ExpiresAt: s.now().Add(VerifyTokenTTL)}, verificationTexts, "email-verification", true
	}, lang)
}

// ForgotPassword e-mails a reset link when email belongs to an active
// account; otherwise it does nothing (same answer). Errors as
// ResendVerification.
func (s *Service) ForgotPassword(ctx context.Context, email, lang string, client Client) error {
	return s.mailByEmail(ctx, "forgot password", email, client, func(u User) (Token, map[string]mailText, string, bool) {
		if u.Status != StatusActive {
			return Token{}, nil, "", false
		}
		return Token{Kind: TokenReset, Version: u.TokenVersion, ExpiresAt: s.now().Add(ResetTokenTTL)}, resetTexts, "reset-password", true
	}, lang)
}

type mailPlan func(User) (tok Token, texts map[string]mailText, page string, send bool)

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
	tok, texts, page, send := plan(u)
	if !send {
		return nil
	}
	secret, hash := newSecret()
	tok.Hash, tok.UserID = hash, u.ID
	if err := s.store.PutToken(ctx, tok); err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	l := languageOr(lang, languageOr(u.Language, DefaultLanguage))
	if err := s.sender.Send(ctx, composeMail(texts, l, s.opts.From, u, link(s.opts.SiteURL, l, page, secret))); err != nil {
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

// ---------------------------------------------------------------- login

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

// ---------------------------------------------------------------- profile

// Me returns the caller's account.
func (s *Service) Me(ctx context.Context, p auth.Principal) (User, error) {
	u, err := s.store.UserByID(ctx, p.UserID)
	if errors.Is(err, apperr.ErrNotFound) {
		return User{}, fmt.Errorf("accounts: me: %w", apperr.New(apperr.CodeNotLoggedIn, err))
	}
	if err != nil {
		return User{}, fmt.Errorf("accounts: me: %w", err)
	}
	return u, nil
}

// UpdateInput is the body of PATCH /auth/update-info; absent fields are
// unchanged. The e-mail cannot be changed here.
type UpdateInput struct {
	FirstName *string  `json:"firstName"`
	LastName  *string  `json:"lastName"`
	Phone     *string  `json:"phone"`
	Language  *string  `json:"language"`
	Company   *Company `json:"company"`
}

func trimPtr(p *string) *string {
	if p == nil {
		return nil
	}
	v := strings.TrimSpace(*p)
	return &v
}

// UpdateInfo changes the caller's profile. Errors: validation_failed;
// company_required when a professional has no company.
func (s *Service) UpdateInfo(ctx context.Context, p auth.Principal, in UpdateInput) (User, error) {
	in.FirstName, in.LastName, in.Phone, in.Language = trimPtr(in.FirstName), trimPtr(in.LastName), trimPtr(in.Phone), trimPtr(in.Language)
	f := fieldErrors{}
	if in.FirstName != nil {
		*in.FirstName = f.text("firstName", *in.FirstName, NameMax)
	}
	if in.LastName != nil {
		*in.LastName = f.text("lastName", *in.LastName, NameMax)
	}
	if in.Phone != nil {
		f.phone("phone", *in.Phone, true)
	}
	if in.Language != nil {
		if *in.Language == "" {
			f.add("language", apperr.FieldRequired)
		}
		f.language("language", *in.Language)
	}
	company := f.company(in.Company)
	if err := f.err(); err != nil {
		return User{}, fmt.Errorf("accounts: update info: %w", err)
	}
	u, err := s.Me(ctx, p)
	if err != nil {
		return User{}, err
	}
	upd := ProfileUpdate{FirstName: in.FirstName, LastName: in.LastName, Phone: in.Phone, Language: in.Language}
	if company != nil {
		if u.AccountType != AccountProfessional {
			return User{}, fmt.Errorf("accounts: update info: %w", apperr.Validation(map[string]string{"company": apperr.FieldInvalid}))
		}
		upd.SetCompany, upd.Company = true, company
	} else if u.AccountType == AccountProfessional && u.Company == nil {
		return User{}, fmt.Errorf("accounts: update info: %w", apperr.New(apperr.CodeCompanyRequired, nil))
	}
	u, err = s.store.UpdateProfile(ctx, p.UserID, upd)
	if err != nil {
		return User{}, fmt.Errorf("accounts: update info: %w", err)
	}
	return u, nil
}

// ChangePassword checks the current password and sets the new one; every
// other token dies and the caller gets a fresh one. Errors:
// validation_failed, cannot_change_password (wrong current password or no
// password yet), too_many_requests (failures count like logins).
func (s *Service) ChangePassword(ctx context.Context, p auth.Principal, current, newPassword, confirm string) (string, error) {
	u, err := s.Me(ctx, p)
	if err != nil {
		return "", err
	}
	f := fieldErrors{}
	if current == "" {
		f.add("currentPassword", apperr.FieldRequired)
	}
	f.password("newPassword", newPassword, u.Email)
	if confirm != newPassword {
		f.add("confirmPassword", apperr.FieldPasswordsMismatch)
	}
	if err := f.err(); err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	held, err := s.reserveChecks(ctx, budget{scopeFailAccount, NormalizeEmail(u.Email), loginAccountLimit})
	if err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	ok := false
	if u.PasswordHash != "" {
		ok, _ = s.verify(current, u.PasswordHash)
	}
	if !ok {
		return "", fmt.Errorf("accounts: change password of %s: %w", u.ID, apperr.New(apperr.CodeCannotChangePassword, nil))
	}
	s.releaseChecks(ctx, held)
	hash, err := s.hasher.Hash(newPassword)
	if err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	u, err = s.store.ChangePassword(ctx, u.ID, p.Version, hash)
	if err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	return s.token(u)
}

// Logout revokes every token of the caller (the token version is bumped),
// so copies of the token stop working everywhere.
func (s *Service) Logout(ctx context.Context, p auth.Principal) error {
	if err := s.store.BumpTokenVersion(ctx, p.UserID); err != nil {
		return fmt.Errorf("accounts: logout: %w", err)
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

// ---------------------------------------------------------------- avatar

// UploadAvatar processes an uploaded image, stores it, points the profile
// at it and deletes the previous avatar. Every attempt counts against
// avatarLimit per user and avatarWindow before the picture is read, refused
// ones too: each costs a decode. Errors: image_processing_failed
// (params.reason), too_many_requests.
func (s *Service) UploadAvatar(ctx context.Context, p auth.Principal, r io.Reader) (User, error) {
	if s.avatar == nil || s.blobs == nil {
		return User{}, errors.New("accounts: upload avatar: image processing is not configured")
	}
	if _, err := s.Me(ctx, p); err != nil {
		return User{}, err
	}
	if err := s.allow(ctx, scopeAvatar, p.UserID, avatarLimit, avatarWindow); err != nil {
		return User{}, fmt.Errorf("accounts: upload avatar: %w", err)
	}
	jpeg, err := s.avatar(r, MaxAvatarBytes)
	if err != nil {
		return User{}, fmt.Errorf("accounts: upload avatar: %w", imageError(err))
	}
	key := blob.NewAvatarKey(p.UserID, s.now())
	if err := s.blobs.Put(ctx, key, imaging.AvatarContentType, jpeg, blob.ImmutableCacheControl); err != nil {
		return User{}, fmt.Errorf("accounts: upload avatar: %w", err)
	}
	old, u, err := s.store.SetAvatar(ctx, p.UserID, key)
	if err != nil {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
		return User{}, fmt.Errorf("accounts: upload avatar: %w", err)
	}
	// Only keys this code made are deleted: a corrupt item must not make
	// the function delete someone else's object.
	if old != "" && old != key && blob.IsAvatarKeyOf(p.UserID, old) {
		if err := s.blobs.Delete(ctx, old); err != nil {
			slog.WarnContext(ctx, "accounts: delete previous avatar", "key", old, "err", err.Error())
		}
	}
	return u, nil
}

// Reasons of image_processing_failed (params.reason) raised here; the
// rest come from imaging.
const (
	ReasonTooLarge = string(imaging.ReasonTooLarge)
	ReasonMissing  = string(imaging.ReasonMissing)
)

// ImageFailed is image_processing_failed with params.reason.
func ImageFailed(reason string, cause error) *apperr.Error {
	return apperr.WithParams(apperr.CodeImageProcessingFailed, map[string]string{"reason": reason}, cause)
}

// imageError maps imaging's rejections and an over-long body onto
// image_processing_failed; other errors (I/O) stay internal.
func imageError(err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code == apperr.CodeImageProcessingFailed {
		return err
	}
	var ie *imaging.ImageError
	if errors.As(err, &ie) {
		return ImageFailed(string(ie.Reason), err)
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return ImageFailed(ReasonTooLarge, err)
	}
	return err
}
