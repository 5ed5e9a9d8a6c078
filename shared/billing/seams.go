package billing

import (
	"context"
	"fmt"
	"strings"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/invoice"
)

// Invoices renders and serves invoice PDFs (package invoice implements
// it: PDF rendering, S3 under private/invoices/, presigned links).
type Invoices interface {
	// StorePDF renders inv as a PDF, stores it and returns its S3 key.
	StorePDF(ctx context.Context, inv Invoice) (string, error)
	// PDFURL returns a short-lived (5 minutes) GET link for key.
	PDFURL(ctx context.Context, key string) (string, error)
}

// Customer is who an invoice is addressed to.
type Customer struct {
	Party
	Language string
}

// Customers looks up a buyer's invoice identity.
type Customers interface {
	Customer(ctx context.Context, uid string) (Customer, error)
}

// AccountsCustomers reads customers from the accounts store: the name,
// the e-mail, and for professionals the company and its address.
type AccountsCustomers struct {
	Users interface {
		UserByID(ctx context.Context, uid string) (accounts.User, error)
	}
}

// Customer implements Customers.
func (a AccountsCustomers) Customer(ctx context.Context, uid string) (Customer, error) {
	u, err := a.Users.UserByID(ctx, uid)
	if err != nil {
		return Customer{}, fmt.Errorf("billing: customer %s: %w", uid, err)
	}
	c := Customer{Party: Party{Name: strings.TrimSpace(u.FirstName + " " + u.LastName), Email: u.Email}, Language: u.Language}
	if u.Company != nil {
		c.Company = u.Company.Name
		c.Address = u.Company.Address
	}
	return c, nil
}

// InvoicePDFs implements Invoices with package invoice: the PDF is
// rendered in the customer's language and stored privately under
// private/invoices/<uid>/<invoiceId>.pdf; links are presigned.
type InvoicePDFs struct {
	Store *invoice.Store
}

var _ Invoices = InvoicePDFs{}

// StorePDF implements Invoices.
func (p InvoicePDFs) StorePDF(ctx context.Context, inv Invoice) (string, error) {
	lines := make([]invoice.Line, len(inv.Lines))
	for i, l := range inv.Lines {
		lines[i] = invoice.Line{Description: invoice.Text(l.Description), Quantity: l.Quantity, UnitPriceRp: l.UnitPriceRp, NetRp: l.NetRp}
	}
	key, err := p.Store.Save(ctx, inv.UserID, invoice.Invoice{
		ID: inv.ID, Number: inv.Number, IssuedAt: inv.IssuedAt,
		Seller:   invoice.Seller{Name: inv.Seller.Name, Address: inv.Seller.Address, VATNumber: inv.Seller.VATNumber},
		Customer: invoice.Customer{Name: inv.Customer.Name, Company: inv.Customer.Company, Address: inv.Customer.Address, Email: inv.Customer.Email},
		Lines:    lines, NetRp: inv.Amounts.NetRp, VATRateBp: inv.Amounts.VATRateBp, VATRp: inv.Amounts.VATRp,
		TotalRp: inv.Amounts.TotalRp, Currency: inv.Currency, PaymentMethod: inv.PaymentMethod, PaidAt: inv.PaidAt,
		Language: inv.Language,
	})
	if err != nil {
		return "", fmt.Errorf("billing: store pdf of invoice %s: %w", inv.ID, err)
	}
	return key, nil
}

// PDFURL implements Invoices.
func (p InvoicePDFs) PDFURL(ctx context.Context, key string) (string, error) {
	url, err := p.Store.PresignURL(ctx, key)
	if err != nil {
		return "", fmt.Errorf("billing: presign %s: %w", key, err)
	}
	return url, nil
}
