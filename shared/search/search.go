package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// Sort orders.
const (
	SortNewest    = "newest"
	SortPriceAsc  = "price_asc"
	SortPriceDesc = "price_desc"
)

// Limits of a query.
const (
	DefaultLimit = 24
	MaxLimit     = 100
	// DefaultScanBudget is the most items one Search reads before it
	// returns a short page (with a cursor to go on): the bound on the cost
	// of a query whose filters match little of its anchor term.
	DefaultScanBudget = 1000
	// maxCoverCells bounds the parallel per-cell queries of a radius search.
	maxCoverCells = 16
	// gh5MaxRadiusKm: up to this radius the cover uses 5-character cells
	// (~3.4 x 4.9 km in Switzerland), beyond it 4-character ones.
	gh5MaxRadiusKm = 5
	// maxQueryLimit caps one Query's Limit.
	maxQueryLimit = 1000
)

// Near is a radius around a point.
type Near struct {
	Lat, Lon float64
	RadiusKm float64
}

// Query is one search. Every set filter must hold: Text (all its match
// keys, see QueryTokens), Category (a slug anywhere in the ad's
// CategoryPath), Brand (compared by brandKey), Condition, MaxPriceRp (on
// the effective price; 0 = none), Near, Canton. Sort defaults to newest,
// Limit to DefaultLimit (at most MaxLimit), ScanBudget to
// DefaultScanBudget. Cursor is a Page.NextCursor of the same query.
type Query struct {
	Text       string
	Category   string
	Brand      string
	Condition  string
	MaxPriceRp int64
	Near       *Near
	Canton     string
	Sort       string
	Limit      int
	Cursor     string
	ScanBudget int
}

// Page is one page of results. NextCursor is "" on the last page; a page
// may be short (or empty) with a cursor when the scan budget ran out.
// ItemsRead counts the items DynamoDB read for the page (ScannedCount of
// every Query plus the term counts read), the measure of its cost.
type Page struct {
	Items      []Card `json:"items"`
	NextCursor string `json:"nextCursor,omitempty"`
	ItemsRead  int    `json:"-"`
}

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
}

// Search answers q from the postings in table. It reads the term counts,
// anchors on the cheapest of the single required terms and the geohash
// cover of Near, then reads the anchor's postings in the requested order
// (base table newest first; GSI2 by price, the maximum price as key
// condition), filtering the other terms on projected attributes and the
// exact distance in Go, until it has Limit results or spent the scan
// budget. The anchor is kept in the cursor, so later pages read no counts
// and never switch anchor mid-way. Invalid filters are a validation error,
// a cursor that is not this query's is invalid_cursor.
func Search(ctx context.Context, db DynamoAPI, table string, cursors *ddb.Cursors, q Query) (Page, error) {
	p, err := newPlan(q)
	if err != nil {
		return Page{}, err
	}
	var page Page
	st, err := decodeState(cursors, p)
	if err != nil {
		return Page{}, err
	}
	if st == nil {
		anchor, read, err := chooseAnchor(ctx, db, table, p)
		page.ItemsRead += read
		if err != nil {
			return Page{}, fmt.Errorf("search: plan: %w", err)
		}
		if anchor == nil {
			return page, nil // a required term has no postings
		}
		st = &state{anchor: anchor, streams: make([]streamPos, len(anchor))}
	}
	items, read, err := run(ctx, db, table, p, st)
	page.ItemsRead += read
	if err != nil {
		return Page{}, fmt.Errorf("search: %w", err)
	}
	page.Items = items
	if page.NextCursor, err = encodeState(cursors, p, st); err != nil {
		return Page{}, fmt.Errorf("search: %w", err)
	}
	return page, nil
}

