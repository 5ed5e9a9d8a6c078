package search

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// A cursor carries a search's state from one page to the next: the
// anchor and every stream's position, signed by ddb.Cursors with the
// query's hash, so a cursor only continues the query that made it and
// never switches anchor mid-way.

// The cursor's start-key map (ddb.Cursors signs it) holds the anchor and
// one position per anchor term: "a" = anchor terms joined by "\n"; per
// term i, "d<i>" = "1" when done, else "l<i>" = the level it was read to
// or "k<i>" = posting SK and "p<i>" = its price, and with a known head
// "h<i>" and "q<i>", its SK and price. A merge's pace is "r" (sort-key
// distance per result) and "z" (the last result's sort key). The search's
// Total is "n" (its count) and "x" (present when exact).
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
	putTotal(lek, st.total)
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

// openCursor checks the query's cursor and returns its start-key map (nil
// on the first page) and how to refuse its content: an invalid_cursor
// error naming what (the kind of cursor) and why.
func openCursor(cursors *ddb.Cursors, p *plan, what string) (map[string]types.AttributeValue, func(why string) error, error) {
	lek, err := cursors.Decode(p.q.Cursor, p.hash)
	if err != nil {
		return nil, nil, fmt.Errorf("search: %w", err) // an invalid_cursor apperr
	}
	invalid := func(why string) error {
		return apperr.New(apperr.CodeInvalidCursor, fmt.Errorf("search: %s: %s", what, why))
	}
	return lek, invalid, nil
}

// putTotal writes a search's Total into a cursor's start-key map: "n" its
// count, "x" present when exact. Nothing for no total.
func putTotal(lek map[string]types.AttributeValue, t *Total) {
	if t == nil {
		return
	}
	lek["n"] = numAV(t.Count)
	if t.Exact {
		lek["x"] = &types.AttributeValueMemberS{Value: "1"}
	}
}

// readTotal reads back what putTotal wrote: nil when the cursor has no
// total, ok false when it is not a count.
func readTotal(lek map[string]types.AttributeValue) (t *Total, ok bool) {
	n, present := lek["n"].(*types.AttributeValueMemberN)
	if !present {
		return nil, true
	}
	count, err := strconv.ParseInt(n.Value, 10, 64)
	if err != nil || count < 0 {
		return nil, false
	}
	_, exact := lek["x"]
	return &Total{Count: count, Exact: exact}, true
}

func decodeState(cursors *ddb.Cursors, p *plan) (*state, error) {
	lek, invalid, err := openCursor(cursors, p, "cursor")
	if err != nil || lek == nil {
		return nil, err // nil, nil: the first page
	}
	a, ok := lek["a"].(*types.AttributeValueMemberS)
	if !ok || a.Value == "" {
		return nil, invalid("no anchor")
	}
	st := &state{anchor: strings.Split(a.Value, "\n")}
	if st.total, ok = readTotal(lek); !ok {
		return nil, invalid("bad total")
	}
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
