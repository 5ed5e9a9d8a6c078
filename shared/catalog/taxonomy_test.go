package catalog_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb/ddbtest"
)

var taxonomyActor = audit.Actor{ID: "admin-1", Email: "ada@example.ch"}

// taxonomy is the back office's editing of the seeded tree and brands of
// c, with the audit log to check what it recorded.
func taxonomy(t *testing.T, c *cloud) (*catalog.Taxonomy, *audit.Log) {
	t.Helper()
	cursors := ddbtest.Cursors(t)
	return catalog.NewTaxonomy(c.store, audit.NewRecorder(c.db, c.table)), audit.NewLog(c.db, c.table, cursors)
}

// entries returns the audit entries of one target, newest first.
func entries(t *testing.T, log *audit.Log, targetType, id string) []audit.Entry {
	t.Helper()
	page, err := log.List(context.Background(), audit.Filter{TargetType: targetType, TargetID: id}, 50, "")
	if err != nil {
		t.Fatal(err)
	}
	return page.Items
}

func names(en string) map[string]string {
	return map[string]string{"en": en, "fr": en + " (fr)", "de": en + " (de)", "it": en + " (it)", "sq": en + " (sq)"}
}

func intp(n int) *int       { return &n }
func strp(s string) *string { return &s }
func boolp(b bool) *bool    { return &b }

func codeOf(err error) apperr.Code {
	if err == nil {
		return ""
	}
	return apperr.From(err).Code
}

// checkRefusal fails t unless err is coded code and, when fields is not
// nil, names exactly these field codes.
func checkRefusal(t *testing.T, err error, code apperr.Code, fields map[string]string) {
	t.Helper()
	if got := codeOf(err); got != code {
		t.Fatalf("got %v (%v), want %v", got, err, code)
	}
	if fields != nil && fmt.Sprint(fieldsOf(err)) != fmt.Sprint(fields) {
		t.Errorf("fields: got %v, want %v", fieldsOf(err), fields)
	}
}

func fieldsOf(err error) map[string]string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// publicSlugs is the public tree's slugs as the products API serves them.
func publicSlugs(t *testing.T, c *cloud) []string {
	t.Helper()
	r := c.do(t, "GET", "/api/v1/categories", "", nil)
	if r.Status != 200 {
		t.Fatalf("categories: got %d %s", r.Status, r.Body)
	}
	var out []string
	for _, it := range r.items() {
		s, _ := it["slug"].(string)
		out = append(out, s)
	}
	return out
}

