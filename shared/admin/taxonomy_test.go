package admin_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/admin"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reports"
)

// newTaxonomyCloud is the back office with the categories and brands
// section, as the admin function composes it, on a table seeded with the
// category tree and the brands.
func newTaxonomyCloud(t *testing.T) *cloud {
	t.Helper()
	c := newCloud(t)
	if _, err := seed.Run(context.Background(), c.db, c.table, seed.Options{Concurrency: 2}); err != nil {
		t.Fatal(err)
	}
	recorder := audit.NewRecorder(c.db, c.table)
	ses, _ := testcloud.SES(t)
	sender := mail.NewSESSender(ses)
	adminSvc := admin.NewService(c.db, c.table, c.cursors, c.users, c.ads, c.accounts, recorder)
	reportsSvc := reports.NewService(reports.NewDynamoStore(c.db, c.table, c.cursors), c.ads, c.users, adminSvc,
		ratelimit.New(c.db, c.table), sender, recorder, reports.Options{})
	verifier := authtest.Verifier(t)
	c.api = admin.NewHandler(adminSvc, reportsSvc, audit.NewLog(c.db, c.table, c.cursors), verifier.WithTokenVersions(c.users),
		admin.TaxonomySection(catalog.NewTaxonomy(c.ads, recorder), c.users))
	return c
}

func allNames(en string) map[string]string {
	return map[string]string{"en": en, "fr": en + " FR", "de": en + " DE", "it": en + " IT", "sq": en + " SQ"}
}

// TestTaxonomyAuthorizationMatrix calls every categories and brands route
// as an anonymous visitor, a user and an administrator: administrators
// only (401 without a token, 403 for users).
func TestTaxonomyAuthorizationMatrix(t *testing.T) {
	c := newTaxonomyCloud(t)
	adm := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	usr := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	for _, r := range []testcloud.Response{
		c.do(t, http.MethodPost, "/api/v1/admin/categories", adm.token, map[string]any{"slug": "to-delete", "names": allNames("To delete")}),
		c.do(t, http.MethodPost, "/api/v1/admin/brands", adm.token, map[string]any{"name": "To Delete"}),
	} {
		if r.Status != http.StatusCreated {
			t.Fatalf("setup: got %d %s", r.Status, r.Body)
		}
	}

	calls := []struct {
		name, method, path string
		body               map[string]any
		admin              int
	}{
		{"list categories", http.MethodGet, "/api/v1/admin/categories", nil, 200},
		{"create category", http.MethodPost, "/api/v1/admin/categories", map[string]any{"names": allNames("Matrix")}, 201},
		{"update category", http.MethodPatch, "/api/v1/admin/categories/timber", map[string]any{"hidden": false}, 200},
		{"delete category", http.MethodDelete, "/api/v1/admin/categories/to-delete", nil, 204},
		{"list brands", http.MethodGet, "/api/v1/admin/brands", nil, 200},
		{"create brand", http.MethodPost, "/api/v1/admin/brands", map[string]any{"name": "Matrix Brand"}, 201},
		{"rename brand", http.MethodPatch, "/api/v1/admin/brands/bosch", map[string]any{"name": "Bosch"}, 200},
		{"delete brand", http.MethodDelete, "/api/v1/admin/brands/to-delete", nil, 204},
	}
	for _, cl := range calls {
		for _, who := range []struct {
			name, token string
			status      int
			code        string
		}{
			{"anonymous", "", 401, "not_logged_in"},
			{"user", usr.token, 403, "forbidden"},
			{"admin", adm.token, cl.admin, ""},
		} {
			t.Run(cl.name+"/"+who.name, func(t *testing.T) {
				r := c.do(t, cl.method, cl.path, who.token, cl.body)
				if r.Status != who.status || (who.code != "" && r.Code() != who.code) {
					t.Errorf("got %d %s, want %d %s", r.Status, r.Body, who.status, who.code)
				}
			})
		}
	}
}

