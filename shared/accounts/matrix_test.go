package accounts_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
)

// TestAuthorizationMatrix calls every auth endpoint as an anonymous
// visitor, a user, another user and an administrator. Public routes ignore
// the token; protected routes need one and act on the caller only; the
// admin bootstrap needs the setup secret whoever calls.
func TestAuthorizationMatrix(t *testing.T) {
	c := newCloud(t)
	adminTok := c.admin(t)
	userTok := c.verifiedUser(t, "user@example.ch")
	otherTok := c.verifiedUser(t, "other@example.ch")
	ids := map[string]string{}
	for who, tok := range map[string]string{"user": userTok, "other": otherTok, "admin": adminTok} {
		ids[who] = c.do(t, "GET", "/api/v1/auth/me", tok, nil).JSON["user"].(map[string]any)["id"].(string)
	}
	callers := []string{"anonymous", "user", "other", "admin"}
	tokens := map[string]string{"user": userTok, "other": otherTok, "admin": adminTok}

	type row struct {
		method, path string
		body         map[string]any
		want         map[string]int // caller -> status
	}
	all := func(s int) map[string]int { return map[string]int{"anonymous": s, "user": s, "other": s, "admin": s} }
	protected := map[string]int{"anonymous": 401, "user": 200, "other": 200, "admin": 200}
	rows := []row{
		{"POST", "/api/v1/auth/resend-verification", map[string]any{"email": "user@example.ch"}, all(200)},
		{"POST", "/api/v1/auth/verify-account", map[string]any{"token": "not-a-real-token"}, all(400)},
		{"POST", "/api/v1/auth/login", map[string]any{"email": "nobody@example.ch", "password": "whatever it is"}, all(401)},
		{"GET", "/api/v1/auth/me", nil, protected},
		{"PATCH", "/api/v1/auth/update-info", map[string]any{"lastName": "Changed"}, protected},
		{"POST", "/api/v1/auth/forgot-password", map[string]any{"email": "nobody@example.ch"}, all(200)},
		{"POST", "/api/v1/auth/reset-password", map[string]any{"token": "nope", "newPassword": "some long passphrase", "confirmPassword": "some long passphrase"}, all(400)},
		{"POST", "/api/v1/auth/create-admin", map[string]any{"setupSecret": "guess", "firstName": "E", "lastName": "Vil", "email": "evil@example.ch", "password": "some long passphrase"}, all(403)},
		{"PATCH", "/api/v1/auth/change-password", map[string]any{"currentPassword": "wrong guess here", "newPassword": "some long passphrase", "confirmPassword": "some long passphrase"},
			map[string]int{"anonymous": 401, "user": 400, "other": 400, "admin": 400}},
		{"POST", "/api/v1/auth/upload-profile", nil, map[string]int{"anonymous": 401, "user": 400, "other": 400, "admin": 400}},
		{"POST", "/api/v1/auth/signup", signupBody("matrix@example.ch"), map[string]int{"anonymous": 201, "user": 409, "other": 409, "admin": 409}},
		{"POST", "/api/v1/auth/create-admin", map[string]any{"setupSecret": setupSecret, "firstName": "E", "lastName": "Vil", "email": "evil@example.ch", "password": "some long passphrase"}, all(409)},
		{"GET", "/api/v1/auth/oauth/google/start", nil, all(404)}, // no provider configured here
	}
	for _, r := range rows {
		for _, who := range callers {
			// A new hour: each call has fresh rate-limit budgets.
			c.clock.Advance(time.Hour)
			var resp testcloud.Response
			if r.path == "/api/v1/auth/upload-profile" {
				req := httptest.NewRequest(r.method, r.path, nil)
				resp = c.serve(t, req, tokens[who])
			} else {
				resp = c.do(t, r.method, r.path, tokens[who], r.body)
			}
			if resp.Status != r.want[who] {
				t.Errorf("%s %s as %s: got %d %s, want %d", r.method, r.path, who, resp.Status, resp.Body, r.want[who])
			}
			if r.path == "/api/v1/auth/me" && resp.Status == 200 {
				if got := resp.JSON["user"].(map[string]any)["id"]; got != ids[who] {
					t.Errorf("me as %s: got user %v, want the caller %s", who, got, ids[who])
				}
			}
		}
	}
	// Logout last: each caller ends only their own sessions.
	for _, who := range callers {
		want := 200
		if who == "anonymous" {
			want = 401
		}
		if resp := c.do(t, "POST", "/api/v1/auth/logout", tokens[who], nil); resp.Status != want {
			t.Errorf("logout as %s: got %d %s, want %d", who, resp.Status, resp.Body, want)
		}
		for _, other := range []string{"user", "other", "admin"} {
			want := 200
			if slicesIndex(callers, other) <= slicesIndex(callers, who) {
				want = 401
			}
			if resp := c.do(t, "GET", "/api/v1/auth/me", tokens[other], nil); resp.Status != want {
				t.Errorf("after %s logged out, me as %s: got %d, want %d", who, other, resp.Status, want)
			}
		}
	}
}

func slicesIndex(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}