func TestCreateCategory(t *testing.T) {
	c := newCloud(t)
	tax, log := taxonomy(t, c)
	ctx := context.Background()

	got, err := tax.CreateCategory(ctx, taxonomyActor, catalog.CategoryInput{Parent: "building-materials", Names: names("  Reclaimed wood & beams ")})
	if err != nil {
		t.Fatal(err)
	}
	// The seed's last sub-category of building-materials sorts at 150.
	if got.Slug != "reclaimed-wood-beams" || got.Parent != "building-materials" || got.SortOrder != 160 || got.Names["en"] != "Reclaimed wood & beams" {
		t.Errorf("created: got %+v, want slug reclaimed-wood-beams after the last sibling, names trimmed", got)
	}
	e := entries(t, log, "category", got.Slug)
	if len(e) != 1 || e[0].Action != "category.create" || e[0].ActorEmail != taxonomyActor.Email {
		t.Fatalf("audit: got %+v, want one category.create by the administrator", e)
	}
	var after map[string]any
	if err := json.Unmarshal(e[0].After, &after); err != nil || after["parent"] != "building-materials" {
		t.Errorf("audit after: got %s, want the new category", e[0].After)
	}

	top, err := tax.CreateCategory(ctx, taxonomyActor, catalog.CategoryInput{Slug: "garden", SortOrder: intp(5), Names: names("Garden")})
	if err != nil || top.Slug != "garden" || top.SortOrder != 5 || top.Parent != "" {
		t.Errorf("top level: got %+v, %v, want garden at 5", top, err)
	}
	if slugs := publicSlugs(t, c); !slices.Contains(slugs, "garden") || !slices.Contains(slugs, "reclaimed-wood-beams") {
		t.Errorf("public tree: got %v, want the new categories", slugs)
	}

	tests := []struct {
		name   string
		in     catalog.CategoryInput
		code   apperr.Code
		fields map[string]string
	}{
		{"slug taken", catalog.CategoryInput{Slug: "timber", Names: names("Wood")}, apperr.CodeCategorySlugTaken, nil},
		{"generated slug taken", catalog.CategoryInput{Names: names("Garden")}, apperr.CodeCategorySlugTaken, nil},
		{"names missing", catalog.CategoryInput{Slug: "stairs", Names: map[string]string{"en": "Stairs", "fr": " ", "xx": "?"}},
			apperr.CodeValidationFailed, map[string]string{"names.fr": "required", "names.de": "required", "names.it": "required", "names.sq": "required", "names.xx": "invalid"}},
		{"name too long", catalog.CategoryInput{Names: names("Stairs" + fmt.Sprintf("%060d", 0))},
			apperr.CodeValidationFailed, map[string]string{"names.en": "too_long", "names.fr": "too_long", "names.de": "too_long", "names.it": "too_long", "names.sq": "too_long"}},
		{"bad slug", catalog.CategoryInput{Slug: "Stairs and steps", Names: names("Stairs")}, apperr.CodeValidationFailed, map[string]string{"slug": "invalid"}},
		{"unreadable names", catalog.CategoryInput{Slug: "stairs", Names: map[string]string{"en": "Stairs", "fr": "\u200b", "de": "Trep\x00pen", "it": "Scale\u2066", "sq": "Shkallë"}},
			apperr.CodeValidationFailed, map[string]string{"names.fr": "required", "names.de": "invalid_characters", "names.it": "invalid_characters"}},
		{"no slug to make", catalog.CategoryInput{Names: names("€€")}, apperr.CodeValidationFailed, map[string]string{"slug": "required"}},
		{"sort order", catalog.CategoryInput{Names: names("Stairs"), SortOrder: intp(-1)}, apperr.CodeValidationFailed, map[string]string{"sortOrder": "out_of_range"}},
		{"unknown parent", catalog.CategoryInput{Names: names("Stairs"), Parent: "nowhere"}, apperr.CodeValidationFailed, map[string]string{"parent": "unknown_category"}},
		{"two levels deep", catalog.CategoryInput{Names: names("Stairs"), Parent: "timber"}, apperr.CodeValidationFailed, map[string]string{"parent": "invalid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tax.CreateCategory(ctx, taxonomyActor, tt.in)
			checkRefusal(t, err, tt.code, tt.fields)
		})
	}
}

func TestUpdateCategory(t *testing.T) {
	c := newCloud(t)
	tax, log := taxonomy(t, c)
	ctx := context.Background()
	seller, token := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})
	c.published(t, token) // in roofing (building-materials)

	// Rename in one language: only that language changes and is recorded.
	got, err := tax.UpdateCategory(ctx, taxonomyActor, "timber", catalog.CategoryPatch{Names: map[string]string{"fr": " Bois de construction "}})
	if err != nil || got.Names["fr"] != "Bois de construction" || got.Names["de"] != "Holz" || got.Parent != "building-materials" {
		t.Fatalf("rename: got %+v, %v, want the French name changed only", got, err)
	}
	e := entries(t, log, "category", "timber")
	if len(e) != 1 || e[0].Action != "category.update" || string(e[0].Before) != `{"names":{"fr":"Bois"}}` ||
		string(e[0].After) != `{"names":{"fr":"Bois de construction"}}` {
		t.Fatalf("audit: got %+v, want before/after of the French name", e)
	}
	// The same again changes and records nothing.
	if _, err := tax.UpdateCategory(ctx, taxonomyActor, "timber", catalog.CategoryPatch{Names: map[string]string{"fr": "Bois de construction"}}); err != nil {
		t.Fatal(err)
	}
	if e := entries(t, log, "category", "timber"); len(e) != 1 {
		t.Errorf("audit after a no-op: got %d entries, want 1", len(e))
	}

	// Reorder, and move a category without ads.
	got, err = tax.UpdateCategory(ctx, taxonomyActor, "insulation", catalog.CategoryPatch{SortOrder: intp(1), Parent: strp("tools")})
	if err != nil || got.SortOrder != 1 || got.Parent != "tools" {
		t.Fatalf("move: got %+v, %v, want insulation first under tools", got, err)
	}
	list, err := tax.Categories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	ads := map[string]int64{}
	for _, u := range list {
		order = append(order, u.Slug)
		ads[u.Slug] = u.Ads
	}
	if i := slices.Index(order, "tools"); i < 0 || order[i+1] != "insulation" {
		t.Errorf("tree order: got %v, want insulation right after tools", order)
	}
	if ads["roofing"] != 1 || ads["building-materials"] != 1 || ads["timber"] != 0 {
		t.Errorf("ad counts: got roofing %d, building-materials %d, timber %d, want 1, 1 (its sub-categories'), 0",
			ads["roofing"], ads["building-materials"], ads["timber"])
	}
	// Back to the top level.
	if got, err := tax.UpdateCategory(ctx, taxonomyActor, "insulation", catalog.CategoryPatch{Parent: strp("")}); err != nil || got.Parent != "" {
		t.Errorf("to the top: got %+v, %v", got, err)
	}

	tests := []struct {
		name   string
		slug   string
		patch  catalog.CategoryPatch
		code   apperr.Code
		fields map[string]string
	}{
		{"unknown", "nowhere", catalog.CategoryPatch{Hidden: boolp(true)}, apperr.CodeCategoryNotFound, nil},
		{"move with ads", "roofing", catalog.CategoryPatch{Parent: strp("tools")}, apperr.CodeCategoryInUse, nil},
		{"move with sub-categories", "tools", catalog.CategoryPatch{Parent: strp("machines")}, apperr.CodeCategoryHasSubcategories, nil},
		{"under itself", "insulation", catalog.CategoryPatch{Parent: strp("insulation")}, apperr.CodeValidationFailed, map[string]string{"parent": "invalid"}},
		{"under a sub-category", "insulation", catalog.CategoryPatch{Parent: strp("timber")}, apperr.CodeValidationFailed, map[string]string{"parent": "invalid"}},
		{"empty name", "timber", catalog.CategoryPatch{Names: map[string]string{"de": ""}}, apperr.CodeValidationFailed, map[string]string{"names.de": "required"}},
		{"no language", "timber", catalog.CategoryPatch{Names: map[string]string{}}, apperr.CodeValidationFailed, map[string]string{"names": "required"}},
		{"sort order", "timber", catalog.CategoryPatch{SortOrder: intp(catalog.SortOrderMax + 1)}, apperr.CodeValidationFailed, map[string]string{"sortOrder": "out_of_range"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tax.UpdateCategory(ctx, taxonomyActor, tt.slug, tt.patch)
			checkRefusal(t, err, tt.code, tt.fields)
		})
	}
}

