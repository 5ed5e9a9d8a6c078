package search

import (
	"slices"
	"testing"
	"time"
)

func TestQueryTokens(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"accents and case", "Tuiles ÉMAILLÉES", []string{"tuil", "emaille"}},
		{"eszett", "Straßenplatten", []string{"strassenplatt"}},
		{"umlaut", "Dämmung", []string{"dammung"}},
		{"french plural s", "tuiles", []string{"tuil"}},
		{"french singular", "tuile", []string{"tuil"}},
		{"french plural x", "carreaux", []string{"carreau"}},
		{"german plural en", "Platten", []string{"platt"}},
		{"german el stays", "Ziegel", []string{"ziegel"}},
		{"italian plural i", "mattoni", []string{"matton"}},
		{"italian singular", "mattone", []string{"matton"}},
		{"italian e/a", "tegole tegola", []string{"tegol"}},
		{"short words kept whole", "bois", []string{"bois"}},
		{"double s kept", "stress", []string{"stress"}},
		{"stop words fr", "la tuile de la maison", []string{"tuil", "maison"}},
		{"stop words de", "Ziegel für das Dach", []string{"ziegel", "dach"}},
		{"stop words it en", "tegole per il tetto and the roof", []string{"tegol", "tett", "roof"}},
		{"digits and punctuation", "OSB-Platte 18mm, 2.5 m²", []string{"osb", "platt", "18mm", "m2"}},
		{"one letter dropped", "a b c", nil},
		{"duplicates once", "Ziegel ziegel ZIEGEL", []string{"ziegel"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := QueryTokens(tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("QueryTokens(%q): got %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestCompoundParts(t *testing.T) {
	tests := []struct {
		title   string
		query   string
		matches bool
	}{
		{"Dachziegel Biberschwanz", "ziegel", true},
		{"Dachziegel Biberschwanz", "Ziegeln", false}, // dative plural keeps its n: not a rule
		{"Gipsplatten 12.5 mm", "Platte", true},
		{"Dachziegel", "dachziegel", true},
		{"Ziegel", "dachziegel", false}, // queries are not expanded
		{"Isolation laine de verre", "laine", true},
		{"tuiles", "ziegel", false},
	}
	for _, tc := range tests {
		keys := textKeys(tc.title, "")
		match := true
		for _, q := range QueryTokens(tc.query) {
			match = match && slices.Contains(keys, q)
		}
		if match != tc.matches {
			t.Errorf("title %q, query %q: got match %v, want %v (keys %q)", tc.title, tc.query, match, tc.matches, keys)
		}
	}
}

func TestTerms(t *testing.T) {
	ad := Ad{
		ID: "a1", Title: "Dachziegel rot", Brand: "Gebr. Müller AG", CategoryPath: []string{"roof-tiles", "roofing"},
		Condition: CondUsed, PriceRp: 1000, Canton: "zh", Lat: 47.3769, Lon: 8.5417, PublishedAt: time.Now(),
	}
	base := []string{
		"brand:gebrmullerag", "canton:ZH", "cat:roof-tiles", "cat:roofing",
		"cat:roof-tiles|gh4:u0qj", "cat:roof-tiles|gh5:u0qjd", "cat:roofing|gh4:u0qj", "cat:roofing|gh5:u0qjd",
		"gh4:u0qj", "gh5:u0qjd", "gh6:u0qjd2",
		"t:ag", "t:dachziegel", "t:egel", "t:gebr", "t:hziegel", "t:iegel", "t:muller", "t:rot", "t:ziegel",
	}
	want := slices.Clone(base)
	for _, t := range base {
		want = append(want, t+"~used")
	}
	want = append(want, "all", "cond:used")
	slices.Sort(want)
	if got := Terms(ad); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestEffectivePrice(t *testing.T) {
	tests := []struct {
		price int64
		pct   int
		want  int64
	}{{10000, 0, 10000}, {10000, 25, 7500}, {999, 50, 500}, {0, 10, 0}, {12345, 99, 123}}
	for _, tc := range tests {
		if got := (Ad{PriceRp: tc.price, DiscountPct: tc.pct}).EffectivePriceRp(); got != tc.want {
			t.Errorf("%d -%d%%: got %d, want %d", tc.price, tc.pct, got, tc.want)
		}
	}
}
