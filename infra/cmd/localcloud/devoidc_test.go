package main

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func startTestDevSignIn(t *testing.T) *devSignIn {
	t.Helper()
	d, err := startDevSignIn(context.Background(), "a-local-jwt-key")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Stop() })
	return d
}

func TestDevOIDCFixedCredentialsAndLoopback(t *testing.T) {
	a, b := startTestDevSignIn(t), startTestDevSignIn(t)
	if !maps.Equal(a.parameters(), b.parameters()) {
		t.Errorf("client credentials differ between starts with the same key")
	}
	issuers := a.Issuers()
	if len(issuers) != 2 || issuers["google"] == issuers["facebook"] {
		t.Errorf("issuers: got %v, want one of its own for google and facebook", issuers)
	}
	p := a.parameters()
	for _, provider := range []string{"google", "facebook"} {
		d := a.byProvider[provider]
		if !strings.HasPrefix(issuers[provider], "http://127.0.0.1:") || !strings.HasSuffix(issuers[provider], "/oidc") {
			t.Errorf("%s issuer %q: want http://127.0.0.1:PORT/oidc", provider, issuers[provider])
		}
		if p["oauth-"+provider+"-client-id"] != d.m.ClientID || p["oauth-"+provider+"-client-secret"] != d.m.ClientSecret {
			t.Errorf("%s parameters: got %v", provider, p)
		}
	}
	if p["oauth-google-client-id"] == p["oauth-facebook-client-id"] || p["oauth-google-client-secret"] == p["oauth-facebook-client-secret"] {
		t.Errorf("parameters: got %v, want a client of its own per provider", p)
	}
}

func TestDevOIDCEnv(t *testing.T) {
	d := startTestDevSignIn(t)
	issuers := d.Issuers()
	tests := []struct {
		name string
		in   map[string]string
		want map[string]string
	}{
		{"auth function",
			map[string]string{"SOCIAL_PROVIDERS": "", "OAUTH_GOOGLE_ISSUER": "https://accounts.google.com", "OAUTH_FACEBOOK_ISSUER": "https://www.facebook.com", "X": "y"},
			map[string]string{"SOCIAL_PROVIDERS": "google,facebook", "OAUTH_GOOGLE_ISSUER": issuers["google"], "OAUTH_FACEBOOK_ISSUER": issuers["facebook"], "X": "y"}},
		{"providers already listed", map[string]string{"SOCIAL_PROVIDERS": "facebook, google"},
			map[string]string{"SOCIAL_PROVIDERS": "google,facebook"}},
		{"settings function", map[string]string{"SOCIAL_PROVIDERS": "facebook"}, map[string]string{"SOCIAL_PROVIDERS": "google,facebook"}},
		{"no social settings", map[string]string{"TABLE_NAME": "t"}, map[string]string{"TABLE_NAME": "t"}},
	}
	for _, tt := range tests {
		before := maps.Clone(tt.in)
		if got := d.env(tt.in); !maps.Equal(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
		if !maps.Equal(tt.in, before) {
			t.Errorf("%s: env modified its argument", tt.name)
		}
	}
}

// authorize runs the authorization endpoint and returns the identity
// behind the code it answers with, as the userinfo endpoint tells it.
func authorizeUserinfo(t *testing.T, d *devOIDC) map[string]any {
	t.Helper()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	q := url.Values{"client_id": {d.m.ClientID}, "redirect_uri": {"http://127.0.0.1/cb"}, "response_type": {"code"},
		"scope": {"openid email profile"}, "state": {"s"}}
	resp, err := noRedirect.Get(d.m.AuthorizationEndpoint() + "?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || loc.Query().Get("code") == "" {
		t.Fatalf("authorize: got %d Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	tok, err := http.PostForm(d.m.TokenEndpoint(), url.Values{"grant_type": {"authorization_code"}, "code": {loc.Query().Get("code")},
		"client_id": {d.m.ClientID}, "client_secret": {d.m.ClientSecret}, "redirect_uri": {"http://127.0.0.1/cb"}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tok.Body.Close() }()
	var tr struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(tok.Body).Decode(&tr); err != nil || tr.AccessToken == "" {
		t.Fatalf("token: got %d %v", tok.StatusCode, err)
	}
	req, _ := http.NewRequest(http.MethodGet, d.m.UserinfoEndpoint(), nil)
	req.Header.Set("Authorization", "Bearer "+tr.AccessToken)
	info, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = info.Body.Close() }()
	var out map[string]any
	if err := json.NewDecoder(info.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDevOIDCQueueAndDefault(t *testing.T) {
	d := startTestDevSignIn(t)
	h := d.queueHandler()
	post := func(body string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, devOIDCQueuePath, strings.NewReader(body)))
		b, _ := io.ReadAll(rec.Body)
		return rec.Code, string(b)
	}
	for _, bad := range []string{`{}`, `{"email":"nope"}`, `{"email":"Anna <a@example.ch>"}`, `{"email":"a@example.ch","x":1}`, `[`,
		`{"provider":"twitter","email":"a@example.ch"}`} {
		if code, _ := post(bad); code != http.StatusBadRequest {
			t.Errorf("POST %s: got %d, want 400", bad, code)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, devOIDCQueuePath, nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET: got %d, want 405", rec.Code)
	}
	queued := []struct {
		body, provider, email, firstName string
		verified                         bool
	}{
		{`{"email":"zoe@example.ch","firstName":"Zoé","lastName":"Muster","emailVerified":false}`, "google", "zoe@example.ch", "Zoé", false},
		{`{"provider":"facebook","email":"fred@example.ch","firstName":"Fred","lastName":"Muster"}`, "facebook", "fred@example.ch", "Fred", true},
	}
	for _, q := range queued {
		if code, body := post(q.body); code != 200 || !strings.Contains(body, `"queued":1`) || !strings.Contains(body, `"provider":"`+q.provider+`"`) {
			t.Fatalf("POST %s: got %d %s", q.body, code, body)
		}
	}
	for _, q := range queued {
		got := authorizeUserinfo(t, d.byProvider[q.provider])
		if got["email"] != q.email || got["email_verified"] != q.verified || got["given_name"] != q.firstName || got["family_name"] != "Muster" ||
			got["sub"] != (devIdentity{Email: q.email}).ID() {
			t.Errorf("%s queued identity: got %v", q.provider, got)
		}
		got = authorizeUserinfo(t, d.byProvider[q.provider])
		want := devDefaultIdentities[q.provider]
		if got["email"] != want.Email || got["email_verified"] != true || got["given_name"] != want.FirstName {
			t.Errorf("%s default identity: got %v, want %v", q.provider, got, want)
		}
	}
}
