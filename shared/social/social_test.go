package social_test

import (
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/oauth2-proxy/mockoidc"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/social"
)

func TestHappyPath(t *testing.T) {
	e := newEnv(t, startOIDC(t), nil)
	e.m.QueueUser(&person{sub: "g-123", email: "anna@example.ch", verified: true, given: "Anna", family: "Keller"})

	resp, authURL := e.get(t, e.startURL("lang=de&returnTo="+url.QueryEscape("/de/user/information?tab=2")))
	if resp.StatusCode != http.StatusFound || !strings.HasPrefix(authURL, e.m.AuthorizationEndpoint()) {
		t.Fatalf("start: got %d %q, want 302 to the provider", resp.StatusCode, authURL)
	}
	q := mustQuery(t, authURL)
	for k, want := range map[string]string{
		"response_type": "code", "client_id": e.m.ClientID, "scope": "openid profile email",
		"code_challenge_method": "S256",
		"redirect_uri":          e.site.URL + "/api/v1/auth/oauth/google/callback",
	} {
		if got := q.Get(k); got != want {
			t.Errorf("auth URL %s: got %q, want %q", k, got, want)
		}
	}
	for _, k := range []string{"state", "nonce", "code_challenge"} {
		if len(q.Get(k)) < 20 {
			t.Errorf("auth URL %s: got %q, want a random value", k, q.Get(k))
		}
	}
	c := findCookie(resp, social.CookieName)
	if c == nil {
		t.Fatal("start: no flow cookie")
	}
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != social.CookiePath || c.MaxAge != 600 || c.Secure {
		t.Errorf("cookie: got %+v, want HttpOnly, Lax, path %s, 600 s, not Secure over http", c, social.CookiePath)
	}
	for _, secret := range []string{q.Get("state"), q.Get("nonce")} {
		if strings.Contains(c.Value, secret) {
			t.Error("cookie: state and nonce should not be readable as plain text")
		}
	}

	bind := findCookie(resp, social.BindCookieName)
	if bind == nil || len(bind.Value) < 20 || !bind.HttpOnly || bind.SameSite != http.SameSiteLaxMode ||
		bind.Path != "/api/v1/auth/oauth/exchange" || bind.MaxAge != 720 || bind.Secure {
		t.Errorf("bind cookie: got %+v, want a random HttpOnly, Lax cookie for the exchange, 720 s, not Secure over http", bind)
	}

	loc := e.follow(t, authURL)
	code, returnTo := e.handover(t, loc, "de")
	if returnTo != "/de/user/information?tab=2" {
		t.Errorf("returnTo: got %q, want /de/user/information?tab=2", returnTo)
	}
	if status, token, _ := e.exchange(t, e.client, code); status != http.StatusOK || token != "header.payload.signature" {
		t.Errorf("exchange: got %d %q, want 200 and the token", status, token)
	}
	got := e.signer.calls()
	wantID := social.Identity{Provider: "google", Subject: "g-123", Email: "anna@example.ch", EmailVerified: true,
		FirstName: "Anna", LastName: "Keller", Language: "de"}
	if len(got) != 1 || got[0] != wantID {
		t.Errorf("SignInWithIdentity: got %+v, want [%+v]", got, wantID)
	}
	for _, path := range []string{social.CookiePath + "/google/callback", "/api/v1/auth/oauth/exchange"} {
		site, _ := url.Parse(e.site.URL + path)
		if cs := e.client.Jar.Cookies(site); len(cs) != 0 {
			t.Errorf("cookies for %s after the exchange: got %v, want none", path, cs)
		}
	}
}

