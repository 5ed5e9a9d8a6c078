// Package accountstest stores accounts for other domains' integration
// tests, as sign-up and e-mail verification leave them, with access tokens
// for them. Import it only from _test.go files.
package accountstest

import (
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
)

// User stores u as an active, verified account and returns it, completed,
// with an access token for it issued by iss. Fields left empty get test
// values: a new id, the name Test User, the e-mail <id>@example.ch
// (lower-case), language de, role user, an individual account
// (professional when u has a company) created now.
func User(t testing.TB, users *accounts.DynamoStore, iss *auth.Issuer, u accounts.User) (accounts.User, string) {
	t.Helper()
	u = complete(u)
	verify := accounts.Token{Hash: "h-" + u.ID, Kind: accounts.TokenVerify, UserID: u.ID, ExpiresAt: time.Now().Add(time.Hour)}
	if err := users.CreateUser(t.Context(), u, verify); err != nil {
		t.Fatalf("accountstest: create user %s: %v", u.ID, err)
	}
	tok, err := iss.Issue(auth.Principal{UserID: u.ID, Role: u.Role})
	if err != nil {
		t.Fatalf("accountstest: token of %s: %v", u.ID, err)
	}
	return u, tok
}

// complete fills the fields of u that User documents.
func complete(u accounts.User) accounts.User {
	def := func(v *string, d string) {
		if *v == "" {
			*v = d
		}
	}
	def(&u.ID, ulid.Make().String())
	def(&u.FirstName, "Test")
	def(&u.LastName, "User")
	def(&u.Email, strings.ToLower(u.ID)+"@example.ch")
	def(&u.Language, "de")
	if u.Role == "" {
		u.Role = auth.RoleUser
	}
	if u.AccountType == "" {
		u.AccountType = accounts.AccountIndividual
		if u.Company != nil {
			u.AccountType = accounts.AccountProfessional
		}
	}
	if u.CreatedAt.IsZero() {
		u.CreatedAt = time.Now().UTC()
	}
	u.Status, u.EmailVerified = accounts.StatusActive, true
	return u
}
