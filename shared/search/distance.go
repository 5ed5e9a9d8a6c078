package search

import (
	"cmp"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// The distance order (SortDistance) reads a radius ring by ring. The
// circle's geohash cover (gh4 beyond 5 km, gh5 below) and the items read
// so far wait in one queue ordered by distance from the centre: a cell by
// its nearest point, an item by its own distance. The nearest entry comes
// out first. An item that comes out is the next result: no unread cell
// can hold anything nearer. A cell that comes out is split into its
// children (one Query on IXCOUNT) when it holds more postings than a page
// and a finer cell exists (gh5, then gh6; category cells stop at gh5);
// otherwise all of its postings are read, filtered like the other orders
// (filterFor) and by the exact distance, and queued. So a page reads the
// cells nearer than its last result and the ring of cells that straddle
// it: the cost follows the results, not the circle.
//
// Equal distances (every ad of a locality shares its position) come
// newest first, then by id (the posting SK, descending), so pages are
// stable. The cursor keeps the last result's distance and SK, how far the
// cover has been taken out of the queue, and the cells still open: those
// finer than the cover, and those read whose items were not all shown.
// The next page reads the open cells again and drops what precedes the
// last result.

// distanceMaxCover bounds the cover of a distance search: gh4 cells of a
// 200 km circle, the largest radius, are about 250.
const distanceMaxCover = 512

// distanceCountBatch is how many unknown cell counts one read fetches, the
// nearest first.
const distanceCountBatch = 32

// dEntry is a queued cell or item.
type dEntry struct {
	km     float64
	isCell bool
	hash   string // the cell's geohash (an item: the cell it was read from)
	count  int64  // a cell's postings; -1 unknown
	open   bool   // a cell carried over by the cursor
	it     postingItem
}

// dBefore is the queue's order: nearer first; at the same distance a
// cell before an item (it may hold an item at that distance), cells by
// geohash, items newest first, then by id.
func dBefore(a, b *dEntry) bool {
	if a.km != b.km {
		return a.km < b.km
	}
	if a.isCell != b.isCell {
		return a.isCell
	}
	if a.isCell {
		return a.hash < b.hash
	}
	return a.it.SK > b.it.SK
}

type dQueue []dEntry

func (q dQueue) Len() int           { return len(q) }
func (q dQueue) Less(i, j int) bool { return dBefore(&q[i], &q[j]) }
func (q dQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *dQueue) Push(x any)        { *q = append(*q, x.(dEntry)) } //nolint:forcetypeassert // heap.Interface
func (q *dQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

// distState is where a distance search stands between pages.
type distState struct {
	// Cover cells are taken out of the queue in (km, hash) order; the
	// last one taken is progress (none yet: !progressed). Cover cells
	// after it have not been touched.
	progressed   bool
	progressKm   float64
	progressHash string
	// The last result shown: every item at or before it is dropped.
	hasLast bool
	lastKm  float64
	lastSK  string
	// open are the cells, under a cover cell already taken, that still
	// hold results to show.
	open  []openCell
	total *Total
}

// openCell is a cell the cursor carries. A cell read on an earlier page
// whose results were not all shown has a floor: the distance of the
// nearest of them (rounded down), so it is read again only when they are
// due, not on every page while the ring passes it.
type openCell struct {
	hash    string
	floorKm float64 // 0: not read yet
}

// coverPrecision is the geohash length of the query's distance cover.
func (p *plan) coverPrecision() int {
	if p.q.Near.RadiusKm <= gh5MaxRadiusKm {
		return 5
	}
	return 4
}

// finestCell is the longest geohash the query's cells are indexed at.
func (p *plan) finestCell() int {
	if p.q.Category != "" {
		return catCellMaxPrecision
	}
	return 6
}

// cellTermOf is the posting term of a cell of the query's kind: its
// category and condition qualifiers.
func (p *plan) cellTermOf(hash string) string {
	return cellTerm{cat: p.q.Category, hash: hash, cond: p.q.Condition}.String()
}

// cellMinKm is the distance from the centre to the nearest point of a
// cell; ok is false for a string that is not a geohash.
func (p *plan) cellMinKm(hash string) (float64, bool) {
	box, ok := GeohashBox(hash)
	if !ok {
		return 0, false
	}
	n := p.q.Near
	lat := math.Max(box.MinLat, math.Min(n.Lat, box.MaxLat))
	lon := math.Max(box.MinLon, math.Min(n.Lon, box.MaxLon))
	return DistanceKm(n.Lat, n.Lon, lat, lon), true
}

// distanceCover is the cells covering the circle, in the order they leave
// the queue.
func (p *plan) distanceCover() []dEntry {
	n := p.q.Near
	hashes, _ := GeohashCover(n.Lat, n.Lon, n.RadiusKm, p.coverPrecision(), distanceMaxCover)
	cover := make([]dEntry, 0, len(hashes))
	for _, h := range hashes {
		km, _ := p.cellMinKm(h)
		cover = append(cover, dEntry{km: km, isCell: true, hash: h, count: -1})
	}
	slices.SortFunc(cover, func(a, b dEntry) int { return cmp.Or(cmp.Compare(a.km, b.km), strings.Compare(a.hash, b.hash)) })
	return cover
}

// searchByDistance answers a SortDistance query (see the top of the file).
func searchByDistance(ctx context.Context, db ddb.API, table string, cursors *ddb.Cursors, p *plan) (Page, error) {
	st, err := decodeDistance(cursors, p)
	if err != nil {
		return Page{}, err
	}
	first := st == nil
	if first {
		st = &distState{}
	}
	// Every cell of the query has the same qualifiers, so one filter
	// serves them all: any cell of the query's kind stands for them.
	kind := p.cellTermOf(strings.Repeat("u", p.coverPrecision()))
	d := &distRun{db: db, table: table, p: p, st: st, filter: p.filterFor([]string{kind})}
	cover := p.distanceCover()
	if first {
		// The cover's counts: empty cells are dropped before any read,
		// and the total needs them.
		terms := make([]string, len(cover))
		for i, c := range cover {
			terms[i] = p.cellTermOf(c.hash)
		}
		counts, n, err := readCounts(ctx, db, table, terms)
		d.read += n
		if err != nil {
			return Page{}, fmt.Errorf("search: distance: %w", err)
		}
		for i := range cover {
			cover[i].count = counts[terms[i]]
		}
		d.coverCounts = counts
	}
	for _, c := range cover {
		if !st.progressed || cellAfter(c.km, c.hash, st.progressKm, st.progressHash) {
			heap.Push(&d.q, c)
		}
	}
	for _, c := range st.open {
		km, _ := p.cellMinKm(c.hash)
		heap.Push(&d.q, dEntry{km: max(km, c.floorKm), isCell: true, hash: c.hash, count: -1, open: true})
	}
	cards, err := d.page(ctx)
	if err != nil {
		return Page{}, fmt.Errorf("search: distance: %w", err)
	}
	page := Page{Items: cards, ItemsRead: d.read}
	if st.total == nil {
		t := d.total(cover, len(cards))
		st.total = &t
	}
	page.Total = *st.total
	if d.q.Len() == 0 {
		return page, nil
	}
	st.open = d.openCells()
	if page.NextCursor, err = encodeDistance(cursors, p, st); err != nil {
		return Page{}, fmt.Errorf("search: %w", err)
	}
	return page, nil
}

// cellAfter reports whether the cell (km, hash) leaves the queue after
// (pkm, phash).
func cellAfter(km float64, hash string, pkm float64, phash string) bool {
	return km > pkm || (km == pkm && hash > phash)
}

// distRun is one page of a distance search.
type distRun struct {
	db          ddb.API
	table       string
	p           *plan
	st          *distState
	filter      filter
	q           dQueue
	read        int
	coverCounts map[string]int64
	// scanned, kept and expected (scanned x the share of the cell inside
	// the circle) of the cells read, for the first page's total.
	scanned, kept int
	expected      float64
}

// page takes results out of the queue until the page is full, the queue
// empty, or the scan budget spent after at least one cell the cursor did
// not carry (so every page moves on).
func (d *distRun) page(ctx context.Context) ([]Card, error) {
	p, st := d.p, d.st
	var cards []Card
	moved := false
	for len(cards) < p.q.Limit && d.q.Len() > 0 {
		if !d.q[0].isCell {
			e := heap.Pop(&d.q).(dEntry) //nolint:forcetypeassert // the queue holds dEntry
			c := e.it.card()
			c.DistanceKm = math.Round(e.km*10) / 10
			cards = append(cards, c)
			st.hasLast, st.lastKm, st.lastSK = true, e.km, e.it.SK
			continue
		}
		if moved && d.read >= p.q.ScanBudget {
			break
		}
		e := heap.Pop(&d.q).(dEntry) //nolint:forcetypeassert // the queue holds dEntry
		moved = moved || !e.open
		// A cover cell from the cover (an open one was taken before, and
		// its key may be a floor, not its corner's distance).
		if !e.open && len(e.hash) == p.coverPrecision() && (!st.progressed || cellAfter(e.km, e.hash, st.progressKm, st.progressHash)) {
			st.progressed, st.progressKm, st.progressHash = true, e.km, e.hash
		}
		if err := d.cell(ctx, e); err != nil {
			return nil, err
		}
	}
	return cards, nil
}

// cell splits a cell that holds more than a page into its children, or
// reads it.
func (d *distRun) cell(ctx context.Context, e dEntry) error {
	p := d.p
	if len(e.hash) < p.finestCell() {
		if e.count < 0 {
			n, err := d.readCounts(ctx, e)
			if err != nil {
				return err
			}
			e.count = n
		}
		if e.count == 0 {
			return nil
		}
		if e.count > int64(p.q.Limit) {
			kids, n, err := childCounts(ctx, d.db, d.table, p.cellTermOf(e.hash))
			d.read += n
			if err != nil {
				return err
			}
			pushed := false
			for kid, k := range kids {
				h, ok := cellOf(kid)
				if !ok || !strings.HasPrefix(h, e.hash) {
					continue
				}
				if km, ok := p.cellMinKm(h); ok && km <= p.q.Near.RadiusKm {
					heap.Push(&d.q, dEntry{km: max(km, e.km), isCell: true, hash: h, count: k})
					pushed = true
				}
			}
			if pushed || len(kids) > 0 {
				return nil
			}
			// No child known although the cell has postings: a list of
			// children cached before they arrived. Read the cell itself.
		}
	}
	return d.readCell(ctx, e.hash)
}

// readCounts returns the count of e, read in one batch with those of the
// nearest queued cells whose count is unknown.
func (d *distRun) readCounts(ctx context.Context, e dEntry) (int64, error) {
	p := d.p
	idx := []int{}
	for i, c := range d.q {
		if c.isCell && c.count < 0 && len(c.hash) < p.finestCell() {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(d.q[a].km, d.q[b].km) })
	idx = idx[:min(len(idx), distanceCountBatch-1)]
	terms := []string{p.cellTermOf(e.hash)}
	for _, i := range idx {
		terms = append(terms, p.cellTermOf(d.q[i].hash))
	}
	counts, n, err := readCounts(ctx, d.db, d.table, terms)
	d.read += n
	if err != nil {
		return 0, err
	}
	for _, i := range idx {
		d.q[i].count = counts[p.cellTermOf(d.q[i].hash)] // not a key: the order holds
	}
	return counts[terms[0]], nil
}

// readCell reads every posting of a cell that passes the filters, lies
// within the radius and comes after the last result shown, and queues it.
func (d *distRun) readCell(ctx context.Context, hash string) error {
	p := d.p
	term := p.cellTermOf(hash)
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(d.table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: postingPK(term)}},
		ScanIndexForward:          aws.Bool(false),
		Limit:                     aws.Int32(maxQueryLimit),
	}
	for k, v := range d.filter.values {
		in.ExpressionAttributeValues[k] = v
	}
	if d.filter.expr != "" {
		in.FilterExpression = aws.String(d.filter.expr)
	}
	n := p.q.Near
	scanned := 0
	for {
		out, err := d.db.Query(ctx, in)
		if err != nil {
			return fmt.Errorf("query %s: %w", term, err)
		}
		scanned += int(out.ScannedCount)
		var items []postingItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
			return fmt.Errorf("decode postings of %s: %w", term, err)
		}
		for _, it := range items {
			km := DistanceKm(n.Lat, n.Lon, it.Lat, it.Lon)
			if km > n.RadiusKm {
				continue
			}
			d.kept++
			e := dEntry{km: km, hash: hash, it: it}
			if d.st.hasLast && !dBefore(&dEntry{km: d.st.lastKm, it: postingItem{SK: d.st.lastSK}}, &e) {
				continue // shown on an earlier page
			}
			heap.Push(&d.q, e)
		}
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	d.read += scanned
	d.scanned += scanned
	d.expected += float64(scanned) * p.insideShare(term)
	return nil
}