func TestHandoverNeedsTheBrowserThatStarted(t *testing.T) {
	e := newEnv(t, startOIDC(t), nil)
	loc := e.follow(t, e.startURL("lang=fr"))
	code, _ := e.handover(t, loc, "fr")

	// Someone else opens the link: a browser without the bind cookie, or
	// with another one (its own sign-in under way).
	stranger := newClient(t)
	if status, token, errCode := e.exchange(t, stranger, code); status != http.StatusBadRequest || token != "" || errCode != "oauth_handover_invalid" {
		t.Errorf("other browser: got %d %q %q, want 400 oauth_handover_invalid and no token", status, token, errCode)
	}
	e2 := *e
	e2.client = stranger
	_ = e2.follow(t, e.startURL("lang=fr"))
	if status, token, errCode := e.exchange(t, stranger, code); status != http.StatusBadRequest || token != "" || errCode != "oauth_handover_invalid" {
		t.Errorf("other browser with its own bind cookie: got %d %q %q, want 400 oauth_handover_invalid", status, token, errCode)
	}

	// The browser that started it still can, once.
	if status, token, _ := e.exchange(t, e.client, code); status != http.StatusOK || token != "header.payload.signature" {
		t.Errorf("starting browser: got %d %q, want 200 and the token", status, token)
	}
	if status, _, errCode := e.exchange(t, e.client, code); status != http.StatusBadRequest || errCode != "oauth_handover_invalid" {
		t.Errorf("second exchange: got %d %q, want 400 oauth_handover_invalid", status, errCode)
	}
}

func TestHandoverRefusals(t *testing.T) {
	tests := []struct {
		name       string
		body       string
		expire     bool
		wantStatus int
		wantCode   string
	}{
		{"unknown code", `{"code":"AAAAAAAAAAAAAAAAAAAAAAAAAA"}`, false, 400, "oauth_handover_invalid"},
		{"expired", "", true, 400, "oauth_handover_invalid"},
		{"no code", `{}`, false, 400, "validation_failed"},
		{"not JSON", `code=x`, false, 400, "invalid_json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, startOIDC(t), nil)
			code, _ := e.handover(t, e.follow(t, e.startURL("lang=en")), "en")
			if tt.expire {
				e.handovers.expire()
			}
			body := tt.body
			if body == "" {
				body = `{"code":"` + code + `"}`
			}
			resp, err := e.client.Post(e.site.URL+"/api/v1/auth/oauth/exchange", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Error struct{ Code string }
			}
			_ = json.NewDecoder(resp.Body).Decode(&got)
			_ = resp.Body.Close()
			if resp.StatusCode != tt.wantStatus || got.Error.Code != tt.wantCode {
				t.Errorf("got %d %q, want %d %q", resp.StatusCode, got.Error.Code, tt.wantStatus, tt.wantCode)
			}
		})
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		name        string
		user        mockoidc.User
		first, last string
	}{
		{"name claim", &person{sub: "s1", email: "a@example.ch", verified: true, name: "Anna  Maria Rossi"}, "Anna", "Maria Rossi"},
		{"userinfo", &person{sub: "s2", email: "a@example.ch", verified: true, userinfoName: "Luca Bernasconi"}, "Luca", "Bernasconi"},
		{"userinfo of another subject ignored", &person{sub: "s3", email: "a@example.ch", verified: true, userinfoName: "Mallory X", userinfoSubject: "other"}, "", ""},
		{"mockoidc default user", mockoidc.DefaultUser(), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, startOIDC(t), nil)
			e.m.QueueUser(tt.user)
			e.handover(t, e.follow(t, e.startURL("lang=it")), "it")
			got := e.signer.calls()
			if len(got) != 1 || got[0].FirstName != tt.first || got[0].LastName != tt.last || got[0].Subject != tt.user.ID() {
				t.Errorf("identity: got %+v, want %s %q %q", got, tt.user.ID(), tt.first, tt.last)
			}
		})
	}
}

