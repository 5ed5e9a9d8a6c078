package main

import (
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
)

const cursorKey = "function-test-cursor-key-0123456789abc"

// TestColdStartAndScheduledEvent wires the function from environment and
// SSM and delivers event.json through the Lambda handler: a saved search
// with a new matching ad gets its alert e-mail.
func TestColdStartAndScheduledEvent(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	ctx := t.Context()
	now := time.Now().UTC()
	users := accounts.NewDynamoStore(f.DB, f.Table)
	for _, id := range []string{"buyer", "seller"} {
		u := accounts.User{ID: id, FirstName: "Anna", Email: id + "@example.ch", Language: "de", Role: auth.RoleUser,
			AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: now}
		if err := users.CreateUser(ctx, u, accounts.Token{Hash: "h" + id, Kind: accounts.TokenVerify, UserID: id, ExpiresAt: now}); err != nil {
			t.Fatal(err)
		}
	}
	cursors, err := ddb.NewCursors([]byte(cursorKey))
	if err != nil {
		t.Fatal(err)
	}
	ads := catalog.NewStore(f.DB, f.Table)
	svc := alerts.NewService(alerts.NewStore(f.DB, f.Table), f.DB, f.Table, catalog.NewService(ads, nil, nil, nil, nil), cursors)
	if _, err := svc.Create(ctx, "buyer", alerts.Input{Name: "Ziegel", Params: "q=dachziegel"}); err != nil {
		t.Fatal(err)
	}
	ad := catalog.Ad{
		ID: "01JGZ0000000000000000000AD", SellerID: "seller", Title: "Dachziegel rot", CategorySlug: "materials",
		CategoryPath: []string{"materials"}, PriceRp: 4500, Condition: catalog.ConditionUsed,
		Quantity: catalog.Quantity{Amount: 1, Unit: "pieces"}, Pickup: true,
		Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH"}, CreatedAt: now,
	}
	if err := ads.PutImported(ctx, ad, nil); err != nil {
		t.Fatal(err)
	}
	if st, err := svc.Match(ctx, catalog.SearchAd(ad)); err != nil || st.Matched != 1 {
		t.Fatalf("match: got %+v, %v", st, err)
	}

	h, err := newHandler(ctx, f.Lookup, new(slog.LevelVar), time.Now)
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	raw, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lambda.NewHandler(h).Invoke(ctx, raw); err != nil {
		t.Fatalf("invoke: %v", err)
	}
	msgs := f.Mailbox.Messages()
	if len(msgs) != 1 || msgs[0].To[0] != "buyer@example.ch" || !strings.Contains(msgs[0].Subject, "«Ziegel»") ||
		!strings.Contains(msgs[0].Text, "http://127.0.0.1:8080/de/unsubscribe?token=") {
		b, _ := json.Marshal(msgs)
		t.Errorf("mailbox: got %s, want one German alert with an unsubscribe link", b)
	}
}

func TestInitFailsOnConfig(t *testing.T) {
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar), time.Now)
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want the missing variable named", err)
	}
}
