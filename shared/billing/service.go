package billing

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

// Options configure a Service.
type Options struct {
	// Provider creates payments; nil means payments are unavailable
	// (production without a Stripe key): POST /orders answers 503.
	Provider Provider
	// TestPayer is set in test mode only: it enables
	// POST /orders/{id}/test-payment.
	TestPayer TestPayer
	// Events verifies the webhook's events (signed with the webhook
	// secret, whsec_...); nil rejects every event (no secret configured).
	Events EventVerifier
	// PublishableKey is returned with Stripe orders for Stripe.js.
	PublishableKey string
	Seller         Seller
	// From and SiteURL build the invoice e-mail and its dashboard link.
	From    string
	SiteURL string
	// Limiter limits order creation per user (*ratelimit.Limiter);
	// required: CreateOrder fails without one.
	Limiter Limiter
}

// Limiter is the rate limiter CreateOrder consults (*ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// Service holds the billing rules.
type Service struct {
	store     Store
	customers Customers
	invoices  Invoices
	mailer    mail.Sender
	opts      Options
	now       func() time.Time
}

// NewService returns a Service. invoices and mailer may be nil in
// functions that never settle (then no PDF or e-mail is produced).
func NewService(store Store, customers Customers, invoices Invoices, mailer mail.Sender, opts Options) *Service {
	return &Service{store: store, customers: customers, invoices: invoices, mailer: mailer, opts: opts, now: time.Now}
}

// WithClock returns the service using now as its clock (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	return &c
}

// TestMode reports whether the test-mode provider is active.
func (s *Service) TestMode() bool { return s.opts.TestPayer != nil }

// PublishableKey is the Stripe publishable key for Stripe orders.
func (s *Service) PublishableKey() string { return s.opts.PublishableKey }

func newID() string { return ulid.MustNew(ulid.Now(), rand.Reader).String() }

// Plans lists the plans on offer (not retired) in pricing-page order.
func (s *Service) Plans(ctx context.Context) ([]Plan, error) {
	plans, err := s.store.Plans(ctx)
	if err != nil {
		return nil, fmt.Errorf("billing: plans: %w", err)
	}
	return slices.DeleteFunc(plans, func(p Plan) bool { return p.Retired }), nil
}

// MySubscriptions returns uid's current subscription (nil when none is in
// force) and all subscriptions, newest first. The current one is the
// newest subscription plan (not a single publication) that has not
// expired, else the newest unexpired single publication.
func (s *Service) MySubscriptions(ctx context.Context, uid string) (*Subscription, []Subscription, time.Time, error) {
	subs, err := s.store.Subscriptions(ctx, uid)
	if err != nil {
		return nil, nil, time.Time{}, fmt.Errorf("billing: my subscriptions: %w", err)
	}
	now := s.now()
	var current *Subscription
	for _, kind := range []PlanKind{KindSubscription, KindSingle} {
		for i := range subs {
			if current == nil && subs[i].PlanKind == kind && subs[i].State(now) != StateExpired {
				current = &subs[i]
			}
		}
	}
	return current, subs, now, nil
}

// CreateOrder prices planID for uid on the server (QuoteOrder) and creates
// the order with the provider's payment. A free trial is a 0.00 order
// settled at once. A user creates at most orderLimit orders per
// orderWindow (too_many_requests).
func (s *Service) CreateOrder(ctx context.Context, uid, planID string, acceptTerms bool) (Order, error) {
	if !acceptTerms {
		return Order{}, apperr.New(apperr.CodeTermsNotAccepted, nil)
	}
	plan, err := s.orderablePlan(ctx, planID)
	if err != nil {
		return Order{}, fmt.Errorf("billing: create order: %w", err)
	}
	if s.opts.Provider == nil {
		return Order{}, apperr.New(apperr.CodePaymentsUnavailable, nil)
	}
	subs, err := s.store.Subscriptions(ctx, uid)
	if err != nil {
		return Order{}, fmt.Errorf("billing: create order: %w", err)
	}
	now := s.now()
	for _, sub := range subs {
		if sub.PlanID == plan.ID && sub.State(now) == StateValid {
			return Order{}, apperr.New(apperr.CodeAlreadySubscribed, nil)
		}
	}
	if err := s.allowOrder(ctx, uid); err != nil {
		return Order{}, err
	}
	o := NewOrder(newID(), uid, QuoteOrder(plan, subs), s.opts.Provider.Name(), now)
	if err := s.store.PutOrder(ctx, o); err != nil {
		return Order{}, fmt.Errorf("billing: create order: %w", err)
	}
	if o.Trial {
		o, err := s.settle(ctx, o, "", now)
		if errors.Is(err, ErrTrialUsed) {
			// A parallel trial order won; this one stays pending and is
			// never paid. Tell the buyer they hold the plan.
			return Order{}, apperr.New(apperr.CodeAlreadySubscribed, err)
		}
		return o, err
	}
	intent, err := s.opts.Provider.CreatePayment(ctx, o)
	if err != nil {
		return Order{}, apperr.New(apperr.CodePaymentProviderError, err)
	}
	if err := s.store.SetOrderIntent(ctx, o.ID, intent.ID, intent.ClientSecret); err != nil {
		return Order{}, fmt.Errorf("billing: create order: %w", err)
	}
	o.IntentID, o.ClientSecret = intent.ID, intent.ClientSecret
	return o, nil
}

