package admin_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/reports"
)

func TestReportOnePerReporterAndAd(t *testing.T) {
	c := newCloud(t)
	seller := c.user(t, auth.RoleUser, "Hans", "Huber", "Huber Bau AG")
	ad := c.ad(t, seller.ID, "Dachziegel Biberschwanz")

	if r := c.report(t, ad.ID, "anna@example.ch"); r.Status != http.StatusCreated || r.JSON["message"] != reports.ReportSent {
		t.Fatalf("first report: got %d %s, want 201 report_sent", r.Status, r.Body)
	}
	if got := c.mailsTo("contact@remat.ch"); len(got) != 1 {
		t.Errorf("provider's inbox: got %v, want one notification", got)
	}
	// The same reporter (e-mail in another case) again: refused.
	if r := c.report(t, ad.ID, "Anna@Example.ch"); r.Status != http.StatusConflict || r.Code() != "report_already_open" {
		t.Errorf("second report: got %d %s, want 409 report_already_open", r.Status, r.Body)
	}
	// Another reporter may report the same ad.
	if r := c.report(t, ad.ID, "ben@example.ch"); r.Status != http.StatusCreated {
		t.Errorf("other reporter: got %d %s, want 201", r.Status, r.Body)
	}

	// Two parallel reports by one new reporter: exactly one is stored.
	var wg sync.WaitGroup
	statuses := make([]int, 4)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = c.report(t, ad.ID, "carla@example.ch").Status
		}()
	}
	wg.Wait()
	created, conflicts := 0, 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			created++
		case http.StatusConflict:
			conflicts++
		}
	}
	if created != 1 || conflicts != len(statuses)-1 {
		t.Errorf("parallel reports: got %v, want one 201 and the rest 409", statuses)
	}
	list := c.do(t, http.MethodGet, "/api/v1/admin/reports?status=open", c.user(t, auth.RoleAdmin, "Ada", "Admin", "").token, nil)
	if items, _ := list.JSON["items"].([]any); list.Status != http.StatusOK || len(items) != 3 {
		t.Errorf("open queue: got %d with %d items, want 200 with 3", list.Status, len(items))
	}
}

func TestReportValidation(t *testing.T) {
	c := newCloud(t)
	seller := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	ad := c.ad(t, seller.ID, "Gipsplatten")
	inactive := c.ad(t, seller.ID, "Holzbalken")
	if _, err := c.ads.SetStatus(context.Background(), inactive, catalog.StatusInactive, inactive.UpdatedAt); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		body    map[string]any
		status  int
		code    string
		field   string
		message string
	}{
		{"no consent", map[string]any{"productId": ad.ID, "reason": "errors", "email": "a@example.ch", "consent": false}, 400, "validation_failed", "consent", reports.ConsentRequired},
		{"bad reason", map[string]any{"productId": ad.ID, "reason": "spam", "email": "a@example.ch", "consent": true}, 400, "validation_failed", "reason", ""},
		{"bad e-mail", map[string]any{"productId": ad.ID, "reason": "errors", "email": "nope", "consent": true}, 400, "validation_failed", "email", ""},
		{"details too long", map[string]any{"productId": ad.ID, "reason": "errors", "email": "a@example.ch", "consent": true, "details": string(make([]byte, 2001))}, 400, "validation_failed", "details", ""},
		{"unknown ad", map[string]any{"productId": "01JABCDEFGHJKMNPQRSTVWXYZ0", "reason": "errors", "email": "a@example.ch", "consent": true}, 404, "product_not_found", "", ""},
		{"inactive ad", map[string]any{"productId": inactive.ID, "reason": "errors", "email": "a@example.ch", "consent": true}, 404, "product_not_found", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.do(t, http.MethodPost, "/api/v1/reports", "", tt.body)
			if r.Status != tt.status || r.Code() != tt.code {
				t.Fatalf("got %d %s, want %d %s", r.Status, r.Body, tt.status, tt.code)
			}
			e, _ := r.JSON["error"].(map[string]any)
			if tt.field != "" {
				if fields, _ := e["fields"].(map[string]any); fields[tt.field] == nil {
					t.Errorf("fields: got %v, want %s", fields, tt.field)
				}
			}
			if tt.message != "" && e["message"] != tt.message {
				t.Errorf("message: got %v, want %q", e["message"], tt.message)
			}
		})
	}
}

