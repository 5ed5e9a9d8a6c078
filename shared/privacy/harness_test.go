package privacy_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/favourites"
	"github.com/remat/remat/shared/invoice"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/privacy"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reviews"
	"github.com/remat/remat/shared/search"
	"github.com/remat/remat/shared/social"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

const (
	siteURL      = "https://remat.test"
	testPassword = "gravel under the old bridge"
)

// cloud is the account function's service wired to DynamoDB Local and the
// S3 and SES emulators as functions/account wires it on AWS, beside the
// auth API (sign-up, login) and the stores the tests fill the account
// with through their owners.
type cloud struct {
	db       *dynamodb.Client
	table    string
	s3       *s3.Client
	bucket   string
	box      *testcloud.Mailbox
	cursors  *ddb.Cursors
	iss      *auth.Issuer
	users    *accounts.DynamoStore
	acc      *accounts.Service
	ads      *catalog.Store
	creqs    *contactreq.DynamoStore
	favs     *favourites.Store
	searches *alerts.Store
	bills    *billing.DynamoStore
	billing  *billing.Service
	blobs    *flakyBlobs
	svc      *privacy.Service
	api      http.Handler
	auth     http.Handler
}

// options change the wiring of one test's cloud.
type options struct {
	budget time.Duration
}

func newCloud(t *testing.T, o options) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	s3c, bucket := testcloud.S3(t)
	ses, box := testcloud.SES(t)
	c := &cloud{db: db, table: table, s3: s3c, bucket: bucket, box: box}
	c.cursors = ddbtest.Cursors(t)
	c.iss = authtest.Issuer(t, time.Hour)
	ver := authtest.Verifier(t)
	if err := billing.SeedPlans(context.Background(), db, table); err != nil {
		t.Fatal(err)
	}
	sender := mail.NewSESSender(ses)
	limiter := ratelimit.New(db, table)
	c.users = accounts.NewDynamoStore(db, table)
	c.acc = accounts.NewService(c.users, limiter, sender, c.iss, nil, nil,
		accounts.Options{From: "no-reply@remat.ch", SiteURL: siteURL, Params: password.TestParams})
	c.ads = catalog.NewStore(db, table).WithCursors(c.cursors)
	c.creqs = contactreq.NewDynamoStore(db, table, c.cursors)
	c.favs = favourites.NewStore(db, table, c.cursors)
	c.searches = alerts.NewStore(db, table)
	c.bills = billing.NewDynamoStore(db, table)
	c.billing = billing.NewService(c.bills, billing.AccountsCustomers{Users: c.users},
		billing.InvoicePDFs{Store: invoice.NewStore(s3c, bucket)}, sender, billing.Options{
			Provider: billing.TestProvider{}, From: "no-reply@remat.ch", SiteURL: siteURL, Limiter: limiter,
			Seller: billing.Seller{Name: "Remat GmbH", Address: "Musterstrasse 1, 8000 Zürich", VATNumber: "CHE-123.456.789 MWST"},
		})
	c.blobs = &flakyBlobs{next: catalog.S3Blobs{Client: s3c, Bucket: bucket}}
	c.svc = privacy.NewService(privacy.Deps{
		Users: c.users, Confirmer: c.acc, Ads: c.ads, AdBlobs: c.blobs, Avatars: blob.New(s3c, bucket),
		Requests: c.creqs, Favourites: c.favs, SavedSearches: c.searches, Reviews: reviews.NewStore(db, table, c.cursors), Billing: c.bills, DB: db, Table: table, Audit: audit.NewRecorder(db, table),
		Limiter: limiter, Sender: sender,
	}, privacy.Options{From: "no-reply@remat.ch", SiteURL: siteURL, Budget: o.budget})
	verifier := ver.WithTokenVersions(c.users)
	c.api = privacy.NewHandler(c.svc, verifier)
	c.auth = accounts.NewHandler(c.acc, verifier, social.Config{})
	return c
}

// flakyBlobs deletes ad photos through the real S3 emulator, failing the
// next failures calls first (a partial failure, for the retry tests).
type flakyBlobs struct {
	next     catalog.Blobs
	mu       sync.Mutex
	failures int
}

func (f *flakyBlobs) Delete(ctx context.Context, keys []string) error {
	f.mu.Lock()
	fail := f.failures > 0
	if fail {
		f.failures--
	}
	f.mu.Unlock()
	if fail {
		return errors.New("injected: S3 unavailable")
	}
	return f.next.Delete(ctx, keys)
}

func (f *flakyBlobs) failNext(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failures = n
}

// account is a test user with its token.
type account struct {
	accounts.User
	token string
}