// PreviewOrder is what CreateOrder would charge uid for planID now (the
// same QuoteOrder on the same plan and subscriptions), creating nothing:
// subscription_plan_not_found, plan_retired. It answers even when the
// order itself would be refused (already_subscribed, payments_unavailable,
// too_many_requests), as the confirmation page shows the figures anyway.
func (s *Service) PreviewOrder(ctx context.Context, uid, planID string) (Quote, error) {
	plan, err := s.orderablePlan(ctx, planID)
	if err != nil {
		return Quote{}, fmt.Errorf("billing: preview order: %w", err)
	}
	subs, err := s.store.Subscriptions(ctx, uid)
	if err != nil {
		return Quote{}, fmt.Errorf("billing: preview order: %w", err)
	}
	return QuoteOrder(plan, subs), nil
}

// orderablePlan is plan id if it may be ordered: subscription_plan_not_found
// for an unknown id, plan_retired for a plan no longer offered.
func (s *Service) orderablePlan(ctx context.Context, id string) (Plan, error) {
	id = strings.TrimSpace(id)
	if id == "" || len(id) > planIDMax {
		return Plan{}, apperr.New(apperr.CodeSubscriptionPlanNotFound, fmt.Errorf("plan id %q", id))
	}
	plan, err := s.store.Plan(ctx, id)
	if err != nil {
		return Plan{}, fmt.Errorf("orderable plan: %w", err)
	}
	if plan.Retired {
		return Plan{}, apperr.New(apperr.CodePlanRetired, fmt.Errorf("plan %s is retired", plan.ID))
	}
	return plan, nil
}

// allowOrder counts one order of uid against orderLimit.
func (s *Service) allowOrder(ctx context.Context, uid string) error {
	if s.opts.Limiter == nil {
		return errors.New("billing: create order: no rate limiter (Options.Limiter)")
	}
	d, err := s.opts.Limiter.Allow(ctx, scopeOrders, uid, orderLimit, orderWindow)
	if err != nil {
		return fmt.Errorf("billing: create order: %w", err)
	}
	if !d.Allowed {
		return fmt.Errorf("billing: create order for %s: %w", uid, apperr.TooManyRequests(d.RetryAfter))
	}
	return nil
}

// Order returns order id to its buyer or an administrator; anyone else
// gets order_not_found, as if it did not exist.
func (s *Service) Order(ctx context.Context, p auth.Principal, id string) (Order, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return Order{}, fmt.Errorf("billing: order: %w", err)
	}
	if o.UserID != p.UserID && p.Role != auth.RoleAdmin {
		return Order{}, apperr.New(apperr.CodeOrderNotFound, fmt.Errorf("billing: order %s belongs to another user", id))
	}
	return o, nil
}

// Test cards of the test-mode provider.
const (
	TestCardSuccess  = "4242424242424242"
	TestCardDeclined = "4000000000000002"
)

// TestCard is the card form of the test-mode payment page.
type TestCard struct {
	CardNumber string `json:"cardNumber"`
	Expiry     string `json:"expiry"`
	CVC        string `json:"cvc"`
}

