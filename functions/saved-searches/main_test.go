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

// TestColdStartAndInvoke wires the function from environment and SSM, sends
// event.json (an unsubscribe link that is not ours) through the Lambda
// boundary, then saves and lists a search as a signed-in user.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	u := accounts.User{
		ID: "buyer-1", FirstName: "Anna", Email: "anna@example.ch", Language: "fr", Role: auth.RoleUser,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	}
	if err := accounts.NewDynamoStore(f.DB, f.Table).CreateUser(t.Context(), u, accounts.Token{Hash: "h", Kind: accounts.TokenVerify, UserID: "buyer-1", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	event := testcloud.EventJSON(t)
	if resp := testcloud.Invoke(t, lh, event); resp.StatusCode != 400 || !strings.Contains(resp.Body, `"invalid_token"`) {
		t.Fatalf("unsubscribe: got %d %s, want 400 invalid_token", resp.StatusCode, resp.Body)
	}
	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: "buyer-1", Role: auth.RoleUser})
	if err != nil {
		t.Fatal(err)
	}
	create := event
	create.RouteKey = "POST /api/v1/saved-searches"
	create.RawPath = "/api/v1/saved-searches"
	create.RequestContext.HTTP.Path = create.RawPath
	create.Headers = map[string]string{"authorization": "Bearer " + tok, "content-type": "application/json"}
	create.Body = `{"name":"Tuiles","params":"q=tuiles&condition=used","frequency":"daily"}`
	if resp := testcloud.Invoke(t, lh, create); resp.StatusCode != 201 || !strings.Contains(resp.Body, `"params":"condition=used\u0026q=tuiles"`) {
		t.Fatalf("create: got %d %s, want 201", resp.StatusCode, resp.Body)
	}
	list := create
	list.RequestContext.HTTP.Method = "GET"
	list.Body = ""
	if resp := testcloud.Invoke(t, lh, list); resp.StatusCode != 200 || !strings.Contains(resp.Body, `"name":"Tuiles"`) {
		t.Errorf("list: got %d %s", resp.StatusCode, resp.Body)
	}
}

func TestInitFailsOnConfig(t *testing.T) {
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want the missing variable named", err)
	}
}
