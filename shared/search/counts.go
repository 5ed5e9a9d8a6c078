package search

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Term counts only steer the planner (which term to anchor on, which
// cells to split), never which results exist, so a warm function keeps
// them for CountTTL instead of reading them for every search. Two rules
// keep a cached count from hiding an ad:
//   - a zero is never cached: "no postings" is always read fresh, so a
//     term's first ad is found at once;
//   - Index and Unindex in this process drop the counts of the terms they
//     change; other processes see a change within CountTTL, which only
//     costs them a less optimal plan, except for a cell split (see
//     childCounts).
const (
	CountTTL      = 60 * time.Second
	countCacheMax = 50_000 // entries; the cache is emptied when full
)

type countEntry struct {
	n  int64
	at time.Time
}

type kidsEntry struct {
	counts map[string]int64
	at     time.Time
}

type countCache struct {
	mu   sync.Mutex
	now  func() time.Time
	n    map[string]countEntry // table \x00 term
	kids map[string]kidsEntry  // table \x00 parent cell term
}

var cache = newCountCache(time.Now)

func newCountCache(now func() time.Time) *countCache {
	return &countCache{now: now, n: map[string]countEntry{}, kids: map[string]kidsEntry{}}
}

func cacheKey(table, term string) string { return table + "\x00" + term }

func (c *countCache) get(table, term string) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.n[cacheKey(table, term)]
	if !ok || c.now().Sub(e.at) >= CountTTL {
		return 0, false
	}
	return e.n, true
}

func (c *countCache) put(table, term string, n int64) {
	if n <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.n) >= countCacheMax {
		clear(c.n)
	}
	c.n[cacheKey(table, term)] = countEntry{n: n, at: c.now()}
}

func (c *countCache) getKids(table, parent string) (map[string]int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.kids[cacheKey(table, parent)]
	if !ok || c.now().Sub(e.at) >= CountTTL {
		return nil, false
	}
	return e.counts, true
}

func (c *countCache) putKids(table, parent string, counts map[string]int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.kids) >= countCacheMax/32 {
		clear(c.kids)
	}
	c.kids[cacheKey(table, parent)] = kidsEntry{counts: counts, at: c.now()}
}

// forget drops what the cache knows about terms: their counts and, for
// cells, their parent's list of children.
func (c *countCache) forget(table string, terms []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range terms {
		delete(c.n, cacheKey(table, t))
		if parent, ok := parentCell(t); ok {
			delete(c.kids, cacheKey(table, parent))
		}
	}
}

// readCounts returns the posting count of each term (absent: none), from
// the cache where it can and one BatchGetItem per 100 other terms. read
// is the number of count items DynamoDB returned.
func readCounts(ctx context.Context, db ddb.API, table string, terms []string) (map[string]int64, int, error) {
	counts := map[string]int64{}
	var missing []string
	for _, t := range terms {
		if n, ok := cache.get(table, t); ok {
			counts[t] = n
		} else {
			missing = append(missing, t)
		}
	}
	slices.Sort(missing)
	missing = slices.Compact(missing)
	keys := make([]map[string]types.AttributeValue, len(missing))
	for i, t := range missing {
		keys[i] = ddb.Key(pkCount, t)
	}
	items, err := ddb.BatchGet(ctx, db, table, types.KeysAndAttributes{Keys: keys, ProjectionExpression: aws.String("SK, n")})
	if err != nil {
		return nil, 0, fmt.Errorf("read term counts: %w", err)
	}
	for _, item := range items {
		c, err := decodeCount(item)
		if err != nil {
			return nil, len(items), err
		}
		counts[c.SK] = c.N
		cache.put(table, c.SK, c.N)
	}
	return counts, len(items), nil
}

type countItem struct {
	SK string `dynamodbav:"SK"`
	N  int64  `dynamodbav:"n"`
}

func decodeCount(item map[string]types.AttributeValue) (countItem, error) {
	var c countItem
	if err := attributevalue.UnmarshalMap(item, &c); err != nil {
		return c, fmt.Errorf("decode term count: %w", err)
	}
	return c, nil
}

