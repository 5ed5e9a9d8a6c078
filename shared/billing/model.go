package billing

import (
	"slices"
	"time"

	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/money"
)

// OrderStatus is the state of an order. pending -> paid once, by the
// verified webhook (or at once for a free trial); pending -> failed on a
// failed payment, and failed -> paid when the buyer retries the same
// payment successfully.
type OrderStatus string

// The order states.
const (
	OrderPending OrderStatus = "pending"
	OrderPaid    OrderStatus = "paid"
	OrderFailed  OrderStatus = "failed"
)

// ProviderName names the payment provider of an order.
type ProviderName string

// The providers.
const (
	ProviderStripe ProviderName = "stripe"
	ProviderTest   ProviderName = "test"
)

// PaymentMethodCard is the only payment method (Stripe's Payment Element
// may offer TWINT under it when the account enables it).
const PaymentMethodCard = "card"

// Line is one order or invoice line.
type Line struct {
	Description Localized `json:"description" dynamodbav:"description"`
	Quantity    int64     `json:"quantity" dynamodbav:"quantity"`
	UnitPriceRp int64     `json:"unitPriceRp" dynamodbav:"unitPriceRp"`
	NetRp       int64     `json:"netRp" dynamodbav:"netRp"`
}

// Order is a buyer's order of one plan. Amounts are computed by the
// server (NewOrder); the browser never sends one.
type Order struct {
	ID       string
	UserID   string
	PlanID   string
	PlanName Localized
	// Plan is the plan as it was when ordered: settlement grants what
	// the buyer saw, even if an administrator edits the plan meanwhile.
	Plan     Plan
	Lines    []Line
	Amounts  Amounts
	Currency string
	Status   OrderStatus
	Provider ProviderName
	// Trial marks a free-trial order (total 0, settled without provider).
	Trial bool
	// IntentID is the provider's payment id (Stripe PaymentIntent id, or
	// "test_pi_<order id>" in test mode); ClientSecret is the intent's
	// client secret for Stripe.js.
	IntentID       string
	ClientSecret   string
	CreatedAt      time.Time
	PaidAt         time.Time
	InvoiceID      string
	SubscriptionID string
}

// SubscriptionState is the state of a subscription at a moment.
type SubscriptionState string

// The subscription states (spec §4: in progress, expired, limit exceeded).
const (
	StateValid         SubscriptionState = "valid"
	StateExpired       SubscriptionState = "expired"
	StateLimitExceeded SubscriptionState = "limit_exceeded"
	// StateFailed is a payment-history state only: the payment failed.
	StateFailed SubscriptionState = "failed"
)

// Subscription is an allowance a seller holds: a subscription plan, a
// free trial of one, or a single publication credit.
type Subscription struct {
	ID             string
	UserID         string
	PlanID         string
	PlanKind       PlanKind
	PlanName       Localized
	StartsAt       time.Time
	ExpiresAt      time.Time
	AdAllowance    int
	RemainingAds   int
	ImageAllowance int
	AdDurationDays int
	Bundle         bool
	Trial          bool
}

// State is the subscription's state at now: expired from ExpiresAt on;
// limit_exceeded when no ad is left (never for a bundle, which carries no
// ads); valid otherwise.
func (s Subscription) State(now time.Time) SubscriptionState {
	switch {
	case !now.Before(s.ExpiresAt):
		return StateExpired
	case !s.Bundle && s.RemainingAds <= 0:
		return StateLimitExceeded
	default:
		return StateValid
	}
}

// Payment is one row of the buyer's payment history: a settled order, or
// a failed payment attempt.
type Payment struct {
	ID             string
	UserID         string
	OrderID        string
	PlanName       Localized
	SubscriptionID string
	Currency       string
	AmountRp       int64
	Method         string
	InvoiceID      string
	// PaidAt is when the payment settled, or failed when Failed.
	PaidAt time.Time
	// Failed marks a failed payment attempt (no subscription, no invoice).
	Failed bool
}

