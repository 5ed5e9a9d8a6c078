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
	"github.com/remat/remat/shared/catalog"
)

const (
	cursorKey = "function-test-cursor-key-0123456789abc"
	adID      = "01JGZ0000000000000000000AD"
)

// TestColdStartAndInvoke wires the function from environment and SSM, sends
// event.json (anonymous: refused) through the Lambda boundary, then saves
// an ad and reads the saved ids as a signed-in buyer.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	users := accounts.NewDynamoStore(f.DB, f.Table)
	buyer := accounts.User{
		ID: "buyer-1", FirstName: "Anna", LastName: "Muster", Email: "anna@example.ch", Language: "fr", Role: auth.RoleUser,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	}
	if err := users.CreateUser(t.Context(), buyer, accounts.Token{Hash: "h", Kind: accounts.TokenVerify, UserID: "buyer-1", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := catalog.NewStore(f.DB, f.Table).PutImported(t.Context(), catalog.Ad{
		ID: adID, SellerID: "seller-1", Status: catalog.StatusActive, Title: "Dachziegel", CategorySlug: "materials",
		CategoryPath: []string{"materials"}, Condition: catalog.ConditionUsed, Quantity: catalog.Quantity{Amount: 1, Unit: "pieces"},
		Pickup: true, Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH"}, CreatedAt: time.Now().UTC(),
	}, nil); err != nil {
		t.Fatal(err)
	}

	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	event := testcloud.EventJSON(t)
	if resp := testcloud.Invoke(t, lh, event); resp.StatusCode != 401 || !strings.Contains(resp.Body, `"not_logged_in"`) {
		t.Fatalf("anonymous: got %d %s, want 401 not_logged_in", resp.StatusCode, resp.Body)
	}

	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: "buyer-1", Role: auth.RoleUser})
	if err != nil {
		t.Fatal(err)
	}
	save := event
	save.RouteKey = "PUT /api/v1/wishlist/{adId}"
	save.RawPath = "/api/v1/wishlist/" + adID
	save.RequestContext.HTTP.Method = "PUT"
	save.RequestContext.HTTP.Path = save.RawPath
	save.Headers = map[string]string{"authorization": "Bearer " + tok}
	if resp := testcloud.Invoke(t, lh, save); resp.StatusCode != 201 {
		t.Fatalf("save: got %d %s, want 201", resp.StatusCode, resp.Body)
	}
	ids := event
	ids.Headers = map[string]string{"authorization": "Bearer " + tok}
	if resp := testcloud.Invoke(t, lh, ids); resp.StatusCode != 200 || strings.TrimSpace(resp.Body) != `{"ids":["`+adID+`"]}` {
		t.Errorf("ids: got %d %s, want the saved ad", resp.StatusCode, resp.Body)
	}
}

func TestInitFailsOnConfig(t *testing.T) {
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want the missing variable named", err)
	}
}
