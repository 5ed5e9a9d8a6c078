package stripeprovider

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v76"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/billing"
)

// TestPayer delivers test-mode payment results: a signed event POSTed to
// the site's webhook route, the same path Stripe's events take.
type TestPayer struct {
	// WebhookURL is SITE_URL + /api/v1/payments/webhook.
	WebhookURL string
	Secret     string
	Client     *http.Client
}

var _ billing.TestPayer = (*TestPayer)(nil)

// TestPayerTimeout bounds one delivery: less than the billing function's
// budget (its 20 s timeout less lambdahttp.RequestReserve), so a webhook
// stalled on DynamoDB ends in the payer's 503, not in a killed function.
const TestPayerTimeout = 15 * time.Second

// NewTestPayer returns a payer posting to siteURL's webhook with a
// TestPayerTimeout timeout.
func NewTestPayer(siteURL, secret string) *TestPayer {
	return &TestPayer{
		WebhookURL: strings.TrimRight(siteURL, "/") + billing.RouteWebhookPath, Secret: secret,
		Client: &http.Client{Timeout: TestPayerTimeout},
	}
}

// Deliver implements billing.TestPayer: it signs and posts the event of
// o's test payment, succeeded or failed. A non-2xx answer is an error; the
// webhook's 503 (a dependency failed, nothing was settled: Stripe would
// deliver again) is service_unavailable, which the buyer can retry.
func (tp *TestPayer) Deliver(ctx context.Context, eventID string, o billing.Order, succeeded bool, now time.Time) error {
	typ, status := billing.EventPaymentSucceeded, stripe.PaymentIntentStatusSucceeded
	if !succeeded {
		typ, status = billing.EventPaymentFailed, stripe.PaymentIntentStatusRequiresPaymentMethod
	}
	pi := stripe.PaymentIntent{
		ID: o.IntentID, Object: "payment_intent", Amount: o.Amounts.TotalRp, Currency: stripe.Currency(strings.ToLower(o.Currency)),
		Metadata: map[string]string{MetadataOrderID: o.ID}, Status: status, Created: now.Unix(),
	}
	body, header, err := SignedEvent(eventID, typ, pi, tp.Secret, now)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tp.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("stripeprovider: test payment of order %s: %w", o.ID, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", header)
	resp, err := tp.Client.Do(req)
	if err != nil {
		return fmt.Errorf("stripeprovider: test payment of order %s: %w", o.ID, err)
	}
	defer func() { _ = resp.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode == http.StatusServiceUnavailable {
		return apperr.Unavailable(fmt.Errorf("stripeprovider: test payment of order %s: webhook answered %s", o.ID, resp.Status))
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("stripeprovider: test payment of order %s: webhook answered %s", o.ID, resp.Status)
	}
	return nil
}