// user creates a verified, active account with testPassword (or, social,
// without a password but linked to a Google identity).
func (c *cloud) user(t *testing.T, role auth.Role, first, lang string, social bool) account {
	t.Helper()
	id := ulid.Make().String()
	u := accounts.User{
		ID: id, FirstName: first, LastName: "Muster", Email: strings.ToLower(first) + "." + strings.ToLower(id[18:]) + "@example.ch",
		Phone: "+41 79 123 45 67", Language: lang, Role: role, AccountType: accounts.AccountProfessional,
		Company: &accounts.Company{Name: first + " Bau AG", Email: "info@example.ch", Address: "Weg 1, 8000 Zürich"},
		Status:  accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now().UTC(),
	}
	ctx := context.Background()
	if social {
		u.AccountType, u.Company = accounts.AccountIndividual, nil
		if err := c.users.CreateUserWithIdentity(ctx, u, "google", "sub-"+id); err != nil {
			t.Fatal(err)
		}
	} else {
		hash, err := password.NewHasher(password.TestParams).Hash(testPassword)
		if err != nil {
			t.Fatal(err)
		}
		u.PasswordHash = hash
		if role == auth.RoleAdmin {
			err = c.users.CreateAdmin(ctx, u)
		} else {
			err = c.users.CreateUser(ctx, u, accounts.Token{Hash: "h" + id, Kind: accounts.TokenVerify, UserID: id, ExpiresAt: time.Now().Add(time.Hour)})
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	tok, err := c.iss.Issue(auth.Principal{UserID: id, Role: role})
	if err != nil {
		t.Fatal(err)
	}
	return account{User: u, token: tok}
}

// ad publishes an active, indexed ad of seller with two photos whose
// renditions are in S3.
func (c *cloud) ad(t *testing.T, seller, title string) catalog.Ad {
	t.Helper()
	ctx := context.Background()
	a := catalog.Ad{
		ID: ulid.Make().String(), SellerID: seller, Title: title, CategorySlug: "tiles", CategoryPath: []string{"tiles", "materials"},
		Description: "Restposten aus einem Umbau.", Condition: catalog.ConditionUsed, PriceRp: 12000,
		Quantity: catalog.Quantity{Amount: 10, Unit: "m2"},
		Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH", Lat: 47.4, Lon: 8.6}, CreatedAt: time.Now().UTC(),
	}
	images := []catalog.Image{{ID: ulid.Make().String()}, {ID: ulid.Make().String()}}
	for _, img := range images {
		for _, key := range catalog.RenditionKeys(a.ID, img.ID).All() {
			c.putObject(t, key)
		}
	}
	if err := c.ads.PutImported(ctx, a, images); err != nil {
		t.Fatal(err)
	}
	got, err := c.ads.Ad(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func (c *cloud) putObject(t *testing.T, key string) {
	t.Helper()
	if _, err := c.s3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(c.bucket), Key: aws.String(key), Body: bytes.NewReader([]byte("jpeg")), ContentType: aws.String("image/jpeg"),
	}); err != nil {
		t.Fatal(err)
	}
}

// objectExists reports whether key is in the bucket.
func (c *cloud) objectExists(t *testing.T, key string) bool {
	t.Helper()
	_, err := c.s3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(c.bucket), Key: aws.String(key)})
	return err == nil
}

// photoKeys are every rendition key of ad id's images.
func (c *cloud) photoKeys(t *testing.T, id string) []string {
	t.Helper()
	rec, err := c.ads.Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, img := range rec.Images {
		keys = append(keys, img.Keys.All()...)
	}
	return keys
}

// avatar gives uid a profile photo in S3 and returns its key.
func (c *cloud) avatar(t *testing.T, uid string) string {
	t.Helper()
	key := blob.NewAvatarKey(uid, time.Now())
	c.putObject(t, key)
	if _, _, err := c.users.SetAvatar(context.Background(), uid, key); err != nil {
		t.Fatal(err)
	}
	return key
}

