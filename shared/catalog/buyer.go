package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/search"
)

// The buyer's side: an ad's detail as one viewer may see it, cards for
// recently viewed ads, similar ads and the product search (through
// package search, Store.Search). Counting a view: views.go.

// Detail is an ad as one viewer may see it.
type Detail struct {
	Record AdRecord
	Seller accounts.User
	// Privileged: the viewer is the owner or an administrator (sees every
	// image, exact location and clicks).
	Privileged bool
	// CanEdit: the viewer is the owner.
	CanEdit bool
}

// Detail returns ad id for viewer (zero Principal: anonymous). Active ads
// are public; others only for their owner and administrators
// (product_not_found for anyone else).
func (s *Service) Detail(ctx context.Context, viewer auth.Principal, id string) (Detail, error) {
	rec, err := s.store.Record(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	return s.detail(ctx, viewer, rec)
}

func (s *Service) detail(ctx context.Context, viewer auth.Principal, rec AdRecord) (Detail, error) {
	owner := viewer.UserID != "" && viewer.UserID == rec.Ad.SellerID
	privileged := owner || viewer.Role == auth.RoleAdmin
	if rec.Ad.Status != StatusActive && !privileged {
		return Detail{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad %s is %s", rec.Ad.ID, rec.Ad.Status))
	}
	seller, err := s.sellers.UserByID(ctx, rec.Ad.SellerID)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return Detail{}, fmt.Errorf("catalog: seller of ad %s: %w", rec.Ad.ID, err)
	}
	// A suspended or banned seller's ads are hidden from everyone else.
	if !privileged && (rec.Ad.SellerHidden || (err == nil && seller.Status != accounts.StatusActive)) {
		return Detail{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad %s: seller %s is not active", rec.Ad.ID, rec.Ad.SellerID))
	}
	return Detail{Record: rec, Seller: seller, Privileged: privileged, CanEdit: owner}, nil
}

// DetailOf returns the Detail of a record the caller just wrote as its
// owner p. The write is done: when the seller's profile cannot be read,
// the detail goes without it (logged), rather than answering an error the
// seller would answer by writing again (a second draft).
func (s *Service) DetailOf(ctx context.Context, p auth.Principal, rec AdRecord) (Detail, error) {
	d, err := s.detail(ctx, p, rec)
	if err != nil && p.UserID != "" && p.UserID == rec.Ad.SellerID {
		s.log.WarnContext(ctx, "catalog: seller profile unread; answering the ad without it", "adId", rec.Ad.ID, "err", err.Error())
		return Detail{Record: rec, Privileged: true, CanEdit: true}, nil
	}
	return d, err
}

// Cards returns the search cards of the active ads among ids (at most
// BatchMax), in the order of ids.
func (s *Service) Cards(ctx context.Context, ids []string) ([]search.Card, error) {
	if len(ids) > BatchMax {
		return nil, apperr.Validation(map[string]string{"ids": apperr.FieldTooLong})
	}
	ads, err := s.store.Ads(ctx, ids)
	if err != nil {
		return nil, err
	}
	cards := make([]search.Card, 0, len(ads))
	for _, a := range ads {
		if a.Status == StatusActive && !a.SellerHidden {
			cards = append(cards, CardOf(a))
		}
	}
	return cards, nil
}

// CardOf is the search card of ad a, as its postings project it.
func CardOf(a Ad) search.Card {
	sa := SearchAd(a)
	cat := ""
	if len(a.CategoryPath) > 0 {
		cat = a.CategoryPath[0]
	}
	return search.Card{
		ID: a.ID, Title: a.Title, Brand: a.Brand, Category: cat, Condition: a.Condition, PriceRp: a.PriceRp,
		DiscountPct: a.DiscountPct, EffectivePriceRp: sa.EffectivePriceRp(), Canton: strings.ToUpper(a.Location.Canton),
		PostalCode: a.Location.PostalCode, Locality: a.Location.Locality, Lat: a.Location.Lat, Lon: a.Location.Lon,
		PublishedAt: a.PublishedAt, ThumbKey: sa.ThumbKey, SellerID: a.SellerID,
	}
}

// Similar returns up to SimilarCount active ads of the same category as
// ad id, near it (SimilarRadiusKm) first, then anywhere; never the ad
// itself. An ad that is not active (its owner's preview) has none.
func (s *Service) Similar(ctx context.Context, id string) ([]search.Card, error) {
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return nil, err
	}
	if a.Status != StatusActive {
		return nil, nil
	}
	seen := map[string]bool{id: true}
	var out []search.Card
	add := func(q search.Query) error {
		page, err := s.store.search(ctx, q)
		if err != nil {
			return fmt.Errorf("catalog: similar to %s: %w", id, err)
		}
		for _, c := range page.Items {
			if len(out) < SimilarCount && !seen[c.ID] {
				seen[c.ID] = true
				out = append(out, c)
			}
		}
		return nil
	}
	q := search.Query{Category: a.CategorySlug, Limit: SimilarCount + 1}
	if a.Location.Lat != 0 || a.Location.Lon != 0 {
		near := q
		near.Near = &search.Near{Lat: a.Location.Lat, Lon: a.Location.Lon, RadiusKm: SimilarRadiusKm}
		if err := add(near); err != nil {
			return nil, err
		}
	}
	if len(out) < SimilarCount {
		q.Limit = SimilarCount + len(out) + 1
		if err := add(q); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SearchParams are a buyer's filters as the product list sends them.
// Location is a postal code or locality name (resolved through the
// gazetteer); RadiusKm applies to it.
type SearchParams struct {
	Text       string
	Category   string
	Brand      string
	Condition  string
	MaxPriceRp int64
	Location   string
	RadiusKm   float64
	Canton     string
	Sort       string
	Limit      int
	Cursor     string
}

// SearchResult is a page of cards and the place the radius is around.
type SearchResult struct {
	Page  search.Page
	Place *Locality
}

// Search answers the product list.
func (s *Service) Search(ctx context.Context, p SearchParams) (SearchResult, error) {
	q := search.Query{
		Text: p.Text, Category: p.Category, Brand: p.Brand, Condition: p.Condition, MaxPriceRp: p.MaxPriceRp,
		Canton: p.Canton, Sort: p.Sort, Limit: p.Limit, Cursor: p.Cursor,
	}
	var res SearchResult
	if strings.TrimSpace(p.Location) != "" {
		loc, err := s.ResolvePlace(ctx, p.Location)
		if err != nil {
			return SearchResult{}, err
		}
		res.Place = &loc
		q.Near = &search.Near{Lat: loc.Lat, Lon: loc.Lon, RadiusKm: p.RadiusKm}
	}
	page, err := s.store.search(ctx, q)
	if err != nil {
		return SearchResult{}, err
	}
	res.Page = page
	return res, nil
}

// Gone reports whether ad id was deleted (its tombstone, kept GoneFor):
// the public page of such an ad answers 410 rather than 404.
func (s *Service) Gone(ctx context.Context, id string) (bool, error) {
	return s.store.Gone(ctx, id)
}
