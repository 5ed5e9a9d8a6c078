package main

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
)

const cursorKey = "function-test-cursor-key-0123456789abc"

// TestColdStartAndInvoke wires the function from environment and SSM and
// sends event.json (the open report queue) through the Lambda boundary,
// with an administrator's token, a stale one and none.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	users := accounts.NewDynamoStore(f.DB, f.Table)
	admin := accounts.User{
		ID: "admin-1", FirstName: "Ada", LastName: "Admin", Email: "admin@remat.ch", Role: auth.RoleAdmin,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	}
	if err := users.CreateAdmin(t.Context(), admin); err != nil {
		t.Fatal(err)
	}
	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: admin.ID, Role: auth.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	stale, err := iss.Issue(auth.Principal{UserID: admin.ID, Role: auth.RoleAdmin, Version: 3})
	if err != nil {
		t.Fatal(err)
	}

	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	event := testcloud.EventJSON(t)
	tests := []struct {
		name, auth string
		status     int
		body       string
	}{
		{"admin", "Bearer " + tok, 200, `"items":[]`},
		{"stale token", "Bearer " + stale, 401, "not_logged_in"},
		{"no token", "", 401, "not_logged_in"},
	}
	for _, tt := range tests {
		ev := event
		ev.Headers = map[string]string{"authorization": tt.auth}
		if tt.auth == "" {
			ev.Headers = map[string]string{}
		}
		resp := testcloud.Invoke(t, lh, ev)
		if resp.StatusCode != tt.status || !strings.Contains(resp.Body, tt.body) {
			t.Errorf("%s: got %d %s, want %d %s", tt.name, resp.StatusCode, resp.Body, tt.status, tt.body)
		}
	}
	// The admin's search entry was written with the account.
	users2 := ev2(event, "GET /api/v1/admin/users", "/api/v1/admin/users", "q=ada", "Bearer "+tok)
	if resp := testcloud.Invoke(t, lh, users2); resp.StatusCode != 200 || !strings.Contains(resp.Body, `"id":"admin-1"`) {
		t.Errorf("user search: got %d %s, want the admin", resp.StatusCode, resp.Body)
	}
	// The categories section is wired (an empty tree on an unseeded table).
	cats := ev2(event, "GET /api/v1/admin/categories", "/api/v1/admin/categories", "", "Bearer "+tok)
	if resp := testcloud.Invoke(t, lh, cats); resp.StatusCode != 200 || !strings.Contains(resp.Body, `"items":[]`) {
		t.Errorf("categories: got %d %s, want an empty tree", resp.StatusCode, resp.Body)
	}
}

// TestInitFailsNamingMissingSecrets: the function verifies with the public
// key; the private signing key does not stand in for it, and neither does
// an old HS256 secret.
func TestInitFailsNamingMissingSecrets(t *testing.T) {
	tests := []struct {
		name   string
		params map[string]string
	}{
		{"missing", map[string]string{"/remat/local/cursor-key": cursorKey}},
		{"only the private key", map[string]string{"/remat/local/cursor-key": cursorKey, "/remat/local/jwt-signing-key": authtest.PrivateKeyPEM()}},
		{"old hex secret", map[string]string{"/remat/local/cursor-key": cursorKey, "/remat/local/jwt-public-key": "3f1c0a9b8e7d6c5b4a39281706f5e4d3"}},
	}
	for _, tt := range tests {
		f := testcloud.NewFunction(t, tt.params)
		_, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
		if err == nil || !strings.Contains(err.Error(), "/remat/local/jwt-public-key") {
			t.Errorf("%s: got %v, want an error naming /remat/local/jwt-public-key", tt.name, err)
		}
	}
}
