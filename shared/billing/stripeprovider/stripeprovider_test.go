package stripeprovider

import (
	"fmt"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v76"

	"github.com/remat/remat/shared/billing"
)

// TestVerifyEventTolerance: the signature's timestamp may be up to
// WebhookTolerance from now, before or after, and not a second more; the
// last t= of the header is the one checked, as it is the one signed.
func TestVerifyEventTolerance(t *testing.T) {
	const secret = "whsec_unit"
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name   string
		offset time.Duration
		ok     bool
	}{
		{"now", 0, true},
		{"at the tolerance, before", -WebhookTolerance, true},
		{"at the tolerance, after", WebhookTolerance, true},
		{"a second older", -WebhookTolerance - time.Second, false},
		{"a second ahead", WebhookTolerance + time.Second, false},
		{"an hour ahead", time.Hour, false},
		{"a day old", -24 * time.Hour, false},
	} {
		body, header, err := SignedEvent("evt_1", billing.EventPaymentSucceeded, stripe.PaymentIntent{ID: "pi_1"}, secret, now.Add(tt.offset))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := VerifyEvent(body, header, secret, now)
		if (err == nil) != tt.ok || (tt.ok && ev.ID != "evt_1") {
			t.Errorf("%s: got %q %v, want ok %v", tt.name, ev.ID, err, tt.ok)
		}
	}
	// A stale t= in front of a fresh signed one changes nothing; a fresh
	// one in front of the stale signed one does not pass it either.
	body, fresh, _ := SignedEvent("evt_2", billing.EventPaymentSucceeded, stripe.PaymentIntent{ID: "pi_2"}, secret, now)
	if _, err := VerifyEvent(body, "t=1,"+fresh, secret, now); err != nil {
		t.Errorf("stale t= first: got %v, want the signed one checked", err)
	}
	body, stale, _ := SignedEvent("evt_3", billing.EventPaymentSucceeded, stripe.PaymentIntent{ID: "pi_3"}, secret, now.Add(time.Hour))
	if _, err := VerifyEvent(body, fmt.Sprintf("t=%d,", now.Unix())+stale, secret, now); err == nil {
		t.Error("fresh t= first: got nil, want the signed one (an hour ahead) refused")
	}
}

// TestWebhookReadsTheIntent: a verified event carries the intent's id,
// amount, currency and order id to the domain; an event whose data is no
// PaymentIntent carries none, and a forged one is refused.
func TestWebhookReadsTheIntent(t *testing.T) {
	const secret = "whsec_unit"
	now := time.Now()
	pi := stripe.PaymentIntent{ID: "pi_1", Amount: 4215, Currency: stripe.CurrencyCHF, Metadata: map[string]string{MetadataOrderID: "o1"}}
	body, header, err := SignedEvent("evt_1", billing.EventPaymentSucceeded, pi, secret, now)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := Webhook{Secret: secret}.VerifyEvent(body, header, now)
	want := billing.PaymentIntent{IntentID: "pi_1", OrderID: "o1", AmountRp: 4215, Currency: "chf"}
	if err != nil || ev.ID != "evt_1" || ev.Type != billing.EventPaymentSucceeded || ev.Intent == nil || *ev.Intent != want {
		t.Fatalf("got %+v %v, want evt_1 with %+v", ev, err, want)
	}
	if _, err := (Webhook{Secret: "whsec_other"}).VerifyEvent(body, header, now); err == nil {
		t.Error("another secret: got nil, want an error")
	}
	if _, err := (Webhook{}).VerifyEvent(body, header, now); err == nil {
		t.Error("no secret: got nil, want an error")
	}
}
