package admin_test

import (
	"context"
	"net/http"
	"strings"

	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/accounts/accountstest"
	"github.com/remat/remat/shared/admin"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reports"
	"github.com/remat/remat/shared/search"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

const testPassword = "correct horse battery staple 42"

// cloud is the back office and the public report API wired to DynamoDB
// Local and the SES emulator, as the admin and reports functions wire them.
type cloud struct {
	db       *dynamodb.Client
	table    string
	box      *testcloud.Mailbox
	cursors  *ddb.Cursors
	users    *accounts.DynamoStore
	accounts *accounts.Service
	ads      *catalog.Store
	catalog  *catalog.Service
	iss      *auth.Issuer
	public   http.Handler
	api      http.Handler
	hash     string
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	cursors := ddbtest.Cursors(t)
	iss := authtest.Issuer(t, time.Hour)
	ver := authtest.Verifier(t)
	hash, err := password.NewHasher(password.TestParams).Hash(testPassword)
	if err != nil {
		t.Fatal(err)
	}
	users := accounts.NewDynamoStore(db, table)
	limiter := ratelimit.New(db, table)
	sender := mail.NewSESSender(ses)
	acc := accounts.NewService(users, limiter, sender, iss, nil, nil,
		accounts.Options{From: "no-reply@remat.ch", SiteURL: "https://remat.example", Params: password.TestParams})
	ads := catalog.NewStore(db, table).WithCursors(cursors)
	recorder := audit.NewRecorder(db, table)
	adminSvc := admin.NewService(db, table, cursors, users, ads, acc, recorder)
	reportsSvc := reports.NewService(reports.NewDynamoStore(db, table, cursors), ads, users, adminSvc, limiter, sender, recorder,
		reports.Options{From: "no-reply@remat.ch", Inbox: "contact@remat.ch", SiteURL: "https://remat.example"})
	verifier := ver.WithTokenVersions(users)
	return &cloud{
		db: db, table: table, box: box, cursors: cursors, users: users, accounts: acc, ads: ads,
		catalog: catalog.NewService(ads, billing.NewDynamoStore(db, table), users, nil, nil),
		iss:     iss, hash: hash,
		public: reports.NewHandler(reportsSvc, verifier),
		api:    admin.NewHandler(adminSvc, reportsSvc, audit.NewLog(db, table, cursors), verifier),
	}
}

// account is a test user and its access token.
type account struct {
	accounts.User
	token string
}

// user creates a verified, active account (with testPassword) of role.
func (c *cloud) user(t *testing.T, role auth.Role, first, last string, company string) account {
	t.Helper()
	id := ulid.Make().String()
	u := accounts.User{
		ID: id, FirstName: first, LastName: last, Email: strings.ToLower(first) + "." + id[20:] + "@example.ch",
		Role: role, PasswordHash: c.hash,
	}
	if company != "" {
		u.Company = &accounts.Company{Name: company, Email: "info@example.ch", Address: "Weg 1, 8000 Zürich"}
	}
	u, tok := accountstest.User(t, c.users, c.iss, u)
	return account{User: u, token: tok}
}

// ad publishes an active, indexed ad of seller titled title.
func (c *cloud) ad(t *testing.T, seller, title string) catalog.Ad {
	t.Helper()
	a := catalog.Ad{
		ID: ulid.Make().String(), SellerID: seller, Title: title, CategorySlug: "tiles", CategoryPath: []string{"tiles", "materials"},
		Condition: catalog.ConditionUsed, PriceRp: 12000, Quantity: catalog.Quantity{Amount: 10, Unit: "m2"},
		Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "zh", Lat: 47.4, Lon: 8.6}, CreatedAt: time.Now().UTC(),
	}
	if err := c.ads.PutImported(context.Background(), a, nil); err != nil {
		t.Fatal(err)
	}
	got, err := c.ads.Ad(context.Background(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// searchable reports whether a search for text finds ad id.
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

// do sends a request to the admin API for /admin paths, else to the
// public report API, and checks the answer against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) testcloud.Response {
	t.Helper()
	h := c.public
	if strings.HasPrefix(path, "/api/v1/admin/") {
		h = c.api
	}
	return testcloud.Serve(t, h, method, path, token, body)
}

// report sends a report of ad by email and returns the response.
func (c *cloud) report(t *testing.T, adID, email string) testcloud.Response {
	t.Helper()
	return c.do(t, http.MethodPost, "/api/v1/reports", "", map[string]any{
		"productId": adID, "reason": "suspicious", "details": "Too cheap to be true.", "email": email, "consent": true,
	})
}

// mailsTo returns the messages sent to addr.
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