// TestPayment "pays" the buyer's pending order in test mode: 4242 4242
// 4242 4242 succeeds, 4000 0000 0000 0002 is declined; the result is a
// signed event delivered to the webhook. not_found when test mode is off.
func (s *Service) TestPayment(ctx context.Context, uid, id string, card TestCard) error {
	if s.opts.TestPayer == nil {
		return apperr.ErrNotFound
	}
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return fmt.Errorf("billing: test payment: %w", err)
	}
	if o.UserID != uid {
		return apperr.New(apperr.CodeOrderNotFound, fmt.Errorf("billing: order %s belongs to another user", id))
	}
	number := strings.NewReplacer(" ", "", "-", "").Replace(card.CardNumber)
	fields := map[string]string{}
	if number != TestCardSuccess && number != TestCardDeclined {
		fields["cardNumber"] = apperr.FieldInvalid
	}
	if !validExpiry(card.Expiry) {
		fields["expiry"] = apperr.FieldInvalid
	}
	if c := strings.TrimSpace(card.CVC); len(c) < 3 || len(c) > 4 || strings.Trim(c, "0123456789") != "" {
		fields["cvc"] = apperr.FieldInvalid
	}
	if len(fields) > 0 {
		return apperr.Validation(fields)
	}
	// A declined card leaves the order failed; like a Stripe PaymentIntent,
	// it may be paid again. Only a paid order is final.
	if o.Status != OrderPending && o.Status != OrderFailed {
		return apperr.New(apperr.CodeOrderNotPending, nil)
	}
	if err := s.opts.TestPayer.Deliver(ctx, "evt_test_"+newID(), o, number == TestCardSuccess, time.Now()); err != nil {
		if errors.Is(err, apperr.New(apperr.CodeServiceUnavailable, nil)) {
			return fmt.Errorf("billing: test payment: %w", err)
		}
		return apperr.New(apperr.CodePaymentProviderError, err)
	}
	return nil
}

// validExpiry accepts MM/YY or MM/YYYY with a month 01-12.
func validExpiry(v string) bool {
	mm, yy, ok := strings.Cut(strings.ReplaceAll(v, " ", ""), "/")
	if !ok || len(mm) != 2 || (len(yy) != 2 && len(yy) != 4) || strings.Trim(mm+yy, "0123456789") != "" {
		return false
	}
	return mm >= "01" && mm <= "12"
}

// HandleWebhook verifies and applies one provider event. A bad signature
// is invalid_signature and changes nothing. Event types other than
// payment_intent.succeeded and .payment_failed, replays, out-of-order
// deliveries, unknown orders and mismatched amounts are logged and change
// nothing (nil: the provider must not retry them). Other errors are
// internal, so the provider retries later.
func (s *Service) HandleWebhook(ctx context.Context, payload []byte, signature string) error {
	if s.opts.Events == nil {
		return apperr.New(apperr.CodeInvalidSignature, errors.New("billing: no webhook secret configured"))
	}
	// The provider signs with the wall clock, not the service's (tests move that).
	ev, err := s.opts.Events.VerifyEvent(payload, signature, time.Now())
	if err != nil {
		return apperr.New(apperr.CodeInvalidSignature, err)
	}
	log := slog.With("event", ev.ID, "type", ev.Type)
	typ := ev.Type
	if typ != EventPaymentSucceeded && typ != EventPaymentFailed {
		log.DebugContext(ctx, "billing: webhook event ignored")
		return nil
	}
	pi := ev.Intent
	if pi == nil {
		log.WarnContext(ctx, "billing: webhook event without a payment intent")
		return nil
	}
	orderID := pi.OrderID
	log = log.With("order", orderID, "intent", pi.IntentID)
	o, err := s.store.Order(ctx, orderID)
	if errors.Is(err, apperr.New(apperr.CodeOrderNotFound, nil)) || orderID == "" {
		log.WarnContext(ctx, "billing: webhook event for an unknown order; nothing changed")
		return nil
	}
	if err != nil {
		return fmt.Errorf("billing: webhook: %w", err)
	}
	if o.IntentID != pi.IntentID {
		log.WarnContext(ctx, "billing: webhook event for another payment of the order; nothing changed", "want_intent", o.IntentID)
		return nil
	}
	now := s.now()
	if typ == EventPaymentFailed {
		err := s.store.FailOrder(ctx, o, ev.ID, now)
		if errors.Is(err, ErrDuplicateEvent) || errors.Is(err, ErrOrderNotSettleable) {
			log.InfoContext(ctx, "billing: payment failure not applied; nothing changed", "status", string(o.Status), "reason", err.Error())
			return nil
		}
		if err != nil {
			return fmt.Errorf("billing: webhook: %w", err)
		}
		log.InfoContext(ctx, "billing: order failed")
		return nil
	}
	if pi.AmountRp != o.Amounts.TotalRp || !strings.EqualFold(pi.Currency, o.Currency) {
		log.WarnContext(ctx, "billing: webhook amount does not match the order; nothing changed",
			"amount", pi.AmountRp, "currency", pi.Currency, "want_amount", o.Amounts.TotalRp, "want_currency", o.Currency)
		return nil
	}
	if o.Status == OrderPaid {
		log.InfoContext(ctx, "billing: order already paid; nothing changed")
		return nil
	}
	_, err = s.settle(ctx, o, ev.ID, now)
	if errors.Is(err, ErrDuplicateEvent) || errors.Is(err, ErrOrderNotSettleable) {
		log.InfoContext(ctx, "billing: payment not applied; nothing changed", "reason", err.Error())
		return nil
	}
	return err
}