// childCounts returns the counts of the cells one character finer than
// parent (a gh4: or gh5: term) that hold postings, keyed by their terms:
// one Query on IXCOUNT, as the children's count items sort together.
// A cached list can miss a child whose first ad arrived in another
// process less than CountTTL ago; a split then skips that child until
// the cache expires (see docs/search.md).
func childCounts(ctx context.Context, db ddb.API, table, parent string) (map[string]int64, int, error) {
	if kids, ok := cache.getKids(table, parent); ok {
		return kids, 0, nil
	}
	child, ok := childPrefix(parent)
	if !ok {
		return nil, 0, fmt.Errorf("child counts: %q is not a splittable cell", parent)
	}
	kids := map[string]int64{}
	read := 0
	in := &dynamodb.QueryInput{
		TableName:              aws.String(table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :child)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: pkCount}, ":child": &types.AttributeValueMemberS{Value: child},
		},
		ProjectionExpression: aws.String("SK, n"),
	}
	for {
		out, err := db.Query(ctx, in)
		if err != nil {
			return nil, read, fmt.Errorf("child counts of %s: %w", parent, err)
		}
		read += int(out.ScannedCount)
		for _, item := range out.Items {
			c, err := decodeCount(item)
			if err != nil {
				return nil, read, err
			}
			if c.N > 0 && sameKind(c.SK, parent) {
				kids[c.SK] = c.N
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	cache.putKids(table, parent, kids)
	return kids, read, nil
}

// cellTerm is a parsed cell term: [cat:<slug>|]gh<n>:<geohash>[~<cond>].
type cellTerm struct {
	cat  string // category slug qualifier, or ""
	hash string
	cond string
}

func parseCell(term string) (cellTerm, bool) {
	base, cond := unqualified(term)
	var c cellTerm
	if q, rest, ok := strings.Cut(base, catCellSep); ok {
		slug, isCat := strings.CutPrefix(q, termCat)
		if !isCat || slug == "" {
			return cellTerm{}, false
		}
		c.cat, base = slug, rest
	}
	for _, p := range []string{termGeo4, termGeo5, termGeo6} {
		if hash, ok := strings.CutPrefix(base, p); ok && len(hash) == int(p[2]-'0') {
			if c.cat != "" && len(hash) > catCellMaxPrecision {
				return cellTerm{}, false
			}
			c.hash, c.cond = hash, cond
			return c, true
		}
	}
	return cellTerm{}, false
}

func (c cellTerm) String() string {
	t := geoTerm(c.hash)
	if c.cat != "" {
		t = catCell(c.cat, t)
	}
	if c.cond != "" {
		t = qualified(t, c.cond)
	}
	return t
}

// geoTerm is the cell term of a geohash of 4-6 characters.
func geoTerm(hash string) string { return "gh" + strconv.Itoa(len(hash)) + ":" + hash }

// catCell is a cell term restricted to a category: cat:tools|gh4:u0qj.
func catCell(slug, cellTerm string) string { return termCat + slug + catCellSep + cellTerm }

// finest is the longest geohash a cell term of this kind is indexed at.
func (c cellTerm) finest() int {
	if c.cat != "" {
		return catCellMaxPrecision
	}
	return 6
}

// childPrefix is the SK prefix of parent's children's counts:
// gh4:u0qj -> gh5:u0qj, cat:tools|gh4:u0qj~used -> cat:tools|gh5:u0qj
// (childCounts keeps the children with the parent's condition).
func childPrefix(parent string) (string, bool) {
	c, ok := parseCell(parent)
	if !ok || len(c.hash) >= c.finest() {
		return "", false
	}
	t := "gh" + strconv.Itoa(len(c.hash)+1) + ":" + c.hash
	if c.cat != "" {
		t = catCell(c.cat, t)
	}
	return t, true
}

// parentCell is the cell term one precision coarser than term, with the
// same qualifiers.
func parentCell(term string) (string, bool) {
	c, ok := parseCell(term)
	if !ok || len(c.hash) <= 4 {
		return "", false
	}
	c.hash = c.hash[:len(c.hash)-1]
	return c.String(), true
}

// cellOf is the geohash of a cell term: cat:x|gh5:u0qj1~used -> u0qj1.
func cellOf(term string) (string, bool) {
	c, ok := parseCell(term)
	return c.hash, ok
}

// sameKind reports whether two cell terms have the same qualifiers.
func sameKind(a, b string) bool {
	ca, ok1 := parseCell(a)
	cb, ok2 := parseCell(b)
	return ok1 && ok2 && ca.cat == cb.cat && ca.cond == cb.cond
}