func newPlan(q Query) (*plan, error) {
	bad := map[string]string{}
	switch q.Sort {
	case "":
		q.Sort = SortNewest
	case SortNewest, SortPriceAsc, SortPriceDesc:
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
	if n := q.Near; n != nil && (n.RadiusKm <= 0 || n.RadiusKm > 500 || math.Abs(n.Lat) > 90 || math.Abs(n.Lon) > 180 || !hasPosition(n.Lat, n.Lon)) {
		bad["near"] = apperr.FieldInvalid // a position and a radius of 0-500 km
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
func chooseAnchor(ctx context.Context, db DynamoAPI, table string, p *plan) ([]string, int, error) {
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

// ---------------------------------------------------------------- execution

// state is where a search stands: the anchor terms and, per term, the
// position after the last posting consumed.
type state struct {
	anchor  []string
	streams []streamPos
}

// streamPos is one anchor term's position: done, or the key to continue
// after (nil: from the start), and when known the key of the posting that
// follows (the head: read on an earlier page, not consumed).
type streamPos struct {
	done bool
	sk   string // posting SK of the position; "" = start
	rp   int64  // its GSI2SK, for price order
	// headSK and headRp: the next posting's key when known ("" = not).
	headSK string
	headRp int64
}

// stream reads one anchor term's postings.
type stream struct {
	term  string
	pos   streamPos
	buf   []postingItem
	lek   map[string]types.AttributeValue // where the buffered response ended
	limit int
	// scanned and matched count this page's reads, to size the next one.
	scanned, matched int
}

func (p *plan) byPrice() bool { return p.q.Sort != SortNewest }

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

// run merges the anchor streams until the page is full or the budget is
// spent, advancing st.
func run(ctx context.Context, db DynamoAPI, table string, p *plan, st *state) ([]Card, int, error) {
	streams := make([]*stream, len(st.anchor))
	for i, t := range st.anchor {
		streams[i] = &stream{term: t, pos: st.streams[i]}
	}
	filter := p.filterFor(st.anchor)
	if p.counts == nil { // a later page: the counts still cached, if any
		p.counts = map[string]int64{}
		for _, t := range st.anchor {
			p.counts[t], _ = cache.get(table, t)
		}
	}
	var cards []Card
	read := 0
	fetch := func(need []*stream) error {
		// Live streams share the rest of the page: merged, k streams of
		// want/k items each are about a page, where want from each would
		// cost k pages (a stream that runs dry is refilled).
		n, err := fetchAll(ctx, db, table, p, filter, need, p.shares(streams, p.q.Limit-len(cards)+1), p.q.ScanBudget-read)
		read += n
		return err
	}
	for len(cards) < p.q.Limit {
		// Refill every empty live stream whose next posting is unknown
		// (in parallel: a cover has many).
		var need []*stream
		for _, s := range streams {
			if len(s.buf) == 0 && !s.done() && s.pos.headSK == "" {
				need = append(need, s)
			}
		}
		if len(need) > 0 {
			if read >= p.q.ScanBudget {
				break
			}
			if err := fetch(need); err != nil {
				return nil, read, err
			}
			continue
		}
		var best *stream
		var bestHead postingItem
		for _, s := range streams {
			if h, ok := s.peek(); ok && (best == nil || p.before(&h, &bestHead)) {
				best, bestHead = s, h
			}
		}
		if best == nil {
			break // every stream done
		}
		if len(best.buf) == 0 {
			// The next result is the known head of a stream not read on
			// this page: read it now. A stream whose head comes after the
			// page's last result is never read for the page.
			if read >= p.q.ScanBudget {
				break
			}
			if err := fetch([]*stream{best}); err != nil {
				return nil, read, err
			}
			continue
		}
		it := best.take()
		if c, ok := p.accept(it); ok {
			cards = append(cards, c)
		}
	}
	for i, s := range streams {
		st.streams[i] = s.position()
	}
	return cards, read, nil
}

func (s *stream) done() bool { return s.pos.done && len(s.buf) == 0 }

// peek is the stream's next posting (only its keys when it is a known head
// not read yet), false when none is known.
func (s *stream) peek() (postingItem, bool) {
	switch {
	case len(s.buf) > 0:
		return s.buf[0], true
	case s.pos.headSK != "" && !s.pos.done:
		return postingItem{SK: s.pos.headSK, EffRp: s.pos.headRp, GSI2SK: s.pos.headRp}, true
	}
	return postingItem{}, false
}

// take consumes the stream's head; when that empties the buffer the
// position jumps to where DynamoDB stopped (past filtered-out items).
func (s *stream) take() postingItem {
	it := s.buf[0]
	s.buf = s.buf[1:]
	s.pos = streamPos{sk: it.SK, rp: it.GSI2SK}
	if len(s.buf) == 0 {
		s.pos = lekPos(s.lek)
	}
	return it
}

// position is where the next page starts for this stream: after the last
// consumed item (buffered, unconsumed items are read again), with the key
// of the first unconsumed one, so the next page reads the stream only
// when that posting's turn comes.
func (s *stream) position() streamPos {
	pos := s.pos
	if len(s.buf) > 0 {
		pos.headSK, pos.headRp = s.buf[0].SK, s.buf[0].GSI2SK
	}
	return pos
}

func lekPos(lek map[string]types.AttributeValue) streamPos {
	if len(lek) == 0 {
		return streamPos{done: true}
	}
	var pos streamPos
	if v, ok := lek[ddb.AttrSK].(*types.AttributeValueMemberS); ok {
		pos.sk = v.Value
	}
	if v, ok := lek[ddb.AttrGSI2SK].(*types.AttributeValueMemberN); ok {
		pos.rp, _ = strconv.ParseInt(v.Value, 10, 64)
	}
	return pos
}

// shares splits want, the rest of the page, between the live streams:
// merged, k streams of want/k items each make about a page, where want
// from each would cost k pages. The split follows the streams' counts
// when the plan read them (a cell with most of the ads gets most of the
// page); a stream that runs dry before the page is full is refilled.
func (p *plan) shares(streams []*stream, want int) map[*stream]int {
	out := map[*stream]int{}
	var live []*stream
	var total int64
	for _, s := range streams {
		if !s.done() {
			live = append(live, s)
			total += p.counts[s.term]
		}
	}
	for _, s := range live {
		switch {
		case len(live) == 1:
			out[s] = want
		case total > 0:
			out[s] = max(1, int((int64(want)*p.counts[s.term]+total-1)/total))
		default:
			out[s] = (want + len(live) - 1) / len(live)
		}
	}
	return out
}

func fetchAll(ctx context.Context, db DynamoAPI, table string, p *plan, f filter, need []*stream, want map[*stream]int, budget int) (int, error) {
	per := max(1, budget/len(need))
	var wg sync.WaitGroup
	reads := make([]int, len(need))
	errs := make([]error, len(need))
	for i, s := range need {
		wg.Go(func() { reads[i], errs[i] = s.fetch(ctx, db, table, p, f, want[s], per) })
	}
	wg.Wait()
	total := 0
	for _, n := range reads {
		total += n
	}
	return total, errors.Join(errs...)
}

// fetch reads the stream's next postings. Limit is want (the page
// remainder plus one, to know whether more follow) scaled by the share of
// items the filter let through so far on this page (doubling while none
// did), so a stream that discards items reads about what it needs in one
// more call instead of many small ones.
func (s *stream) fetch(ctx context.Context, db DynamoAPI, table string, p *plan, f filter, want, budget int) (int, error) {
	switch {
	case s.scanned == 0:
		s.limit = want
	case s.matched == 0:
		s.limit = min(s.limit*2, maxQueryLimit)
	default:
		s.limit = min((want*s.scanned+s.matched-1)/s.matched, maxQueryLimit)
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		Limit:                     aws.Int32(queryLimit(min(s.limit, budget))),
		ExpressionAttributeNames:  map[string]string{},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: postingPK(s.term)}},
		ReturnConsumedCapacity:    types.ReturnConsumedCapacityNone,
	}
	for k, v := range f.names {
		in.ExpressionAttributeNames[k] = v
	}
	for k, v := range f.values {
		in.ExpressionAttributeValues[k] = v
	}
	if f.expr != "" {
		in.FilterExpression = aws.String(f.expr)
	}
	if p.byPrice() {
		in.IndexName = aws.String(ddb.IndexGSI2)
		in.ScanIndexForward = aws.Bool(p.q.Sort == SortPriceAsc)
		in.KeyConditionExpression = aws.String("GSI2PK = :pk")
		if p.q.MaxPriceRp > 0 {
			in.KeyConditionExpression = aws.String("GSI2PK = :pk AND GSI2SK <= :max")
			in.ExpressionAttributeValues[":max"] = numAV(p.q.MaxPriceRp)
		}
		if s.pos.sk != "" {
			in.ExclusiveStartKey = map[string]types.AttributeValue{
				ddb.AttrPK: &types.AttributeValueMemberS{Value: postingPK(s.term)}, ddb.AttrSK: &types.AttributeValueMemberS{Value: s.pos.sk},
				ddb.AttrGSI2PK: &types.AttributeValueMemberS{Value: postingPK(s.term)}, ddb.AttrGSI2SK: numAV(s.pos.rp),
			}
		}
	} else {
		in.ScanIndexForward = aws.Bool(false)
		in.KeyConditionExpression = aws.String("PK = :pk")
		if s.pos.sk != "" {
			in.ExclusiveStartKey = ddb.Key(postingPK(s.term), s.pos.sk)
		}
	}
	if len(in.ExpressionAttributeNames) == 0 {
		in.ExpressionAttributeNames = nil
	}
	out, err := db.Query(ctx, in)
	if err != nil {
		return 0, fmt.Errorf("query %s: %w", s.term, err)
	}
	var items []postingItem
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
		return int(out.ScannedCount), fmt.Errorf("decode postings of %s: %w", s.term, err)
	}
	s.buf, s.lek = items, out.LastEvaluatedKey
	s.pos.headSK = ""
	s.scanned += int(out.ScannedCount)
	s.matched += len(items)
	if len(items) == 0 {
		s.pos = lekPos(out.LastEvaluatedKey)
	}
	return int(out.ScannedCount), nil
}

// queryLimit clamps n to 1..maxQueryLimit.
func queryLimit(n int) int32 {
	return int32(max(1, min(n, maxQueryLimit))) //nolint:gosec // clamped to 1..maxQueryLimit
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

// accept applies the checks DynamoDB cannot: the exact distance.
func (p *plan) accept(it postingItem) (Card, bool) {
	c := it.card()
	if n := p.q.Near; n != nil {
		d := DistanceKm(n.Lat, n.Lon, it.Lat, it.Lon)
		if d > n.RadiusKm {
			return Card{}, false
		}
		c.DistanceKm = math.Round(d*10) / 10
	}
	return c, true
}

// ---------------------------------------------------------------- cursor

// The cursor's start-key map (ddb.Cursors signs it) holds the anchor and
// one position per anchor term: "a" = anchor terms joined by "\n"; per
// term i, "d<i>" = "1" when done, else "k<i>" = posting SK and "p<i>" =
// its price, and with a known head "h<i>" and "q<i>", its SK and price.
func encodeState(cursors *ddb.Cursors, p *plan, st *state) (string, error) {
	lek := map[string]types.AttributeValue{"a": &types.AttributeValueMemberS{Value: strings.Join(st.anchor, "\n")}}
	live := false
	for i, pos := range st.streams {
		si := strconv.Itoa(i)
		if pos.done {
			lek["d"+si] = &types.AttributeValueMemberS{Value: "1"}
			continue
		}
		live = true
		lek["k"+si] = &types.AttributeValueMemberS{Value: pos.sk}
		lek["p"+si] = numAV(pos.rp)
		if pos.headSK != "" {
			lek["h"+si] = &types.AttributeValueMemberS{Value: pos.headSK}
			lek["q"+si] = numAV(pos.headRp)
		}
	}
	if !live {
		return "", nil
	}
	cur, err := cursors.Encode(lek, p.hash)
	if err != nil {
		return "", fmt.Errorf("encode cursor: %w", err)
	}
	return cur, nil
}

func decodeState(cursors *ddb.Cursors, p *plan) (*state, error) {
	lek, err := cursors.Decode(p.q.Cursor, p.hash)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err) // an invalid_cursor apperr
	}
	if lek == nil {
		return nil, nil // first page
	}
	invalid := func(why string) error {
		return apperr.New(apperr.CodeInvalidCursor, errors.New("search: cursor: "+why))
	}
	a, ok := lek["a"].(*types.AttributeValueMemberS)
	if !ok || a.Value == "" {
		return nil, invalid("no anchor")
	}
	st := &state{anchor: strings.Split(a.Value, "\n")}
	allowed := slices.Concat(p.required, p.cover, []string{TermAll})
	if p.q.Condition != "" {
		allowed = append(allowed, termCond+p.q.Condition)
	}
	for i, t := range st.anchor {
		if !slices.Contains(allowed, t) && !p.isRefinedCell(t) {
			return nil, invalid("anchor is not a term of the query")
		}
		si := strconv.Itoa(i)
		if _, ok := lek["d"+si]; ok {
			st.streams = append(st.streams, streamPos{done: true})
			continue
		}
		k, ok1 := lek["k"+si].(*types.AttributeValueMemberS)
		pr, ok2 := lek["p"+si].(*types.AttributeValueMemberN)
		if !ok1 || !ok2 {
			return nil, invalid("missing position")
		}
		rp, err := strconv.ParseInt(pr.Value, 10, 64)
		if err != nil {
			return nil, invalid("bad price")
		}
		pos := streamPos{sk: k.Value, rp: rp}
		if h, ok := lek["h"+si].(*types.AttributeValueMemberS); ok && h.Value != "" {
			q, ok := lek["q"+si].(*types.AttributeValueMemberN)
			if !ok {
				return nil, invalid("missing head price")
			}
			if pos.headRp, err = strconv.ParseInt(q.Value, 10, 64); err != nil {
				return nil, invalid("bad head price")
			}
			pos.headSK = h.Value
		}
		st.streams = append(st.streams, pos)
	}
	return st, nil
}
