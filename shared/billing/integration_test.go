package billing_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stripe/stripe-go/v76"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/billing/stripeprovider"
	"github.com/remat/remat/shared/ddb"
)

var card = map[string]any{"cardNumber": "4242 4242 4242 4242", "expiry": "12/34", "cvc": "123"}
var declined = map[string]any{"cardNumber": "4000 0000 0000 0002", "expiry": "12/34", "cvc": "123"}

func TestPlansSeededIdempotently(t *testing.T) {
	c := newCloud(t, testMode)
	if err := billing.SeedPlans(context.Background(), c.db, c.table); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	r := c.do(t, "GET", "/api/v1/plans", "", nil)
	items, _ := r.JSON["items"].([]any)
	if r.Status != 200 || len(items) != 4 {
		t.Fatalf("plans: got %d %s, want 4 plans", r.Status, r.Body)
	}
	var ids []string
	for _, it := range items {
		ids = append(ids, it.(map[string]any)["id"].(string))
	}
	if strings.Join(ids, ",") != "single,starter,pro,bundle" {
		t.Errorf("plans: got %v, want single,starter,pro,bundle", ids)
	}
	pro := items[2].(map[string]any)
	if pro["popular"] != true || pro["freeMonths"] != 3.0 || pro["priceRp"] != 29000.0 || pro["adAllowance"] != 30.0 ||
		pro["priceInclVatRp"] != 31349.0 || pro["vatRateBp"] != 810.0 {
		t.Errorf("pro: got %v", pro)
	}
}