// openCells is what the cursor carries: the queued cells under a cover
// cell already taken (the others are the cover's, after progress), and
// the cells whose queued items were not shown, with the nearest one's
// distance.
func (d *distRun) openCells() []openCell {
	p, st := d.p, d.st
	prec := p.coverPrecision()
	floors := map[string]float64{}
	for _, e := range d.q {
		cover := e.hash[:prec]
		km, _ := p.cellMinKm(cover)
		if !st.progressed || cellAfter(km, cover, st.progressKm, st.progressHash) {
			continue
		}
		f, seen := floors[e.hash]
		switch {
		case e.isCell:
			floors[e.hash] = 0 // read in full when its turn comes
		case !seen || (f > 0 && e.km < f):
			// Rounded down to a metre: the floor may only come early.
			floors[e.hash] = max(math.Floor(e.km*1000)/1000, minFloorKm)
		}
	}
	open := make([]openCell, 0, len(floors))
	for h, f := range floors {
		open = append(open, openCell{hash: h, floorKm: f})
	}
	slices.SortFunc(open, func(a, b openCell) int { return strings.Compare(a.hash, b.hash) })
	return open
}

// minFloorKm keeps a floor apart from "not read" (0).
const minFloorKm = 0.001

// total is the first page's Total: exact when the page holds every
// result, else the cover's count times the share of each cell inside the
// circle and the share of the postings read that passed the filters.
func (d *distRun) total(cover []dEntry, cards int) Total {
	if d.q.Len() == 0 {
		return Total{Count: int64(cards), Exact: true}
	}
	est := 0.0
	for _, c := range cover {
		if n := d.coverCounts[d.p.cellTermOf(c.hash)]; n > 0 {
			est += float64(n) * d.p.insideShare(d.p.cellTermOf(c.hash))
		}
	}
	if d.expected > 0 {
		est *= math.Min(1, float64(d.kept)/d.expected)
	}
	return Total{Count: max(roundSignificant(est, 2), int64(cards)+1)}
}

