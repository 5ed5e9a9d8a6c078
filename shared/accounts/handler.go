package accounts

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/social"
)

// Routes of the auth resource.
const (
	routeSignup         = "POST /api/v1/auth/signup"
	routeResend         = "POST /api/v1/auth/resend-verification"
	routeVerify         = "POST /api/v1/auth/verify-account"
	routeLogin          = "POST /api/v1/auth/login"
	routeMe             = "GET /api/v1/auth/me"
	routeUpdateInfo     = "PATCH /api/v1/auth/update-info"
	routeChangePassword = "PATCH /api/v1/auth/change-password" //nolint:gosec // a route, not a credential
	routeUploadProfile  = "POST /api/v1/auth/upload-profile"
	routeForgot         = "POST /api/v1/auth/forgot-password"
	routeReset          = "POST /api/v1/auth/reset-password"
	routeLogout         = "POST /api/v1/auth/logout"
	routeCreateAdmin    = "POST /api/v1/auth/create-admin"
	// The social routes are social.RouteStart, social.RouteCallback and
	// social.RouteExchange.
)

// Success message codes.
const (
	MessageVerificationEmailSent = "verification_email_sent"
	MessageEmailVerified         = "email_verified"
	MessageLoginSuccess          = "login_success"
	MessageProfileUpdated        = "profile_updated"
	MessagePasswordChanged       = "password_changed"
	MessagePasswordResetSent     = "password_reset_email_sent"
	MessagePasswordReset         = "password_reset"
	MessageLogoutSuccess         = "logout_success"
	MessageAdminCreated          = "admin_created"
)

// MaxBodyBytes bounds JSON bodies of the auth routes.
const MaxBodyBytes = 16 << 10

// maxUploadBytes bounds a multipart upload: the picture plus headers.
const maxUploadBytes = MaxAvatarBytes + 64<<10

// NewHandler returns the auth API, wired with httpx's standard middleware:
//
//	POST  /api/v1/auth/signup               public  201 {message, email}
//	POST  /api/v1/auth/resend-verification  public  200 {message}
//	POST  /api/v1/auth/verify-account       public  200 {message}
//	POST  /api/v1/auth/login                public  200 {message, token, user}
//	GET   /api/v1/auth/me                   user    200 {user}
//	PATCH /api/v1/auth/update-info          user    200 {message, user}
//	PATCH /api/v1/auth/change-password      user    200 {message, token}
//	POST  /api/v1/auth/upload-profile       user    200 {message, user} (multipart, field image)
//	POST  /api/v1/auth/forgot-password      public  200 {message}
//	POST  /api/v1/auth/reset-password       public  200 {message}
//	POST  /api/v1/auth/logout               user    200 {message}
//	POST  /api/v1/auth/create-admin         setup secret  201 {message}
//	GET   /api/v1/auth/oauth/{provider}/start|callback  social sign-in (package social;
//	      404 for providers socialCfg does not configure)
//	POST  /api/v1/auth/oauth/exchange       bind cookie  200 {message, token} (package social)
//
// verifier must check token versions (WithTokenVersions).
func NewHandler(svc *Service, verifier *auth.Verifier, socialCfg social.Config) http.Handler {
	h := &handler{svc: svc}
	user := verifier.Authenticate
	mux := http.NewServeMux()
	mux.HandleFunc(routeSignup, h.signup)
	mux.HandleFunc(routeResend, h.resend)
	mux.HandleFunc(routeVerify, h.verify)
	mux.HandleFunc(routeLogin, h.login)
	mux.Handle(routeMe, user(http.HandlerFunc(h.me)))
	mux.Handle(routeUpdateInfo, user(http.HandlerFunc(h.updateInfo)))
	mux.Handle(routeChangePassword, user(http.HandlerFunc(h.changePassword)))
	mux.Handle(routeUploadProfile, user(http.HandlerFunc(h.uploadProfile)))
	mux.HandleFunc(routeForgot, h.forgot)
	mux.HandleFunc(routeReset, h.reset)
	mux.Handle(routeLogout, user(http.HandlerFunc(h.logout)))
	mux.HandleFunc(routeCreateAdmin, h.createAdmin)
	social.Mount(mux, socialCfg, SocialSignIn{Service: svc})
	return httpx.NewHandler(mux)
}

type handler struct {
	svc *Service
}

// UserJSON is the API shape of a user.
type UserJSON struct {
	ID            string      `json:"id"`
	FirstName     string      `json:"firstName"`
	LastName      string      `json:"lastName"`
	Email         string      `json:"email"`
	Phone         string      `json:"phone"`
	Avatar        *string     `json:"avatar"`
	Role          auth.Role   `json:"role"`
	AccountType   AccountType `json:"accountType"`
	Status        Status      `json:"status"`
	EmailVerified bool        `json:"emailVerified"`
	Language      string      `json:"language"`
	Company       *Company    `json:"company"`
	CreatedAt     string      `json:"createdAt"`
	// HasPassword is false for social-only accounts (no password set).
	HasPassword bool `json:"hasPassword"`
}

