package search

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/remat/remat/shared/ddb"
)

// Saved searches (package alerts) ask the opposite question of Search:
// not "which ads match this query" but "which saved queries match this
// new ad". They are filed under one or a few of their own terms, chosen
// so that every ad they can match has at least one of them; a new ad then
// reads only the saved queries filed under its terms (AlertTerms), and
// Matches decides exactly. The terms are the unqualified single terms and
// the gh4/gh5 cells, so an ad has about twenty of them.

// AlertKeys returns the terms to file saved query q under: its most
// selective required term, or the cells of its radius cover when their
// ads add up to fewer, by the current term counts (the selectivity
// estimate of Search); TermAll for a query with neither. An ad that
// matches q has one of the returned terms.
func AlertKeys(ctx context.Context, db ddb.API, table string, q Query) ([]string, error) {
	p, err := newPlan(q)
	if err != nil {
		return nil, err
	}
	var required []string
	for _, t := range p.required {
		if base, _ := unqualified(t); !strings.HasPrefix(base, termCond) {
			required = append(required, base)
		}
	}
	var cover []string
	if n := q.Near; n != nil {
		prec, prefix := 4, termGeo4
		if n.RadiusKm <= gh5MaxRadiusKm {
			prec, prefix = 5, termGeo5
		}
		if cells, ok := GeohashCover(n.Lat, n.Lon, n.RadiusKm, prec, maxCoverCells); ok {
			for _, c := range cells {
				cover = append(cover, prefix+c)
			}
		}
	}
	if len(required) == 0 && len(cover) == 0 {
		return []string{TermAll}, nil
	}
	counts, _, err := readCounts(ctx, db, table, slices.Concat(required, cover))
	if err != nil {
		return nil, fmt.Errorf("search: alert keys: %w", err)
	}
	var best []string
	bestN := int64(math.MaxInt64)
	for _, t := range required {
		if counts[t] < bestN {
			best, bestN = []string{t}, counts[t]
		}
	}
	if len(cover) > 0 {
		var sum int64
		for _, c := range cover {
			sum += counts[c]
		}
		// Ties go to the single term: one item per saved query.
		if sum < bestN {
			best = cover
		}
	}
	return best, nil
}

// AlertTerms are the terms of ad under which saved queries can be filed
// (see AlertKeys): Terms without the condition-qualified variants, the
// category cells, the gh6 cells and cond:.
func AlertTerms(ad Ad) []string {
	var out []string
	for _, t := range Terms(ad) {
		if strings.Contains(t, condSep) || strings.Contains(t, catCellSep) ||
			strings.HasPrefix(t, termGeo6) || strings.HasPrefix(t, termCond) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Matches reports whether ad is a result of q (ignoring order and pages):
// every required term, the maximum price and the radius.
func Matches(q Query, ad Ad) bool {
	p, err := newPlan(q)
	if err != nil {
		return false
	}
	if q.Condition != "" && ad.Condition != q.Condition {
		return false
	}
	if q.MaxPriceRp > 0 && ad.EffectivePriceRp() > q.MaxPriceRp {
		return false
	}
	if n := q.Near; n != nil {
		if !hasPosition(ad.Lat, ad.Lon) || DistanceKm(n.Lat, n.Lon, ad.Lat, ad.Lon) > n.RadiusKm {
			return false
		}
	}
	terms := Terms(ad)
	for _, t := range p.required {
		if _, found := slices.BinarySearch(terms, t); !found {
			return false
		}
	}
	return true
}
