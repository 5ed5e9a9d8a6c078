package reviews_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/accounts/accountstest"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/reviews"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

// cloud is the reviews domain wired to DynamoDB Local as the function wires
// it (48 h waiting period), with real accounts, ads and contact requests
// and a clock the test moves.
type cloud struct {
	db    *dynamodb.Client
	table string
	users *accounts.DynamoStore
	ads   *catalog.Store
	creqs *contactreq.DynamoStore
	api   http.Handler
	iss   *auth.Issuer
	clock *testcloud.Clock
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	cursors := ddbtest.Cursors(t)
	c := &cloud{db: db, table: table, clock: testcloud.NewClock(time.Now().UTC().Truncate(time.Second))}
	c.iss = authtest.Issuer(t, 24*time.Hour*30)
	ver := authtest.Verifier(t)
	c.users = accounts.NewDynamoStore(db, table)
	c.ads = catalog.NewStore(db, table).WithCursors(cursors)
	c.creqs = contactreq.NewDynamoStore(db, table, cursors)
	svc := reviews.NewService(reviews.NewStore(db, table, cursors), c.users, c.ads, audit.NewRecorder(db, table), reviews.DefaultWait).
		WithClock(c.clock.Now)
	c.api = reviews.NewHandler(svc, ver.WithTokenVersions(c.users))
	return c
}

func newID() string { return ulid.Make().String() }

func (c *cloud) user(t *testing.T, role auth.Role, first, last string, company *accounts.Company) (string, string) {
	t.Helper()
	u, tok := accountstest.User(t, c.users, c.iss, accounts.User{
		ID: "u-" + newID(), FirstName: first, LastName: last, Language: "fr", Role: role, Company: company,
		CreatedAt: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC),
	})
	return u.ID, tok
}

func (c *cloud) ad(t *testing.T, seller, title string) string {
	t.Helper()
	a := catalog.Ad{
		ID: newID(), SellerID: seller, Title: title, CategorySlug: "materials", CategoryPath: []string{"materials"}, PriceRp: 5000,
		Condition: catalog.ConditionUsed, Quantity: catalog.Quantity{Amount: 1, Unit: "pieces"}, Pickup: true,
		Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH", Lat: 47.4, Lon: 8.6}, CreatedAt: time.Now().UTC(),
	}
	if err := c.ads.PutImported(t.Context(), a, nil); err != nil {
		t.Fatal(err)
	}
	return a.ID
}

// contact records that buyer wrote to seller about ad at the cloud's time.
func (c *cloud) contact(t *testing.T, buyer, seller, ad string) {
	t.Helper()
	if err := c.creqs.Create(t.Context(), contactreq.Request{
		ID: newID(), SellerID: seller, AdID: ad, AdTitle: "x", Name: "B", Email: "b@example.ch", Message: "Encore disponible ?",
		CreatedAt: c.clock.Now(), BuyerID: buyer, ClientHash: "h",
	}); err != nil {
		t.Fatal(err)
	}
}

// do serves one request and checks the answer against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) testcloud.Response {
	t.Helper()
	return testcloud.Serve(t, c.api, method, path, token, body)
}

type reviewBody struct {
	ID, AdID, Text, AuthorName string
	Rating                     int
	Mine                       bool
	Reply                      *struct{ Text string }
}

type ratingBody struct {
	Average *float64
	Count   int
}

