package privacy_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
)

// TestAuthorizationMatrix calls both routes as an anonymous visitor, the
// owner of an account, another user and an administrator. Both routes act
// on the caller's own account only: nobody can export or delete anyone
// else's, and an administrator cannot delete their own this way.
func TestAuthorizationMatrix(t *testing.T) {
	c := newCloud(t, options{})
	owner := c.user(t, auth.RoleUser, "Hans", "de", false)
	other := c.user(t, auth.RoleUser, "Lia", "fr", false)
	admin := c.user(t, auth.RoleAdmin, "Ada", "en", false)
	c.ad(t, owner.ID, "Kupferrohre")

	for _, who := range []struct {
		name   string
		token  string
		status int
		email  string
	}{
		{"anonymous", "", 401, ""},
		{"owner", owner.token, 200, owner.Email},
		{"other user", other.token, 200, other.Email},
		{"admin", admin.token, 200, admin.Email},
	} {
		t.Run("export/"+who.name, func(t *testing.T) {
			doc, r := c.export(t, who.token)
			if r.Status != who.status || doc.Account.Email != who.email {
				t.Errorf("got %d with account %q, want %d with %q", r.Status, doc.Account.Email, who.status, who.email)
			}
			if who.name != "owner" && len(doc.Ads) != 0 {
				t.Errorf("got the owner's ads: %+v", doc.Ads)
			}
		})
	}

	for _, who := range []struct {
		name, token string
		body        map[string]any
		status      int
		code        string
	}{
		{"anonymous", "", map[string]any{"password": testPassword}, 401, "not_logged_in"},
		// The other user's password is the same test password, but the
		// owner's e-mail and their own account are what they can reach.
		{"other user with the owner's e-mail", other.token, map[string]any{"password": "the owner's password, guessed"}, 403, "account_confirmation_invalid"},
		{"admin", admin.token, map[string]any{"password": testPassword}, 403, "admin_cannot_delete_self"},
		{"owner", owner.token, map[string]any{"password": testPassword}, 200, ""},
	} {
		t.Run("delete/"+who.name, func(t *testing.T) {
			r := c.do(t, http.MethodDelete, "/api/v1/account", who.token, who.body)
			if r.Status != who.status || (who.code != "" && r.Code() != who.code) {
				t.Errorf("got %d %s, want %d %s", r.Status, r.Body, who.status, who.code)
			}
		})
	}
	for _, u := range []account{other, admin} {
		if got, err := c.users.UserByID(context.Background(), u.ID); err != nil || got.Status != accounts.StatusActive {
			t.Errorf("%s after the matrix: got %s %v, want active", u.FirstName, got.Status, err)
		}
	}
	if got, _ := c.users.UserByID(context.Background(), owner.ID); got.Status != accounts.StatusDeleted {
		t.Errorf("owner after the matrix: got %s, want deleted", got.Status)
	}
}