func TestTestModeJourney(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)

	if r := c.do(t, "POST", "/api/v1/orders", tok, map[string]any{"planId": "starter", "acceptTerms": false}); r.Status != 400 || r.Code() != "terms_not_accepted" {
		t.Errorf("terms not accepted: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/orders", tok, map[string]any{"planId": "gold", "acceptTerms": true}); r.Status != 404 || r.Code() != "subscription_plan_not_found" {
		t.Errorf("unknown plan: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil); r.Status != 200 || r.JSON["current"] != nil {
		t.Errorf("subscriptions before: got %d %s, want current null", r.Status, r.Body)
	}

	o := c.order(t, tok, "starter")
	if o["status"] != "pending" || o["provider"] != "test" || o["netRp"] != 3900.0 || o["vatRp"] != 316.0 || o["totalRp"] != 4216.0 ||
		o["vatRateBp"] != 810.0 || o["clientSecret"] != nil {
		t.Fatalf("order: got %v", o)
	}
	id := o["id"].(string)
	if r := c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, map[string]any{"cardNumber": "1234", "expiry": "12/34", "cvc": "1"}); r.Status != 400 ||
		!strings.Contains(string(r.Body), `"cardNumber":"invalid"`) || !strings.Contains(string(r.Body), `"cvc":"invalid"`) {
		t.Errorf("bad card: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card); r.Status != 202 || r.JSON["message"] != "payment_processing" {
		t.Fatalf("test payment: got %d %s", r.Status, r.Body)
	}
	r := c.do(t, "GET", "/api/v1/orders/"+id, tok, nil)
	o = r.obj("order")
	if r.Status != 200 || o["status"] != "paid" || o["invoiceId"] == nil || o["paidAt"] == nil {
		t.Fatalf("order after payment: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card); r.Status != 409 || r.Code() != "order_not_pending" {
		t.Errorf("paying twice: got %d %s", r.Status, r.Body)
	}

	r = c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil)
	cur := r.obj("current")
	wantExp := billing.Duration{Value: 3, Unit: billing.UnitMonths}.AddTo(c.clock.Now()).Format(time.RFC3339)
	if cur["planId"] != "starter" || cur["remainingAds"] != 5.0 || cur["state"] != "valid" || cur["expiresAt"] != wantExp {
		t.Errorf("current subscription: got %s, want starter, 5 ads, valid, expiring %s", r.Body, wantExp)
	}
	if r := c.do(t, "POST", "/api/v1/orders", tok, map[string]any{"planId": "starter", "acceptTerms": true}); r.Status != 409 || r.Code() != "already_subscribed" {
		t.Errorf("ordering the held plan: got %d %s", r.Status, r.Body)
	}

	r = c.do(t, "GET", "/api/v1/payments", tok, nil)
	items, _ := r.JSON["items"].([]any)
	if len(items) != 1 {
		t.Fatalf("payments: got %s", r.Body)
	}
	pay := items[0].(map[string]any)
	if pay["amountRp"] != 4216.0 || pay["state"] != "valid" || pay["remainingAds"] != 5.0 || pay["method"] != "card" || pay["invoiceId"] != o["invoiceId"] {
		t.Errorf("payment: got %v", pay)
	}

	invID := o["invoiceId"].(string)
	r = c.do(t, "GET", "/api/v1/invoices/"+invID, tok, nil)
	inv := r.obj("invoice")
	year := c.clock.Now().Year()
	if r.Status != 200 || inv["number"] != fmt.Sprintf("RE-%d-000001", year) || inv["totalRp"] != 4216.0 || inv["vatRp"] != 316.0 ||
		inv["customer"].(map[string]any)["email"] != "anna@example.ch" || inv["seller"].(map[string]any)["vatNumber"] != "CHE-123.456.789 MWST" {
		t.Errorf("invoice: got %d %s", r.Status, r.Body)
	}
	r = c.do(t, "GET", "/api/v1/invoices/"+invID+"/pdf", tok, nil)
	if url, _ := r.JSON["url"].(string); r.Status != 200 || !strings.Contains(url, "private/invoices/") || !strings.Contains(url, "X-Amz-Signature") {
		t.Errorf("pdf link: got %d %s", r.Status, r.Body)
	}
	msgs := c.box.Messages()
	if len(msgs) != 1 || !strings.Contains(msgs[0].Subject, fmt.Sprintf("RE-%d-000001", year)) || !strings.Contains(msgs[0].Text, "https://remat.test/de/invoice/"+invID) {
		t.Errorf("invoice mail: got %+v", msgs)
	}
}

func TestDeclinedTestCard(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "single")["id"].(string)
	if r := c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, declined); r.Status != 202 {
		t.Fatalf("declined payment: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/orders/"+id, tok, nil); r.obj("order")["status"] != "failed" {
		t.Errorf("order: got %s, want failed", r.Body)
	}
	if n := c.count(t, "USER#", "SUB#"); n != 0 {
		t.Errorf("subscriptions: got %d, want 0", n)
	}
	r := c.do(t, "GET", "/api/v1/payments", tok, nil)
	if items, _ := r.JSON["items"].([]any); len(items) != 1 || items[0].(map[string]any)["state"] != "failed" || items[0].(map[string]any)["amountRp"] != 2054.0 {
		t.Errorf("payments after a declined card: got %s, want one failed payment of 20.54", r.Body)
	}
	// The failed order may be paid again, as a Stripe PaymentIntent can.
	if r := c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card); r.Status != 202 {
		t.Fatalf("retry: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/orders/"+id, tok, nil); r.obj("order")["status"] != "paid" {
		t.Errorf("order after the retry: got %s, want paid", r.Body)
	}
	// The history keeps the declined attempt beside the payment.
	r = c.do(t, "GET", "/api/v1/payments", tok, nil)
	states := map[any]int{}
	items, _ := r.JSON["items"].([]any)
	for _, it := range items {
		states[it.(map[string]any)["state"]]++
	}
	if len(items) != 2 || states["failed"] != 1 || states["valid"] != 1 {
		t.Errorf("payments after the retry: got %s, want one failed attempt and one valid payment", r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil); r.obj("current")["planId"] != "single" || r.obj("current")["remainingAds"] != 1.0 {
		t.Errorf("single publication: got %s", r.Body)
	}
}

func TestFreeTrialSettlesAtOnce(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "pro@example.ch", auth.RoleUser)
	o := c.order(t, tok, "pro")
	if o["status"] != "paid" || o["totalRp"] != 0.0 || o["netRp"] != 0.0 || o["invoiceId"] == nil {
		t.Fatalf("trial order: got %v", o)
	}
	r := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil)
	cur := r.obj("current")
	wantExp := billing.Duration{Value: 3, Unit: billing.UnitMonths}.AddTo(c.clock.Now()).Format(time.RFC3339)
	if cur["planId"] != "pro" || cur["remainingAds"] != 30.0 || cur["expiresAt"] != wantExp {
		t.Errorf("trial subscription: got %s, want 30 ads until %s", r.Body, wantExp)
	}
	inv := c.do(t, "GET", "/api/v1/invoices/"+o["invoiceId"].(string), tok, nil).obj("invoice")
	if inv["totalRp"] != 0.0 {
		t.Errorf("trial invoice: got %v", inv)
	}
	if r := c.do(t, "POST", "/api/v1/orders", tok, map[string]any{"planId": "pro", "acceptTerms": true}); r.Status != 409 || r.Code() != "already_subscribed" {
		t.Errorf("second pro order during the trial: got %d %s", r.Status, r.Body)
	}
	// After the trial, pro costs the normal price.
	c.clock.Advance(100 * 24 * time.Hour)
	o = c.order(t, tok, "pro")
	if o["status"] != "pending" || o["totalRp"] != 31349.0 {
		t.Errorf("pro after the trial: got %v, want pending 313.49", o)
	}
}

