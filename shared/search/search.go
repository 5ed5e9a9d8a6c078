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
	"time"

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
	// pace is the sort-key distance per result and last the sort key of
	// the last result, both of the page before (a merged anchor only);
	// paced says they are known.
	paced bool
	pace  float64
	last  int64
}

// streamPos is one anchor term's position: done, or the key to continue
// after (nil: from the start), and when known the key of the posting that
// follows (the head: read on an earlier page, not consumed).
type streamPos struct {
	done bool
	sk   string // posting SK of the position; "" = start
	rp   int64  // its GSI2SK, for price order
	// atLevel: every posting whose sort key is at or before level (in the
	// query's order) is consumed; sk and rp are unused.
	atLevel bool
	level   int64
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
	// bounded: the buffered response was read up to the horizon at bound
	// only (see horizon).
	bounded bool
	bound   int64
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
//
// A merge of several streams (a radius cover) reads each stream in chunks
// sized by its share of the page; what a stream has read past the page's
// last result is read again on the next page. With many streams that
// read-ahead costs as much as the page. So from the second page on, the
// reads stop at a horizon: the sort key (price or publication time) that
// the page before suggests this page will end at (its pace per result
// times the page size). A stream that has nothing more before the
// horizon waits there; when every stream waits and the page is not full,
// the horizon moves on by the pace of the results still missing (doubling
// each time it finds too few), and after maxHorizonMoves moves the reads
// are no longer bound. Read-ahead past the page is then what lies between
// its last result and the horizon.
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
	hz := horizon{}
	if len(streams) > 1 && st.paced {
		hz = p.startHorizon(st.last, st.pace)
	}
	var cards []Card
	var first, last postingItem // the first and last result
	read := 0
	fetch := func(need []*stream) error {
		// Live streams share the rest of the page: merged, k streams of
		// want/k items each are about a page, where want from each would
		// cost k pages (a stream that runs dry is refilled).
		n, err := fetchAll(ctx, db, table, p, filter, hz, need, p.shares(streams, p.q.Limit-len(cards)+1), p.q.ScanBudget-read)
		read += n
		return err
	}
	for len(cards) < p.q.Limit {
		// Refill every empty live stream whose next posting is unknown
		// and may lie before the horizon (in parallel: a cover has many).
		var need []*stream
		for _, s := range streams {
			if len(s.buf) == 0 && !s.done() && s.pos.headSK == "" && !hz.holds(p, s) {
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
		waiting := false
		for _, s := range streams {
			if h, ok := s.peek(); ok && (best == nil || p.before(&h, &bestHead)) {
				best, bestHead = s, h
			}
			waiting = waiting || (!s.done() && hz.holds(p, s))
		}
		if (best == nil && waiting) || (best != nil && len(best.buf) == 0 && !hz.covers(p, p.sortKey(&bestHead))) {
			// Nothing is left before the horizon: move it on.
			hz.move(p, p.q.Limit-len(cards))
			continue
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
			if len(cards) == 0 {
				first = it
			}
			last = it
			cards = append(cards, c)
		}
	}
	for i, s := range streams {
		st.streams[i] = s.position()
	}
	// The pace of this page for the next (a merge only), measured from
	// the last result of the page before when known.
	n := len(cards) - 1
	if st.paced {
		n = len(cards)
	}
	if len(streams) < 2 || n <= 0 {
		st.paced = false
		return cards, read, nil
	}
	to, from := p.sortKey(&last), p.sortKey(&first)
	if st.paced {
		from = st.last
	}
	st.paced, st.pace, st.last = true, math.Abs(float64(to-from))/float64(n), to
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
		s.pos = s.after(s.lek)
	}
	return it
}

// after is the position after the buffered response that ended at lek:
// where DynamoDB stopped, else the horizon it was read to, else the end.
func (s *stream) after(lek map[string]types.AttributeValue) streamPos {
	if len(lek) == 0 && s.bounded {
		return streamPos{atLevel: true, level: s.bound}
	}
	return lekPos(lek)
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

// maxHorizonMoves bounds how often a page moves its horizon before it
// reads without one.
const maxHorizonMoves = 4

// horizon is the sort key a merge's reads stop at (see run): a price in
// Rappen, or a publication time in Unix nanoseconds for newest first.
type horizon struct {
	on    bool
	at    int64
	pace  float64 // sort-key distance per result
	moves int
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
	t, err := time.Parse(sortTimestamp, at)
	if err != nil {
		return 0
	}
	return t.UnixNano()
}

// descending reports whether the query's sort key decreases down a page.
func (p *plan) descending() bool { return p.q.Sort != SortPriceAsc }

// startHorizon is the first horizon of a page after one whose last result
// had the sort key last and whose results came pace apart.
func (p *plan) startHorizon(last int64, pace float64) horizon {
	h := horizon{on: true, at: last, pace: pace}
	h.advance(p, float64(p.q.Limit)*pace)
	return h
}

// move moves the horizon on for the missing results, doubling the step
// with every move, or lifts it after maxHorizonMoves.
func (h *horizon) move(p *plan, missing int) {
	h.moves++
	if h.moves > maxHorizonMoves {
		h.on = false
		return
	}
	h.advance(p, max(1, float64(missing)*h.pace)*float64(int64(1)<<(h.moves-1)))
}

// advance moves the horizon by d down the query's order; past where the
// order ends (no price below 0, none above the maximum price, no ad
// published before 2000) it is lifted.
func (h *horizon) advance(p *plan, d float64) {
	step := int64(math.Min(math.Ceil(d), math.MaxInt64/4))
	if p.descending() {
		h.at -= step
	} else {
		h.at += step
	}
	switch {
	case p.byPrice() && p.descending():
		h.on = h.at > 0
	case p.byPrice():
		h.on = p.q.MaxPriceRp == 0 || h.at < p.q.MaxPriceRp
	default:
		h.on = h.at > horizonEpoch
	}
}

// horizonEpoch: no ad is older (Unix ns of 2000-01-01).
const horizonEpoch = 946684800 * int64(time.Second)

// covers reports whether a sort key lies at or before the horizon.
func (h *horizon) covers(p *plan, key int64) bool {
	switch {
	case !h.on:
		return true
	case p.descending():
		return key >= h.at
	default:
		return key <= h.at
	}
}

// holds reports whether the stream waits at the horizon: read up to it,
// nothing left before it.
func (h *horizon) holds(p *plan, s *stream) bool {
	if !h.on || len(s.buf) > 0 || s.pos.done || !s.pos.atLevel {
		return false
	}
	if p.descending() {
		return s.pos.level <= h.at
	}
	return s.pos.level >= h.at
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

func fetchAll(ctx context.Context, db DynamoAPI, table string, p *plan, f filter, hz horizon, need []*stream, want map[*stream]int, budget int) (int, error) {
	per := max(1, budget/len(need))
	var wg sync.WaitGroup
	reads := make([]int, len(need))
	errs := make([]error, len(need))
	for i, s := range need {
		wg.Go(func() { reads[i], errs[i] = s.fetch(ctx, db, table, p, f, hz, want[s], per) })
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
func (s *stream) fetch(ctx context.Context, db DynamoAPI, table string, p *plan, f filter, hz horizon, want, budget int) (int, error) {
	switch {
	case s.scanned == 0:
		s.limit = want
	case s.matched == 0:
		s.limit = min(s.limit*2, maxQueryLimit)
	default:
		s.limit = min((want*s.scanned+s.matched-1)/s.matched, maxQueryLimit)
	}
	limit := s.limit
	if hz.on {
		limit *= 2 // the horizon bounds the read
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		Limit:                     aws.Int32(queryLimit(min(limit, budget))),
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
	s.bounded, s.bound = hz.on, hz.at
	if !s.keyCondition(p, hz, in) {
		// Nothing the query allows lies between the position and the
		// horizon.
		s.buf, s.lek = nil, nil
		s.pos = s.after(nil)
		return 0, nil
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
		s.pos = s.after(out.LastEvaluatedKey)
	}
	return int(out.ScannedCount), nil
}

// keyCondition sets the Query's index, direction, key condition and start
// key: the term's postings in the query's order from the stream's position
// (after a posting, or after a level) to the horizon, within the maximum
// price. It reports false when that range is empty.
func (s *stream) keyCondition(p *plan, hz horizon, in *dynamodb.QueryInput) bool {
	pos := s.pos
	if !pos.atLevel && pos.sk != "" {
		if p.byPrice() {
			in.ExclusiveStartKey = map[string]types.AttributeValue{
				ddb.AttrPK: &types.AttributeValueMemberS{Value: postingPK(s.term)}, ddb.AttrSK: &types.AttributeValueMemberS{Value: pos.sk},
				ddb.AttrGSI2PK: &types.AttributeValueMemberS{Value: postingPK(s.term)}, ddb.AttrGSI2SK: numAV(pos.rp),
			}
		} else {
			in.ExclusiveStartKey = ddb.Key(postingPK(s.term), pos.sk)
		}
	}
	if !p.byPrice() {
		// Newest first: SK is "<time>#<id>", so ts(t) sorts before every
		// posting of time t and after those of earlier times.
		in.ScanIndexForward = aws.Bool(false)
		lo, hi := "", ""
		if hz.on {
			lo = ts(time.Unix(0, hz.at))
		}
		if pos.atLevel {
			hi = ts(time.Unix(0, pos.level))
		}
		return rangeCondition(in, "PK = :pk", "SK", lo, hi, lo != "", hi != "", func(v string) types.AttributeValue {
			return &types.AttributeValueMemberS{Value: v}
		})
	}
	in.IndexName = aws.String(ddb.IndexGSI2)
	in.ScanIndexForward = aws.Bool(p.q.Sort == SortPriceAsc)
	// The lower bound has one source per direction; the upper bound is
	// the least of the maximum price and the other one.
	var lo int64
	hasLo, hi, hasHi := false, p.q.MaxPriceRp, p.q.MaxPriceRp > 0
	capHi := func(v int64) {
		if !hasHi || v < hi {
			hi, hasHi = v, true
		}
	}
	switch {
	case p.descending():
		lo, hasLo = hz.at, hz.on
		if pos.atLevel {
			capHi(pos.level - 1)
		}
	default:
		lo, hasLo = pos.level+1, pos.atLevel
		if hz.on {
			capHi(hz.at)
		}
	}
	return rangeCondition(in, "GSI2PK = :pk", "GSI2SK", lo, hi, hasLo, hasHi, numAV)
}

// rangeCondition sets in's key condition to base with sortKey between lo
// and hi (each when set); false when lo > hi.
func rangeCondition[T int64 | string](in *dynamodb.QueryInput, base, sortKey string, lo, hi T, hasLo, hasHi bool, av func(T) types.AttributeValue) bool {
	cond := base
	switch {
	case hasLo && hasHi:
		if lo > hi {
			return false
		}
		cond += " AND " + sortKey + " BETWEEN :lo AND :hi"
		in.ExpressionAttributeValues[":lo"], in.ExpressionAttributeValues[":hi"] = av(lo), av(hi)
	case hasLo:
		cond += " AND " + sortKey + " >= :lo"
		in.ExpressionAttributeValues[":lo"] = av(lo)
	case hasHi:
		cond += " AND " + sortKey + " <= :hi"
		in.ExpressionAttributeValues[":hi"] = av(hi)
	}
	in.KeyConditionExpression = aws.String(cond)
	return true
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
// term i, "d<i>" = "1" when done, else "l<i>" = the level it was read to
// or "k<i>" = posting SK and "p<i>" = its price, and with a known head
// "h<i>" and "q<i>", its SK and price. A merge's pace is "r" (sort-key
// distance per result) and "z" (the last result's sort key).
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
		if pos.atLevel {
			lek["l"+si] = numAV(pos.level)
		} else {
			lek["k"+si] = &types.AttributeValueMemberS{Value: pos.sk}
			lek["p"+si] = numAV(pos.rp)
		}
		if pos.headSK != "" {
			lek["h"+si] = &types.AttributeValueMemberS{Value: pos.headSK}
			lek["q"+si] = numAV(pos.headRp)
		}
	}
	if !live {
		return "", nil
	}
	if st.paced {
		lek["r"] = &types.AttributeValueMemberN{Value: strconv.FormatFloat(st.pace, 'g', 6, 64)}
		lek["z"] = numAV(st.last)
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
	if r, ok := lek["r"].(*types.AttributeValueMemberN); ok {
		z, ok := lek["z"].(*types.AttributeValueMemberN)
		if !ok {
			return nil, invalid("pace without last key")
		}
		var err1, err2 error
		st.pace, err1 = strconv.ParseFloat(r.Value, 64)
		st.last, err2 = strconv.ParseInt(z.Value, 10, 64)
		if err1 != nil || err2 != nil || st.pace < 0 || math.IsInf(st.pace, 0) || math.IsNaN(st.pace) {
			return nil, invalid("bad pace")
		}
		st.paced = true
	}
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
		pos, err := decodePos(lek, si)
		if err != nil {
			return nil, invalid(err.Error())
		}
		if h, ok := lek["h"+si].(*types.AttributeValueMemberS); ok && h.Value != "" {
			q, ok := lek["q"+si].(*types.AttributeValueMemberN)
			if !ok {
				return nil, invalid("missing head price")
			}
			var err error
			if pos.headRp, err = strconv.ParseInt(q.Value, 10, 64); err != nil {
				return nil, invalid("bad head price")
			}
			pos.headSK = h.Value
		}
		st.streams = append(st.streams, pos)
	}
	return st, nil
}

// decodePos reads the position of term si: a level, or a posting's SK and
// price.
func decodePos(lek map[string]types.AttributeValue, si string) (streamPos, error) {
	if l, ok := lek["l"+si].(*types.AttributeValueMemberN); ok {
		level, err := strconv.ParseInt(l.Value, 10, 64)
		if err != nil {
			return streamPos{}, errors.New("bad level")
		}
		return streamPos{atLevel: true, level: level}, nil
	}
	k, ok1 := lek["k"+si].(*types.AttributeValueMemberS)
	pr, ok2 := lek["p"+si].(*types.AttributeValueMemberN)
	if !ok1 || !ok2 {
		return streamPos{}, errors.New("missing position")
	}
	rp, err := strconv.ParseInt(pr.Value, 10, 64)
	if err != nil {
		return streamPos{}, errors.New("bad price")
	}
	return streamPos{sk: k.Value, rp: rp}, nil
}
