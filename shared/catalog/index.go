package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/remat/remat/shared/search"
)

// maxIndexTries bounds the retries of a re-index that raced another one
// of the same ad.
const maxIndexTries = 5

// SearchAd is what package search indexes of ad a: its card fields, the
// main image's card rendition as the thumbnail.
func SearchAd(a Ad) search.Ad {
	return search.Ad{
		ID: a.ID, Title: a.Title, Brand: a.Brand, CategoryPath: a.CategoryPath, Condition: a.Condition,
		PriceRp: a.PriceRp, DiscountPct: a.DiscountPct, Canton: a.Location.Canton, PostalCode: a.Location.PostalCode,
		Locality: a.Location.Locality, Lat: a.Location.Lat, Lon: a.Location.Lon, PublishedAt: a.PublishedAt,
		UpdatedAt: a.UpdatedAt, ThumbKey: a.MainCardKey(), SellerID: a.SellerID,
	}
}

// SyncIndex brings the search postings of ad id in line with the ad as it
// is stored now: indexed while active (and not hidden with its seller's
// account), not indexed otherwise (or when the ad is gone). It reads the
// ad afresh on each try, so two writers that race each other both end
// with the index of the latest state.
func (s *Store) SyncIndex(ctx context.Context, id string) error {
	var err error
	for range maxIndexTries {
		a, readErr := s.Ad(ctx, id)
		switch {
		case errors.Is(readErr, ErrProductNotFound):
			err = search.Unindex(ctx, s.db, s.table, search.Ad{ID: id})
		case readErr != nil:
			return readErr
		case a.Status == StatusActive && !a.SellerHidden:
			err = search.Index(ctx, s.db, s.table, SearchAd(a))
		default:
			err = search.Unindex(ctx, s.db, s.table, search.Ad{ID: id})
		}
		if !errors.Is(err, search.ErrConcurrentIndex) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("catalog: sync index of ad %s: %w", id, err)
	}
	return nil
}

// IndexCurrent reports whether the search postings of ad a (as read) are
// what SyncIndex would make of it: indexed while active and not hidden with
// its seller, not indexed otherwise.
func (s *Store) IndexCurrent(ctx context.Context, a Ad) (bool, error) {
	ok, err := search.Current(ctx, s.db, s.table, SearchAd(a), a.Status == StatusActive && !a.SellerHidden)
	if err != nil {
		return false, fmt.Errorf("catalog: %w", err)
	}
	return ok, nil
}

// unindex removes the postings of ad id, retrying a raced attempt.
func (s *Store) unindex(ctx context.Context, id string) error {
	var err error
	for range maxIndexTries {
		err = search.Unindex(ctx, s.db, s.table, search.Ad{ID: id})
		if !errors.Is(err, search.ErrConcurrentIndex) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("catalog: unindex ad %s: %w", id, err)
	}
	return nil
}

// search answers q from the search index (package search); the store
// must sign cursors (WithCursors). Unexported on purpose: binaries that
// link the Store without the Service (the images and contact-request
// functions, the seed) and keep every exported method (see
// reflect.Value.MethodByName) would link the whole search engine.
func (s *Store) search(ctx context.Context, q search.Query) (search.Page, error) {
	page, err := search.Search(ctx, s.db, s.table, s.cursors, q)
	if err != nil {
		return search.Page{}, fmt.Errorf("catalog: %w", err) // "catalog: search: ..."
	}
	return page, nil
}
