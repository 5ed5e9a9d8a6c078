package catalog_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/seed/seedtest"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/accounts/accountstest"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/ratelimit"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

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
	clock  *testcloud.Clock
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	s3c, bucket := testcloud.S3(t)
	c := &cloud{db: db, table: table, s3: s3c, bucket: bucket, clock: testcloud.NewClock(time.Now().UTC().Truncate(time.Millisecond))}
	seedtest.Places(t, db, table, cantonsCSV, localitiesCSV)
	cursors := ddbtest.Cursors(t)
	c.iss = authtest.Issuer(t, time.Hour)
	ver := authtest.Verifier(t)
	c.users = accounts.NewDynamoStore(db, table)
	c.store = catalog.NewStore(db, table).WithCursors(cursors)
	uploads := catalog.NewS3Uploads(s3c, bucket, true)
	c.svc = catalog.NewService(c.store, billing.NewDynamoStore(db, table), c.users,
		catalog.S3Blobs{Client: s3c, Bucket: bucket}, uploads).WithClock(c.clock.Now).WithLimiter(ratelimit.New(db, table).WithClock(c.clock.Now))
	c.api = catalog.NewHandler(c.svc, ver.WithTokenVersions(c.users))
	return c
}

// user creates an active account and returns its id and an access token.
func (c *cloud) user(t *testing.T, role auth.Role) (string, string) {
	t.Helper()
	u, tok := accountstest.User(t, c.users, c.iss, accounts.User{FirstName: "Anna", LastName: "Muster", Role: role, CreatedAt: c.clock.Now()})
	return u.ID, tok
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
	now := c.clock.Now()
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

// response is a served request's answer.
type response struct{ testcloud.Response }

// str is the string under key.
func (r response) str(key string) string {
	s, _ := r.JSON[key].(string)
	return s
}

// items are the objects of a list's "items".
func (r response) items() []map[string]any {
	list, _ := r.JSON["items"].([]any)
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

// doUA is do from a browser that sends ua.
func (c *cloud) doUA(t *testing.T, method, path, token string, body any, ua string) response {
	t.Helper()
	req := testcloud.NewRequest(t, method, path, body)
	req.Header.Set("User-Agent", ua)
	return response{testcloud.ServeRequest(t, c.api, req, token)}
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
	if r.Status != 201 {
		t.Fatalf("create draft: got %d %s", r.Status, r.Body)
	}
	return r.str("id")
}

// image adds an image to ad id through the API and, unless pending, lets
// the image function's store calls make it ready.
func (c *cloud) image(t *testing.T, token, id string, ready bool) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/products/"+id+"/images", token, map[string]any{"contentType": "image/jpeg", "size": 123456})
	if r.Status != 201 {
		t.Fatalf("add image: got %d %s", r.Status, r.Body)
	}
	img, _ := r.JSON["image"].(map[string]any)
	imageID, _ := img["id"].(string)
	if ready {
		if err := c.store.MarkImageReady(context.Background(), id, imageID, catalog.RenditionKeys(id, imageID), 1600, 1200, c.clock.Now()); err != nil {
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
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", token, nil); r.Status != 200 {
		t.Fatalf("publish: got %d %s", r.Status, r.Body)
	}
	return id
}

// searchIDs returns the ids of a search's first page.
func (c *cloud) searchIDs(t *testing.T, query string) []string {
	t.Helper()
	r := c.do(t, "GET", "/api/v1/products?"+query, "", nil)
	if r.Status != 200 {
		t.Fatalf("search %s: got %d %s", query, r.Status, r.Body)
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