// TestOrderPreviewIsTheOrder: the preview a buyer is shown is the order
// then created - the free trial first, the full price once the plan was
// held - and it answers (with the full price) where the order is refused.
func TestOrderPreviewIsTheOrder(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "preview@example.ch", auth.RoleUser)
	steps := []struct {
		name       string
		plan       string
		after      time.Duration
		trial      bool
		freeMonths float64
		totalRp    float64
		status     string // of the order created next
	}{
		{"pro, never held: free trial", "pro", 0, true, 3, 0, "paid"},
		{"starter", "starter", 0, false, 0, 4216, "pending"},
		{"pro once its trial has ended", "pro", 100 * 24 * time.Hour, false, 0, 31349, "pending"},
	}
	for _, st := range steps {
		c.clock.Advance(st.after)
		p := c.do(t, "GET", "/api/v1/orders/preview?planId="+st.plan, tok, nil)
		if p.Status != 200 || p.JSON["planId"] != st.plan || p.JSON["trial"] != st.trial || p.JSON["freeMonths"] != st.freeMonths ||
			p.JSON["totalRp"] != st.totalRp || p.JSON["vatRateBp"] != 810.0 || p.JSON["currency"] != "CHF" {
			t.Fatalf("%s: preview got %d %s, want trial %v, %v free months, total %v", st.name, p.Status, p.Body, st.trial, st.freeMonths, st.totalRp)
		}
		o := c.order(t, tok, st.plan)
		for _, k := range []string{"planId", "netRp", "vatRateBp", "vatRp", "totalRp", "currency"} {
			if o[k] != p.JSON[k] {
				t.Errorf("%s: order %s got %v, preview showed %v", st.name, k, o[k], p.JSON[k])
			}
		}
		if o["status"] != st.status {
			t.Errorf("%s: order status got %v, want %s", st.name, o["status"], st.status)
		}
	}
	// During the trial the order is refused, yet the preview still shows
	// what it would cost.
	_, during := c.user(t, "during@example.ch", auth.RoleUser)
	c.order(t, during, "pro")
	if p := c.do(t, "GET", "/api/v1/orders/preview?planId=pro", during, nil); p.Status != 200 || p.JSON["trial"] != false || p.JSON["totalRp"] != 31349.0 {
		t.Errorf("preview during the trial: got %d %s, want the full price", p.Status, p.Body)
	}
	if r := c.do(t, "POST", "/api/v1/orders", during, map[string]any{"planId": "pro", "acceptTerms": true}); r.Status != 409 || r.Code() != "already_subscribed" {
		t.Errorf("order during the trial: got %d %s, want 409 already_subscribed", r.Status, r.Body)
	}

	for _, tc := range []struct {
		query  string
		status int
		code   string
	}{
		{"", 400, "validation_failed"},
		{"?planId=", 400, "validation_failed"},
		{"?planId=gold", 404, "subscription_plan_not_found"},
		{"?planId=" + strings.Repeat("p", 41), 404, "subscription_plan_not_found"},
	} {
		if r := c.do(t, "GET", "/api/v1/orders/preview"+tc.query, tok, nil); r.Status != tc.status || r.Code() != tc.code {
			t.Errorf("preview%s: got %d %s, want %d %s", tc.query, r.Status, r.Body, tc.status, tc.code)
		}
	}
}

