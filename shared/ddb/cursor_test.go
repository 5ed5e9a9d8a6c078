package ddb

import (
	"strings"
	"testing"
)

func TestLinkTokens(t *testing.T) {
	c, err := NewCursors([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := NewCursors([]byte("fedcba9876543210fedcba9876543210"))
	if err != nil {
		t.Fatal(err)
	}
	tok := c.SignLink("unsubscribe", "user-1/search-2")
	tests := []struct {
		name, purpose, token string
		ok                   bool
	}{
		{"valid", "unsubscribe", tok, true},
		{"other purpose", "verify", tok, false},
		{"other key", "unsubscribe", other.SignLink("unsubscribe", "user-1/search-2"), false},
		{"value changed", "unsubscribe", strings.Split(c.SignLink("unsubscribe", "user-1/search-3"), ".")[0] + "." + strings.Split(tok, ".")[1], false},
		{"no signature", "unsubscribe", strings.Split(tok, ".")[0], false},
		{"garbage", "unsubscribe", "%%%.%%%", false},
		{"empty", "unsubscribe", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := c.VerifyLink(tc.purpose, tc.token)
			if ok != tc.ok || (ok && v != "user-1/search-2") {
				t.Errorf("got %q, %v, want ok=%v", v, ok, tc.ok)
			}
		})
	}
}
