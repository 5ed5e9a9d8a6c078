package accounts_test

import (
	"testing"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
)

func TestSignInWithIdentity(t *testing.T) {
	c := newCloud(t)
	ctx := t.Context()
	id := accounts.Identity{Provider: "google", Subject: "g-1", Email: "New@Example.ch", EmailVerified: true, FirstName: "Nina", LastName: "Neu", Language: "it"}

	// Creates a verified individual account, then finds it by identity.
	tok, u, err := c.svc.SignInWithIdentity(ctx, id)
	if err != nil || tok == "" || !u.EmailVerified || u.AccountType != accounts.AccountIndividual || u.Language != "it" || u.PasswordHash != "" {
		t.Fatalf("create: got %v %+v", err, u)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", tok, nil); r.Status != 200 {
		t.Errorf("token: got %d %s", r.Status, r.Body)
	}
	_, again, err := c.svc.SignInWithIdentity(ctx, id)
	if err != nil || again.ID != u.ID {
		t.Errorf("again: got %v %s, want %s", err, again.ID, u.ID)
	}
	// A social-only account cannot log in with a password.
	if r := c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": "new@example.ch", "password": "anything at all"}); r.Status != 401 {
		t.Errorf("password login: got %d, want 401", r.Status)
	}

	// Links to an existing verified account with the same e-mail.
	c.verifiedUser(t, "linked@example.ch")
	_, linked, err := c.svc.SignInWithIdentity(ctx, accounts.Identity{Provider: "facebook", Subject: "f-1", Email: "LINKED@example.ch", EmailVerified: true})
	if err != nil || linked.Email != "linked@example.ch" || linked.PasswordHash == "" {
		t.Errorf("link: got %v %+v", err, linked)
	}

	tests := []struct {
		name string
		id   accounts.Identity
		code string
	}{
		{"unverified e-mail", accounts.Identity{Provider: "google", Subject: "g-2", Email: "x@example.ch"}, "email_not_verified"},
		{"suspended", func() accounts.Identity {
			c.setStatus(t, "new@example.ch", "suspended")
			return id
		}(), "account_status"},
	}
	for _, tt := range tests {
		_, _, err := c.svc.SignInWithIdentity(ctx, tt.id)
		if got := apperrCode(err); got != tt.code {
			t.Errorf("%s: got %v, want %s", tt.name, err, tt.code)
		}
	}
}

func apperrCode(err error) string {
	if err == nil {
		return ""
	}
	return string(apperr.From(err).Code)
}

// TestSocialSignInTakesOverUnverifiedAccount is account pre-hijacking:
// someone signs up with another person's e-mail and a password of their
// choosing, and never verifies it (they cannot: the link goes to the
// victim). When the victim signs in with a provider that vouches for the
// address, the account becomes theirs alone: the stranger's password no
// longer works, tokens issued before are refused, and what the stranger
// typed into the profile is replaced by what the provider vouches for.
func TestSocialSignInTakesOverUnverifiedAccount(t *testing.T) {
	c := newCloud(t)
	ctx := t.Context()
	body := signupBody("victim@example.ch")
	body["accountType"], body["company"] = "professional", map[string]any{
		"name": "Mallory AG", "email": "m@evil.example", "address": "Weg 1, 8000 Zürich", "website": "evil.example",
	}
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", body); r.Status != 201 {
		t.Fatalf("stranger's sign-up: got %d %s", r.Status, r.Body)
	}
	pending, err := c.store.UserByEmail(ctx, "victim@example.ch")
	if err != nil {
		t.Fatal(err)
	}
	// A session of the pending account (issued at its token version).
	old, err := authtest.Issuer(t, time.Hour).WithClock(c.clock.Now).Issue(auth.Principal{UserID: pending.ID, Role: auth.RoleUser, Version: pending.TokenVersion})
	if err != nil {
		t.Fatal(err)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", old, nil); r.Status != 200 {
		t.Fatalf("old token before the social sign-in: got %d %s, want 200", r.Status, r.Body)
	}

	tok, u, err := c.svc.SignInWithIdentity(ctx, accounts.Identity{
		Provider: "google", Subject: "g-victim", Email: "Victim@Example.ch", EmailVerified: true, FirstName: "Vera", LastName: "Wahr", Language: "it",
	})
	if err != nil {
		t.Errorf("social sign-in: got %v, want the pending account taken over", err)
	}
	if u.ID != pending.ID || !u.EmailVerified || u.PasswordHash != "" {
		t.Errorf("account: got id %s verified %v password set %v, want %s verified without a password", u.ID, u.EmailVerified, u.PasswordHash != "", pending.ID)
	}
	r := c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": "victim@example.ch", "password": goodPass})
	if r.Status != 401 || r.Code() != "invalid_credentials" {
		t.Errorf("stranger's password afterwards: got %d %s, want 401 invalid_credentials", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", old, nil); r.Status != 401 || r.Code() != "not_logged_in" {
		t.Errorf("old token afterwards: got %d %s, want 401 not_logged_in", r.Status, r.Body)
	}
	me := c.do(t, "GET", "/api/v1/auth/me", tok, nil)
	got, _ := me.JSON["user"].(map[string]any)
	want := map[string]any{
		"id": pending.ID, "email": "victim@example.ch", "emailVerified": true, "hasPassword": false,
		"firstName": "Vera", "lastName": "Wahr", "phone": "", "accountType": "individual", "company": nil, "language": "it",
	}
	for k, v := range want {
		if me.Status != 200 || got[k] != v {
			t.Errorf("me %s: got %d %v, want %v", k, me.Status, got[k], v)
		}
	}
	// The identity is linked: the next sign-in finds the same account.
	if _, again, err := c.svc.SignInWithIdentity(ctx, accounts.Identity{Provider: "google", Subject: "g-victim", Email: "victim@example.ch", EmailVerified: true}); err != nil || again.ID != pending.ID {
		t.Errorf("second sign-in: got %v %s, want %s", err, again.ID, pending.ID)
	}
	// A pending account an administrator blocked stays blocked.
	c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("blocked@example.ch"))
	c.setStatus(t, "blocked@example.ch", "suspended")
	_, _, err = c.svc.SignInWithIdentity(ctx, accounts.Identity{Provider: "google", Subject: "g-blocked", Email: "blocked@example.ch", EmailVerified: true})
	if got := apperrCode(err); got != "account_status" {
		t.Errorf("suspended pending account: got %v, want account_status", err)
	}
}
