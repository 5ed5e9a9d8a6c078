package invoice

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/money"
)

// sample is a valid invoice for CHF 39.00 net (VAT 3.16, total 42.16).
func sample(lang string) Invoice {
	return Invoice{
		ID:       "01JINVOICE0000000000000000",
		Number:   Number(2026, 1),
		IssuedAt: time.Date(2026, 3, 4, 23, 30, 0, 0, time.UTC), // 5 March in Zurich
		Seller:   Seller{Name: "Remat GmbH", Address: "Musterstrasse 1, 8000 Zürich", VATNumber: "CHE-123.456.789 MWST"},
		Customer: Customer{Name: "Élodie Müller", Company: "Bâtiments Çelik SA", Address: "Rue du Lac 3\n1003 Lausanne", Email: "elodie@example.ch"},
		Lines: []Line{{
			Description: Text{"en": "Starter plan, 3 months", "fr": "Formule Starter, 3 mois", "sq": "Plani Starter, 3 muaj për ndërtuesit"},
			Quantity:    1, UnitPriceRp: 3900, NetRp: 3900,
		}},
		NetRp: 3900, VATRateBp: money.SwissVAT, VATRp: 316, TotalRp: 4216,
		Currency: "CHF", PaymentMethod: "card",
		PaidAt:   time.Date(2026, 3, 4, 23, 29, 0, 0, time.UTC),
		Language: lang,
	}
}

func TestNumber(t *testing.T) {
	tests := []struct {
		year int
		seq  int64
		want string
	}{
		{2026, 1, "RE-2026-000001"},
		{2026, 123456, "RE-2026-123456"},
		{2027, 1234567, "RE-2027-1234567"},
	}
	for _, tt := range tests {
		if got := Number(tt.year, tt.seq); got != tt.want {
			t.Errorf("Number(%d, %d): got %v, want %v", tt.year, tt.seq, got, tt.want)
		}
	}
}

