package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Execution reads a plan's anchor: one stream of postings per anchor term
// (several for a radius cover), merged in the query's order, each read in
// chunks sized by its share of the page, filtered by DynamoDB (the
// FilterExpression) and then by the exact distance (accept), until the
// page is full or the scan budget spent. Where each stream stands is the
// state a cursor carries (cursor.go); the horizon that bounds a merge's
// read-ahead is in horizon.go.

// maxQueryLimit caps one Query's Limit.
const maxQueryLimit = 1000

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
	// total is the search's Total, computed on the first page and carried
	// by the cursor (nil: not yet known).
	total *Total
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
func run(ctx context.Context, db ddb.API, table string, p *plan, st *state) ([]Card, int, error) {
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
		p.seen.taken++
		if c, ok := p.accept(it); ok {
			p.seen.accepted++
			if len(cards) == 0 {
				first = it
			}
			last = it
			cards = append(cards, c)
		}
	}
	p.seen.scanned, p.seen.matched = map[string]int{}, map[string]int{}
	for i, s := range streams {
		st.streams[i] = s.position()
		p.seen.scanned[s.term], p.seen.matched[s.term] = s.scanned, s.matched
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

func fetchAll(ctx context.Context, db ddb.API, table string, p *plan, f filter, hz horizon, need []*stream, want map[*stream]int, budget int) (int, error) {
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
func (s *stream) fetch(ctx context.Context, db ddb.API, table string, p *plan, f filter, hz horizon, want, budget int) (int, error) {
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
		// Newest first: SK is "<time>#<id>", so ddb.Time(t) sorts before every
		// posting of time t and after those of earlier times.
		in.ScanIndexForward = aws.Bool(false)
		lo, hi := "", ""
		if hz.on {
			lo = ddb.Time(time.Unix(0, hz.at))
		}
		if pos.atLevel {
			hi = ddb.Time(time.Unix(0, pos.level))
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
