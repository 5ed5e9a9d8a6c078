package catalog_test

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/remat/remat/shared/auth"
)

// TestSearchRefusesBadParams: numbers that are not numbers and a place
// too long to be one are validation errors of their parameter, never a
// server error (NaN passed the radius range check; a long location
// became a key lookup over DynamoDB's key size).
func TestSearchRefusesBadParams(t *testing.T) {
	c := newCloud(t)
	long := strings.Repeat("a", 1025)
	tests := []struct {
		name, query, field, want string
	}{
		{"radius NaN", "location=8001&radius=NaN", "radius", "invalid"},
		{"radius nan", "location=8001&radius=nan", "radius", "invalid"},
		{"radius +Inf", "location=8001&radius=%2BInf", "radius", "invalid"},
		{"radius Infinity", "location=8001&radius=Infinity", "radius", "invalid"},
		{"radius too small", "location=8001&radius=1e-300", "radius", "out_of_range"},
		{"location of 1025 bytes", "location=" + long, "location", "too_long"},
		{"location of 101 characters", "location=" + strings.Repeat("é", 101), "location", "too_long"},
		{"location with a control character", "location=" + url.QueryEscape("Z\x00rich"), "location", "invalid_characters"},
		{"category of 1025 bytes", "category=" + long, "category", "too_long"},
		{"brand of 1025 bytes", "brand=" + long, "brand", "too_long"},
		{"words of 201 characters", "q=" + strings.Repeat("b", 201), "q", "too_long"},
	}
	for _, tt := range tests {
		r := c.do(t, "GET", "/api/v1/products?"+tt.query, "", nil)
		if r.Status != 400 || r.Code() != "validation_failed" || r.FieldCode(tt.field) != tt.want {
			t.Errorf("%s: got %d %s, want 400 with %s: %s", tt.name, r.Status, r.Body, tt.field, tt.want)
		}
	}
	// A place of 100 characters is looked up (and not found).
	if r := c.do(t, "GET", "/api/v1/products?location="+strings.Repeat("é", 100), "", nil); r.Status != 400 || r.FieldCode("location") != "unknown_locality" {
		t.Errorf("location of 100 characters: got %d %s, want unknown_locality", r.Status, r.Body)
	}
}

// TestProductInputRefusals: text no one can read, a required number sent
// as null or left out, and a quantity DynamoDB cannot store are each a
// field error on create and on edit; nothing is stored and the draft
// keeps its values.
func TestProductInputRefusals(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})
	drop := func(key string) func(map[string]any) { return func(m map[string]any) { delete(m, key) } }
	quantity := func(amount any) func(map[string]any) {
		return set("quantity", map[string]any{"amount": amount, "unit": "kg"})
	}
	tests := []struct {
		name  string
		edit  func(map[string]any)
		field string
		want  string
	}{
		{"title of control characters", set("title", "»\x1a\x17"), "title", "invalid_characters"},
		{"title with NUL", set("title", "Dach\x00ziegel"), "title", "invalid_characters"},
		{"title of zero-width spaces", set("title", "\u200b\u200b"), "title", "required"},
		{"title of zero-width and blanks", set("title", " \u200b\ufeff\u2060 \u3164 "), "title", "required"},
		{"title with a bidi override", set("title", "\u202Eabc"), "title", "invalid_characters"},
		{"title with a bidi isolate", set("title", "Ziegel \u2067rot\u2069"), "title", "invalid_characters"},
		{"title with a newline", set("title", "Dach\nziegel"), "title", "invalid_characters"},
		{"description of blanks", set("description", " \t\n\u00a0\u200b\n "), "description", "required"},
		{"description with NUL", set("description", "Rund 400 Tonziegel\x00, unbenutzt."), "description", "invalid_characters"},
		{"description with escape", set("description", "Rund 400 Tonziegel \x1b[31m unbenutzt."), "description", "invalid_characters"},
		{"description with a bidi override", set("description", "Rund 400 Tonziegel \u202Dunbenutzt."), "description", "invalid_characters"},
		{"brand with a control character", set("brand", "Lau\x07fen"), "brand", "invalid_characters"},
		{"locality with a control character", set("location", map[string]any{"kind": "city", "postalCode": "8001", "locality": "Z\x7frich"}), "location.locality", "invalid_characters"},
		{"price null", set("priceRp", nil), "priceRp", "required"},
		{"price left out", drop("priceRp"), "priceRp", "required"},
		{"discount null", set("discountPct", nil), "discountPct", "required"},
		{"quantity null", quantity(nil), "quantity.amount", "required"},
		{"quantity below DynamoDB's smallest number", quantity(1e-131), "quantity.amount", "out_of_range"},
		{"quantity far below DynamoDB's smallest number", quantity(5e-324), "quantity.amount", "out_of_range"},
	}
	for _, tt := range tests {
		r := c.do(t, "POST", "/api/v1/products", tok, input(tt.edit))
		if r.Status != 400 || r.Code() != "validation_failed" || r.FieldCode(tt.field) != tt.want {
			t.Errorf("create, %s: got %d %s, want 400 with %s: %s", tt.name, r.Status, r.Body, tt.field, tt.want)
		}
	}
	if n := c.count(t, "AD#", "AD"); n != 0 {
		t.Fatalf("refused ads stored: got %d ads, want 0", n)
	}

	id := c.draft(t, tok)
	before := c.do(t, "GET", "/api/v1/products/"+id, tok, nil)
	for _, tt := range tests {
		r := c.do(t, "PATCH", "/api/v1/products/"+id, tok, input(tt.edit))
		if r.Status != 400 || r.Code() != "validation_failed" || r.FieldCode(tt.field) != tt.want {
			t.Errorf("edit, %s: got %d %s, want 400 with %s: %s", tt.name, r.Status, r.Body, tt.field, tt.want)
		}
	}
	after := c.do(t, "GET", "/api/v1/products/"+id, tok, nil)
	if !bytes.Equal(after.Body, before.Body) {
		t.Errorf("a refused edit changed the draft:\n got %s\nwant %s", after.Body, before.Body)
	}
	if n := c.count(t, "AD#", "AD"); n != 1 {
		t.Errorf("got %d ads, want the one draft", n)
	}
}

// TestProductInputNormalised: accepted text is stored in NFC with its
// blanks tidied; a price of 0 sent as a number is a give-away.
func TestProductInputNormalised(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})
	r := c.do(t, "POST", "/api/v1/products", tok, input(
		set("title", "\ufeff Cafe\u0301 \t Tisch\u200b "),
		set("description", "Zeile 1\r\nZeile\u00a02\rZeile 3\u2028\tEnde "),
		set("priceRp", 0), set("discountPct", 0),
	))
	if r.Status != 201 {
		t.Fatalf("create: got %d %s", r.Status, r.Body)
	}
	if got, want := r.str("title"), "Café Tisch"; got != want {
		t.Errorf("title: got %q, want %q", got, want)
	}
	if got, want := r.str("description"), "Zeile 1\nZeile\u00a02\nZeile 3\n\tEnde"; got != want {
		t.Errorf("description: got %q, want %q", got, want)
	}
	if got, _ := r.JSON["priceRp"].(float64); got != 0 {
		t.Errorf("price: got %v, want 0", r.JSON["priceRp"])
	}
}
