package search

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
)

func TestTitleWords(t *testing.T) {
	tests := []struct {
		title       string
		wantKeys    []string
		wantWritten map[string]string
	}{
		{"Dachziegel rot", []string{"dachziegel", "rot"}, map[string]string{"dachziegel": "dachziegel", "rot": "rot"}},
		{"Tuiles de la Tuilerie, TUILES", []string{"tuiles", "tuilerie"}, map[string]string{"tuiles": "tuiles", "tuilerie": "tuilerie"}},
		{"Dämmung 20 m² für Dach", []string{"dammung", "dach"}, map[string]string{"dammung": "dämmung", "dach": "dach"}},
		{"Bois: 2x4 ok", []string{"bois"}, map[string]string{"bois": "bois"}},
		{"", nil, map[string]string{}},
		{
			"one two three four five six seven eight nine ten eleven twelve thirteen",
			[]string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"},
			nil,
		},
	}
	for _, tt := range tests {
		keys, written := titleWords(tt.title)
		if !reflect.DeepEqual(keys, tt.wantKeys) {
			t.Errorf("titleWords(%q) keys: got %v, want %v", tt.title, keys, tt.wantKeys)
		}
		if tt.wantWritten != nil && !reflect.DeepEqual(written, tt.wantWritten) {
			t.Errorf("titleWords(%q) written: got %v, want %v", tt.title, written, tt.wantWritten)
		}
	}
}

func TestBrandTerm(t *testing.T) {
	tests := []struct{ name, want string }{
		{"Sika AG", "brand:sikaag"},
		{"Würth", "brand:wurth"},
		{"--", ""},
	}
	for _, tt := range tests {
		if got := BrandTerm(tt.name); got != tt.want {
			t.Errorf("BrandTerm(%q): got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestWordsFollowIndex runs against DynamoDB Local: the vocabulary counts
// follow Index, edits and Unindex, a replayed Index counts nothing twice,
// and Words answers by folded prefix, most used first.
func TestWordsFollowIndex(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	ad := func(id, title string) Ad {
		return Ad{ID: id, Title: title, CategoryPath: []string{"roofing"}, Condition: CondUsed, PriceRp: 1000,
			PublishedAt: t0.Add(time.Minute), SellerID: "u1"}
	}
	for _, a := range []Ad{ad("a1", "Dachziegel rot"), ad("a2", "Dachziegel alt"), ad("a3", "Dämmung Dach")} {
		for range 2 { // a replay changes nothing
			if err := Index(ctx, db, table, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	words := func(prefix string) string {
		t.Helper()
		got, err := Words(ctx, db, table, prefix, 5)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(got)
	}
	tests := []struct{ prefix, want string }{
		{"da", "[{dachziegel 2} {dach 1} {dämmung 1}]"},
		{"DAE", "[]"}, // ae spelt out is another word (text.go)
		{"däm", "[{dämmung 1}]"},
		{"dam", "[{dämmung 1}]"},
		{"d", "[]"}, // too short to ask
		{"zz", "[]"},
	}
	for _, tt := range tests {
		if got := words(tt.prefix); got != tt.want {
			t.Errorf("Words(%q): got %s, want %s", tt.prefix, got, tt.want)
		}
	}

	edited := ad("a1", "Tuiles rouges")
	if err := Index(ctx, db, table, edited); err != nil {
		t.Fatal(err)
	}
	if err := Unindex(ctx, db, table, Ad{ID: "a3"}); err != nil {
		t.Fatal(err)
	}
	if err := Unindex(ctx, db, table, Ad{ID: "a3"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ prefix, want string }{
		{"da", "[{dachziegel 1}]"},
		{"tu", "[{tuiles 1}]"},
	} {
		if got := words(tt.prefix); got != tt.want {
			t.Errorf("after edit and unindex: Words(%q): got %s, want %s", tt.prefix, got, tt.want)
		}
	}
}

func TestWordsRead(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	var ads []Ad
	for i := range WordsRead + 10 {
		ads = append(ads, Ad{ID: fmt.Sprintf("w%02d", i), Title: fmt.Sprintf("holz%s", string(rune('a'+i%26))+string(rune('a'+i/26))),
			Condition: CondNew, PriceRp: 100, PublishedAt: t0, SellerID: "u1"})
	}
	if err := Load(ctx, db, table, ads, 4); err != nil {
		t.Fatal(err)
	}
	got, err := Words(ctx, db, table, "holz", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != WordsRead {
		t.Errorf("Words of %d matching words: got %d, want the bounded read, %d", len(ads), len(got), WordsRead)
	}
}
