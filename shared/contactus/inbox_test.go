package contactus_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/contactus"
)

// administrator stores the account behind adminToken's "admin-1", whose
// name the inbox records.
func administrator(t *testing.T, c *cloud) {
	t.Helper()
	err := c.users.CreateAdmin(t.Context(), accounts.User{
		ID: "admin-1", FirstName: "Ada", LastName: "Verwalterin", Email: "ada@remat.ch", Role: auth.RoleAdmin,
		AccountType: accounts.AccountIndividual, Status: accounts.StatusActive, EmailVerified: true, CreatedAt: time.Now(),
	})
	if err != nil {
		t.Fatal(err)
	}
}

func patch(id, body, token string) *http.Request {
	r := httptest.NewRequest(http.MethodPatch, "/api/v1/contact-us/"+id, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	return r
}

// submitted stores n messages, oldest first, and returns their ids.
func submitted(t *testing.T, c *cloud, n int) []string {
	t.Helper()
	base := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	var ids []string
	for i := range n {
		m, err := c.svc.WithClock(func() time.Time { return base.Add(time.Duration(i) * time.Minute) }).Submit(t.Context(),
			contactus.Submission{Name: fmt.Sprintf("N%d", i), Email: "a@example.ch", Subject: fmt.Sprintf("S%d", i), Message: "m"},
			contactus.Client{Address: fmt.Sprintf("192.0.2.%d", 50+i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	return ids
}

type messageJSON struct {
	ID        string  `json:"id"`
	Status    string  `json:"status"`
	HandledAt *string `json:"handledAt"`
	HandledBy *struct {
		ID, Name, Email string
	} `json:"handledBy"`
}

type pageJSON struct {
	Items      []messageJSON `json:"items"`
	NextCursor *string       `json:"nextCursor"`
}

func listIDs(t *testing.T, c *cloud, query string) []string {
	t.Helper()
	resp := c.do(t, get(query, adminToken(t, auth.RoleAdmin)))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("list %s: got %v", query, resp.StatusCode)
	}
	var ids []string
	for _, m := range decode[pageJSON](t, resp).Items {
		ids = append(ids, m.ID)
	}
	return ids
}

func auditOf(t *testing.T, c *cloud, id string) []audit.Entry {
	t.Helper()
	page, err := audit.NewLog(c.db, c.table, c.cursors).List(t.Context(), audit.Filter{TargetType: contactus.AuditTarget, TargetID: id}, 20, "")
	if err != nil {
		t.Fatal(err)
	}
	return page.Items
}

func TestMarkHandledAndReopen(t *testing.T) {
	c := newCloud(t)
	administrator(t, c)
	ids := submitted(t, c, 3)
	admin := adminToken(t, auth.RoleAdmin)

	resp := c.do(t, patch(ids[0], `{"handled":true}`, admin))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("mark handled: got %v, want 200", resp.StatusCode)
	}
	m := decode[messageJSON](t, resp)
	if m.Status != "handled" || m.HandledAt == nil || m.HandledBy == nil || m.HandledBy.Name != "Ada Verwalterin" || m.HandledBy.ID != "admin-1" {
		t.Fatalf("handled: got %+v, want who and when", m)
	}
	it := getItem(t, c, ids[0])
	if got := it["GSI3PK"].(*types.AttributeValueMemberS).Value; got != "CONTACTUS#HANDLED" {
		t.Errorf("GSI3PK: got %v, want CONTACTUS#HANDLED", got)
	}
	e := auditOf(t, c, ids[0])
	if len(e) != 1 || e[0].Action != contactus.AuditActionHandled || e[0].ActorEmail != "ada@remat.ch" || string(e[0].Before) != `{"status":"new"}` {
		t.Fatalf("audit: got %+v, want one contact_message.handled by Ada", e)
	}

	// The filter: open and handled, newest first; all still lists every message.
	if got := listIDs(t, c, "?status=new"); fmt.Sprint(got) != fmt.Sprint([]string{ids[2], ids[1]}) {
		t.Errorf("open: got %v, want %v", got, []string{ids[2], ids[1]})
	}
	if got := listIDs(t, c, "?status=handled"); fmt.Sprint(got) != fmt.Sprint([]string{ids[0]}) {
		t.Errorf("handled: got %v, want %v", got, ids[:1])
	}
	if got := listIDs(t, c, ""); len(got) != 3 {
		t.Errorf("all: got %v, want the three", got)
	}

	// Asking again changes and records nothing.
	resp = c.do(t, patch(ids[0], `{"handled":true}`, admin))
	if again := decode[messageJSON](t, resp); resp.StatusCode != 200 || *again.HandledAt != *m.HandledAt {
		t.Errorf("again: got %v %+v, want the first handling", resp.StatusCode, again)
	}
	if e := auditOf(t, c, ids[0]); len(e) != 1 {
		t.Errorf("audit after a repeat: got %d entries, want 1", len(e))
	}

	// Reopen: back in the open list, the handling gone.
	resp = c.do(t, patch(ids[0], `{"handled":false}`, admin))
	if m := decode[messageJSON](t, resp); resp.StatusCode != 200 || m.Status != "new" || m.HandledAt != nil || m.HandledBy != nil {
		t.Errorf("reopen: got %v %+v, want new without handling", resp.StatusCode, m)
	}
	if _, ok := getItem(t, c, ids[0])["handledById"]; ok {
		t.Error("reopened item: got handledById, want it removed")
	}
	if got := listIDs(t, c, "?status=new"); len(got) != 3 || got[2] != ids[0] {
		t.Errorf("open after reopening: got %v, want all three", got)
	}
	if e := auditOf(t, c, ids[0]); len(e) != 2 || e[0].Action != contactus.AuditActionReopen {
		t.Errorf("audit: got %+v, want the reopening on top", e)
	}
}

func TestStatusListPaginates(t *testing.T) {
	c := newCloud(t)
	administrator(t, c)
	ids := submitted(t, c, 5)
	admin := adminToken(t, auth.RoleAdmin)
	for _, id := range ids[:3] {
		if resp := c.do(t, patch(id, `{"handled":true}`, admin)); resp.StatusCode != 200 {
			t.Fatalf("mark %s: got %v", id, resp.StatusCode)
		}
	}
	var got []string
	query := "?status=handled&limit=2"
	var cursor string
	for range 3 {
		p := decode[pageJSON](t, c.do(t, get(query, admin)))
		for _, m := range p.Items {
			got = append(got, m.ID)
		}
		if p.NextCursor == nil {
			break
		}
		cursor = *p.NextCursor
		query = "?status=handled&limit=2&cursor=" + cursor
	}
	if want := []string{ids[2], ids[1], ids[0]}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("handled pages: got %v, want %v", got, want)
	}
	// A cursor of one list is refused by another.
	resp := c.do(t, get("?status=new&limit=2&cursor="+cursor, admin))
	var body map[string]map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&body)
	if resp.StatusCode != http.StatusBadRequest || body["error"]["code"] != "invalid_cursor" {
		t.Errorf("foreign cursor: got %v %v, want 400 invalid_cursor", resp.StatusCode, body)
	}
}

// TestHandledErrorsMatchOpenAPI: who may call, and what a bad call gets.
func TestHandledErrorsMatchOpenAPI(t *testing.T) {
	c := newCloud(t)
	administrator(t, c)
	id := submitted(t, c, 1)[0]
	admin := adminToken(t, auth.RoleAdmin)
	tests := []struct {
		name   string
		req    *http.Request
		status int
		code   string
	}{
		{"anonymous", patch(id, `{"handled":true}`, ""), 401, "not_logged_in"},
		{"user", patch(id, `{"handled":true}`, adminToken(t, auth.RoleUser)), 403, "forbidden"},
		{"unknown message", patch(ulid.Make().String(), `{"handled":true}`, admin), 404, "contact_message_not_found"},
		{"malformed id", patch("not-an-id", `{"handled":true}`, admin), 404, "contact_message_not_found"},
		{"handled missing", patch(id, `{}`, admin), 400, "validation_failed"},
		{"not a boolean", patch(id, `{"handled":"yes"}`, admin), 400, "invalid_json"},
		{"unknown field", patch(id, `{"handled":true,"note":"x"}`, admin), 400, "invalid_json"},
		{"bad status filter", get("?status=closed", admin), 400, "validation_failed"},
		{"user list by status", get("?status=new", adminToken(t, auth.RoleUser)), 403, "forbidden"},
		{"admin", patch(id, `{"handled":true}`, admin), 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do(t, tt.req)
			var body map[string]map[string]any
			_ = json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != tt.status || (tt.code != "" && body["error"]["code"] != tt.code) {
				t.Errorf("got %v %v, want %v %v", resp.StatusCode, body, tt.status, tt.code)
			}
		})
	}
}
