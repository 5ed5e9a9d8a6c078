package billing

import "time"

// SubscriptionJSON is the API shape of a subscription.
type SubscriptionJSON struct {
	ID             string            `json:"id"`
	PlanID         string            `json:"planId"`
	PlanName       Localized         `json:"planName"`
	StartsAt       string            `json:"startsAt"`
	ExpiresAt      string            `json:"expiresAt"`
	AdAllowance    int               `json:"adAllowance"`
	RemainingAds   int               `json:"remainingAds"`
	ImageAllowance int               `json:"imageAllowance"`
	AdDurationDays int               `json:"adDurationDays"`
	Bundle         bool              `json:"bundle"`
	State          SubscriptionState `json:"state"`
}

func apiTime(t time.Time) string { return t.UTC().Format(timeLayoutAPI) }

func subscriptionJSON(s Subscription, now time.Time) SubscriptionJSON {
	return SubscriptionJSON{
		ID: s.ID, PlanID: s.PlanID, PlanName: s.PlanName, StartsAt: apiTime(s.StartsAt), ExpiresAt: apiTime(s.ExpiresAt),
		AdAllowance: s.AdAllowance, RemainingAds: s.RemainingAds, ImageAllowance: s.ImageAllowance,
		AdDurationDays: s.AdDurationDays, Bundle: s.Bundle, State: s.State(now),
	}
}

// OrderJSON is the API shape of an order. ClientSecret and PublishableKey
// are present for a pending Stripe order only.
type OrderJSON struct {
	ID             string       `json:"id"`
	PlanID         string       `json:"planId"`
	PlanName       Localized    `json:"planName"`
	Lines          []Line       `json:"lines"`
	NetRp          int64        `json:"netRp"`
	VATRateBp      int64        `json:"vatRateBp"`
	VATRp          int64        `json:"vatRp"`
	TotalRp        int64        `json:"totalRp"`
	Currency       string       `json:"currency"`
	Status         OrderStatus  `json:"status"`
	Provider       ProviderName `json:"provider"`
	PaymentMethod  string       `json:"paymentMethod"`
	ClientSecret   string       `json:"clientSecret,omitempty"`
	PublishableKey string       `json:"publishableKey,omitempty"`
	CreatedAt      string       `json:"createdAt"`
	PaidAt         string       `json:"paidAt,omitempty"`
	InvoiceID      string       `json:"invoiceId,omitempty"`
}

func (h *handler) orderJSON(o Order) OrderJSON {
	j := OrderJSON{
		ID: o.ID, PlanID: o.PlanID, PlanName: o.PlanName, Lines: o.Lines, NetRp: o.Amounts.NetRp,
		VATRateBp: int64(o.Amounts.VATRateBp), VATRp: o.Amounts.VATRp, TotalRp: o.Amounts.TotalRp,
		Currency: o.Currency, Status: o.Status, Provider: o.Provider, PaymentMethod: PaymentMethodCard,
		CreatedAt: apiTime(o.CreatedAt), InvoiceID: o.InvoiceID,
	}
	if o.Status == OrderPending && o.Provider == ProviderStripe {
		j.ClientSecret, j.PublishableKey = o.ClientSecret, h.svc.PublishableKey()
	}
	if !o.PaidAt.IsZero() {
		j.PaidAt = apiTime(o.PaidAt)
	}
	return j
}

// OrderPreviewJSON is the API shape of a Quote: what ordering the plan
// would cost the caller now.
type OrderPreviewJSON struct {
	PlanID     string `json:"planId"`
	Trial      bool   `json:"trial"`
	FreeMonths int    `json:"freeMonths"`
	NetRp      int64  `json:"netRp"`
	VATRateBp  int64  `json:"vatRateBp"`
	VATRp      int64  `json:"vatRp"`
	TotalRp    int64  `json:"totalRp"`
	Currency   string `json:"currency"`
}

func orderPreviewJSON(q Quote) OrderPreviewJSON {
	return OrderPreviewJSON{
		PlanID: q.Plan.ID, Trial: q.Trial, FreeMonths: q.FreeMonths(), NetRp: q.Amounts.NetRp,
		VATRateBp: int64(q.Amounts.VATRateBp), VATRp: q.Amounts.VATRp, TotalRp: q.Amounts.TotalRp, Currency: q.Currency,
	}
}

// PaymentJSON is the API shape of a payment-history row.
type PaymentJSON struct {
	ID             string            `json:"id"`
	OrderID        string            `json:"orderId"`
	PlanName       Localized         `json:"planName"`
	SubscriptionID string            `json:"subscriptionId"`
	RemainingAds   int               `json:"remainingAds"`
	Currency       string            `json:"currency"`
	AmountRp       int64             `json:"amountRp"`
	Method         string            `json:"method"`
	State          SubscriptionState `json:"state"`
	InvoiceID      string            `json:"invoiceId,omitempty"`
	PaidAt         string            `json:"paidAt"`
}

func paymentJSON(p PaymentView) PaymentJSON {
	return PaymentJSON{
		ID: p.ID, OrderID: p.OrderID, PlanName: p.PlanName, SubscriptionID: p.SubscriptionID, RemainingAds: p.RemainingAds,
		Currency: p.Currency, AmountRp: p.AmountRp, Method: p.Method, State: p.State, InvoiceID: p.InvoiceID, PaidAt: apiTime(p.PaidAt),
	}
}

// InvoiceJSON is the API shape of an invoice.
type InvoiceJSON struct {
	ID            string `json:"id"`
	Number        string `json:"number"`
	IssuedAt      string `json:"issuedAt"`
	Seller        Party  `json:"seller"`
	Customer      Party  `json:"customer"`
	Lines         []Line `json:"lines"`
	NetRp         int64  `json:"netRp"`
	VATRateBp     int64  `json:"vatRateBp"`
	VATRp         int64  `json:"vatRp"`
	TotalRp       int64  `json:"totalRp"`
	Currency      string `json:"currency"`
	PaymentMethod string `json:"paymentMethod"`
	PaidAt        string `json:"paidAt"`
}

func invoiceJSON(inv Invoice) InvoiceJSON {
	return InvoiceJSON{
		ID: inv.ID, Number: inv.Number, IssuedAt: apiTime(inv.IssuedAt), Seller: inv.Seller, Customer: inv.Customer,
		Lines: inv.Lines, NetRp: inv.Amounts.NetRp, VATRateBp: int64(inv.Amounts.VATRateBp), VATRp: inv.Amounts.VATRp,
		TotalRp: inv.Amounts.TotalRp, Currency: inv.Currency, PaymentMethod: inv.PaymentMethod, PaidAt: apiTime(inv.PaidAt),
	}
}
