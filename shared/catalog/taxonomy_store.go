package catalog

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/search"
)

// The taxonomy's items in the table: the category tree and the brand list
// (the back office edits them through Taxonomy, taxonomy.go; products read
// them through the Service's cache, reference.go).
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

// TaxonomyVersion counts the changes of the category tree and of the
// brand list made through the back office (0: never changed there).
type TaxonomyVersion struct {
	Categories int64 `dynamodbav:"categories"`
	Brands     int64 `dynamodbav:"brands"`
}

// TaxonomyVersion reads the version item; consistent asks for a strongly
// consistent read.
func (s *Store) TaxonomyVersion(ctx context.Context, consistent bool) (TaxonomyVersion, error) {
	var v TaxonomyVersion
	if _, err := ddb.GetItem(ctx, s.db, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(pkTaxonomy, skVersion), ConsistentRead: aws.Bool(consistent),
	}, &v); err != nil {
		return TaxonomyVersion{}, fmt.Errorf("catalog: taxonomy version: %w", err)
	}
	return v, nil
}

// listItems reads every item of the taxonomy list in partition pk
// (CATEGORY, BRAND) as T, in key order; consistent asks for strongly
// consistent reads (a change is checked against them).
func listItems[T any](ctx context.Context, s *Store, pk string, consistent bool) ([]T, error) {
	in := &dynamodb.QueryInput{
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk)},
	}
	if consistent {
		in.ConsistentRead = aws.Bool(true)
	}
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("catalog: list %s: %w", pk, err)
	}
	var out []T
	if err := attributevalue.UnmarshalListOfMaps(items, &out); err != nil {
		return nil, fmt.Errorf("catalog: decode list %s: %w", pk, err)
	}
	return out, nil
}

// categoryCounts returns how many indexed ads each category of slugs holds
// (its sub-categories' included).
func (s *Store) categoryCounts(ctx context.Context, slugs []string) (map[string]int64, error) {
	counts, err := search.CategoryCounts(ctx, s.db, s.table, slugs)
	if err != nil {
		return nil, fmt.Errorf("catalog: category ad counts: %w", err)
	}
	return counts, nil
}

// brandCounts returns how many indexed ads the brand filter finds under
// each of names.
func (s *Store) brandCounts(ctx context.Context, names []string) (map[string]int64, error) {
	counts, err := search.BrandCounts(ctx, s.db, s.table, names)
	if err != nil {
		return nil, fmt.Errorf("catalog: brand ad counts: %w", err)
	}
	return counts, nil
}

// Errors of commitTaxonomy, which the editor resolves.
var (
	// errRaced: the list changed between the read and the write (its
	// version moved, or a concurrent transaction interfered); the change is
	// checked again on a fresh read.
	errRaced = errors.New("catalog: the taxonomy changed meanwhile")
	// errItemCondition: the item written appeared (create) or vanished
	// (change, delete) since it was read.
	errItemCondition = errors.New("catalog: taxonomy item changed meanwhile")
)

// taxonomyWrite is one change of a taxonomy list as the Store commits it.
type taxonomyWrite struct {
	// pk and slug are the item's key (PK = pk, SK = slug).
	pk, slug string
	// attrs are the item's attributes besides its key; nil deletes it.
	attrs map[string]types.AttributeValue
	// create: the item must not exist yet (else it must).
	create bool
	// verAttr is the list's counter on the version item, seen its value
	// when the list was read.
	verAttr string
	seen    int64
	// audit is the change's audit entry (audit.Recorder.TransactItem).
	audit types.TransactWriteItem
}

// commitTaxonomy writes w's item, the bump of its list's version from
// w.seen and its audit entry in one transaction: errItemCondition when the
// item's own condition failed, errRaced when the version moved (or another
// transaction interfered).
func (s *Store) commitTaxonomy(ctx context.Context, w taxonomyWrite) error {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.taxonomyItem(w), versionBump(s.table, w.verAttr, w.seen), w.audit,
	}})
	if reasons, cancelled := ddb.CancellationReasons(err); cancelled {
		if len(reasons) > 0 && reasons[0] == "ConditionalCheckFailed" {
			return errItemCondition
		}
		return errRaced
	}
	if err != nil {
		return fmt.Errorf("transact: %w", err)
	}
	return nil
}

// taxonomyItem is the Put (create or change) or Delete of w's item.
func (s *Store) taxonomyItem(w taxonomyWrite) types.TransactWriteItem {
	key := ddb.Key(w.pk, w.slug)
	if w.attrs == nil {
		return types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(s.table), Key: key, ConditionExpression: aws.String("attribute_exists(PK)"),
		}}
	}
	item := maps.Clone(w.attrs)
	maps.Copy(item, key)
	cond := "attribute_exists(PK)"
	if w.create {
		cond = "attribute_not_exists(PK)"
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(s.table), Item: item, ConditionExpression: aws.String(cond)}}
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
