package catalog

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/search"
)

// The administrators' editing of the category tree and the brand list
// (the back office's Categories and Brands screens, package admin).
//
// Items, besides Category (CATEGORY/<slug>) and Brand (BRAND/<slug>) of
// keys.go:
//
//	Taxonomy version  PK = TAXONOMY   SK = VERSION   type = TaxonomyVersion
//	                  categories (N), brands (N): bumped by every change
//	                  of the tree, of the brand list
//
// Access patterns:
//
//	The tree, the brand list (back office)
//	    GetItem TAXONOMY/VERSION, then Query PK=CATEGORY / PK=BRAND, both
//	    consistent
//	Ads per category and per brand
//	    search.CategoryCounts / search.BrandCounts (the index's term counts)
//	Change a category or a brand (one TransactWriteItems)
//	    Put CATEGORY/<slug> IF attribute_not_exists(PK) (create) or
//	        IF attribute_exists(PK) (change), or Delete IF attribute_exists(PK)
//	    Update TAXONOMY/VERSION SET categories = categories + 1
//	        IF categories = :seen (attribute_not_exists while never bumped)
//	    Put the audit entry (audit.Recorder.TransactItem)
//	Is a warm function's copy current (Service.Categories, Service.Brands)
//	    GetItem TAXONOMY/VERSION, at most once per ReferenceRecheck
//
// The version's condition serialises the changes of the tree (and of the
// brand list): a change whose rules were checked against a tree that has
// changed since fails as a whole and is checked again on a fresh read, so
// rules that span items (one level deep, no two brands of one spelling)
// hold without locks. Changes are rare; contention is not a concern.
const (
	pkTaxonomy      = "TAXONOMY"
	skVersion       = "VERSION"
	typeVersion     = "TaxonomyVersion"
	attrCategoryVer = "categories"
	attrBrandVer    = "brands"
)

// CategoryLanguages are the languages every category is named in.
var CategoryLanguages = []string{"en", "fr", "de", "it", "sq"}

// Bounds of the taxonomy's input.
const (
	// CategoryNameMax bounds a category's name in each language, and
	// BrandNameMax a brand's name (Unicode code points, trimmed).
	CategoryNameMax = 60
	BrandNameMax    = 60
	// SlugMin and SlugMax bound a category slug.
	SlugMin = 2
	SlugMax = 60
	// SortOrderMax bounds a category's sort order (0..SortOrderMax).
	SortOrderMax = 1_000_000
	// sortStep spaces the sort orders of new categories, leaving room to
	// slot one in between.
	sortStep = 10
)

// Audit target types and actions of the taxonomy.
const (
	AuditTargetCategory = "category"
	AuditTargetBrand    = "brand"

	ActionCategoryCreate = "category.create"
	ActionCategoryUpdate = "category.update"
	ActionCategoryDelete = "category.delete"
	ActionBrandCreate    = "brand.create"
	ActionBrandRename    = "brand.rename"
	ActionBrandDelete    = "brand.delete"
)

// TaxonomyVersion counts the changes of the category tree and of the
// brand list made through the back office (0: never changed there).
type TaxonomyVersion struct {
	Categories int64 `dynamodbav:"categories"`
	Brands     int64 `dynamodbav:"brands"`
}

// TaxonomyVersion reads the version item; consistent asks for a strongly
// consistent read.
func (s *Store) TaxonomyVersion(ctx context.Context, consistent bool) (TaxonomyVersion, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(pkTaxonomy, skVersion), ConsistentRead: aws.Bool(consistent),
	})
	if err != nil {
		return TaxonomyVersion{}, fmt.Errorf("catalog: taxonomy version: %w", err)
	}
	var v TaxonomyVersion
	if out.Item != nil {
		if err := attributevalue.UnmarshalMap(out.Item, &v); err != nil {
			return TaxonomyVersion{}, fmt.Errorf("catalog: decode taxonomy version: %w", err)
		}
	}
	return v, nil
}

