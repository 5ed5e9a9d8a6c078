package admin_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/admin"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reports"
	"github.com/remat/remat/shared/settings"
	"github.com/remat/remat/shared/social"
)

// office is the back office with the plans and site settings sections, as
// the admin function composes it, next to the public settings and the
// auth API (whose sign-up asks the same site settings), on one table.
type office struct {
	*cloud
	backOffice http.Handler
	public     http.Handler
	authAPI    http.Handler
	signIn     *accounts.Service
}

func newOffice(t *testing.T) *office {
	t.Helper()
	c := newCloud(t)
	if err := billing.SeedPlans(context.Background(), c.db, c.table); err != nil {
		t.Fatal(err)
	}
	ses, _ := testcloud.SES(t)
	ver := authtest.Verifier(t)
	verifier := ver.WithTokenVersions(c.users)
	sender := mail.NewSESSender(ses)
	limiter := ratelimit.New(c.db, c.table)
	recorder := audit.NewRecorder(c.db, c.table)
	site := settings.NewSiteStore(c.db, c.table)
	adminSvc := admin.NewService(c.db, c.table, c.cursors, c.users, c.ads, c.accounts, recorder)
	reportsSvc := reports.NewService(reports.NewDynamoStore(c.db, c.table, c.cursors), c.ads, c.users, adminSvc, limiter, sender, recorder,
		reports.Options{From: "no-reply@remat.ch", Inbox: "contact@remat.ch", SiteURL: "https://remat.example"})
	acc := accounts.NewService(c.users, limiter, sender, c.iss, nil, nil, accounts.Options{
		From: "no-reply@remat.ch", SiteURL: "https://remat.example", Params: password.TestParams, Signups: site,
	})
	return &office{
		cloud: c,
		backOffice: admin.NewHandler(adminSvc, reportsSvc, audit.NewLog(c.db, c.table, c.cursors), verifier,
			admin.PlansSection(billing.NewPlanAdmin(c.db, c.table, c.users, recorder)),
			admin.SiteSettingsSection(admin.NewSiteSettings(site, c.users, recorder))),
		public:  settings.NewSiteHandler(settings.FromConfig(config.Config{}), site),
		authAPI: accounts.NewHandler(acc, verifier, social.Config{}),
		signIn:  acc,
	}
}

func texts(prefix string) map[string]string {
	return map[string]string{"en": prefix + " (en)", "fr": prefix + " (fr)", "de": prefix + " (de)", "it": prefix + " (it)", "sq": prefix + " (sq)"}
}

func siteEdit(version int, enabled, signups bool) map[string]any {
	return map[string]any{
		"notice":      map[string]any{"enabled": enabled, "level": "warning", "text": texts("Maintenance tonight"), "endsAt": nil},
		"signupsOpen": signups, "version": version,
	}
}

func planEdit(version int) map[string]any {
	return map[string]any{
		"name": texts("Starter"), "description": texts("Five ads"), "priceRp": 3900,
		"duration": map[string]any{"value": 3, "unit": "months"}, "freeMonths": 0, "adAllowance": 5,
		"imageAllowance": 10, "adDurationDays": 60, "popular": false, "sortOrder": 2, "version": version,
	}
}

