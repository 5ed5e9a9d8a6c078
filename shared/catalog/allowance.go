package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/billing"
)

// What a seller's subscriptions allow: whether a new ad may be published,
// from which subscription, and how many photos an ad may hold. The
// subscriptions are billing's (read through Subscriptions); publishing
// takes one ad from the chosen one in the same transaction
// (Store.Publish, status.go).

// usable returns the subscriptions that can give an ad at now (valid, not
// a bundle, ads left), the soonest expiring first.
func usable(subs []billing.Subscription, now time.Time) []billing.Subscription {
	var out []billing.Subscription
	for _, sub := range subs {
		if !sub.Bundle && sub.State(now) == billing.StateValid && sub.RemainingAds > 0 {
			out = append(out, sub)
		}
	}
	slices.SortStableFunc(out, func(a, b billing.Subscription) int { return a.ExpiresAt.Compare(b.ExpiresAt) })
	return out
}

// refusal explains why no subscription of subs can give an ad at now: ads
// used up on an unexpired plan (ad_count_exceeded), else only bundles
// (bundle_plan_no_ads), else nothing valid (subscription_invalid).
func refusal(subs []billing.Subscription, now time.Time) error {
	bundle := false
	for _, sub := range subs {
		if sub.State(now) == billing.StateExpired {
			continue
		}
		if !sub.Bundle {
			return apperr.New(apperr.CodeAdCountExceeded, errors.New("catalog: no ad left in the seller's subscriptions"))
		}
		bundle = true
	}
	if bundle {
		return apperr.New(apperr.CodeBundlePlanNoAds, errors.New("catalog: the seller holds only bundle plans"))
	}
	return apperr.New(apperr.CodeSubscriptionInvalid, errors.New("catalog: the seller holds no valid subscription"))
}

// publishable returns the seller's usable subscriptions at now, or the
// refusal when there is none.
func (s *Service) publishable(ctx context.Context, uid string, now time.Time) ([]billing.Subscription, error) {
	subs, err := s.subs.Subscriptions(ctx, uid)
	if err != nil {
		return nil, fmt.Errorf("catalog: subscriptions of %s: %w", uid, err)
	}
	ok := usable(subs, now)
	if len(ok) == 0 {
		return nil, refusal(subs, now)
	}
	return ok, nil
}

// imageAllowance is how many images (pending and ready) ad a may hold:
// the allowance of the subscription that published it, or for a draft
// the largest allowance among the seller's usable subscriptions.
func (s *Service) imageAllowance(ctx context.Context, a Ad, now time.Time) (int, error) {
	subs, err := s.subs.Subscriptions(ctx, a.SellerID)
	if err != nil {
		return 0, fmt.Errorf("catalog: subscriptions of %s: %w", a.SellerID, err)
	}
	if a.SubscriptionID != "" {
		for _, sub := range subs {
			if sub.ID == a.SubscriptionID {
				return min(sub.ImageAllowance, MaxImagesPerAd), nil
			}
		}
	}
	ok := usable(subs, now)
	if len(ok) == 0 {
		return 0, refusal(subs, now)
	}
	most := 0
	for _, sub := range ok {
		most = max(most, sub.ImageAllowance)
	}
	return min(most, MaxImagesPerAd), nil
}
