// Command billing is the Lambda behind the billing routes: plans, the
// caller's subscriptions, orders (and the test-mode payment), the payment
// history and invoices with their PDF download.
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

func main() { lambdahttp.Start("billing", newHandler) }

// newHandler wires config -> clients -> store -> service -> handler once
// per cold start.
func newHandler(ctx context.Context, lookup config.LookupFunc, level *slog.LevelVar) (http.Handler, error) {
	cfg, awsCfg, err := lambdahttp.LoadConfig(ctx, lookup, level, config.EnvSiteURL, config.EnvInvoiceSellerName, config.EnvInvoiceSellerAddress, config.EnvInvoiceSellerVAT)
	if err != nil {
		return nil, fmt.Errorf("billing: %w", err)
	}
	w, err := billing.Wire(ctx, cfg, awsCfg, stripeprovider.Payments{})
	if err != nil {
		return nil, fmt.Errorf("billing: init: %w", err)
	}
	return w.Handler(), nil
}