// TestTaxonomyRoutes drives the categories and brands routes through the
// real mux: every answer is checked against docs/openapi.yaml.
func TestTaxonomyRoutes(t *testing.T) {
	c := newTaxonomyCloud(t)
	adm := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	owner := c.user(t, auth.RoleUser, "Hans", "Huber", "")
	c.ad(t, owner.ID, "Dachziegel") // indexed under tiles, materials

	created := c.do(t, http.MethodPost, "/api/v1/admin/categories", adm.token, map[string]any{
		"parent": "building-materials", "names": allNames("Stairs and steps"), "sortOrder": 155,
	})
	if created.Status != 201 || created.JSON["slug"] != "stairs-and-steps" || created.JSON["parent"] != "building-materials" || created.JSON["hidden"] != false {
		t.Fatalf("create: got %d %s, want the new sub-category", created.Status, created.Body)
	}

	list := c.do(t, http.MethodGet, "/api/v1/admin/categories", adm.token, nil)
	items, _ := list.JSON["items"].([]any)
	var order []string
	for _, it := range items {
		m, _ := it.(map[string]any)
		order = append(order, fmt.Sprint(m["slug"]))
		if m["activeAds"] == nil {
			t.Errorf("list item %v: want activeAds", m["slug"])
		}
	}
	if i := slices.Index(order, "stairs-and-steps"); i < 1 || order[i-1] != "heating-ventilation" || order[0] != "building-materials" {
		t.Errorf("tree order: got %v, want stairs-and-steps after heating-ventilation (150) under building-materials", order)
	}

	patched := c.do(t, http.MethodPatch, "/api/v1/admin/categories/stairs-and-steps", adm.token, map[string]any{
		"names": map[string]string{"de": "Treppen und Stufen"}, "hidden": true,
	})
	names, _ := patched.JSON["names"].(map[string]any)
	if patched.Status != 200 || names["de"] != "Treppen und Stufen" || names["fr"] != "Stairs and steps FR" || patched.JSON["hidden"] != true {
		t.Errorf("patch: got %d %s, want the German name and hidden", patched.Status, patched.Body)
	}

	errs := []struct {
		name, method, path string
		body               any
		status             int
		code               string
		fields             string
	}{
		{"slug taken", http.MethodPost, "/api/v1/admin/categories", map[string]any{"slug": "timber", "names": allNames("Wood")}, 409, "category_slug_taken", ""},
		{"names required", http.MethodPost, "/api/v1/admin/categories", map[string]any{"names": map[string]string{"en": "Only English"}}, 400, "validation_failed",
			"map[names.de:required names.fr:required names.it:required names.sq:required]"},
		{"unknown field", http.MethodPost, "/api/v1/admin/categories", map[string]any{"names": allNames("X"), "icon": "x"}, 400, "invalid_json", ""},
		{"unknown category", http.MethodPatch, "/api/v1/admin/categories/nowhere", map[string]any{"hidden": true}, 404, "category_not_found", ""},
		{"bad parent", http.MethodPatch, "/api/v1/admin/categories/stairs-and-steps", map[string]any{"parent": "timber"}, 400, "validation_failed", "map[parent:invalid]"},
		{"delete parent", http.MethodDelete, "/api/v1/admin/categories/building-materials", nil, 409, "category_has_subcategories", ""},
		{"delete unknown", http.MethodDelete, "/api/v1/admin/categories/nowhere", nil, 404, "category_not_found", ""},
		{"brand exists", http.MethodPost, "/api/v1/admin/brands", map[string]any{"name": "HILTI"}, 409, "brand_exists", ""},
		{"brand name", http.MethodPost, "/api/v1/admin/brands", map[string]any{"name": ""}, 400, "validation_failed", "map[name:required]"},
		{"rename unknown", http.MethodPatch, "/api/v1/admin/brands/nowhere", map[string]any{"name": "Nowhere"}, 404, "brand_not_found", ""},
		{"rename onto another", http.MethodPatch, "/api/v1/admin/brands/bosch", map[string]any{"name": "Makita"}, 409, "brand_exists", ""},
		{"delete unknown brand", http.MethodDelete, "/api/v1/admin/brands/nowhere", nil, 404, "brand_not_found", ""},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			r := c.do(t, tt.method, tt.path, adm.token, tt.body)
			e, _ := r.JSON["error"].(map[string]any)
			if r.Status != tt.status || r.Code() != tt.code || (tt.fields != "" && fmt.Sprint(e["fields"]) != tt.fields) {
				t.Errorf("got %d %s, want %d %s %s", r.Status, r.Body, tt.status, tt.code, tt.fields)
			}
		})
	}

	if r := c.do(t, http.MethodDelete, "/api/v1/admin/categories/stairs-and-steps", adm.token, nil); r.Status != 204 {
		t.Errorf("delete unused: got %d %s, want 204", r.Status, r.Body)
	}

	b := c.do(t, http.MethodPost, "/api/v1/admin/brands", adm.token, map[string]any{"name": "Zürcher Ziegel"})
	if b.Status != 201 || b.JSON["slug"] != "zurcher-ziegel" {
		t.Fatalf("create brand: got %d %s", b.Status, b.Body)
	}
	if r := c.do(t, http.MethodPatch, "/api/v1/admin/brands/zurcher-ziegel", adm.token, map[string]any{"name": "Zürcher Ziegeleien"}); r.Status != 200 || r.JSON["name"] != "Zürcher Ziegeleien" {
		t.Errorf("rename brand: got %d %s", r.Status, r.Body)
	}
	brands := c.do(t, http.MethodGet, "/api/v1/admin/brands", adm.token, nil)
	if brands.Status != 200 || !slices.ContainsFunc(brands.JSON["items"].([]any), func(v any) bool {
		m, _ := v.(map[string]any)
		return m["slug"] == "zurcher-ziegel" && m["name"] == "Zürcher Ziegeleien"
	}) {
		t.Errorf("brands: got %d %s, want the renamed brand", brands.Status, brands.Body)
	}
	if r := c.do(t, http.MethodDelete, "/api/v1/admin/brands/zurcher-ziegel", adm.token, nil); r.Status != 204 {
		t.Errorf("delete brand: got %d %s", r.Status, r.Body)
	}

	// The audit log, read through its own route, holds every change with its actor.
	log := c.do(t, http.MethodGet, "/api/v1/admin/audit?targetType=category&targetId=stairs-and-steps", adm.token, nil)
	var actions []string
	for _, it := range log.JSON["items"].([]any) {
		m, _ := it.(map[string]any)
		actions = append(actions, fmt.Sprint(m["action"]))
		if m["actorEmail"] != adm.Email {
			t.Errorf("actor: got %v, want %s", m["actorEmail"], adm.Email)
		}
	}
	if fmt.Sprint(actions) != "[category.delete category.update category.create]" {
		t.Errorf("category audit: got %v", actions)
	}
	log = c.do(t, http.MethodGet, "/api/v1/admin/audit?targetType=brand&targetId=zurcher-ziegel", adm.token, nil)
	if items, _ := log.JSON["items"].([]any); len(items) != 3 {
		t.Errorf("brand audit: got %s, want create, rename and delete", log.Body)
	}
}
