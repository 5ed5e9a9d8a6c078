package auth

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/golang-jwt/jwt/v5"
)

func TestViewer(t *testing.T) {
	user := sign(t, jwt.SigningMethodEdDSA, testKey, claims(func(c jwt.MapClaims) { c["role"] = "user" }))
	foreign := sign(t, jwt.SigningMethodEdDSA, otherKey, claims(nil))
	tests := []struct {
		name, header string
		want         Principal
	}{
		{"anonymous", "", Principal{}},
		{"valid token", "Bearer " + user, Principal{UserID: "user-1", Role: RoleUser, Version: 3}},
		{"token of another key", "Bearer " + foreign, Principal{}},
		{"not a bearer token", "Basic dXNlcjpwYXNz", Principal{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			if tt.header != "" {
				req.Header.Set("Authorization", tt.header)
			}
			if got := verifier(t).Viewer(req); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestCaller(t *testing.T) {
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	if got := Caller(req); got != (Principal{}) {
		t.Errorf("no principal: got %+v, want the zero Principal", got)
	}
	p := Principal{UserID: "user-1", Role: RoleAdmin}
	if got := Caller(req.WithContext(WithPrincipal(req.Context(), p))); got != p {
		t.Errorf("got %+v, want %+v", got, p)
	}
}