// CategoryUsage is a category of the back office's tree: the category and
// how many indexed ads (active ads of active sellers) are in it, its
// sub-categories' included.
type CategoryUsage struct {
	Category
	Ads int64
}

// BrandUsage is a brand with the number of indexed ads the brand filter
// finds under it.
type BrandUsage struct {
	Brand
	Ads int64
}

// Taxonomy implements the administrators' changes of the category tree
// and the brand list, each recorded with package audit in its own
// transaction. Safe for concurrent use.
type Taxonomy struct {
	store    *Store
	recorder *audit.Recorder
}

// NewTaxonomy returns a Taxonomy on store's table.
func NewTaxonomy(store *Store, recorder *audit.Recorder) *Taxonomy {
	return &Taxonomy{store: store, recorder: recorder}
}

// errRaced: the tree or brand list changed between the read and the write;
// the change is checked again on a fresh read.
var errRaced = errors.New("catalog: the taxonomy changed meanwhile")

// ---------------------------------------------------------------- categories

// tree is the whole category tree as read for a change, with the version
// it was read at.
type tree struct {
	ver  int64
	cats []Category
}

func (tr tree) find(slug string) (Category, bool) {
	i := slices.IndexFunc(tr.cats, func(c Category) bool { return c.Slug == slug })
	if i < 0 {
		return Category{}, false
	}
	return tr.cats[i], true
}

func (tr tree) children(slug string) []Category {
	var out []Category
	for _, c := range tr.cats {
		if c.Parent == slug {
			out = append(out, c)
		}
	}
	return out
}

// nextSortOrder places a new category after its last sibling.
func (tr tree) nextSortOrder(parent string) int {
	top := 0
	for _, c := range tr.cats {
		if c.Parent == parent && c.SortOrder > top {
			top = c.SortOrder
		}
	}
	return min(top+sortStep, SortOrderMax)
}

func (t *Taxonomy) readTree(ctx context.Context) (tree, error) {
	v, err := t.store.TaxonomyVersion(ctx, true)
	if err != nil {
		return tree{}, err
	}
	items, err := t.store.queryAll(ctx, &dynamodb.QueryInput{
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pkCategory)},
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return tree{}, fmt.Errorf("catalog: category tree: %w", err)
	}
	var cats []Category
	if err := attributevalue.UnmarshalListOfMaps(items, &cats); err != nil {
		return tree{}, fmt.Errorf("catalog: decode category tree: %w", err)
	}
	return tree{ver: v.Categories, cats: cats}, nil
}

// Categories returns every category, hidden ones included, each parent
// followed by its sub-categories (siblings by sort order, then slug),
// with the number of indexed ads in each.
func (t *Taxonomy) Categories(ctx context.Context) ([]CategoryUsage, error) {
	tr, err := t.readTree(ctx)
	if err != nil {
		return nil, err
	}
	slugs := make([]string, len(tr.cats))
	for i, c := range tr.cats {
		slugs[i] = c.Slug
	}
	counts, err := search.CategoryCounts(ctx, t.store.db, t.store.table, slugs)
	if err != nil {
		return nil, fmt.Errorf("catalog: category ad counts: %w", err)
	}
	out := make([]CategoryUsage, 0, len(tr.cats))
	for _, c := range treeOrder(tr.cats) {
		out = append(out, CategoryUsage{Category: c, Ads: counts[c.Slug]})
	}
	return out, nil
}

// treeOrder lists cats as a tree: each top-level category (by sort order,
// then slug) followed by its sub-categories; sub-categories of a missing
// parent come last.
func treeOrder(cats []Category) []Category {
	sorted := slices.Clone(cats)
	slices.SortStableFunc(sorted, func(a, b Category) int {
		return cmp.Or(cmp.Compare(a.SortOrder, b.SortOrder), cmp.Compare(a.Slug, b.Slug))
	})
	known := map[string]bool{}
	for _, c := range sorted {
		known[c.Slug] = true
	}
	out := make([]Category, 0, len(sorted))
	for _, root := range sorted {
		if root.Parent != "" {
			continue
		}
		out = append(out, root)
		for _, c := range sorted {
			if c.Parent == root.Slug {
				out = append(out, c)
			}
		}
	}
	for _, c := range sorted {
		if c.Parent != "" && !known[c.Parent] {
			out = append(out, c)
		}
	}
	return out
}

