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
	"github.com/remat/remat/shared/config"
)

const jwtKey = "function-test-jwt-key-0123456789abcdef"

// localCloud is the test cloud of the function plus its extra settings.
func localCloud(t *testing.T, params map[string]string, extra map[string]string) (config.LookupFunc, *testcloud.Mailbox) {
	t.Helper()
	f := testcloud.NewFunction(t, params)
	maps.Copy(f.Env, extra)
	return f.Lookup, f.Mailbox
}

// TestColdStartAndInvoke wires the function from environment and SSM and
// sends event.json (a sign-up) through the Lambda boundary, then checks
// the optional features: create-admin and a social provider.
func TestColdStartAndInvoke(t *testing.T) {
	lookup, box := localCloud(t, map[string]string{
		"/remat/local/jwt-signing-key":    jwtKey,
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
		t.Errorf("create-admin: got %d %s, want 201", resp.StatusCode, resp.Body)
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
	env := map[string]string{"STAGE": "local", "SOCIAL_PROVIDERS": "myspace"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "SITE_URL: missing") || !strings.Contains(err.Error(), "myspace") {
		t.Errorf("config: got %v, want every problem named", err)
	}
}
