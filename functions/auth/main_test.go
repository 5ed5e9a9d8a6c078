package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/config"
)

const jwtKey = "function-test-jwt-key-0123456789abcdef"

// localCloud points the SDK's standard environment variables at the test
// emulators, as the local cloud does for a deployed function.
func localCloud(t *testing.T, params map[string]string, extra map[string]string) (config.LookupFunc, *testcloud.Mailbox) {
	t.Helper()
	_, table := testcloud.DynamoDB(t)
	_, box := testcloud.SES(t)
	ssmClient := testcloud.SSM(t, params)
	none := filepath.Join(t.TempDir(), "none")
	for k, v := range map[string]string{
		"AWS_EC2_METADATA_DISABLED":   "true",
		"AWS_CONFIG_FILE":             none,
		"AWS_SHARED_CREDENTIALS_FILE": none,
		"AWS_PROFILE":                 "",
		"AWS_ACCESS_KEY_ID":           "local",
		"AWS_SECRET_ACCESS_KEY":       "local",
		"AWS_SESSION_TOKEN":           "",
		"AWS_ENDPOINT_URL":            "",
		"AWS_ENDPOINT_URL_DYNAMODB":   testcloud.DynamoDBEndpoint(t),
		"AWS_ENDPOINT_URL_SESV2":      box.Endpoint(),
		"AWS_ENDPOINT_URL_SSM":        *ssmClient.Options().BaseEndpoint,
	} {
		t.Setenv(k, v)
	}
	env := map[string]string{
		"STAGE": "local", "TABLE_NAME": table, "IMAGES_BUCKET": "remat-local-images",
		"SSM_PREFIX": "/remat/local", "LOG_LEVEL": "error", "MAIL_FROM": "no-reply@remat.ch",
		"AWS_REGION": testcloud.Region, "SITE_URL": "http://127.0.0.1:8080",
	}
	for k, v := range extra {
		env[k] = v
	}
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }, box
}

func invoke(t *testing.T, h lambda.Handler, event events.APIGatewayV2HTTPRequest) events.APIGatewayV2HTTPResponse {
	t.Helper()
	payload, err := json.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "invoke-1"})
	out, err := h.Invoke(ctx, payload)
	if err != nil {
		t.Fatalf("invoke: got %v, want nil", err)
	}
	var resp events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(out, &resp); err != nil {
		t.Fatal(err)
	}
	return resp
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
	resp := invoke(t, lh, event)
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
	if resp := invoke(t, lh, admin); resp.StatusCode != 201 {
		t.Errorf("create-admin: got %d %s, want 201", resp.StatusCode, resp.Body)
	}

	// google is listed but has no client id in SSM: hidden (404).
	start := event
	start.RouteKey = "GET /api/v1/auth/oauth/{provider}/start"
	start.RawPath = "/api/v1/auth/oauth/google/start"
	start.RequestContext.HTTP.Method = "GET"
	start.RequestContext.HTTP.Path = start.RawPath
	start.Body = ""
	if resp := invoke(t, lh, start); resp.StatusCode != 404 {
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
