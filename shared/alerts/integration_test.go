package alerts_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/seed/seedtest"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/accounts/accountstest"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/search"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

const (
	cantonsCSV = "code,name_de,name_fr,name_it,name_en,lat,lon\n" +
		"ZH,Zürich,Zurich,Zurigo,Zurich,47.41,8.65\n" +
		"BE,Bern,Berne,Berna,Bern,46.82,7.62\n" +
		"GE,Genf,Genève,Ginevra,Geneva,46.20,6.14\n"
	localitiesCSV = "postal_code,locality,canton,lat,lon\n" +
		"8001,Zürich,ZH,47.3717,8.5423\n" +
		"8400,Winterthur,ZH,47.4990,8.7290\n" +
		"3000,Bern,BE,46.9481,7.4474\n" +
		"1201,Genève,GE,46.2100,6.1420\n"
)

// Places of the ads: [lat, lon].
var (
	zurich     = [2]float64{47.3717, 8.5423}
	winterthur = [2]float64{47.4990, 8.7290}
	bern       = [2]float64{46.9481, 7.4474}
)

// cloud is the saved-search domain wired to DynamoDB Local (seeded with
// localities and the category tree) and the SES emulator, with a clock the
// test moves.
type cloud struct {
	db     *dynamodb.Client
	table  string
	box    *testcloud.Mailbox
	users  *accounts.DynamoStore
	ads    *catalog.Store
	svc    *alerts.Service
	sender *alerts.Sender
	api    http.Handler
	iss    *auth.Issuer
	clock  *testcloud.Clock
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	seedtest.Places(t, db, table, cantonsCSV, localitiesCSV)
	cursors := ddbtest.Cursors(t)
	c := &cloud{db: db, table: table, box: box, clock: testcloud.NewClock(time.Date(2026, 11, 26, 5, 0, 0, 0, time.UTC))}
	c.iss = authtest.Issuer(t, time.Hour)
	ver := authtest.Verifier(t)
	c.users = accounts.NewDynamoStore(db, table)
	c.ads = catalog.NewStore(db, table)
	places := catalog.NewService(c.ads, nil, nil, nil, nil)
	c.svc = alerts.NewService(alerts.NewStore(db, table), db, table, places, cursors).WithClock(c.clock.Now)
	sender, err := alerts.NewSender(c.svc, c.users, mail.NewSESSender(ses), ratelimit.New(db, table),
		"alerts@remat.ch", "https://remat.example")
	if err != nil {
		t.Fatal(err)
	}
	c.sender = sender
	c.api = alerts.NewHandler(c.svc, ver.WithTokenVersions(c.users))
	return c
}

func newID() string { return ulid.Make().String() }

func (c *cloud) user(t *testing.T, lang string) (string, string) {
	t.Helper()
	u, tok := accountstest.User(t, c.users, c.iss, accounts.User{ID: "u-" + newID(), Language: lang})
	return u.ID, tok
}

type searchBody struct {
	ID, Name, Params, Place, Frequency, LastSentAt string
	Paused                                         bool
}

// do serves one request and checks the answer against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) testcloud.Response {
	t.Helper()
	return testcloud.Serve(t, c.api, method, path, token, body)
}

