package catalog

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/search"
)

// The Service's side of the reference data: the category tree and the
// brand list as sellers and buyers see them (cached, see ReferenceTTL),
// the locality autocomplete, and resolving a seller's input against them
// (category path, canonical brand, location). The Store's reads:
// reference_store.go; the back office's editing: taxonomy.go.

// cached is a copy of reference data: read at at, of version ver,
// confirmed current at checked.
type cached[T any] struct {
	at, checked time.Time
	ver         int64
	loaded      bool
	val         T
}

// Categories returns the public category tree in sort order: hidden
// categories and their sub-categories left out (cached, see ReferenceTTL).
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	cats, err := s.tree(ctx)
	if err != nil {
		return nil, err
	}
	return VisibleCategories(cats), nil
}

// tree returns every category, hidden ones included (cached).
func (s *Service) tree(ctx context.Context) ([]Category, error) {
	return reference(ctx, s, &s.categories, categoryList.version, s.store.Categories)
}

// Brands returns the brands by name (cached, see ReferenceTTL).
func (s *Service) Brands(ctx context.Context) ([]Brand, error) {
	return reference(ctx, s, &s.brands, brandList.version, s.store.Brands)
}

// reference returns the copy in c while it is younger than ReferenceTTL
// and its version (pick of the taxonomy version) is current, checked at
// most once per ReferenceRecheck; else it loads and keeps a fresh copy.
func reference[T any](ctx context.Context, s *Service, c *cached[T], pick func(TaxonomyVersion) int64,
	load func(context.Context) (T, error)) (T, error) {
	now := s.now()
	s.mu.Lock()
	cur := *c
	s.mu.Unlock()
	if cur.loaded && now.Sub(cur.at) < ReferenceTTL {
		if now.Sub(cur.checked) < ReferenceRecheck {
			return cur.val, nil
		}
		v, err := s.store.TaxonomyVersion(ctx, false)
		if err != nil {
			// Serve the copy a little longer rather than fail the request.
			s.log.WarnContext(ctx, "catalog: taxonomy version unread; cached reference data kept", "err", err.Error())
			return cur.val, nil
		}
		if pick(v) == cur.ver {
			s.mu.Lock()
			if c.at.Equal(cur.at) {
				c.checked = now
			}
			s.mu.Unlock()
			return cur.val, nil
		}
	}
	// The version first: a change landing between the two reads leaves an
	// older version with newer data, which only costs one more load.
	v, err := s.store.TaxonomyVersion(ctx, false)
	if err != nil {
		var zero T
		return zero, err
	}
	val, err := load(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	s.mu.Lock()
	*c = cached[T]{at: now, checked: now, ver: pick(v), loaded: true, val: val}
	s.mu.Unlock()
	return val, nil
}

// Localities answers the locality autocomplete: q is a postal code prefix
// (digits) or a name prefix, at least two characters; at most
// LocalitiesMax results.
func (s *Service) Localities(ctx context.Context, q string) ([]Locality, error) {
	q, code := localityQuery.Clean(q)
	if q == "" {
		code = apperr.FieldTooShort
	}
	if code != "" {
		return nil, apperr.Validation(map[string]string{"q": code})
	}
	if strings.Trim(q, "0123456789") == "" {
		return s.store.LocalitiesByPostalPrefix(ctx, q, LocalitiesMax)
	}
	return s.store.LocalitiesByName(ctx, q, LocalitiesMax)
}

// ResolvePlace finds the locality a buyer typed: a postal code, "<postal
// code> <name>", or a name (the exact name wins over a longer one).
// validation_failed with location: unknown_locality when nothing matches.
func (s *Service) ResolvePlace(ctx context.Context, text string) (Locality, error) {
	text = strings.Join(strings.Fields(text), " ")
	unknown := apperr.Validation(map[string]string{"location": apperr.FieldUnknownLocality})
	code, name, _ := strings.Cut(text, " ")
	var (
		locs []Locality
		err  error
	)
	if isPostalCode(code) {
		locs, err = s.store.LocalitiesByPostalCode(ctx, code)
	} else {
		name = text
		locs, err = s.store.LocalitiesByName(ctx, text, LocalitiesMax)
	}
	if err != nil {
		return Locality{}, err
	}
	if len(locs) == 0 {
		return Locality{}, unknown
	}
	if name != "" {
		want := NormalizeName(name)
		for _, l := range locs {
			if NormalizeName(l.Name) == want {
				return l, nil
			}
		}
		if isPostalCode(code) {
			return Locality{}, unknown
		}
	}
	return locs[0], nil
}

// resolve turns a checked input into the stored details: the category
// path from the tree, the canonical brand, the location from the
// gazetteer. validation_failed names an unknown category, locality or
// canton; a hidden category counts as unknown unless it is current, the
// category the ad already has (its ads keep working).
func (s *Service) resolve(ctx context.Context, in ProductInput, current string) (Details, error) {
	d := Details{
		Title: in.Title, CategorySlug: in.CategorySlug, Brand: in.Brand, Description: in.Description,
		PriceRp: in.price(), DiscountPct: in.discount(), Condition: in.Condition, Quantity: in.quantity(),
		Pickup: in.Pickup, Delivery: in.Delivery,
	}
	bad := map[string]string{}
	cats, err := s.tree(ctx)
	if err != nil {
		return Details{}, err
	}
	if in.CategorySlug != current {
		cats = VisibleCategories(cats)
	}
	if d.CategoryPath = categoryPath(cats, in.CategorySlug); d.CategoryPath == nil {
		bad["categorySlug"] = apperr.FieldUnknownCategory
	}
	if in.Brand != "" {
		brands, err := s.Brands(ctx)
		if err != nil {
			return Details{}, err
		}
		d.Brand = canonicalBrand(brands, in.Brand)
	}
	switch l := in.Location; l.Kind {
	case LocationCity:
		locs, err := s.store.LocalitiesByPostalCode(ctx, l.PostalCode)
		if err != nil {
			return Details{}, err
		}
		loc, field, ok := pickLocality(locs, l.Locality)
		if !ok {
			bad[field] = apperr.FieldUnknownLocality
			break
		}
		d.Location = Location{Kind: LocationCity, PostalCode: loc.PostalCode, Locality: loc.Name, Canton: loc.Canton, Lat: loc.Lat, Lon: loc.Lon}
	case LocationCanton:
		c, err := s.store.Canton(ctx, l.Canton)
		if errors.Is(err, apperr.ErrNotFound) {
			bad["location.canton"] = apperr.FieldUnknownCanton
			break
		}
		if err != nil {
			return Details{}, err
		}
		d.Location = Location{Kind: LocationCanton, Canton: c.Code, Lat: c.Lat, Lon: c.Lon}
	}
	if len(bad) > 0 {
		return Details{}, apperr.Validation(bad)
	}
	return d, nil
}

// pickLocality chooses among the localities of a postal code: the one
// named (when a name is given), else the first. field is the input field
// to blame when none fits.
func pickLocality(locs []Locality, name string) (Locality, string, bool) {
	if len(locs) == 0 {
		return Locality{}, "location.postalCode", false
	}
	if name == "" {
		return locs[0], "", true
	}
	want := NormalizeName(name)
	for _, l := range locs {
		if NormalizeName(l.Name) == want {
			return l, "", true
		}
	}
	return Locality{}, "location.locality", false
}

// categoryPath is slug followed by its ancestors, or nil for an unknown
// slug.
func categoryPath(cats []Category, slug string) []string {
	bySlug := make(map[string]Category, len(cats))
	for _, c := range cats {
		bySlug[c.Slug] = c
	}
	var path []string
	for cur := slug; cur != "" && len(path) <= len(cats); {
		c, ok := bySlug[cur]
		if !ok {
			return nil
		}
		path = append(path, c.Slug)
		cur = c.Parent
	}
	return path
}

// canonicalBrand returns the seeded spelling of brand when it names a
// seeded brand (ignoring case, accents, spaces and punctuation), else
// brand as typed.
func canonicalBrand(brands []Brand, brand string) string {
	key := brandMatchKey(brand)
	for _, b := range brands {
		if brandMatchKey(b.Name) == key {
			return b.Name
		}
	}
	return brand
}

func brandMatchKey(s string) string {
	var b strings.Builder
	for _, r := range search.Fold(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}