func TestWebhookSameEventTenTimes(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	pi := c.intentOf(t, id)
	var wg sync.WaitGroup
	for range 5 { // in parallel
		wg.Go(func() {
			if r := c.deliver(t, "evt_same", billing.EventPaymentSucceeded, pi, webhookSecret); r.Status != 200 || r.JSON["received"] != true {
				t.Errorf("delivery: got %d %s", r.Status, r.Body)
			}
		})
	}
	wg.Wait()
	for range 5 { // and in sequence
		if r := c.deliver(t, "evt_same", billing.EventPaymentSucceeded, pi, webhookSecret); r.Status != 200 {
			t.Errorf("delivery: got %d %s", r.Status, r.Body)
		}
	}
	if r := c.deliver(t, "evt_other", billing.EventPaymentSucceeded, pi, webhookSecret); r.Status != 200 {
		t.Errorf("another success for the paid order: got %d %s", r.Status, r.Body)
	}
	for prefix, want := range map[string]int{"SUB#": 1, "PAY#": 1} {
		if n := c.count(t, "USER#", prefix); n != want {
			t.Errorf("%s items: got %d, want %d", prefix, n, want)
		}
	}
	if n := c.count(t, "INVOICE#", "INVOICE"); n != 1 {
		t.Errorf("invoices: got %d, want 1", n)
	}
	if n := c.count(t, "PAYEVT#", "PAYEVT"); n != 1 {
		t.Errorf("recorded events: got %d, want 1", n)
	}
	if r := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil); r.obj("current")["remainingAds"] != 5.0 {
		t.Errorf("allowance: got %s, want 5 ads once", r.Body)
	}
}

func TestWebhookBadSignature(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	before := c.snapshot(t)
	r := c.deliver(t, "evt_forged", billing.EventPaymentSucceeded, c.intentOf(t, id), "whsec_someone_else")
	if r.Status != 400 || r.Code() != "invalid_signature" {
		t.Errorf("forged event: got %d %s, want 400 invalid_signature", r.Status, r.Body)
	}
	req := newRawRequest(`{"id":"evt_x","type":"payment_intent.succeeded"}`, "")
	if r := c.serve(t, c.webhook, req); r.Status != 400 || r.Code() != "invalid_signature" {
		t.Errorf("unsigned event: got %d %s", r.Status, r.Body)
	}
	if after := c.snapshot(t); after != before {
		t.Errorf("the table changed after rejected events")
	}
}

func TestWebhookIgnoresOtherEventTypes(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	before := c.snapshot(t)
	if r := c.deliver(t, "evt_refund", "charge.refunded", c.intentOf(t, id), webhookSecret); r.Status != 200 || r.JSON["received"] != true {
		t.Errorf("unhandled type: got %d %s", r.Status, r.Body)
	}
	if c.snapshot(t) != before {
		t.Errorf("the table changed after an ignored event")
	}
}

