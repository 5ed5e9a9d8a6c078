package billing

import (
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the billing resources.
const (
	routePlans        = "GET /api/v1/plans"
	routeMySubs       = "GET /api/v1/subscriptions/me"
	routeCreateOrder  = "POST /api/v1/orders"
	routeOrderPreview = "GET /api/v1/orders/preview"
	routeOrder        = "GET /api/v1/orders/{id}"
	routeTestPayment  = "POST /api/v1/orders/{id}/test-payment"
	routePayments     = "GET /api/v1/payments"
	routeInvoice      = "GET /api/v1/invoices/{id}"
	routeInvoicePDF   = "GET /api/v1/invoices/{id}/pdf"
	routeWebhook      = "POST " + RouteWebhookPath
	RouteWebhookPath  = "/api/v1/payments/webhook"
	maxBodyBytes      = 16 << 10
	maxWebhookBytes   = 256 << 10
	timeLayoutAPI     = time.RFC3339
	messageOrder      = "order_created"
	messageProcessing = "payment_processing"
)

// NewHandler returns the billing API (BillingFunction), wired with httpx's
// standard middleware:
//
//	GET  /api/v1/plans                      public       200 {items}
//	GET  /api/v1/subscriptions/me           user         200 {current, history}
//	POST /api/v1/orders                     user         201 {message, order}
//	GET  /api/v1/orders/preview?planId=     user         200 OrderPreviewJSON
//	GET  /api/v1/orders/{id}                owner/admin  200 {order}
//	POST /api/v1/orders/{id}/test-payment   owner, test mode only  202 {message}
//	GET  /api/v1/payments                   user         200 {items}
//	GET  /api/v1/invoices/{id}              owner/admin  200 {invoice}
//	GET  /api/v1/invoices/{id}/pdf          owner/admin  200 {url}
//
// verifier must check token versions (WithTokenVersions).
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc}
	user := verifier.Authenticate
	mux := http.NewServeMux()
	mux.HandleFunc(routePlans, h.plans)
	mux.Handle(routeMySubs, user(http.HandlerFunc(h.mySubs)))
	mux.Handle(routeCreateOrder, user(http.HandlerFunc(h.createOrder)))
	mux.Handle(routeOrderPreview, user(http.HandlerFunc(h.orderPreview)))
	mux.Handle(routeOrder, user(http.HandlerFunc(h.order)))
	mux.Handle(routeTestPayment, user(http.HandlerFunc(h.testPayment)))
	mux.Handle(routePayments, user(http.HandlerFunc(h.payments)))
	mux.Handle(routeInvoice, user(http.HandlerFunc(h.invoice)))
	mux.Handle(routeInvoicePDF, user(http.HandlerFunc(h.invoicePDF)))
	return httpx.NewHandler(mux)
}

// NewWebhookHandler returns the provider's webhook (PaymentsWebhookFunction):
//
//	POST /api/v1/payments/webhook  Stripe-Signature  200 {"received":true}; 400 invalid_signature
func NewWebhookHandler(svc *Service) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc(routeWebhook, func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
		if err != nil {
			httpx.Error(w, r, apperr.New(apperr.CodePayloadTooLarge, err))
			return
		}
		if err := svc.HandleWebhook(r.Context(), payload, SignatureHeader(r.Header)); err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, struct {
			Received bool `json:"received"`
		}{true})
	})
	return httpx.NewHandler(mux)
}

// SignatureHeader returns the Stripe-Signature header whole. Behind API
// Gateway the Lambda adapter splits every multi-value-capable header on
// commas, so "t=…,v1=…" arrives as several values; they are joined back.
func SignatureHeader(h http.Header) string {
	return strings.Join(h.Values("Stripe-Signature"), ",")
}

type handler struct {
	svc *Service
}

func principal(r *http.Request) auth.Principal {
	p, _ := auth.PrincipalFrom(r.Context())
	return p
}

func (h *handler) plans(w http.ResponseWriter, r *http.Request) {
	plans, err := h.svc.Plans(r.Context())
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	items := make([]PlanJSON, len(plans))
	for i, p := range plans {
		items[i] = planJSON(p)
	}
	httpx.JSON(w, http.StatusOK, struct {
		Items []PlanJSON `json:"items"`
	}{items})
}

func (h *handler) mySubs(w http.ResponseWriter, r *http.Request) {
	current, subs, now, err := h.svc.MySubscriptions(r.Context(), principal(r).UserID)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := struct {
		Current *SubscriptionJSON  `json:"current"`
		History []SubscriptionJSON `json:"history"`
	}{History: make([]SubscriptionJSON, len(subs))}
	for i, sub := range subs {
		body.History[i] = subscriptionJSON(sub, now)
	}
	if current != nil {
		j := subscriptionJSON(*current, now)
		body.Current = &j
	}
	httpx.JSON(w, http.StatusOK, body)
}

func (h *handler) createOrder(w http.ResponseWriter, r *http.Request) {
	var in struct {
		PlanID      string `json:"planId"`
		AcceptTerms bool   `json:"acceptTerms"`
	}
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if in.PlanID == "" {
		httpx.Error(w, r, apperr.Validation(map[string]string{"planId": apperr.FieldRequired}))
		return
	}
	o, err := h.svc.CreateOrder(r.Context(), principal(r).UserID, in.PlanID, in.AcceptTerms)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, struct {
		Message string    `json:"message"`
		Order   OrderJSON `json:"order"`
	}{messageOrder, h.orderJSON(o)})
}

func (h *handler) orderPreview(w http.ResponseWriter, r *http.Request) {
	planID := r.URL.Query().Get("planId")
	if planID == "" {
		httpx.Error(w, r, apperr.Validation(map[string]string{"planId": apperr.FieldRequired}))
		return
	}
	q, err := h.svc.PreviewOrder(r.Context(), principal(r).UserID, planID)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, orderPreviewJSON(q))
}

func (h *handler) order(w http.ResponseWriter, r *http.Request) {
	o, err := h.svc.Order(r.Context(), principal(r), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, struct {
		Order OrderJSON `json:"order"`
	}{h.orderJSON(o)})
}

func (h *handler) testPayment(w http.ResponseWriter, r *http.Request) {
	if !h.svc.TestMode() {
		httpx.Error(w, r, apperr.ErrNotFound)
		return
	}
	var card TestCard
	if err := httpx.DecodeJSON(w, r, &card, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.svc.TestPayment(r.Context(), principal(r).UserID, r.PathValue("id"), card); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, httpx.MessageBody{Message: messageProcessing})
}

func (h *handler) payments(w http.ResponseWriter, r *http.Request) {
	pays, err := h.svc.Payments(r.Context(), principal(r).UserID)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	items := make([]PaymentJSON, len(pays))
	for i, p := range pays {
		items[i] = paymentJSON(p)
	}
	httpx.JSON(w, http.StatusOK, struct {
		Items []PaymentJSON `json:"items"`
	}{items})
}

func (h *handler) invoice(w http.ResponseWriter, r *http.Request) {
	inv, err := h.svc.Invoice(r.Context(), principal(r), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, struct {
		Invoice InvoiceJSON `json:"invoice"`
	}{invoiceJSON(inv)})
}

func (h *handler) invoicePDF(w http.ResponseWriter, r *http.Request) {
	url, err := h.svc.InvoicePDFURL(r.Context(), principal(r), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.JSON(w, http.StatusOK, struct {
		URL string `json:"url"`
	}{url})
}
