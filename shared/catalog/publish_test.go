package catalog_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/search"
)

// TestPublishRace publishes two ads of one seller in parallel with one ad
// left: exactly one succeeds, the other is ad_count_exceeded, and the
// subscription ends at 0 - never below. Repeated to give the race room.
func TestPublishRace(t *testing.T) {
	c := newCloud(t)
	for round := range 5 {
		seller, tok := c.user(t, auth.RoleUser)
		subID := c.subscribe(t, seller, sub{remaining: 2, images: 5})
		ids := []string{c.draft(t, tok), c.draft(t, tok)}
		for _, id := range ids {
			c.image(t, tok, id, true)
		}
		// Take one ad first, so exactly one is left for the two.
		c.published(t, tok)

		results := make([]response, len(ids))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, id := range ids {
			wg.Go(func() {
				<-start
				results[i] = c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil)
			})
		}
		close(start)
		wg.Wait()
		ok, refused := 0, 0
		for _, r := range results {
			switch {
			case r.Status == 200 && r.str("status") == "active":
				ok++
			case r.Status == 403 && r.Code() == "ad_count_exceeded":
				refused++
			default:
				t.Errorf("round %d: got %d %s", round, r.Status, r.Body)
			}
		}
		if ok != 1 || refused != 1 {
			t.Errorf("round %d: got %d published and %d refused, want 1 and 1", round, ok, refused)
		}
		if got := c.remaining(t, seller, subID); got != 0 {
			t.Errorf("round %d: remaining ads: got %d, want 0", round, got)
		}
		// The refused ad is still a draft.
		drafts := 0
		for _, id := range ids {
			if r := c.do(t, "GET", "/api/v1/products/"+id, tok, nil); r.str("status") == "draft" {
				drafts++
			}
		}
		if drafts != 1 {
			t.Errorf("round %d: got %d drafts, want 1", round, drafts)
		}
	}
}

// TestPublishFallsBackToNextSubscription: when the subscription chosen
// first is used up by a parallel publication, the transaction fails on it
// and the publication takes the seller's next usable subscription.
func TestPublishFallsBackToNextSubscription(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	soon := c.subscribe(t, seller, sub{remaining: 1, images: 5, expiresIn: 10 * 24 * time.Hour})
	later := c.subscribe(t, seller, sub{remaining: 1, images: 5, expiresIn: 100 * 24 * time.Hour})
	ids := []string{c.draft(t, tok), c.draft(t, tok)}
	for _, id := range ids {
		c.image(t, tok, id, true)
	}
	var wg sync.WaitGroup
	results := make([]response, 2)
	for i, id := range ids {
		wg.Go(func() { results[i] = c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil) })
	}
	wg.Wait()
	for i, r := range results {
		if r.Status != 200 {
			t.Errorf("publish %d: got %d %s, want 200", i, r.Status, r.Body)
		}
	}
	if a, b := c.remaining(t, seller, soon), c.remaining(t, seller, later); a != 0 || b != 0 {
		t.Errorf("remaining: got %d and %d, want both subscriptions used", a, b)
	}
	// The ad's run follows the subscription that paid for it.
	if r := c.do(t, "GET", "/api/v1/products/"+ids[0], tok, nil); r.str("expiresAt") == "" {
		t.Errorf("expiresAt missing: %s", r.Body)
	}
}