// maxSettleAttempts bounds retries after a concurrent change of the held
// subscription or of the invoice counter.
const maxSettleAttempts = 8

// settle grants o's plan (creating or extending the subscription), writes
// the payment and the invoice in one transaction, then renders the PDF
// and e-mails the buyer (both best effort: the PDF is rendered on demand
// when missing). eventID is empty for a free trial.
func (s *Service) settle(ctx context.Context, o Order, eventID string, now time.Time) (Order, error) {
	cust, err := s.customers.Customer(ctx, o.UserID)
	if err != nil {
		return Order{}, fmt.Errorf("billing: settle: %w", err)
	}
	var inv Invoice
	for attempt := 1; ; attempt++ {
		x, err := s.settlement(ctx, o, eventID, cust, now)
		if err != nil {
			return Order{}, err
		}
		inv, err = s.store.Settle(ctx, x)
		if errors.Is(err, errRace) && attempt < maxSettleAttempts {
			continue
		}
		if err != nil {
			return Order{}, fmt.Errorf("billing: settle: %w", err)
		}
		o.Status, o.PaidAt, o.InvoiceID, o.SubscriptionID = OrderPaid, now, inv.ID, x.Subscription.ID
		break
	}
	slog.InfoContext(ctx, "billing: order paid", "order", o.ID, "invoice", inv.Number, "event", eventID, "trial", o.Trial)
	// The payment is committed: what follows is best effort and bounded,
	// so a slow S3 or SES never turns a settled payment into an error.
	pdfCtx, cancel := context.WithTimeout(ctx, afterSettleStep)
	if key, err := s.storePDF(pdfCtx, inv); err != nil {
		slog.ErrorContext(ctx, "billing: invoice pdf; rendered on demand later", "invoice", inv.ID, "err", err.Error())
	} else {
		inv.PDFKey = key
	}
	cancel()
	mailCtx, cancel := context.WithTimeout(ctx, afterSettleStep)
	defer cancel()
	if err := s.mailInvoice(mailCtx, inv); err != nil {
		slog.ErrorContext(ctx, "billing: invoice e-mail not sent; the invoice is in the payment history", "invoice", inv.ID, "err", err.Error())
	}
	return o, nil
}

// afterSettleStep bounds each best-effort step after a settlement (the
// invoice PDF, the e-mail): together well within the webhook's budget and
// the test payer's timeout.
const afterSettleStep = 3 * time.Second

