package billing_test

import (
	"testing"

	"github.com/remat/remat/shared/auth"
)

// TestAuthorizationMatrix calls every billing endpoint as an anonymous
// visitor, the owner of an order and invoice, another user and an
// administrator. Plans are public; everything else needs a token; orders
// and invoices are visible to their owner and administrators only (others
// get the same 404 as for a missing id); only the owner may pay.
func TestAuthorizationMatrix(t *testing.T) {
	c := newCloud(t, testMode)
	_, ownerTok := c.user(t, "owner@example.ch", auth.RoleUser)
	_, otherTok := c.user(t, "other@example.ch", auth.RoleUser)
	_, adminTok := c.user(t, "admin@example.ch", auth.RoleAdmin)
	tokens := map[string]string{"owner": ownerTok, "other": otherTok, "admin": adminTok}
	callers := []string{"anonymous", "owner", "other", "admin"}

	paid := c.order(t, ownerTok, "starter")
	if r := c.do(t, "POST", "/api/v1/orders/"+paid["id"].(string)+"/test-payment", ownerTok, card); r.Status != 202 {
		t.Fatalf("pay: got %d %s", r.Status, r.Body)
	}
	paidOrder := c.do(t, "GET", "/api/v1/orders/"+paid["id"].(string), ownerTok, nil).obj("order")
	invoiceID := paidOrder["invoiceId"].(string)
	pending := c.order(t, ownerTok, "single")["id"].(string)

	type row struct {
		method, path string
		body         any
		want         map[string]int
	}
	all := func(s int) map[string]int { return map[string]int{"anonymous": s, "owner": s, "other": s, "admin": s} }
	users := func(s int) map[string]int {
		return map[string]int{"anonymous": 401, "owner": s, "other": s, "admin": s}
	}
	ownerAdmin := map[string]int{"anonymous": 401, "owner": 200, "other": 404, "admin": 200}
	rows := []row{
		{"GET", "/api/v1/plans", nil, all(200)},
		{"GET", "/api/v1/subscriptions/me", nil, users(200)},
		{"GET", "/api/v1/payments", nil, users(200)},
		{"GET", "/api/v1/orders/preview?planId=starter", nil, users(200)},
		{"GET", "/api/v1/orders/" + pending, nil, ownerAdmin},
		{"GET", "/api/v1/orders/01NOSUCHORDER0000000000000", nil, users(404)},
		{"GET", "/api/v1/invoices/" + invoiceID, nil, ownerAdmin},
		{"GET", "/api/v1/invoices/" + invoiceID + "/pdf", nil, ownerAdmin},
		{"GET", "/api/v1/invoices/01NOSUCHINVOICE00000000000/pdf", nil, users(404)},
		// Paying someone else's order is refused even for an administrator;
		// the owner's paid order is no longer payable.
		{"POST", "/api/v1/orders/" + paid["id"].(string) + "/test-payment", card, map[string]int{"anonymous": 401, "owner": 409, "other": 404, "admin": 404}},
		{"POST", "/api/v1/orders", map[string]any{"planId": "bundle", "acceptTerms": false}, users(400)},
		// Last: creates orders (the owner's single pending order is unaffected).
		{"POST", "/api/v1/orders", map[string]any{"planId": "starter", "acceptTerms": true}, map[string]int{"anonymous": 401, "owner": 409, "other": 201, "admin": 201}},
	}
	for _, r := range rows {
		for _, who := range callers {
			resp := c.do(t, r.method, r.path, tokens[who], r.body)
			if resp.Status != r.want[who] {
				t.Errorf("%s %s as %s: got %d %s, want %d", r.method, r.path, who, resp.Status, resp.Body, r.want[who])
			}
		}
	}
	// The webhook authenticates the provider by signature, whoever calls.
	for _, who := range callers {
		req := newRawRequest(`{"id":"evt_x","object":"event","type":"payment_intent.succeeded"}`, "t=1,v1=00")
		if tok := tokens[who]; tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		if resp := c.serve(t, c.webhook, req); resp.Status != 400 {
			t.Errorf("webhook as %s without a valid signature: got %d %s, want 400", who, resp.Status, resp.Body)
		}
	}
	// The owner's pending order is still payable by the owner only.
	if r := c.do(t, "POST", "/api/v1/orders/"+pending+"/test-payment", ownerTok, card); r.Status != 202 {
		t.Errorf("owner pays the pending order: got %d %s", r.Status, r.Body)
	}
}