// TestPublishRefusals: what the seller holds decides the refusal, both
// when saving a draft and when publishing; nothing is consumed.
func TestPublishRefusals(t *testing.T) {
	c := newCloud(t)
	tests := []struct {
		name string
		subs []sub
		want string
	}{
		{"no subscription", nil, "subscription_invalid"},
		{"expired subscription", []sub{{remaining: 3, images: 5, expiresIn: -time.Hour}}, "subscription_invalid"},
		{"bundle only", []sub{{bundle: true, expiresIn: 100 * 24 * time.Hour}}, "bundle_plan_no_ads"},
		{"ads used up", []sub{{remaining: 0, images: 5}}, "ad_count_exceeded"},
		{"ads used up beside a bundle", []sub{{remaining: 0, images: 5}, {bundle: true}}, "ad_count_exceeded"},
		{"bundle beside an expired plan", []sub{{remaining: 2, images: 5, expiresIn: -time.Hour}, {bundle: true}}, "bundle_plan_no_ads"},
	}
	for _, tt := range tests {
		seller, tok := c.user(t, auth.RoleUser)
		for _, s := range tt.subs {
			c.subscribe(t, seller, s)
		}
		if r := c.do(t, "POST", "/api/v1/products", tok, input()); r.Status != 403 || r.Code() != tt.want {
			t.Errorf("%s: create: got %d %s, want 403 %s", tt.name, r.Status, r.Body, tt.want)
		}
		// A draft saved while the seller could publish, published after the
		// allowance went away.
		seller2, tok2 := c.user(t, auth.RoleUser)
		tmp := c.subscribe(t, seller2, sub{remaining: 1, images: 5, expiresIn: time.Hour})
		id := c.draft(t, tok2)
		c.image(t, tok2, id, true)
		c.published(t, tok2)           // uses the temporary subscription's ad
		c.clock.Advance(2 * time.Hour) // and lets it expire
		for _, s := range tt.subs {
			c.subscribe(t, seller2, s)
		}
		if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok2, nil); r.Status != 403 || r.Code() != tt.want {
			t.Errorf("%s: publish: got %d %s, want 403 %s", tt.name, r.Status, r.Body, tt.want)
		}
		if got := c.remaining(t, seller2, tmp); got != 0 {
			t.Errorf("%s: got %d, want 0", tt.name, got)
		}
	}
}

// TestPublishImageAllowance: an ad with more ready images than any usable
// subscription allows is image_count_exceeded; a subscription that allows
// them is chosen over one that expires sooner but does not.
func TestPublishImageAllowance(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	c.subscribe(t, seller, sub{remaining: 1, images: 4, expiresIn: 24 * time.Hour})
	id := c.draft(t, tok)
	for range 3 {
		c.image(t, tok, id, true)
	}
	c.clock.Advance(25 * time.Hour) // the only subscription allowing 3 photos expired
	small := c.subscribe(t, seller, sub{remaining: 1, images: 2})
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 403 || r.Code() != "image_count_exceeded" {
		t.Errorf("publish: got %d %s, want 403 image_count_exceeded", r.Status, r.Body)
	}
	big := c.subscribe(t, seller, sub{remaining: 1, images: 10, expiresIn: 300 * 24 * time.Hour})
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 200 {
		t.Errorf("publish with a larger plan: got %d %s", r.Status, r.Body)
	}
	if c.remaining(t, seller, small) != 1 || c.remaining(t, seller, big) != 0 {
		t.Errorf("got the small plan used, want the large one")
	}
}

// TestPublishCompletesALaggingIndex: a publication that committed but
// whose search index could not be written (the seller was answered 503)
// is completed by publishing again: 200, in search, no second ad used;
// once complete, publishing is product_already_active again.
func TestPublishCompletesALaggingIndex(t *testing.T) {
	c := newCloud(t)
	seller, tok := c.user(t, auth.RoleUser)
	subID := c.subscribe(t, seller, sub{remaining: 2, images: 5})
	id := c.published(t, tok)
	// What the failed index step leaves: the ad active, no postings.
	if err := search.Unindex(context.Background(), c.db, c.table, search.Ad{ID: id}); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(c.searchIDs(t, "category=roofing"), id) {
		t.Fatal("the unindexed ad is still in search")
	}
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 200 || r.str("status") != "active" {
		t.Fatalf("publish again: got %d %s, want 200 active", r.Status, r.Body)
	}
	if !slices.Contains(c.searchIDs(t, "category=roofing"), id) {
		t.Error("the ad is not in search after publishing again")
	}
	if got := c.remaining(t, seller, subID); got != 1 {
		t.Errorf("remaining ads: got %d, want 1 (one publication)", got)
	}
	if r := c.do(t, "POST", "/api/v1/products/"+id+"/publish", tok, nil); r.Status != 409 || r.Code() != "product_already_active" {
		t.Errorf("publish a third time: got %d %s, want 409 product_already_active", r.Status, r.Body)
	}
}
