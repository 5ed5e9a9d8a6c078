package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
	"github.com/stripe/stripe-go/v76"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/config"
)

const jwtKey = "function-test-jwt-key-0123456789abcdef"

// localCloud points the SDK's standard environment variables at the test
// emulators, as the local cloud does for a deployed function, and seeds
// the plans.
func localCloud(t *testing.T, params map[string]string, extra map[string]string) config.LookupFunc {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	if err := billing.SeedPlans(t.Context(), db, table); err != nil {
		t.Fatal(err)
	}
	_, box := testcloud.SES(t)
	_, bucket := testcloud.S3(t)
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
		"AWS_ENDPOINT_URL_S3":         testcloud.S3Endpoint(t),
		"AWS_ENDPOINT_URL_SSM":        *ssmClient.Options().BaseEndpoint,
	} {
		t.Setenv(k, v)
	}
	env := map[string]string{
		"STAGE": "local", "TABLE_NAME": table, "IMAGES_BUCKET": bucket, "S3_USE_PATH_STYLE": "true",
		"SSM_PREFIX": "/remat/local", "LOG_LEVEL": "error", "MAIL_FROM": "no-reply@remat.ch",
		"AWS_REGION": testcloud.Region, "SITE_URL": "http://127.0.0.1:8080",
		"INVOICE_SELLER_NAME": "Remat GmbH", "INVOICE_SELLER_ADDRESS": "Musterstrasse 1, 8000 Zürich",
		"INVOICE_SELLER_VAT": "CHE-123.456.789 MWST",
	}
	for k, v := range extra {
		env[k] = v
	}
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
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

func eventJSON(t *testing.T) events.APIGatewayV2HTTPRequest {
	t.Helper()
	raw, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	var event events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &event); err != nil {
		t.Fatal(err)
	}
	return event
}

// TestColdStartAndInvoke wires the function in test mode from environment
// and SSM and sends event.json through the Lambda boundary.
func TestColdStartAndInvoke(t *testing.T) {
	lookup := localCloud(t, map[string]string{
		"/remat/local/jwt-signing-key":     jwtKey,
		"/remat/local/test-webhook-secret": "whsec_local_test",
	}, nil)
	h, err := newHandler(t.Context(), lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	resp := invoke(t, lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext), eventJSON(t))
	if resp.StatusCode != wantStatus || !strings.Contains(resp.Body, wantBody) {
		t.Errorf("event.json: got %d %s, want %d with %s", resp.StatusCode, resp.Body, wantStatus, wantBody)
	}
}

func TestInitFails(t *testing.T) {
	lookup := localCloud(t, map[string]string{"/remat/local/jwt-signing-key": jwtKey}, map[string]string{"STRIPE_PUBLISHABLE_KEY": "pk_test_x"})
	if _, err := newHandler(t.Context(), lookup, new(slog.LevelVar)); err == nil || !strings.Contains(err.Error(), "stripe-secret-key") {
		t.Errorf("publishable key without secret key: got %v, want an error naming stripe-secret-key", err)
	}
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "SITE_URL: missing") || !strings.Contains(err.Error(), "INVOICE_SELLER_VAT: missing") {
		t.Errorf("config: got %v, want every problem named", err)
	}
}

// event.json is a provider event with a signature made with another
// secret: rejected, nothing changes.
const (
	wantStatus = 400
	wantBody   = `"code":"invalid_signature"`
)

// TestSignedEventThroughTheLambdaBoundary: a correctly signed event passes
// the API Gateway adapter (which splits the signature header on commas).
func TestSignedEventThroughTheLambdaBoundary(t *testing.T) {
	lookup := localCloud(t, map[string]string{
		"/remat/local/jwt-signing-key":     jwtKey,
		"/remat/local/test-webhook-secret": "whsec_local_test",
	}, nil)
	h, err := newHandler(t.Context(), lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatal(err)
	}
	body, header, err := billing.SignedEvent("evt_boundary", "charge.refunded", stripe.PaymentIntent{ID: "pi_x"}, "whsec_local_test", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	event := eventJSON(t)
	event.Body = string(body)
	event.Headers["stripe-signature"] = header
	resp := invoke(t, lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext), event)
	if resp.StatusCode != 200 || !strings.Contains(resp.Body, `"received":true`) {
		t.Errorf("signed event: got %d %s, want 200 received", resp.StatusCode, resp.Body)
	}
}
