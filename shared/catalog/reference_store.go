package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/search"
)

// The Store's reads of the reference data: the category tree and the
// brand list as products show them (the Service caches them,
// reference.go), cantons and the locality gazetteer.

// Categories returns the category tree, in sort order.
func (s *Store) Categories(ctx context.Context) ([]Category, error) {
	out, err := listItems[Category](ctx, s, pkCategory, false)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Category) int { return a.SortOrder - b.SortOrder })
	return out, nil
}

// Brands returns the brands, by name.
func (s *Store) Brands(ctx context.Context) ([]Brand, error) {
	out, err := listItems[Brand](ctx, s, pkBrand, false)
	if err != nil {
		return nil, err
	}
	sortBrands(out)
	return out, nil
}

// Canton returns the canton with code (two letters, any case):
// not_found when there is none.
func (s *Store) Canton(ctx context.Context, code string) (Canton, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if len(code) != 2 {
		return Canton{}, apperr.New(apperr.CodeNotFound, fmt.Errorf("catalog: canton %q", code))
	}
	var c Canton
	found, err := ddb.GetItem(ctx, s.db, &dynamodb.GetItemInput{TableName: aws.String(s.table), Key: ddb.Key(pkCanton, code)}, &c)
	if err != nil {
		return Canton{}, fmt.Errorf("catalog: canton %s: %w", code, err)
	}
	if !found {
		return Canton{}, apperr.New(apperr.CodeNotFound, fmt.Errorf("catalog: canton %s", code))
	}
	return c, nil
}

// LocalitiesByPostalCode returns the localities of a four-digit postal
// code (several localities may share one).
func (s *Store) LocalitiesByPostalCode(ctx context.Context, code string) ([]Locality, error) {
	if !isPostalCode(code) {
		return nil, nil
	}
	return s.localities(ctx, &dynamodb.QueryInput{
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(localityPKPrefix + code)},
	}, 0)
}

// LocalitiesByName returns up to limit localities whose normalised name
// starts with the normalised prefix (at least two characters), by name.
func (s *Store) LocalitiesByName(ctx context.Context, prefix string, limit int) ([]Locality, error) {
	n := NormalizeName(prefix)
	r := []rune(n)
	if len(r) < 2 {
		return nil, nil
	}
	return s.localities(ctx, &dynamodb.QueryInput{
		IndexName:              aws.String(ddb.IndexGSI1),
		KeyConditionExpression: aws.String("GSI1PK = :pk AND begins_with(GSI1SK, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(locNameGSI1Prefix + string(r[:2])), ":p": str(n),
		},
	}, limit)
}

// LocalitiesByPostalPrefix returns up to limit localities whose postal
// code starts with prefix (one to four digits), by postal code.
func (s *Store) LocalitiesByPostalPrefix(ctx context.Context, prefix string, limit int) ([]Locality, error) {
	if prefix == "" || len(prefix) > 4 || strings.Trim(prefix, "0123456789") != "" {
		return nil, nil
	}
	pad := 4 - len(prefix)
	lo, _ := strconv.Atoi(prefix + strings.Repeat("0", pad))
	hi, _ := strconv.Atoi(prefix + strings.Repeat("9", pad))
	locs, err := s.localities(ctx, &dynamodb.QueryInput{
		IndexName:              aws.String(ddb.IndexGSI2),
		KeyConditionExpression: aws.String("GSI2PK = :pk AND GSI2SK BETWEEN :lo AND :hi"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(locPCGSI2Prefix + prefix[:1]), ":lo": num(int64(lo)), ":hi": num(int64(hi)),
		},
	}, limit)
	// The index orders by postal code only; names sort localities that
	// share one.
	slices.SortStableFunc(locs, func(a, b Locality) int {
		return cmp.Or(strings.Compare(a.PostalCode, b.PostalCode), strings.Compare(NormalizeName(a.Name), NormalizeName(b.Name)))
	})
	return locs, err
}

// localities runs in (reading up to limit items; 0 = all).
func (s *Store) localities(ctx context.Context, in *dynamodb.QueryInput, limit int) ([]Locality, error) {
	in.TableName = aws.String(s.table)
	var items []map[string]types.AttributeValue
	if limit > 0 {
		in.Limit = aws.Int32(int32(limit)) //nolint:gosec // a small page size
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("catalog: localities: %w", err)
		}
		items = out.Items
	} else {
		var err error
		if items, err = s.queryAll(ctx, in); err != nil {
			return nil, fmt.Errorf("catalog: localities: %w", err)
		}
	}
	var out []Locality
	if err := attributevalue.UnmarshalListOfMaps(items, &out); err != nil {
		return nil, fmt.Errorf("catalog: decode localities: %w", err)
	}
	return out, nil
}

func isPostalCode(s string) bool {
	return len(s) == 4 && strings.Trim(s, "0123456789") == "" && s[0] != '0'
}

// NormalizeName is the key form of a place name: lower-case, accents
// stripped, typographic apostrophes made plain, white space collapsed. It
// must agree with the seed's (infra/seed.NormalizeName) for every Swiss
// locality name; a test checks them against each other.
func NormalizeName(name string) string {
	name = strings.NewReplacer("’", "'", "‘", "'", "`", "'").Replace(name)
	return strings.Join(strings.Fields(search.Fold(name)), " ")
}
