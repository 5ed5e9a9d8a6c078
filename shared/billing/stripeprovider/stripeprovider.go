package stripeprovider

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"

	"github.com/remat/remat/shared/billing"
)

// MetadataOrderID is the PaymentIntent metadata key holding the order id.
const MetadataOrderID = "order_id"

// IdempotencyKey is the Stripe idempotency key of an order's intent: a
// retried order creation never creates a second PaymentIntent.
func IdempotencyKey(orderID string) string { return "order-" + orderID }

// Provider creates PaymentIntents with stripe-go.
type Provider struct {
	api *client.API
}

var _ billing.Provider = (*Provider)(nil)

// New returns a provider using secretKey. backends nil uses Stripe's API;
// tests pass stripe-mock's (see NewBackend).
func New(secretKey string, backends *stripe.Backends) *Provider {
	api := &client.API{}
	api.Init(secretKey, backends)
	return &Provider{api: api}
}

// NewBackend returns backends for the Stripe API at url (stripe-mock in
// tests) with the given retries and logger (stripe.LeveledLogger; nil
// keeps stripe-go's default).
func NewBackend(url string, retries int64, logger stripe.LeveledLoggerInterface, httpClient *http.Client) *stripe.Backends {
	cfg := &stripe.BackendConfig{URL: stripe.String(url), MaxNetworkRetries: stripe.Int64(retries), HTTPClient: httpClient}
	if logger != nil {
		cfg.LeveledLogger = logger
	}
	return &stripe.Backends{API: stripe.GetBackendWithConfig(stripe.APIBackend, cfg)}
}

// Name implements billing.Provider.
func (p *Provider) Name() billing.ProviderName { return billing.ProviderStripe }

// CreatePayment implements billing.Provider: a PaymentIntent in CHF with
// automatic payment methods (cards, and TWINT when the account enables
// it).
func (p *Provider) CreatePayment(ctx context.Context, o billing.Order) (billing.Intent, error) {
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
		return billing.Intent{}, fmt.Errorf("stripeprovider: stripe payment intent for order %s: %w", o.ID, err)
	}
	return billing.Intent{ID: pi.ID, ClientSecret: pi.ClientSecret}, nil
}

// Payments makes the Stripe adapters billing.Wire sets up: Backends nil
// uses Stripe's API.
type Payments struct {
	Backends *stripe.Backends
}

var _ billing.Payments = Payments{}

// Provider implements billing.Payments.
func (p Payments) Provider(secretKey string) billing.Provider { return New(secretKey, p.Backends) }

// Events implements billing.Payments.
func (Payments) Events(secret string) billing.EventVerifier { return Webhook{Secret: secret} }

// TestPayer implements billing.Payments.
func (Payments) TestPayer(siteURL, secret string) billing.TestPayer {
	return NewTestPayer(siteURL, secret)
}
