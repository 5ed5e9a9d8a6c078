package catalog_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/auth"
)

const browserUA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15"

// viewFrom posts a view of ad id by visitor from the client address addr
// (as CloudFront reports it, with the viewer's port) in a browser.
func (c *cloud) viewFrom(t *testing.T, id, token, visitor, addr string) response {
	t.Helper()
	return c.viewAs(t, id, token, visitor, addr, browserUA)
}

// viewAs is viewFrom with the user agent ua.
func (c *cloud) viewAs(t *testing.T, id, token, visitor, addr, ua string) response {
	t.Helper()
	req := testcloud.NewRequest(t, "POST", "/api/v1/products/"+id+"/view", map[string]any{"visitorId": visitor})
	req.Header.Set("User-Agent", ua)
	req.Header.Set("CloudFront-Viewer-Address", addr+":43210")
	return response{testcloud.ServeRequest(t, c.api, req, token)}
}

// TestViewCountsOncePerAddressAndAd: the visitor id is the browser's own
// word, so a client that invents a new one per request would count again
// and again; a view counts at most once per client address (an IPv6
// client's /64, which one subscriber holds whole), ad and UTC day.
func TestViewCountsOncePerAddressAndAd(t *testing.T) {
	c := newCloud(t)
	owner, ownerTok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 5, images: 5})
	id := c.published(t, ownerTok)
	other := c.published(t, ownerTok)
	clicks := func(ad string) float64 {
		v, _ := c.do(t, "GET", "/api/v1/products/"+ad, ownerTok, nil).JSON["clicks"].(float64)
		return v
	}
	steps := []struct {
		name, ad, visitor, addr string
		wantClicks              float64
		advance                 time.Duration
	}{
		{"first visitor", id, "visitor-aaaa", "198.51.100.7", 1, 0},
		{"a new visitor id from the same address", id, "visitor-bbbb", "198.51.100.7", 1, 0},
		{"ten more ids from the same address", id, "", "198.51.100.7", 1, 0},
		{"another address", id, "visitor-bbbb", "198.51.100.8", 2, 0},
		{"an IPv6 client", id, "visitor-cccc", "2001:db8:1:2::1", 3, 0},
		{"the same /64", id, "visitor-dddd", "2001:db8:1:2:ffff:ffff:ffff:ffff", 3, 0},
		{"the next /64", id, "visitor-eeee", "2001:db8:1:3::1", 4, 0},
		{"the first address on the next day", id, "visitor-ffff", "198.51.100.7", 5, 25 * time.Hour},
	}
	for _, s := range steps {
		c.clock.Advance(s.advance)
		visitors := []string{s.visitor}
		if s.visitor == "" {
			visitors = nil
			for i := range 10 {
				visitors = append(visitors, fmt.Sprintf("visitor-%04d", i))
			}
		}
		for _, v := range visitors {
			if r := c.viewFrom(t, s.ad, "", v, s.addr); r.Status != 204 {
				t.Errorf("%s: got %d %s, want 204", s.name, r.Status, r.Body)
			}
		}
		if got := clicks(s.ad); got != s.wantClicks {
			t.Errorf("%s: clicks: got %v, want %v", s.name, got, s.wantClicks)
		}
	}
	// Per ad: the first address still counts on another ad.
	if r := c.viewFrom(t, other, "", "visitor-aaaa", "198.51.100.7"); r.Status != 204 || clicks(other) != 1 {
		t.Errorf("another ad: got %d %s and %v clicks, want 204 and 1", r.Status, r.Body, clicks(other))
	}
}

// TestViewFloodFromOneAddressIsRefused: one address may post 300 views in
// 10 minutes (one every two seconds, which no one reading ads reaches),
// whatever ad or visitor id they name; the next is 429 too_many_requests
// with Retry-After. Other addresses are not affected, and the next window
// opens again.
func TestViewFloodFromOneAddressIsRefused(t *testing.T) {
	c := newCloud(t)
	owner, ownerTok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 5, images: 5})
	id := c.published(t, ownerTok)
	const flood = "203.0.113.9"
	for i := range 300 {
		ad := id
		if i%2 == 1 {
			ad = "01NOSUCHAD0000000000000000" // unknown ads count against the address too
		}
		r := c.viewFrom(t, ad, "", fmt.Sprintf("visitor-%04d", i), flood)
		if r.Status != 204 && r.Status != 404 {
			t.Fatalf("view %d: got %d %s, want 204 or 404", i+1, r.Status, r.Body)
		}
	}
	r := c.viewFrom(t, id, "", "visitor-next", flood)
	if r.Status != 429 || r.Code() != "too_many_requests" || r.Header.Get("Retry-After") == "" {
		t.Errorf("view 301: got %d %s (Retry-After %q), want 429 too_many_requests", r.Status, r.Body, r.Header.Get("Retry-After"))
	}
	if r := c.viewFrom(t, id, "", "visitor-else", "203.0.113.10"); r.Status != 204 {
		t.Errorf("another address: got %d %s, want 204", r.Status, r.Body)
	}
	c.clock.Advance(10 * time.Minute)
	if r := c.viewFrom(t, id, "", "visitor-later", flood); r.Status != 204 {
		t.Errorf("the next window: got %d %s, want 204", r.Status, r.Body)
	}
}