// Party is the seller or customer on an invoice.
type Party struct {
	Name    string `json:"name" dynamodbav:"name"`
	Company string `json:"company,omitempty" dynamodbav:"company,omitempty"`
	Address string `json:"address,omitempty" dynamodbav:"address,omitempty"`
	Email   string `json:"email,omitempty" dynamodbav:"email,omitempty"`
	// VATNumber is the seller's VAT number (UID with MWST).
	VATNumber string `json:"vatNumber,omitempty" dynamodbav:"vatNumber,omitempty"`
}

// Invoice is a Swiss VAT invoice for a settled order.
type Invoice struct {
	ID            string
	Number        string
	UserID        string
	OrderID       string
	Language      string
	IssuedAt      time.Time
	Seller        Party
	Customer      Party
	Lines         []Line
	Amounts       Amounts
	Currency      string
	PaymentMethod string
	PaidAt        time.Time
	// PDFKey is the S3 key of the rendered PDF; empty until rendered.
	PDFKey string
}

// Seller is the provider's identity printed on invoices (configuration).
type Seller struct {
	Name      string
	Address   string
	VATNumber string
}

// Quote is what ordering a plan costs one buyer: its single order line,
// the amounts and whether the plan's free months apply. The order preview
// shows it and NewOrder turns it into the order, so a buyer is charged
// exactly what they were shown.
type Quote struct {
	Plan     Plan
	Trial    bool
	Line     Line
	Amounts  Amounts
	Currency string
}

// FreeMonths is how many months the order grants free of charge: the
// plan's free months on a free trial, 0 otherwise.
func (q Quote) FreeMonths() int {
	if !q.Trial {
		return 0
	}
	return q.Plan.FreeMonths
}

// QuoteOrder is Remat's one pricing rule (the SPA shows its result and
// computes nothing): plan, ordered by a buyer whose subscriptions (expired
// ones included) are subs, is
//   - a free trial when it is a subscription plan with free months that the
//     buyer never held: one line at 0 for the free months;
//   - otherwise one line at the plan's price, which excludes VAT;
//
// and VAT is VATRate on the line's net rounded half-up to the Rappen
// (VAT), the total net + VAT (AmountsFor).
func QuoteOrder(plan Plan, subs []Subscription) Quote {
	heldBefore := slices.ContainsFunc(subs, func(s Subscription) bool { return s.PlanID == plan.ID })
	trial := plan.Kind == KindSubscription && plan.FreeMonths > 0 && !heldBefore
	line := Line{Description: plan.Name, Quantity: 1, UnitPriceRp: plan.PriceRp, NetRp: plan.PriceRp}
	if trial {
		line = Line{Description: trialDescription(plan), Quantity: 1}
	}
	return Quote{Plan: plan, Trial: trial, Line: line, Amounts: AmountsFor(line.NetRp, VATRate), Currency: money.Currency}
}

// NewOrder is buyer uid's pending order of quote q (QuoteOrder).
func NewOrder(id, uid string, q Quote, provider ProviderName, now time.Time) Order {
	return Order{
		ID: id, UserID: uid, PlanID: q.Plan.ID, PlanName: q.Plan.Name, Plan: q.Plan, Lines: []Line{q.Line},
		Amounts: q.Amounts, Currency: q.Currency, Status: OrderPending,
		Provider: provider, Trial: q.Trial, CreatedAt: now.UTC(),
	}
}

// trialDescription is the order line of a free trial of p, in each
// language of the plan's name (English wording for a language the
// catalogues lack).
func trialDescription(p Plan) Localized {
	out := Localized{}
	for lang, name := range p.Name {
		s, err := mail.Text(lang, "billing.trialLine", "plan", name, "months", p.FreeMonths)
		if err != nil {
			s, _ = mail.Text("en", "billing.trialLine", "plan", name, "months", p.FreeMonths)
		}
		out[lang] = s
	}
	return out
}
