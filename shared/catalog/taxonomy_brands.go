package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/search"
)

// The brand list is the sellers' suggestion list and the canonical
// spellings ads' brands are normalised to (canonicalBrand): a brand typed
// as "dewalt" is stored as "DeWalt". Ads keep the brand text they were
// saved with: renaming or removing a brand changes what new and edited
// ads get, not the ads already saved.

// brandList is the brand list as read for a change, with its version.
type brandList struct {
	ver    int64
	brands []Brand
}

func (bl brandList) find(slug string) (Brand, bool) {
	i := slices.IndexFunc(bl.brands, func(b Brand) bool { return b.Slug == slug })
	if i < 0 {
		return Brand{}, false
	}
	return bl.brands[i], true
}

// clash returns a brand other than slug whose name is spelled like name
// (case, accents, spaces and punctuation aside).
func (bl brandList) clash(slug, name string) (Brand, bool) {
	key := brandMatchKey(name)
	i := slices.IndexFunc(bl.brands, func(b Brand) bool { return b.Slug != slug && brandMatchKey(b.Name) == key })
	if i < 0 {
		return Brand{}, false
	}
	return bl.brands[i], true
}

func (t *Taxonomy) readBrands(ctx context.Context) (brandList, error) {
	v, err := t.store.TaxonomyVersion(ctx, true)
	if err != nil {
		return brandList{}, err
	}
	items, err := t.store.queryAll(ctx, &dynamodb.QueryInput{
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pkBrand)},
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return brandList{}, fmt.Errorf("catalog: brand list: %w", err)
	}
	var brands []Brand
	if err := attributevalue.UnmarshalListOfMaps(items, &brands); err != nil {
		return brandList{}, fmt.Errorf("catalog: decode brand list: %w", err)
	}
	slices.SortStableFunc(brands, func(a, b Brand) int { return strings.Compare(search.Fold(a.Name), search.Fold(b.Name)) })
	return brandList{ver: v.Brands, brands: brands}, nil
}

// Brands returns every brand by name, with the number of indexed ads the
// brand filter finds under each.
func (t *Taxonomy) Brands(ctx context.Context) ([]BrandUsage, error) {
	bl, err := t.readBrands(ctx)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(bl.brands))
	for i, b := range bl.brands {
		names[i] = b.Name
	}
	counts, err := search.BrandCounts(ctx, t.store.db, t.store.table, names)
	if err != nil {
		return nil, fmt.Errorf("catalog: brand ad counts: %w", err)
	}
	out := make([]BrandUsage, len(bl.brands))
	for i, b := range bl.brands {
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
	b := Brand{Slug: Slugify(name), Name: name}
	what := "create brand " + b.Slug
	var out Brand
	err = retryRaced(what, func() error {
		bl, err := t.readBrands(ctx)
		if err != nil {
			return err
		}
		if _, taken := bl.find(b.Slug); taken {
			return apperr.New(apperr.CodeBrandExists, fmt.Errorf("catalog: brand %s exists", b.Slug))
		}
		if other, clash := bl.clash(b.Slug, name); clash {
			return apperr.New(apperr.CodeBrandExists, fmt.Errorf("catalog: brand %q is spelled like %s", name, other.Slug))
		}
		out = b
		return t.commit(ctx, attrBrandVer, bl.ver, putBrand(t.store.table, b, true), audit.Change{
			Actor: actor, Action: ActionBrandCreate, TargetType: AuditTargetBrand, TargetID: b.Slug,
			After: map[string]any{"name": b.Name},
		}, what, apperr.New(apperr.CodeBrandExists, fmt.Errorf("catalog: brand %s exists", b.Slug)))
	})
	if err != nil {
		return Brand{}, err
	}
	return out, nil
}

// RenameBrand sets the canonical spelling of brand slug to name; the slug
// stays. Errors: validation_failed (name), brand_not_found, brand_exists
// (another brand is spelled so).
func (t *Taxonomy) RenameBrand(ctx context.Context, actor audit.Actor, slug, name string) (Brand, error) {
	name, err := checkBrandName(name)
	if err != nil {
		return Brand{}, fmt.Errorf("catalog: rename brand %s: %w", slug, err)
	}
	what := "rename brand " + slug
	var out Brand
	err = retryRaced(what, func() error {
		bl, err := t.readBrands(ctx)
		if err != nil {
			return err
		}
		old, ok := bl.find(slug)
		if !ok {
			return apperr.New(apperr.CodeBrandNotFound, fmt.Errorf("catalog: brand %q", slug))
		}
		if old.Name == name {
			out = old
			return nil
		}
		if other, clash := bl.clash(slug, name); clash {
			return apperr.New(apperr.CodeBrandExists, fmt.Errorf("catalog: brand %q is spelled like %s", name, other.Slug))
		}
		b := Brand{Slug: slug, Name: name}
		out = b
		return t.commit(ctx, attrBrandVer, bl.ver, putBrand(t.store.table, b, false), audit.Change{
			Actor: actor, Action: ActionBrandRename, TargetType: AuditTargetBrand, TargetID: slug,
			Before: map[string]any{"name": old.Name}, After: map[string]any{"name": name},
		}, what, apperr.New(apperr.CodeBrandNotFound, fmt.Errorf("catalog: brand %s is gone", slug)))
	})
	if err != nil {
		return Brand{}, err
	}
	return out, nil
}

// DeleteBrand removes brand slug from the suggestion list (ads naming it
// keep their brand): brand_not_found.
func (t *Taxonomy) DeleteBrand(ctx context.Context, actor audit.Actor, slug string) error {
	what := "delete brand " + slug
	return retryRaced(what, func() error {
		bl, err := t.readBrands(ctx)
		if err != nil {
			return err
		}
		old, ok := bl.find(slug)
		if !ok {
			return apperr.New(apperr.CodeBrandNotFound, fmt.Errorf("catalog: brand %q", slug))
		}
		del := types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(t.store.table), Key: ddb.Key(pkBrand, slug),
			ConditionExpression: aws.String("attribute_exists(PK)"),
		}}
		return t.commit(ctx, attrBrandVer, bl.ver, del, audit.Change{
			Actor: actor, Action: ActionBrandDelete, TargetType: AuditTargetBrand, TargetID: slug,
			Before: map[string]any{"name": old.Name},
		}, what, apperr.New(apperr.CodeBrandNotFound, fmt.Errorf("catalog: brand %s is gone", slug)))
	})
}

// putBrand is the Put of b's item: a new one (create) or an existing one.
func putBrand(table string, b Brand, create bool) types.TransactWriteItem {
	cond := "attribute_exists(PK)"
	if create {
		cond = "attribute_not_exists(PK)"
	}
	return types.TransactWriteItem{Put: &types.Put{
		TableName: aws.String(table),
		Item: map[string]types.AttributeValue{
			"PK": str(pkBrand), "SK": str(b.Slug), "slug": str(b.Slug), "name": str(b.Name),
		},
		ConditionExpression: aws.String(cond),
	}}
}
