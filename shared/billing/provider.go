package billing

import (
	"context"
	"time"
)

// The payment provider as the billing domain sees it: interfaces that
// package stripeprovider implements with stripe-go (only the billing and
// payments-webhook functions wire it, through Wire's Payments), and the
// test-mode provider, which calls no one.

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

// Webhook event types the webhook handles (Stripe's, which test mode
// signs too); every other type is acknowledged and ignored.
const (
	EventPaymentSucceeded = "payment_intent.succeeded"
	EventPaymentFailed    = "payment_intent.payment_failed"
)

// PaymentEvent is a verified webhook event.
type PaymentEvent struct {
	ID   string
	Type string
	// Intent is the payment the event reports; nil when it carries none.
	Intent *PaymentIntent
}

// PaymentIntent is the provider's payment as an event reports it.
type PaymentIntent struct {
	IntentID string
	// OrderID is the order id of the payment's metadata ("" when none).
	OrderID  string
	AmountRp int64
	// Currency is the ISO code, in any case.
	Currency string
}

// EventVerifier verifies the provider's signed webhook events
// (stripeprovider.Webhook).
type EventVerifier interface {
	// VerifyEvent checks payload against its signature header at now and
	// returns the event; any error means it is not the provider's.
	VerifyEvent(payload []byte, signature string, now time.Time) (PaymentEvent, error)
}

// TestPayer delivers test-mode payment results to the webhook, signed as
// the provider signs them (stripeprovider.TestPayer).
type TestPayer interface {
	// Deliver reports o's test payment, succeeded or failed, as event
	// eventID. The webhook's 503 comes back as service_unavailable.
	Deliver(ctx context.Context, eventID string, o Order, succeeded bool, now time.Time) error
}

// Payments makes the provider's adapters Wire sets up from the secrets in
// SSM (stripeprovider.Payments).
type Payments interface {
	// Provider creates live payments with the provider's secret key.
	Provider(secretKey string) Provider
	// Events verifies webhook events signed with secret.
	Events(secret string) EventVerifier
	// TestPayer delivers test-mode payments to siteURL's webhook, signed
	// with secret.
	TestPayer(siteURL, secret string) TestPayer
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