// request stores a contact request from a buyer to seller about ad.
func (c *cloud) request(t *testing.T, seller string, ad catalog.Ad, from string) contactreq.Request {
	t.Helper()
	r := contactreq.Request{
		ID: ulid.Make().String(), SellerID: seller, AdID: ad.ID, AdTitle: ad.Title, Name: "Claire Acheteuse",
		Email: from, Phone: "+41 79 555 66 77", Message: "Encore disponible ?", CreatedAt: time.Now().UTC(),
		ClientHash: ratelimit.KeyHash("192.0.2.1"), UserAgent: "Mozilla/5.0 (test)",
	}
	if err := c.creqs.Create(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	return r
}

// unread is seller's unread counter.
func (c *cloud) unread(t *testing.T, seller string) int {
	t.Helper()
	n, err := c.creqs.Unread(context.Background(), seller)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// buy gives uid a free trial of the pro plan (settled at once: order,
// subscription, payment and invoice) and a pending order of another plan.
func (c *cloud) buy(t *testing.T, uid string) (paid, pending billing.Order) {
	t.Helper()
	ctx := context.Background()
	paid, err := c.billing.CreateOrder(ctx, uid, billing.PlanPro, true)
	if err != nil {
		t.Fatal(err)
	}
	if paid.Status != billing.OrderPaid || paid.InvoiceID == "" {
		t.Fatalf("trial order: got %+v, want paid with an invoice", paid)
	}
	pending, err = c.billing.CreateOrder(ctx, uid, billing.PlanSingle, true)
	if err != nil {
		t.Fatal(err)
	}
	return paid, pending
}

// searchable reports whether a catalogue search for text finds ad id.
func (c *cloud) searchable(t *testing.T, text, id string) bool {
	t.Helper()
	page, err := search.Search(context.Background(), c.db, c.table, c.cursors, search.Query{Text: text, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	for _, card := range page.Items {
		if card.ID == id {
			return true
		}
	}
	return false
}

// partition lists the sort keys left under USER#<uid>.
func (c *cloud) partition(t *testing.T, uid string) []string {
	t.Helper()
	out, err := c.db.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(c.table), KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "USER#" + uid}},
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	var keys []struct {
		SK string `dynamodbav:"SK"`
	}
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &keys); err != nil {
		t.Fatal(err)
	}
	sks := make([]string, len(keys))
	for i, k := range keys {
		sks[i] = k.SK
	}
	return sks
}

// do sends a request to the account API (or the auth API for /auth
// paths) and checks the answer against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) testcloud.Response {
	t.Helper()
	req := testcloud.NewRequest(t, method, path, body)
	req.RemoteAddr = "192.0.2.50:1234"
	h := c.api
	if strings.HasPrefix(path, "/api/v1/auth/") {
		h = c.auth
	}
	return testcloud.ServeRequest(t, h, req, token)
}

// export downloads u's data and decodes it.
func (c *cloud) export(t *testing.T, token string) (privacy.Document, testcloud.Response) {
	t.Helper()
	r := c.do(t, http.MethodGet, "/api/v1/account/export", token, nil)
	var doc privacy.Document
	if r.Status == http.StatusOK {
		r.Decode(t, &doc)
	}
	return doc, r
}

// remove sends DELETE /api/v1/account with body until it is no longer
// 202 (at most max times) and returns the last answer and how many were
// sent.
func (c *cloud) remove(t *testing.T, token string, body map[string]any, max int) (testcloud.Response, int) {
	t.Helper()
	for n := 1; ; n++ {
		r := c.do(t, http.MethodDelete, "/api/v1/account", token, body)
		if r.Status != http.StatusAccepted || n == max {
			return r, n
		}
	}
}

// mailsTo returns the subjects of the messages sent to addr.
func (c *cloud) mailsTo(addr string) []string {
	var out []string
	for _, m := range c.box.Messages() {
		for _, to := range m.To {
			if strings.EqualFold(to, addr) {
				out = append(out, m.Subject)
			}
		}
	}
	return out
}

// favourite saves ad adID in uid's wish list through the favourites
// service, as the wish-list function does.
func (c *cloud) favourite(t *testing.T, uid, adID string) {
	t.Helper()
	if _, created, err := favourites.NewService(c.favs, c.ads).Save(t.Context(), uid, adID); err != nil || !created {
		t.Fatalf("save %s for %s: created %v, %v", adID, uid, created, err)
	}
}

// saveSearch saves a search with an alert for uid, as the saved-searches
// function does.
func (c *cloud) saveSearch(t *testing.T, uid, name string) {
	t.Helper()
	svc := alerts.NewService(c.searches, c.db, c.table, catalog.NewService(c.ads, nil, nil, nil, nil), c.cursors)
	if _, err := svc.Create(t.Context(), uid, alerts.Input{Name: name, Params: "q=ziegel&condition=used"}); err != nil {
		t.Fatalf("save search for %s: %v", uid, err)
	}
}

// review stores a review by buyer of seller for ad, as the reviews
// service does once the buyer is eligible.
func (c *cloud) review(t *testing.T, buyer, seller, adID string) {
	t.Helper()
	at := time.Now().UTC().Format(time.RFC3339Nano)
	if err := reviews.NewStore(c.db, c.table, c.cursors).Create(t.Context(), reviews.Review{
		ID: ulid.Make().String(), SellerID: seller, AdID: adID, AdTitle: "Annonce", BuyerID: buyer, AuthorName: "Hans M.",
		Rating: 4, Text: "Alles wie beschrieben.", CreatedAt: at, UpdatedAt: at,
	}); err != nil {
		t.Fatal(err)
	}
}
