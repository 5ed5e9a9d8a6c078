package main

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/pages/pagestest"
)

const cursorKey = "function-test-cursor-key-0123456789abcdef"

const indexHTML = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="placeholder" />
    <title>Remat</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

// cloud is the function wired from the environment and SSM the local cloud
// gives it, with the seeded reference data and index.html in the web
// bucket, behind the Lambda boundary.
type cloud struct {
	f       *testcloud.Function
	handler lambda.Handler
	store   *catalog.Store
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(), "/remat/local/cursor-key": cursorKey,
	})
	f.Env["WEB_BUCKET"] = f.Bucket
	if _, err := seed.Run(context.Background(), f.DB, f.Table, seed.Options{}); err != nil {
		t.Fatal(err)
	}
	s3c, _ := testcloud.S3(t)
	if _, err := s3c.PutObject(t.Context(), &s3.PutObjectInput{
		Bucket: aws.String(f.Bucket), Key: aws.String("index.html"), Body: strings.NewReader(indexHTML),
	}); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar))
	if err != nil {
		t.Fatalf("init: got %v, want nil", err)
	}
	cursors, err := ddb.NewCursors([]byte(cursorKey))
	if err != nil {
		t.Fatal(err)
	}
	return &cloud{f: f, handler: lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext), store: catalog.NewStore(f.DB, f.Table).WithCursors(cursors)}
}

func (c *cloud) get(t *testing.T, path string) events.APIGatewayV2HTTPResponse {
	t.Helper()
	ev := testcloud.EventJSON(t)
	p, q, _ := strings.Cut(path, "?")
	ev.RawPath, ev.RequestContext.HTTP.Path, ev.RawQueryString = p, p, q
	return testcloud.Invoke(t, c.handler, ev)
}

// TestColdStartAndInvoke sends event.json (GET /fr/) through the Lambda
// boundary: the home page with its title, alternates and the seeded
// categories inlined, exactly as GET /api/v1/categories answers.
func TestColdStartAndInvoke(t *testing.T) {
	c := newCloud(t)
	resp := testcloud.Invoke(t, c.handler, testcloud.EventJSON(t))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("event.json: got %d %s, want 200", resp.StatusCode, resp.Body)
	}
	d, err := pagestest.Parse([]byte(resp.Body))
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != "Matériaux de construction excédentaires en Suisse – Remat" || d.Canonical != "http://127.0.0.1:8080/fr/" || len(d.Alternates) != 6 {
		t.Errorf("got title %q canonical %q alternates %v", d.Title, d.Canonical, d.Alternates)
	}
	if !strings.Contains(string(d.Boot["categories"]), `"slug":"roofing"`) {
		t.Errorf("boot: got %v, want the seeded categories", d.Boot)
	}
	for _, key := range []string{"settings", "products?limit=8"} {
		if _, ok := d.Boot[key]; !ok {
			t.Errorf("boot: %s missing", key)
		}
	}
}

// TestAdPages: an active ad's page, a draft's (404) and a deleted ad's
// (410), read from DynamoDB Local through the catalogue's own handler.
func TestAdPages(t *testing.T) {
	c := newCloud(t)
	ctx := t.Context()
	now := time.Now().UTC().Truncate(time.Second)
	base := catalog.Ad{
		SellerID: "01JSELLER00000000000000001", Title: `Tuiles "Biber" </script>`, CategorySlug: "roofing", CategoryPath: []string{"roofing"},
		Description: "Lot de 200 tuiles.", PriceRp: 125050, Condition: "used", Quantity: catalog.Quantity{Amount: 200, Unit: "pieces"}, Pickup: true,
		Location:  catalog.Location{Kind: "city", PostalCode: "1003", Locality: "Lausanne", Canton: "VD", Lat: 46.52, Lon: 6.63},
		CreatedAt: now, UpdatedAt: now,
	}
	active, draft := base, base
	active.ID, active.Status, active.PublishedAt, active.ExpiresAt = "01JACTVEAD000000000000000A", catalog.StatusActive, now, now.Add(30*24*time.Hour)
	draft.ID, draft.Status = "01JDRAFT00000000000000000A", catalog.StatusDraft
	for _, a := range []catalog.Ad{active, draft} {
		if err := c.store.CreateAd(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.store.SyncIndex(ctx, active.ID); err != nil {
		t.Fatal(err)
	}

	resp := c.get(t, "/it/product/"+active.ID)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("active ad: got %d, want 200", resp.StatusCode)
	}
	d, err := pagestest.Parse([]byte(resp.Body))
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != active.Title+" – Remat" || d.Canonical != "http://127.0.0.1:8080/it/product/"+active.ID || d.Scripts != 1 {
		t.Errorf("active ad: got title %q canonical %q, %d scripts", d.Title, d.Canonical, d.Scripts)
	}
	products := d.Of("Product")
	if len(products) != 1 {
		t.Fatalf("got %d Product documents", len(products))
	}
	if err := pagestest.CheckProduct(products[0]); err != nil {
		t.Error(err)
	}
	if _, ok := d.Boot["products/"+active.ID]; !ok {
		t.Errorf("boot: the ad is not inlined (%v)", d.Boot)
	}

	if resp := c.get(t, "/it/product/"+draft.ID); resp.StatusCode != http.StatusNotFound {
		t.Errorf("draft: got %d, want 404", resp.StatusCode)
	}
	if _, err := c.store.DeleteAd(ctx, draft.ID); err != nil {
		t.Fatal(err)
	}
	if resp := c.get(t, "/it/product/"+draft.ID); resp.StatusCode != http.StatusGone {
		t.Errorf("deleted ad: got %d, want 410", resp.StatusCode)
	}
	if resp := c.get(t, "/it/product/not-an-id"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("malformed id: got %d, want 404", resp.StatusCode)
	}
	if resp := c.get(t, "/"); resp.StatusCode != http.StatusMovedPermanently || resp.Headers["Location"] != "/fr/" {
		t.Errorf("/: got %d %v, want 301 to /fr/", resp.StatusCode, resp.Headers)
	}
}

func TestInitFails(t *testing.T) {
	f := testcloud.NewFunction(t, map[string]string{
		"/remat/local/jwt-public-key": authtest.PublicKeyPEM(), "/remat/local/cursor-key": cursorKey,
	})
	if _, err := newHandler(t.Context(), f.Lookup, new(slog.LevelVar)); err == nil || !strings.Contains(err.Error(), "WEB_BUCKET") {
		t.Errorf("no web bucket: got %v, want an error naming WEB_BUCKET", err)
	}
}

// TestSettingsLikeTheSettingsFunction: the pages inline GET
// /api/v1/settings from the settings handler running here, so this
// function must have every variable of the settings function's
// environment, with the same values (else, say, the inlined settings
// would offer no social sign-in).
func TestSettingsLikeTheSettingsFunction(t *testing.T) {
	tpl := testcloud.Template(t)
	pages, ok := tpl.Function("PagesFunction")
	settings, ok2 := tpl.Function("SettingsFunction")
	if !ok || !ok2 {
		t.Fatal("template.yaml has no PagesFunction or SettingsFunction")
	}
	for name, want := range settings.Env {
		if got, ok := pages.Env[name]; !ok || got != want {
			t.Errorf("PagesFunction %s: got %q (set %v), want SettingsFunction's %q", name, got, ok, want)
		}
	}
}