// CreateCategory adds a category: its slug is in.Slug or, when empty,
// made from the English name; it never changes afterwards (ads and the
// search index refer to it). Errors: validation_failed (slug, parent,
// sortOrder, names.<lang>), category_slug_taken.
func (t *Taxonomy) CreateCategory(ctx context.Context, actor audit.Actor, in CategoryInput) (Category, error) {
	c, err := in.category()
	if err != nil {
		return Category{}, fmt.Errorf("catalog: create category: %w", err)
	}
	what := "create category " + c.Slug
	var out Category
	err = retryRaced(what, func() error {
		tr, err := t.readTree(ctx)
		if err != nil {
			return err
		}
		if _, taken := tr.find(c.Slug); taken {
			return apperr.New(apperr.CodeCategorySlugTaken, fmt.Errorf("catalog: category %s exists", c.Slug))
		}
		if err := checkParent(tr, c.Slug, c.Parent); err != nil {
			return err
		}
		if in.SortOrder == nil {
			c.SortOrder = tr.nextSortOrder(c.Parent)
		}
		out = c
		return t.commit(ctx, attrCategoryVer, tr.ver, putCategory(t.store.table, c, true), audit.Change{
			Actor: actor, Action: ActionCategoryCreate, TargetType: AuditTargetCategory, TargetID: c.Slug,
			After: categorySnapshot(c),
		}, what, apperr.New(apperr.CodeCategorySlugTaken, fmt.Errorf("catalog: category %s exists", c.Slug)))
	})
	if err != nil {
		return Category{}, err
	}
	return out, nil
}

// UpdateCategory changes category slug by p: names (any of the five
// languages), sort order, parent (moving it) and hidden. A change to what
// it already is records nothing. A category with indexed ads cannot move
// (their stored category path would go stale: category_in_use), nor can
// a category with sub-categories go under another
// (category_has_subcategories). Errors besides: validation_failed,
// category_not_found.
func (t *Taxonomy) UpdateCategory(ctx context.Context, actor audit.Actor, slug string, p CategoryPatch) (Category, error) {
	if err := p.check(); err != nil {
		return Category{}, fmt.Errorf("catalog: update category %s: %w", slug, err)
	}
	what := "update category " + slug
	var out Category
	err := retryRaced(what, func() error {
		tr, err := t.readTree(ctx)
		if err != nil {
			return err
		}
		old, ok := tr.find(slug)
		if !ok {
			return apperr.New(apperr.CodeCategoryNotFound, fmt.Errorf("catalog: category %q", slug))
		}
		c := p.apply(old)
		if c.Parent != old.Parent {
			if err := checkParent(tr, slug, c.Parent); err != nil {
				return err
			}
			if len(tr.children(slug)) > 0 && c.Parent != "" {
				return apperr.New(apperr.CodeCategoryHasSubcategories, fmt.Errorf("catalog: move %s with sub-categories under %s", slug, c.Parent))
			}
			if err := t.refuseIfUsed(ctx, slug, "move"); err != nil {
				return err
			}
		}
		before, after := categoryDiff(old, c)
		if len(after) == 0 {
			out = old
			return nil
		}
		out = c
		return t.commit(ctx, attrCategoryVer, tr.ver, putCategory(t.store.table, c, false), audit.Change{
			Actor: actor, Action: ActionCategoryUpdate, TargetType: AuditTargetCategory, TargetID: slug,
			Before: before, After: after,
		}, what, apperr.New(apperr.CodeCategoryNotFound, fmt.Errorf("catalog: category %s is gone", slug)))
	})
	if err != nil {
		return Category{}, err
	}
	return out, nil
}

