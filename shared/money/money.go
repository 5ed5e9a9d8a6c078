// Package money holds Remat's money constants and the integer types used
// for amounts and rates. Amounts are integer Rappen (1 CHF = 100 Rappen)
// and rates are integer basis points, so no float ever touches money.
package money

import "strconv"

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
