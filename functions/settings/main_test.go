package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/settings"
)

// TestEventThroughLambdaBoundary wires the function from its environment
// (DynamoDB Local behind the SDK's endpoint variable) and invokes it with
// event.json exactly as the Lambda runtime would, before and after an
// administrator saved a notice.
func TestEventThroughLambdaBoundary(t *testing.T) {
	f := testcloud.NewFunction(t, nil)
	for k, v := range map[string]string{"FEATURE_FLAGS": "socialLogin", "STRIPE_PUBLISHABLE_KEY": "pk_test_x", "LOG_LEVEL": "warn"} {
		f.Env[k] = v
	}
	level := new(slog.LevelVar)
	h, err := newHandler(t.Context(), f.Lookup, level)
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if level.Level() != slog.LevelWarn {
		t.Errorf("log level: got %v, want %v", level.Level(), slog.LevelWarn)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	event := testcloud.EventJSON(t)

	resp := testcloud.Invoke(t, lh, event)
	if resp.StatusCode != 200 {
		t.Fatalf("status: got %v, want 200 (%s)", resp.StatusCode, resp.Body)
	}
	for _, want := range []string{`"socialLogin":true`, `"payments":true`, `"paymentMode":"stripe"`, `"stripePublishableKey":"pk_test_x"`, `"vatRate":"8.1"`,
		`"notice":null`, `"signupsOpen":true`} {
		if !strings.Contains(resp.Body, want) {
			t.Errorf("body: got %s, want %s", resp.Body, want)
		}
	}
	if got := resp.Headers["Cache-Control"]; got != "public, max-age=50" {
		t.Errorf("Cache-Control: got %q, want public, max-age=50", got)
	}
	if got := resp.Headers["X-Request-Id"]; got != "event-json-settings" {
		t.Errorf("request id: got %q, want the API Gateway request id", got)
	}

	site := settings.Site{
		Notice:      settings.Notice{Enabled: true, Level: settings.NoticeInfo, Text: map[string]string{"en": "Hello", "fr": "Bonjour", "de": "Grüezi", "it": "Ciao", "sq": "Përshëndetje"}},
		SignupsOpen: false, UpdatedAt: time.Now(), UpdatedBy: "ada@remat.ch",
	}
	if err := settings.NewSiteStore(f.DB, f.Table).Save(context.Background(), site, 0); err != nil {
		t.Fatal(err)
	}
	// A fresh instance reads the saved settings (a warm one within CacheTTL).
	h, err = newHandler(t.Context(), f.Lookup, level)
	if err != nil {
		t.Fatal(err)
	}
	resp = testcloud.Invoke(t, lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext), event)
	if !strings.Contains(resp.Body, `"text":{"de":"Grüezi"`) || !strings.Contains(resp.Body, `"signupsOpen":false`) {
		t.Errorf("after saving: got %s, want the notice and sign-ups closed", resp.Body)
	}
}

func TestInitFailsOnBadConfig(t *testing.T) {
	env := map[string]string{"STAGE": "qa", "STRIPE_PUBLISHABLE_KEY": "sk_live_x"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil {
		t.Fatal("got nil, want a config error")
	}
	for _, want := range []string{"TABLE_NAME: missing", "STAGE", "STRIPE_PUBLISHABLE_KEY"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to mention %s", err, want)
		}
	}
}
