package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
)

// The seller's side of ads: drafts, edits, deletion, publication against
// a subscription, the status toggle and My ads (the seller's own list). The
// writes are the Store's (store.go, status.go); photos: photos.go.

// owned reads ad id for its owner p: product_not_found, or
// product_not_owned for anyone else (administrators included).
func (s *Service) owned(ctx context.Context, p auth.Principal, id string) (AdRecord, error) {
	rec, err := s.store.Record(ctx, id)
	if err != nil {
		return AdRecord{}, err
	}
	if rec.Ad.SellerID != p.UserID {
		return AdRecord{}, apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: ad %s belongs to %s, not %s", id, rec.Ad.SellerID, p.UserID))
	}
	return rec, nil
}

// Create saves a new draft for p from in. It is refused at once
// (subscription_invalid, bundle_plan_no_ads, ad_count_exceeded) when the
// seller could not publish it; nothing is consumed until Publish.
func (s *Service) Create(ctx context.Context, p auth.Principal, in ProductInput) (AdRecord, error) {
	in = in.Normalize()
	if bad := in.Check(); bad != nil {
		return AdRecord{}, apperr.Validation(bad)
	}
	now := s.now().UTC()
	if _, err := s.publishable(ctx, p.UserID, now); err != nil {
		return AdRecord{}, err
	}
	d, err := s.resolve(ctx, in, "")
	if err != nil {
		return AdRecord{}, err
	}
	a := d.Apply(Ad{ID: newID(now), SellerID: p.UserID, Status: StatusDraft, CreatedAt: now, UpdatedAt: now})
	if err := s.store.CreateAd(ctx, a); err != nil {
		return AdRecord{}, err
	}
	return AdRecord{Ad: a}, nil
}

// Update replaces the editable fields of ad id (owner only); an active ad
// is re-indexed.
func (s *Service) Update(ctx context.Context, p auth.Principal, id string, in ProductInput) (AdRecord, error) {
	in = in.Normalize()
	rec, err := s.owned(ctx, p, id)
	if err != nil {
		return AdRecord{}, err
	}
	if bad := in.Check(); bad != nil {
		return AdRecord{}, apperr.Validation(bad)
	}
	d, err := s.resolve(ctx, in, rec.Ad.CategorySlug)
	if err != nil {
		return AdRecord{}, err
	}
	if _, err := s.store.UpdateDetails(ctx, id, p.UserID, d, s.now().UTC()); err != nil {
		return AdRecord{}, err
	}
	return s.store.Record(ctx, id)
}

// Delete removes ad id with its images (owner or administrator).
func (s *Service) Delete(ctx context.Context, p auth.Principal, id string) error {
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return err
	}
	if a.SellerID != p.UserID && p.Role != auth.RoleAdmin {
		return apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: delete ad %s by %s", id, p.UserID))
	}
	keys, err := s.store.DeleteAd(ctx, id)
	if err != nil {
		return err
	}
	s.deleteObjects(ctx, keys)
	return nil
}

// deleteObjects removes S3 objects whose items are gone. A failure leaves
// unreachable objects behind, which is logged; the request succeeded.
func (s *Service) deleteObjects(ctx context.Context, keys []string) {
	if err := s.blobs.Delete(ctx, keys); err != nil {
		s.log.ErrorContext(ctx, "catalog: images left in S3", "keys", len(keys), "err", err.Error())
	}
}

// Publish makes ad id of p active (spec: a main image is required; one ad
// of a valid subscription is consumed in the same transaction). From
// draft or expired (or inactive past its expiry) it consumes an ad; an
// inactive ad still within its run is just reactivated. Publishing an
// active ad is product_already_active, unless its publication committed
// but its search index could not follow (the seller was told to try
// again): then the index is completed and the ad answered.
func (s *Service) Publish(ctx context.Context, p auth.Principal, id string) (AdRecord, error) {
	return s.retryOwned(ctx, p, id, "publish", func(rec AdRecord, now time.Time) (AdRecord, error) {
		a := rec.Ad
		switch {
		case a.Status == StatusActive:
			return s.completePublication(ctx, rec)
		case a.Status == StatusInactive && a.ExpiresAt.After(now):
			return s.setStatus(ctx, p, id, StatusActive)
		}
		ready := readyImages(rec)
		if a.MainImageID == "" || !slices.Contains(ready, a.MainImageID) {
			return AdRecord{}, apperr.New(apperr.CodeMainImageRequired, fmt.Errorf("catalog: publish ad %s without a ready main image", id))
		}
		subs, err := s.publishable(ctx, p.UserID, now)
		if err != nil {
			return AdRecord{}, err
		}
		fits := slices.DeleteFunc(subs, func(sub billing.Subscription) bool { return sub.ImageAllowance < len(ready) })
		if len(fits) == 0 {
			return AdRecord{}, apperr.New(apperr.CodeImageCountExceeded, fmt.Errorf("catalog: ad %s has %d ready images", id, len(ready)))
		}
		for _, sub := range fits {
			published, err := s.store.Publish(ctx, a, sub, now)
			if errors.Is(err, errSubscriptionTaken) {
				continue // taken by a parallel publication: try the next one
			}
			if err != nil {
				return AdRecord{}, err // errAdChanged: read the ad again
			}
			// Published and indexed: a failed read now must not turn the
			// publication into an error the seller would repeat.
			if fresh, err := s.store.Record(ctx, id); err == nil {
				rec = fresh
			} else {
				s.log.WarnContext(ctx, "catalog: reading the published ad back failed; answering it as written", "adId", id, "err", err.Error())
				rec.Ad = published
			}
			if s.published != nil {
				s.published.Published(ctx, SearchAd(rec.Ad))
			}
			return rec, nil
		}
		// Every subscription was taken meanwhile: the next round reads
		// them again (and refuses if nothing is left).
		return AdRecord{}, errSubscriptionTaken
	})
}

