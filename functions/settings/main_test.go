package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

func lookup(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

var testEnv = map[string]string{
	"STAGE": "local", "TABLE_NAME": "remat-local", "IMAGES_BUCKET": "remat-local-images",
	"SSM_PREFIX": "/remat/local", "MAIL_FROM": "no-reply@remat.ch", "AWS_REGION": "eu-central-2",
	"FEATURE_FLAGS": "socialLogin", "STRIPE_PUBLISHABLE_KEY": "pk_test_x", "LOG_LEVEL": "warn",
}

// TestEventThroughLambdaBoundary invokes the wired handler with event.json
// exactly as the Lambda runtime would.
func TestEventThroughLambdaBoundary(t *testing.T) {
	level := new(slog.LevelVar)
	h, err := newHandler(lookup(testEnv), level)
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if level.Level() != slog.LevelWarn {
		t.Errorf("log level: got %v, want %v", level.Level(), slog.LevelWarn)
	}
	event, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext).Invoke(context.Background(), event)
	if err != nil {
		t.Fatalf("invoke: got %v, want nil", err)
	}
	var resp events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(out, &resp); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		t.Fatalf("status: got %v, want 200 (%s)", resp.StatusCode, resp.Body)
	}
	for _, want := range []string{`"socialLogin":true`, `"payments":true`, `"paymentMode":"stripe"`, `"stripePublishableKey":"pk_test_x"`, `"vatRate":"8.1"`} {
		if !strings.Contains(resp.Body, want) {
			t.Errorf("body: got %s, want %s", resp.Body, want)
		}
	}
	if got := resp.Headers["Cache-Control"]; got != "public, max-age=60" {
		t.Errorf("Cache-Control: got %q, want public, max-age=60", got)
	}
	if got := resp.Headers["X-Request-Id"]; got != "event-json-settings" {
		t.Errorf("request id: got %q, want the API Gateway request id", got)
	}
}

func TestInitFailsOnBadConfig(t *testing.T) {
	env := map[string]string{"STAGE": "qa", "STRIPE_PUBLISHABLE_KEY": "sk_live_x"}
	_, err := newHandler(lookup(env), new(slog.LevelVar))
	if err == nil {
		t.Fatal("got nil, want a config error")
	}
	for _, want := range []string{"TABLE_NAME: missing", "STAGE", "STRIPE_PUBLISHABLE_KEY"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to mention %s", err, want)
		}
	}
}