func TestCallbackFailures(t *testing.T) {
	tests := []struct {
		name   string
		tamper func(t *testing.T, e *env, callback string) string
	}{
		{"state mismatch", func(t *testing.T, _ *env, cb string) string {
			return setQuery(t, cb, "state", "forged-state")
		}},
		{"missing state", func(t *testing.T, _ *env, cb string) string {
			return setQuery(t, cb, "state", "")
		}},
		{"missing code", func(t *testing.T, _ *env, cb string) string {
			return setQuery(t, cb, "code", "")
		}},
		{"unknown code", func(t *testing.T, _ *env, cb string) string {
			return setQuery(t, cb, "code", "not-a-code")
		}},
		{"provider error answer", func(t *testing.T, _ *env, cb string) string {
			u := setQuery(t, cb, "code", "")
			return setQuery(t, u, "error", "access_denied")
		}},
		{"token endpoint error", func(_ *testing.T, e *env, cb string) string {
			e.m.QueueError(&mockoidc.ServerError{Code: http.StatusBadRequest, Error: "invalid_grant", Description: "nope"})
			return cb
		}},
		{"tampered cookie", func(t *testing.T, e *env, cb string) string {
			u, _ := url.Parse(e.site.URL + social.CookiePath)
			cs := e.client.Jar.Cookies(u)
			if len(cs) != 1 {
				t.Fatalf("jar: got %v, want the flow cookie", cs)
			}
			payload, sig, _ := strings.Cut(cs[0].Value, ".")
			forged := strings.Replace(payload, "e", "f", 1) + "." + sig
			e.client.Jar.SetCookies(u, []*http.Cookie{{Name: social.CookieName, Value: forged, Path: social.CookiePath}})
			return cb
		}},
		{"missing cookie", func(t *testing.T, e *env, cb string) string {
			e.client = newClient(t)
			return cb
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, startOIDC(t), nil)
			cb := e.authorize(t, "lang=en")
			_, loc := e.get(t, tt.tamper(t, e, cb))
			lang := "en"
			if tt.name == "missing cookie" || tt.name == "tampered cookie" {
				lang = "fr" // the flow's language is unknown
			}
			e.wantLoginError(t, loc, lang, "oauth_failed")
			if n := len(e.signer.calls()); n != 0 {
				t.Errorf("SignInWithIdentity: got %d calls, want 0", n)
			}
		})
	}
}

func TestTamperedAuthorizationRequest(t *testing.T) {
	// A nonce or PKCE challenge changed on the way to the provider must not
	// yield a sign-in: the ID token's nonce or the code verifier no longer
	// match what the cookie holds.
	for _, param := range []string{"nonce", "code_challenge"} {
		t.Run(param, func(t *testing.T) {
			e := newEnv(t, startOIDC(t), nil)
			_, authURL := e.get(t, e.startURL(""))
			_, cb := e.get(t, setQuery(t, authURL, param, "Xq0u6Ad1Hb_mN0lT9o8E2pWbKq1sVd3fGhJkLzXcVbN"))
			_, loc := e.get(t, cb)
			e.wantLoginError(t, loc, "fr", "oauth_failed")
			if n := len(e.signer.calls()); n != 0 {
				t.Errorf("SignInWithIdentity: got %d calls, want 0", n)
			}
		})
	}
}

func TestCallbackIsSingleUse(t *testing.T) {
	e := newEnv(t, startOIDC(t), nil)
	cb := e.authorize(t, "lang=sq")
	if _, loc := e.get(t, cb); !strings.HasPrefix(loc, e.site.URL+"/sq/login/social#") {
		t.Fatalf("first callback: got %q, want success", loc)
	}
	_, loc := e.get(t, cb)
	e.wantLoginError(t, loc, "fr", "oauth_failed")
}

func TestSignInErrors(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"email not verified", apperr.New(social.CodeEmailNotVerified, nil), "email_not_verified"},
		{"account status, wrapped", errors.Join(errors.New("context"), &apperr.Error{Code: social.CodeAccountStatus}), "account_status"},
		{"other coded error", apperr.ErrForbidden, "oauth_failed"},
		{"internal error", errors.New("dynamodb: throttled"), "oauth_failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, startOIDC(t), nil)
			e.signer.err = func(social.Identity) error { return tt.err }
			loc := e.follow(t, e.startURL("lang=en"))
			e.wantLoginError(t, loc, "en", tt.want)
		})
	}
}

