package search

import (
	"context"
	"fmt"

	"github.com/remat/remat/shared/ddb"
)

// CategoryCounts returns, for each category slug, how many ads the index
// holds under it: active ads of active sellers, a parent's count including
// its sub-categories' ads (an ad is posted under every slug of its path).
// The counts are read afresh (one BatchGetItem per 100 slugs), so a zero is
// exact at the time of the read.
func CategoryCounts(ctx context.Context, db ddb.API, table string, slugs []string) (map[string]int64, error) {
	return filterCounts(ctx, db, table, slugs, func(slug string) string { return termCat + slug })
}

// BrandCounts returns, for each brand name, how many indexed ads the brand
// filter finds under it (names are matched as the filter matches them:
// case, accents, spaces and punctuation ignored). Read afresh, like
// CategoryCounts.
func BrandCounts(ctx context.Context, db ddb.API, table string, names []string) (map[string]int64, error) {
	return filterCounts(ctx, db, table, names, func(name string) string {
		if k := brandKey(name); k != "" {
			return termBrand + k
		}
		return ""
	})
}

// filterCounts reads the term count of term(k) for each key k; keys whose
// term is "" count 0.
func filterCounts(ctx context.Context, db ddb.API, table string, keys []string, term func(string) string) (map[string]int64, error) {
	terms := make([]string, 0, len(keys))
	for _, k := range keys {
		if t := term(k); t != "" {
			terms = append(terms, t)
		}
	}
	// The planner's cache may hold a count up to CountTTL old; these
	// counts decide whether a category may be deleted, so read them fresh.
	cache.forget(table, terms)
	counts, _, err := readCounts(ctx, db, table, terms)
	if err != nil {
		return nil, fmt.Errorf("search: filter counts: %w", err)
	}
	out := make(map[string]int64, len(keys))
	for _, k := range keys {
		if t := term(k); t != "" {
			out[k] = counts[t]
		} else {
			out[k] = 0
		}
	}
	return out, nil
}
