package auth

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/remat/remat/shared/apperr"
)

var (
	// testKey signs the tokens the verifier accepts; otherKey is another
	// pair, whose tokens it must refuse. (The package authtest has the same
	// kind of fixed pair, but it imports auth, so auth's own tests cannot
	// use it.)
	testKey  = ed25519.NewKeyFromSeed([]byte("auth-test-ed25519-seed-012345678"))
	otherKey = ed25519.NewKeyFromSeed([]byte("auth-other-ed25519-seed-01234567"))
	testPub  = testKey.Public().(ed25519.PublicKey)
	// hmacSecret stands for any HS256 secret, such as the old
	// jwt-signing-key.
	hmacSecret = []byte("test-signing-key-0123456789abcdef")
	now        = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock      = func() time.Time { return now }
)

func claims(mut func(jwt.MapClaims)) jwt.MapClaims {
	c := jwt.MapClaims{
		"sub": "user-1", "role": "admin", "ver": 3,
		"iss": TokenIssuer, "aud": TokenAudience,
		"iat": now.Add(-time.Minute).Unix(), "exp": now.Add(time.Hour).Unix(),
	}
	if mut != nil {
		mut(c)
	}
	return c
}

func sign(t *testing.T, method jwt.SigningMethod, key any, c jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, c).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func verifier(t *testing.T) *Verifier {
	t.Helper()
	v, err := NewVerifier(testPub)
	if err != nil {
		t.Fatal(err)
	}
	return v.WithClock(clock)
}

func TestVerify(t *testing.T) {
	ed := jwt.SigningMethodEdDSA
	tests := []struct {
		name  string
		token string
		want  apperr.Code // "" = valid
	}{
		{"valid admin", sign(t, ed, testKey, claims(nil)), ""},
		{"valid user", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["role"] = "user" })), ""},
		{"aud as list", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["aud"] = []string{"x", TokenAudience} })), ""},
		{"within leeway", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["exp"] = now.Add(-10 * time.Second).Unix() })), ""},
		{"empty", "", apperr.CodeNotLoggedIn},
		{"expired", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["exp"] = now.Add(-time.Hour).Unix() })), apperr.CodeNotLoggedIn},
		{"alg none", sign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims(nil)), apperr.CodeInvalidToken},
		{"alg HS256", sign(t, jwt.SigningMethodHS256, hmacSecret, claims(nil)), apperr.CodeInvalidToken},
		{"alg HS256 keyed with the public key", sign(t, jwt.SigningMethodHS256, []byte(testPub), claims(nil)), apperr.CodeInvalidToken},
		{"alg HS512", sign(t, jwt.SigningMethodHS512, hmacSecret, claims(nil)), apperr.CodeInvalidToken},
		{"wrong key", sign(t, ed, otherKey, claims(nil)), apperr.CodeInvalidToken},
		{"malformed", "not.a.jwt", apperr.CodeInvalidToken},
		{"garbage", "abc", apperr.CodeInvalidToken},
		{"wrong key and expired", sign(t, ed, otherKey, claims(func(c jwt.MapClaims) { c["exp"] = now.Add(-time.Hour).Unix() })), apperr.CodeInvalidToken},
		{"wrong aud", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["aud"] = "remat-admin" })), apperr.CodeInvalidTokenPayload},
		{"wrong iss", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["iss"] = "evil" })), apperr.CodeInvalidTokenPayload},
		{"missing role", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { delete(c, "role") })), apperr.CodeInvalidTokenPayload},
		{"unknown role", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["role"] = "root" })), apperr.CodeInvalidTokenPayload},
		{"role not a string", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["role"] = 1 })), apperr.CodeInvalidTokenPayload},
		{"missing sub", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { delete(c, "sub") })), apperr.CodeInvalidTokenPayload},
		{"missing ver", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { delete(c, "ver") })), apperr.CodeInvalidTokenPayload},
		{"fractional ver", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["ver"] = 1.5 })), apperr.CodeInvalidTokenPayload},
		{"negative ver", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["ver"] = -1 })), apperr.CodeInvalidTokenPayload},
		{"missing exp", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { delete(c, "exp") })), apperr.CodeInvalidTokenPayload},
		{"exp not a number", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["exp"] = "tomorrow" })), apperr.CodeInvalidTokenPayload},
		{"missing iat", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { delete(c, "iat") })), apperr.CodeInvalidTokenPayload},
		{"issued in the future", sign(t, ed, testKey, claims(func(c jwt.MapClaims) { c["iat"] = now.Add(time.Hour).Unix() })), apperr.CodeInvalidTokenPayload},
		{"expired with wrong aud", sign(t, ed, testKey, claims(func(c jwt.MapClaims) {
			c["exp"] = now.Add(-time.Hour).Unix()
			c["aud"] = "x"
		})), apperr.CodeInvalidTokenPayload},
	}
	v := verifier(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := v.Verify(context.Background(), tt.token)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				if p.UserID != "user-1" || p.Version != 3 {
					t.Errorf("got %+v, want user-1 version 3", p)
				}
				return
			}
			if got := apperr.From(err).Code; got != tt.want {
				t.Errorf("got %v (%v), want %v", got, err, tt.want)
			}
		})
	}
}

