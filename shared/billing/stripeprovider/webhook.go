package stripeprovider

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/remat/remat/shared/billing"
)

// WebhookTolerance is how far the timestamp of an event's signature may be
// from now, in either direction (Stripe's default): an older signature is
// a replay, a newer one was made to be replayed later. Within it, the
// clocks of Stripe and the function may disagree.
const WebhookTolerance = 5 * time.Minute

// Webhook verifies the events Stripe (or the test-mode payer) signs with
// Secret and reads the PaymentIntent they carry.
type Webhook struct {
	Secret string
}

var _ billing.EventVerifier = Webhook{}

// VerifyEvent implements billing.EventVerifier: see VerifyEvent. The
// event's Intent is nil when its data is no PaymentIntent.
func (w Webhook) VerifyEvent(payload []byte, header string, now time.Time) (billing.PaymentEvent, error) {
	ev, err := VerifyEvent(payload, header, w.Secret, now)
	if err != nil {
		return billing.PaymentEvent{}, err
	}
	out := billing.PaymentEvent{ID: ev.ID, Type: string(ev.Type)}
	var pi stripe.PaymentIntent
	if ev.Data != nil && pi.UnmarshalJSON(ev.Data.Raw) == nil {
		out.Intent = &billing.PaymentIntent{
			IntentID: pi.ID, OrderID: pi.Metadata[MetadataOrderID], AmountRp: pi.Amount, Currency: string(pi.Currency),
		}
	}
	return out, nil
}

// VerifyEvent checks payload's Stripe-Signature header against secret and
// its timestamp against now (within WebhookTolerance, before or after),
// and returns the event. stripe-go checks the signature and refuses a
// timestamp too far in the past only, by its own clock, so the signed
// timestamp is checked here, both ways. The API version of the event is
// not checked: the account's webhook endpoint may be pinned to another
// version than stripe-go's, and only the fields read here (id, amount,
// currency, metadata) matter.
// An empty secret verifies nothing (anyone could sign with it).
func VerifyEvent(payload []byte, header, secret string, now time.Time) (stripe.Event, error) {
	if secret == "" {
		return stripe.Event{}, errors.New("stripeprovider: no webhook secret configured")
	}
	ev, err := webhook.ConstructEventWithOptions(payload, header, secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true, IgnoreTolerance: true})
	if err != nil {
		return stripe.Event{}, fmt.Errorf("stripeprovider: verify event: %w", err)
	}
	signed, err := signatureTime(header)
	if err != nil {
		return stripe.Event{}, fmt.Errorf("stripeprovider: verify event: %w", err)
	}
	if d := now.Sub(signed); d > WebhookTolerance || d < -WebhookTolerance {
		return stripe.Event{}, fmt.Errorf("stripeprovider: verify event %s: signed at %s, %s from now: %w",
			ev.ID, signed.UTC().Format(time.RFC3339), d.Round(time.Second), webhook.ErrTooOld)
	}
	return ev, nil
}

// signatureTime is the timestamp (t=) of a Stripe-Signature header the
// signature verified: read as stripe-go reads it, the last t= wins.
func signatureTime(header string) (time.Time, error) {
	var at time.Time
	found := false
	for pair := range strings.SplitSeq(header, ",") {
		k, v, _ := strings.Cut(pair, "=")
		if k != "t" {
			continue
		}
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return time.Time{}, webhook.ErrInvalidHeader
		}
		at, found = time.Unix(sec, 0), true
	}
	if !found {
		return time.Time{}, webhook.ErrInvalidHeader
	}
	return at, nil
}

// SignedEvent builds a Stripe event of type typ for the payment intent pi,
// signed with secret at now like Stripe signs it. It returns the body and
// the Stripe-Signature header.
func SignedEvent(eventID, typ string, pi stripe.PaymentIntent, secret string, now time.Time) ([]byte, string, error) {
	raw, err := json.Marshal(pi) //nolint:gosec // a test-mode event; the client secret is empty
	if err != nil {
		return nil, "", fmt.Errorf("stripeprovider: encode payment intent: %w", err)
	}
	ev := map[string]any{
		"id": eventID, "object": "event", "api_version": stripe.APIVersion, "created": now.Unix(),
		"livemode": false, "pending_webhooks": 1, "type": typ,
		"data": map[string]json.RawMessage{"object": raw},
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return nil, "", fmt.Errorf("stripeprovider: encode event: %w", err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: now})
	return signed.Payload, signed.Header, nil
}
