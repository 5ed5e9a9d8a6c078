package search

import (
	"math"
	"time"
)

// The horizon bounds what a merge of several streams reads ahead of its
// page (see run): part of execution, kept apart for its arithmetic.

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
