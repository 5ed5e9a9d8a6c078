// Command payments-webhook is the Lambda behind POST /api/v1/payments/webhook:
// it verifies the provider's signature and settles orders (package billing).
//
// Environment: the config package's global variables plus SITE_URL (on AWS: the SSM parameter site-url),
// INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS, INVOICE_SELLER_VAT and
// STRIPE_PUBLISHABLE_KEY (empty: test mode outside prod).
// SSM (under SSM_PREFIX): jwt-public-key; with Stripe stripe-secret-key
// and stripe-webhook-secret; in test mode stripe-webhook-secret or
// test-webhook-secret.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/billing/stripeprovider"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/lambdahttp"
)

func main() { lambdahttp.Start("payments-webhook", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	cfg, awsCfg, err := lambdahttp.LoadConfig(ctx, lookup, level, config.EnvSiteURL, config.EnvInvoiceSellerName, config.EnvInvoiceSellerAddress, config.EnvInvoiceSellerVAT)
	if err != nil {
		return nil, fmt.Errorf("billing: %w", err)
	}
	w, err := billing.Wire(ctx, cfg, awsCfg, stripeprovider.Payments{})
	if err != nil {
		return nil, fmt.Errorf("payments-webhook: init: %w", err)
	}
	return billing.NewWebhookHandler(w.Service), nil
}