func TestUnverifiedEmailReachesSignIn(t *testing.T) {
	e := newEnv(t, startOIDC(t), nil)
	e.m.QueueUser(&person{sub: "u1", email: "x@example.ch", verified: false, given: "X"})
	e.signer.err = func(id social.Identity) error {
		if !id.EmailVerified {
			return apperr.New(social.CodeEmailNotVerified, nil)
		}
		return nil
	}
	loc := e.follow(t, e.startURL("lang=fr"))
	e.wantLoginError(t, loc, "fr", "email_not_verified")
	if got := e.signer.calls(); len(got) != 1 || got[0].EmailVerified || got[0].Email != "x@example.ch" {
		t.Errorf("identity: got %+v, want one unverified x@example.ch", got)
	}
}

func TestUnknownProvider(t *testing.T) {
	e := newEnv(t, startOIDC(t), func(c *social.Config) {
		c.Providers[social.ProviderFacebook] = social.ProviderConfig{Issuer: "https://www.facebook.com"} // no client id
	})
	for _, path := range []string{
		"/api/v1/auth/oauth/facebook/start", "/api/v1/auth/oauth/facebook/callback?code=x&state=y",
		"/api/v1/auth/oauth/twitter/start", "/api/v1/auth/oauth/twitter/callback",
	} {
		resp, err := e.client.Get(e.site.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Error struct{ Code string } `json:"error"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&body)
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || body.Error.Code != "not_found" {
			t.Errorf("GET %s: got %d %q, want 404 not_found", path, resp.StatusCode, body.Error.Code)
		}
	}
}

func TestBadReturnToStaysOnSite(t *testing.T) {
	for _, rt := range []string{"//evil.example", "https://evil.example", "/\\evil.example", "evil.example", "javascript:alert(1)"} {
		t.Run(rt, func(t *testing.T) {
			e := newEnv(t, startOIDC(t), nil)
			_, returnTo := e.handover(t, e.follow(t, e.startURL("lang=en&returnTo="+url.QueryEscape(rt))), "en")
			if returnTo != "/en/" {
				t.Errorf("returnTo: got %q, want /en/", returnTo)
			}
		})
	}
}

func TestReturnTo(t *testing.T) {
	tests := []struct{ raw, lang, want string }{
		{"/fr/user/information", "fr", "/fr/user/information"},
		{"/de/ads?q=bois&page=2#top", "de", "/de/ads?q=bois&page=2#top"},
		{"", "it", "/it/"},
		{"//evil.example", "en", "/en/"},
		{"///evil.example", "en", "/en/"},
		{"https://evil.example/fr/", "en", "/en/"},
		{"/\\evil.example", "en", "/en/"},
		{"/fr/\r\nSet-Cookie: x=y", "fr", "/fr/"},
		{"/" + strings.Repeat("a", 1100), "fr", "/fr/"},
		{"relative/path", "xx", "/fr/"},
	}
	for _, tt := range tests {
		if got := social.ReturnTo(tt.raw, tt.lang); got != tt.want {
			t.Errorf("ReturnTo(%q, %q): got %q, want %q", tt.raw, tt.lang, got, tt.want)
		}
	}
	for lang, want := range map[string]string{"": "fr", "en": "en", "sq": "sq", "EN": "fr", "es": "fr"} {
		if got := social.Language(lang); got != want {
			t.Errorf("Language(%q): got %q, want %q", lang, got, want)
		}
	}
}

func TestProviderUnreachableAtColdStart(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		t.Fatal(err)
	}
	// Building the handler must not contact the (absent) provider.
	e := newEnv(t, m, func(c *social.Config) {
		c.Providers[social.ProviderGoogle] = social.ProviderConfig{Issuer: "http://" + addr + "/oidc", ClientID: m.ClientID, ClientSecret: m.ClientSecret}
	})
	_, loc := e.get(t, e.startURL("lang=de"))
	e.wantLoginError(t, loc, "de", "oauth_failed")

	// The provider comes up: the next sign-in discovers it.
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("port %s taken meanwhile: %v", addr, err)
	}
	if err := m.Start(ln, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })
	e.m = m
	e.handover(t, e.follow(t, e.startURL("lang=de")), "de")
}

func TestSecureCookieOverHTTPS(t *testing.T) {
	m := startOIDC(t)
	h := social.NewHandler(social.Config{
		SiteURL:   "https://remat.example",
		CookieKey: testKey,
		Providers: map[string]social.ProviderConfig{"google": {Issuer: m.Issuer(), ClientID: m.ClientID, ClientSecret: m.ClientSecret}},
		Handovers: &handovers{},
	}, &signer{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/auth/oauth/google/start", nil))
	for _, name := range []string{social.CookieName, social.BindCookieName} {
		c := findCookie(&http.Response{Header: rec.Header()}, name)
		if rec.Code != http.StatusFound || c == nil || !c.Secure {
			t.Errorf("got %d, cookie %s %+v; want 302 and a Secure cookie", rec.Code, name, c)
		}
	}
	if q := mustQuery(t, rec.Header().Get("Location")); q.Get("redirect_uri") != "https://remat.example/api/v1/auth/oauth/google/callback" {
		t.Errorf("redirect_uri: got %q", q.Get("redirect_uri"))
	}
}

func TestInvalidConfigFailsClosed(t *testing.T) {
	m := startOIDC(t)
	h := social.NewHandler(social.Config{
		SiteURL:   "https://remat.example",
		CookieKey: []byte("short"),
		Providers: map[string]social.ProviderConfig{"google": {Issuer: m.Issuer(), ClientID: m.ClientID, ClientSecret: m.ClientSecret}},
	}, &signer{})
	for _, req := range []*http.Request{
		httptest.NewRequest(http.MethodGet, "/api/v1/auth/oauth/google/start", nil),
		httptest.NewRequest(http.MethodPost, "/api/v1/auth/oauth/exchange", strings.NewReader(`{"code":"x"}`)),
	} {
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s %s: got %d, want 404", req.Method, req.URL.Path, rec.Code)
		}
	}
}

func TestConfig(t *testing.T) {
	ok := social.Config{
		SiteURL:   "https://remat.ch",
		CookieKey: testKey,
		Providers: map[string]social.ProviderConfig{
			"google":   {ClientID: "id", ClientSecret: "secret"},
			"facebook": {},
		},
		Handovers: &handovers{},
	}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid config: got %v", err)
	}
	if got := ok.ConfiguredProviders(); len(got) != 1 || got[0] != "google" {
		t.Errorf("ConfiguredProviders: got %v, want [google]", got)
	}
	if err := (social.Config{}).Validate(); err != nil {
		t.Errorf("empty config: got %v, want nil (nothing configured)", err)
	}
	bad := social.Config{
		SiteURL:   "remat.ch/fr",
		CookieKey: []byte("short"),
		Providers: map[string]social.ProviderConfig{
			"google":  {ClientID: "id", Issuer: "not a url"},
			"myspace": {ClientID: "id"},
		},
	}
	err := bad.Validate()
	for _, want := range []string{"SiteURL", "CookieKey", "Handovers", "client secret", "issuer", `unknown provider "myspace"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate: got %v, want a problem mentioning %q", err, want)
		}
	}
	k1, k2 := social.CookieKeyFrom([]byte("a")), social.CookieKeyFrom([]byte("b"))
	if len(k1) < social.MinCookieKeyBytes || string(k1) == string(k2) {
		t.Errorf("CookieKeyFrom: got %x and %x, want distinct 32-byte keys", k1, k2)
	}
}
