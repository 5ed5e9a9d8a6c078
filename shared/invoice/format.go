package invoice

import (
	"time"
	_ "time/tzdata" // Europe/Zurich without the host's zoneinfo

	"github.com/remat/remat/shared/money"
)

// labels are the words printed on an invoice in one language.
type labels struct {
	Title, Number, Date, VATNo, Customer                            string
	Description, Quantity, UnitPrice, Amount                        string
	NetTotal, VAT, Total, PaymentMethod, PaidOn, Paid, PageOf, Card string
}

// Translations of the invoice labels. VAT carries a %s for the rate;
// PageOf a %d for the page and fpdf's alias {nb} for the page count.
var labelsByLang = map[string]labels{
	"en": {
		Title: "Invoice", Number: "Invoice number", Date: "Invoice date",
		VATNo: "VAT no.", Customer: "Customer",
		Description: "Description", Quantity: "Qty", UnitPrice: "Unit price", Amount: "Amount",
		NetTotal: "Total excl. VAT", VAT: "VAT %s %%", Total: "Total incl. VAT",
		PaymentMethod: "Payment method", PaidOn: "Paid on",
		Paid:   "Paid in full. Thank you for choosing Remat.",
		PageOf: "Page %d of {nb}", Card: "Card",
	},
	"fr": {
		Title: "Facture", Number: "Numéro de facture", Date: "Date de facture",
		VATNo: "N° TVA", Customer: "Client",
		Description: "Désignation", Quantity: "Qté", UnitPrice: "Prix unitaire", Amount: "Montant",
		NetTotal: "Total hors TVA", VAT: "TVA %s %%", Total: "Total TVA incluse", //nolint:misspell // French
		PaymentMethod: "Mode de paiement", PaidOn: "Payé le",
		Paid:   "Payé intégralement. Merci d’avoir choisi Remat.",
		PageOf: "Page %d sur {nb}", Card: "Carte",
	},
	"de": {
		Title: "Rechnung", Number: "Rechnungsnummer", Date: "Rechnungsdatum",
		VATNo: "MWST-Nr.", Customer: "Kunde",
		Description: "Beschreibung", Quantity: "Menge", UnitPrice: "Einzelpreis", Amount: "Betrag",
		NetTotal: "Total exkl. MWST", VAT: "MWST %s %%", Total: "Total inkl. MWST",
		PaymentMethod: "Zahlungsart", PaidOn: "Bezahlt am",
		Paid:   "Vollständig bezahlt. Vielen Dank, dass Sie Remat gewählt haben.",
		PageOf: "Seite %d von {nb}", Card: "Karte",
	},
	"it": {
		Title: "Fattura", Number: "Numero di fattura", Date: "Data della fattura",
		VATNo: "N. IVA", Customer: "Cliente",
		Description: "Descrizione", Quantity: "Qtà", UnitPrice: "Prezzo unitario", Amount: "Importo",
		NetTotal: "Totale IVA esclusa", VAT: "IVA %s %%", Total: "Totale IVA inclusa",
		PaymentMethod: "Metodo di pagamento", PaidOn: "Pagato il",
		Paid:   "Pagato per intero. Grazie per aver scelto Remat.",
		PageOf: "Pagina %d di {nb}", Card: "Carta",
	},
	"sq": {
		Title: "Faturë", Number: "Numri i faturës", Date: "Data e faturës",
		VATNo: "Nr. i TVSH-së", Customer: "Klienti",
		Description: "Përshkrimi", Quantity: "Sasia", UnitPrice: "Çmimi për njësi", Amount: "Shuma",
		NetTotal: "Totali pa TVSH", VAT: "TVSH %s %%", Total: "Totali me TVSH",
		PaymentMethod: "Mënyra e pagesës", PaidOn: "Paguar më",
		Paid:   "Paguar plotësisht. Faleminderit që zgjodhët Remat.",
		PageOf: "Faqja %d nga {nb}", Card: "Kartë",
	},
}

// lang returns l when it is a supported language, else "en".
func lang(l string) string {
	if _, ok := labelsByLang[l]; ok {
		return l
	}
	return Languages[0]
}

// FormatAmount formats amountRp Rappen in currency the one Swiss way
// Remat prints money in every language (money.Format): "CHF 1’234.50".
func FormatAmount(amountRp int64, currency string) string {
	return money.Format(amountRp, currency)
}

// FormatRate formats a rate the same way in every language: 810 is "8.1"
// (the labels add " %").
func FormatRate(rate money.BasisPoints) string {
	return rate.Percent()
}

// Zurich is the time zone invoice dates are printed in. The zone data is
// embedded (time/tzdata): Lambda's base image may have none.
var Zurich = mustZone("Europe/Zurich")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic("invoice: " + err.Error())
	}
	return loc
}

// FormatDate formats t as a Swiss date (dd.mm.yyyy) in Zurich time, the
// form every language uses on Swiss invoices.
func FormatDate(t time.Time) string {
	return t.In(Zurich).Format("02.01.2006")
}

// paymentMethodLabel names a payment method ("card", "twint", …) in l.
func paymentMethodLabel(method, l string) string {
	switch method {
	case "card":
		return labelsByLang[lang(l)].Card
	case "twint":
		return "TWINT"
	default:
		return method
	}
}
