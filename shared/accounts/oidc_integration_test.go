package accounts_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/social"
)

// oidcUser is a provider account with names, which mockoidc.MockUser lacks.
type oidcUser struct {
	sub, email, given, family string
	verified                  bool
}

func (u oidcUser) ID() string { return u.sub }

func (u oidcUser) Userinfo([]string) ([]byte, error) { return []byte(`{"sub":"` + u.sub + `"}`), nil }

type oidcClaims struct {
	*mockoidc.IDTokenClaims
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	GivenName     string `json:"given_name"`
	FamilyName    string `json:"family_name"`
}

func (u oidcUser) Claims(_ []string, c *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return &oidcClaims{IDTokenClaims: c, Email: u.email, EmailVerified: u.verified, GivenName: u.given, FamilyName: u.family}, nil
}

// TestSocialSignInThroughProvider runs the whole authorization-code flow
// against an OpenID Connect provider on loopback, through the real accounts
// handler and DynamoDB Local: the account is created on the first sign-in,
// found again on the second, and the token the SPA gets for the one-time
// code works.
func TestSocialSignInThroughProvider(t *testing.T) {
	c := newCloud(t)
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Start(ln, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })

	var h http.Handler
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(site.Close)
	ver := authtest.Verifier(t)
	signingKey, _ := authtest.Keys()
	h = accounts.NewHandler(c.svc, ver.WithClock(c.clock.Now).WithTokenVersions(c.store), social.Config{
		SiteURL:   site.URL,
		CookieKey: social.CookieKeyFrom(signingKey.Seed()),
		Providers: map[string]social.ProviderConfig{
			social.ProviderGoogle: {Issuer: m.Issuer(), ClientID: m.ClientID, ClientSecret: m.ClientSecret},
		},
		Handovers: social.NewDynamoHandovers(c.db, c.table),
	})

	signIn := func(user oidcUser) (token string, fragment url.Values) {
		t.Helper()
		m.QueueUser(user)
		jar, err := cookiejar.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		next := site.URL + "/api/v1/auth/oauth/google/start?lang=de&returnTo=" + url.QueryEscape("/de/user/information")
		for range 5 { // start -> provider -> callback -> SPA
			resp, err := browser.Get(next)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != http.StatusFound {
				t.Fatalf("GET %s: got %d, want 302", next, resp.StatusCode)
			}
			loc, err := resp.Request.URL.Parse(resp.Header.Get("Location"))
			if err != nil {
				t.Fatal(err)
			}
			next = loc.String()
			if strings.HasPrefix(next, site.URL+"/de/") {
				break
			}
		}
		final, err := url.Parse(next)
		if err != nil {
			t.Fatal(err)
		}
		if final.Path != "/de/login/social" {
			t.Fatalf("final redirect: got %s, want /de/login/social", next)
		}
		fragment, err = url.ParseQuery(final.Fragment)
		if err != nil {
			t.Fatal(err)
		}
		// The SPA trades the one-time code for the token, from the same
		// browser (the bind cookie).
		req, err := http.NewRequest(http.MethodPost, site.URL+"/api/v1/auth/oauth/exchange", strings.NewReader(`{"code":"`+fragment.Get("code")+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := browser.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		testcloud.ValidateResponse(t, req, resp)
		var body struct{ Message, Token string }
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != http.StatusOK || body.Message != "login_success" {
			t.Fatalf("exchange: got %d %+v %v, want 200 login_success", resp.StatusCode, body, err)
		}
		return body.Token, fragment
	}

	user := oidcUser{sub: "google-42", email: "Lea.Berger@Example.ch", given: "Lea", family: "Berger", verified: true}
	token, fragment := signIn(user)
	if got := fragment.Get("returnTo"); got != "/de/user/information" {
		t.Errorf("returnTo: got %q, want /de/user/information", got)
	}
	me := c.do(t, "GET", "/api/v1/auth/me", token, nil)
	u, _ := me.JSON["user"].(map[string]any)
	if me.Status != http.StatusOK || !strings.EqualFold(u["email"].(string), "lea.berger@example.ch") || u["firstName"] != "Lea" || u["emailVerified"] != true {
		t.Fatalf("me after first sign-in: got %d %s", me.Status, me.Body)
	}

	again, _ := signIn(user)
	me2 := c.do(t, "GET", "/api/v1/auth/me", again, nil)
	u2, _ := me2.JSON["user"].(map[string]any)
	if me2.Status != http.StatusOK || u2["id"] != u["id"] {
		t.Errorf("second sign-in: got %d %s, want the same account %v", me2.Status, me2.Body, u["id"])
	}

	// An unverified provider e-mail creates nothing and lands on the login
	// page with the coded error.
	m.QueueUser(oidcUser{sub: "google-43", email: "unverified@example.ch", given: "U", family: "V"})
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	next := site.URL + "/api/v1/auth/oauth/google/start?lang=fr"
	for range 3 {
		resp, err := browser.Get(next)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		loc, err := resp.Request.URL.Parse(resp.Header.Get("Location"))
		if err != nil {
			t.Fatal(err)
		}
		next = loc.String()
	}
	if want := site.URL + "/fr/login?error=email_not_verified"; next != want {
		t.Errorf("unverified: got %s, want %s", next, want)
	}
}
