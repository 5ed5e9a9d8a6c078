package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
)

// The category tree's rules: one level deep (a sub-category's parent is a
// top-level category), a slug that never changes (ads and the search
// index refer to it), and no move or deletion of a category with indexed
// ads (their stored category path would go stale).

// categoryList is the category tree to the taxonomy's editor.
var categoryList = list[Category]{
	pk: pkCategory, verAttr: attrCategoryVer, version: func(v TaxonomyVersion) int64 { return v.Categories },
	target:   AuditTargetCategory,
	onCreate: ActionCategoryCreate, onChange: ActionCategoryUpdate, onDelete: ActionCategoryDelete,
	notFound: apperr.CodeCategoryNotFound, taken: apperr.CodeCategorySlugTaken,
	slug:  func(c Category) string { return c.Slug },
	attrs: categoryAttrs, audited: categorySnapshot, diff: categoryDiff,
}

// Categories returns every category, hidden ones included, each parent
// followed by its sub-categories (siblings by sort order, then slug),
// with the number of indexed ads in each.
func (t *Taxonomy) Categories(ctx context.Context) ([]CategoryUsage, error) {
	tr, err := t.categories.read(ctx)
	if err != nil {
		return nil, err
	}
	slugs := make([]string, len(tr.entries))
	for i, c := range tr.entries {
		slugs[i] = c.Slug
	}
	counts, err := t.store.categoryCounts(ctx, slugs)
	if err != nil {
		return nil, err
	}
	out := make([]CategoryUsage, 0, len(tr.entries))
	for _, c := range treeOrder(tr.entries) {
		out = append(out, CategoryUsage{Category: c, Ads: counts[c.Slug]})
	}
	return out, nil
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
	return t.categories.create(ctx, actor, c, func(tr snapshot[Category], c Category) (Category, error) {
		if err := checkParent(tr, c.Slug, c.Parent); err != nil {
			return Category{}, err
		}
		if in.SortOrder == nil {
			c.SortOrder = nextSortOrder(tr.entries, c.Parent)
		}
		return c, nil
	})
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
	return t.categories.update(ctx, actor, slug, func(tr snapshot[Category], old Category) (Category, error) {
		c := p.apply(old)
		if c.Parent == old.Parent {
			return c, nil
		}
		if err := checkParent(tr, slug, c.Parent); err != nil {
			return Category{}, err
		}
		if hasChildren(tr.entries, slug) && c.Parent != "" {
			return Category{}, apperr.New(apperr.CodeCategoryHasSubcategories, fmt.Errorf("catalog: move %s with sub-categories under %s", slug, c.Parent))
		}
		if err := t.refuseIfUsed(ctx, slug, "move"); err != nil {
			return Category{}, err
		}
		return c, nil
	})
}

// DeleteCategory removes category slug for good, which only an unused
// category may be: category_has_subcategories while it has any,
// category_in_use while the index holds ads in it (hide it instead: its
// ads keep working). Errors besides: category_not_found.
func (t *Taxonomy) DeleteCategory(ctx context.Context, actor audit.Actor, slug string) error {
	return t.categories.remove(ctx, actor, slug, func(tr snapshot[Category], _ Category) error {
		if hasChildren(tr.entries, slug) {
			return apperr.New(apperr.CodeCategoryHasSubcategories, fmt.Errorf("catalog: delete %s with sub-categories", slug))
		}
		return t.refuseIfUsed(ctx, slug, "delete")
	})
}

// refuseIfUsed is category_in_use when the index holds ads in slug.
//
// Only indexed ads are seen: drafts and inactive or expired ads are not
// indexed by category anywhere. They keep the category path stored with
// them (their pages still work); editing one asks its seller to choose a
// category again.
func (t *Taxonomy) refuseIfUsed(ctx context.Context, slug, what string) error {
	counts, err := t.store.categoryCounts(ctx, []string{slug})
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
func checkParent(tr snapshot[Category], slug, parent string) error {
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

// hasChildren reports whether category slug has sub-categories in cats.
func hasChildren(cats []Category, slug string) bool {
	return slices.ContainsFunc(cats, func(c Category) bool { return c.Parent == slug })
}

// nextSortOrder places a new category after its last sibling.
func nextSortOrder(cats []Category, parent string) int {
	top := 0
	for _, c := range cats {
		if c.Parent == parent && c.SortOrder > top {
			top = c.SortOrder
		}
	}
	return min(top+sortStep, SortOrderMax)
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

// categoryAttrs are the attributes of c's item besides its key.
func categoryAttrs(c Category) map[string]types.AttributeValue {
	item := map[string]types.AttributeValue{
		"slug": str(c.Slug), "sortOrder": num(int64(c.SortOrder)), "names": namesAV(c.Names),
	}
	if c.Parent != "" {
		item["parent"] = str(c.Parent)
	}
	if c.Hidden {
		item["hidden"] = &types.AttributeValueMemberBOOL{Value: true}
	}
	return item
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