// TestHiddenCategoryKeepsItsAds: a hidden category leaves the public tree
// and the seller's choices; its ads stay searchable and editable.
func TestHiddenCategoryKeepsItsAds(t *testing.T) {
	c := newCloud(t)
	tax, log := taxonomy(t, c)
	ctx := context.Background()
	seller, token := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})
	id := c.published(t, token)
	if !slices.Contains(publicSlugs(t, c), "roofing") {
		t.Fatal("roofing: want it in the public tree first")
	}

	if _, err := tax.UpdateCategory(ctx, taxonomyActor, "roofing", catalog.CategoryPatch{Hidden: boolp(true)}); err != nil {
		t.Fatal(err)
	}
	// A warm function serves its copy until it checks the version again.
	if !slices.Contains(publicSlugs(t, c), "roofing") {
		t.Errorf("within %v: want the cached tree", catalog.ReferenceRecheck)
	}
	c.clock.Advance(catalog.ReferenceRecheck)
	if slices.Contains(publicSlugs(t, c), "roofing") {
		t.Errorf("after %v: got roofing, want it hidden", catalog.ReferenceRecheck)
	}
	if e := entries(t, log, "category", "roofing"); len(e) != 1 || string(e[0].After) != `{"hidden":true}` {
		t.Errorf("audit: got %+v, want hidden before/after", e)
	}

	if ids := c.searchIDs(t, "category=roofing"); !slices.Contains(ids, id) {
		t.Errorf("search in the hidden category: got %v, want the ad", ids)
	}
	if r := c.do(t, "GET", "/api/v1/products/"+id, "", nil); r.Status != 200 {
		t.Errorf("detail: got %d %s, want 200", r.Status, r.Body)
	}
	if r := c.do(t, "PATCH", "/api/v1/products/"+id, token, input(set("title", "Dachziegel, neu beschrieben"))); r.Status != 200 {
		t.Errorf("edit keeping the hidden category: got %d %s, want 200", r.Status, r.Body)
	}
	r := c.do(t, "POST", "/api/v1/products", token, input())
	if e, _ := r.JSON["error"].(map[string]any); r.Status != 400 || fmt.Sprint(e["fields"]) != "map[categorySlug:unknown_category]" {
		t.Errorf("new ad in the hidden category: got %d %s, want 400 unknown_category", r.Status, r.Body)
	}

	// Hiding a parent hides its sub-categories too; showing it again brings them back.
	if _, err := tax.UpdateCategory(ctx, taxonomyActor, "tools", catalog.CategoryPatch{Hidden: boolp(true)}); err != nil {
		t.Fatal(err)
	}
	c.clock.Advance(catalog.ReferenceRecheck)
	if slugs := publicSlugs(t, c); slices.Contains(slugs, "tools") || slices.Contains(slugs, "hand-tools") {
		t.Errorf("hidden parent: got %v, want tools and its sub-categories gone", slugs)
	}
	if _, err := tax.UpdateCategory(ctx, taxonomyActor, "tools", catalog.CategoryPatch{Hidden: boolp(false)}); err != nil {
		t.Fatal(err)
	}
	c.clock.Advance(catalog.ReferenceRecheck)
	if slugs := publicSlugs(t, c); !slices.Contains(slugs, "tools") || !slices.Contains(slugs, "hand-tools") {
		t.Errorf("shown again: got %v, want tools and hand-tools", slugs)
	}
}