// TestPlansAndSettingsAuthorization: every plans and site settings route
// answers administrators only (401 without a token, 403 for a user).
func TestPlansAndSettingsAuthorization(t *testing.T) {
	o := newOffice(t)
	adm := o.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	usr := o.user(t, auth.RoleUser, "Hans", "Huber", "")
	newPlan := planEdit(0)
	delete(newPlan, "version")
	newPlan["id"], newPlan["kind"] = "eco", "subscription"
	calls := []struct {
		name, method, path string
		body               map[string]any
		admin              int
	}{
		{"list plans", http.MethodGet, "/api/v1/admin/plans", nil, 200},
		{"create plan", http.MethodPost, "/api/v1/admin/plans", newPlan, 201},
		{"edit plan", http.MethodPut, "/api/v1/admin/plans/starter", planEdit(0), 200},
		{"retire plan", http.MethodPost, "/api/v1/admin/plans/bundle/retire", nil, 200},
		{"reinstate plan", http.MethodPost, "/api/v1/admin/plans/bundle/reinstate", nil, 200},
		{"get settings", http.MethodGet, "/api/v1/admin/settings", nil, 200},
		{"save settings", http.MethodPut, "/api/v1/admin/settings", siteEdit(0, false, true), 200},
	}
	for _, cl := range calls {
		for _, who := range []struct {
			name   string
			token  string
			status int
			code   string
		}{
			{"anonymous", "", 401, "not_logged_in"},
			{"user", usr.token, 403, "forbidden"},
			{"admin", adm.token, cl.admin, ""},
		} {
			t.Run(cl.name+"/"+who.name, func(t *testing.T) {
				r := testcloud.Serve(t, o.backOffice, cl.method, cl.path, who.token, cl.body)
				if r.Status != who.status || (who.code != "" && r.Code() != who.code) {
					t.Errorf("got %d %s, want %d %s", r.Status, r.Body, who.status, who.code)
				}
			})
		}
	}
}

// TestSiteSettingsInBackOffice: an administrator reads the defaults, saves
// a notice, sees it in the public settings, and every save is audited;
// stale and invalid edits change nothing.
func TestSiteSettingsInBackOffice(t *testing.T) {
	o := newOffice(t)
	adm := o.user(t, auth.RoleAdmin, "Ada", "Admin", "")

	r := testcloud.Serve(t, o.backOffice, http.MethodGet, "/api/v1/admin/settings", adm.token, nil)
	notice, _ := r.JSON["notice"].(map[string]any)
	if r.Status != 200 || r.JSON["version"] != 0.0 || r.JSON["signupsOpen"] != true || notice["enabled"] != false || r.JSON["updatedAt"] != nil {
		t.Fatalf("defaults: got %d %s", r.Status, r.Body)
	}
	edit := siteEdit(0, true, true)
	edit["notice"].(map[string]any)["endsAt"] = time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339)
	r = testcloud.Serve(t, o.backOffice, http.MethodPut, "/api/v1/admin/settings", adm.token, edit)
	if r.Status != 200 || r.JSON["version"] != 1.0 || r.JSON["updatedBy"] != adm.Email {
		t.Fatalf("save: got %d %s", r.Status, r.Body)
	}
	pub := testcloud.Serve(t, o.public, http.MethodGet, "/api/v1/settings", "", nil)
	pn, _ := pub.JSON["notice"].(map[string]any)
	if pn == nil || pn["level"] != "warning" || pn["text"].(map[string]any)["fr"] != "Maintenance tonight (fr)" || pn["id"] != "1" {
		t.Errorf("public settings: got %s, want the notice", pub.Body)
	}

	if r := testcloud.Serve(t, o.backOffice, http.MethodPut, "/api/v1/admin/settings", adm.token, siteEdit(0, false, true)); r.Status != 409 || r.Code() != "edit_conflict" {
		t.Errorf("stale version: got %d %s, want 409 edit_conflict", r.Status, r.Body)
	}
	bad := siteEdit(1, true, true)
	bad["notice"].(map[string]any)["text"] = map[string]string{"fr": "Seulement en français"}
	bad["notice"].(map[string]any)["level"] = "danger"
	r = testcloud.Serve(t, o.backOffice, http.MethodPut, "/api/v1/admin/settings", adm.token, bad)
	if e, _ := r.JSON["error"].(map[string]any); r.Status != 400 || !strings.Contains(string(r.Body), `"notice.text.de":"required"`) ||
		!strings.Contains(string(r.Body), `"notice.level":"invalid"`) || e["code"] != "validation_failed" {
		t.Errorf("invalid: got %d %s", r.Status, r.Body)
	}
	if r := testcloud.Serve(t, o.backOffice, http.MethodPut, "/api/v1/admin/settings", adm.token, siteEdit(1, false, true)); r.Status != 200 || r.JSON["version"] != 2.0 {
		t.Fatalf("switch off: got %d %s", r.Status, r.Body)
	}
	if pub := testcloud.Serve(t, o.public, http.MethodGet, "/api/v1/settings", "", nil); pub.JSON["notice"] != nil {
		t.Errorf("public settings after switching off: got %s", pub.Body)
	}

	page, err := audit.NewLog(o.db, o.table, o.cursors).List(context.Background(), audit.Filter{TargetType: "settings", TargetID: "site"}, 10, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 2 || page.Items[0].ActorEmail != adm.Email ||
		string(page.Items[0].Before) != `{"notice.enabled":true,"notice.endsAt":"`+edit["notice"].(map[string]any)["endsAt"].(string)+`"}` ||
		string(page.Items[0].After) != `{"notice.enabled":false,"notice.endsAt":""}` {
		t.Errorf("audit: got %+v, want two entries, the newest switching the notice off", page.Items)
	}
}

