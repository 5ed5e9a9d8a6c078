package billing_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stripe/stripe-go/v76"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/accounts/accountstest"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/billing/stripeprovider"
	"github.com/remat/remat/shared/invoice"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

const (
	webhookSecret  = "whsec_billing_integration_test_secret"
	publishableKey = "pk_test_billing"
)

// cloud is the billing domain wired to DynamoDB Local, the S3 and SES
// emulators and, for Stripe, stripe-mock, as the two functions wire it on
// AWS. site serves the webhook on 127.0.0.1, where the test-mode payer
// posts its events (SITE_URL).
type cloud struct {
	db      *dynamodb.Client
	table   string
	box     *testcloud.Mailbox
	store   *billing.DynamoStore
	users   *accounts.DynamoStore
	svc     *billing.Service
	api     http.Handler
	webhook http.Handler
	site    *httptest.Server
	iss     *auth.Issuer
	clock   *testcloud.Clock
}

type mode int

const (
	testMode mode = iota
	stripeMode
)

func newCloud(t *testing.T, m mode) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	s3c, bucket := testcloud.S3(t)
	c := &cloud{db: db, table: table, box: box, clock: testcloud.NewClock(time.Now().UTC().Truncate(time.Second))}
	if err := billing.SeedPlans(context.Background(), db, table); err != nil {
		t.Fatal(err)
	}
	c.iss = authtest.Issuer(t, time.Hour)
	ver := authtest.Verifier(t)
	c.store = billing.NewDynamoStore(db, table)
	c.users = accounts.NewDynamoStore(db, table)
	var webhookHandler http.Handler
	c.site = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { webhookHandler.ServeHTTP(w, r) }))
	t.Cleanup(c.site.Close)
	opts := billing.Options{
		Events: stripeprovider.Webhook{Secret: webhookSecret}, From: "no-reply@remat.ch", SiteURL: "https://remat.test", Limiter: ratelimit.New(db, table).WithClock(c.clock.Now),
		Seller: billing.Seller{Name: "Remat GmbH", Address: "Musterstrasse 1, 8000 Zürich", VATNumber: "CHE-123.456.789 MWST"},
	}
	switch m {
	case testMode:
		opts.Provider, opts.TestPayer = billing.TestProvider{}, stripeprovider.NewTestPayer(c.site.URL, webhookSecret)
	case stripeMode:
		backends := stripeprovider.NewBackend(testcloud.StripeMock(t), 0, &stripe.LeveledLogger{Level: stripe.LevelNull}, &http.Client{Timeout: 10 * time.Second})
		opts.Provider, opts.PublishableKey = stripeprovider.New("sk_test_123", backends), publishableKey
	}
	c.svc = billing.NewService(c.store, billing.AccountsCustomers{Users: c.users},
		billing.InvoicePDFs{Store: invoice.NewStore(s3c, bucket)}, mail.NewSESSender(ses), opts).WithClock(c.clock.Now)
	c.api = billing.NewHandler(c.svc, ver.WithTokenVersions(c.users))
	c.webhook = billing.NewWebhookHandler(c.svc)
	webhookHandler = c.webhook
	return c
}

// user creates an active account and returns its id and an access token.
func (c *cloud) user(t *testing.T, email string, role auth.Role) (string, string) {
	t.Helper()
	u, tok := accountstest.User(t, c.users, c.iss, accounts.User{FirstName: "Anna", LastName: "Muster", Email: email, Role: role, CreatedAt: c.clock.Now()})
	return u.ID, tok
}

// response is a served request's answer.
type response struct{ testcloud.Response }

// obj is the JSON object under key.
func (r response) obj(key string) map[string]any {
	m, _ := r.JSON[key].(map[string]any)
	return m
}

// do serves a request through the real mux and checks the response
// against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) response {
	t.Helper()
	return response{testcloud.Serve(t, c.api, method, path, token, body)}
}

// serve sends a request the test built to h (the webhook's, for its
// route) and checks the response against docs/openapi.yaml.
func (c *cloud) serve(t *testing.T, h http.Handler, req *http.Request) response {
	t.Helper()
	return response{testcloud.ServeRequest(t, h, req, "")}
}

// deliver posts a signed provider event to the webhook.
func (c *cloud) deliver(t *testing.T, eventID, typ string, pi stripe.PaymentIntent, secret string) response {
	t.Helper()
	body, header, err := stripeprovider.SignedEvent(eventID, typ, pi, secret, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("POST", billing.RouteWebhookPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", header)
	return c.serve(t, c.webhook, req)
}

// intentOf is the payment intent the provider reports for o.
func (c *cloud) intentOf(t *testing.T, orderID string) stripe.PaymentIntent {
	t.Helper()
	o, err := c.store.Order(context.Background(), orderID)
	if err != nil {
		t.Fatal(err)
	}
	return stripe.PaymentIntent{
		ID: o.IntentID, Object: "payment_intent", Amount: o.Amounts.TotalRp, Currency: stripe.CurrencyCHF,
		Metadata: map[string]string{stripeprovider.MetadataOrderID: o.ID}, Status: stripe.PaymentIntentStatusSucceeded,
	}
}

func (c *cloud) order(t *testing.T, token, planID string) map[string]any {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/orders", token, map[string]any{"planId": planID, "acceptTerms": true})
	if r.Status != 201 {
		t.Fatalf("order %s: got %d %s", planID, r.Status, r.Body)
	}
	return r.obj("order")
}

// count returns how many items of the table have a key starting with
// prefixes (PK, SK) - a test-only Scan.
func (c *cloud) count(t *testing.T, pkPrefix, skPrefix string) int {
	t.Helper()
	out, err := c.db.Scan(context.Background(), &dynamodb.ScanInput{
		TableName:                 aws.String(c.table),
		FilterExpression:          aws.String("begins_with(PK, :pk) AND begins_with(SK, :sk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pkPrefix}, ":sk": &types.AttributeValueMemberS{Value: skPrefix}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return int(out.Count)
}

// snapshot returns every item of the table, to prove that nothing changed.
func (c *cloud) snapshot(t *testing.T) string {
	t.Helper()
	out, err := c.db.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(c.table), ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(out.Items))
	for _, it := range out.Items {
		b, _ := json.Marshal(it)
		keys = append(keys, string(b))
	}
	slices.Sort(keys)
	return strings.Join(keys, "\n")
}

func newRawRequest(body, signature string) *http.Request {
	req := httptest.NewRequest("POST", billing.RouteWebhookPath, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if signature != "" {
		req.Header.Set("Stripe-Signature", signature)
	}
	return req
}
