package billing

import (
	"context"
	"fmt"
	"slices"

	"github.com/remat/remat/shared/mail"
)

// invoiceMail tells the buyer the invoice is ready, with a link to it, in
// the invoice's language (English when the e-mails have not that one).
func invoiceMail(inv Invoice, from, siteURL string) (mail.Message, error) {
	lang := inv.Language
	if !slices.Contains(mail.Languages, lang) {
		lang = "en"
	}
	m, err := mail.Render(lang, mail.InvoiceReady{
		Footer: mail.Footer{SiteURL: siteURL},
		Number: inv.Number,
		Link:   fmt.Sprintf("%s/%s/invoice/%s", siteURL, lang, inv.ID),
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("billing: invoice e-mail %s: %w", inv.ID, err)
	}
	m.From, m.To = from, []string{inv.Customer.Email}
	return m, nil
}

// mailInvoice sends invoiceMail, when there is a mailer and an address.
func (s *Service) mailInvoice(ctx context.Context, inv Invoice) error {
	if s.mailer == nil || inv.Customer.Email == "" {
		return nil
	}
	m, err := invoiceMail(inv, s.opts.From, s.opts.SiteURL)
	if err != nil {
		return err
	}
	if err := s.mailer.Send(ctx, m); err != nil {
		return fmt.Errorf("billing: mail invoice %s: %w", inv.ID, err)
	}
	return nil
}