// DeleteCategory removes category slug for good, which only an unused
// category may be: category_has_subcategories while it has any,
// category_in_use while the index holds ads in it (hide it instead: its
// ads keep working). Errors besides: category_not_found.
func (t *Taxonomy) DeleteCategory(ctx context.Context, actor audit.Actor, slug string) error {
	what := "delete category " + slug
	return retryRaced(what, func() error {
		tr, err := t.readTree(ctx)
		if err != nil {
			return err
		}
		old, ok := tr.find(slug)
		if !ok {
			return apperr.New(apperr.CodeCategoryNotFound, fmt.Errorf("catalog: category %q", slug))
		}
		if len(tr.children(slug)) > 0 {
			return apperr.New(apperr.CodeCategoryHasSubcategories, fmt.Errorf("catalog: delete %s with sub-categories", slug))
		}
		if err := t.refuseIfUsed(ctx, slug, "delete"); err != nil {
			return err
		}
		del := types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(t.store.table), Key: ddb.Key(pkCategory, slug),
			ConditionExpression: aws.String("attribute_exists(PK)"),
		}}
		return t.commit(ctx, attrCategoryVer, tr.ver, del, audit.Change{
			Actor: actor, Action: ActionCategoryDelete, TargetType: AuditTargetCategory, TargetID: slug,
			Before: categorySnapshot(old),
		}, what, apperr.New(apperr.CodeCategoryNotFound, fmt.Errorf("catalog: category %s is gone", slug)))
	})
}

// refuseIfUsed is category_in_use when the index holds ads in slug.
//
// Only indexed ads are seen: drafts and inactive or expired ads are not
// indexed by category anywhere. They keep the category path stored with
// them (their pages still work); editing one asks its seller to choose a
// category again.
func (t *Taxonomy) refuseIfUsed(ctx context.Context, slug, what string) error {
	counts, err := search.CategoryCounts(ctx, t.store.db, t.store.table, []string{slug})
	if err != nil {
		return fmt.Errorf("catalog: %s category %s: %w", what, slug, err)
	}
	if n := counts[slug]; n > 0 {
		return apperr.New(apperr.CodeCategoryInUse, fmt.Errorf("catalog: %s category %s: %d ads", what, slug, n))
	}
	return nil
}

// checkParent checks that parent ("" for the top level) may hold
// category slug: an existing top-level category other than slug itself.
func checkParent(tr tree, slug, parent string) error {
	if parent == "" {
		return nil
	}
	p, ok := tr.find(parent)
	switch {
	case !ok:
		return apperr.Validation(map[string]string{"parent": apperr.FieldUnknownCategory})
	case parent == slug, p.Parent != "":
		// The tree is one level deep, as the seller's form shows it.
		return apperr.Validation(map[string]string{"parent": apperr.FieldInvalid})
	}
	return nil
}

// retryRaced runs attempt, again while it returns errRaced (its commit
// lost to another change of the same list), at most maxAttempts times.
func retryRaced(what string, attempt func() error) error {
	for range maxAttempts {
		if err := attempt(); !errors.Is(err, errRaced) {
			return err
		}
	}
	return apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: %s: too many concurrent changes", what))
}

// commit writes item with the bump of the version counter attr from seen
// and change's audit entry, in one transaction. It returns errRaced when
// the version moved (or another transaction interfered), gone when item's
// own condition failed (it appeared or vanished meanwhile), and other
// errors wrapped with what.
func (t *Taxonomy) commit(ctx context.Context, attr string, seen int64, item types.TransactWriteItem, change audit.Change, what string, gone error) error {
	put, _, err := t.recorder.TransactItem(change)
	if err != nil {
		return fmt.Errorf("catalog: %s: audit entry: %w", what, err)
	}
	_, err = t.store.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		item, versionBump(t.store.table, attr, seen), put,
	}})
	if reasons, cancelled := ddb.CancellationReasons(err); cancelled {
		if len(reasons) > 0 && reasons[0] == "ConditionalCheckFailed" {
			return gone
		}
		return errRaced // the version moved, or a concurrent transaction
	}
	if err != nil {
		return fmt.Errorf("catalog: %s: transact: %w", what, err)
	}
	return nil
}

