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
// sends event.json (the data export) through the Lambda boundary, with a
// user's token, a stale one and none.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	users := accounts.NewDynamoStore(f.DB, f.Table)
	u := accounts.User{
		ID: "user-1", FirstName: "Hans", LastName: "Huber", Email: "hans@example.ch", Language: "de", Role: auth.RoleUser,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	}
	if err := users.CreateUser(t.Context(), u, accounts.Token{Hash: "h1", Kind: accounts.TokenVerify, UserID: u.ID, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: u.ID, Role: auth.RoleUser})
	if err != nil {
		t.Fatal(err)
	}
	stale, err := iss.Issue(auth.Principal{UserID: u.ID, Role: auth.RoleUser, Version: 3})
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
		{"user", "Bearer " + tok, 200, `"email": "hans@example.ch"`},
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
		if tt.status == 200 && !strings.HasPrefix(resp.Headers["Content-Disposition"], `attachment; filename="remat-data-`) {
			t.Errorf("%s: Content-Disposition %q, want an attachment", tt.name, resp.Headers["Content-Disposition"])
		}
	}
}

func TestInitFailsNamingMissingSecrets(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{"/remat/local/jwt-public-key": authtest.PublicKeyPEM()})
	_, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "/remat/local/cursor-key") {
		t.Errorf("got %v, want an error naming /remat/local/cursor-key", err)
	}
}
