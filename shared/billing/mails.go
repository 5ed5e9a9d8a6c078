package billing

import (
	"context"
	"fmt"
	"html"

	"github.com/remat/remat/shared/mail"
)

var invoiceMail = map[string]struct{ subject, body, link string }{
	"en": {"Your Remat invoice %s", "Thank you for your payment. Your invoice %s is in your dashboard:", "Open the invoice"},
	"fr": {"Votre facture Remat %s", "Merci pour votre paiement. Votre facture %s se trouve dans votre tableau de bord :", "Ouvrir la facture"},
	"de": {"Ihre Remat-Rechnung %s", "Vielen Dank für Ihre Zahlung. Ihre Rechnung %s finden Sie in Ihrem Dashboard:", "Rechnung öffnen"},
	"it": {"La tua fattura Remat %s", "Grazie per il pagamento. La fattura %s è nella tua dashboard:", "Apri la fattura"},
	"sq": {"Fatura juaj Remat %s", "Faleminderit për pagesën. Fatura juaj %s është në panelin tuaj:", "Hap faturën"},
}

// mailInvoice tells the buyer the invoice is ready, with a link to it.
func (s *Service) mailInvoice(ctx context.Context, inv Invoice) error {
	if s.mailer == nil || inv.Customer.Email == "" {
		return nil
	}
	lang := inv.Language
	t, ok := invoiceMail[lang]
	if !ok {
		lang, t = "en", invoiceMail["en"]
	}
	link := fmt.Sprintf("%s/%s/invoice/%s", s.opts.SiteURL, lang, inv.ID)
	body := fmt.Sprintf(t.body, inv.Number)
	err := s.mailer.Send(ctx, mail.Message{
		From: s.opts.From, To: []string{inv.Customer.Email}, Subject: fmt.Sprintf(t.subject, inv.Number),
		Text: body + "\n\n" + link + "\n",
		HTML: "<p>" + html.EscapeString(body) + "</p><p><a href=\"" + html.EscapeString(link) + "\">" + html.EscapeString(t.link) + "</a></p>",
	})
	if err != nil {
		return fmt.Errorf("billing: mail invoice %s: %w", inv.ID, err)
	}
	return nil
}