func TestEligibilityAndWriting(t *testing.T) {
	c := newCloud(t)
	seller, sellerTok := c.user(t, auth.RoleUser, "Thomas", "Huber", &accounts.Company{Name: "Huber Bau AG"})
	buyer, buyerTok := c.user(t, auth.RoleUser, "Claire", "Morel", nil)
	_, strangerTok := c.user(t, auth.RoleUser, "Nina", "Keller", nil)
	ad := c.ad(t, seller, "Dachziegel rot")
	eligibility := func(tok string) (e struct {
		CanReview     bool
		Reason        string
		AvailableFrom string
	},
	) {
		t.Helper()
		r := c.do(t, "GET", "/api/v1/reviews/eligibility?adId="+ad, tok, nil)
		if r.Status != 200 {
			t.Fatalf("eligibility: got %d %s", r.Status, r.Body)
		}
		r.Decode(t, &e)
		return e
	}
	if e := eligibility(sellerTok); e.CanReview || e.Reason != reviews.ReasonOwnAd {
		t.Errorf("seller: got %+v, want own_ad", e)
	}
	if e := eligibility(buyerTok); e.CanReview || e.Reason != reviews.ReasonNotContacted {
		t.Errorf("before contacting: got %+v, want not_contacted", e)
	}
	c.contact(t, buyer, seller, ad)
	first := c.clock.Now()
	c.clock.Advance(time.Hour)
	c.contact(t, buyer, seller, ad) // a second message does not restart the wait
	e := eligibility(buyerTok)
	if e.CanReview || e.Reason != reviews.ReasonTooEarly || e.AvailableFrom != first.Add(reviews.DefaultWait).Format(time.RFC3339) {
		t.Errorf("an hour after: got %+v, want too_early until %s", e, first.Add(reviews.DefaultWait))
	}
	body := map[string]any{"adId": ad, "rating": 4, "text": "Ziegel wie beschrieben, Abholung unkompliziert."}
	if r := c.do(t, "POST", "/api/v1/reviews", buyerTok, body); r.Status != 403 || apperr.Code(r.Code()) != apperr.CodeReviewNotEligible {
		t.Errorf("too early: got %d %s, want 403 review_not_eligible", r.Status, r.Body)
	}
	c.clock.Advance(reviews.DefaultWait)
	if e := eligibility(buyerTok); !e.CanReview {
		t.Errorf("after the wait: got %+v, want canReview", e)
	}
	bad := []map[string]any{
		{"adId": ad, "rating": 0, "text": "Ziegel wie beschrieben."},
		{"adId": ad, "rating": 6, "text": "Ziegel wie beschrieben."},
		{"adId": ad, "rating": 4, "text": "kurz"},
		{"adId": ad, "rating": 4, "text": "Ziegel wie\x00 beschrieben."},
		{"adId": ad, "rating": 4, "text": strings.Repeat("\u200b", 12)},
		{"adId": ad, "rating": 4, "text": "\u202eZiegel wie beschrieben."},
		{"adId": ad, "rating": nil, "text": "Ziegel wie beschrieben."},
	}
	for _, b := range bad {
		if r := c.do(t, "POST", "/api/v1/reviews", buyerTok, b); r.Status != 400 || apperr.Code(r.Code()) != apperr.CodeValidationFailed {
			t.Errorf("%v: got %d %s, want 400", b, r.Status, r.Body)
		}
	}
	r := c.do(t, "POST", "/api/v1/reviews", buyerTok, body)
	var created reviewBody
	r.Decode(t, &created)
	if r.Status != 201 || created.AuthorName != "Claire M." || !created.Mine || created.Rating != 4 {
		t.Fatalf("create: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/reviews", buyerTok, body); r.Status != 409 || apperr.Code(r.Code()) != apperr.CodeReviewExists {
		t.Errorf("again: got %d %s, want 409 review_exists", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/reviews", strangerTok, body); r.Status != 403 || apperr.Code(r.Code()) != apperr.CodeReviewNotEligible {
		t.Errorf("stranger: got %d %s, want 403", r.Status, r.Body)
	}

	// The public profile: the company's name, the rating.
	var profile struct {
		Name, AccountType string
		Rating            ratingBody
		ActiveAds         int
	}
	r = c.do(t, "GET", "/api/v1/sellers/"+seller, "", nil)
	r.Decode(t, &profile)
	if r.Status != 200 || profile.Name != "Huber Bau AG" || profile.AccountType != "professional" || profile.Rating.Count != 1 ||
		*profile.Rating.Average != 4 || profile.ActiveAds != 1 {
		t.Errorf("profile: got %d %s", r.Status, r.Body)
	}

	// Edits within 48 hours move the average; later they are refused.
	r = c.do(t, "PATCH", "/api/v1/reviews/"+created.ID, buyerTok, map[string]any{"rating": 2})
	if r.Status != 200 {
		t.Fatalf("edit: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "PATCH", "/api/v1/reviews/"+created.ID, strangerTok, map[string]any{"rating": 5}); r.Status != 404 {
		t.Errorf("stranger edit: got %d %s, want 404", r.Status, r.Body)
	}
	var list struct {
		Items  []reviewBody
		Rating ratingBody
	}
	c.do(t, "GET", "/api/v1/sellers/"+seller+"/reviews", "", nil).Decode(t, &list)
	if len(list.Items) != 1 || list.Items[0].Rating != 2 || list.Items[0].Mine || list.Rating.Count != 1 || *list.Rating.Average != 2 {
		t.Errorf("reviews: got %+v", list)
	}
	c.clock.Advance(reviews.EditWindow)
	if r := c.do(t, "PATCH", "/api/v1/reviews/"+created.ID, buyerTok, map[string]any{"rating": 5}); r.Status != 409 || apperr.Code(r.Code()) != apperr.CodeReviewLocked {
		t.Errorf("late edit: got %d %s, want 409 review_locked", r.Status, r.Body)
	}

	// The seller replies once, in readable text.
	for _, text := range []string{"Danke\x1b[31m!", "\u2066Danke\u2069", " \u200b\n"} {
		if r := c.do(t, "POST", "/api/v1/reviews/"+created.ID+"/reply", sellerTok, map[string]string{"text": text}); r.Status != 400 || apperr.Code(r.Code()) != apperr.CodeValidationFailed {
			t.Errorf("reply %q: got %d %s, want 400", text, r.Status, r.Body)
		}
	}
	if r := c.do(t, "POST", "/api/v1/reviews/"+created.ID+"/reply", buyerTok, map[string]string{"text": "Merci"}); r.Status != 404 {
		t.Errorf("buyer reply: got %d %s, want 404", r.Status, r.Body)
	}
	r = c.do(t, "POST", "/api/v1/reviews/"+created.ID+"/reply", sellerTok, map[string]string{"text": "Danke für Ihren Kauf!"})
	var replied reviewBody
	r.Decode(t, &replied)
	if r.Status != 200 || replied.Reply == nil || replied.Reply.Text != "Danke für Ihren Kauf!" {
		t.Errorf("reply: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/reviews/"+created.ID+"/reply", sellerTok, map[string]string{"text": "Nochmals"}); r.Status != 409 || apperr.Code(r.Code()) != apperr.CodeReviewReplyExists {
		t.Errorf("second reply: got %d %s, want 409", r.Status, r.Body)
	}
}

func TestReportsAndModeration(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser, "Luca", "Bernasconi", nil)
	_, adminTok := c.user(t, auth.RoleAdmin, "Ada", "Admin", nil)
	_, otherTok := c.user(t, auth.RoleUser, "Nina", "Keller", nil)
	ad := c.ad(t, seller, "Betonmischer")
	ids := make([]string, 2)
	toks := make([]string, 2)
	for i, rating := range []int{5, 3} {
		buyer, tok := c.user(t, auth.RoleUser, "Käufer", "Nummer", nil)
		c.contact(t, buyer, seller, ad)
		toks[i] = tok
		c.clock.Advance(reviews.DefaultWait)
		r := c.do(t, "POST", "/api/v1/reviews", tok, map[string]any{"adId": ad, "rating": rating, "text": "Alles bestens gelaufen, danke."})
		var rv reviewBody
		r.Decode(t, &rv)
		if r.Status != 201 {
			t.Fatalf("create: got %d %s", r.Status, r.Body)
		}
		ids[i] = rv.ID
	}
	// Routes for signed-in users and administrators only.
	for _, rt := range []struct{ method, path, token string }{
		{"POST", "/api/v1/reviews/" + ids[0] + "/report", ""},
		{"GET", "/api/v1/admin/reviews", ""},
		{"GET", "/api/v1/admin/reviews", otherTok},
		{"DELETE", "/api/v1/admin/reviews/" + ids[0], otherTok},
		{"POST", "/api/v1/admin/reviews/" + ids[0] + "/dismiss", otherTok},
	} {
		want := 401
		if rt.token != "" {
			want = 403
		}
		if r := c.do(t, rt.method, rt.path, rt.token, map[string]string{"reason": "x"}); r.Status != want {
			t.Errorf("%s %s: got %d %s, want %d", rt.method, rt.path, r.Status, r.Body, want)
		}
	}
	if r := c.do(t, "POST", "/api/v1/reviews/"+ids[0]+"/report", toks[0], map[string]string{"reason": "mine"}); r.Status != 403 {
		t.Errorf("own review: got %d %s, want 403", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/reviews/"+ids[0]+"/report", otherTok, map[string]string{"reason": "Beleidigend"}); r.Status != 202 {
		t.Fatalf("report: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/reviews/"+ids[0]+"/report", otherTok, map[string]string{"reason": "Nochmals"}); r.Status != 409 || apperr.Code(r.Code()) != apperr.CodeReviewAlreadyReported {
		t.Errorf("report again: got %d %s, want 409", r.Status, r.Body)
	}
	var queue struct {
		Items []struct {
			ID      string
			Reports []struct{ Reason, ReporterName string }
		}
	}
	c.do(t, "GET", "/api/v1/admin/reviews", adminTok, nil).Decode(t, &queue)
	if len(queue.Items) != 1 || queue.Items[0].ID != ids[0] || len(queue.Items[0].Reports) != 1 || queue.Items[0].Reports[0].ReporterName != "Nina K." {
		t.Fatalf("queue: got %+v", queue)
	}
	// Dismissing keeps the review; removing hides it and its stars.
	if r := c.do(t, "POST", "/api/v1/admin/reviews/"+ids[0]+"/dismiss", adminTok, nil); r.Status != 200 {
		t.Errorf("dismiss: got %d %s", r.Status, r.Body)
	}
	c.do(t, "GET", "/api/v1/admin/reviews", adminTok, nil).Decode(t, &queue)
	if len(queue.Items) != 0 {
		t.Errorf("queue after dismissing: got %+v", queue)
	}
	r := c.do(t, "DELETE", "/api/v1/admin/reviews/"+ids[0], adminTok, nil)
	var msg struct{ Message string }
	r.Decode(t, &msg)
	if r.Status != 200 || msg.Message != reviews.MessageRemoved {
		t.Errorf("remove: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "DELETE", "/api/v1/admin/reviews/"+ids[0], adminTok, nil); r.Status != 404 || apperr.Code(r.Code()) != apperr.CodeReviewNotFound {
		t.Errorf("remove again: got %d %s, want 404 review_not_found", r.Status, r.Body)
	}
	var list struct {
		Items  []reviewBody
		Rating ratingBody
	}
	c.do(t, "GET", "/api/v1/sellers/"+seller+"/reviews", "", nil).Decode(t, &list)
	if len(list.Items) != 1 || list.Items[0].ID != ids[1] || list.Rating.Count != 1 || *list.Rating.Average != 3 {
		t.Errorf("after removal: got %+v", list)
	}
	cursors := ddbtest.Cursors(t)
	entries, err := audit.NewLog(c.db, c.table, cursors).List(t.Context(), audit.Filter{TargetID: ids[0], TargetType: "review"}, 10, "")
	if err != nil || len(entries.Items) != 2 {
		t.Errorf("audit: got %+v, %v, want the dismissal and the removal", entries, err)
	}
	if r := c.do(t, "GET", "/api/v1/sellers/u-unknown", "", nil); r.Status != 404 || apperr.Code(r.Code()) != apperr.CodeUserNotFound {
		t.Errorf("unknown seller: got %d %s, want 404 user_not_found", r.Status, r.Body)
	}
}
