package money

import (
	"math"
	"testing"
)

func TestPercent(t *testing.T) {
	tests := map[BasisPoints]string{
		SwissVAT: "8.1",
		800:      "8",
		25:       "0.25",
		5:        "0.05",
		0:        "0",
		1234:     "12.34",
		-50:      "-0.5",
	}
	for in, want := range tests {
		if got := in.Percent(); got != want {
			t.Errorf("%d: got %v, want %v", in, got, want)
		}
	}
}

func TestFormat(t *testing.T) {
	const nb = "\u00a0"
	tests := []struct {
		name     string
		rp       int64
		currency string
		want     string
	}{
		{"zero", 0, Currency, "CHF" + nb + "0.00"},
		{"five Rappen", 5, Currency, "CHF" + nb + "0.05"},
		{"under a thousand", 99999, Currency, "CHF" + nb + "999.99"},
		{"a thousand", 100000, Currency, "CHF" + nb + "1’000.00"},
		{"grouped", 152050, Currency, "CHF" + nb + "1’520.50"},
		{"millions", 100000000, Currency, "CHF" + nb + "1’000’000.00"},
		{"negative", -2900, Currency, "CHF" + nb + "-29.00"},
		{"negative grouped", -152055, Currency, "CHF" + nb + "-1’520.55"},
		{"negative Rappen only", -5, Currency, "CHF" + nb + "-0.05"},
		{"largest", math.MaxInt64, Currency, "CHF" + nb + "92’233’720’368’547’758.07"},
		{"smallest", math.MinInt64, Currency, "CHF" + nb + "-92’233’720’368’547’758.08"},
		{"other currency", 1000000, "EUR", "EUR" + nb + "10’000.00"},
	}
	for _, tt := range tests {
		if got := Format(tt.rp, tt.currency); got != tt.want {
			t.Errorf("%s: Format(%d, %s): got %q, want %q", tt.name, tt.rp, tt.currency, got, tt.want)
		}
	}
}

func TestGroupThousands(t *testing.T) {
	tests := map[string]string{"": "", "0": "0", "999": "999", "1000": "1’000", "1234567": "1’234’567"}
	for in, want := range tests {
		if got := GroupThousands(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
