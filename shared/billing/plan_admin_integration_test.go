package billing_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/httpx"
)

// planAdmin is the back office's plan routes on the cloud's table, behind
// the administrators' guard, as the admin function composes them.
func (c *cloud) planAdmin(t *testing.T) http.Handler {
	t.Helper()
	ver := authtest.Verifier(t)
	mux := http.NewServeMux()
	billing.RegisterPlanAdmin(mux, billing.NewPlanAdmin(c.db, c.table, c.users, audit.NewRecorder(c.db, c.table)),
		ver.WithTokenVersions(c.users).RequireRole(auth.RoleAdmin))
	return httpx.NewHandler(mux)
}

func (c *cloud) admin(t *testing.T, h http.Handler, method, path, token string, body any) response {
	t.Helper()
	return response{testcloud.Serve(t, h, method, path, token, body)}
}

func localized(prefix string) map[string]string {
	return map[string]string{"en": prefix + " en", "fr": prefix + " fr", "de": prefix + " de", "it": prefix + " it", "sq": prefix + " sq"}
}

// ecoPlan is a valid new plan.
func ecoPlan() map[string]any {
	return map[string]any{
		"id": "eco", "kind": "subscription", "bundle": false,
		"name": localized("Eco"), "description": localized("Ten ads a year"),
		"priceRp": 9900, "duration": map[string]any{"value": 12, "unit": "months"}, "freeMonths": 0,
		"adAllowance": 10, "imageAllowance": 12, "adDurationDays": 60, "popular": false, "sortOrder": 5,
	}
}

func planIDs(r response) []string {
	items, _ := r.JSON["items"].([]any)
	var ids []string
	for _, it := range items {
		ids = append(ids, it.(map[string]any)["id"].(string))
	}
	return ids
}

