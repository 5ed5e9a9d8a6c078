package billing_test

import (
	"bytes"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v76"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/billing/stripeprovider"
)

// TestCreateOrderIsRateLimited: each order creates the provider's payment
// (a Stripe PaymentIntent), so a user creates at most 10 an hour; the 11th
// is 429 too_many_requests with Retry-After and stores nothing. Another
// user is not affected; the next hour opens again.
func TestCreateOrderIsRateLimited(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	for range 10 {
		c.order(t, tok, "starter")
	}
	before := c.count(t, "ORDER#", "ORDER")
	r := c.do(t, "POST", "/api/v1/orders", tok, map[string]any{"planId": "starter", "acceptTerms": true})
	if r.Status != 429 || r.Code() != "too_many_requests" {
		t.Fatalf("11th order: got %d %s, want 429 too_many_requests", r.Status, r.Body)
	}
	if n := c.count(t, "ORDER#", "ORDER"); n != before {
		t.Errorf("orders after the refused one: got %d, want %d", n, before)
	}
	_, other := c.user(t, "bruno@example.ch", auth.RoleUser)
	c.order(t, other, "starter")
	c.clock.Advance(time.Hour)
	c.order(t, tok, "starter")
}

// TestWebhookRefusesSignaturesOutsideFiveMinutes: a signature is accepted
// within Stripe's 5-minute tolerance of now in either direction (clock
// skew), and refused beyond it in either direction: one time-stamped an
// hour ahead is as replayable later as one an hour old. A refused event
// changes nothing.
func TestWebhookRefusesSignaturesOutsideFiveMinutes(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	pi := c.intentOf(t, id)
	before := c.snapshot(t)
	for name, offset := range map[string]time.Duration{
		"an hour ahead":     time.Hour,
		"six minutes ahead": 6 * time.Minute,
		"an hour old":       -time.Hour,
		"six minutes old":   -6 * time.Minute,
	} {
		if r := deliverAt(t, c, "evt_"+name, pi, time.Now().Add(offset)); r.Status != 400 || r.Code() != "invalid_signature" {
			t.Errorf("signed %s: got %d %s, want 400 invalid_signature", name, r.Status, r.Body)
		}
	}
	if after := c.snapshot(t); after != before {
		t.Error("the table changed after refused events")
	}
	if r := deliverAt(t, c, "evt_skewed", pi, time.Now().Add(4*time.Minute)); r.Status != 200 {
		t.Errorf("signed four minutes ahead (clock skew): got %d %s, want 200", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/orders/"+id, tok, nil); r.obj("order")["status"] != "paid" {
		t.Errorf("order after the accepted event: got %s, want paid", r.Body)
	}
}

// deliverAt posts a payment success for pi signed with the webhook secret
// at signedAt.
func deliverAt(t *testing.T, c *cloud, eventID string, pi stripe.PaymentIntent, signedAt time.Time) response {
	t.Helper()
	body, header, err := stripeprovider.SignedEvent(eventID, billing.EventPaymentSucceeded, pi, webhookSecret, signedAt)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("POST", billing.RouteWebhookPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", header)
	return c.serve(t, c.webhook, req)
}
