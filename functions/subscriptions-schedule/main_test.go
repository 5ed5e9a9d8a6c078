package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/subscriptions"
)

// TestColdStartAndScheduledEvent wires the function from the environment
// and SSM as on AWS (the site's URL from the parameter site-url, which the
// stack writes) and delivers event.json through the Lambda handler: a
// subscription 3 days from expiry gets its reminder, linking to that site,
// and an ad whose run ended an hour ago expires.
func TestColdStartAndScheduledEvent(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	_, box := testcloud.SES(t)
	ssmClient := testcloud.SSM(t, map[string]string{"/remat/local/site-url": "http://127.0.0.1:8080/"})
	none := filepath.Join(t.TempDir(), "none")
	for k, v := range map[string]string{
		"AWS_EC2_METADATA_DISABLED": "true", "AWS_CONFIG_FILE": none, "AWS_SHARED_CREDENTIALS_FILE": none,
		"AWS_PROFILE": "", "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local", "AWS_SESSION_TOKEN": "",
		"AWS_ENDPOINT_URL": "", "AWS_ENDPOINT_URL_DYNAMODB": testcloud.DynamoDBEndpoint(t),
		"AWS_ENDPOINT_URL_SESV2": box.Endpoint(), "AWS_ENDPOINT_URL_SSM": *ssmClient.Options().BaseEndpoint,
	} {
		t.Setenv(k, v)
	}
	env := map[string]string{
		"STAGE": "local", "TABLE_NAME": table, "IMAGES_BUCKET": "remat-local-images",
		"SSM_PREFIX": "/remat/local", "LOG_LEVEL": "error", "MAIL_FROM": "no-reply@remat.ch",
		"AWS_REGION": testcloud.Region,
	}
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	ctx := context.Background()

	u := accounts.User{ID: "u1", FirstName: "Jonas", Email: "jonas@example.ch", Language: "de", Role: "user",
		AccountType: "private", Status: accounts.StatusActive, CreatedAt: now}
	if err := accounts.NewDynamoStore(db, table).CreateUser(ctx, u, accounts.Token{Hash: "h", Kind: "verify", UserID: "u1", ExpiresAt: now}); err != nil {
		t.Fatal(err)
	}
	exp := now.Add(72 * time.Hour)
	item, err := attributevalue.MarshalMap(map[string]any{
		"PK": "USER#u1", "SK": "SUB#s1", "GSI3PK": subscriptions.ExpiryPK(exp), "GSI3SK": "u1#s1",
		"type": "Subscription", "id": "s1", "uid": "u1", "planName": map[string]string{"de": "Pro"},
		"expiresAt": exp.Format("2006-01-02T15:04:05.000000000Z07:00"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item}); err != nil {
		t.Fatal(err)
	}

	ads := catalog.NewStore(db, table)
	adID := "01JQ0000000000000000000000"
	if err := ads.PutImported(ctx, catalog.Ad{
		ID: adID, SellerID: "u1", Title: "Kantholz Fichte", CategorySlug: "timber", CategoryPath: []string{"timber"},
		Condition: catalog.ConditionUsed, Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "BE", Lat: 46.8, Lon: 7.6},
		CreatedAt: now.AddDate(0, 0, -60), ExpiresAt: now.Add(-time.Hour),
	}, nil); err != nil {
		t.Fatal(err)
	}

	h, err := newHandler(ctx, func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar),
		func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	payload, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	var ev events.CloudWatchEvent
	if err := json.Unmarshal(payload, &ev); err != nil || ev.DetailType != "Scheduled Event" {
		t.Fatalf("event.json: got %+v, %v", ev, err)
	}
	if _, err := lambda.NewHandler(h).Invoke(ctx, payload); err != nil {
		t.Fatalf("invoke: got %v, want nil", err)
	}
	if a, err := ads.Ad(ctx, adID); err != nil || a.Status != catalog.StatusExpired {
		t.Errorf("ad past its run: got %q, %v, want expired", a.Status, err)
	}
	msgs := box.Messages()
	if len(msgs) != 1 || msgs[0].Subject != "Ihr Remat-Abonnement «Pro» läuft am 13.03.2026 ab" ||
		!strings.Contains(msgs[0].Text, "http://127.0.0.1:8080/de/vendre?choosePlan=true") {
		t.Errorf("got %+v, want one German reminder", msgs)
	}
}

// TestSiteURLFromSSM: without SITE_URL in the environment the function
// needs the SSM parameter site-url, and its cold start fails naming it.
func TestSiteURLFromSSM(t *testing.T) {
	ssmClient := testcloud.SSM(t, map[string]string{})
	none := filepath.Join(t.TempDir(), "none")
	for k, v := range map[string]string{
		"AWS_EC2_METADATA_DISABLED": "true", "AWS_CONFIG_FILE": none, "AWS_SHARED_CREDENTIALS_FILE": none,
		"AWS_PROFILE": "", "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local", "AWS_SESSION_TOKEN": "",
		"AWS_ENDPOINT_URL_SSM": *ssmClient.Options().BaseEndpoint,
	} {
		t.Setenv(k, v)
	}
	env := map[string]string{
		"STAGE": "local", "TABLE_NAME": "t", "IMAGES_BUCKET": "b", "SSM_PREFIX": "/remat/local",
		"MAIL_FROM": "no-reply@remat.ch", "AWS_REGION": testcloud.Region,
	}
	_, err := newHandler(context.Background(), func(k string) (string, bool) { v, ok := env[k]; return v, ok }, new(slog.LevelVar), time.Now)
	if err == nil || !strings.Contains(err.Error(), "/remat/local/site-url") {
		t.Errorf("got %v, want an error naming /remat/local/site-url", err)
	}
}

func TestMissingConfig(t *testing.T) {
	_, err := newHandler(context.Background(), func(string) (string, bool) { return "", false }, new(slog.LevelVar), time.Now)
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME: missing") {
		t.Errorf("got %v, want an error naming TABLE_NAME", err)
	}
}
