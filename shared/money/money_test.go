package money

import "testing"

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
