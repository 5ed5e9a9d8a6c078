package search

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/limits"
)

// The planner turns a Query into a plan: the filters checked, the terms
// every result carries (required) and the geohash cover of a radius, then
// chooses the anchor, the postings a search reads (chooseAnchor: the
// rarest required term by its count, or the cover's cells when they hold
// fewer ads, refined in geoplan.go), and the FilterExpression that checks
// the other terms on the anchor's postings (filterFor). It also defines
// the query's order (before, sortKey) that execution follows.

// Bounds of a plan's geohash cover.
const (
	// maxCoverCells bounds the parallel per-cell queries of a radius search.
	maxCoverCells = 16
	// gh5MaxRadiusKm: up to this radius the cover uses 5-character cells
	// (~3.4 x 4.9 km in Switzerland), beyond it 4-character ones.
	gh5MaxRadiusKm = 5
)

// plan is a validated query with its terms.
type plan struct {
	q        Query
	required []string // terms every result has
	cover    []string // geohash cell terms of q.Near (empty: no geo anchor)
	box      Box
	hash     string
	// counts are the term counts the planner read (first page only),
	// used to share a page between the anchor's cells.
	counts map[string]int64
	// seen is what execution read of the anchor on this page (for the
	// first page's Total).
	seen sample
}

func newPlan(q Query) (*plan, error) {
	bad := map[string]string{}
	switch q.Sort {
	case "":
		q.Sort = SortNewest
	case SortNewest, SortPriceAsc, SortPriceDesc:
	case SortDistance:
		if q.Near == nil {
			bad["sort"] = apperr.FieldInvalid // nearest to nothing
		}
	default:
		bad["sort"] = apperr.FieldInvalid
	}
	switch q.Condition {
	case "", CondNew, CondUsed:
	default:
		bad["condition"] = apperr.FieldInvalid
	}
	if q.MaxPriceRp < 0 {
		bad["maxPrice"] = apperr.FieldInvalid
	}
	if q.Limit <= 0 {
		q.Limit = DefaultLimit
	}
	q.Limit = min(q.Limit, MaxLimit)
	if q.ScanBudget <= 0 {
		q.ScanBudget = DefaultScanBudget
	}
	if n := q.Near; n != nil && (n.RadiusKm < limits.SearchRadiusMinKm || n.RadiusKm > limits.SearchRadiusMaxKm ||
		math.Abs(n.Lat) > 90 || math.Abs(n.Lon) > 180 || !hasPosition(n.Lat, n.Lon)) {
		bad["near"] = apperr.FieldInvalid // a position and a radius within the contract's bounds
	}
	if len(bad) > 0 {
		return nil, apperr.Validation(bad)
	}
	p := &plan{q: q}
	// With a condition, every term uses its qualified variant (see
	// Terms), which implies it; cond: alone is only needed when nothing
	// else carries it.
	qual := func(t string) string {
		if q.Condition == "" {
			return t
		}
		return qualified(t, q.Condition)
	}
	if q.Category != "" {
		p.required = append(p.required, qual(termCat+q.Category))
	}
	if b := brandKey(q.Brand); b != "" {
		p.required = append(p.required, qual(termBrand+b))
	}
	if q.Canton != "" {
		p.q.Canton = strings.ToUpper(q.Canton)
		p.required = append(p.required, qual(termCanton+p.q.Canton))
	}
	for _, t := range QueryTokens(q.Text) {
		p.required = append(p.required, qual(termText+t))
	}
	if q.Condition != "" && len(p.required) == 0 && q.Near == nil {
		p.required = append(p.required, termCond+q.Condition)
	}
	nearKey := ""
	if n := q.Near; n != nil {
		p.box = RadiusBox(n.Lat, n.Lon, n.RadiusKm)
		prec, prefix := 4, termGeo4
		if n.RadiusKm <= gh5MaxRadiusKm {
			prec, prefix = 5, termGeo5
		}
		if cells, ok := GeohashCover(n.Lat, n.Lon, n.RadiusKm, prec, maxCoverCells); ok {
			for _, c := range cells {
				t := prefix + c
				if q.Category != "" {
					t = catCell(q.Category, t)
				}
				p.cover = append(p.cover, qual(t))
			}
		}
		nearKey = strconv.FormatFloat(n.Lat, 'f', 6, 64) + "," + strconv.FormatFloat(n.Lon, 'f', 6, 64) + "," + strconv.FormatFloat(n.RadiusKm, 'f', 3, 64)
	}
	p.hash = ddb.FiltersHash("search", strings.Join(p.required, "\x00"), q.Condition, strconv.FormatInt(q.MaxPriceRp, 10), nearKey, q.Sort)
	return p, nil
}