func TestReportRateLimits(t *testing.T) {
	c := newCloud(t)
	seller := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	var ads []catalog.Ad
	for i := range reports.RateLimitEmail + 1 {
		ads = append(ads, c.ad(t, seller.ID, fmt.Sprintf("Ziegel %d", i)))
	}
	// Per e-mail: five reports (of five ads) an hour.
	for i, ad := range ads {
		r := c.report(t, ad.ID, "dora@example.ch")
		want := http.StatusCreated
		if i == reports.RateLimitEmail {
			want = http.StatusTooManyRequests
		}
		if r.Status != want {
			t.Fatalf("report %d by one e-mail: got %d %s, want %d", i+1, r.Status, r.Body, want)
		}
	}
	// Per client address: ten an hour whatever the e-mail; the six above
	// count (the refused one too: the address is checked first).
	used := reports.RateLimitEmail + 1
	for i := range reports.RateLimitAddr - used + 1 {
		r := c.report(t, ads[0].ID, fmt.Sprintf("visitor%d@example.ch", i))
		want := http.StatusCreated
		if i == reports.RateLimitAddr-used {
			want = http.StatusTooManyRequests
		}
		if r.Status != want {
			t.Fatalf("report %d from one address: got %d %s, want %d", i+1, r.Status, r.Body, want)
		}
	}
}

// reportID sends a report and returns its id.
func (c *cloud) reportID(t *testing.T, adID, email string) string {
	t.Helper()
	r := c.report(t, adID, email)
	if r.Status != http.StatusCreated {
		t.Fatalf("report: got %d %s, want 201", r.Status, r.Body)
	}
	return r.JSON["id"].(string)
}

func TestResolveDeactivateAd(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	seller := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	ad := c.ad(t, seller.ID, "Klinker Fassadensteine")
	if !c.searchable(t, "klinker", ad.ID) {
		t.Fatal("setup: the ad is not in search")
	}
	first := c.reportID(t, ad.ID, "anna@example.ch")
	second := c.reportID(t, ad.ID, "ben@example.ch")

	r := c.do(t, http.MethodPost, "/api/v1/admin/reports/"+first+"/resolve", admin.token, map[string]any{"action": "deactivate_ad", "note": "fake"})
	if r.Status != http.StatusOK || r.JSON["status"] != "resolved" {
		t.Fatalf("resolve: got %d %s, want 200 resolved", r.Status, r.Body)
	}
	if res, _ := r.JSON["resolution"].(map[string]any); res["action"] != "deactivate_ad" || res["by"] != admin.Email || res["note"] != "fake" {
		t.Errorf("resolution: got %v, want deactivate_ad by %s", res, admin.Email)
	}
	if p, _ := r.JSON["product"].(map[string]any); p["status"] != catalog.StatusInactive {
		t.Errorf("product: got %v, want inactive", p)
	}
	if c.searchable(t, "klinker", ad.ID) {
		t.Error("search: the deactivated ad is still found")
	}
	if mine, err := c.ads.SellerAds(context.Background(), seller.ID, catalog.StatusInactive, "", 10); err != nil || len(mine.Ads) != 1 {
		t.Errorf("my ads (inactive): got %v, %v, want the ad", mine.Ads, err)
	}
	// The ad's other open report is resolved with it.
	if g := c.do(t, http.MethodGet, "/api/v1/admin/reports/"+second, admin.token, nil); g.JSON["status"] != "resolved" {
		t.Errorf("other report: got %s, want resolved", g.Body)
	}
	// Again: refused.
	if again := c.do(t, http.MethodPost, "/api/v1/admin/reports/"+first+"/resolve", admin.token, map[string]any{"action": "dismiss"}); again.Status != http.StatusConflict || again.Code() != "report_already_resolved" {
		t.Errorf("resolve again: got %d %s, want 409 report_already_resolved", again.Status, again.Body)
	}
	// Reporters and the seller are informed, in their language (the seller's is de).
	for _, addr := range []string{"anna@example.ch", "ben@example.ch"} {
		if got := c.mailsTo(addr); len(got) != 1 {
			t.Errorf("mails to %s: got %v, want one", addr, got)
		}
	}
	if got := c.mailsTo(seller.Email); len(got) != 1 || got[0] != "Ihr Inserat auf Remat wurde deaktiviert" {
		t.Errorf("mails to the seller: got %v, want the German deactivation notice", got)
	}
	// The queues.
	if open := c.do(t, http.MethodGet, "/api/v1/admin/reports?status=open", admin.token, nil); len(open.JSON["items"].([]any)) != 0 {
		t.Errorf("open queue: got %s, want empty", open.Body)
	}
	if done := c.do(t, http.MethodGet, "/api/v1/admin/reports?status=resolved&limit=1", admin.token, nil); len(done.JSON["items"].([]any)) != 1 || done.JSON["nextCursor"] == nil {
		t.Errorf("resolved list, page of 1: got %s, want one item and a cursor", done.Body)
	}
	// The audit log has the resolution with before/after.
	a := c.do(t, http.MethodGet, "/api/v1/admin/audit?targetType=report&targetId="+first, admin.token, nil)
	items, _ := a.JSON["items"].([]any)
	if a.Status != http.StatusOK || len(items) != 1 {
		t.Fatalf("audit: got %d %s, want one entry", a.Status, a.Body)
	}
	e := items[0].(map[string]any)
	before, _ := e["before"].(map[string]any)
	after, _ := e["after"].(map[string]any)
	if e["action"] != "report.resolve" || e["actorEmail"] != admin.Email || before["status"] != "open" ||
		before["adStatus"] != "active" || after["status"] != "resolved" || after["adStatus"] != "inactive" {
		t.Errorf("audit entry: got %v", e)
	}
	adLog := c.do(t, http.MethodGet, "/api/v1/admin/audit?targetType=ad&targetId="+ad.ID, admin.token, nil)
	if items, _ := adLog.JSON["items"].([]any); len(items) != 1 || items[0].(map[string]any)["action"] != "ad.deactivate" {
		t.Errorf("audit of the ad: got %s, want its deactivation", adLog.Body)
	}
	if r := c.do(t, http.MethodGet, "/api/v1/admin/reports/01JABCDEFGHJKMNPQRSTVWXYZ0", admin.token, nil); r.Status != http.StatusNotFound || r.Code() != "ad_report_not_found" {
		t.Errorf("unknown report: got %d %s, want 404 ad_report_not_found", r.Status, r.Body)
	}
}