// The distance cursor's start-key map: "o" the order, "dp"/"dc" the last
// cover cell taken (km, geohash), "dk"/"ds" the last result (km, SK),
// "do" the open cells joined by spaces (a geohash, with "@<floor km>"
// when read), "n"/"x" the Total (as in cursor.go).
// Distances are written in full precision so they compare exactly.
func encodeDistance(cursors *ddb.Cursors, p *plan, st *distState) (string, error) {
	fl := func(x float64) types.AttributeValue {
		return &types.AttributeValueMemberN{Value: strconv.FormatFloat(x, 'g', -1, 64)}
	}
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	lek := map[string]types.AttributeValue{"o": s(SortDistance)}
	if st.progressed {
		lek["dp"], lek["dc"] = fl(st.progressKm), s(st.progressHash)
	}
	if st.hasLast {
		lek["dk"], lek["ds"] = fl(st.lastKm), s(st.lastSK)
	}
	if len(st.open) > 0 {
		open := make([]string, len(st.open))
		for i, c := range st.open {
			open[i] = c.hash
			if c.floorKm > 0 {
				open[i] += "@" + strconv.FormatFloat(c.floorKm, 'f', -1, 64)
			}
		}
		lek["do"] = s(strings.Join(open, " "))
	}
	putTotal(lek, st.total)
	cur, err := cursors.Encode(lek, p.hash)
	if err != nil {
		return "", fmt.Errorf("encode distance cursor: %w", err)
	}
	return cur, nil
}

