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
	"github.com/remat/remat/shared/billing"
)

// TestPlansAndSiteSettingsWired: the function serves the plans and site
// settings sections of the back office through the Lambda boundary.
func TestPlansAndSiteSettingsWired(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	if err := billing.SeedPlans(t.Context(), f.DB, f.Table); err != nil {
		t.Fatal(err)
	}
	admin := accounts.User{
		ID: "admin-1", FirstName: "Ada", LastName: "Admin", Email: "admin@remat.ch", Role: auth.RoleAdmin,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	}
	if err := accounts.NewDynamoStore(f.DB, f.Table).CreateAdmin(t.Context(), admin); err != nil {
		t.Fatal(err)
	}
	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: admin.ID, Role: auth.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	event := testcloud.EventJSON(t)
	for _, tt := range []struct{ path, want string }{
		{"/api/v1/admin/plans", `"id":"starter"`},
		{"/api/v1/admin/settings", `"signupsOpen":true`},
	} {
		resp := testcloud.Invoke(t, lh, ev2(event, "GET "+tt.path, tt.path, "", "Bearer "+tok))
		if resp.StatusCode != 200 || !strings.Contains(resp.Body, tt.want) {
			t.Errorf("GET %s: got %d %s, want 200 with %s", tt.path, resp.StatusCode, resp.Body, tt.want)
		}
	}
}
