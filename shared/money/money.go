// Package money holds Remat's money constants and the integer types used
// for amounts and rates. Amounts are integer Rappen (1 CHF = 100 Rappen)
// and rates are integer basis points, so no float ever touches money.
package money

import (
	"strconv"
	"strings"
)

// Currency is the only currency Remat sells in.
const Currency = "CHF"

// BasisPoints is a rate in hundredths of a percent: 810 is 8.1 %.
type BasisPoints int64

// SwissVAT is the Swiss standard VAT rate (8.1 % since 2024-01-01).
const SwissVAT BasisPoints = 810

// Percent formats b as a decimal percentage without trailing zeros:
// 810 -> "8.1", 800 -> "8", 25 -> "0.25", -50 -> "-0.5".
func (b BasisPoints) Percent() string {
	neg := b < 0
	if neg {
		b = -b
	}
	whole, frac := int64(b)/100, int64(b)%100
	s := strconv.FormatInt(whole, 10)
	switch {
	case frac == 0:
	case frac%10 == 0:
		s += "." + strconv.FormatInt(frac/10, 10)
	default:
		s += "." + string(rune('0'+frac/10)) + string(rune('0'+frac%10))
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Format writes amountRp Rappen the one Swiss way Remat prints money in
// every language, in mails, invoices, page metadata and the SPA alike:
// Format(152050, "CHF") is "CHF 1’520.50" with a no-break space after the
// currency, thousands grouped by the Swiss apostrophe (U+2019), always two
// decimals, and a minus before the digits for a negative amount
// ("CHF -29.00"). Only integer arithmetic touches the amount.
func Format(amountRp int64, currency string) string {
	neg := amountRp < 0
	// Split before negating so that math.MinInt64 cannot overflow.
	whole, frac := amountRp/100, amountRp%100
	if neg {
		whole, frac = -whole, -frac
	}
	digits := strconv.FormatInt(whole, 10)
	var b strings.Builder
	b.Grow(len(currency) + len(digits) + len(digits)/3*3 + 6)
	b.WriteString(currency)
	b.WriteString("\u00a0")
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(GroupThousands(digits))
	b.WriteByte('.')
	b.WriteByte(byte('0' + frac/10))
	b.WriteByte(byte('0' + frac%10))
	return b.String()
}

// GroupThousands groups a string of ASCII digits by three from the right
// with the Swiss apostrophe: "1234567" is "1’234’567".
func GroupThousands(digits string) string {
	var b strings.Builder
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString("’")
		}
		b.WriteByte(digits[i])
	}
	return b.String()
}
