package contactreq_test

import (
	"fmt"
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
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

// cloud is the contact-request domain wired to DynamoDB Local and the SES
// emulator as the function wires it, with real accounts and ads.
type cloud struct {
	db      *dynamodb.Client
	table   string
	box     *testcloud.Mailbox
	users   *accounts.DynamoStore
	ads     *catalog.Store
	store   *contactreq.DynamoStore
	handler http.Handler
	issuer  *auth.Issuer
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	cursors := ddbtest.Cursors(t)
	users := accounts.NewDynamoStore(db, table)
	verifier := authtest.Verifier(t)
	issuer := authtest.Issuer(t, time.Hour)
	ads := catalog.NewStore(db, table)
	store := contactreq.NewDynamoStore(db, table, cursors)
	svc := contactreq.NewService(store, ads, users, ratelimit.New(db, table), mail.NewSESSender(ses),
		contactreq.Options{From: "no-reply@remat.ch", SiteURL: "https://remat.example"})
	return &cloud{
		db: db, table: table, box: box, users: users, ads: ads, store: store, issuer: issuer,
		handler: contactreq.NewHandler(svc, verifier.WithTokenVersions(users)),
	}
}

func newID() string { return ulid.Make().String() }

// user creates an active account and returns its id and a token.
func (c *cloud) user(t *testing.T, role auth.Role, email, lang string) (string, string) {
	t.Helper()
	u, tok := accountstest.User(t, c.users, c.issuer, accounts.User{ID: "u-" + newID(), Email: email, Language: lang, Role: role})
	return u.ID, tok
}

// ad puts an active ad of seller (inactive when active is false).
func (c *cloud) ad(t *testing.T, seller string, active bool) string {
	t.Helper()
	a := catalog.Ad{
		ID: newID(), SellerID: seller, Title: "Dachziegel rot", CategorySlug: "materials", CategoryPath: []string{"materials"},
		Description: "Gut erhalten", PriceRp: 1000, Condition: catalog.ConditionUsed,
		Quantity: catalog.Quantity{Amount: 10, Unit: "pieces"}, Pickup: true,
		Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH", Lat: 47.4, Lon: 8.6}, CreatedAt: time.Now().UTC(),
	}
	if err := c.ads.PutImported(t.Context(), a, nil); err != nil {
		t.Fatal(err)
	}
	if !active {
		cur, err := c.ads.Ad(t.Context(), a.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.ads.SetStatus(t.Context(), cur, catalog.StatusInactive, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return a.ID
}

// response is a served request's answer.
type response struct{ testcloud.Response }

// code is the error code of an error body.
func (r response) code() apperr.Code { return apperr.Code(r.Code()) }

// do serves one request (from addr) and checks the answer against
// docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token, addr string, body any) response {
	t.Helper()
	req := testcloud.NewRequest(t, method, path, body)
	req.RemoteAddr = addr
	return response{testcloud.ServeRequest(t, c.handler, req, token)}
}

func submission(adID, email string) map[string]string {
	return map[string]string{"adId": adID, "name": "Anna Muster", "email": email, "message": "Sind die Ziegel noch da?"}
}

type listBody struct {
	Items []struct {
		ID, AdID, AdTitle, Name, Email, Phone, Message, CreatedAt string
		Read, Archived                                            bool
	} `json:"items"`
	NextCursor  *string  `json:"nextCursor"`
	UnreadCount int      `json:"unreadCount"`
	Categories  []string `json:"categories"`
}

func (c *cloud) list(t *testing.T, token, query string) listBody {
	t.Helper()
	r := c.do(t, "GET", "/api/v1/contact-request"+query, token, "192.0.2.250", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("list: got %d %s, want 200", r.Status, r.Body)
	}
	var b listBody
	r.Decode(t, &b)
	return b
}

// send posts a valid request and returns its id.
func (c *cloud) send(t *testing.T, adID, token, addr string) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/contact-request", token, addr, submission(adID, "buyer@example.ch"))
	if r.Status != http.StatusCreated {
		t.Fatalf("send: got %d %s, want 201", r.Status, r.Body)
	}
	var b map[string]string
	r.Decode(t, &b)
	return b["id"]
}

func TestSendStoresNotifiesAndCounts(t *testing.T) {
	c := newCloud(t)
	seller, sellerTok := c.user(t, auth.RoleUser, "huber@example.ch", "de")
	ad := c.ad(t, seller, true)

	body := submission(ad, "anna@example.ch")
	body["phone"] = "+41 79 123 45 67"
	body["message"] = "Hallo <b>Huber</b>,\r\nsind die Ziegel noch da? https://example.ch/foto"
	r := c.do(t, "POST", "/api/v1/contact-request", "", "192.0.2.10", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("status: got %d %s, want 201", r.Status, r.Body)
	}
	if strings.Contains(string(r.Body), "huber@example.ch") {
		t.Errorf("body: got %s, want no trace of the seller's address", r.Body)
	}

	msgs := c.box.Messages()
	if len(msgs) != 1 {
		t.Fatalf("mails: got %d, want 1", len(msgs))
	}
	m := msgs[0]
	if m.To[0] != "huber@example.ch" || m.ReplyTo[0] != "anna@example.ch" || m.From != "no-reply@remat.ch" {
		t.Errorf("mail: got from %s to %v reply-to %v, want the seller, replying to the buyer", m.From, m.To, m.ReplyTo)
	}
	if !strings.HasPrefix(m.Subject, "Neue Nachricht") || !strings.Contains(m.Text, "https://remat.example/de/user/contacts") {
		t.Errorf("mail: got subject %q text %q, want German with the dashboard link", m.Subject, m.Text)
	}
	if strings.Contains(m.HTML, "<b>Huber") {
		t.Errorf("html: got %s, want the buyer's text escaped", m.HTML)
	}

	b := c.list(t, sellerTok, "")
	if len(b.Items) != 1 || b.UnreadCount != 1 || len(b.Categories) != 1 || b.Categories[0] != "unread" {
		t.Fatalf("list: got %+v, want one unread request", b)
	}
	it := b.Items[0]
	if it.AdID != ad || it.AdTitle != "Dachziegel rot" || it.Email != "anna@example.ch" || it.Phone != "+41 79 123 45 67" ||
		it.Message != "Hallo <b>Huber</b>,\nsind die Ziegel noch da? https://example.ch/foto" || it.Read {
		t.Errorf("item: got %+v, want the request as sent", it)
	}
}

// TestAuthorizationMatrix calls every contact-request endpoint as an
// anonymous visitor, the receiving seller (owner), another user and an
// administrator. Sending is public except about one's own ad; everything
// else is the owner's alone, and anyone else gets the 404 of a missing
// request, administrators included: requests are private correspondence
// and no part of the specification gives administrators access to them.
func TestAuthorizationMatrix(t *testing.T) {
	c := newCloud(t)
	owner, ownerTok := c.user(t, auth.RoleUser, "owner@example.ch", "fr")
	_, otherTok := c.user(t, auth.RoleUser, "other@example.ch", "it")
	_, adminTok := c.user(t, auth.RoleAdmin, "admin@example.ch", "en")
	tokens := map[string]string{"anonymous": "", "owner": ownerTok, "other": otherTok, "admin": adminTok}
	ad := c.ad(t, owner, true)
	id := c.send(t, ad, "", "192.0.2.1")
	toDelete := c.send(t, ad, "", "192.0.2.1")
	base := "/api/v1/contact-request"

	type row struct {
		method, path string
		body         any
		want         map[string]int
	}
	rows := []row{
		{"POST", base, submission(ad, "x@example.ch"), map[string]int{"anonymous": 201, "owner": 403, "other": 201, "admin": 201}},
		{"GET", base, nil, map[string]int{"anonymous": 401, "owner": 200, "other": 200, "admin": 200}},
		{"GET", base + "/" + id, nil, map[string]int{"anonymous": 401, "owner": 200, "other": 404, "admin": 404}},
		{"GET", base + "/" + newID(), nil, map[string]int{"anonymous": 401, "owner": 404, "other": 404, "admin": 404}},
		{"GET", base + "/not-an-id", nil, map[string]int{"anonymous": 401, "owner": 404, "other": 404, "admin": 404}},
		{"PATCH", base + "/" + id, map[string]bool{"archived": true}, map[string]int{"anonymous": 401, "owner": 200, "other": 404, "admin": 404}},
		{"DELETE", base + "/" + toDelete, nil, map[string]int{"anonymous": 401, "owner": 204, "other": 404, "admin": 404}},
	}
	for _, r := range rows {
		for _, who := range []string{"anonymous", "other", "admin", "owner"} {
			t.Run(who+" "+r.method+" "+r.path, func(t *testing.T) {
				got := c.do(t, r.method, r.path, tokens[who], "192.0.2.2", r.body)
				if got.Status != r.want[who] {
					t.Fatalf("got %d %s, want %d", got.Status, got.Body, r.want[who])
				}
				if got.Status == 404 && got.code() != apperr.CodeContactRequestNotFound {
					t.Errorf("code: got %v, want contact_request_not_found", got.code())
				}
				if who == "owner" && r.method == "POST" && got.code() != apperr.CodeContactRequestOwnAd {
					t.Errorf("code: got %v, want contact_request_own_ad", got.code())
				}
			})
		}
	}
	// Other callers' lists never show the owner's requests.
	for _, who := range []string{"other", "admin"} {
		if b := c.list(t, tokens[who], ""); len(b.Items) != 0 || b.UnreadCount != 0 {
			t.Errorf("%s list: got %+v, want nothing", who, b)
		}
	}
	// Only the owner's own calls changed anything: the archived request and
	// the deleted one; the others' attempts left the rest as it was.
	b := c.list(t, ownerTok, "")
	arch := c.list(t, ownerTok, "?archived=true")
	if len(arch.Items) != 1 || arch.Items[0].ID != id || !arch.Items[0].Archived {
		t.Errorf("archive: got %+v, want the archived request", arch.Items)
	}
	for _, it := range b.Items {
		if it.ID == toDelete || it.ID == id {
			t.Errorf("inbox: got %s, want it deleted or archived", it.ID)
		}
	}
	// Sent: 2 + 3 from the POST row (anonymous, other, admin); 1 deleted.
	if want := 4; b.UnreadCount != want || len(b.Categories) != want {
		t.Errorf("unread: got %d (%d categories), want %d", b.UnreadCount, len(b.Categories), want)
	}
}

func TestRefusals(t *testing.T) {
	c := newCloud(t)
	seller, sellerTok := c.user(t, auth.RoleUser, "seller@example.ch", "en")
	active, inactive := c.ad(t, seller, true), c.ad(t, seller, false)
	with := func(edit func(map[string]string)) map[string]string {
		s := submission(active, "buyer@example.ch")
		edit(s)
		return s
	}
	tests := []struct {
		name   string
		token  string
		body   any
		status int
		code   apperr.Code
	}{
		{"honeypot", "", with(func(s map[string]string) { s["website"] = "https://bot.example" }), 422, apperr.CodeContactRequestSpam},
		{"links only", "", with(func(s map[string]string) { s["message"] = "https://spam.example.com www.x.example.org" }), 422, apperr.CodeContactRequestLinksOnly},
		{"too long", "", with(func(s map[string]string) { s["message"] = strings.Repeat("a", contactreq.MessageMax+1) }), 400, apperr.CodeValidationFailed},
		{"bad e-mail", "", with(func(s map[string]string) { s["email"] = "nope" }), 400, apperr.CodeValidationFailed},
		{"unknown field", "", map[string]string{"adId": active, "sellerEmail": "x"}, 400, apperr.CodeInvalidJSON},
		{"inactive ad", "", with(func(s map[string]string) { s["adId"] = inactive }), 409, apperr.CodeContactRequestAdInactive},
		{"unknown ad", "", with(func(s map[string]string) { s["adId"] = newID() }), 404, apperr.CodeProductNotFound},
		{"own ad", sellerTok, with(func(map[string]string) {}), 403, apperr.CodeContactRequestOwnAd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.do(t, "POST", "/api/v1/contact-request", tt.token, "192.0.2.3", tt.body)
			if r.Status != tt.status || r.code() != tt.code {
				t.Errorf("got %d %s, want %d %v", r.Status, r.Body, tt.status, tt.code)
			}
		})
	}
	if n := len(c.box.Messages()); n != 0 {
		t.Errorf("mails: got %d, want none", n)
	}
	if b := c.list(t, sellerTok, ""); len(b.Items) != 0 || b.UnreadCount != 0 {
		t.Errorf("list: got %+v, want nothing stored", b)
	}
}

func TestRateLimits(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser, "seller@example.ch", "it")
	adA, adB, adC := c.ad(t, seller, true), c.ad(t, seller, true), c.ad(t, seller, true)
	post := func(ad, email, addr string) response {
		return c.do(t, "POST", "/api/v1/contact-request", "", addr, submission(ad, email))
	}
	expectLimited := func(t *testing.T, r response, code apperr.Code) {
		t.Helper()
		if r.Status != http.StatusTooManyRequests || r.code() != code {
			t.Fatalf("got %d %s, want 429 %v", r.Status, r.Body, code)
		}
		if ra := r.Header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("Retry-After: got %q, want seconds", ra)
		}
	}
	t.Run("per address", func(t *testing.T) {
		for i := range contactreq.AddressLimit {
			if r := post(adA, fmt.Sprintf("a%d@example.ch", i), "192.0.2.40"); r.Status != 201 {
				t.Fatalf("request %d: got %d %s, want 201", i+1, r.Status, r.Body)
			}
		}
		expectLimited(t, post(adA, "new@example.ch", "192.0.2.40"), apperr.CodeContactRequestSenderLimited)
		if r := post(adA, "new@example.ch", "192.0.2.41"); r.Status != 201 {
			t.Errorf("another address: got %d, want 201", r.Status)
		}
	})
	t.Run("per e-mail", func(t *testing.T) {
		for i := range contactreq.EmailLimit {
			if r := post(adB, "Same@Example.ch", fmt.Sprintf("198.51.100.%d", i)); r.Status != 201 {
				t.Fatalf("request %d: got %d %s, want 201", i+1, r.Status, r.Body)
			}
		}
		// Case does not make another sender.
		expectLimited(t, post(adB, "same@example.CH", "198.51.100.200"), apperr.CodeContactRequestSenderLimited)
	})
	t.Run("per ad", func(t *testing.T) {
		for i := range contactreq.AdLimit {
			if r := post(adC, fmt.Sprintf("c%d@example.ch", i), fmt.Sprintf("203.0.113.%d", i)); r.Status != 201 {
				t.Fatalf("request %d: got %d %s, want 201", i+1, r.Status, r.Body)
			}
		}
		expectLimited(t, post(adC, "late@example.ch", "203.0.113.250"), apperr.CodeContactRequestAdLimited)
	})
}
