package admin_test

import (
	"net/http"
	"testing"

	"github.com/remat/remat/shared/auth"
)

// TestAuthorizationMatrix calls every report and admin endpoint as an
// anonymous visitor, the owner (the reported ad's seller), another user and
// an administrator: the admin endpoints answer administrators only (401
// without a token, 403 for other roles); the public report is open to all.
func TestAuthorizationMatrix(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	owner := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	other := c.user(t, auth.RoleUser, "Lia", "Leu", "")
	target := c.user(t, auth.RoleUser, "Tom", "Target", "")
	ad := c.ad(t, owner.ID, "Kupferrohre")
	report := c.reportID(t, ad.ID, "first@example.ch")
	spare := c.ad(t, owner.ID, "Kupferbleche")
	spareReport := c.reportID(t, spare.ID, "first@example.ch")

	type call struct {
		name, method, path string
		body               map[string]any
		admin              int // the administrator's status
	}
	calls := []call{
		{"list reports", http.MethodGet, "/api/v1/admin/reports?status=open", nil, 200},
		{"get report", http.MethodGet, "/api/v1/admin/reports/" + report, nil, 200},
		{"resolve report", http.MethodPost, "/api/v1/admin/reports/" + spareReport + "/resolve", map[string]any{"action": "dismiss"}, 200},
		{"list users", http.MethodGet, "/api/v1/admin/users?q=hans", nil, 200},
		{"get user", http.MethodGet, "/api/v1/admin/users/" + owner.ID, nil, 200},
		{"set status", http.MethodPatch, "/api/v1/admin/users/" + target.ID + "/status", map[string]any{"status": "active"}, 200},
		{"resend verification", http.MethodPost, "/api/v1/admin/users/" + target.ID + "/resend-verification", nil, 409},
		{"audit", http.MethodGet, "/api/v1/admin/audit", nil, 200},
	}
	for _, cl := range calls {
		for _, who := range []struct {
			name   string
			token  string
			status int
			code   string
		}{
			{"anonymous", "", 401, "not_logged_in"},
			{"owner", owner.token, 403, "forbidden"},
			{"other user", other.token, 403, "forbidden"},
			{"admin", admin.token, cl.admin, ""},
		} {
			t.Run(cl.name+"/"+who.name, func(t *testing.T) {
				r := c.do(t, cl.method, cl.path, who.token, cl.body)
				if r.Status != who.status || (who.code != "" && r.Code() != who.code) {
					t.Errorf("got %d %s, want %d %s", r.Status, r.Body, who.status, who.code)
				}
			})
		}
	}
	// The public report: anyone, signed in or not (a token is optional).
	for i, who := range []struct{ name, token string }{{"anonymous", ""}, {"owner", owner.token}, {"other user", other.token}, {"admin", admin.token}} {
		t.Run("report/"+who.name, func(t *testing.T) {
			r := c.do(t, http.MethodPost, "/api/v1/reports", who.token, map[string]any{
				"productId": ad.ID, "reason": "errors", "email": []string{"a@example.ch", "b@example.ch", "c@example.ch", "d@example.ch"}[i], "consent": true,
			})
			if r.Status != http.StatusCreated {
				t.Errorf("got %d %s, want 201", r.Status, r.Body)
			}
		})
	}
}

func TestListValidation(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	tests := []struct {
		path, field string
	}{
		{"/api/v1/admin/audit?targetId=u1", "targetType"},
		{"/api/v1/admin/audit?targetType=User%23", "targetType"},
		{"/api/v1/admin/audit?limit=0", "limit"},
		{"/api/v1/admin/audit?limit=x", "limit"},
		{"/api/v1/admin/reports?status=closed", "status"},
		{"/api/v1/admin/reports?limit=101", "limit"},
		{"/api/v1/admin/users?limit=101", "limit"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			r := c.do(t, http.MethodGet, tt.path, admin.token, nil)
			e, _ := r.JSON["error"].(map[string]any)
			fields, _ := e["fields"].(map[string]any)
			if r.Status != http.StatusBadRequest || r.Code() != "validation_failed" || fields[tt.field] == nil {
				t.Errorf("got %d %s, want 400 validation_failed on %s", r.Status, r.Body, tt.field)
			}
		})
	}
	if r := c.do(t, http.MethodGet, "/api/v1/admin/reports?cursor=forged.cursor", admin.token, nil); r.Status != http.StatusBadRequest || r.Code() != "invalid_cursor" {
		t.Errorf("forged cursor: got %d %s, want 400 invalid_cursor", r.Status, r.Body)
	}
}