// chooseAnchor reads the term counts and returns the terms to read (one,
// or the cover's cells), or nil when nothing can match. It keeps the
// counts in p for sharing a page between cells.
func chooseAnchor(ctx context.Context, db ddb.API, table string, p *plan) ([]string, int, error) {
	candidates := slices.Concat(p.required, p.cover)
	if len(candidates) == 0 {
		if p.q.Condition != "" {
			return []string{termCond + p.q.Condition}, 0, nil // a Near query without a cover
		}
		return []string{TermAll}, 0, nil
	}
	counts, read, err := readCounts(ctx, db, table, candidates)
	if err != nil {
		return nil, read, err
	}
	p.counts = counts
	var best []string
	bestN := int64(math.MaxInt64)
	for _, t := range p.required {
		if counts[t] == 0 {
			return nil, read, nil
		}
		if counts[t] < bestN {
			best, bestN = []string{t}, counts[t]
		}
	}
	if len(p.cover) > 0 {
		var sum int64
		for _, c := range p.cover {
			sum += counts[c]
		}
		if sum == 0 {
			return nil, read, nil
		}
		if sum < bestN {
			// The cover wins before refinement, which only makes it
			// cheaper; refine it now.
			cells, n, err := refineCover(ctx, db, table, p, counts)
			read += n
			if err != nil {
				return nil, read, err
			}
			if len(cells) == 0 {
				return nil, read, nil
			}
			best = cells
		}
	}
	if best == nil {
		best = []string{TermAll}
		if p.q.Condition != "" {
			best = []string{termCond + p.q.Condition}
		}
	}
	return best, read, nil
}

func (p *plan) byPrice() bool { return p.q.Sort == SortPriceAsc || p.q.Sort == SortPriceDesc }

// descending reports whether the query's sort key decreases down a page.
func (p *plan) descending() bool { return p.q.Sort != SortPriceAsc }

// before reports whether a comes before b in the query's order.
func (p *plan) before(a, b *postingItem) bool {
	switch p.q.Sort {
	case SortPriceAsc:
		if a.EffRp != b.EffRp {
			return a.EffRp < b.EffRp
		}
		return a.SK < b.SK
	case SortPriceDesc:
		if a.EffRp != b.EffRp {
			return a.EffRp > b.EffRp
		}
		return a.SK > b.SK
	default:
		return a.SK > b.SK
	}
}

// sortKey is an item's key in the query's order.
func (p *plan) sortKey(it *postingItem) int64 {
	if p.byPrice() {
		return it.GSI2SK
	}
	return skTime(it.SK)
}

// skTime is the publication time (Unix ns) of a posting SK, 0 if none.
func skTime(sk string) int64 {
	at, _, _ := strings.Cut(sk, "#")
	t, err := time.Parse(ddb.TimeLayout, at)
	if err != nil {
		return 0
	}
	return t.UnixNano()
}

// filter is the FilterExpression for the required terms other than the
// anchor, the maximum price when it is not a key condition, and Near's
// bounding box.
type filter struct {
	expr   string
	names  map[string]string
	values map[string]types.AttributeValue
}

func (p *plan) filterFor(anchor []string) filter {
	f := filter{names: map[string]string{}, values: map[string]types.AttributeValue{}}
	var conds []string
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	// What the anchor guarantees: its own term and, when qualified or a
	// cond: term, the condition.
	anchorBase, condKnown, catKnown := "", false, false
	for _, a := range anchor {
		base, q := unqualified(a)
		condKnown = condKnown || q != "" || strings.HasPrefix(a, termCond)
		if c, ok := parseCell(a); ok && c.cat != "" {
			catKnown = true
		}
		if len(anchor) == 1 {
			anchorBase = base
		}
	}
	tok := 0
	for _, t := range p.required {
		base, _ := unqualified(t)
		if base == anchorBase || (catKnown && strings.HasPrefix(base, termCat)) {
			continue
		}
		prefix, val, _ := strings.Cut(base, ":")
		switch prefix + ":" {
		case termCat:
			conds = append(conds, "contains(cats, :cat)")
			f.values[":cat"] = s(val)
		case termBrand:
			conds = append(conds, "brandNorm = :brand")
			f.values[":brand"] = s(val)
		case termCanton:
			conds = append(conds, "canton = :canton")
			f.values[":canton"] = s(val)
		case termText:
			k := ":t" + strconv.Itoa(tok)
			tok++
			conds = append(conds, "contains(toks, "+k+")")
			f.values[k] = s(val)
		}
	}
	if p.q.Condition != "" && !condKnown {
		conds = append(conds, "cond = :cond")
		f.values[":cond"] = s(p.q.Condition)
	}
	if p.q.MaxPriceRp > 0 && !p.byPrice() {
		conds = append(conds, "effRp <= :maxp")
		f.values[":maxp"] = numAV(p.q.MaxPriceRp)
	}
	if p.q.Near != nil {
		conds = append(conds, "lat BETWEEN :lat0 AND :lat1", "lon BETWEEN :lon0 AND :lon1")
		fl := func(x float64) types.AttributeValue {
			return &types.AttributeValueMemberN{Value: strconv.FormatFloat(x, 'f', -1, 64)}
		}
		f.values[":lat0"], f.values[":lat1"] = fl(p.box.MinLat), fl(p.box.MaxLat)
		f.values[":lon0"], f.values[":lon1"] = fl(p.box.MinLon), fl(p.box.MaxLon)
	}
	f.expr = strings.Join(conds, " AND ")
	return f
}

// isRefinedCell reports whether term can be a cell of the query's refined
// cover: a gh5:/gh6: cell touching the circle, qualified like the cover.
func (p *plan) isRefinedCell(term string) bool {
	if p.q.Near == nil || len(p.cover) == 0 {
		return false
	}
	_, isChild := parentCell(term)
	return isChild && sameKind(term, p.cover[0]) && p.cellTouches(term)
}
