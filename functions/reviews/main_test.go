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
// sends event.json (a seller's public profile) through the Lambda boundary.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	u := accounts.User{
		ID: "seller-1", FirstName: "Luca", LastName: "Bernasconi", Email: "luca@example.ch", Language: "it", Role: auth.RoleUser,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Date(2025, 5, 2, 0, 0, 0, 0, time.UTC),
	}
	if err := accounts.NewDynamoStore(f.DB, f.Table).CreateUser(t.Context(), u, accounts.Token{Hash: "h", Kind: accounts.TokenVerify, UserID: "seller-1", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	resp := testcloud.Invoke(t, lh, testcloud.EventJSON(t))
	if resp.StatusCode != 200 || !strings.Contains(resp.Body, `"name":"Luca B."`) || !strings.Contains(resp.Body, `"memberSince":"2025-05-02T00:00:00Z"`) {
		t.Errorf("profile: got %d %s", resp.StatusCode, resp.Body)
	}
}

func TestInitFailsOnConfig(t *testing.T) {
	env := map[string]string{"STAGE": "local", "REVIEW_WAIT_HOURS": "two days"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "REVIEW_WAIT_HOURS") {
		t.Errorf("got %v, want the bad waiting period named", err)
	}
	delete(env, "REVIEW_WAIT_HOURS")
	_, err = newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want the missing variable named", err)
	}
}
