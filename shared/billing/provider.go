package billing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/remat/remat/shared/apperr"
)

// Intent is the provider's payment for an order.
type Intent struct {
	ID string
	// ClientSecret lets Stripe.js confirm the payment in the browser;
	// empty in test mode.
	ClientSecret string
}

// Provider creates payments. The result of a payment always arrives
// through the webhook, never from the browser.
type Provider interface {
	Name() ProviderName
	// CreatePayment creates (idempotently per order) the payment of o's
	// total in o's currency, with the order id in its metadata.
	CreatePayment(ctx context.Context, o Order) (Intent, error)
}

// Stripe webhook event types the webhook handles; every other type is
// acknowledged and ignored.
const (
	EventPaymentSucceeded = "payment_intent.succeeded"
	EventPaymentFailed    = "payment_intent.payment_failed"
)

// MetadataOrderID is the PaymentIntent metadata key holding the order id.
const MetadataOrderID = "order_id"

// IdempotencyKey is the Stripe idempotency key of an order's intent: a
// retried order creation never creates a second PaymentIntent.
func IdempotencyKey(orderID string) string { return "order-" + orderID }

// StripeProvider creates PaymentIntents with stripe-go.
type StripeProvider struct {
	api *client.API
}

var _ Provider = (*StripeProvider)(nil)

// NewStripeProvider returns a provider using secretKey. backends nil uses
// Stripe's API; tests pass stripe-mock's (see NewStripeBackend).
func NewStripeProvider(secretKey string, backends *stripe.Backends) *StripeProvider {
	api := &client.API{}
	api.Init(secretKey, backends)
	return &StripeProvider{api: api}
}

// NewStripeBackend returns backends for the Stripe API at url (stripe-mock
// in tests) with the given retries and logger (stripe.LeveledLogger; nil
// keeps stripe-go's default).
func NewStripeBackend(url string, retries int64, logger stripe.LeveledLoggerInterface, httpClient *http.Client) *stripe.Backends {
	cfg := &stripe.BackendConfig{URL: stripe.String(url), MaxNetworkRetries: stripe.Int64(retries), HTTPClient: httpClient}
	if logger != nil {
		cfg.LeveledLogger = logger
	}
	return &stripe.Backends{API: stripe.GetBackendWithConfig(stripe.APIBackend, cfg)}
}

// Name implements Provider.
func (p *StripeProvider) Name() ProviderName { return ProviderStripe }

// CreatePayment implements Provider: a PaymentIntent in CHF with automatic
// payment methods (cards, and TWINT when the account enables it).
func (p *StripeProvider) CreatePayment(ctx context.Context, o Order) (Intent, error) {
	params := &stripe.PaymentIntentParams{
		Amount:                  stripe.Int64(o.Amounts.TotalRp),
		Currency:                stripe.String(strings.ToLower(o.Currency)),
		AutomaticPaymentMethods: &stripe.PaymentIntentAutomaticPaymentMethodsParams{Enabled: stripe.Bool(true)},
		Description:             stripe.String("Remat order " + o.ID),
	}
	params.Context = ctx
	params.SetIdempotencyKey(IdempotencyKey(o.ID))
	params.AddMetadata(MetadataOrderID, o.ID)
	pi, err := p.api.PaymentIntents.New(params)
	if err != nil {
		return Intent{}, fmt.Errorf("billing: stripe payment intent for order %s: %w", o.ID, err)
	}
	return Intent{ID: pi.ID, ClientSecret: pi.ClientSecret}, nil
}

// TestProvider is the test-mode provider: no external call; the payment
// is "made" with POST /orders/{id}/test-payment, which delivers a signed
// event to the webhook (TestPayer).
type TestProvider struct{}

var _ Provider = TestProvider{}

// Name implements Provider.
func (TestProvider) Name() ProviderName { return ProviderTest }

// CreatePayment implements Provider.
func (TestProvider) CreatePayment(_ context.Context, o Order) (Intent, error) {
	return Intent{ID: TestIntentID(o.ID)}, nil
}

// TestIntentID is the payment id of an order in test mode.
func TestIntentID(orderID string) string { return "test_pi_" + orderID }

// WebhookTolerance is how far the timestamp of an event's signature may be
// from now, in either direction (Stripe's default): an older signature is
// a replay, a newer one was made to be replayed later. Within it, the
// clocks of Stripe and the function may disagree.
const WebhookTolerance = 5 * time.Minute

