package main

import (
	"encoding/json"
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
	"github.com/remat/remat/shared/catalog"
)

const (
	cursorKey = "function-test-cursor-key-0123456789abc"
	// eventAdID is the ad event.json writes about.
	eventAdID = "01JGZ0000000000000000000AD"
)

// TestColdStartAndInvoke wires the function from environment and SSM, sends
// event.json through the Lambda boundary and lists the request as its
// seller.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	users := accounts.NewDynamoStore(f.DB, f.Table)
	seller := accounts.User{
		ID: "seller-1", FirstName: "Hans", LastName: "Huber", Email: "huber@example.ch", Language: "de", Role: auth.RoleUser,
		AccountType: accounts.AccountProfessional, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	}
	if err := users.CreateUser(t.Context(), seller, accounts.Token{Hash: "h", Kind: accounts.TokenVerify, UserID: "seller-1", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := catalog.NewStore(f.DB, f.Table).PutImported(t.Context(), catalog.Ad{
		ID: eventAdID, SellerID: "seller-1", Title: "Dachziegel", CategorySlug: "materials", CategoryPath: []string{"materials"},
		Condition: catalog.ConditionUsed, Quantity: catalog.Quantity{Amount: 1, Unit: "pieces"}, Pickup: true,
		Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH"}, CreatedAt: time.Now().UTC(),
	}, nil); err != nil {
		t.Fatal(err)
	}

	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	event := testcloud.EventJSON(t)
	resp := testcloud.Invoke(t, lh, event)
	if resp.StatusCode != 201 || !strings.Contains(resp.Body, `"message":"contact_request_sent"`) {
		t.Fatalf("post: got %d %s, want 201 contact_request_sent", resp.StatusCode, resp.Body)
	}
	if got := resp.Headers["X-Request-Id"]; got != "event-json-contact-request" {
		t.Errorf("request id: got %q, want the API Gateway request id", got)
	}
	msgs := f.Mailbox.Messages()
	if len(msgs) != 1 || msgs[0].To[0] != "huber@example.ch" || msgs[0].ReplyTo[0] != "anna@example.ch" ||
		!strings.Contains(msgs[0].Text, "http://127.0.0.1:8080/de/user/contacts") {
		t.Errorf("mailbox: got %+v, want one German mail to the seller replying to the buyer", msgs)
	}

	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: "seller-1", Role: auth.RoleUser})
	if err != nil {
		t.Fatal(err)
	}
	stale, err := iss.Issue(auth.Principal{UserID: "seller-1", Role: auth.RoleUser, Version: 3})
	if err != nil {
		t.Fatal(err)
	}
	list := event
	list.RouteKey = "GET /api/v1/contact-request"
	list.RequestContext.HTTP.Method = "GET"
	list.Body = ""
	list.Headers = map[string]string{"authorization": "Bearer " + stale}
	if resp := testcloud.Invoke(t, lh, list); resp.StatusCode != 401 {
		t.Errorf("revoked token: got %d %s, want 401", resp.StatusCode, resp.Body)
	}
	list.Headers = map[string]string{"authorization": "Bearer " + tok}
	resp = testcloud.Invoke(t, lh, list)
	var page struct {
		Items      []map[string]any `json:"items"`
		Categories []string         `json:"categories"`
	}
	if err := json.Unmarshal([]byte(resp.Body), &page); err != nil || resp.StatusCode != 200 {
		t.Fatalf("list: got %d %s, want 200", resp.StatusCode, resp.Body)
	}
	if len(page.Items) != 1 || page.Items[0]["email"] != "anna@example.ch" || len(page.Categories) != 1 {
		t.Errorf("list: got %s, want the one unread request", resp.Body)
	}
}

func TestInitFailsOnConfig(t *testing.T) {
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want every missing variable named", err)
	}
}