// TestSignupsClosed: while an administrator has closed sign-ups, POST
// /auth/signup is refused with signups_closed and creates nothing; open
// again, it works.
func TestSignupsClosed(t *testing.T) {
	o := newOffice(t)
	adm := o.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	signup := map[string]any{
		"accountType": "individual", "firstName": "Nora", "lastName": "Neu", "email": "nora@example.ch",
		"phone": "+41 79 123 45 67", "password": testPassword, "isAdult": true, "acceptRules": true, "language": "fr",
	}
	if r := testcloud.Serve(t, o.backOffice, http.MethodPut, "/api/v1/admin/settings", adm.token, siteEdit(0, false, false)); r.Status != 200 || r.JSON["signupsOpen"] != false {
		t.Fatalf("close sign-ups: got %d %s", r.Status, r.Body)
	}
	if pub := testcloud.Serve(t, o.public, http.MethodGet, "/api/v1/settings", "", nil); pub.JSON["signupsOpen"] != false {
		t.Errorf("public settings: got %s, want signupsOpen false", pub.Body)
	}
	if r := testcloud.Serve(t, o.authAPI, http.MethodPost, "/api/v1/auth/signup", "", signup); r.Status != 403 || r.Code() != "signups_closed" {
		t.Errorf("sign-up while closed: got %d %s, want 403 signups_closed", r.Status, r.Body)
	}
	// A first social sign-in would create an account: refused too, with a
	// code the callback forwards; an existing account still signs in.
	stranger := accounts.Identity{Provider: "google", Subject: "g-nora", Email: "nora@example.ch", EmailVerified: true, FirstName: "Nora"}
	if _, _, err := o.signIn.SignInWithIdentity(context.Background(), stranger); !errors.Is(err, apperr.New(apperr.CodeSignupsClosed, nil)) ||
		!slices.Contains(social.ForwardedCodes, apperr.CodeSignupsClosed) {
		t.Errorf("social sign-up while closed: got %v, want signups_closed (forwarded)", err)
	}
	known := accounts.Identity{Provider: "google", Subject: "g-ada", Email: adm.Email, EmailVerified: true}
	if _, _, err := o.signIn.SignInWithIdentity(context.Background(), known); err != nil {
		t.Errorf("social sign-in of an existing account while closed: got %v, want nil", err)
	}
	if _, err := o.users.UserByEmail(context.Background(), "nora@example.ch"); err == nil {
		t.Error("sign-up while closed: an account was created")
	}
	if r := testcloud.Serve(t, o.backOffice, http.MethodPut, "/api/v1/admin/settings", adm.token, siteEdit(1, false, true)); r.Status != 200 {
		t.Fatalf("open sign-ups: got %d %s", r.Status, r.Body)
	}
	if r := testcloud.Serve(t, o.authAPI, http.MethodPost, "/api/v1/auth/signup", "", signup); r.Status != 201 {
		t.Errorf("sign-up when open: got %d %s, want 201", r.Status, r.Body)
	}
}