func TestResolveDismiss(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	seller := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	ad := c.ad(t, seller.ID, "Parkett Eiche")
	first := c.reportID(t, ad.ID, "anna@example.ch")
	second := c.reportID(t, ad.ID, "ben@example.ch")
	if r := c.do(t, http.MethodPost, "/api/v1/admin/reports/"+first+"/resolve", admin.token, map[string]any{"action": "dismiss"}); r.Status != http.StatusOK {
		t.Fatalf("dismiss: got %d %s", r.Status, r.Body)
	}
	if g := c.do(t, http.MethodGet, "/api/v1/admin/reports/"+second, admin.token, nil); g.JSON["status"] != "open" {
		t.Errorf("other report after a dismissal: got %s, want open", g.Body)
	}
	if !c.searchable(t, "parkett", ad.ID) {
		t.Error("search: a dismissed report must not touch the ad")
	}
	if got := c.mailsTo(seller.Email); len(got) != 0 {
		t.Errorf("mails to the seller: got %v, want none", got)
	}
	// The reporter may report the ad again once their report is resolved.
	if r := c.report(t, ad.ID, "anna@example.ch"); r.Status != http.StatusCreated {
		t.Errorf("report after resolution: got %d %s, want 201", r.Status, r.Body)
	}
}

func TestSuspendSellerAndReactivate(t *testing.T) {
	c := newCloud(t)
	ctx := context.Background()
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	seller := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	reported := c.ad(t, seller.ID, "Sandstein Platten")
	other := c.ad(t, seller.ID, "Sandstein Mauersteine")
	paused := c.ad(t, seller.ID, "Sandstein Brunnen")
	if _, err := c.ads.SetStatus(ctx, paused, catalog.StatusInactive, paused.UpdatedAt); err != nil {
		t.Fatal(err)
	}
	id := c.reportID(t, reported.ID, "anna@example.ch")

	r := c.do(t, http.MethodPost, "/api/v1/admin/reports/"+id+"/resolve", admin.token, map[string]any{"action": "suspend_seller"})
	if r.Status != http.StatusOK {
		t.Fatalf("resolve: got %d %s, want 200", r.Status, r.Body)
	}
	// Login refused with the status; the old token is dead.
	_, _, err := c.accounts.Login(ctx, seller.Email, testPassword, accounts.Client{Address: "192.0.2.7"})
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.CodeAccountStatus || ae.Params["status"] != "suspended" ||
		ae.Message != "account status is suspended, contact support" {
		t.Errorf("login: got %v, want account_status suspended", err)
	}
	if _, err := c.accounts.Me(ctx, auth.Principal{UserID: seller.ID}); err != nil {
		t.Fatal(err)
	}
	if u, _ := c.users.UserByID(ctx, seller.ID); u.TokenVersion != 1 {
		t.Errorf("token version: got %d, want 1 (bumped)", u.TokenVersion)
	}
	if r := c.do(t, http.MethodGet, "/api/v1/admin/users", seller.token, nil); r.Status != http.StatusUnauthorized {
		t.Errorf("seller's old token: got %d, want 401", r.Status)
	}
	// Ads hidden from search and product pages (not from the seller or admins).
	for _, a := range []catalog.Ad{reported, other} {
		if c.searchable(t, "sandstein", a.ID) {
			t.Errorf("search: %s of the suspended seller is found", a.Title)
		}
		if _, err := c.catalog.Detail(ctx, auth.Principal{}, a.ID); !errors.Is(err, catalog.ErrProductNotFound) {
			t.Errorf("detail of %s for a visitor: got %v, want product_not_found", a.Title, err)
		}
		if _, err := c.catalog.Detail(ctx, auth.Principal{UserID: admin.ID, Role: auth.RoleAdmin}, a.ID); err != nil {
			t.Errorf("detail of %s for an admin: got %v, want it", a.Title, err)
		}
	}
	if cards, _ := c.catalog.Cards(ctx, []string{other.ID}); len(cards) != 0 {
		t.Errorf("cards (recently viewed): got %v, want none", cards)
	}
	if r := c.report(t, other.ID, "ben@example.ch"); r.Status != http.StatusNotFound {
		t.Errorf("report of a hidden ad: got %d, want 404", r.Status)
	}
	if got := c.mailsTo(seller.Email); len(got) != 1 || got[0] != "Ihr Remat-Konto wurde gesperrt" {
		t.Errorf("mails to the seller: got %v, want the German suspension notice", got)
	}
	detail := c.do(t, http.MethodGet, "/api/v1/admin/users/"+seller.ID, admin.token, nil)
	if u, _ := detail.JSON["user"].(map[string]any); detail.Status != http.StatusOK || u["status"] != "suspended" {
		t.Errorf("user detail: got %d %s, want suspended", detail.Status, detail.Body)
	}
	if ads, _ := detail.JSON["ads"].([]any); len(ads) != 3 {
		t.Errorf("user detail ads: got %v, want 3", ads)
	}

	// Banned next: still hidden; then active again: exactly the two come back.
	if r := c.do(t, http.MethodPatch, "/api/v1/admin/users/"+seller.ID+"/status", admin.token, map[string]any{"status": "banned", "reason": "repeat offender"}); r.Status != http.StatusOK || r.JSON["status"] != "banned" {
		t.Fatalf("ban: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, http.MethodPatch, "/api/v1/admin/users/"+seller.ID+"/status", admin.token, map[string]any{"status": "active"}); r.Status != http.StatusOK || r.JSON["status"] != "active" {
		t.Fatalf("reactivate: got %d %s", r.Status, r.Body)
	}
	for _, a := range []catalog.Ad{reported, other} {
		if !c.searchable(t, "sandstein", a.ID) {
			t.Errorf("search after reactivation: %s is missing", a.Title)
		}
		if _, err := c.catalog.Detail(ctx, auth.Principal{}, a.ID); err != nil {
			t.Errorf("detail of %s after reactivation: got %v", a.Title, err)
		}
	}
	if c.searchable(t, "sandstein", paused.ID) {
		t.Error("search after reactivation: the ad the seller had paused came back")
	}
	if _, _, err := c.accounts.Login(ctx, seller.Email, testPassword, accounts.Client{Address: "192.0.2.7"}); err != nil {
		t.Errorf("login after reactivation: got %v, want nil", err)
	}
	// Audit: the suspension (by the report), the ban and the reactivation.
	a := c.do(t, http.MethodGet, "/api/v1/admin/audit?targetType=user&targetId="+seller.ID, admin.token, nil)
	items, _ := a.JSON["items"].([]any)
	if len(items) != 3 {
		t.Fatalf("audit of the seller: got %s, want 3 entries", a.Body)
	}
	wantTransitions := [][2]string{{"banned", "active"}, {"suspended", "banned"}, {"active", "suspended"}}
	for i, it := range items {
		e := it.(map[string]any)
		before, after := e["before"].(map[string]any), e["after"].(map[string]any)
		if e["action"] != "user.status" || before["status"] != wantTransitions[i][0] || after["status"] != wantTransitions[i][1] {
			t.Errorf("audit entry %d: got %v, want %v", i, e, wantTransitions[i])
		}
	}
	all := c.do(t, http.MethodGet, "/api/v1/admin/audit?limit=2", admin.token, nil)
	if items, _ := all.JSON["items"].([]any); len(items) != 2 || all.JSON["nextCursor"] == nil {
		t.Errorf("whole audit log, page of 2: got %s", all.Body)
	}
	next := c.do(t, http.MethodGet, "/api/v1/admin/audit?limit=2&cursor="+url.QueryEscape(all.JSON["nextCursor"].(string)), admin.token, nil)
	if items, _ := next.JSON["items"].([]any); len(items) != 2 || next.JSON["nextCursor"] != nil {
		t.Errorf("whole audit log, page 2: got %s, want the last 2 of 4", next.Body)
	}
}

func TestStatusRules(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	other := c.user(t, auth.RoleAdmin, "Otto", "Admin", "")
	user := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	tests := []struct {
		name   string
		path   string
		body   map[string]any
		status int
		code   string
	}{
		{"own status", admin.ID, map[string]any{"status": "suspended"}, 403, "cannot_change_own_status"},
		{"own status, even active", admin.ID, map[string]any{"status": "active"}, 403, "cannot_change_own_status"},
		{"another admin", other.ID, map[string]any{"status": "banned"}, 403, "cannot_block_admin"},
		{"unknown user", "nobody", map[string]any{"status": "suspended"}, 404, "user_not_found"},
		{"bad status", user.ID, map[string]any{"status": "deleted"}, 400, "validation_failed"},
		{"no status", user.ID, map[string]any{}, 400, "validation_failed"},
		{"same status", user.ID, map[string]any{"status": "active"}, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.do(t, http.MethodPatch, "/api/v1/admin/users/"+tt.path+"/status", admin.token, tt.body)
			if r.Status != tt.status || r.Code() != tt.code {
				t.Errorf("got %d %s, want %d %s", r.Status, r.Body, tt.status, tt.code)
			}
		})
	}
	// A suspended administrator's token is refused (suspended directly in
	// the table: no administrator may do it through the API).
	if _, err := c.db.UpdateItem(context.Background(), statusUpdate(c.table, other.ID, "suspended")); err != nil {
		t.Fatal(err)
	}
	if r := c.do(t, http.MethodGet, "/api/v1/admin/users", other.token, nil); r.Status != http.StatusUnauthorized || r.Code() != "not_logged_in" {
		t.Errorf("suspended admin's token: got %d %s, want 401 not_logged_in", r.Status, r.Body)
	}
}

