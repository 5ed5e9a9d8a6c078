package contactus_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/contactus"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

// cloud is the contact-us domain wired to DynamoDB Local and the SES
// emulator, as the function wires it on AWS.
type cloud struct {
	db      *dynamodb.Client
	table   string
	box     *testcloud.Mailbox
	store   *contactus.DynamoStore
	svc     *contactus.Service
	handler http.Handler
	users   *accounts.DynamoStore
	cursors *ddb.Cursors
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	cursors := ddbtest.Cursors(t)
	verifier := authtest.Verifier(t)
	store := contactus.NewDynamoStore(db, table, cursors)
	users := accounts.NewDynamoStore(db, table)
	svc := contactus.NewService(store, ratelimit.New(db, table), mail.NewSESSender(ses),
		contactus.Options{From: "no-reply@remat.ch", Inbox: "contact@remat.ch"}).
		WithInbox(store, users, audit.NewRecorder(db, table))
	return &cloud{db: db, table: table, box: box, store: store, svc: svc, handler: contactus.NewHandler(svc, verifier),
		users: users, cursors: cursors}
}

func adminToken(t *testing.T, role auth.Role) string {
	t.Helper()
	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: "admin-1", Role: role})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// do serves req and checks the response against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, req *http.Request) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	c.handler.ServeHTTP(rec, req)
	resp := rec.Result()
	testcloud.ValidateResponse(t, req, resp)
	return resp
}

func post(body, addr string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/api/v1/contact-us", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = addr
	return r
}

func get(query, token string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, "/api/v1/contact-us"+query, nil)
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	return r
}

func getItem(t *testing.T, c *cloud, id string) map[string]types.AttributeValue {
	t.Helper()
	out, err := c.db.GetItem(t.Context(), &dynamodb.GetItemInput{
		TableName: aws.String(c.table), Key: ddb.Key("CONTACTUS#"+id, "MESSAGE"), ConsistentRead: aws.Bool(true),
	})
	if err != nil || out.Item == nil {
		t.Fatalf("get %s: got %v, %v, want the item", id, out, err)
	}
	return out.Item
}

func decode[T any](t *testing.T, resp *http.Response) T {
	t.Helper()
	var v T
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSubmitStoresAndMailsTheProvider(t *testing.T) {
	c := newCloud(t)
	body := `{"name":"Anna <script>alert(1)</script>","email":"anna@example.ch","subject":"Tiles & bricks","message":"Line 1\r\n<b>Line 2</b>"}`
	resp := c.do(t, post(body, "192.0.2.10"))
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("status: got %v, want 201", resp.StatusCode)
	}
	created := decode[map[string]string](t, resp)
	id := created["id"]

	msgs := c.box.Messages()
	if len(msgs) != 1 {
		t.Fatalf("mails: got %d, want 1", len(msgs))
	}
	m := msgs[0]
	checks := []struct{ name, got, want string }{
		{"from", m.From, "no-reply@remat.ch"},
		{"to", strings.Join(m.To, ","), "contact@remat.ch"},
		{"reply-to", strings.Join(m.ReplyTo, ","), "anna@example.ch"},
		{"subject", m.Subject, "[Remat] Contact: Tiles & bricks"},
	}
	for _, ck := range checks {
		if ck.got != ck.want {
			t.Errorf("%s: got %q, want %q", ck.name, ck.got, ck.want)
		}
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<b>Line 2") || !strings.Contains(m.HTML, "&lt;script&gt;") {
		t.Errorf("html: got %s, want the visitor's text escaped", m.HTML)
	}
	if !strings.Contains(m.Text, "Line 1\n<b>Line 2</b>") || !strings.Contains(m.Text, id) {
		t.Errorf("text: got %q, want the message and the id", m.Text)
	}

	it := getItem(t, c, id)
	if got := it["notified"].(*types.AttributeValueMemberBOOL).Value; !got {
		t.Errorf("notified: got %v, want true", got)
	}
	if got := it["clientHash"].(*types.AttributeValueMemberS).Value; got != ratelimit.KeyHash("192.0.2.10") {
		t.Errorf("clientHash: got %v, want the hash of the address", got)
	}
	for k, av := range it {
		if s, ok := av.(*types.AttributeValueMemberS); ok && strings.Contains(s.Value, "192.0.2.10") {
			t.Errorf("%s: got the raw client address, want it only hashed", k)
		}
	}
	if got := it["GSI3PK"].(*types.AttributeValueMemberS).Value; got != "CONTACTUS#NEW" {
		t.Errorf("GSI3PK: got %v, want CONTACTUS#NEW (open queue)", got)
	}
}

