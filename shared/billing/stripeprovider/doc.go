// Package stripeprovider is billing's adapter to Stripe through stripe-go:
// PaymentIntents for orders (Provider), the verification of webhook events
// signed by Stripe (Webhook), and the test-mode payer that signs events
// the same way for the local cloud (TestPayer). It implements the
// interfaces package billing defines (billing.Provider,
// billing.EventVerifier, billing.TestPayer, billing.Payments).
//
// Only the billing and payments-webhook functions import it (through
// billing.Wire's Payments argument), so no other function links stripe-go.
package stripeprovider
