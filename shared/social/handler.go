package social

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/httpx"
)

// Identity is a person as a provider vouches for them.
type Identity struct {
	Provider      string // "google", "facebook"
	Subject       string // the provider's stable user id (sub)
	Email         string
	EmailVerified bool
	FirstName     string
	LastName      string
	Language      string // the site language the flow started in
}

// SignIn turns a verified identity into a Remat session. It creates the
// account or links the identity to the account with the same verified
// e-mail, and returns a session token (JWT). An error carrying an
// *apperr.Error whose code is in ForwardedCodes is shown to the user with
// that code; any other error is logged and shown as oauth_failed.
type SignIn interface {
	SignInWithIdentity(ctx context.Context, id Identity) (token string, err error)
}

// Error codes the callback redirects with (?error=<code>).
const (
	CodeOAuthFailed      apperr.Code = "oauth_failed"
	CodeEmailNotVerified apperr.Code = "email_not_verified"
	CodeAccountStatus    apperr.Code = "account_status"
)

// ForwardedCodes are the codes of SignIn errors shown as they are.
var ForwardedCodes = []apperr.Code{CodeEmailNotVerified, CodeAccountStatus, apperr.CodeSignupsClosed}

// Languages are the site languages; the first is the default.
var Languages = []string{"fr", "en", "de", "it", "sq"}

// Routes of the handler (and RouteExchange, handover.go).
const (
	RouteStart    = "GET /api/v1/auth/oauth/{provider}/start"
	RouteCallback = "GET /api/v1/auth/oauth/{provider}/callback"
)

// maxReturnTo bounds the length of returnTo.
const maxReturnTo = 1024

// NewHandler returns the social sign-in routes wrapped in httpx's standard
// middleware, for a function that serves nothing else. Use Mount to add
// them to a mux that is already wrapped.
func NewHandler(cfg Config, signer SignIn) http.Handler {
	mux := http.NewServeMux()
	Mount(mux, cfg, signer)
	return httpx.NewHandler(mux)
}

// Mount registers RouteStart, RouteCallback and RouteExchange on mux. An invalid cfg
// (see Validate) is logged and every provider is treated as unconfigured:
// sign-in fails closed, the rest of the function keeps working.
func Mount(mux *http.ServeMux, cfg Config, signer SignIn) {
	h := &handler{cfg: cfg, signer: signer, providers: map[string]*provider{}, now: time.Now}
	if err := cfg.Validate(); err != nil {
		slog.Error("social: invalid configuration; social sign-in disabled", "err", err.Error())
	} else {
		for _, name := range cfg.ConfiguredProviders() {
			h.providers[name] = &provider{
				name:        name,
				cfg:         cfg.Providers[name],
				redirectURL: cfg.siteURL() + "/api/v1/auth/oauth/" + name + "/callback",
			}
		}
	}
	mux.HandleFunc(RouteStart, h.start)
	mux.HandleFunc(RouteCallback, h.callback)
	mux.HandleFunc(RouteExchange, h.exchange)
}

type handler struct {
	cfg       Config
	signer    SignIn
	providers map[string]*provider
	now       func() time.Time
}

func (h *handler) start(w http.ResponseWriter, r *http.Request) {
	p, ok := h.providers[r.PathValue("provider")]
	if !ok {
		httpx.Error(w, r, apperr.ErrNotFound)
		return
	}
	q := r.URL.Query()
	lang := Language(q.Get("lang"))
	bind := rand.Text()
	f := flow{
		Provider: p.name,
		State:    rand.Text(),
		Verifier: oauth2.GenerateVerifier(),
		Nonce:    rand.Text(),
		Lang:     lang,
		ReturnTo: ReturnTo(q.Get("returnTo"), lang),
		Expires:  h.now().Add(CookieTTL).Unix(),
		Bind:     hashHex(bind),
	}
	_, conf, _, err := p.discover(h.clientContext(r.Context()))
	if err != nil {
		h.fail(w, r, lang, CodeOAuthFailed, err)
		return
	}
	sealed, err := sealFlow(h.cfg.CookieKey, f)
	if err != nil {
		h.fail(w, r, lang, CodeOAuthFailed, err)
		return
	}
	http.SetCookie(w, flowCookie(sealed, h.cfg.secureCookies()))
	http.SetCookie(w, bindCookie(bind, h.cfg.secureCookies()))
	redirect(w, r, conf.AuthCodeURL(f.State, oauth2.S256ChallengeOption(f.Verifier), oidc.Nonce(f.Nonce)))
}

