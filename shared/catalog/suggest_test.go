package catalog_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/remat/remat/shared/auth"
)

// TestSuggestions: categories in the asked language, brands and title
// words, each only with active ads, most ads first; bounds and language
// checked in the one error vocabulary.
func TestSuggestions(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})
	c.published(t, tok) // "Dachziegel Tonziegel rot", roofing, Laufen
	c.published(t, tok, set("title", "Dachlatten aus Fichte"), set("categorySlug", "timber"), set("brand", ""))
	c.published(t, tok, set("title", "Dachfenster Velux"), set("categorySlug", "windows-doors"), set("brand", "Velux"))
	c.draft(t, tok, set("title", "Dachrinne Kupfer")) // a draft suggests nothing

	tests := []struct {
		q, lang string
		status  int
		want    string // kind:label(count) ...
		fields  map[string]any
	}{
		{"dach", "de", 200, "[term:dachfenster(1) term:dachlatten(1) term:dachziegel(1)]", nil},
		{"BEDA", "de", 200, "[category:Bedachung(1)]", nil},
		{"toit", "fr", 200, "[category:Toiture(1)]", nil},
		{"bau", "de", 200, "[category:Baumaterialien(3)]", nil},
		{"lau", "en", 200, "[brand:Laufen(1)]", nil},
		{"vel", "it", 200, "[brand:Velux(1)]", nil}, // the word "velux" is the brand already
		{"alte dachz", "de", 200, "[term:alte dachziegel(0)]", nil},
		{"tonz", "sq", 200, "[term:tonziegel(1)]", nil},
		{"kupf", "de", 200, "[]", nil},
		{"d", "de", 400, "", map[string]any{"q": "too_short"}},
		{"", "de", 400, "", map[string]any{"q": "required"}},
		{"dach", "es", 400, "", map[string]any{"lang": "invalid"}},
		{"dach", "", 400, "", map[string]any{"lang": "invalid"}},
	}
	for _, tt := range tests {
		r := c.do(t, "GET", "/api/v1/suggestions?q="+url.QueryEscape(tt.q)+"&lang="+tt.lang, "", nil)
		if r.Status != tt.status {
			t.Errorf("q=%q lang=%s: got %d %s, want %d", tt.q, tt.lang, r.Status, r.Body, tt.status)
			continue
		}
		if tt.status != 200 {
			e, _ := r.JSON["error"].(map[string]any)
			fields, _ := e["fields"].(map[string]any)
			if r.Code() != "validation_failed" || fmt.Sprint(fields) != fmt.Sprint(tt.fields) {
				t.Errorf("q=%q lang=%s: got fields %v, want %v", tt.q, tt.lang, fields, tt.fields)
			}
			continue
		}
		got := []string{}
		for _, it := range r.items() {
			n, _ := it["count"].(float64)
			got = append(got, fmt.Sprintf("%s:%s(%d)", it["kind"], it["label"], int(n)))
		}
		if fmt.Sprint(got) != tt.want {
			t.Errorf("q=%q lang=%s: got %v, want %s", tt.q, tt.lang, got, tt.want)
		}
		if cc := r.Header.Get("Cache-Control"); cc != "public, max-age=60" {
			t.Errorf("q=%q: Cache-Control %q", tt.q, cc)
		}
	}
}

// TestCategoryCounts: the categories answer counts the active ads of each
// category with its sub-categories.
func TestCategoryCounts(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})
	c.published(t, tok)
	c.published(t, tok, set("categorySlug", "timber"))
	c.draft(t, tok, set("categorySlug", "timber"))
	r := c.do(t, "GET", "/api/v1/categories", "", nil)
	counts, _ := r.JSON["counts"].(map[string]any)
	want := map[string]float64{"building-materials": 2, "roofing": 1, "timber": 1, "tools": 0}
	for slug, n := range want {
		if counts[slug] != n {
			t.Errorf("count of %s: got %v, want %v", slug, counts[slug], n)
		}
	}
}