// versionBump adds one to the version counter attr, on the condition that
// it is still seen.
func versionBump(table, attr string, seen int64) types.TransactWriteItem {
	u := &types.Update{
		TableName:                aws.String(table),
		Key:                      ddb.Key(pkTaxonomy, skVersion),
		UpdateExpression:         aws.String("SET #v = if_not_exists(#v, :zero) + :one, #type = :type"),
		ExpressionAttributeNames: map[string]string{"#v": attr, "#type": "type"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":zero": num(0), ":one": num(1), ":type": str(typeVersion),
		},
	}
	if seen == 0 {
		u.ConditionExpression = aws.String("attribute_not_exists(#v)")
	} else {
		u.ConditionExpression = aws.String("#v = :seen")
		u.ExpressionAttributeValues[":seen"] = num(seen)
	}
	return types.TransactWriteItem{Update: u}
}

// putCategory is the Put of c's item: a new one (create) or an existing
// one.
func putCategory(table string, c Category, create bool) types.TransactWriteItem {
	item := map[string]types.AttributeValue{
		"PK": str(pkCategory), "SK": str(c.Slug), "slug": str(c.Slug),
		"sortOrder": num(int64(c.SortOrder)), "names": namesAV(c.Names),
	}
	if c.Parent != "" {
		item["parent"] = str(c.Parent)
	}
	if c.Hidden {
		item["hidden"] = &types.AttributeValueMemberBOOL{Value: true}
	}
	cond := "attribute_exists(PK)"
	if create {
		cond = "attribute_not_exists(PK)"
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(table), Item: item, ConditionExpression: aws.String(cond)}}
}

func namesAV(names map[string]string) types.AttributeValue {
	m := make(map[string]types.AttributeValue, len(names))
	for k, v := range names {
		m[k] = str(v)
	}
	return &types.AttributeValueMemberM{Value: m}
}

// categorySnapshot is c as the audit log keeps it.
func categorySnapshot(c Category) map[string]any {
	return map[string]any{"parent": c.Parent, "sortOrder": c.SortOrder, "names": c.Names, "hidden": c.Hidden}
}

// categoryDiff returns the fields that differ between old and c, as
// they were and as they are; after is empty when nothing changed.
func categoryDiff(old, c Category) (before, after map[string]any) {
	before, after = map[string]any{}, map[string]any{}
	if old.Parent != c.Parent {
		before["parent"], after["parent"] = old.Parent, c.Parent
	}
	if old.SortOrder != c.SortOrder {
		before["sortOrder"], after["sortOrder"] = old.SortOrder, c.SortOrder
	}
	if old.Hidden != c.Hidden {
		before["hidden"], after["hidden"] = old.Hidden, c.Hidden
	}
	oldNames, newNames := map[string]string{}, map[string]string{}
	for _, lang := range CategoryLanguages {
		if old.Names[lang] != c.Names[lang] {
			oldNames[lang], newNames[lang] = old.Names[lang], c.Names[lang]
		}
	}
	if len(newNames) > 0 {
		before["names"], after["names"] = oldNames, newNames
	}
	return before, after
}

// VisibleCategories is the public tree: cats without the hidden ones and
// the sub-categories of hidden ones.
func VisibleCategories(cats []Category) []Category {
	hidden := map[string]bool{}
	for _, c := range cats {
		if c.Hidden {
			hidden[c.Slug] = true
		}
	}
	out := make([]Category, 0, len(cats))
	for _, c := range cats {
		if !c.Hidden && !hidden[c.Parent] {
			out = append(out, c)
		}
	}
	return out
}
