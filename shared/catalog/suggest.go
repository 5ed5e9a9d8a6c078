package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/search"
)

// Suggestions: what the search field proposes while a buyer types -
// categories (named in the page's language), brands and words of the
// active ads' titles, each with how many active ads it finds. Every part
// is bounded whatever the catalogue's size: the category tree and the
// brand list are the cached reference data (matched in memory), their
// counts come from the index's term counts (the planner's cache, else
// one BatchGetItem of at most suggestCandidates keys each), and the words
// from one Query of at most search.WordsRead vocabulary items.

// Bounds of the suggestions' q, in characters.
const (
	SuggestQueryMin = 2
	SuggestQueryMax = 60
)

// How many suggestions of each kind an answer holds at most, and how many
// categories or brands are counted to pick them.
const (
	suggestCategories = 3
	suggestBrands     = 3
	suggestWords      = 5
	suggestCandidates = 20
)

// Kinds of suggestion.
const (
	SuggestCategory = "category"
	SuggestBrand    = "brand"
	SuggestTerm     = "term"
)

var suggestQuery = input.Text{Min: SuggestQueryMin, Max: SuggestQueryMax, Required: true}

// Suggestion is one proposal: Kind says what choosing it does (search in
// category Value, of brand Value, or for the words Value); Label is what
// the buyer reads. Count is the number of active ads it finds (0 for
// several words, whose joint count is not kept).
type Suggestion struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
	Label string `json:"label"`
	Count int64  `json:"count,omitempty"`
}

// Suggest returns the suggestions for what a buyer typed, q, on a page in
// lang: categories whose name in lang has a word starting with q, brands
// whose name does, and title words completing q's last word (after q's
// other words), most ads first within each kind; only what finds at least
// one active ad. validation_failed for q outside its bounds or an unknown
// lang.
func (s *Service) Suggest(ctx context.Context, q, lang string) ([]Suggestion, error) {
	q, code := suggestQuery.Clean(q)
	fields := map[string]string{}
	if code != "" {
		fields["q"] = code
	}
	if !slices.Contains(langs.All, lang) {
		fields["lang"] = apperr.FieldInvalid
	}
	if len(fields) > 0 {
		return nil, apperr.Validation(fields)
	}
	prefix := search.Fold(q)

	cats, err := s.Categories(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: suggest: %w", err)
	}
	brands, err := s.Brands(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: suggest: %w", err)
	}
	var catHits, brandHits []Suggestion
	for _, c := range cats {
		if name := c.Names[lang]; nameMatches(name, prefix) && len(catHits) < suggestCandidates {
			catHits = append(catHits, Suggestion{Kind: SuggestCategory, Value: c.Slug, Label: name})
		}
	}
	for _, b := range brands {
		if nameMatches(b.Name, prefix) && search.BrandTerm(b.Name) != "" && len(brandHits) < suggestCandidates {
			brandHits = append(brandHits, Suggestion{Kind: SuggestBrand, Value: b.Name, Label: b.Name})
		}
	}
	if err := s.store.countSuggestions(ctx, catHits, brandHits); err != nil {
		return nil, err
	}

	words, err := s.store.wordSuggestions(ctx, q)
	if err != nil {
		return nil, err
	}
	out := slices.Concat(top(catHits, suggestCategories), top(brandHits, suggestBrands))
	taken := map[string]bool{}
	for _, sg := range out {
		taken[search.Fold(sg.Label)] = true
	}
	n := 0
	for _, w := range words {
		if n < suggestWords && !taken[search.Fold(w.Label)] {
			out = append(out, w)
			n++
		}
	}
	return out, nil
}

// nameMatches reports whether name (any of its words, or as a whole)
// starts with the folded prefix.
func nameMatches(name, prefix string) bool {
	folded := search.Fold(name)
	if strings.HasPrefix(folded, prefix) {
		return true
	}
	for _, w := range strings.FieldsFunc(folded, func(r rune) bool { return r == ' ' || r == '-' || r == ',' || r == '&' }) {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}

// top keeps the suggestions with ads, most ads first (stable: the
// reference data's order breaks ties), at most n.
func top(list []Suggestion, n int) []Suggestion {
	list = slices.DeleteFunc(list, func(s Suggestion) bool { return s.Count <= 0 })
	slices.SortStableFunc(list, func(a, b Suggestion) int { return cmp.Compare(b.Count, a.Count) })
	return list[:min(n, len(list))]
}

// countSuggestions sets the Count of each category and brand suggestion
// from the index's term counts.
func (s *Store) countSuggestions(ctx context.Context, cats, brands []Suggestion) error {
	terms := make([]string, 0, len(cats)+len(brands))
	for _, c := range cats {
		terms = append(terms, search.CategoryTerm(c.Value))
	}
	for _, b := range brands {
		terms = append(terms, search.BrandTerm(b.Value))
	}
	counts, err := search.TermCounts(ctx, s.db, s.table, terms)
	if err != nil {
		return fmt.Errorf("catalog: suggestion counts: %w", err)
	}
	for i := range cats {
		cats[i].Count = counts[search.CategoryTerm(cats[i].Value)]
	}
	for i := range brands {
		brands[i].Count = counts[search.BrandTerm(brands[i].Value)]
	}
	return nil
}

// wordSuggestions completes the last word of q from the vocabulary, after
// q's other words as typed ("dach zie" -> "dach ziegel").
func (s *Store) wordSuggestions(ctx context.Context, q string) ([]Suggestion, error) {
	head, last := "", q
	if i := strings.LastIndexByte(q, ' '); i >= 0 {
		head, last = q[:i+1], q[i+1:]
	}
	words, err := search.Words(ctx, s.db, s.table, last, search.WordsRead)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	out := make([]Suggestion, 0, len(words))
	for _, w := range words {
		sg := Suggestion{Kind: SuggestTerm, Value: head + w.Text, Label: head + w.Text}
		if head == "" {
			sg.Count = w.Count
		}
		out = append(out, sg)
	}
	return out, nil
}

// CategoryCounts returns the number of active ads in each category of
// cats (sub-categories included), from the index's term counts: at most
// CountTTL old, read once per 100 categories when not cached.
func (s *Service) CategoryCounts(ctx context.Context, cats []Category) (map[string]int64, error) {
	terms := make([]string, len(cats))
	for i, c := range cats {
		terms[i] = search.CategoryTerm(c.Slug)
	}
	counts, err := search.TermCounts(ctx, s.store.db, s.store.table, terms)
	if err != nil {
		return nil, fmt.Errorf("catalog: category counts: %w", err)
	}
	out := make(map[string]int64, len(cats))
	for _, c := range cats {
		out[c.Slug] = counts[search.CategoryTerm(c.Slug)]
	}
	return out, nil
}