func TestWebhookSuccessBeforeOrderExists(t *testing.T) {
	c := newCloud(t, testMode)
	uid, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	plan, err := c.store.Plan(context.Background(), "starter")
	if err != nil {
		t.Fatal(err)
	}
	o := billing.NewOrder("01KEARLYEVENT0000000000000", uid, billing.QuoteOrder(plan, nil), billing.ProviderTest, c.clock.Now())
	o.IntentID = billing.TestIntentID(o.ID)
	pi := stripe.PaymentIntent{ID: o.IntentID, Amount: o.Amounts.TotalRp, Currency: stripe.CurrencyCHF, Metadata: map[string]string{stripeprovider.MetadataOrderID: o.ID}}
	before := c.snapshot(t)
	if r := c.deliver(t, "evt_early", billing.EventPaymentSucceeded, pi, webhookSecret); r.Status != 200 {
		t.Fatalf("early event: got %d %s", r.Status, r.Body)
	}
	if c.snapshot(t) != before {
		t.Fatalf("the table changed after an event for an unknown order")
	}
	// The event was not recorded, so the provider's redelivery settles the
	// order once it exists.
	if err := c.store.PutOrder(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	c.deliver(t, "evt_early", billing.EventPaymentSucceeded, pi, webhookSecret)
	if r := c.do(t, "GET", "/api/v1/orders/"+o.ID, tok, nil); r.obj("order")["status"] != "paid" {
		t.Errorf("redelivered event: got %s, want paid", r.Body)
	}
}

func TestWebhookMismatchChangesNothing(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	good := c.intentOf(t, id)
	variants := map[string]func(pi *stripe.PaymentIntent){
		"amount one Rappen short": func(pi *stripe.PaymentIntent) { pi.Amount-- },
		"amount of the net price": func(pi *stripe.PaymentIntent) { pi.Amount = 3900 },
		"other currency":          func(pi *stripe.PaymentIntent) { pi.Currency = stripe.CurrencyEUR },
		"other payment intent":    func(pi *stripe.PaymentIntent) { pi.ID = "pi_other" },
		"no order id":             func(pi *stripe.PaymentIntent) { pi.Metadata = nil },
	}
	before := c.snapshot(t)
	for name, mut := range variants {
		pi := good
		pi.Metadata = map[string]string{stripeprovider.MetadataOrderID: id}
		mut(&pi)
		if r := c.deliver(t, "evt_"+strings.ReplaceAll(name, " ", "_"), billing.EventPaymentSucceeded, pi, webhookSecret); r.Status != 200 {
			t.Errorf("%s: got %d %s", name, r.Status, r.Body)
		}
	}
	if c.snapshot(t) != before {
		t.Errorf("the table changed after mismatched events")
	}
}

func TestWebhookFailureThenSuccess(t *testing.T) {
	c := newCloud(t, testMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	pi := c.intentOf(t, id)
	c.deliver(t, "evt_fail", billing.EventPaymentFailed, pi, webhookSecret)
	if r := c.do(t, "GET", "/api/v1/orders/"+id, tok, nil); r.obj("order")["status"] != "failed" {
		t.Fatalf("after failure: got %s", r.Body)
	}
	c.deliver(t, "evt_ok", billing.EventPaymentSucceeded, pi, webhookSecret)
	if r := c.do(t, "GET", "/api/v1/orders/"+id, tok, nil); r.obj("order")["status"] != "paid" {
		t.Fatalf("after success: got %s", r.Body)
	}
	// A late failure (out of order) and the replayed failure change nothing.
	before := c.snapshot(t)
	c.deliver(t, "evt_late_fail", billing.EventPaymentFailed, pi, webhookSecret)
	c.deliver(t, "evt_fail", billing.EventPaymentFailed, pi, webhookSecret)
	if c.snapshot(t) != before {
		t.Errorf("a failure after the success changed the table")
	}
	if n := c.count(t, "USER#", "SUB#"); n != 1 {
		t.Errorf("subscriptions: got %d, want 1", n)
	}
	r := c.do(t, "GET", "/api/v1/payments", tok, nil)
	if !strings.Contains(string(r.Body), `"state":"failed"`) || !strings.Contains(string(r.Body), `"state":"valid"`) || strings.Count(string(r.Body), `"orderId"`) != 2 {
		t.Errorf("payments: got %s, want the failed attempt and the payment", r.Body)
	}
}

func TestExtendAfterLimitExceeded(t *testing.T) {
	c := newCloud(t, testMode)
	uid, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card)
	first := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil).obj("current")
	for range 5 {
		if _, err := billing.ConsumeAd(context.Background(), c.db, c.table, uid, c.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if cur := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil).obj("current"); cur["state"] != "limit_exceeded" {
		t.Fatalf("after 5 ads: got %v, want limit_exceeded", cur)
	}
	id = c.order(t, tok, "starter")["id"].(string)
	c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card)
	cur := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil).obj("current")
	oldExp, _ := time.Parse(time.RFC3339, first["expiresAt"].(string))
	wantExp := billing.Duration{Value: 3, Unit: billing.UnitMonths}.AddTo(oldExp).Format(time.RFC3339)
	if cur["id"] != first["id"] || cur["remainingAds"] != 5.0 || cur["adAllowance"] != 10.0 || cur["expiresAt"] != wantExp || cur["state"] != "valid" {
		t.Errorf("extended subscription: got %v, want the same one with 5 ads until %s", cur, wantExp)
	}
	inv := c.do(t, "GET", "/api/v1/payments", tok, nil)
	if !regexp.MustCompile(`"amountRp":4216`).MatchString(string(inv.Body)) || strings.Count(string(inv.Body), `"orderId"`) != 2 {
		t.Errorf("payments: got %s", inv.Body)
	}
}