func TestDeleteCategory(t *testing.T) {
	c := newCloud(t)
	tax, log := taxonomy(t, c)
	ctx := context.Background()
	seller, token := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})
	id := c.published(t, token)

	if _, err := tax.CreateCategory(ctx, taxonomyActor, catalog.CategoryInput{Slug: "unused", Names: names("Unused")}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, slug string
		code       apperr.Code
	}{
		{"in use", "roofing", apperr.CodeCategoryInUse},
		{"parent", "building-materials", apperr.CodeCategoryHasSubcategories},
		{"unknown", "nowhere", apperr.CodeCategoryNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := codeOf(tax.DeleteCategory(ctx, taxonomyActor, tt.slug)); got != tt.code {
				t.Errorf("got %v, want %v", got, tt.code)
			}
		})
	}
	if err := tax.DeleteCategory(ctx, taxonomyActor, "unused"); err != nil {
		t.Fatalf("delete unused: got %v, want nil", err)
	}
	if got := codeOf(tax.DeleteCategory(ctx, taxonomyActor, "unused")); got != apperr.CodeCategoryNotFound {
		t.Errorf("delete again: got %v, want category_not_found", got)
	}
	e := entries(t, log, "category", "unused")
	if len(e) != 2 || e[0].Action != "category.delete" || string(e[0].After) != "{}" {
		t.Errorf("audit: got %+v, want the delete after the create", e)
	}

	// Once its ad is gone, the category is unused.
	if r := c.do(t, "DELETE", "/api/v1/products/"+id, token, nil); r.Status != 204 {
		t.Fatalf("delete ad: got %d %s", r.Status, r.Body)
	}
	if err := tax.DeleteCategory(ctx, taxonomyActor, "roofing"); err != nil {
		t.Errorf("delete roofing without ads: got %v, want nil", err)
	}
}

// TestConcurrentChangesAreSerialised: changes race on the tree's version
// and are checked again; none is lost, one slug is created once.
func TestConcurrentChangesAreSerialised(t *testing.T) {
	c := newCloud(t)
	tax, log := taxonomy(t, c)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Go(func() {
			slug := fmt.Sprintf("parallel-%d", i%3) // each slug twice
			_, errs[i] = tax.CreateCategory(ctx, taxonomyActor, catalog.CategoryInput{Slug: slug, Names: names(slug)})
		})
	}
	wg.Wait()
	ok, taken := 0, 0
	for _, err := range errs {
		switch codeOf(err) {
		case "":
			ok++
		case apperr.CodeCategorySlugTaken:
			taken++
		default:
			t.Errorf("got %v, want success or category_slug_taken", err)
		}
	}
	if ok != 3 || taken != 3 {
		t.Errorf("got %d created and %d taken, want 3 and 3", ok, taken)
	}
	for i := range 3 {
		if e := entries(t, log, "category", fmt.Sprintf("parallel-%d", i)); len(e) != 1 {
			t.Errorf("parallel-%d: got %d audit entries, want 1", i, len(e))
		}
	}
	v, err := c.store.TaxonomyVersion(ctx, true)
	if err != nil || v.Categories != 3 {
		t.Errorf("version: got %+v, %v, want 3 category changes", v, err)
	}
}

