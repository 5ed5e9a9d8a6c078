package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func startTestDevOIDC(t *testing.T) *devOIDC {
	t.Helper()
	d, err := startDevOIDC(context.Background(), "a-local-jwt-key")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Stop() })
	return d
}

func TestDevOIDCFixedCredentialsAndLoopback(t *testing.T) {
	a, b := startTestDevOIDC(t), startTestDevOIDC(t)
	if a.m.ClientID != b.m.ClientID || a.m.ClientSecret != b.m.ClientSecret {
		t.Errorf("client credentials differ between starts with the same key")
	}
	if !strings.HasPrefix(a.Issuer(), "http://127.0.0.1:") || !strings.HasSuffix(a.Issuer(), "/oidc") {
		t.Errorf("issuer %q: want http://127.0.0.1:PORT/oidc", a.Issuer())
	}
	p := a.parameters()
	if p["oauth-google-client-id"] != a.m.ClientID || p["oauth-google-client-secret"] != a.m.ClientSecret {
		t.Errorf("parameters: got %v", p)
	}
}

func TestDevOIDCEnv(t *testing.T) {
	d := startTestDevOIDC(t)
	in := map[string]string{"SOCIAL_PROVIDERS": "facebook", "OAUTH_GOOGLE_ISSUER": "https://accounts.google.com", "X": "y"}
	got := d.env(in)
	if got["SOCIAL_PROVIDERS"] != "google,facebook" || got["OAUTH_GOOGLE_ISSUER"] != d.Issuer() || got["X"] != "y" {
		t.Errorf("env: got %v", got)
	}
	if in["SOCIAL_PROVIDERS"] != "facebook" {
		t.Error("env modified its argument")
	}
	other := d.env(map[string]string{"TABLE_NAME": "t"})
	if _, ok := other["SOCIAL_PROVIDERS"]; ok || len(other) != 1 {
		t.Errorf("a function without social settings gained some: %v", other)
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
	d := startTestDevOIDC(t)
	h := d.queueHandler()
	post := func(body string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, devOIDCQueuePath, strings.NewReader(body)))
		b, _ := io.ReadAll(rec.Body)
		return rec.Code, string(b)
	}
	for _, bad := range []string{`{}`, `{"email":"nope"}`, `{"email":"Anna <a@example.ch>"}`, `{"email":"a@example.ch","x":1}`, `[`} {
		if code, _ := post(bad); code != http.StatusBadRequest {
			t.Errorf("POST %s: got %d, want 400", bad, code)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, devOIDCQueuePath, nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET: got %d, want 405", rec.Code)
	}
	if code, body := post(`{"email":"zoe@example.ch","firstName":"Zoé","lastName":"Muster","emailVerified":false}`); code != 200 || !strings.Contains(body, `"queued":1`) {
		t.Fatalf("POST: got %d %s", code, body)
	}

	got := authorizeUserinfo(t, d)
	if got["email"] != "zoe@example.ch" || got["email_verified"] != false || got["given_name"] != "Zoé" || got["family_name"] != "Muster" ||
		got["sub"] != (devIdentity{Email: "zoe@example.ch"}).ID() {
		t.Errorf("queued identity: got %v", got)
	}
	got = authorizeUserinfo(t, d)
	if got["email"] != devDefaultIdentity.Email || got["email_verified"] != true || got["given_name"] != devDefaultIdentity.FirstName {
		t.Errorf("default identity: got %v", got)
	}
}