func TestConsumeAdInParallel(t *testing.T) {
	c := newCloud(t, testMode)
	uid, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	id := c.order(t, tok, "starter")["id"].(string)
	c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, denied := 0, 0
	for range 12 {
		wg.Go(func() {
			_, err := c.store.ConsumeAd(context.Background(), uid, c.clock.Now())
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, billing.ErrNoAllowance):
				denied++
			default:
				t.Errorf("consume: %v", err)
			}
		})
	}
	wg.Wait()
	if ok != 5 || denied != 7 {
		t.Errorf("parallel consumption: got %d taken, %d denied, want 5 and 7", ok, denied)
	}
	if cur := c.do(t, "GET", "/api/v1/subscriptions/me", tok, nil).obj("current"); cur["remainingAds"] != 0.0 {
		t.Errorf("remaining: got %v, want 0", cur["remainingAds"])
	}
	// Expired: nothing to take even with ads left.
	id = c.order(t, tok, "single")["id"].(string)
	c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card)
	if _, err := billing.ConsumeAd(context.Background(), c.db, c.table, uid, c.clock.Now().Add(61*24*time.Hour)); !errors.Is(err, billing.ErrNoAllowance) {
		t.Errorf("expired: got %v, want ErrNoAllowance", err)
	}
	// A bundle carries no ads.
	_, tok2 := c.user(t, "bundle@example.ch", auth.RoleUser)
	id = c.order(t, tok2, "bundle")["id"].(string)
	c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok2, card)
	uid2 := c.do(t, "GET", "/api/v1/subscriptions/me", tok2, nil)
	if uid2.obj("current")["bundle"] != true || uid2.obj("current")["state"] != "valid" {
		t.Errorf("bundle: got %s", uid2.Body)
	}
}

func TestStripeProviderAgainstStripeMock(t *testing.T) {
	c := newCloud(t, stripeMode)
	_, tok := c.user(t, "anna@example.ch", auth.RoleUser)
	o := c.order(t, tok, "starter")
	secret, _ := o["clientSecret"].(string)
	if o["provider"] != "stripe" || o["status"] != "pending" || secret == "" || o["publishableKey"] != publishableKey {
		t.Fatalf("stripe order: got %v", o)
	}
	id := o["id"].(string)
	stored, err := c.store.Order(context.Background(), id)
	if err != nil || !strings.HasPrefix(stored.IntentID, "pi_") {
		t.Fatalf("stored intent: got %+v %v", stored, err)
	}
	if r := c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", tok, card); r.Status != 404 {
		t.Errorf("test payment with Stripe: got %d %s, want 404", r.Status, r.Body)
	}
	c.deliver(t, "evt_stripe", billing.EventPaymentSucceeded, c.intentOf(t, id), webhookSecret)
	r := c.do(t, "GET", "/api/v1/orders/"+id, tok, nil)
	if r.obj("order")["status"] != "paid" || r.obj("order")["clientSecret"] != nil {
		t.Errorf("after the webhook: got %s, want paid without the client secret", r.Body)
	}
}

// TestInvoiceNumbersAreSequential settles orders of several sellers in
// parallel: every invoice gets its own number, without gaps.
func TestInvoiceNumbersAreSequential(t *testing.T) {
	c := newCloud(t, testMode)
	var tokens []string
	var orders []string
	for i := range 6 {
		_, tok := c.user(t, fmt.Sprintf("seller%d@example.ch", i), auth.RoleUser)
		tokens = append(tokens, tok)
		orders = append(orders, c.order(t, tok, "starter")["id"].(string))
	}
	var wg sync.WaitGroup
	for i, id := range orders {
		wg.Go(func() {
			if r := c.deliver(t, "evt_"+id, billing.EventPaymentSucceeded, c.intentOf(t, id), webhookSecret); r.Status != 200 {
				t.Errorf("delivery %d: got %d %s", i, r.Status, r.Body)
			}
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, id := range orders {
		o := c.do(t, "GET", "/api/v1/orders/"+id, tokens[i], nil).obj("order")
		inv := c.do(t, "GET", "/api/v1/invoices/"+o["invoiceId"].(string), tokens[i], nil).obj("invoice")
		seen[inv["number"].(string)] = true
	}
	for n := 1; n <= len(orders); n++ {
		if want := fmt.Sprintf("RE-%d-%06d", c.clock.Now().Year(), n); !seen[want] {
			t.Errorf("numbers: got %v, want %s among them", seen, want)
		}
	}
}

// TestSeedKeepsEditedPlans: a plan an administrator edited is not
// overwritten by a restart's seed of the same version.
func TestSeedKeepsEditedPlans(t *testing.T) {
	c := newCloud(t, testMode)
	_, err := c.db.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(c.table), Key: ddb.Key("PLAN", "starter"),
		UpdateExpression:          aws.String("SET priceRp = :p"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberN{Value: "4500"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := billing.SeedPlans(context.Background(), c.db, c.table); err != nil {
		t.Fatal(err)
	}
	if p, err := c.store.Plan(context.Background(), "starter"); err != nil || p.PriceRp != 4500 {
		t.Errorf("edited plan after a seed: got %+v %v, want price 4500 kept", p, err)
	}
}
