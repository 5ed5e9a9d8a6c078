package accountstest_test

import (
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/accounts/accountstest"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
)

func TestUser(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	users := accounts.NewDynamoStore(db, table)
	iss, ver := authtest.Issuer(t, time.Hour), authtest.Verifier(t)
	created := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		in    accounts.User
		check func(accounts.User) bool
	}{
		{"defaults", accounts.User{}, func(u accounts.User) bool {
			return u.ID != "" && u.FirstName == "Test" && u.Language == "de" && u.Role == auth.RoleUser &&
				u.AccountType == accounts.AccountIndividual && u.Email == accounts.NormalizeEmail(u.ID+"@example.ch")
		}},
		{"given fields kept", accounts.User{ID: "u-1", FirstName: "Ada", Language: "fr", Role: auth.RoleAdmin, CreatedAt: created}, func(u accounts.User) bool {
			return u.ID == "u-1" && u.FirstName == "Ada" && u.Language == "fr" && u.Role == auth.RoleAdmin && u.CreatedAt.Equal(created)
		}},
		{"a company makes a professional", accounts.User{Company: &accounts.Company{Name: "Bau AG"}}, func(u accounts.User) bool {
			return u.AccountType == accounts.AccountProfessional
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, tok := accountstest.User(t, users, iss, tt.in)
			if !tt.check(u) || u.Status != accounts.StatusActive || !u.EmailVerified {
				t.Errorf("got %+v, want the test values", u)
			}
			stored, err := users.UserByID(t.Context(), u.ID)
			if err != nil || stored.Email != u.Email {
				t.Errorf("stored: got %+v, %v, want %s", stored, err, u.Email)
			}
			p, err := ver.Verify(t.Context(), tok)
			if err != nil || p.UserID != u.ID || p.Role != u.Role {
				t.Errorf("token: got %+v, %v, want %s as %s", p, err, u.ID, u.Role)
			}
		})
	}
}