func decodeDistance(cursors *ddb.Cursors, p *plan) (*distState, error) {
	lek, invalid, err := openCursor(cursors, p, "distance cursor")
	if err != nil || lek == nil {
		return nil, err // nil, nil: the first page
	}
	str := func(k string) (string, bool) {
		v, ok := lek[k].(*types.AttributeValueMemberS)
		if !ok {
			return "", false
		}
		return v.Value, true
	}
	num := func(k string) (float64, bool, error) {
		v, ok := lek[k].(*types.AttributeValueMemberN)
		if !ok {
			return 0, false, nil
		}
		x, err := strconv.ParseFloat(v.Value, 64)
		if err != nil || x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
			return 0, true, errors.New("bad number " + k)
		}
		return x, true, nil
	}
	if o, _ := str("o"); o != SortDistance {
		return nil, invalid("not a distance cursor")
	}
	st := &distState{}
	var okNum bool
	if st.progressKm, okNum, err = num("dp"); err != nil {
		return nil, invalid(err.Error())
	}
	if okNum {
		if st.progressHash, st.progressed = str("dc"); !st.progressed || len(st.progressHash) != p.coverPrecision() {
			return nil, invalid("bad progress cell")
		}
	}
	if st.lastKm, okNum, err = num("dk"); err != nil {
		return nil, invalid(err.Error())
	}
	if okNum {
		if st.lastSK, st.hasLast = str("ds"); !st.hasLast || st.lastSK == "" {
			return nil, invalid("bad last result")
		}
	}
	if open, ok := str("do"); ok {
		for _, f := range strings.Fields(open) {
			h, floor, hasFloor := strings.Cut(f, "@")
			c := openCell{hash: h}
			km, ok := p.cellMinKm(h)
			if !ok || len(h) < p.coverPrecision() || len(h) > p.finestCell() || km > p.q.Near.RadiusKm {
				return nil, invalid("bad open cell")
			}
			if hasFloor {
				var err error
				if c.floorKm, err = strconv.ParseFloat(floor, 64); err != nil || c.floorKm < minFloorKm || c.floorKm > p.q.Near.RadiusKm {
					return nil, invalid("bad open cell floor")
				}
			}
			st.open = append(st.open, c)
		}
	}
	var ok bool
	if st.total, ok = readTotal(lek); !ok {
		return nil, invalid("bad total")
	}
	return st, nil
}