func TestMailFailureStillAnswers201(t *testing.T) {
	c := newCloud(t)
	c.box.SetFailure(&awsemu.APIError{Status: http.StatusBadRequest, Code: "MessageRejected", Message: "Email address is not verified."})
	resp := c.do(t, post(`{"name":"Anna","email":"anna@example.ch","subject":"s","message":"m"}`, "192.0.2.11"))
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("status: got %v, want 201", resp.StatusCode)
	}
	created := decode[map[string]string](t, resp)
	if created["message"] != contactus.MessageSent {
		t.Errorf("message: got %v, want %v", created["message"], contactus.MessageSent)
	}
	if got := len(c.box.Messages()); got != 0 {
		t.Errorf("mails: got %v, want 0", got)
	}
	it := getItem(t, c, created["id"])
	if got := it["notified"].(*types.AttributeValueMemberBOOL).Value; got {
		t.Errorf("notified: got %v, want false", got)
	}
	// The admin inbox still shows it.
	page, err := c.svc.List(t.Context(), 10, "")
	if err != nil || len(page.Items) != 1 || page.Items[0].ID != created["id"] || page.Items[0].Notified {
		t.Errorf("list: got %+v, %v, want the stored message with notified=false", page, err)
	}
}

func TestListPaginatesWithSignedCursor(t *testing.T) {
	c := newCloud(t)
	base := time.Date(2026, 2, 3, 4, 5, 6, 0, time.UTC)
	var ids []string // oldest first
	for i := range 7 {
		// Whole seconds and fractions mixed: key order must still be time order.
		at := base.Add(time.Duration(i)*time.Second + time.Duration(i%2)*100*time.Millisecond)
		m, err := c.svc.WithClock(func() time.Time { return at }).Submit(t.Context(),
			contactus.Submission{Name: fmt.Sprintf("N%d", i), Email: "a@example.ch", Subject: "s", Message: "m"},
			contactus.Client{Address: fmt.Sprintf("192.0.2.%d", 100+i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	admin := adminToken(t, auth.RoleAdmin)

	type item struct {
		ID, Name, Status, CreatedAt string
	}
	type page struct {
		Items      []item  `json:"items"`
		NextCursor *string `json:"nextCursor"`
	}
	var got []string
	var sizes []int
	query := "?limit=3"
	for range 5 {
		resp := c.do(t, get(query, admin))
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status: got %v, want 200", resp.StatusCode)
		}
		p := decode[page](t, resp)
		sizes = append(sizes, len(p.Items))
		for _, it := range p.Items {
			got = append(got, it.ID)
			if it.Status != "new" {
				t.Errorf("status: got %v, want new", it.Status)
			}
		}
		if p.NextCursor == nil {
			break
		}
		query = "?limit=3&cursor=" + *p.NextCursor
	}
	if fmt.Sprint(sizes) != "[3 3 1]" {
		t.Errorf("page sizes: got %v, want [3 3 1]", sizes)
	}
	for i, id := range got {
		if want := ids[len(ids)-1-i]; id != want {
			t.Errorf("item %d: got %v, want %v (newest first)", i, id, want)
		}
	}
}

func TestListRejectsTamperedCursor(t *testing.T) {
	c := newCloud(t)
	for i := range 3 {
		if _, err := c.svc.Submit(t.Context(), contactus.Submission{Name: "n", Email: "a@example.ch", Subject: "s", Message: "m"},
			contactus.Client{Address: fmt.Sprintf("192.0.2.%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	p, err := c.store.List(t.Context(), 1, "")
	if err != nil || p.NextCursor == "" {
		t.Fatalf("got %+v, %v, want a next cursor", p, err)
	}
	payload, sig, _ := strings.Cut(p.NextCursor, ".")
	forged := payload[:len(payload)-2] + "AA." + sig
	otherKey, _ := ddb.NewCursors([]byte("another-cursor-key-0123456789abcdef"))
	foreign, _ := otherKey.Encode(map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "USER#1"}}, "x")

	for name, cur := range map[string]string{"forged": forged, "foreign key": foreign, "garbage": "abc.def"} {
		t.Run(name, func(t *testing.T) {
			resp := c.do(t, get("?cursor="+cur, adminToken(t, auth.RoleAdmin)))
			if resp.StatusCode != http.StatusBadRequest {
				t.Fatalf("status: got %v, want 400", resp.StatusCode)
			}
			if got := decode[map[string]map[string]any](t, resp)["error"]["code"]; got != string(apperr.CodeInvalidCursor) {
				t.Errorf("code: got %v, want %v", got, apperr.CodeInvalidCursor)
			}
		})
	}
}

// TestResponsesMatchOpenAPI drives every documented status of both
// operations against the real stores and checks each against the spec.
func TestResponsesMatchOpenAPI(t *testing.T) {
	c := newCloud(t)
	valid := `{"name":"Anna","email":"anna@example.ch","subject":"s","message":"m"}`
	large := `{"name":"Anna","email":"anna@example.ch","subject":"s","message":"` + strings.Repeat("x", contactus.MaxBodyBytes) + `"}`
	noType := post(valid, "192.0.2.30")
	noType.Header.Del("Content-Type")

	tests := []struct {
		name   string
		req    *http.Request
		status int
	}{
		{"created", post(valid, "192.0.2.30"), 201},
		{"validation", post(`{"name":"","email":"x","subject":"s","message":"m"}`, "192.0.2.30"), 400},
		{"invalid json", post(`{`, "192.0.2.30"), 400},
		{"unknown field", post(`{"name":"a","email":"a@b.ch","subject":"s","message":"m","x":1}`, "192.0.2.30"), 400},
		{"too large", post(large, "192.0.2.30"), 413},
		{"media type", noType, 415},
		{"anonymous list", get("", ""), 401},
		{"user list", get("", adminToken(t, auth.RoleUser)), 403},
		{"admin list", get("?limit=2", adminToken(t, auth.RoleAdmin)), 200},
		{"bad limit", get("?limit=0", adminToken(t, auth.RoleAdmin)), 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if resp := c.do(t, tt.req); resp.StatusCode != tt.status {
				t.Errorf("status: got %v, want %v", resp.StatusCode, tt.status)
			}
		})
	}

	t.Run("rate limited after 5 per hour", func(t *testing.T) {
		var resp *http.Response
		for i := range contactus.RateLimit + 1 {
			resp = c.do(t, post(valid, "192.0.2.31"))
			if i < contactus.RateLimit && resp.StatusCode != http.StatusCreated {
				t.Fatalf("request %d: got %v, want 201", i+1, resp.StatusCode)
			}
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("6th request: got %v, want 429", resp.StatusCode)
		}
		if ra := resp.Header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("Retry-After: got %q, want seconds until the window ends", ra)
		}
		// Another address is not affected.
		if resp := c.do(t, post(valid, "192.0.2.32")); resp.StatusCode != http.StatusCreated {
			t.Errorf("other address: got %v, want 201", resp.StatusCode)
		}
	})
}