func TestResendVerification(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	verified := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	unverified := c.user(t, auth.RoleUser, "Lia", "Neu", "")
	if _, err := c.db.UpdateItem(context.Background(), unverify(c.table, unverified.ID)); err != nil {
		t.Fatal(err)
	}
	r := c.do(t, http.MethodPost, "/api/v1/admin/users/"+unverified.ID+"/resend-verification", admin.token, nil)
	if r.Status != http.StatusOK || r.JSON["message"] != "verification_sent" {
		t.Fatalf("resend: got %d %s, want 200 verification_sent", r.Status, r.Body)
	}
	if got := c.mailsTo(unverified.Email); len(got) != 1 || got[0] != "Bestätigen Sie Ihre E-Mail-Adresse für Remat" {
		t.Errorf("mails: got %v, want the German verification e-mail", got)
	}
	if r := c.do(t, http.MethodPost, "/api/v1/admin/users/"+verified.ID+"/resend-verification", admin.token, nil); r.Status != http.StatusConflict || r.Code() != "email_already_verified" {
		t.Errorf("verified account: got %d %s, want 409 email_already_verified", r.Status, r.Body)
	}
	a := c.do(t, http.MethodGet, "/api/v1/admin/audit?targetType=user", admin.token, nil)
	if items, _ := a.JSON["items"].([]any); len(items) != 1 || items[0].(map[string]any)["action"] != "user.resend_verification" {
		t.Errorf("audit: got %s, want the resend", a.Body)
	}
}
