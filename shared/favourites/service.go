package favourites

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/search"
)

// Ads is what the service reads of the catalogue.
type Ads interface {
	Ad(ctx context.Context, id string) (catalog.Ad, error)
	Ads(ctx context.Context, ids []string) ([]catalog.Ad, error)
}

var _ Ads = (*catalog.Store)(nil)

// States of a saved ad, as the list shows them.
const (
	StateActive   = "active"   // on sale
	StateInactive = "inactive" // deactivated by its seller, or its seller's account is blocked
	StateExpired  = "expired"  // its run ended
	StateRemoved  = "removed"  // deleted by its seller
)

// Entry is one favourite with what became of its ad. Card is nil once
// the ad is deleted.
type Entry struct {
	Favourite
	State string
	Card  *search.Card
}

// EntryPage is one page of the list.
type EntryPage struct {
	Items      []Entry
	NextCursor string
}

// Service is the wish list's use cases.
type Service struct {
	store *Store
	ads   Ads
	now   func() time.Time
}

// NewService returns the wish list on store, reading ads from ads.
func NewService(store *Store, ads Ads) *Service {
	return &Service{store: store, ads: ads, now: time.Now}
}

// Save adds ad adID to uid's list. It reports whether the ad was added
// (false: it was in the list already, which is not an error, so a double
// click or a retry is harmless).
func (s *Service) Save(ctx context.Context, uid, adID string) (Favourite, bool, error) {
	a, err := s.ads.Ad(ctx, adID) // product_not_found for a malformed or unknown id
	if err != nil {
		return Favourite{}, false, fmt.Errorf("favourites: save %s: %w", adID, err)
	}
	if a.SellerID == uid {
		return Favourite{}, false, apperr.New(apperr.CodeWishlistOwnAd, fmt.Errorf("favourites: %s saving own ad %s", uid, adID))
	}
	if a.Status != catalog.StatusActive || a.SellerHidden {
		return Favourite{}, false, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("favourites: save %s: ad is %s", adID, a.Status))
	}
	f := Favourite{AdID: adID, Title: a.Title, SavedAt: s.now().UTC()}
	switch err := s.store.Add(ctx, uid, f); {
	case err == nil:
		return f, true, nil
	case errors.Is(err, errSaved):
		cur, err := s.store.Get(ctx, uid, adID)
		if errors.Is(err, errNotSaved) { // removed again meanwhile: report this save
			return f, false, nil
		}
		return cur, false, err
	case errors.Is(err, errFull):
		e := apperr.New(apperr.CodeWishlistFull, err)
		e.Params = map[string]string{"max": strconv.Itoa(MaxFavourites)}
		return Favourite{}, false, e
	case errors.Is(err, errUnavailable):
		// Deactivated, deleted or hidden between the read and the write.
		return Favourite{}, false, apperr.New(apperr.CodeProductNotFound, err)
	default:
		return Favourite{}, false, err
	}
}

// Remove takes ad adID off uid's list; wishlist_not_found when it is not
// in it.
func (s *Service) Remove(ctx context.Context, uid, adID string) error {
	if !catalog.ValidID(adID) {
		return apperr.New(apperr.CodeWishlistNotFound, fmt.Errorf("favourites: remove: malformed id %q", adID))
	}
	err := s.store.Remove(ctx, uid, adID)
	if errors.Is(err, errNotSaved) {
		return apperr.New(apperr.CodeWishlistNotFound, err)
	}
	return err
}

// IDs returns the ids of uid's saved ads, newest saved first.
func (s *Service) IDs(ctx context.Context, uid string) ([]string, error) {
	return s.store.IDs(ctx, uid)
}

// List returns a page of uid's list with the state and card of each ad.
func (s *Service) List(ctx context.Context, uid string, limit int, cursor string) (EntryPage, error) {
	page, err := s.store.List(ctx, uid, limit, cursor)
	if err != nil {
		return EntryPage{}, err
	}
	ids := make([]string, len(page.Items))
	for i, f := range page.Items {
		ids[i] = f.AdID
	}
	ads, err := s.ads.Ads(ctx, ids)
	if err != nil {
		return EntryPage{}, fmt.Errorf("favourites: ads of %s's list: %w", uid, err)
	}
	byID := make(map[string]catalog.Ad, len(ads))
	for _, a := range ads {
		byID[a.ID] = a
	}
	out := EntryPage{Items: make([]Entry, len(page.Items)), NextCursor: page.NextCursor}
	for i, f := range page.Items {
		e := Entry{Favourite: f, State: StateRemoved}
		if a, ok := byID[f.AdID]; ok {
			card := catalog.CardOf(a)
			e.Card, e.State = &card, stateOf(a)
		}
		out.Items[i] = e
	}
	return out, nil
}

func stateOf(a catalog.Ad) string {
	switch {
	case a.Status == catalog.StatusActive && !a.SellerHidden:
		return StateActive
	case a.Status == catalog.StatusExpired:
		return StateExpired
	default:
		return StateInactive
	}
}