func (h *handler) callback(w http.ResponseWriter, r *http.Request) {
	p, ok := h.providers[r.PathValue("provider")]
	if !ok {
		httpx.Error(w, r, apperr.ErrNotFound)
		return
	}
	// The cookie is single use, whatever the outcome.
	http.SetCookie(w, clearCookie(h.cfg.secureCookies()))
	c, err := r.Cookie(CookieName)
	if err != nil {
		h.fail(w, r, Languages[0], CodeOAuthFailed, fmt.Errorf("social: callback without flow cookie: %w", err))
		return
	}
	f, err := openFlow(h.cfg.CookieKey, c.Value, h.now())
	if err != nil {
		h.fail(w, r, Languages[0], CodeOAuthFailed, err)
		return
	}
	id, err := h.identify(r, p, f)
	if err != nil {
		h.fail(w, r, f.Lang, CodeOAuthFailed, err)
		return
	}
	token, err := h.signer.SignInWithIdentity(r.Context(), id)
	if err != nil {
		code := CodeOAuthFailed
		if e := (*apperr.Error)(nil); errors.As(err, &e) && slices.Contains(ForwardedCodes, e.Code) {
			code = e.Code
		}
		h.fail(w, r, f.Lang, code, fmt.Errorf("social: sign in %s identity: %w", p.name, err))
		return
	}
	code, err := h.handOver(r.Context(), f.Bind, token)
	if err != nil {
		h.fail(w, r, f.Lang, CodeOAuthFailed, err)
		return
	}
	redirect(w, r, h.cfg.siteURL()+"/"+f.Lang+"/login/social#code="+url.QueryEscape(code)+
		"&returnTo="+url.QueryEscape(f.ReturnTo))
}

// identify checks the provider's answer against the flow, redeems the code
// and verifies the ID token.
func (h *handler) identify(r *http.Request, p *provider, f flow) (Identity, error) {
	q := r.URL.Query()
	if f.Provider != p.name {
		return Identity{}, fmt.Errorf("social: flow cookie of %s used at %s", f.Provider, p.name)
	}
	if subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(f.State)) != 1 {
		return Identity{}, errors.New("social: state mismatch")
	}
	if e := q.Get("error"); e != "" {
		return Identity{}, fmt.Errorf("social: %s answered error %q: %q", p.name, e, q.Get("error_description"))
	}
	code := q.Get("code")
	if code == "" {
		return Identity{}, errors.New("social: callback without code")
	}
	ctx := h.clientContext(r.Context())
	op, conf, verifier, err := p.discover(ctx)
	if err != nil {
		return Identity{}, err
	}
	tok, err := conf.Exchange(ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return Identity{}, fmt.Errorf("social: %s code exchange: %w", p.name, err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return Identity{}, fmt.Errorf("social: %s returned no id_token", p.name)
	}
	idt, err := verifier.Verify(ctx, raw)
	if err != nil {
		return Identity{}, fmt.Errorf("social: %s id token: %w", p.name, err)
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(f.Nonce)) != 1 {
		return Identity{}, fmt.Errorf("social: %s id token nonce mismatch", p.name)
	}
	var cl claims
	if err := idt.Claims(&cl); err != nil {
		return Identity{}, fmt.Errorf("social: %s id token claims: %w", p.name, err)
	}
	if cl.needsUserInfo() && op.UserInfoEndpoint() != "" {
		// Best effort: the ID token alone is enough to go on with, and the
		// SignIn decides whether what it holds suffices.
		if err := addUserInfo(ctx, op, tok, idt.Subject, &cl); err != nil {
			slog.WarnContext(r.Context(), "social: userinfo ignored", "provider", p.name, "err", err.Error())
		}
	}
	first, last := cl.names()
	return Identity{
		Provider:      p.name,
		Subject:       idt.Subject,
		Email:         strings.TrimSpace(cl.Email),
		EmailVerified: cl.emailVerified(p.cfg.TrustEmail),
		FirstName:     first,
		LastName:      last,
		Language:      f.Lang,
	}, nil
}

