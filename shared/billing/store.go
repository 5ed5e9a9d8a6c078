package billing

import (
	"context"
	"errors"
	"time"
)

// Settlement is everything one settled payment writes, in one transaction.
type Settlement struct {
	// EventID is the provider event being applied; empty for a free trial
	// (no provider event), which writes the trial guard instead.
	EventID string
	Order   Order
	// Subscription is the new or the extended subscription as it will be
	// stored; PrevExpiresAt is the held subscription's expiry the extension
	// was computed from (zero for a new subscription).
	Subscription  Subscription
	PrevExpiresAt time.Time
	Payment       Payment
	// Invoice is stored with the next number of its IssuedAt year; Number
	// is filled in by the store.
	Invoice Invoice
}

// Errors of Store.Settle and Store.FailOrder that the service treats as
// "nothing to do" (logged, no change) or retries.
var (
	// ErrDuplicateEvent: the event id was recorded before (a replay).
	ErrDuplicateEvent = errors.New("billing: event already processed")
	// ErrOrderNotSettleable: the order is no longer in a state the event
	// applies to, or its amount or currency differ.
	ErrOrderNotSettleable = errors.New("billing: order not in a settleable state")
	// ErrTrialUsed: the seller had this plan's free months before.
	ErrTrialUsed = errors.New("billing: free trial used before")
	// errRace: another writer changed the held subscription or the invoice
	// counter between read and write; the caller recomputes and retries.
	errRace = errors.New("billing: concurrent update")
)

// Store persists the billing domain. Missing items are apperr not_found
// errors (with the domain's code where one exists).
type Store interface {
	Plans(ctx context.Context) ([]Plan, error)
	// Plan is apperr subscription_plan_not_found when id is unknown.
	Plan(ctx context.Context, id string) (Plan, error)

	// PutOrder stores a new order.
	PutOrder(ctx context.Context, o Order) error
	// Order is apperr order_not_found when id is unknown.
	Order(ctx context.Context, id string) (Order, error)
	// SetOrderIntent records the provider's payment id and client secret.
	SetOrderIntent(ctx context.Context, id, intentID, clientSecret string) error

	// Subscriptions returns uid's subscriptions, newest first.
	Subscriptions(ctx context.Context, uid string) ([]Subscription, error)
	// Payments returns uid's payment history, newest first.
	Payments(ctx context.Context, uid string) ([]Payment, error)

	// Settle applies s atomically and returns the stored invoice (with its
	// number). ErrDuplicateEvent, ErrOrderNotSettleable, ErrTrialUsed or
	// errRace (recompute and retry) when nothing was written.
	Settle(ctx context.Context, s Settlement) (Invoice, error)
	// FailOrder records eventID, marks order o failed if it is still
	// pending and adds a failed row to the buyer's payment history:
	// ErrDuplicateEvent or ErrOrderNotSettleable (nothing written) otherwise.
	FailOrder(ctx context.Context, o Order, eventID string, now time.Time) error

	// Invoice is apperr invoice_not_found when id is unknown.
	Invoice(ctx context.Context, id string) (Invoice, error)
	// SetInvoicePDF records the S3 key of the rendered PDF.
	SetInvoicePDF(ctx context.Context, id, key string) error
}
