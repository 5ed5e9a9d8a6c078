package catalog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/ratelimit"
)

func TestMain(m *testing.M) {
	_ = os.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	slog.SetDefault(slog.New(slog.DiscardHandler))
	os.Exit(m.Run())
}

var cursorKey = []byte("catalog-integration-cursor-key-0123456789")

// Reference data of the tests: a few real localities (8001 Zürich, 1201
// Genève, 3000 Bern, 6900 Lugano) and their cantons.
const (
	cantonsCSV = "code,name_de,name_fr,name_it,name_en,lat,lon\n" +
		"ZH,Zürich,Zurich,Zurigo,Zurich,47.41,8.65\n" +
		"GE,Genf,Genève,Ginevra,Geneva,46.20,6.14\n" +
		"BE,Bern,Berne,Berna,Bern,46.82,7.62\n" +
		"TI,Tessin,Tessin,Ticino,Ticino,46.30,8.80\n" +
		"VD,Waadt,Vaud,Vaud,Vaud,46.57,6.55\n"
	localitiesCSV = "postal_code,locality,canton,lat,lon\n" +
		"8001,Zürich,ZH,47.3717,8.5423\n" +
		"8004,Zürich,ZH,47.3780,8.5180\n" +
		"8400,Winterthur,ZH,47.4990,8.7290\n" +
		"1201,Genève,GE,46.2100,6.1420\n" +
		"3000,Bern,BE,46.9481,7.4474\n" +
		"3011,Bern,BE,46.9472,7.4480\n" +
		"6900,Lugano,TI,46.0134,8.9541\n" +
		"6900,Massagno,TI,46.0128,8.9432\n" +
		"1000,Lausanne 25,VD,46.5700,6.6900\n" +
		"1000,Lausanne 26,VD,46.5500,6.7000\n"
)

// cloud is the catalogue wired to DynamoDB Local (seeded with the
// reference data and plans) and the S3 emulator, as the products function
// wires it on AWS, with a clock the test moves.
type cloud struct {
	db     *dynamodb.Client
	table  string
	s3     *s3.Client
	bucket string
	store  *catalog.Store
	svc    *catalog.Service
	api    http.Handler
	users  *accounts.DynamoStore
	iss    *auth.Issuer

	mu  sync.Mutex
	now time.Time
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	s3c, bucket := testcloud.S3(t)
	c := &cloud{db: db, table: table, s3: s3c, bucket: bucket, now: time.Now().UTC().Truncate(time.Millisecond)}
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if _, err := seed.Run(context.Background(), db, table, seed.Options{
		CantonsCSV: write("cantons.csv", cantonsCSV), LocalitiesCSV: write("localities.csv", localitiesCSV), Concurrency: 2,
	}); err != nil {
		t.Fatal(err)
	}
	cursors, err := ddb.NewCursors(cursorKey)
	if err != nil {
		t.Fatal(err)
	}
	c.iss = authtest.Issuer(t, time.Hour)
	ver := authtest.Verifier(t)
	c.users = accounts.NewDynamoStore(db, table)
	c.store = catalog.NewStore(db, table).WithCursors(cursors)
	uploads := catalog.NewS3Uploads(s3c, bucket, true)
	c.svc = catalog.NewService(c.store, billing.NewDynamoStore(db, table), c.users,
		catalog.S3Blobs{Client: s3c, Bucket: bucket}, uploads).WithClock(c.clock).WithLimiter(ratelimit.New(db, table).WithClock(c.clock))
	c.api = catalog.NewHandler(c.svc, ver.WithTokenVersions(c.users))
	return c
}