// addUserInfo fills the claims the ID token lacked from the userinfo
// endpoint; its answer counts only for the same subject.
func addUserInfo(ctx context.Context, op *oidc.Provider, tok *oauth2.Token, sub string, cl *claims) error {
	info, err := op.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil {
		return fmt.Errorf("userinfo: %w", err)
	}
	if info.Subject != sub {
		return fmt.Errorf("userinfo subject %q differs from id token subject %q", info.Subject, sub)
	}
	var more claims
	if err := info.Claims(&more); err != nil {
		return fmt.Errorf("userinfo claims: %w", err)
	}
	cl.fill(more)
	return nil
}

// clientContext makes go-oidc and oauth2 use the configured HTTP client.
func (h *handler) clientContext(ctx context.Context) context.Context {
	return oidc.ClientContext(ctx, h.cfg.httpClient())
}

// fail logs cause and sends the browser back to the login page with code.
func (h *handler) fail(w http.ResponseWriter, r *http.Request, lang string, code apperr.Code, cause error) {
	slog.WarnContext(r.Context(), "social sign-in failed",
		"provider", r.PathValue("provider"), "code", string(code), "err", cause.Error())
	redirect(w, r, h.cfg.siteURL()+"/"+lang+"/login?error="+url.QueryEscape(string(code)))
}

// redirect answers 302 to target. The URLs carry codes and tokens, so
// nothing may cache them or leak them as a Referer.
func redirect(w http.ResponseWriter, r *http.Request, target string) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	// target is the provider's authorization URL or built from SiteURL
	// with a checked language and ReturnTo path: never off-site input.
	http.Redirect(w, r, target, http.StatusFound) //nolint:gosec // see above
}

// Language returns lang when it is a site language, else the default (fr).
func Language(lang string) string {
	if slices.Contains(Languages, lang) {
		return lang
	}
	return Languages[0]
}

// ReturnTo returns raw when it is a safe same-site path — it starts with
// one "/", has no scheme, host, backslash or control character — and
// "/{lang}/" otherwise, so the sign-in can never redirect off the site.
func ReturnTo(raw, lang string) string {
	def := "/" + Language(lang) + "/"
	if raw == "" || len(raw) > maxReturnTo || !strings.HasPrefix(raw, "/") ||
		strings.HasPrefix(raw, "//") || strings.ContainsAny(raw, "\\") {
		return def
	}
	for _, c := range raw {
		if c < 0x20 || c == 0x7f {
			return def
		}
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || !strings.HasPrefix(u.Path, "/") {
		return def
	}
	return raw
}

// claims are the ID token and userinfo claims the sign-in reads.
type claims struct {
	Email         string          `json:"email"`
	EmailVerified json.RawMessage `json:"email_verified"`
	GivenName     string          `json:"given_name"`
	FamilyName    string          `json:"family_name"`
	Name          string          `json:"name"`
}

func (c *claims) needsUserInfo() bool {
	return c.Email == "" || (c.GivenName == "" && c.FamilyName == "" && c.Name == "")
}

// fill copies the claims c lacks from more. The e-mail and its verified
// flag come as a pair.
func (c *claims) fill(more claims) {
	if c.Email == "" && more.Email != "" {
		c.Email, c.EmailVerified = more.Email, more.EmailVerified
	}
	if c.GivenName == "" && c.FamilyName == "" {
		c.GivenName, c.FamilyName = more.GivenName, more.FamilyName
	}
	if c.Name == "" {
		c.Name = more.Name
	}
}

// emailVerified reads email_verified, which some providers send as a
// string. A missing claim counts as verified only when trusted.
func (c *claims) emailVerified(trust bool) bool {
	switch strings.Trim(strings.TrimSpace(string(c.EmailVerified)), `"`) {
	case "true":
		return c.Email != ""
	case "":
		return trust && c.Email != ""
	}
	return false
}

// names returns first and last name: given_name and family_name, else name
// split at its first space.
func (c *claims) names() (first, last string) {
	first, last = strings.TrimSpace(c.GivenName), strings.TrimSpace(c.FamilyName)
	if first != "" || last != "" {
		return first, last
	}
	name := strings.Join(strings.Fields(c.Name), " ")
	first, last, _ = strings.Cut(name, " ")
	return first, last
}
