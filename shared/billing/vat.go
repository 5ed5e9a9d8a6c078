package billing

import "github.com/remat/remat/shared/money"

// VATRate is the rate every order uses (8.1 %, 810 basis points).
const VATRate = money.SwissVAT

// VAT is the VAT in Rappen on net Rappen at rate: net × rate / 10000
// rounded half-up to the Rappen (half away from zero for negative
// amounts, which only credit notes would have). Integer arithmetic only.
func VAT(netRp int64, rate money.BasisPoints) int64 {
	p := netRp * int64(rate)
	if p < 0 {
		return -((-p + 5000) / 10000)
	}
	return (p + 5000) / 10000
}

// Amounts are the totals of an order or invoice in Rappen.
type Amounts struct {
	NetRp     int64
	VATRateBp money.BasisPoints
	VATRp     int64
	TotalRp   int64
}

// AmountsFor returns net, VAT at rate and total = net + VAT.
func AmountsFor(netRp int64, rate money.BasisPoints) Amounts {
	vat := VAT(netRp, rate)
	return Amounts{NetRp: netRp, VATRateBp: rate, VATRp: vat, TotalRp: netRp + vat}
}