// save creates a saved search through the API.
func (c *cloud) save(t *testing.T, token, name, params, frequency string) searchBody {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/saved-searches", token, map[string]string{"name": name, "params": params, "frequency": frequency})
	if r.Status != 201 {
		t.Fatalf("save %q: got %d %s", params, r.Status, r.Body)
	}
	var s searchBody
	if err := json.Unmarshal(r.Body, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// publish puts an active ad of seller and matches it as the products
// function does on publication.
func (c *cloud) publish(t *testing.T, seller, title, category, brand, condition string, priceRp int64, at [2]float64, canton string) search.Ad {
	t.Helper()
	a := catalog.Ad{
		ID: newID(), SellerID: seller, Title: title, CategorySlug: category, CategoryPath: []string{category}, Brand: brand,
		PriceRp: priceRp, Condition: condition, Quantity: catalog.Quantity{Amount: 1, Unit: "pieces"}, Pickup: true,
		Location:  catalog.Location{Kind: catalog.LocationCity, Canton: canton, Lat: at[0], Lon: at[1], Locality: "Ort", PostalCode: "9999"},
		CreatedAt: c.clock.Now(),
	}
	if err := c.ads.PutImported(t.Context(), a, nil); err != nil {
		t.Fatal(err)
	}
	got, err := c.ads.Ad(t.Context(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	sa := catalog.SearchAd(got)
	if _, err := c.svc.Match(t.Context(), sa); err != nil {
		t.Fatalf("match %s: %v", title, err)
	}
	return sa
}

// waiting is the ad titles waiting for saved search id.
func (c *cloud) waiting(t *testing.T, id string) []string {
	t.Helper()
	out, err := c.db.Query(t.Context(), &dynamodb.QueryInput{
		TableName: aws.String(c.table), KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "ALERTQ#" + id}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, it := range out.Items {
		titles = append(titles, it["title"].(*types.AttributeValueMemberS).Value)
	}
	return titles
}

func TestAuthorizationAndEditing(t *testing.T) {
	c := newCloud(t)
	_, owner := c.user(t, "fr")
	_, other := c.user(t, "de")
	s := c.save(t, owner, "  Tuiles   Zurich ", "q=tuiles&location=8001&radius=15&sort=price_asc&cursor=abc", "")
	if s.Name != "Tuiles Zurich" || s.Frequency != alerts.FrequencyInstant || s.Place != "8001 Zürich" || s.Params != "location=8001&q=tuiles&radius=15" {
		t.Errorf("saved: got %+v", s)
	}
	routes := []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/v1/saved-searches", nil},
		{"POST", "/api/v1/saved-searches", map[string]string{"name": "x", "params": "q=x"}},
		{"PATCH", "/api/v1/saved-searches/" + s.ID, map[string]any{"paused": true}},
		{"DELETE", "/api/v1/saved-searches/" + s.ID, nil},
	}
	for _, rt := range routes {
		if r := c.do(t, rt.method, rt.path, "", rt.body); r.Status != 401 {
			t.Errorf("anonymous %s %s: got %d %s, want 401", rt.method, rt.path, r.Status, r.Body)
		}
	}
	for _, rt := range routes[2:] {
		if r := c.do(t, rt.method, rt.path, other, rt.body); r.Status != 404 || apperr.Code(r.Code()) != apperr.CodeSavedSearchNotFound {
			t.Errorf("other user %s: got %d %s, want 404 saved_search_not_found", rt.method, r.Status, r.Body)
		}
	}
	var list struct {
		Items []searchBody
		Max   int
	}
	r := c.do(t, "GET", "/api/v1/saved-searches", other, nil)
	if err := json.Unmarshal(r.Body, &list); err != nil || len(list.Items) != 0 || list.Max != alerts.MaxSearches {
		t.Errorf("other's list: got %s", r.Body)
	}

	refusals := []struct {
		name string
		body map[string]string
		code apperr.Code
	}{
		{"no name", map[string]string{"name": " ", "params": "q=ziegel"}, apperr.CodeValidationFailed},
		{"long name", map[string]string{"name": strings.Repeat("n", 81), "params": "q=ziegel"}, apperr.CodeValidationFailed},
		{"bad frequency", map[string]string{"name": "x", "params": "q=ziegel", "frequency": "weekly"}, apperr.CodeValidationFailed},
		{"no filter", map[string]string{"name": "x", "params": "sort=price_asc"}, apperr.CodeSavedSearchTooBroad},
		{"unknown place", map[string]string{"name": "x", "params": "location=0000"}, apperr.CodeValidationFailed},
		{"bad price", map[string]string{"name": "x", "params": "maxPrice=abc"}, apperr.CodeValidationFailed},
	}
	for _, tc := range refusals {
		if r := c.do(t, "POST", "/api/v1/saved-searches", owner, tc.body); apperr.Code(r.Code()) != tc.code {
			t.Errorf("%s: got %d %s, want %s", tc.name, r.Status, r.Body, tc.code)
		}
	}

	r = c.do(t, "PATCH", "/api/v1/saved-searches/"+s.ID, owner, map[string]any{"name": "Dachziegel", "frequency": "daily", "paused": true})
	var edited searchBody
	if err := json.Unmarshal(r.Body, &edited); err != nil || r.Status != 200 || edited.Name != "Dachziegel" || edited.Frequency != "daily" || !edited.Paused {
		t.Errorf("edit: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "DELETE", "/api/v1/saved-searches/"+s.ID, owner, nil); r.Status != 204 {
		t.Errorf("delete: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "DELETE", "/api/v1/saved-searches/"+s.ID, owner, nil); r.Status != 404 {
		t.Errorf("delete again: got %d %s, want 404", r.Status, r.Body)
	}
}

func TestLimit(t *testing.T) {
	c := newCloud(t)
	_, tok := c.user(t, "fr")
	for i := range alerts.MaxSearches {
		c.save(t, tok, fmt.Sprintf("Recherche %d", i), fmt.Sprintf("q=ziegel%d", i), "daily")
	}
	r := c.do(t, "POST", "/api/v1/saved-searches", tok, map[string]string{"name": "one more", "params": "q=kies"})
	if r.Status != 409 || apperr.Code(r.Code()) != apperr.CodeSavedSearchLimit {
		t.Errorf("over the limit: got %d %s, want 409 saved_search_limit", r.Status, r.Body)
	}
}

// TestMatching: a new ad is queued for exactly the saved searches it
// matches — text, category, price, radius, condition, canton — never for
// its seller's own or a paused one.
func TestMatching(t *testing.T) {
	c := newCloud(t)
	seller, sellerTok := c.user(t, "de")
	_, buyer := c.user(t, "fr")
	searches := map[string]searchBody{
		"text":         c.save(t, buyer, "Tuiles", "q=dachziegel", ""),
		"category":     c.save(t, buyer, "Outils", "category=tools", ""),
		"cheap":        c.save(t, buyer, "Bon marché", "category=materials&maxPrice=50", ""),
		"zurich 20km":  c.save(t, buyer, "Zurich", "location=8001&radius=20", ""),
		"bern 10km":    c.save(t, buyer, "Berne", "location=3000&radius=10", ""),
		"new only":     c.save(t, buyer, "Neuf", "q=dachziegel&condition=new", ""),
		"canton ZH":    c.save(t, buyer, "ZH", "canton=ZH&category=materials", ""),
		"brand":        c.save(t, buyer, "Makita", "brand=Makita", ""),
		"paused":       c.save(t, buyer, "En pause", "q=dachziegel", ""),
		"seller's own": c.save(t, sellerTok, "Eigene", "q=dachziegel", ""),
	}
	if r := c.do(t, "PATCH", "/api/v1/saved-searches/"+searches["paused"].ID, buyer, map[string]any{"paused": true}); r.Status != 200 {
		t.Fatalf("pause: got %d %s", r.Status, r.Body)
	}
	c.publish(t, seller, "Dachziegel rot", "materials", "", "used", 4500, winterthur, "ZH")
	c.publish(t, seller, "Akkuschrauber", "tools", "Makita", "new", 12000, bern, "BE")

	want := map[string][]string{
		"text":         {"Dachziegel rot"},
		"category":     {"Akkuschrauber"},
		"cheap":        {"Dachziegel rot"},
		"zurich 20km":  {"Dachziegel rot"},
		"bern 10km":    {"Akkuschrauber"},
		"new only":     nil,
		"canton ZH":    {"Dachziegel rot"},
		"brand":        {"Akkuschrauber"},
		"paused":       nil,
		"seller's own": nil,
	}
	for name, s := range searches {
		if got := c.waiting(t, s.ID); fmt.Sprint(got) != fmt.Sprint(want[name]) {
			t.Errorf("%s: waiting %v, want %v", name, got, want[name])
		}
	}
}

// TestSending: the alert e-mail lists the new ads in the owner's language
// with working links; instant alerts go at most hourly, digests daily from
// 7:00; the unsubscribe link pauses the search without a session.
func TestSending(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, "de")
	_, buyer := c.user(t, "fr")
	instant := c.save(t, buyer, "Tuiles à Zurich", "q=dachziegel&location=8001&radius=25", "instant")
	daily := c.save(t, buyer, "Outils", "category=tools", "daily")
	c.publish(t, seller, "Dachziegel rot", "materials", "", "used", 4500, winterthur, "ZH")
	c.publish(t, seller, "Bohrmaschine", "tools", "", "used", 8000, zurich, "ZH")

	st, err := c.sender.Run(t.Context(), c.clock.Now()) // 6:00 in Zürich: the digest is not due yet
	if err != nil || st.Sent != 1 || st.Waiting != 1 {
		t.Fatalf("first run: got %+v, %v, want the instant alert sent and the digest waiting", st, err)
	}
	msgs := c.box.Messages()
	if len(msgs) != 1 {
		t.Fatalf("mailbox: got %d messages", len(msgs))
	}
	m := msgs[0]
	if !strings.Contains(m.Subject, "Une nouvelle annonce pour votre recherche « Tuiles à Zurich »") ||
		!strings.Contains(m.Text, "Dachziegel rot") || !strings.Contains(m.Text, "CHF\u00a045.00") || !strings.Contains(m.Text, "à 20 km") ||
		!strings.Contains(m.Text, "https://remat.example/fr/user/saved-searches") {
		t.Errorf("alert: got %q\n%s", m.Subject, m.Text)
	}
	if len(c.waiting(t, instant.ID)) != 0 {
		t.Error("the sent ad is still waiting")
	}

	// A second match within the hour waits for the next window.
	c.clock.Advance(20 * time.Minute)
	c.publish(t, seller, "Dachziegel Biber", "materials", "", "new", 9000, zurich, "ZH")
	if st, _ := c.sender.Run(t.Context(), c.clock.Now()); st.Sent != 0 {
		t.Errorf("within the hour: sent %d, want 0", st.Sent)
	}
	// An hour after the first alert it is 7:01 in Zürich: the second alert
	// and the day's digest go.
	c.clock.Advance(41 * time.Minute)
	if st, _ := c.sender.Run(t.Context(), c.clock.Now()); st.Sent != 2 {
		t.Errorf("after the hour, from 7:00: sent %d, want 2", st.Sent)
	}
	var digest *string
	for _, msg := range c.box.Messages() {
		if strings.Contains(msg.Subject, "« Outils »") {
			digest = &msg.Text
		}
	}
	if digest == nil || !strings.Contains(*digest, "Bohrmaschine") {
		t.Errorf("digest: got %v", digest)
	}
	// The digest goes once a day.
	c.clock.Advance(3 * time.Hour)
	c.publish(t, seller, "Kreissäge", "tools", "", "used", 20000, zurich, "ZH")
	if st, _ := c.sender.Run(t.Context(), c.clock.Now()); st.Sent != 0 || len(c.waiting(t, daily.ID)) != 1 {
		t.Errorf("same day: sent %d, waiting %v, want the saw waiting for tomorrow", st.Sent, c.waiting(t, daily.ID))
	}

	// Unsubscribe with the link of the first e-mail, without a session.
	link := regexp.MustCompile(`https://remat\.example/fr/unsubscribe\?token=(\S+)`).FindStringSubmatch(m.Text)
	if link == nil {
		t.Fatalf("no unsubscribe link in %s", m.Text)
	}
	token, err := url.QueryUnescape(link[1])
	if err != nil {
		t.Fatal(err)
	}
	r := c.do(t, "POST", "/api/v1/saved-searches/unsubscribe", "", map[string]string{"token": token})
	var s searchBody
	if err := json.Unmarshal(r.Body, &s); err != nil || r.Status != 200 || !s.Paused || s.ID != instant.ID {
		t.Errorf("unsubscribe: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "POST", "/api/v1/saved-searches/unsubscribe", "", map[string]string{"token": token + "x"}); r.Status != 400 || apperr.Code(r.Code()) != apperr.CodeInvalidToken {
		t.Errorf("tampered token: got %d %s, want 400 invalid_token", r.Status, r.Body)
	}
	c.publish(t, seller, "Dachziegel alt", "materials", "", "used", 1000, zurich, "ZH")
	if got := c.waiting(t, instant.ID); len(got) != 0 {
		t.Errorf("after unsubscribing: waiting %v, want nothing", got)
	}
}

// TestLongAlert: beyond MaxAdsPerMail the e-mail lists the newest and
// says how many more there are; all of them leave the queue.
func TestLongAlert(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, "de")
	_, buyer := c.user(t, "fr")
	s := c.save(t, buyer, "Gravier", "q=kies", "instant")
	for i := range alerts.MaxAdsPerMail + 2 {
		c.publish(t, seller, fmt.Sprintf("Kies Los %d", i), "materials", "", "used", 1000, zurich, "ZH")
	}
	if st, err := c.sender.Run(t.Context(), c.clock.Now()); err != nil || st.Sent != 1 {
		t.Fatalf("run: got %+v, %v", st, err)
	}
	msgs := c.box.Messages()
	if len(msgs) != 1 || !strings.Contains(msgs[0].Subject, "22 nouvelles annonces") || !strings.Contains(msgs[0].Text, "et 2 autres") ||
		strings.Count(msgs[0].Text, "/fr/product/") != alerts.MaxAdsPerMail {
		t.Errorf("alert: got %d messages, %q\n%s", len(msgs), msgs[0].Subject, msgs[0].Text)
	}
	if got := c.waiting(t, s.ID); len(got) != 0 {
		t.Errorf("after sending: waiting %v, want nothing", got)
	}
}