func TestIssuerRoundTrip(t *testing.T) {
	iss, err := NewIssuer(testKey, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	iss = iss.WithClock(clock)
	want := Principal{UserID: "u-42", Role: RoleUser, Version: 7}
	tok, err := iss.Issue(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := verifier(t).Verify(context.Background(), tok)
	if err != nil || got != want {
		t.Errorf("got %+v, %v, want %+v, nil", got, err, want)
	}
	// An hour later (plus leeway) the token is expired: log in again.
	late, _ := NewVerifier(testPub)
	late = late.WithClock(func() time.Time { return now.Add(time.Hour + time.Minute) })
	if _, err := late.Verify(context.Background(), tok); apperr.From(err).Code != apperr.CodeNotLoggedIn {
		t.Errorf("expired: got %v, want %v", err, apperr.CodeNotLoggedIn)
	}
}

func TestIssuerOtherKeyPair(t *testing.T) {
	iss, err := NewIssuer(otherKey, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := iss.WithClock(clock).Issue(Principal{UserID: "u-42", Role: RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := verifier(t).Verify(context.Background(), tok); apperr.From(err).Code != apperr.CodeInvalidToken {
		t.Errorf("got %v, want %v", err, apperr.CodeInvalidToken)
	}
}

func TestIssuerRejects(t *testing.T) {
	if _, err := NewIssuer(ed25519.PrivateKey("short"), time.Hour); err == nil {
		t.Errorf("short key: got nil, want an error")
	}
	if _, err := NewIssuer(nil, time.Hour); err == nil {
		t.Errorf("no key: got nil, want an error")
	}
	if _, err := NewIssuer(testKey, 0); err == nil {
		t.Errorf("zero ttl: got nil, want an error")
	}
	if _, err := NewVerifier(ed25519.PublicKey("short")); err == nil {
		t.Errorf("short verifier key: got nil, want an error")
	}
	if _, err := NewVerifier(nil); err == nil {
		t.Errorf("no verifier key: got nil, want an error")
	}
	iss, _ := NewIssuer(testKey, time.Hour)
	for _, p := range []Principal{{Role: RoleUser}, {UserID: "u", Role: "root"}, {UserID: "u", Role: RoleUser, Version: -1}} {
		if _, err := iss.Issue(p); err == nil {
			t.Errorf("Issue(%+v): got nil, want an error", p)
		}
	}
}

type fakeVersions struct {
	ver      int
	inactive bool
	err      error
}

func (f fakeVersions) TokenVersion(context.Context, string) (TokenState, error) {
	return TokenState{Version: f.ver, Active: !f.inactive}, f.err
}

func TestTokenVersions(t *testing.T) {
	tok := sign(t, jwt.SigningMethodEdDSA, testKey, claims(nil)) // ver 3
	tests := []struct {
		name     string
		versions fakeVersions
		want     apperr.Code
	}{
		{"current", fakeVersions{ver: 3}, ""},
		{"revoked", fakeVersions{ver: 4}, apperr.CodeNotLoggedIn},
		{"older version", fakeVersions{ver: 2}, apperr.CodeNotLoggedIn},
		{"suspended or banned", fakeVersions{ver: 3, inactive: true}, apperr.CodeNotLoggedIn},
		{"user gone", fakeVersions{err: fmt.Errorf("accounts: get: %w", apperr.ErrNotFound)}, apperr.CodeNotLoggedIn},
		{"lookup failed", fakeVersions{err: errors.New("dynamodb down")}, apperr.CodeInternal},
	}
	for _, tt := range tests {
		_, err := verifier(t).WithTokenVersions(tt.versions).Verify(context.Background(), tok)
		got := apperr.Code("")
		if err != nil {
			got = apperr.From(err).Code
		}
		if got != tt.want {
			t.Errorf("%s: got %v (%v), want %v", tt.name, got, err, tt.want)
		}
	}
}

func TestRequireRole(t *testing.T) {
	admin := sign(t, jwt.SigningMethodEdDSA, testKey, claims(nil))
	user := sign(t, jwt.SigningMethodEdDSA, testKey, claims(func(c jwt.MapClaims) { c["role"] = "user" }))
	tests := []struct {
		name   string
		header string
		status int
		code   apperr.Code
	}{
		{"no header", "", 401, apperr.CodeNotLoggedIn},
		{"empty bearer", "Bearer ", 401, apperr.CodeNotLoggedIn},
		{"basic auth", "Basic dXNlcjpwYXNz", 401, apperr.CodeNotLoggedIn},
		{"bad token", "Bearer nope", 401, apperr.CodeInvalidToken},
		{"user on admin route", "Bearer " + user, 403, apperr.CodeForbidden},
		{"admin", "Bearer " + admin, 200, ""},
		{"lower-case scheme", "bearer " + admin, 200, ""},
	}
	var seen Principal
	h := verifier(t).RequireRole(RoleAdmin)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen, _ = PrincipalFrom(r.Context())
		w.WriteHeader(http.StatusOK)
	}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen = Principal{}
			req := httptest.NewRequest("GET", "/", nil)
			if tt.header != "" {
				req.Header.Set("Authorization", tt.header)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status: got %v, want %v", rec.Code, tt.status)
			}
			if tt.code == "" {
				if seen.UserID != "user-1" || seen.Role != RoleAdmin {
					t.Errorf("principal: got %+v, want user-1 admin", seen)
				}
				return
			}
			var body struct {
				Error struct {
					Code apperr.Code `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if body.Error.Code != tt.code {
				t.Errorf("code: got %v, want %v", body.Error.Code, tt.code)
			}
		})
	}
}

func TestAuthenticateAdmitsAnyRole(t *testing.T) {
	user := sign(t, jwt.SigningMethodEdDSA, testKey, claims(func(c jwt.MapClaims) { c["role"] = "user" }))
	h := verifier(t).Authenticate(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(204) }))
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Authorization", "Bearer "+user)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 204 {
		t.Errorf("got %v, want %v", rec.Code, 204)
	}
}