// VerifyEvent checks payload's Stripe-Signature header against secret and
// its timestamp against now (within WebhookTolerance, before or after),
// and returns the event. stripe-go checks the signature and refuses a
// timestamp too far in the past only, by its own clock, so the signed
// timestamp is checked here, both ways. The API version of the event is
// not checked: the account's webhook endpoint may be pinned to another
// version than stripe-go's, and only the fields read here (id, amount,
// currency, metadata) matter.
// An empty secret verifies nothing (anyone could sign with it).
func VerifyEvent(payload []byte, header, secret string, now time.Time) (stripe.Event, error) {
	if secret == "" {
		return stripe.Event{}, errors.New("billing: no webhook secret configured")
	}
	ev, err := webhook.ConstructEventWithOptions(payload, header, secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true, IgnoreTolerance: true})
	if err != nil {
		return stripe.Event{}, fmt.Errorf("billing: verify event: %w", err)
	}
	signed, err := signatureTime(header)
	if err != nil {
		return stripe.Event{}, fmt.Errorf("billing: verify event: %w", err)
	}
	if d := now.Sub(signed); d > WebhookTolerance || d < -WebhookTolerance {
		return stripe.Event{}, fmt.Errorf("billing: verify event %s: signed at %s, %s from now: %w",
			ev.ID, signed.UTC().Format(time.RFC3339), d.Round(time.Second), webhook.ErrTooOld)
	}
	return ev, nil
}

// signatureTime is the timestamp (t=) of a Stripe-Signature header the
// signature verified: read as stripe-go reads it, the last t= wins.
func signatureTime(header string) (time.Time, error) {
	var at time.Time
	found := false
	for pair := range strings.SplitSeq(header, ",") {
		k, v, _ := strings.Cut(pair, "=")
		if k != "t" {
			continue
		}
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return time.Time{}, webhook.ErrInvalidHeader
		}
		at, found = time.Unix(sec, 0), true
	}
	if !found {
		return time.Time{}, webhook.ErrInvalidHeader
	}
	return at, nil
}

// SignedEvent builds a Stripe event of type typ for the payment intent pi,
// signed with secret at now like Stripe signs it. It returns the body and
// the Stripe-Signature header.
func SignedEvent(eventID, typ string, pi stripe.PaymentIntent, secret string, now time.Time) ([]byte, string, error) {
	raw, err := json.Marshal(pi) //nolint:gosec // a test-mode event; the client secret is empty
	if err != nil {
		return nil, "", fmt.Errorf("billing: encode payment intent: %w", err)
	}
	ev := map[string]any{
		"id": eventID, "object": "event", "api_version": stripe.APIVersion, "created": now.Unix(),
		"livemode": false, "pending_webhooks": 1, "type": typ,
		"data": map[string]json.RawMessage{"object": raw},
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return nil, "", fmt.Errorf("billing: encode event: %w", err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: now})
	return signed.Payload, signed.Header, nil
}

// TestPayer delivers test-mode payment results: a signed event POSTed to
// the site's webhook route, the same path Stripe's events take.
type TestPayer struct {
	// WebhookURL is SITE_URL + /api/v1/payments/webhook.
	WebhookURL string
	Secret     string
	Client     *http.Client
}

// TestPayerTimeout bounds one delivery: less than the billing function's
// budget (its 20 s timeout less lambdahttp.RequestReserve), so a webhook
// stalled on DynamoDB ends in the payer's 503, not in a killed function.
const TestPayerTimeout = 15 * time.Second

// NewTestPayer returns a payer posting to siteURL's webhook with a
// TestPayerTimeout timeout.
func NewTestPayer(siteURL, secret string) *TestPayer {
	return &TestPayer{WebhookURL: strings.TrimRight(siteURL, "/") + RouteWebhookPath, Secret: secret, Client: &http.Client{Timeout: TestPayerTimeout}}
}

// Deliver signs and posts the event of o's test payment: succeeded or
// failed. A non-2xx answer is an error; the webhook's 503 (a dependency
// failed, nothing was settled: Stripe would deliver again) is
// service_unavailable, which the buyer can retry.
func (tp *TestPayer) Deliver(ctx context.Context, eventID string, o Order, succeeded bool, now time.Time) error {
	typ, status := EventPaymentSucceeded, stripe.PaymentIntentStatusSucceeded
	if !succeeded {
		typ, status = EventPaymentFailed, stripe.PaymentIntentStatusRequiresPaymentMethod
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
		return fmt.Errorf("billing: test payment of order %s: %w", o.ID, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", header)
	resp, err := tp.Client.Do(req)
	if err != nil {
		return fmt.Errorf("billing: test payment of order %s: %w", o.ID, err)
	}
	defer func() { _ = resp.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode == http.StatusServiceUnavailable {
		return apperr.Unavailable(fmt.Errorf("billing: test payment of order %s: webhook answered %s", o.ID, resp.Status))
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("billing: test payment of order %s: webhook answered %s", o.ID, resp.Status)
	}
	return nil
}