func (c *cloud) auditOf(t *testing.T, planID string) []audit.Entry {
	t.Helper()
	cursors, err := ddb.NewCursors([]byte("billing-integration-cursor-key-0123456789"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := audit.NewLog(c.db, c.table, cursors).List(context.Background(), audit.Filter{TargetType: "plan", TargetID: planID}, 50, "")
	if err != nil {
		t.Fatal(err)
	}
	return page.Items
}

// TestPlanAdminLifecycle: an administrator creates, edits, retires and
// reinstates a plan; the pricing page and the order path follow, and every
// change is in the audit log with its before and after.
func TestPlanAdminLifecycle(t *testing.T) {
	c := newCloud(t, testMode)
	h := c.planAdmin(t)
	_, adminTok := c.user(t, "ada@remat.ch", auth.RoleAdmin)
	_, sellerTok := c.user(t, "sepp@example.ch", auth.RoleUser)

	r := c.admin(t, h, "POST", "/api/v1/admin/plans", adminTok, ecoPlan())
	if r.Status != 201 || r.JSON["version"] != 1.0 || r.JSON["retired"] != false || r.JSON["updatedBy"] != "ada@remat.ch" || r.JSON["sortOrder"] != 5.0 {
		t.Fatalf("create: got %d %s", r.Status, r.Body)
	}
	if r := c.admin(t, h, "POST", "/api/v1/admin/plans", adminTok, ecoPlan()); r.Status != 409 || r.Code() != "plan_exists" {
		t.Errorf("create twice: got %d %s, want 409 plan_exists", r.Status, r.Body)
	}
	if ids := planIDs(c.do(t, "GET", "/api/v1/plans", "", nil)); strings.Join(ids, ",") != "single,starter,pro,bundle,eco" {
		t.Errorf("public plans after create: got %v", ids)
	}

	edit := ecoPlan()
	delete(edit, "id")
	delete(edit, "kind")
	delete(edit, "bundle")
	edit["name"] = map[string]string{"en": "Eco", "fr": "Écologique", "de": "Öko", "it": "Eco", "sq": "Eko"}
	edit["priceRp"], edit["popular"], edit["version"] = 12900, true, 1
	r = c.admin(t, h, "PUT", "/api/v1/admin/plans/eco", adminTok, edit)
	if name, _ := r.JSON["name"].(map[string]any); r.Status != 200 || r.JSON["version"] != 2.0 || r.JSON["priceRp"] != 12900.0 || name["fr"] != "Écologique" || r.JSON["popular"] != true {
		t.Fatalf("edit: got %d %s", r.Status, r.Body)
	}
	if r := c.admin(t, h, "PUT", "/api/v1/admin/plans/eco", adminTok, edit); r.Status != 409 || r.Code() != "edit_conflict" {
		t.Errorf("edit on a stale version: got %d %s, want 409 edit_conflict", r.Status, r.Body)
	}
	if r := c.admin(t, h, "PUT", "/api/v1/admin/plans/gold", adminTok, edit); r.Status != 404 || r.Code() != "subscription_plan_not_found" {
		t.Errorf("edit an unknown plan: got %d %s", r.Status, r.Body)
	}
	pub := c.do(t, "GET", "/api/v1/plans", "", nil)
	items, _ := pub.JSON["items"].([]any)
	if eco := items[len(items)-1].(map[string]any); eco["priceRp"] != 12900.0 || eco["name"].(map[string]any)["fr"] != "Écologique" {
		t.Errorf("public plan after edit: got %v", eco)
	}

	r = c.admin(t, h, "POST", "/api/v1/admin/plans/eco/retire", adminTok, nil)
	if r.Status != 200 || r.JSON["retired"] != true || r.JSON["version"] != 3.0 {
		t.Fatalf("retire: got %d %s", r.Status, r.Body)
	}
	if r := c.admin(t, h, "POST", "/api/v1/admin/plans/eco/retire", adminTok, nil); r.Status != 200 || r.JSON["version"] != 3.0 {
		t.Errorf("retire again: got %d %s, want 200 unchanged", r.Status, r.Body)
	}
	if ids := planIDs(c.do(t, "GET", "/api/v1/plans", "", nil)); slices.Contains(ids, "eco") {
		t.Errorf("public plans after retire: got %v, want eco left out", ids)
	}
	if ids := planIDs(c.admin(t, h, "GET", "/api/v1/admin/plans", adminTok, nil)); !slices.Contains(ids, "eco") || len(ids) != 5 {
		t.Errorf("admin plans after retire: got %v, want all five", ids)
	}
	if r := c.do(t, "POST", "/api/v1/orders", sellerTok, map[string]any{"planId": "eco", "acceptTerms": true}); r.Status != 409 || r.Code() != "plan_retired" {
		t.Errorf("order a retired plan: got %d %s, want 409 plan_retired", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/orders/preview?planId=eco", sellerTok, nil); r.Status != 409 || r.Code() != "plan_retired" {
		t.Errorf("preview a retired plan: got %d %s, want 409 plan_retired", r.Status, r.Body)
	}

	if r := c.admin(t, h, "POST", "/api/v1/admin/plans/eco/reinstate", adminTok, nil); r.Status != 200 || r.JSON["retired"] != false {
		t.Fatalf("reinstate: got %d %s", r.Status, r.Body)
	}
	if o := c.order(t, sellerTok, "eco"); o["netRp"] != 12900.0 || o["status"] != "pending" {
		t.Errorf("order after reinstating: got %v", o)
	}

	var actions []string
	var update audit.Entry
	for _, e := range c.auditOf(t, "eco") {
		actions = append(actions, e.Action)
		if e.Action == billing.AuditPlanUpdate {
			update = e
		}
	}
	slices.Sort(actions)
	if want := []string{"plan.create", "plan.reinstate", "plan.retire", "plan.update"}; !slices.Equal(actions, want) {
		t.Errorf("audit actions: got %v, want %v (the repeated retire records nothing)", actions, want)
	}
	var before, after map[string]any
	_ = json.Unmarshal(update.Before, &before)
	_ = json.Unmarshal(update.After, &after)
	wantBefore := map[string]any{"priceRp": 9900.0, "popular": false, "name.fr": "Eco fr", "name.de": "Eco de", "name.en": "Eco en", "name.it": "Eco it", "name.sq": "Eco sq"}
	wantAfter := map[string]any{"priceRp": 12900.0, "popular": true, "name.fr": "Écologique", "name.de": "Öko", "name.en": "Eco", "name.it": "Eco", "name.sq": "Eko"}
	if !maps.Equal(before, wantBefore) || !maps.Equal(after, wantAfter) || update.ActorEmail != "ada@remat.ch" {
		t.Errorf("update entry: got %s -> %s by %s, want only the changed fields", update.Before, update.After, update.ActorEmail)
	}
}

// TestPriceChangeSparesExistingOrder: an order created before a price
// change is paid and invoiced at the price it was created with; new orders
// get the new price; retiring the plan leaves the subscription it sold and
// its invoice as they were.
func TestPriceChangeSparesExistingOrder(t *testing.T) {
	c := newCloud(t, testMode)
	h := c.planAdmin(t)
	_, adminTok := c.user(t, "ada@remat.ch", auth.RoleAdmin)
	_, anna := c.user(t, "anna@example.ch", auth.RoleUser)
	_, ben := c.user(t, "ben@example.ch", auth.RoleUser)

	o := c.order(t, anna, "starter")
	if o["netRp"] != 3900.0 || o["totalRp"] != 4216.0 {
		t.Fatalf("order before the change: got %v", o)
	}
	id := o["id"].(string)

	plans := c.admin(t, h, "GET", "/api/v1/admin/plans", adminTok, nil)
	var starter map[string]any
	for _, it := range plans.JSON["items"].([]any) {
		if p := it.(map[string]any); p["id"] == "starter" {
			starter = p
		}
	}
	if starter == nil || starter["version"] != 0.0 || starter["updatedAt"] != nil {
		t.Fatalf("seeded starter: got %v, want version 0, never changed", starter)
	}
	edit := map[string]any{"version": 0}
	for _, k := range []string{"name", "description", "duration", "freeMonths", "adAllowance", "imageAllowance", "adDurationDays", "popular", "sortOrder"} {
		edit[k] = starter[k]
	}
	edit["priceRp"] = 4900
	if r := c.admin(t, h, "PUT", "/api/v1/admin/plans/starter", adminTok, edit); r.Status != 200 || r.JSON["priceRp"] != 4900.0 || r.JSON["version"] != 1.0 {
		t.Fatalf("price change: got %d %s", r.Status, r.Body)
	}

	if got := c.do(t, "GET", "/api/v1/orders/"+id, anna, nil).obj("order"); got["totalRp"] != 4216.0 || got["netRp"] != 3900.0 {
		t.Errorf("existing order after the change: got %v, want the price it was created with", got)
	}
	if r := c.do(t, "POST", "/api/v1/orders/"+id+"/test-payment", anna, card); r.Status != 202 {
		t.Fatalf("pay: got %d %s", r.Status, r.Body)
	}
	paid := c.do(t, "GET", "/api/v1/orders/"+id, anna, nil).obj("order")
	inv := c.do(t, "GET", "/api/v1/invoices/"+paid["invoiceId"].(string), anna, nil).obj("invoice")
	if paid["status"] != "paid" || inv["netRp"] != 3900.0 || inv["totalRp"] != 4216.0 {
		t.Errorf("paid order and invoice: got %v, %v, want 39.00 + VAT = 42.16", paid, inv)
	}
	if o := c.order(t, ben, "starter"); o["netRp"] != 4900.0 || o["totalRp"] != 5297.0 {
		t.Errorf("new order after the change: got %v, want 49.00 + 3.97 VAT", o)
	}

	if r := c.admin(t, h, "POST", "/api/v1/admin/plans/starter/retire", adminTok, nil); r.Status != 200 {
		t.Fatalf("retire: got %d %s", r.Status, r.Body)
	}
	cur := c.do(t, "GET", "/api/v1/subscriptions/me", anna, nil).obj("current")
	if cur["planId"] != "starter" || cur["state"] != "valid" || cur["remainingAds"] != 5.0 {
		t.Errorf("subscription after retiring its plan: got %v, want it unchanged", cur)
	}
	if r := c.do(t, "GET", "/api/v1/invoices/"+paid["invoiceId"].(string), anna, nil); r.Status != 200 {
		t.Errorf("invoice after retiring its plan: got %d %s", r.Status, r.Body)
	}
}

// TestPlanValidation: each invalid field is named with its code and
// nothing is written.
func TestPlanValidation(t *testing.T) {
	c := newCloud(t, testMode)
	h := c.planAdmin(t)
	_, adminTok := c.user(t, "ada@remat.ch", auth.RoleAdmin)
	tests := []struct {
		name   string
		edit   func(map[string]any)
		fields map[string]string
	}{
		{"id required", func(p map[string]any) { p["id"] = " " }, map[string]string{"id": "required"}},
		{"id pattern", func(p map[string]any) { p["id"] = "Gold Plan" }, map[string]string{"id": "invalid"}},
		{"kind", func(p map[string]any) { p["kind"] = "lifetime" }, map[string]string{"kind": "invalid"}},
		{"single bundle", func(p map[string]any) { p["kind"], p["bundle"] = "single", true }, map[string]string{"bundle": "invalid"}},
		{"names in every language", func(p map[string]any) {
			p["name"] = map[string]string{"en": "Eco", "fr": "", "de": "Öko", "it": "Eco"}
		}, map[string]string{"name.fr": "required", "name.sq": "required"}},
		{"unknown language", func(p map[string]any) { n := localized("Eco"); n["es"] = "Eco"; p["name"] = n }, map[string]string{"name": "invalid"}},
		{"long description", func(p map[string]any) {
			d := localized("x")
			d["it"] = strings.Repeat("à", billing.PlanDescriptionMax+1)
			p["description"] = d
		}, map[string]string{"description.it": "too_long"}},
		{"negative price", func(p map[string]any) { p["priceRp"] = -1 }, map[string]string{"priceRp": "out_of_range"}},
		{"price too high", func(p map[string]any) { p["priceRp"] = billing.PlanPriceMaxRp + 1 }, map[string]string{"priceRp": "out_of_range"}},
		{"duration", func(p map[string]any) { p["duration"] = map[string]any{"value": 0, "unit": "weeks"} }, map[string]string{"duration.unit": "invalid"}},
		{"duration value", func(p map[string]any) { p["duration"] = map[string]any{"value": 61, "unit": "months"} }, map[string]string{"duration.value": "out_of_range"}},
		{"allowances", func(p map[string]any) { p["adAllowance"], p["imageAllowance"], p["adDurationDays"] = 0, 31, 366 },
			map[string]string{"adAllowance": "out_of_range", "imageAllowance": "out_of_range", "adDurationDays": "out_of_range"}},
		{"bundle carries no ads", func(p map[string]any) { p["bundle"] = true }, map[string]string{"adAllowance": "out_of_range", "imageAllowance": "out_of_range", "adDurationDays": "out_of_range"}},
		{"single has no free months", func(p map[string]any) { p["kind"], p["freeMonths"] = "single", 3 }, map[string]string{"freeMonths": "out_of_range"}},
		{"sort order", func(p map[string]any) { p["sortOrder"] = -1 }, map[string]string{"sortOrder": "out_of_range"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ecoPlan()
			tt.edit(p)
			r := c.admin(t, h, "POST", "/api/v1/admin/plans", adminTok, p)
			e, _ := r.JSON["error"].(map[string]any)
			got := map[string]string{}
			for k, v := range e["fields"].(map[string]any) {
				got[k] = v.(string)
			}
			if r.Status != 400 || r.Code() != "validation_failed" || !maps.Equal(got, tt.fields) {
				t.Errorf("got %d %s, want 400 with %v", r.Status, r.Body, tt.fields)
			}
		})
	}
	if r := c.admin(t, h, "PUT", "/api/v1/admin/plans/pro", adminTok, map[string]any{"priceRp": 100}); r.Status != 400 || !strings.Contains(string(r.Body), `"version":"required"`) {
		t.Errorf("edit without version: got %d %s", r.Status, r.Body)
	}
	if n := c.count(t, "AUDIT#", "2"); n != 0 {
		t.Errorf("audit entries after refused changes: got %d, want 0", n)
	}
	if ids := planIDs(c.admin(t, h, "GET", "/api/v1/admin/plans", adminTok, nil)); len(ids) != 4 {
		t.Errorf("plans after refused changes: got %v, want the four seeded", ids)
	}
}

// TestLongTextsAreAudited: a change of the longest texts in every language
// still fits an audit entry (texts shortened, marked truncated).
func TestLongTextsAreAudited(t *testing.T) {
	c := newCloud(t, testMode)
	h := c.planAdmin(t)
	_, adminTok := c.user(t, "ada@remat.ch", auth.RoleAdmin)
	p := ecoPlan()
	long := map[string]string{}
	for _, lang := range billing.PlanLanguages {
		long[lang] = strings.Repeat("<ë>", billing.PlanDescriptionMax/3)
	}
	p["description"] = long
	if r := c.admin(t, h, "POST", "/api/v1/admin/plans", adminTok, p); r.Status != 201 {
		t.Fatalf("create: got %d %s", r.Status, r.Body)
	}
	entries := c.auditOf(t, "eco")
	if len(entries) != 1 || !strings.Contains(string(entries[0].After), `"truncated":true`) || !strings.Contains(string(entries[0].After), `"priceRp":9900`) {
		t.Errorf("audit: got %+v, want one entry with the shortened texts", entries)
	}
}

// TestSeedKeepsAdministratorsChanges: a newer seed replaces a seeded plan
// no administrator changed, never one they changed.
func TestSeedKeepsAdministratorsChanges(t *testing.T) {
	c := newCloud(t, testMode)
	h := c.planAdmin(t)
	_, adminTok := c.user(t, "ada@remat.ch", auth.RoleAdmin)
	if r := c.admin(t, h, "POST", "/api/v1/admin/plans/pro/retire", adminTok, nil); r.Status != 200 {
		t.Fatalf("retire pro: got %d %s", r.Status, r.Body)
	}
	// Age every plan's seed, as if the catalogue in the code were newer.
	for _, id := range []string{"pro", "starter"} {
		if _, err := c.db.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
			TableName: aws.String(c.table), Key: ddb.Key("PLAN", id),
			UpdateExpression:          aws.String("SET seedVersion = :old, priceRp = :p"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":old": &types.AttributeValueMemberN{Value: "0"}, ":p": &types.AttributeValueMemberN{Value: "1"}},
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := billing.SeedPlans(context.Background(), c.db, c.table); err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]any{}
	for _, it := range c.admin(t, h, "GET", "/api/v1/admin/plans", adminTok, nil).JSON["items"].([]any) {
		p := it.(map[string]any)
		got[p["id"].(string)] = p
	}
	if got["starter"]["priceRp"] != 3900.0 {
		t.Errorf("unchanged seeded plan: got %v, want it re-seeded", got["starter"])
	}
	if got["pro"]["priceRp"] != 1.0 || got["pro"]["retired"] != true {
		t.Errorf("changed plan: got %v, want the administrator's state kept", got["pro"])
	}
}
