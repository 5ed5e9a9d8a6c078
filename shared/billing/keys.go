package billing

import (
	"fmt"
	"time"

	"github.com/remat/remat/shared/invoice"
)

// Item types and keys of the billing domain.
//
// Items:
//
//	Plan             PK = PLAN                  SK = <planId>            type = Plan
//	                 the Plan fields (retired), seedVersion; once an
//	                 administrator changed it: version, updatedAt, updatedBy
//	Subscription     PK = USER#<uid>            SK = SUB#<subId (ULID)>  type = Subscription
//	                 GSI3PK = SUBEXP#<yyyy-mm-dd of expiresAt>, GSI3SK = <uid>#<subId>
//	                 planId, planKind, planName, startsAt, expiresAt,
//	                 adAllowance, remainingAds, imageAllowance,
//	                 adDurationDays, bundle, trial, reminderSentAt
//	Trial guard      PK = USER#<uid>            SK = TRIAL#<planId>      type = TrialGuard
//	                 orderId; a plan's free months are granted once per seller
//	Order            PK = ORDER#<orderId>       SK = ORDER               type = Order
//	                 GSI1PK = BUYER#<uid>, GSI1SK = ORDER#<createdAt>
//	                 uid, plan snapshot, lines, netRp, vatRateBp, vatRp,
//	                 totalRp, currency, status, provider, intentId,
//	                 clientSecret, trial, createdAt, paidAt, invoiceId,
//	                 subscriptionId, failedAt
//	Payment event    PK = PAYEVT#<eventId>      SK = PAYEVT              type = PaymentEvent
//	                 type, orderId, at; written with attribute_not_exists
//	                 in the transaction that applies the event
//	Payment          PK = USER#<uid>            SK = PAY#<paidAt>#<orderId>  type = Payment
//	                 orderId, planName, subscriptionId, currency,
//	                 amountRp, method, invoiceId, paidAt; failed = true for a
//	                 failed attempt (paidAt is then when it failed)
//	Invoice          PK = INVOICE#<invoiceId>   SK = INVOICE             type = Invoice
//	                 GSI1PK = INVOICES#<uid>, GSI1SK = <issuedAt>
//	                 number, seller, customer, lines, amounts, payment
//	                 method and date, pdfKey (private/invoices/<uid>/<id>.pdf)
//	Invoice counter  PK = COUNTER               SK = INVOICE#<yyyy>      n
//
// Access patterns:
//
//	Plans (pricing page)              Query PK=PLAN, retired ones left out
//	One plan (order)                  GetItem PLAN/<planId>; retired: plan_retired
//	Plans (back office)               Query PK=PLAN (consistent), retired ones too
//	Create / edit / retire a plan     TransactWriteItems [Put PLAN/<planId> IF
//	    attribute_not_exists(PK) (create) or version = :seen
//	    (attribute_not_exists(version) before the first change), Put audit entry]
//	Create an order                   the buyer's order budget (a ratelimit item),
//	                                  then PutItem ORDER#id attribute_not_exists(PK)
//	Order (owner, webhook)            GetItem ORDER#id/ORDER (consistent)
//	A seller's subscriptions          Query PK=USER#uid begins_with(SK, SUB#), newest first
//	A seller's payments               Query PK=USER#uid begins_with(SK, PAY#), descending
//	Invoice                           GetItem INVOICE#id/INVOICE
//	A seller's invoices               Query GSI1 GSI1PK=INVOICES#uid, descending
//	Subscriptions expiring on a day   Query GSI3 GSI3PK=SUBEXP#<yyyy-mm-dd>
//	    (subscriptions-schedule: expiry and the reminder 7 days before)
//	Settle a payment (one TransactWriteItems):
//	    Put PAYEVT#<eventId> attribute_not_exists(PK)   (absent for a free trial)
//	    Update ORDER#id SET status=paid ... IF status IN (pending, failed)
//	        AND totalRp = :amount AND currency = :currency
//	    Put SUB#<new> attribute_not_exists(PK), or Update SUB#<held>
//	        (extend expiry, add ads) IF expiresAt = :seen
//	    Put PAY#<paidAt>#<orderId> attribute_not_exists(PK)
//	    Put INVOICE#id attribute_not_exists(PK)
//	    Update COUNTER/INVOICE#<yyyy> SET n = :next IF n = :seen (or not
//	        exists for the year's first): gap-free sequential numbers, and
//	        a transaction that fails (replay, race) consumes no number
//	    Put TRIAL#<planId> attribute_not_exists(PK)     (free trial only)
//	Fail a payment                    TransactWriteItems [Put PAYEVT#<eventId>
//	                                  attribute_not_exists, Update ORDER status=failed IF status = pending,
//	                                  Put PAY#<failedAt>#<orderId>#<eventId> with failed = true]
//
// ConsumeAd (for the catalogue): Query the seller's SUB# items, then, for
// the usable ones (not a bundle, not expired, remainingAds > 0) soonest
// expiry first, UpdateItem SET remainingAds = remainingAds - 1
// IF remainingAds > 0 AND expiresAt > :now AND bundle = false. The
// condition makes the decrement atomic: parallel publications never take
// remainingAds below 0. ConsumeAdUpdate returns the same update as a
// TransactWriteItem, to publish an ad and consume its allowance in one
// transaction.
const (
	pkPlan            = "PLAN"
	userPKPrefix      = "USER#"
	subSKPrefix       = "SUB#"
	trialSKPrefix     = "TRIAL#"
	paySKPrefix       = "PAY#"
	orderPKPrefix     = "ORDER#"
	skOrder           = "ORDER"
	buyerGSI1Prefix   = "BUYER#"
	orderGSI1SKPrefix = "ORDER#"
	eventPKPrefix     = "PAYEVT#"
	skEvent           = "PAYEVT"
	invoicePKPrefix   = "INVOICE#"
	skInvoice         = "INVOICE"
	invoicesGSI1      = "INVOICES#"
	subExpGSI3Prefix  = "SUBEXP#"
	pkCounter         = "COUNTER"
	counterSKPrefix   = "INVOICE#"

	typePlan         = "Plan"
	typeSubscription = "Subscription"
	typeTrialGuard   = "TrialGuard"
	typeOrder        = "Order"
	typeEvent        = "PaymentEvent"
	typePayment      = "Payment"
	typeInvoice      = "Invoice"
	typeCounter      = "Counter"

	// Orders per user (ratelimit items): each order creates the
	// provider's payment (a Stripe PaymentIntent, which Stripe also
	// limits per account). Someone buying a plan orders once, maybe again
	// for another plan or after leaving the payment page (a declined card
	// is paid again on the same order); 10 an hour leave room for every
	// hesitation and stop a script filling the account with payments.
	scopeOrders = "orders"
	orderLimit  = 10
	orderWindow = time.Hour

	// sortTimestamp has a fixed-width fraction so keys sort by time.
	sortTimestamp = "2006-01-02T15:04:05.000000000Z07:00"
	dayLayout     = "2006-01-02"
)

func userPK(uid string) string     { return userPKPrefix + uid }
func subSK(id string) string       { return subSKPrefix + id }
func trialSK(planID string) string { return trialSKPrefix + planID }
func orderPK(id string) string     { return orderPKPrefix + id }
func eventPK(id string) string     { return eventPKPrefix + id }
func invoicePK(id string) string   { return invoicePKPrefix + id }
func counterSK(year int) string    { return fmt.Sprintf("%s%04d", counterSKPrefix, year) }
func ts(t time.Time) string        { return t.UTC().Format(sortTimestamp) }
func paySK(paidAt time.Time, orderID string) string {
	return paySKPrefix + ts(paidAt) + "#" + orderID
}

// SubExpiryPK is the GSI3 partition of the subscriptions expiring on
// day's UTC date (for the subscriptions-schedule function).
func SubExpiryPK(day time.Time) string { return subExpGSI3Prefix + day.UTC().Format(dayLayout) }

// FormatInvoiceNumber renders the n-th invoice of year: RE-2026-000001.
func FormatInvoiceNumber(year int, n int64) string { return invoice.Number(year, n) }
