package usersearch

import (
	"slices"
	"testing"
)

func TestTerms(t *testing.T) {
	tests := []struct {
		doc  Doc
		want []string
	}{
		{Doc{Email: "Emilie.Dubois@Example.ch", FirstName: "Émilie", LastName: "Dubois-Rochat", Company: "Bâtiments Léman SA"},
			[]string{"batiments", "dubois", "emilie", "emilie.dubois@example.ch", "leman", "rochat", "sa"}},
		{Doc{Email: "hans@example.ch", FirstName: "Hans", LastName: "Müller"}, []string{"hans", "hans@example.ch", "muller"}},
		{Doc{Email: "x@y.ch", FirstName: "Straße"}, []string{"strasse", "x", "x@y.ch"}},
	}
	for _, tt := range tests {
		if got := Terms(tt.doc); !slices.Equal(got, tt.want) {
			t.Errorf("%+v: got %v, want %v", tt.doc, got, tt.want)
		}
	}
}

func TestTermsBounded(t *testing.T) {
	long := ""
	for i := range 60 {
		long += string(rune('a'+i%26)) + string(rune('a'+i/26)) + " "
	}
	if got := Terms(Doc{Email: "a@b.ch", Company: long}); len(got) != maxTerms {
		t.Errorf("got %d terms, want %d", len(got), maxTerms)
	}
}

func TestMatches(t *testing.T) {
	terms := []string{"anna", "annaheim", "anna@x.ch", "muster"}
	tests := []struct {
		term, anchor string
		rest         []string
		want         bool
	}{
		{"anna", "ann", nil, true},
		{"annaheim", "ann", nil, false}, // listed at "anna" already
		{"anna", "ann", []string{"must"}, true},
		{"anna", "ann", []string{"meier"}, false},
		{"muster", "must", []string{"ann"}, true},
	}
	for _, tt := range tests {
		if got := matches(terms, tt.term, tt.anchor, tt.rest); got != tt.want {
			t.Errorf("%s %s %v: got %v, want %v", tt.term, tt.anchor, tt.rest, got, tt.want)
		}
	}
}
