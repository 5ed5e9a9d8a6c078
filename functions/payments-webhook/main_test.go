package main

import (
	"log/slog"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
	"github.com/stripe/stripe-go/v76"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/billing/stripeprovider"
	"github.com/remat/remat/shared/config"
)

// localCloud is the test cloud of the function, with the plans seeded,
// plus the billing settings and extras.
func localCloud(t *testing.T, params map[string]string, extra map[string]string) config.LookupFunc {
	t.Helper()
	f := testcloud.NewFunction(t, params)
	if err := billing.SeedPlans(t.Context(), f.DB, f.Table); err != nil {
		t.Fatal(err)
	}
	maps.Copy(f.Env, map[string]string{
		"INVOICE_SELLER_NAME": "Remat GmbH", "INVOICE_SELLER_ADDRESS": "Musterstrasse 1, 8000 Zürich",
		"INVOICE_SELLER_VAT": "CHE-123.456.789 MWST",
	})
	maps.Copy(f.Env, extra)
	return f.Lookup
}

// TestColdStartAndInvoke wires the function in test mode from environment
// and SSM and sends event.json through the Lambda boundary.
func TestColdStartAndInvoke(t *testing.T) {
	lookup := localCloud(t, map[string]string{
		"/remat/local/jwt-public-key":      authtest.PublicKeyPEM(),
		"/remat/local/test-webhook-secret": "whsec_local_test",
	}, nil)
	h, err := newHandler(t.Context(), lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	resp := testcloud.Invoke(t, lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext), testcloud.EventJSON(t))
	if resp.StatusCode != wantStatus || !strings.Contains(resp.Body, wantBody) {
		t.Errorf("event.json: got %d %s, want %d with %s", resp.StatusCode, resp.Body, wantStatus, wantBody)
	}
}

func TestInitFails(t *testing.T) {
	lookup := localCloud(t, map[string]string{"/remat/local/jwt-public-key": authtest.PublicKeyPEM()}, map[string]string{"STRIPE_PUBLISHABLE_KEY": "pk_test_x"})
	if _, err := newHandler(t.Context(), lookup, new(slog.LevelVar)); err == nil || !strings.Contains(err.Error(), "stripe-secret-key") {
		t.Errorf("publishable key without secret key: got %v, want an error naming stripe-secret-key", err)
	}
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") || !strings.Contains(err.Error(), "INVOICE_SELLER_VAT: missing") {
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
		"/remat/local/jwt-public-key":      authtest.PublicKeyPEM(),
		"/remat/local/test-webhook-secret": "whsec_local_test",
	}, nil)
	h, err := newHandler(t.Context(), lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatal(err)
	}
	body, header, err := stripeprovider.SignedEvent("evt_boundary", "charge.refunded", stripe.PaymentIntent{ID: "pi_x"}, "whsec_local_test", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	event := testcloud.EventJSON(t)
	event.Body = string(body)
	event.Headers["stripe-signature"] = header
	resp := testcloud.Invoke(t, lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext), event)
	if resp.StatusCode != 200 || !strings.Contains(resp.Body, `"received":true`) {
		t.Errorf("signed event: got %d %s, want 200 received", resp.StatusCode, resp.Body)
	}
}