func (s *Service) settlement(ctx context.Context, o Order, eventID string, cust Customer, now time.Time) (Settlement, error) {
	plan := o.Plan
	x := Settlement{EventID: eventID, Order: o}
	dur := plan.Duration
	if o.Trial {
		dur = Duration{Value: plan.FreeMonths, Unit: UnitMonths}
	}
	var held *Subscription
	if !o.Trial {
		subs, err := s.store.Subscriptions(ctx, o.UserID)
		if err != nil {
			return Settlement{}, fmt.Errorf("billing: settlement: %w", err)
		}
		for i := range subs {
			if subs[i].PlanID == plan.ID && subs[i].State(now) != StateExpired {
				held = &subs[i]
				break
			}
		}
	}
	if held != nil {
		x.PrevExpiresAt = held.ExpiresAt
		x.Subscription = *held
		x.Subscription.ExpiresAt = dur.AddTo(held.ExpiresAt)
		x.Subscription.AdAllowance += plan.AdAllowance
		x.Subscription.RemainingAds += plan.AdAllowance
	} else {
		x.Subscription = Subscription{
			ID: newID(), UserID: o.UserID, PlanID: plan.ID, PlanKind: plan.Kind, PlanName: plan.Name,
			StartsAt: now, ExpiresAt: dur.AddTo(now), AdAllowance: plan.AdAllowance, RemainingAds: plan.AdAllowance,
			ImageAllowance: plan.ImageAllowance, AdDurationDays: plan.AdDurationDays, Bundle: plan.Bundle, Trial: o.Trial,
		}
	}
	invoiceID := newID()
	x.Payment = Payment{
		ID: newID(), UserID: o.UserID, OrderID: o.ID, PlanName: o.PlanName, SubscriptionID: x.Subscription.ID,
		Currency: o.Currency, AmountRp: o.Amounts.TotalRp, Method: PaymentMethodCard, InvoiceID: invoiceID, PaidAt: now,
	}
	x.Invoice = Invoice{
		ID: invoiceID, UserID: o.UserID, OrderID: o.ID, Language: cust.Language, IssuedAt: now,
		Seller:   Party{Name: s.opts.Seller.Name, Address: s.opts.Seller.Address, VATNumber: s.opts.Seller.VATNumber},
		Customer: cust.Party, Lines: o.Lines, Amounts: o.Amounts, Currency: o.Currency,
		PaymentMethod: PaymentMethodCard, PaidAt: now,
	}
	return x, nil
}

func (s *Service) storePDF(ctx context.Context, inv Invoice) (string, error) {
	if s.invoices == nil {
		return "", errors.New("billing: no invoice renderer configured")
	}
	key, err := s.invoices.StorePDF(ctx, inv)
	if err != nil {
		return "", fmt.Errorf("billing: store pdf: %w", err)
	}
	if err := s.store.SetInvoicePDF(ctx, inv.ID, key); err != nil {
		return "", fmt.Errorf("billing: store pdf: %w", err)
	}
	return key, nil
}

// PaymentView is a payment with the live state of its subscription.
type PaymentView struct {
	Payment
	RemainingAds int
	State        SubscriptionState
}

// Payments returns uid's payment history, newest first: each settled
// payment with its subscription's remaining ads and state now, and each
// failed payment (state failed).
func (s *Service) Payments(ctx context.Context, uid string) ([]PaymentView, error) {
	pays, err := s.store.Payments(ctx, uid)
	if err != nil {
		return nil, fmt.Errorf("billing: payments: %w", err)
	}
	subs, err := s.store.Subscriptions(ctx, uid)
	if err != nil {
		return nil, fmt.Errorf("billing: payments: %w", err)
	}
	byID := make(map[string]Subscription, len(subs))
	for _, sub := range subs {
		byID[sub.ID] = sub
	}
	now := s.now()
	out := make([]PaymentView, len(pays))
	for i, p := range pays {
		v := PaymentView{Payment: p, State: StateExpired}
		if p.Failed {
			v.State = StateFailed
		} else if sub, ok := byID[p.SubscriptionID]; ok {
			v.RemainingAds, v.State = sub.RemainingAds, sub.State(now)
		}
		out[i] = v
	}
	return out, nil
}

// Invoice returns invoice id to its owner or an administrator; anyone else
// gets invoice_not_found.
func (s *Service) Invoice(ctx context.Context, p auth.Principal, id string) (Invoice, error) {
	inv, err := s.store.Invoice(ctx, id)
	if err != nil {
		return Invoice{}, fmt.Errorf("billing: invoice: %w", err)
	}
	if inv.UserID != p.UserID && p.Role != auth.RoleAdmin {
		return Invoice{}, apperr.New(apperr.CodeInvoiceNotFound, fmt.Errorf("billing: invoice %s belongs to another user", id))
	}
	return inv, nil
}

// InvoicePDFURL returns a short-lived download link of the invoice PDF for
// its owner or an administrator, rendering the PDF first if settlement
// could not.
func (s *Service) InvoicePDFURL(ctx context.Context, p auth.Principal, id string) (string, error) {
	inv, err := s.Invoice(ctx, p, id)
	if err != nil {
		return "", err
	}
	if s.invoices == nil {
		return "", errors.New("billing: no invoice renderer configured")
	}
	if inv.PDFKey == "" {
		if inv.PDFKey, err = s.storePDF(ctx, inv); err != nil {
			return "", err
		}
	}
	url, err := s.invoices.PDFURL(ctx, inv.PDFKey)
	if err != nil {
		return "", fmt.Errorf("billing: invoice %s pdf link: %w", id, err)
	}
	return url, nil
}
