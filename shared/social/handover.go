package social

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/httpx"
)

// The hand-over: how the session token reaches the SPA after the callback.
//
// The callback does not put the token in the URL. It stores it under a
// one-time code (HandoverTTL, single use) bound to the browser that started
// the sign-in, and sends the browser to {SiteURL}/{lang}/login/social#code=.
// The SPA posts the code to RouteExchange and gets the token only if the
// request carries the bind cookie that RouteStart set in the same browser
// (random, HttpOnly, SameSite=Lax, path RouteExchange's). So a hand-over
// link sent to someone else (login CSRF: "click here", and the victim is
// signed in to the sender's account) signs nobody in: the other browser
// holds no bind cookie, or another one. A code a third party opens by
// mistake is not spent: only the matching browser consumes it.

// Hand-over settings.
const (
	// HandoverTTL bounds the time between the callback and the exchange.
	HandoverTTL = 2 * time.Minute
	// BindCookieName is the cookie that binds a hand-over to the browser;
	// it lives as long as a flow plus its hand-over.
	BindCookieName = "remat_oauth_bind"
	// RouteExchange trades a hand-over code for the session token.
	RouteExchange  = "POST /api/v1/auth/oauth/exchange"
	bindCookiePath = "/api/v1/auth/oauth/exchange"
	bindCookieTTL  = CookieTTL + HandoverTTL
	// MessageLoginSuccess is the message of a successful exchange (as of a
	// password login).
	MessageLoginSuccess = "login_success"
	maxExchangeBody     = 4 << 10
)

// Handover is a session token waiting for the browser that started the
// sign-in. Only hashes of the code and of the bind cookie are kept.
type Handover struct {
	CodeHash  string // hex SHA-256 of the code in the URL
	BindHash  string // hex SHA-256 of the bind cookie
	Token     string
	ExpiresAt time.Time
}

// Handovers keeps hand-overs (DynamoHandovers).
type Handovers interface {
	// PutHandover stores h.
	PutHandover(ctx context.Context, h Handover) error
	// TakeHandover removes the hand-over with codeHash and returns its
	// token, in one step, if it is bound to bindHash and has not expired
	// at now; otherwise it changes nothing and the error is apperr
	// not_found (unknown, used, expired or another browser's).
	TakeHandover(ctx context.Context, codeHash, bindHash string, now time.Time) (string, error)
}

// hashHex is the hex SHA-256 of s: what is stored instead of codes and
// cookie values.
func hashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// bindCookie is Secure whenever the site is served over https, like the
// flow cookie.
func bindCookie(value string, secure bool) *http.Cookie {
	return &http.Cookie{ //nolint:gosec // Secure follows the site's scheme, see above
		Name:     BindCookieName,
		Value:    value,
		Path:     bindCookiePath,
		MaxAge:   int(bindCookieTTL / time.Second),
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
}

// handOver stores token under a new one-time code bound to bindHash and
// returns the code.
func (h *handler) handOver(ctx context.Context, bindHash, token string) (string, error) {
	if bindHash == "" {
		return "", errors.New("social: flow without a bind cookie hash")
	}
	code := rand.Text()
	err := h.cfg.Handovers.PutHandover(ctx, Handover{
		CodeHash: hashHex(code), BindHash: bindHash, Token: token, ExpiresAt: h.now().Add(HandoverTTL),
	})
	if err != nil {
		return "", fmt.Errorf("social: store hand-over: %w", err)
	}
	return code, nil
}

// exchange is RouteExchange: body {"code"}, the bind cookie; 200
// {message, token} or 400 oauth_handover_invalid.
func (h *handler) exchange(w http.ResponseWriter, r *http.Request) {
	if len(h.providers) == 0 {
		httpx.Error(w, r, apperr.ErrNotFound)
		return
	}
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(w, r, &in, maxExchangeBody); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if in.Code == "" {
		httpx.Error(w, r, apperr.Validation(map[string]string{"code": apperr.FieldRequired}))
		return
	}
	c, err := r.Cookie(BindCookieName)
	if err != nil || c.Value == "" {
		h.refuse(w, r, errors.New("no bind cookie: not the browser that started the sign-in"))
		return
	}
	token, err := h.cfg.Handovers.TakeHandover(r.Context(), hashHex(in.Code), hashHex(c.Value), h.now())
	if errors.Is(err, apperr.ErrNotFound) {
		h.refuse(w, r, err)
		return
	}
	if err != nil {
		httpx.Error(w, r, fmt.Errorf("social: exchange hand-over: %w", err))
		return
	}
	http.SetCookie(w, clearBindCookie(h.cfg.secureCookies()))
	httpx.JSON(w, http.StatusOK, struct {
		Message string `json:"message"`
		Token   string `json:"token"`
	}{MessageLoginSuccess, token})
}

// refuse answers oauth_handover_invalid; it is logged, since a hand-over
// link opened in the wrong browser may be an attempt at login CSRF.
func (h *handler) refuse(w http.ResponseWriter, r *http.Request, cause error) {
	slog.WarnContext(r.Context(), "social sign-in hand-over refused", "err", cause.Error())
	httpx.Error(w, r, apperr.New(apperr.CodeOAuthHandoverInvalid, cause))
}

func clearBindCookie(secure bool) *http.Cookie {
	c := bindCookie("", secure) //nolint:gosec // same attributes as bindCookie
	c.MaxAge = -1
	return c
}
