package search

import (
	"context"
	"math"

	"github.com/remat/remat/shared/ddb"
)

// Total is how many ads a search matches. Exact: the count of the
// anchor term when that term is the whole query (nothing else filters
// its postings), or the results themselves when the first page holds
// them all. Otherwise it is an estimate, rounded to two significant
// digits: the anchor's count (the sum over a cover's cells) times the
// share of the postings the first page read that passed the filters and
// the exact distance. A total never costs a read beyond the counts of
// the anchor (already read by the planner, or one GetItem for `all` and
// `cond:`), and it travels in the cursor, so every page of a search
// shows the same figure.
type Total struct {
	Count int64 `json:"count"`
	Exact bool  `json:"exact"`
}

// sample is what the first page saw of the anchor: per stream, the
// postings DynamoDB read (scanned) and those its filter let through
// (matched); across streams, the postings merged into the page (taken)
// and those the exact distance kept (accepted).
type sample struct {
	scanned, matched map[string]int
	taken, accepted  int
}

// total computes the first page's Total: cards results on the page,
// more when a next page follows.
func (p *plan) total(ctx context.Context, db ddb.API, table string, anchor []string, cards int, more bool) (Total, int, error) {
	if !more {
		return Total{Count: int64(cards), Exact: true}, 0, nil
	}
	var missing []string
	for _, t := range anchor {
		if p.counts[t] == 0 { // not read by the planner (a zero is never a real count here: more follow)
			missing = append(missing, t)
		}
	}
	read := 0
	if len(missing) > 0 {
		got, n, err := readCounts(ctx, db, table, missing)
		read = n
		if err != nil {
			return Total{}, read, err
		}
		if p.counts == nil {
			p.counts = map[string]int64{}
		}
		for _, t := range missing {
			p.counts[t] = got[t]
		}
	}
	s := p.seen
	atLeast := int64(cards) + 1
	if p.countIsExact(anchor) {
		return Total{Count: max(p.counts[anchor[0]], atLeast), Exact: true}, read, nil
	}
	var scanned, matched int
	for _, t := range anchor {
		scanned += s.scanned[t]
		matched += s.matched[t]
	}
	est := 0.0
	for _, t := range anchor {
		pass := 1.0
		switch {
		case s.scanned[t] > 0:
			pass = float64(s.matched[t]) / float64(s.scanned[t])
		case scanned > 0:
			pass = float64(matched) / float64(scanned)
		}
		est += float64(p.counts[t]) * pass
	}
	if s.taken > 0 {
		est *= float64(s.accepted) / float64(s.taken)
	}
	return Total{Count: max(roundSignificant(est, 2), atLeast), Exact: false}, read, nil
}

// countIsExact reports whether the anchor's count is the query's: one
// term, no filter on its postings, no price bound in the key condition.
func (p *plan) countIsExact(anchor []string) bool {
	return len(anchor) == 1 && p.filterFor(anchor).expr == "" && p.q.MaxPriceRp == 0 && p.q.Near == nil
}

// roundSignificant rounds x to digits significant digits: 1234 -> 1200.
func roundSignificant(x float64, digits int) int64 {
	if x < 1 {
		return int64(math.Round(x))
	}
	scale := math.Pow(10, math.Floor(math.Log10(x))+1-float64(digits))
	if scale < 1 {
		return int64(math.Round(x))
	}
	return int64(math.Round(x/scale) * scale)
}
