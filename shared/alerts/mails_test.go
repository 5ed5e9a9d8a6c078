package alerts

import (
	"strings"
	"testing"
)

// TestAlertMailFormats: an alert prints prices and distances the one Swiss
// way in every language, as the site does.
func TestAlertMailFormats(t *testing.T) {
	ads := []Match{
		{AdID: "a1", Title: "Dachziegel", EffectivePriceRp: 152050, PostalCode: "8004", Locality: "Zürich", Canton: "ZH", DistanceKm: 2.46},
		{AdID: "a2", Title: "Ziegel", EffectivePriceRp: 4500, DistanceKm: 19.6},
	}
	for _, lang := range languages {
		t.Run(lang, func(t *testing.T) {
			m, err := alertMail(SavedSearch{ID: "s1", Name: "Ziegel"}, ads, 0, lang, "from@remat.example", "to@remat.example", "https://remat.example", "tok")
			if err != nil {
				t.Fatalf("alertMail: %v", err)
			}
			for _, want := range []string{"CHF\u00a01’520.50", "CHF\u00a045.00", "2.5", "20"} {
				if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
					t.Errorf("got text %q, want it (and the HTML) to contain %q", m.Text, want)
				}
			}
			if strings.Contains(m.Text, "2,5") {
				t.Errorf("got %q, want a decimal point in every language", m.Text)
			}
		})
	}
}

func TestKm(t *testing.T) {
	tests := []struct {
		km   float64
		want string
	}{{0.04, "0.0"}, {2.46, "2.5"}, {9.94, "9.9"}, {10, "10"}, {19.6, "20"}, {123.4, "123"}}
	for _, tt := range tests {
		if got := km(tt.km); got != tt.want {
			t.Errorf("km(%v): got %v, want %v", tt.km, got, tt.want)
		}
	}
}
