package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
)

const cursorKey = "function-test-cursor-key-0123456789abc"

// TestColdStartAndInvoke wires the function from environment and SSM and
// sends event.json (a report of an active ad) through the Lambda boundary.
func TestColdStartAndInvoke(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(),
		"/remat/local/cursor-key":     cursorKey,
	})
	f.Env["CONTACT_INBOX"] = "contact@remat.ch"
	event := testcloud.EventJSON(t)
	ad := catalog.Ad{
		ID: "01JABCDEFGHJKMNPQRSTVWXYZ0", SellerID: "seller-1", Title: "Dachziegel", CategoryPath: []string{"tiles"},
		Condition: catalog.ConditionUsed, Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "zh"}, CreatedAt: time.Now(),
	}
	if err := catalog.NewStore(f.DB, f.Table).PutImported(context.Background(), ad, nil); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	resp := testcloud.Invoke(t, lh, event)
	if resp.StatusCode != 201 || !strings.Contains(resp.Body, `"message":"report_sent"`) {
		t.Fatalf("post: got %d %s, want 201 report_sent", resp.StatusCode, resp.Body)
	}
	if msgs := f.Mailbox.Messages(); len(msgs) != 1 || msgs[0].To[0] != "contact@remat.ch" || msgs[0].ReplyTo[0] != "anna@example.ch" {
		t.Errorf("mailbox: got %+v, want the provider notified with the reporter as Reply-To", msgs)
	}
	if resp := testcloud.Invoke(t, lh, event); resp.StatusCode != 409 || !strings.Contains(resp.Body, "report_already_open") {
		t.Errorf("again: got %d %s, want 409 report_already_open", resp.StatusCode, resp.Body)
	}
}

func TestInitFailsOnConfig(t *testing.T) {
	env := map[string]string{"STAGE": "local"}
	_, err := newHandler(t.Context(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "CONTACT_INBOX: missing") || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want every missing variable named", err)
	}
}
