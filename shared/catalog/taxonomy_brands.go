package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/search"
)

// The brand list is the sellers' suggestion list and the canonical
// spellings ads' brands are normalised to (canonicalBrand): a brand typed
// as "dewalt" is stored as "DeWalt". Ads keep the brand text they were
// saved with: renaming or removing a brand changes what new and edited
// ads get, not the ads already saved. Its one rule across items: no two
// brands of one spelling (case, accents, spaces and punctuation aside).

// brandList is the brand list to the taxonomy's editor.
var brandList = list[Brand]{
	pk: pkBrand, verAttr: attrBrandVer, version: func(v TaxonomyVersion) int64 { return v.Brands },
	target:   AuditTargetBrand,
	onCreate: ActionBrandCreate, onChange: ActionBrandRename, onDelete: ActionBrandDelete,
	notFound: apperr.CodeBrandNotFound, taken: apperr.CodeBrandExists,
	slug: func(b Brand) string { return b.Slug },
	attrs: func(b Brand) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"slug": str(b.Slug), "name": str(b.Name)}
	},
	audited: func(b Brand) map[string]any { return map[string]any{"name": b.Name} },
	diff: func(old, b Brand) (before, after map[string]any) {
		if old.Name == b.Name {
			return nil, nil
		}
		return map[string]any{"name": old.Name}, map[string]any{"name": b.Name}
	},
	order: sortBrands,
}

// sortBrands orders brands by name (case and accents aside).
func sortBrands(brands []Brand) {
	slices.SortStableFunc(brands, func(a, b Brand) int { return strings.Compare(search.Fold(a.Name), search.Fold(b.Name)) })
}

// Brands returns every brand by name, with the number of indexed ads the
// brand filter finds under each.
func (t *Taxonomy) Brands(ctx context.Context) ([]BrandUsage, error) {
	bl, err := t.brands.read(ctx)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(bl.entries))
	for i, b := range bl.entries {
		names[i] = b.Name
	}
	counts, err := t.store.brandCounts(ctx, names)
	if err != nil {
		return nil, err
	}
	out := make([]BrandUsage, len(bl.entries))
	for i, b := range bl.entries {
		out[i] = BrandUsage{Brand: b, Ads: counts[b.Name]}
	}
	return out, nil
}

// CreateBrand adds name (spaces collapsed) to the brand list, its slug
// made from it. Errors: validation_failed (name), brand_exists (a brand
// of the same spelling, case, accents and punctuation aside).
func (t *Taxonomy) CreateBrand(ctx context.Context, actor audit.Actor, name string) (Brand, error) {
	name, err := checkBrandName(name)
	if err != nil {
		return Brand{}, fmt.Errorf("catalog: create brand: %w", err)
	}
	return t.brands.create(ctx, actor, Brand{Slug: Slugify(name), Name: name}, func(bl snapshot[Brand], b Brand) (Brand, error) {
		return b, refuseClash(bl, b.Slug, name)
	})
}

// RenameBrand sets the canonical spelling of brand slug to name; the slug
// stays. Errors: validation_failed (name), brand_not_found, brand_exists
// (another brand is spelled so).
func (t *Taxonomy) RenameBrand(ctx context.Context, actor audit.Actor, slug, name string) (Brand, error) {
	name, err := checkBrandName(name)
	if err != nil {
		return Brand{}, fmt.Errorf("catalog: rename brand %s: %w", slug, err)
	}
	return t.brands.update(ctx, actor, slug, func(bl snapshot[Brand], old Brand) (Brand, error) {
		if old.Name == name {
			return old, nil
		}
		return Brand{Slug: slug, Name: name}, refuseClash(bl, slug, name)
	})
}

// DeleteBrand removes brand slug from the suggestion list (ads naming it
// keep their brand): brand_not_found.
func (t *Taxonomy) DeleteBrand(ctx context.Context, actor audit.Actor, slug string) error {
	return t.brands.remove(ctx, actor, slug, func(snapshot[Brand], Brand) error { return nil })
}

// refuseClash is brand_exists when a brand other than slug is spelled like
// name (case, accents, spaces and punctuation aside).
func refuseClash(bl snapshot[Brand], slug, name string) error {
	key := brandMatchKey(name)
	i := slices.IndexFunc(bl.entries, func(b Brand) bool { return b.Slug != slug && brandMatchKey(b.Name) == key })
	if i < 0 {
		return nil
	}
	return apperr.New(apperr.CodeBrandExists, fmt.Errorf("catalog: brand %q is spelled like %s", name, bl.entries[i].Slug))
}
