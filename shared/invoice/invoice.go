// Package invoice models Remat's Swiss VAT invoices, renders them as A4
// PDFs in the customer's language and stores the PDFs privately in S3.
//
// An invoice is issued once, when the payment webhook settles an order
// (shared/billing owns numbering and persistence; this package owns the
// document). Amounts are integer Rappen; the VAT is the net amount times
// the rate in basis points, rounded half-up to the Rappen (VATRp), and the
// total is net plus VAT. Validate checks an invoice against those rules,
// so a PDF is never rendered with amounts that do not add up.
//
// PDFs live under private/invoices/<uid>/<invoiceId>.pdf in the images
// bucket: outside the images/ prefix that CloudFront serves, so the only
// way to read one is a presigned GET URL valid for five minutes, which the
// API hands out to the invoice's owner (Store.PresignURL).
package invoice

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/money"
)

// Languages are the languages an invoice can be rendered in; the first is
// the fallback for an empty or unknown Language.
var Languages = langs.All

// Text is a string in several languages keyed by language code (en, fr,
// de, it, sq), the shape plan names and order line descriptions have.
type Text map[string]string

// In returns the text in lang, else in English, else any non-empty
// translation in Languages order, else "".
func (t Text) In(lang string) string {
	if s := t[lang]; s != "" {
		return s
	}
	for _, l := range Languages {
		if s := t[l]; s != "" {
			return s
		}
	}
	return ""
}

// Seller is the supplier printed on every invoice (template parameters
// INVOICE_SELLER_NAME, _ADDRESS, _VAT).
type Seller struct {
	Name      string `json:"name"`
	Address   string `json:"address"`
	VATNumber string `json:"vatNumber"`
}

// Customer is who was billed. Company is set for professional accounts;
// Address may be empty for private persons.
type Customer struct {
	Name    string `json:"name"`
	Company string `json:"company,omitempty"`
	Address string `json:"address,omitempty"`
	Email   string `json:"email"`
}

// Line is one invoice position. NetRp is Quantity × UnitPriceRp.
type Line struct {
	Description Text  `json:"description"`
	Quantity    int64 `json:"quantity"`
	UnitPriceRp int64 `json:"unitPriceRp"`
	NetRp       int64 `json:"netRp"`
}

// Invoice is a Swiss VAT invoice. Its JSON form is the API's Invoice
// object; Language only chooses the PDF's language and is not part of it.
type Invoice struct {
	ID            string            `json:"id"`
	Number        string            `json:"number"`
	IssuedAt      time.Time         `json:"issuedAt"`
	Seller        Seller            `json:"seller"`
	Customer      Customer          `json:"customer"`
	Lines         []Line            `json:"lines"`
	NetRp         int64             `json:"netRp"`
	VATRateBp     money.BasisPoints `json:"vatRateBp"`
	VATRp         int64             `json:"vatRp"`
	TotalRp       int64             `json:"totalRp"`
	Currency      string            `json:"currency"`
	PaymentMethod string            `json:"paymentMethod"`
	PaidAt        time.Time         `json:"paidAt"`
	Language      string            `json:"-"`
}

// NumberPrefix starts every invoice number.
const NumberPrefix = "RE-"

// Number formats the seq-th invoice number of year: Number(2026, 1) is
// "RE-2026-000001". Sequences above 999999 keep all their digits.
func Number(year int, seq int64) string {
	return fmt.Sprintf("%s%04d-%06d", NumberPrefix, year, seq)
}

// VATRp is the VAT on netRp at rate: netRp × rate / 10000 rounded half-up
// to the Rappen (half away from zero for a negative net, as on a credit).
func VATRp(netRp int64, rate money.BasisPoints) int64 {
	p := netRp * int64(rate)
	if p < 0 {
		return -((-p + 5000) / 10000)
	}
	return (p + 5000) / 10000
}

// ErrInvalid is wrapped by Validate (and so by RenderPDF) for an invoice
// that is incomplete or whose amounts do not add up.
var ErrInvalid = errors.New("invoice: invalid invoice")

// Validate reports every problem at once: missing identity, seller or
// customer fields, no lines, a line whose net is not quantity × unit
// price, a net that is not the lines' sum, a VAT that is not VATRp(net,
// rate), or a total that is not net + VAT.
func (inv Invoice) Validate() error {
	var p []string
	need := func(v, name string) {
		if strings.TrimSpace(v) == "" {
			p = append(p, "no "+name)
		}
	}
	need(inv.ID, "id")
	need(inv.Number, "number")
	need(inv.Seller.Name, "seller name")
	need(inv.Seller.Address, "seller address")
	need(inv.Seller.VATNumber, "seller VAT number")
	need(inv.Customer.Email, "customer e-mail")
	need(inv.Currency, "currency")
	if inv.Customer.Name == "" && inv.Customer.Company == "" {
		p = append(p, "no customer name or company")
	}
	if inv.IssuedAt.IsZero() {
		p = append(p, "no issue date")
	}
	if len(inv.Lines) == 0 {
		p = append(p, "no lines")
	}
	var sum int64
	for i, l := range inv.Lines {
		if l.Quantity <= 0 {
			p = append(p, fmt.Sprintf("line %d: quantity %d", i+1, l.Quantity))
		}
		if l.Quantity*l.UnitPriceRp != l.NetRp {
			p = append(p, fmt.Sprintf("line %d: net %d is not %d × %d", i+1, l.NetRp, l.Quantity, l.UnitPriceRp))
		}
		sum += l.NetRp
	}
	if sum != inv.NetRp {
		p = append(p, fmt.Sprintf("net %d is not the lines' sum %d", inv.NetRp, sum))
	}
	if want := VATRp(inv.NetRp, inv.VATRateBp); inv.VATRp != want {
		p = append(p, fmt.Sprintf("VAT %d, want %d", inv.VATRp, want))
	}
	if inv.NetRp+inv.VATRp != inv.TotalRp {
		p = append(p, fmt.Sprintf("total %d is not net + VAT %d", inv.TotalRp, inv.NetRp+inv.VATRp))
	}
	if len(p) > 0 {
		return fmt.Errorf("%w %s: %s", ErrInvalid, inv.Number, strings.Join(p, "; "))
	}
	return nil
}