func TestBrands(t *testing.T) {
	c := newCloud(t)
	tax, log := taxonomy(t, c)
	ctx := context.Background()
	seller, token := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 5, images: 5})

	b, err := tax.CreateBrand(ctx, taxonomyActor, "  Festo   Tools ")
	if err != nil || b.Slug != "festo-tools" || b.Name != "Festo Tools" {
		t.Fatalf("create: got %+v, %v, want festo-tools", b, err)
	}
	for _, name := range []string{"FESTO TOOLS", "festo-tools", "Festotools", "bosch", "Villeroy+Boch"} {
		if got := codeOf(func() error { _, err := tax.CreateBrand(ctx, taxonomyActor, name); return err }()); got != apperr.CodeBrandExists {
			t.Errorf("create %q: got %v, want brand_exists", name, got)
		}
	}
	for name, field := range map[string]string{
		"": "required", "   ": "required", "+++": "invalid", fmt.Sprintf("%061d", 0): "too_long",
		"\u200b\u200b": "required", "Fes\x00to": "invalid_characters", "\u202Eotsef": "invalid_characters",
	} {
		_, err := tax.CreateBrand(ctx, taxonomyActor, name)
		if fmt.Sprint(fieldsOf(err)) != fmt.Sprintf("map[name:%s]", field) {
			t.Errorf("create %q: got %v, want name %s", name, err, field)
		}
	}

	// The new spelling is what new ads are saved with.
	if _, err := tax.RenameBrand(ctx, taxonomyActor, "festo-tools", "FestoTools AG"); err != nil {
		t.Fatal(err)
	}
	if got := codeOf(func() error { _, err := tax.RenameBrand(ctx, taxonomyActor, "festo-tools", "Hilti"); return err }()); got != apperr.CodeBrandExists {
		t.Errorf("rename onto another brand: got %v, want brand_exists", got)
	}
	if got := codeOf(func() error { _, err := tax.RenameBrand(ctx, taxonomyActor, "nowhere", "Nowhere"); return err }()); got != apperr.CodeBrandNotFound {
		t.Errorf("rename unknown: got %v, want brand_not_found", got)
	}
	c.clock.Advance(catalog.ReferenceRecheck)
	id := c.draft(t, token, set("brand", "festotools ag"))
	if r := c.do(t, "GET", "/api/v1/products/"+id, token, nil); r.str("brand") != "FestoTools AG" {
		t.Errorf("new ad's brand: got %q, want the canonical FestoTools AG", r.str("brand"))
	}

	list, err := tax.Brands(ctx)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list, func(b catalog.BrandUsage) bool { return b.Slug == "festo-tools" })
	if i < 0 || list[i].Name != "FestoTools AG" {
		t.Errorf("list: got %+v, want festo-tools renamed", list)
	}

	if err := tax.DeleteBrand(ctx, taxonomyActor, "festo-tools"); err != nil {
		t.Fatal(err)
	}
	if got := codeOf(tax.DeleteBrand(ctx, taxonomyActor, "festo-tools")); got != apperr.CodeBrandNotFound {
		t.Errorf("delete again: got %v, want brand_not_found", got)
	}
	c.clock.Advance(catalog.ReferenceRecheck)
	r := c.do(t, "GET", "/api/v1/brands", "", nil)
	for _, it := range r.items() {
		if it["slug"] == "festo-tools" {
			t.Errorf("public brands: got festo-tools, want it removed")
		}
	}
	var actions []string
	for _, e := range entries(t, log, "brand", "festo-tools") {
		actions = append(actions, e.Action)
	}
	if fmt.Sprint(actions) != "[brand.delete brand.rename brand.create]" {
		t.Errorf("audit: got %v, want create, rename, delete", actions)
	}
}

// TestReferenceCacheRechecks: a warm products function reads the tree
// once per ReferenceTTL and otherwise only the version, once per
// ReferenceRecheck.
func TestReferenceCacheRechecks(t *testing.T) {
	c := newCloud(t)
	tax, _ := taxonomy(t, c)
	ctx := context.Background()
	name := func() string {
		cats, err := c.svc.Categories(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, cat := range cats {
			if cat.Slug == "timber" {
				return cat.Names["de"]
			}
		}
		return ""
	}
	if got := name(); got != "Holz" {
		t.Fatalf("seeded: got %q, want Holz", got)
	}
	if _, err := tax.UpdateCategory(ctx, taxonomyActor, "timber", catalog.CategoryPatch{Names: map[string]string{"de": "Bauholz"}}); err != nil {
		t.Fatal(err)
	}
	c.clock.Advance(catalog.ReferenceRecheck - time.Millisecond)
	if got := name(); got != "Holz" {
		t.Errorf("before the recheck: got %q, want the cached Holz", got)
	}
	c.clock.Advance(time.Millisecond)
	if got := name(); got != "Bauholz" {
		t.Errorf("after the recheck: got %q, want Bauholz", got)
	}
}
