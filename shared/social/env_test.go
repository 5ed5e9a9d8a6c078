package social_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/social"
)

// The tests' environment: an OpenID provider (mockoidc) with the people
// who sign in, fakes of the sign-in and the handover store, and a browser
// (a cookie jar) that takes the sign-in's redirects step by step.

// person is a provider user with names, which mockoidc.MockUser lacks.
type person struct {
	sub, email      string
	verified        bool
	given, family   string
	name            string // in the ID token
	userinfoName    string // only at the userinfo endpoint
	userinfoSubject string
}

func (u *person) ID() string { return u.sub }

func (u *person) Userinfo([]string) ([]byte, error) {
	sub := u.sub
	if u.userinfoSubject != "" {
		sub = u.userinfoSubject
	}
	return json.Marshal(map[string]any{"sub": sub, "email": u.email, "email_verified": u.verified, "name": u.userinfoName})
}

type personClaims struct {
	*mockoidc.IDTokenClaims
	Email         string `json:"email,omitempty"`
	EmailVerified bool   `json:"email_verified"`
	GivenName     string `json:"given_name,omitempty"`
	FamilyName    string `json:"family_name,omitempty"`
	Name          string `json:"name,omitempty"`
}

func (u *person) Claims(_ []string, c *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return &personClaims{IDTokenClaims: c, Email: u.email, EmailVerified: u.verified,
		GivenName: u.given, FamilyName: u.family, Name: u.name}, nil
}

// signer is a fake SignIn that records identities.
type signer struct {
	mu    sync.Mutex
	got   []social.Identity
	token string
	err   func(social.Identity) error
}

func (s *signer) SignInWithIdentity(_ context.Context, id social.Identity) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.got = append(s.got, id)
	if s.err != nil {
		if err := s.err(id); err != nil {
			return "", err
		}
	}
	return s.token, nil
}

func (s *signer) calls() []social.Identity {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]social.Identity(nil), s.got...)
}

// handovers is a fake social.Handovers with the store's contract: a take
// succeeds once, for the right bind hash, before expiry.
type handovers struct {
	mu    sync.Mutex
	items map[string]social.Handover
}

func (h *handovers) PutHandover(_ context.Context, ho social.Handover) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.items == nil {
		h.items = map[string]social.Handover{}
	}
	h.items[ho.CodeHash] = ho
	return nil
}

func (h *handovers) TakeHandover(_ context.Context, codeHash, bindHash string, now time.Time) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ho, ok := h.items[codeHash]
	if !ok || ho.BindHash != bindHash || !now.Before(ho.ExpiresAt) {
		return "", apperr.ErrNotFound
	}
	delete(h.items, codeHash)
	return ho.Token, nil
}

// expire moves every hand-over's expiry to the past.
func (h *handovers) expire() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for k, ho := range h.items {
		ho.ExpiresAt = time.Unix(0, 0)
		h.items[k] = ho
	}
}

// startOIDC runs a mockoidc provider on 127.0.0.1 for the test.
func startOIDC(t *testing.T) *mockoidc.MockOIDC {
	t.Helper()
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Start(ln, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })
	return m
}

var testKey = []byte("0123456789abcdef0123456789abcdef")

type env struct {
	m         *mockoidc.MockOIDC
	site      *httptest.Server
	signer    *signer
	handovers *handovers
	client    *http.Client
}

// newEnv serves the handler on 127.0.0.1 with google configured against
// m; mutate may change the config before the handler is built.
func newEnv(t *testing.T, m *mockoidc.MockOIDC, mutate func(*social.Config)) *env {
	t.Helper()
	var h http.Handler
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(site.Close)
	ho := &handovers{}
	cfg := social.Config{
		SiteURL:   site.URL,
		CookieKey: testKey,
		Providers: map[string]social.ProviderConfig{
			social.ProviderGoogle: {Issuer: m.Issuer(), ClientID: m.ClientID, ClientSecret: m.ClientSecret},
		},
		Handovers: ho,
	}
	if mutate != nil {
		mutate(&cfg)
	}
	s := &signer{token: "header.payload.signature"}
	h = social.NewHandler(cfg, s)
	return &env{m: m, site: site, signer: s, handovers: ho, client: newClient(t)}
}

