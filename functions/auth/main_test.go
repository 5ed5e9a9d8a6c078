package main

import (
	"encoding/json"
	"log/slog"
	"maps"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/config"
)

// localCloud is the test cloud of the function plus its extra settings.
func localCloud(t *testing.T, params map[string]string, extra map[string]string) (config.LookupFunc, *testcloud.Mailbox) {
	t.Helper()
	f := testcloud.NewFunction(t, params)
	maps.Copy(f.Env, extra)
	return f.Lookup, f.Mailbox
}

// TestColdStartAndInvoke wires the function from environment and SSM and
// sends event.json (a sign-up) through the Lambda boundary, then checks
// the optional features: create-admin and a social provider. The admin's
// login token is signed with jwt-signing-key: the public key verifies it,
// and so does the function itself.
func TestColdStartAndInvoke(t *testing.T) {
	lookup, box := localCloud(t, map[string]string{
		"/remat/local/jwt-signing-key":    authtest.PrivateKeyPEM(),
		"/remat/local/admin-setup-secret": "setup-0123456789",
	}, map[string]string{"SOCIAL_PROVIDERS": "google"})
	h, err := newHandler(t.Context(), lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	raw, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	var event events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &event); err != nil {
		t.Fatal(err)
	}
	resp := testcloud.Invoke(t, lh, event)
	if resp.StatusCode != 201 || !strings.Contains(resp.Body, `"message":"verification_email_sent"`) {
		t.Fatalf("signup: got %d %s, want 201 verification_email_sent", resp.StatusCode, resp.Body)
	}
	msgs := box.Messages()
	if len(msgs) != 1 || !strings.Contains(msgs[0].Text, "http://127.0.0.1:8080/fr/email-verification/") {
		t.Errorf("mailbox: got %+v, want one French verification mail with a local link", msgs)
	}

	admin := event
	admin.RouteKey = "POST /api/v1/auth/create-admin"
	admin.RawPath = "/api/v1/auth/create-admin"
	admin.RequestContext.HTTP.Path = admin.RawPath
	admin.Body = `{"setupSecret":"setup-0123456789","firstName":"Ada","lastName":"Admin","email":"admin@remat.ch","password":"a long admin passphrase"}`
	if resp := testcloud.Invoke(t, lh, admin); resp.StatusCode != 201 {
		t.Fatalf("create-admin: got %d %s, want 201", resp.StatusCode, resp.Body)
	}
	login := admin
	login.RouteKey = "POST /api/v1/auth/login"
	login.RawPath = "/api/v1/auth/login"
	login.RequestContext.HTTP.Path = login.RawPath
	login.Body = `{"email":"admin@remat.ch","password":"a long admin passphrase"}`
	resp = testcloud.Invoke(t, lh, login)
	var loggedIn struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal([]byte(resp.Body), &loggedIn); resp.StatusCode != 200 || err != nil || loggedIn.Token == "" {
		t.Fatalf("login: got %d %s, want 200 with a token", resp.StatusCode, resp.Body)
	}
	if p, err := authtest.Verifier(t).Verify(t.Context(), loggedIn.Token); err != nil || p.Role != "admin" {
		t.Errorf("login token under jwt-public-key: got %+v, %v, want an admin", p, err)
	}
	me := event
	me.RouteKey = "GET /api/v1/auth/me"
	me.RawPath = "/api/v1/auth/me"
	me.RequestContext.HTTP.Method = "GET"
	me.RequestContext.HTTP.Path = me.RawPath
	me.Body = ""
	me.Headers = map[string]string{"authorization": "Bearer " + loggedIn.Token}
	if resp := testcloud.Invoke(t, lh, me); resp.StatusCode != 200 || !strings.Contains(resp.Body, "admin@remat.ch") {
		t.Errorf("me: got %d %s, want 200 with the admin", resp.StatusCode, resp.Body)
	}

	// google is listed but has no client id in SSM: hidden (404).
	start := event
	start.RouteKey = "GET /api/v1/auth/oauth/{provider}/start"
	start.RawPath = "/api/v1/auth/oauth/google/start"
	start.RequestContext.HTTP.Method = "GET"
	start.RequestContext.HTTP.Path = start.RawPath
	start.Body = ""
	if resp := testcloud.Invoke(t, lh, start); resp.StatusCode != 404 {
		t.Errorf("unconfigured provider: got %d %s, want 404", resp.StatusCode, resp.Body)
	}
}

func TestInitFails(t *testing.T) {
	lookup, _ := localCloud(t, map[string]string{}, nil)
	if _, err := newHandler(t.Context(), lookup, new(slog.LevelVar)); err == nil || !strings.Contains(err.Error(), "/remat/local/jwt-signing-key") {
		t.Errorf("missing secret: got %v, want an error naming /remat/local/jwt-signing-key", err)
	}
	// The public key alone cannot issue tokens; an old HS256 secret is no
	// Ed25519 key.
	for name, params := range map[string]map[string]string{
		"public key only":           {"/remat/local/jwt-public-key": authtest.PublicKeyPEM()},
		"old hex secret":            {"/remat/local/jwt-signing-key": "3f1c0a9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3"},
		"public key as signing key": {"/remat/local/jwt-signing-key": authtest.PublicKeyPEM()},
	} {
		lookup, _ := localCloud(t, params, nil)
		if _, err := newHandler(t.Context(), lookup, new(slog.LevelVar)); err == nil || !strings.Contains(err.Error(), "/remat/local/jwt-signing-key") {
			t.Errorf("%s: got %v, want an error naming /remat/local/jwt-signing-key", name, err)
		}
	}
	env := map[string]string{"STAGE": "local", "SOCIAL_PROVIDERS": "myspace"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") || !strings.Contains(err.Error(), "myspace") {
		t.Errorf("config: got %v, want every problem named", err)
	}
}
