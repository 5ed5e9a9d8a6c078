// Package billing is Remat's money domain: the plans sellers buy, orders
// with Swiss VAT computed on the server in integer Rappen, card payments
// through a payment provider (Stripe, or a clearly labelled test-mode
// provider when no Stripe key is configured outside production),
// subscriptions and single-publication credits, the payment history, and
// the invoices issued when a payment settles.
//
// The allowance is granted only by a verified provider webhook (or, for a
// free trial, at once by the server): Service.HandleWebhook verifies the
// signature, records each event id once and settles an order in one
// DynamoDB transaction (order paid, subscription created or extended,
// payment history item, invoice with the next sequential number). Replays,
// out-of-order deliveries, unknown orders and mismatched amounts change
// nothing and are logged.
//
// Layers: Handler / WebhookHandler (HTTP, routes in handler.go) -> Service
// (rules) -> Store (DynamoStore on the single table, keys in keys.go) and
// the payment provider's interfaces (provider.go: Provider, EventVerifier,
// TestPayer), which package stripeprovider implements with stripe-go; only
// the billing and payments-webhook functions wire it (Wire's Payments), so
// the functions that import billing for plans and subscriptions do not
// link stripe-go. The invoice PDF is rendered and stored through the
// Invoices seam.
//
// Layout: plan.go (plans), model.go (orders, subscriptions, payments,
// invoices, quotes), vat.go, service.go (rules), consume.go (ConsumeAd,
// ConsumeAdUpdate: the catalogue takes an ad from a subscription when it
// publishes), provider.go (the provider's interfaces), seams.go (invoice
// PDFs, customers), mails.go (the invoice e-mail), wire.go (what both
// billing functions build), plan_admin.go and plan_admin_handler.go (the
// back office's plan editing, served by the admin function), import.go
// (subscriptions the demo seed grants), handler.go and json.go (routes and
// API shapes), store.go (the Store interface), dynamo.go and
// dynamo_settle.go (the DynamoStore). Expiring subscriptions and their
// reminders are package subscriptions'.
package billing
