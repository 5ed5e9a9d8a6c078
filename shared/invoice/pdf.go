package invoice

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/go-pdf/fpdf"
	"golang.org/x/text/encoding/charmap"
)

// Option changes how RenderPDF renders.
type Option func(*renderOptions)

type renderOptions struct {
	uncompressed bool
}

// Uncompressed leaves the page content streams uncompressed, so tests can
// find the printed text in the bytes (fpdf escapes "(", ")" and "\" in
// strings and writes them in Windows-1252).
func Uncompressed() Option {
	return func(o *renderOptions) { o.uncompressed = true }
}

// Page geometry in millimetres (A4 portrait).
const (
	pageW    = 210.0
	margin   = 20.0
	contentW = pageW - 2*margin
	colQty   = 18.0
	colUnit  = 32.0
	colAmt   = 32.0
	colDesc  = contentW - colQty - colUnit - colAmt
	lineH    = 5.0
	fontName = "Helvetica"
)

// RenderPDF validates inv and renders it as an A4 PDF in inv.Language (en
// when empty or unknown). The output is deterministic: the document dates
// are the issue date, so rendering twice gives the same bytes. Text is
// converted to Windows-1252, the encoding of the PDF core fonts, which
// covers every letter of the five languages (é, ü, ë, ç, ’ …); a character
// outside it prints as "?".
func RenderPDF(inv Invoice, opts ...Option) ([]byte, error) {
	if err := inv.Validate(); err != nil {
		return nil, err
	}
	var o renderOptions
	for _, opt := range opts {
		opt(&o)
	}
	l := lang(inv.Language)
	lb := labelsByLang[l]
	amount := func(rp int64) string { return cp1252(FormatAmount(rp, inv.Currency)) }

	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(!o.uncompressed)
	pdf.SetCatalogSort(true) // resource dictionaries in a stable order
	pdf.SetCreationDate(inv.IssuedAt)
	pdf.SetModificationDate(inv.IssuedAt)
	pdf.SetTitle(lb.Title+" "+inv.Number, true)
	pdf.SetAuthor(inv.Seller.Name, true)
	pdf.SetCreator("Remat", false)
	pdf.SetProducer("Remat", false)
	pdf.SetLang(l)
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, 25)
	pdf.AliasNbPages("{nb}")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-18)
		pdf.SetFont(fontName, "", 8)
		pdf.SetTextColor(110, 110, 110)
		footer := inv.Seller.Name + " · " + inv.Seller.VATNumber + " · " + inv.Number
		pdf.CellFormat(contentW*2/3, 4, cp1252(footer), "", 0, "L", false, 0, "")
		pdf.CellFormat(contentW/3, 4, cp1252(fmt.Sprintf(lb.PageOf, pdf.PageNo())), "", 0, "R", false, 0, "")
	})
	pdf.AddPage()

	// Seller, top left.
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont(fontName, "B", 16)
	pdf.CellFormat(contentW, 8, cp1252(inv.Seller.Name), "", 1, "L", false, 0, "")
	pdf.SetFont(fontName, "", 9)
	for _, s := range addressLines(inv.Seller.Address) {
		pdf.CellFormat(contentW, 4.5, cp1252(s), "", 1, "L", false, 0, "")
	}
	pdf.CellFormat(contentW, 4.5, cp1252(lb.VATNo+" "+inv.Seller.VATNumber), "", 1, "L", false, 0, "")

	// Customer, in the window of a C5 right-window envelope.
	pdf.SetXY(118, 50)
	pdf.SetFont(fontName, "B", 8)
	pdf.SetTextColor(110, 110, 110)
	pdf.CellFormat(72, 4.5, cp1252(lb.Customer), "", 2, "L", false, 0, "")
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont(fontName, "", 10)
	var cust []string
	if inv.Customer.Company != "" {
		cust = append(cust, inv.Customer.Company)
	}
	if inv.Customer.Name != "" {
		cust = append(cust, inv.Customer.Name)
	}
	cust = append(cust, addressLines(inv.Customer.Address)...)
	cust = append(cust, inv.Customer.Email)
	for _, s := range cust {
		pdf.CellFormat(72, lineH, cp1252(s), "", 2, "L", false, 0, "")
	}

	// Title and facts.
	pdf.SetXY(margin, 90)
	pdf.SetFont(fontName, "B", 20)
	pdf.CellFormat(contentW, 10, cp1252(lb.Title+" "+inv.Number), "", 1, "L", false, 0, "")
	pdf.Ln(2)
	facts := [][2]string{
		{lb.Number, inv.Number},
		{lb.Date, FormatDate(inv.IssuedAt)},
		{lb.PaymentMethod, paymentMethodLabel(inv.PaymentMethod, l)},
	}
	if !inv.PaidAt.IsZero() {
		facts = append(facts, [2]string{lb.PaidOn, FormatDate(inv.PaidAt)})
	}
	for _, f := range facts {
		pdf.SetFont(fontName, "", 10)
		pdf.CellFormat(45, lineH, cp1252(f[0]), "", 0, "L", false, 0, "")
		pdf.SetFont(fontName, "B", 10)
		pdf.CellFormat(contentW-45, lineH, cp1252(f[1]), "", 1, "L", false, 0, "")
	}
	pdf.Ln(8)

	// Lines.
	header := func() {
		pdf.SetFont(fontName, "B", 9)
		pdf.SetFillColor(235, 238, 235)
		pdf.CellFormat(colDesc, 7, cp1252(lb.Description), "B", 0, "L", true, 0, "")
		pdf.CellFormat(colQty, 7, cp1252(lb.Quantity), "B", 0, "R", true, 0, "")
		pdf.CellFormat(colUnit, 7, cp1252(lb.UnitPrice), "B", 0, "R", true, 0, "")
		pdf.CellFormat(colAmt, 7, cp1252(lb.Amount), "B", 1, "R", true, 0, "")
	}
	header()
	pdf.SetFont(fontName, "", 10)
	for _, line := range inv.Lines {
		desc := wrap(pdf, cp1252(line.Description.In(l)), colDesc-2)
		h := float64(len(desc))*lineH + 2
		if pdf.GetY()+h > 297-30 {
			pdf.AddPage()
			header()
			pdf.SetFont(fontName, "", 10)
		}
		x, y := pdf.GetXY()
		for i, d := range desc {
			pdf.SetXY(x, y+1+float64(i)*lineH)
			pdf.CellFormat(colDesc, lineH, d, "", 0, "L", false, 0, "")
		}
		pdf.SetXY(x+colDesc, y+1)
		pdf.CellFormat(colQty, lineH, fmt.Sprint(line.Quantity), "", 0, "R", false, 0, "")
		pdf.CellFormat(colUnit, lineH, amount(line.UnitPriceRp), "", 0, "R", false, 0, "")
		pdf.CellFormat(colAmt, lineH, amount(line.NetRp), "", 0, "R", false, 0, "")
		pdf.SetXY(x, y+h)
		pdf.Line(x, y+h, x+contentW, y+h)
	}

	// Totals, right-aligned under the amount column.
	pdf.Ln(3)
	labelW := colQty + colUnit + 20
	total := func(label, value string, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont(fontName, style, 10)
		pdf.SetX(margin + contentW - labelW - colAmt)
		pdf.CellFormat(labelW, 6, cp1252(label), "", 0, "L", false, 0, "")
		pdf.CellFormat(colAmt, 6, value, "", 1, "R", false, 0, "")
	}
	total(lb.NetTotal, amount(inv.NetRp), false)
	total(fmt.Sprintf(lb.VAT, FormatRate(inv.VATRateBp)), amount(inv.VATRp), false)
	y := pdf.GetY()
	pdf.Line(margin+contentW-labelW-colAmt, y, margin+contentW, y)
	total(lb.Total, amount(inv.TotalRp), true)

	if !inv.PaidAt.IsZero() {
		pdf.Ln(10)
		pdf.SetFont(fontName, "", 10)
		for _, s := range wrap(pdf, cp1252(lb.Paid), contentW) {
			pdf.CellFormat(contentW, lineH, s, "", 1, "L", false, 0, "")
		}
	}

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("invoice: render %s: %w", inv.Number, err)
	}
	return buf.Bytes(), nil
}

// wrap breaks Windows-1252 text s at spaces into lines at most w wide in
// the current font (a single longer word gets a line of its own). fpdf's
// SplitText expects UTF-8, so it cannot measure converted text.
func wrap(pdf *fpdf.Fpdf, s string, w float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = word
		case pdf.GetStringWidth(cur+" "+word) <= w:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	return append(lines, cur)
}

// addressLines splits an address written on one line ("Musterstrasse 1,
// 8000 Zürich") or several into its lines.
func addressLines(addr string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(addr, func(r rune) bool { return r == '\n' || r == ',' }) {
		if s := strings.TrimSpace(part); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// cp1252 converts UTF-8 text to Windows-1252 bytes (in a Go string), the
// encoding fpdf's core fonts use. Narrow and other no-break spaces become
// U+00A0; anything else outside the code page becomes "?".
func cp1252(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		switch r {
		case '\u202f', '\u2007', '\u2009':
			r = '\u00a0'
		case utf8.RuneError:
			b = append(b, '?')
			continue
		}
		if c, ok := charmap.Windows1252.EncodeRune(r); ok {
			b = append(b, c)
		} else {
			b = append(b, '?')
		}
	}
	return string(b)
}