// handover reads the code and returnTo of a hand-over location, failing
// the test when loc is not one for lang.
func (e *env) handover(t *testing.T, loc, lang string) (code, returnTo string) {
	t.Helper()
	prefix := e.site.URL + "/" + lang + "/login/social#"
	if !strings.HasPrefix(loc, prefix) {
		t.Fatalf("final location: got %q, want %s…", loc, prefix)
	}
	f, err := url.ParseQuery(strings.TrimPrefix(loc, prefix))
	if err != nil {
		t.Fatal(err)
	}
	if f.Has("token") || len(f.Get("code")) < 20 {
		t.Fatalf("hand-over fragment: got %v, want a one-time code and no token", f)
	}
	return f.Get("code"), f.Get("returnTo")
}

// exchange posts code to the exchange route from client (its cookies) and
// returns the status, the token and the error code.
func (e *env) exchange(t *testing.T, client *http.Client, code string) (status int, token, errCode string) {
	t.Helper()
	resp, err := client.Post(e.site.URL+"/api/v1/auth/oauth/exchange", "application/json", strings.NewReader(`{"code":"`+code+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var body struct {
		Token string
		Error struct{ Code string }
	}
	_ = json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, body.Token, body.Error.Code
}

// newClient is a browser: a cookie jar, redirects not followed.
func newClient(t *testing.T) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// get does one request and returns the response (body read) and the
// absolute Location.
func (e *env) get(t *testing.T, rawURL string) (*http.Response, string) {
	t.Helper()
	resp, err := e.client.Get(rawURL)
	if err != nil {
		t.Fatalf("GET %s: %v", rawURL, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	loc := resp.Header.Get("Location")
	if loc != "" {
		u, err := resp.Request.URL.Parse(loc)
		if err != nil {
			t.Fatal(err)
		}
		loc = u.String()
	}
	return resp, loc
}

// follow starts at rawURL and follows redirects, like a browser, until one
// leaves the API and the provider; it returns that final Location.
func (e *env) follow(t *testing.T, rawURL string) string {
	t.Helper()
	for range 10 {
		resp, loc := e.get(t, rawURL)
		if resp.StatusCode != http.StatusFound {
			t.Fatalf("GET %s: got status %d, want 302", rawURL, resp.StatusCode)
		}
		if !strings.HasPrefix(loc, e.site.URL+"/api/") && !strings.HasPrefix(loc, e.m.Issuer()) {
			return loc
		}
		rawURL = loc
	}
	t.Fatal("too many redirects")
	return ""
}

func (e *env) startURL(query string) string {
	return e.site.URL + "/api/v1/auth/oauth/google/start?" + query
}

// authorize runs start and the provider's authorization, and returns the
// callback URL the provider sent the browser to.
func (e *env) authorize(t *testing.T, query string) string {
	t.Helper()
	_, authURL := e.get(t, e.startURL(query))
	_, callback := e.get(t, authURL)
	if !strings.HasPrefix(callback, e.site.URL+"/api/v1/auth/oauth/google/callback?") {
		t.Fatalf("provider redirect: got %q, want the callback", callback)
	}
	return callback
}

func (e *env) wantLoginError(t *testing.T, loc, lang, code string) {
	t.Helper()
	if want := e.site.URL + "/" + lang + "/login?error=" + code; loc != want {
		t.Errorf("final location: got %q, want %q", loc, want)
	}
}

func findCookie(resp *http.Response, name string) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func mustQuery(t *testing.T, rawURL string) url.Values {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}

// setQuery sets (or, for an empty value, removes) one query parameter.
func setQuery(t *testing.T, rawURL, key, value string) string {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if value == "" {
		q.Del(key)
	} else {
		q.Set(key, value)
	}
	u.RawQuery = q.Encode()
	return u.String()
}