func TestVATRp(t *testing.T) {
	tests := []struct {
		net, want int64
	}{
		{3900, 316},           // 315.9
		{1900, 154},           // 153.9
		{29000, 2349},         // exact
		{59000, 4779},         // exact
		{0, 0},                // free trial
		{50, 4},               // 4.05 -> half-up
		{1850, 150},           // 149.85 -> 150
		{1, 0},                // 0.081
		{6, 0},                // 0.486
		{7, 1},                // 0.567
		{-50, -4},             // credit: half away from zero
		{123456789, 10000000}, // 9999999.909
	}
	for _, tt := range tests {
		if got := VATRp(tt.net, money.SwissVAT); got != tt.want {
			t.Errorf("VATRp(%d): got %v, want %v", tt.net, got, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	if err := sample("en").Validate(); err != nil {
		t.Fatalf("valid sample: got %v, want nil", err)
	}
	tests := map[string]func(*Invoice){
		"VAT":         func(i *Invoice) { i.VATRp = 315 },
		"total":       func(i *Invoice) { i.TotalRp = 4215 },
		"lines' sum":  func(i *Invoice) { i.NetRp = 4000 },
		"line 1: net": func(i *Invoice) { i.Lines[0].NetRp = 3800 },
		"no number":   func(i *Invoice) { i.Number = "" },
		"no lines":    func(i *Invoice) { i.Lines = nil },
		"seller VAT":  func(i *Invoice) { i.Seller.VATNumber = "" },
		"e-mail":      func(i *Invoice) { i.Customer.Email = "" },
	}
	for want, mutate := range tests {
		inv := sample("en")
		inv.Lines = append([]Line(nil), inv.Lines...)
		mutate(&inv)
		err := inv.Validate()
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want ErrInvalid mentioning %q", want, err, want)
		}
	}
}

func TestFormatAmount(t *testing.T) {
	const nb = "\u00a0"
	tests := []struct {
		rp   int64
		want string
	}{
		{123450, "CHF" + nb + "1’234.50"},
		{5, "CHF" + nb + "0.05"},
		{0, "CHF" + nb + "0.00"},
		{100000000, "CHF" + nb + "1’000’000.00"},
		{-4216, "CHF" + nb + "-42.16"},
	}
	for _, tt := range tests {
		if got := FormatAmount(tt.rp, "CHF"); got != tt.want {
			t.Errorf("FormatAmount(%d): got %q, want %q", tt.rp, got, tt.want)
		}
	}
	if got := FormatRate(money.SwissVAT); got != "8.1" {
		t.Errorf("FormatRate: got %v, want 8.1", got)
	}
	if got := FormatDate(sample("").IssuedAt); got != "05.03.2026" {
		t.Errorf("FormatDate: got %v, want 05.03.2026 (Zurich time)", got)
	}
}

func TestLabelsComplete(t *testing.T) {
	for _, l := range Languages {
		lb, ok := labelsByLang[l]
		if !ok {
			t.Fatalf("%s: no labels", l)
		}
		for i, s := range []string{lb.Title, lb.Number, lb.Date, lb.VATNo, lb.Customer,
			lb.Description, lb.Quantity, lb.UnitPrice, lb.Amount, lb.NetTotal, lb.VAT, lb.Total,
			lb.PaymentMethod, lb.PaidOn, lb.Paid, lb.PageOf, lb.Card} {
			if s == "" {
				t.Errorf("%s: label %d empty", l, i)
			}
			if strings.ContainsRune(cp1252(s), '?') && !strings.ContainsRune(s, '?') {
				t.Errorf("%s: label %q has a character outside Windows-1252", l, s)
			}
		}
	}
}

func TestCP1252(t *testing.T) {
	got := cp1252("é ü ë ç Ç ’ € a\u202fb 漢")
	want := "\xe9 \xfc \xeb \xe7 \xc7 \x92 \x80 a\xa0b ?"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// pdfText is how fpdf writes s in an uncompressed content stream.
func pdfText(s string) []byte {
	s = cp1252(s)
	s = strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(s)
	return []byte("(" + s + ")")
}

func TestRenderPDF(t *testing.T) {
	tests := []struct {
		lang string
		want []string
	}{
		{"en", []string{"Invoice RE-2026-000001", "Starter plan, 3 months", "Total excl. VAT", "VAT 8.1 %",
			"Total incl. VAT", "CHF\u00a039.00", "CHF\u00a03.16", "CHF\u00a042.16", "Card", "05.03.2026", "VAT no. CHE-123.456.789 MWST"}},
		{"fr", []string{"Facture RE-2026-000001", "Formule Starter, 3 mois", "Désignation", "Total hors TVA", "TVA 8.1 %",
			"CHF\u00a042.16", "05.03.2026", "Carte", "Payé le", "Bâtiments Çelik SA", "Élodie Müller"}},
		{"de", []string{"Rechnung RE-2026-000001", "Starter plan, 3 months", "Total exkl. MWST", "MWST 8.1 %",
			"Total inkl. MWST", "CHF\u00a042.16", "Musterstrasse 1", "8000 Zürich", "Vollständig bezahlt. Vielen Dank, dass Sie Remat gewählt haben."}},
		{"it", []string{"Fattura RE-2026-000001", "Totale IVA esclusa", "IVA 8.1 %", "Qtà", "CHF\u00a03.16"}},
		{"sq", []string{"Faturë RE-2026-000001", "Plani Starter, 3 muaj për ndërtuesit", "Çmimi për njësi",
			"Totali pa TVSH", "TVSH 8.1 %", "CHF\u00a042.16", "05.03.2026", "Kartë", "Mënyra e pagesës"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			pdf, err := RenderPDF(sample(tt.lang), Uncompressed())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
				t.Fatalf("got %q…, want a PDF", pdf[:min(len(pdf), 16)])
			}
			for _, w := range tt.want {
				if !bytes.Contains(pdf, pdfText(w)) {
					t.Errorf("no text %q in the PDF", w)
				}
			}
		})
	}
}

func TestRenderPDFDeterministicAndCompressed(t *testing.T) {
	a, err := RenderPDF(sample("de"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := RenderPDF(sample("de"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two renderings differ")
	}
	if bytes.Contains(a, pdfText("Total inkl. MWST")) {
		t.Error("compressed PDF has plain text")
	}
	if !bytes.Contains(a, []byte("/FlateDecode")) {
		t.Error("no compressed stream")
	}
}

func TestRenderPDFManyLinesPaginates(t *testing.T) {
	inv := sample("en")
	inv.Lines = nil
	for range 60 {
		inv.Lines = append(inv.Lines, Line{Description: Text{"en": "Single publication"}, Quantity: 2, UnitPriceRp: 1900, NetRp: 3800})
	}
	inv.NetRp = 60 * 3800
	inv.VATRp = VATRp(inv.NetRp, inv.VATRateBp)
	inv.TotalRp = inv.NetRp + inv.VATRp
	pdf, err := RenderPDF(inv, Uncompressed())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pdf, pdfText("Page 2 of 2")) && !bytes.Contains(pdf, pdfText("Page 3 of 3")) {
		t.Error("want a multi-page invoice with page numbers")
	}
}

func TestRenderPDFRejectsInvalid(t *testing.T) {
	inv := sample("en")
	inv.VATRp++
	if _, err := RenderPDF(inv); !errors.Is(err, ErrInvalid) {
		t.Errorf("got %v, want ErrInvalid", err)
	}
}