// retryOwned runs attempt with p's ad id, freshly read, and the time, again
// while attempt finds that the ad or the subscription it chose changed
// between its read and its write (errAdChanged, errSubscriptionTaken); after
// maxAttempts rounds that is conflict. what names the change in errors.
func (s *Service) retryOwned(ctx context.Context, p auth.Principal, id, what string, attempt func(rec AdRecord, now time.Time) (AdRecord, error)) (AdRecord, error) {
	for range maxAttempts {
		rec, err := s.owned(ctx, p, id)
		if err != nil {
			return AdRecord{}, err
		}
		out, err := attempt(rec, s.now().UTC())
		if errors.Is(err, errAdChanged) || errors.Is(err, errSubscriptionTaken) {
			continue
		}
		return out, err
	}
	return AdRecord{}, apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: %s ad %s: too many concurrent changes", what, id))
}

// completePublication answers Publish for the active ad of rec: when its
// search postings lag behind it (a publication whose index step failed
// after the commit), it brings them in line, tells the publish listener,
// and answers the ad; otherwise (and for an ad hidden with its seller,
// which is never on sale) product_already_active.
func (s *Service) completePublication(ctx context.Context, rec AdRecord) (AdRecord, error) {
	current, err := s.store.IndexCurrent(ctx, rec.Ad)
	if err != nil {
		return AdRecord{}, err
	}
	if current || rec.Ad.SellerHidden {
		return AdRecord{}, apperr.New(apperr.CodeProductAlreadyActive, fmt.Errorf("catalog: publish ad %s", rec.Ad.ID))
	}
	if err := s.store.SyncIndex(ctx, rec.Ad.ID); err != nil {
		return AdRecord{}, err
	}
	s.log.InfoContext(ctx, "catalog: completed the index of a publication", "adId", rec.Ad.ID)
	if s.published != nil {
		s.published.Published(ctx, SearchAd(rec.Ad))
	}
	return rec, nil
}

func readyImages(rec AdRecord) []string {
	var out []string
	for _, img := range rec.Images {
		if img.State == ImageReady {
			out = append(out, img.ID)
		}
	}
	return out
}

// SetStatus sets ad id of p to active or inactive (My ads'
// toggle). Activating an active ad is product_already_active; an expired
// ad (or an inactive one past its expiry) is product_expired: it must be
// published again; a draft is published (main_image_required ...).
func (s *Service) SetStatus(ctx context.Context, p auth.Principal, id, status string) (AdRecord, error) {
	switch status {
	case StatusActive, StatusInactive:
	default:
		return AdRecord{}, apperr.Validation(map[string]string{"status": apperr.FieldInvalid})
	}
	rec, err := s.owned(ctx, p, id)
	if err != nil {
		return AdRecord{}, err
	}
	if status == StatusActive && rec.Ad.Status == StatusDraft {
		return s.Publish(ctx, p, id)
	}
	return s.setStatus(ctx, p, id, status)
}

func (s *Service) setStatus(ctx context.Context, p auth.Principal, id, status string) (AdRecord, error) {
	return s.retryOwned(ctx, p, id, "set status of", func(rec AdRecord, now time.Time) (AdRecord, error) {
		a := rec.Ad
		switch {
		case a.Status == status:
			if status == StatusActive {
				return AdRecord{}, apperr.New(apperr.CodeProductAlreadyActive, fmt.Errorf("catalog: activate ad %s", id))
			}
			return rec, nil
		case a.Status == StatusExpired, status == StatusActive && !a.ExpiresAt.After(now):
			return AdRecord{}, apperr.New(apperr.CodeProductExpired, fmt.Errorf("catalog: set status of ad %s expired at %s", id, a.ExpiresAt))
		case a.Status == StatusDraft:
			return AdRecord{}, apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: deactivate draft %s", id))
		}
		if _, err := s.store.SetStatus(ctx, a, status, now); err != nil {
			return AdRecord{}, err // errAdChanged: read the ad again
		}
		return s.store.Record(ctx, id)
	})
}

// MyAds is My ads: a page of the signed-in seller p's own ads in every
// status (newest created first, MyAdsPageSize per page) with their stats
// (clicks, favourites); status filters when not empty.
func (s *Service) MyAds(ctx context.Context, p auth.Principal, status, cursor string) (SellerPage, map[string]Stats, error) {
	switch status {
	case "", StatusDraft, StatusActive, StatusInactive, StatusExpired:
	default:
		return SellerPage{}, nil, apperr.Validation(map[string]string{"status": apperr.FieldInvalid})
	}
	page, err := s.store.SellerAds(ctx, p.UserID, status, cursor, MyAdsPageSize)
	if err != nil {
		return SellerPage{}, nil, err
	}
	ids := make([]string, len(page.Ads))
	for i, a := range page.Ads {
		ids[i] = a.ID
	}
	stats, err := s.store.Stats(ctx, ids)
	if err != nil {
		return SellerPage{}, nil, err
	}
	return page, stats, nil
}
