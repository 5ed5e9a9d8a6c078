package main

import (
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/config"
)

const cursorKey = "function-test-cursor-key-0123456789abc"

// localCloud is the test cloud of the function; it also returns the mailbox
// and the accounts store (the admin must exist for its token to count).
func localCloud(t *testing.T, params map[string]string) (config.LookupFunc, *testcloud.Mailbox, *accounts.DynamoStore) {
	t.Helper()
	f := testcloud.NewFunction(t, params)
	f.Env["CONTACT_INBOX"] = "contact@remat.ch"
	return f.Lookup, f.Mailbox, accounts.NewDynamoStore(f.DB, f.Table)
}

// TestColdStartAndInvoke wires the function from environment and SSM, then
// sends event.json and an admin list request through the Lambda boundary.
func TestColdStartAndInvoke(t *testing.T) {
	lookup, box, users := localCloud(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	h, err := newHandler(t.Context(), lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)

	raw, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	var event events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &event); err != nil {
		t.Fatal(err)
	}
	resp := testcloud.Invoke(t, lh, event)
	if resp.StatusCode != 201 || !strings.Contains(resp.Body, `"message":"message_sent"`) {
		t.Fatalf("post: got %d %s, want 201 message_sent", resp.StatusCode, resp.Body)
	}
	if got := resp.Headers["X-Request-Id"]; got != "event-json-contact-us" {
		t.Errorf("request id: got %q, want the API Gateway request id", got)
	}
	if msgs := box.Messages(); len(msgs) != 1 || msgs[0].ReplyTo[0] != "anna@example.ch" {
		t.Errorf("mailbox: got %+v, want one mail replying to the sender", msgs)
	}

	iss := authtest.Issuer(t, time.Hour)
	// The verifier checks the token against the account: the admin must
	// exist and be active, and its token version must be current.
	admin := accounts.User{
		ID: "admin-1", FirstName: "Ada", LastName: "Admin", Email: "admin@remat.ch", Role: auth.RoleAdmin,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	}
	if err := users.CreateAdmin(t.Context(), admin); err != nil {
		t.Fatal(err)
	}
	tok, err := iss.Issue(auth.Principal{UserID: "admin-1", Role: auth.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	stale, err := iss.Issue(auth.Principal{UserID: "admin-1", Role: auth.RoleAdmin, Version: 7})
	if err != nil {
		t.Fatal(err)
	}
	list := event
	list.RouteKey = "GET /api/v1/contact-us"
	list.RequestContext.HTTP.Method = "GET"
	list.Body = ""
	list.Headers = map[string]string{"authorization": "Bearer " + tok}
	revoked := list
	revoked.Headers = map[string]string{"authorization": "Bearer " + stale}
	if resp := testcloud.Invoke(t, lh, revoked); resp.StatusCode != 401 {
		t.Errorf("revoked admin token: got %d %s, want 401", resp.StatusCode, resp.Body)
	}
	resp = testcloud.Invoke(t, lh, list)
	if resp.StatusCode != 200 {
		t.Fatalf("list: got %d %s, want 200", resp.StatusCode, resp.Body)
	}
	var page struct {
		Items      []map[string]any `json:"items"`
		NextCursor *string          `json:"nextCursor"`
	}
	if err := json.Unmarshal([]byte(resp.Body), &page); err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 1 || page.Items[0]["email"] != "anna@example.ch" || page.NextCursor != nil {
		t.Fatalf("list: got %s, want the one message and no cursor", resp.Body)
	}

	// The administrator marks it handled: the inbox is wired with the
	// accounts store (the handler's name) and the audit recorder.
	id, _ := page.Items[0]["id"].(string)
	handled := list
	handled.RouteKey = "PATCH /api/v1/contact-us/{id}"
	handled.RawPath = "/api/v1/contact-us/" + id
	handled.RequestContext.HTTP.Method = "PATCH"
	handled.RequestContext.HTTP.Path = handled.RawPath
	handled.Headers = map[string]string{"authorization": "Bearer " + tok, "content-type": "application/json"}
	handled.Body = `{"handled":true}`
	resp = testcloud.Invoke(t, lh, handled)
	if resp.StatusCode != 200 || !strings.Contains(resp.Body, `"name":"Ada Admin"`) {
		t.Errorf("mark handled: got %d %s, want 200 handled by Ada Admin", resp.StatusCode, resp.Body)
	}
}

func TestInitFailsNamingMissingSecrets(t *testing.T) {
	lookup, _, _ := localCloud(t, map[string]string{"/remat/local/cursor-key": cursorKey})
	_, err := newHandler(t.Context(), lookup, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "/remat/local/jwt-public-key") {
		t.Errorf("got %v, want an error naming /remat/local/jwt-public-key", err)
	}
}

func TestInitFailsOnConfig(t *testing.T) {
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "CONTACT_INBOX: missing") || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want every missing variable named", err)
	}
}