// ToJSON renders u for the API; the password hash and token version never
// leave the service.
func ToJSON(u User) UserJSON {
	j := UserJSON{
		ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Phone: u.Phone,
		Role: u.Role, AccountType: u.AccountType, Status: u.Status, EmailVerified: u.EmailVerified,
		Language: u.Language, Company: u.Company, CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339),
		HasPassword: u.PasswordHash != "",
	}
	if u.AvatarKey != "" {
		p := blob.PublicPath(u.AvatarKey)
		j.Avatar = &p
	}
	return j
}

type messageBody struct {
	Message string `json:"message"`
}

func client(r *http.Request) Client { return Client{Address: httpx.ClientIP(r)} }

func (h *handler) signup(w http.ResponseWriter, r *http.Request) {
	var in SignUpInput
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	u, err := h.svc.SignUp(r.Context(), in, client(r))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, struct {
		Message string `json:"message"`
		Email   string `json:"email"`
	}{MessageVerificationEmailSent, u.Email})
}

type emailRequest struct {
	Email    string `json:"email"`
	Language string `json:"language"`
}

func (h *handler) resend(w http.ResponseWriter, r *http.Request) {
	var in emailRequest
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.svc.ResendVerification(r.Context(), in.Email, in.Language, client(r)); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, messageBody{MessageVerificationEmailSent})
}

func (h *handler) forgot(w http.ResponseWriter, r *http.Request) {
	var in emailRequest
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.svc.ForgotPassword(r.Context(), in.Email, in.Language, client(r)); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, messageBody{MessagePasswordResetSent})
}

func (h *handler) verify(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.svc.VerifyAccount(r.Context(), in.Token); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, messageBody{MessageEmailVerified})
}

func (h *handler) reset(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token           string `json:"token"`
		NewPassword     string `json:"newPassword"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.svc.ResetPassword(r.Context(), in.Token, in.NewPassword, in.ConfirmPassword); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, messageBody{MessagePasswordReset})
}

func (h *handler) login(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	tok, u, err := h.svc.Login(r.Context(), in.Email, in.Password, client(r))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, struct {
		Message string   `json:"message"`
		Token   string   `json:"token"`
		User    UserJSON `json:"user"`
	}{MessageLoginSuccess, tok, ToJSON(u)})
}

type userBody struct {
	Message string   `json:"message,omitempty"`
	User    UserJSON `json:"user"`
}

func (h *handler) me(w http.ResponseWriter, r *http.Request) {
	u, err := h.svc.Me(r.Context(), auth.Caller(r))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, userBody{User: ToJSON(u)})
}

func (h *handler) updateInfo(w http.ResponseWriter, r *http.Request) {
	var in UpdateInput
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	u, err := h.svc.UpdateInfo(r.Context(), auth.Caller(r), in)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, userBody{Message: MessageProfileUpdated, User: ToJSON(u)})
}

func (h *handler) changePassword(w http.ResponseWriter, r *http.Request) {
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	tok, err := h.svc.ChangePassword(r.Context(), auth.Caller(r), in.CurrentPassword, in.NewPassword, in.ConfirmPassword)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, struct {
		Message string `json:"message"`
		Token   string `json:"token"`
	}{MessagePasswordChanged, tok})
}

func (h *handler) logout(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.Logout(r.Context(), auth.Caller(r)); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, messageBody{MessageLogoutSuccess})
}

func (h *handler) createAdmin(w http.ResponseWriter, r *http.Request) {
	var in CreateAdminInput
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if _, err := h.svc.CreateAdmin(r.Context(), in, client(r)); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, messageBody{MessageAdminCreated})
}

// uploadProfile streams the multipart body: the "image" part goes straight
// to the image processor, which bounds what it reads; the whole body is
// bounded too, so a huge upload is cut off early.
func (h *handler) uploadProfile(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > maxUploadBytes {
		httpx.Error(w, r, ImageFailed(ReasonTooLarge, fmt.Errorf("accounts: upload of %d bytes", r.ContentLength)))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxUploadBytes)
	part, err := imagePart(r)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	u, err := h.svc.UploadAvatar(r.Context(), auth.Caller(r), part)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, userBody{Message: MessageProfileUpdated, User: ToJSON(u)})
}

// imagePart returns the reader of the multipart field "image"; a request
// that is not multipart or has no such field is reason "missing".
func imagePart(r *http.Request) (io.Reader, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, ImageFailed(ReasonMissing, fmt.Errorf("accounts: upload: %w", err))
	}
	for {
		part, err := mr.NextPart()
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return nil, ImageFailed(ReasonTooLarge, err)
			}
			return nil, ImageFailed(ReasonMissing, fmt.Errorf("accounts: upload: no image part: %w", err))
		}
		if part.FormName() == "image" {
			return part, nil
		}
	}
}

// NotAllowed is the role check helper for later resources: forbidden
// unless p has one of roles. Routes use auth.Verifier.RequireRole; this is
// for decisions inside a handler (for example "owner or admin").
func NotAllowed(p auth.Principal, roles ...auth.Role) error {
	for _, r := range roles {
		if p.Role == r {
			return nil
		}
	}
	return apperr.New(apperr.CodeForbidden, fmt.Errorf("accounts: %s has role %s", p.UserID, p.Role))
}
