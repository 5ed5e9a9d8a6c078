package billing

import (
	"strings"
	"testing"
)

func TestInvoiceMailInEveryLanguage(t *testing.T) {
	for _, tt := range []struct{ lang, want, subject string }{
		{"en", "en", "Your Remat invoice RE-2026-000007"},
		{"fr", "fr", "Votre facture Remat RE-2026-000007"},
		{"de", "de", "Ihre Remat-Rechnung RE-2026-000007"},
		{"it", "it", "La tua fattura Remat RE-2026-000007"},
		{"sq", "sq", "Fatura juaj Remat RE-2026-000007"},
		{"rm", "en", "Your Remat invoice RE-2026-000007"}, // unknown: English
	} {
		inv := Invoice{ID: "inv1", Number: "RE-2026-000007", Language: tt.lang, Customer: Party{Email: "buyer@example.ch"}}
		m, err := invoiceMail(inv, "no-reply@remat.ch", "https://remat.test")
		if err == nil {
			err = m.Validate()
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.lang, err)
		}
		link := "https://remat.test/" + tt.want + "/invoice/inv1"
		if m.Subject != tt.subject || !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
			t.Errorf("%s: got %q, want %q and the link %s in both parts", tt.lang, m.Subject, tt.subject, link)
		}
	}
}

func TestTrialDescriptionInEveryLanguage(t *testing.T) {
	p := Plan{FreeMonths: 3, Name: Localized{"en": "Pro", "fr": "Pro", "de": "Profi", "it": "Pro", "sq": "Pro", "rm": "Pro"}}
	want := Localized{
		"en": "Pro – 3 months free",
		"fr": "Pro – 3 mois offerts",
		"de": "Profi – 3 Monate gratis",
		"it": "Pro – 3 mesi gratuiti",
		"sq": "Pro – 3 muaj falas",
		"rm": "Pro – 3 months free", // a language without e-mails: English
	}
	got := trialDescription(p)
	for lang, w := range want {
		if got[lang] != w {
			t.Errorf("%s: got %q, want %q", lang, got[lang], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d languages, want %d", len(got), len(want))
	}
}