func (c *cloud) clock() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *cloud) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// user creates an active account and returns its id and an access token.
func (c *cloud) user(t *testing.T, role auth.Role) (string, string) {
	t.Helper()
	uid := ulid.Make().String()
	u := accounts.User{
		ID: uid, FirstName: "Anna", LastName: "Muster", Email: uid + "@example.ch", Language: "de", Role: role,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: c.clock(),
	}
	if err := c.users.CreateUser(context.Background(), u, accounts.Token{Hash: "h" + uid, Kind: accounts.TokenVerify, UserID: uid, ExpiresAt: c.clock().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	tok, err := c.iss.Issue(auth.Principal{UserID: uid, Role: role})
	if err != nil {
		t.Fatal(err)
	}
	return uid, tok
}

// sub describes a subscription a test gives a seller.
type sub struct {
	remaining, images, adDays int
	bundle                    bool
	expiresIn                 time.Duration
}

// subscribe stores a subscription of uid as billing stores one (item
// layout of billing's keys.go) and returns its id.
func (c *cloud) subscribe(t *testing.T, uid string, s sub) string {
	t.Helper()
	if s.expiresIn == 0 {
		s.expiresIn = 90 * 24 * time.Hour
	}
	if s.adDays == 0 {
		s.adDays = 60
	}
	id := ulid.Make().String()
	now := c.clock()
	exp := now.Add(s.expiresIn)
	ts := func(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000000Z07:00") }
	item, err := attributevalue.MarshalMap(map[string]any{
		"PK": "USER#" + uid, "SK": "SUB#" + id, "GSI3PK": billing.SubExpiryPK(exp), "GSI3SK": uid + "#" + id,
		"type": "Subscription", "id": id, "uid": uid, "planId": "starter", "planKind": "subscription",
		"planName": map[string]string{"en": "Starter"}, "startsAt": ts(now), "expiresAt": ts(exp),
		"adAllowance": s.remaining, "remainingAds": s.remaining, "imageAllowance": s.images,
		"adDurationDays": s.adDays, "bundle": s.bundle, "trial": false,
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(c.table), Item: item}); err != nil {
		t.Fatal(err)
	}
	return id
}

// remaining reads the remaining ads of subscription id of uid.
func (c *cloud) remaining(t *testing.T, uid, id string) int {
	t.Helper()
	subs, err := billing.NewDynamoStore(c.db, c.table).Subscriptions(context.Background(), uid)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		if s.ID == id {
			return s.RemainingAds
		}
	}
	t.Fatalf("subscription %s of %s not found", id, uid)
	return 0
}

type response struct {
	status int
	body   map[string]any
	raw    string
	header http.Header
}

func (r response) code() string {
	e, _ := r.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func (r response) str(key string) string {
	s, _ := r.body[key].(string)
	return s
}

func (r response) items() []map[string]any {
	list, _ := r.body["items"].([]any)
	out := make([]map[string]any, len(list))
	for i, v := range list {
		out[i], _ = v.(map[string]any)
	}
	return out
}

// do serves a request through the real mux and checks the response
// against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) response {
	t.Helper()
	return c.doUA(t, method, path, token, body, "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
}

func (c *cloud) doUA(t *testing.T, method, path, token string, body any, ua string) response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("User-Agent", ua)
	rec := httptest.NewRecorder()
	c.api.ServeHTTP(rec, req)
	resp := rec.Result()
	testcloud.ValidateResponse(t, req, resp)
	raw, _ := io.ReadAll(resp.Body)
	out := response{status: resp.StatusCode, raw: string(raw), header: resp.Header}
	_ = json.Unmarshal(raw, &out.body)
	return out
}

// input is a valid ProductInput body, changed by the given edits.
func input(edits ...func(map[string]any)) map[string]any {
	in := map[string]any{
		"title": "Dachziegel Tonziegel rot", "categorySlug": "roofing", "brand": "  laufen ",
		"description": "Rund 400 Tonziegel, unbenutzt, auf Palette.", "priceRp": 25000, "discountPct": 10,
		"condition": "new", "quantity": map[string]any{"amount": 400, "unit": "pieces"}, "pickup": true, "delivery": false,
		"location": map[string]any{"kind": "city", "postalCode": "8001"},
	}
	for _, e := range edits {
		e(in)
	}
	return in
}

// draft creates a draft through the API and returns its id.
func (c *cloud) draft(t *testing.T, token string, edits ...func(map[string]any)) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/products", token, input(edits...))
	if r.status != 201 {
		t.Fatalf("create draft: got %d %s", r.status, r.raw)
	}
	return r.str("id")
}

// image adds an image to ad id through the API and, unless pending, lets
// the image function's store calls make it ready.
func (c *cloud) image(t *testing.T, token, id string, ready bool) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/products/"+id+"/images", token, map[string]any{"contentType": "image/jpeg", "size": 123456})
	if r.status != 201 {
		t.Fatalf("add image: got %d %s", r.status, r.raw)
	}
	img, _ := r.body["image"].(map[string]any)
	imageID, _ := img["id"].(string)
	if ready {
		if err := c.store.MarkImageReady(context.Background(), id, imageID, catalog.RenditionKeys(id, imageID), 1600, 1200, c.clock()); err != nil {
			t.Fatal(err)
		}
	}
	return imageID
}

// published creates an ad with one ready image and publishes it.
func (c *cloud) published(t *testing.T, token string, edits ...func(map[string]any)) string {
	t.Helper()
	id := c.draft(t, token, edits...)
	c.image(t, token, id, true)
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", token, nil); r.status != 200 {
		t.Fatalf("publish: got %d %s", r.status, r.raw)
	}
	return id
}

// searchIDs returns the ids of a search's first page.
func (c *cloud) searchIDs(t *testing.T, query string) []string {
	t.Helper()
	r := c.do(t, "GET", "/api/v1/products?"+query, "", nil)
	if r.status != 200 {
		t.Fatalf("search %s: got %d %s", query, r.status, r.raw)
	}
	var ids []string
	for _, it := range r.items() {
		id, _ := it["id"].(string)
		ids = append(ids, id)
	}
	return ids
}

// count returns how many items of the table have keys with the prefixes
// (a test-only Scan).
func (c *cloud) count(t *testing.T, pkPrefix, skPrefix string) int {
	t.Helper()
	out, err := c.db.Scan(context.Background(), &dynamodb.ScanInput{
		TableName:        aws.String(c.table),
		FilterExpression: aws.String("begins_with(PK, :pk) AND begins_with(SK, :sk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: pkPrefix}, ":sk": &types.AttributeValueMemberS{Value: skPrefix},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return int(out.Count)
}

func set(key string, v any) func(map[string]any) {
	return func(m map[string]any) { m[key] = v }
}
