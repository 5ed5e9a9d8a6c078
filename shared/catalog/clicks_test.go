package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
)

// TestClickCounting: one click per visitor, ad and day (and per client
// address, see TestViewCountsOncePerAddressAndAd); not the owner's, not
// bots', not on an ad that is not active.
func TestClickCounting(t *testing.T) {
	c := newCloud(t)
	owner, ownerTok := c.user(t, auth.RoleUser)
	_, otherTok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 5, images: 5})
	id := c.published(t, ownerTok)
	draft := c.draft(t, ownerTok)
	browser := browserUA
	addrs := map[string]string{"visitor-aaaa": "198.51.100.1", "visitor-bbbb": "198.51.100.2"}
	view := func(path, token, visitor, ua string) response {
		addr, ok := addrs[visitor]
		if !ok {
			addr = "198.51.100.3"
		}
		return c.viewAs(t, path, token, visitor, addr, ua)
	}
	clicks := func() float64 {
		v, _ := c.do(t, "GET", "/api/v1/products/"+id, ownerTok, nil).JSON["clicks"].(float64)
		return v
	}
	steps := []struct {
		name              string
		path, token, vis  string
		ua                string
		wantStatus        int
		wantClicksAfter   float64
		advanceBeforeStep time.Duration
	}{
		{"first visitor", id, "", "visitor-aaaa", browser, 204, 1, 0},
		{"same visitor again", id, "", "visitor-aaaa", browser, 204, 1, 0},
		{"second visitor (signed in)", id, otherTok, "visitor-bbbb", browser, 204, 2, 0},
		{"the owner", id, ownerTok, "visitor-cccc", browser, 204, 2, 0},
		{"a crawler", id, "", "visitor-dddd", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", 204, 2, 0},
		{"a script", id, "", "visitor-eeee", "curl/8.5.0", 204, 2, 0},
		{"no user agent", id, "", "visitor-ffff", "", 204, 2, 0},
		{"a draft", draft, "", "visitor-aaaa", browser, 204, 2, 0},
		{"bad visitor id", id, "", "x", browser, 400, 2, 0},
		{"unknown ad", "01NOSUCHAD0000000000000000", "", "visitor-aaaa", browser, 404, 2, 0},
		{"first visitor the next day", id, "", "visitor-aaaa", browser, 204, 3, 25 * time.Hour},
	}
	for _, s := range steps {
		c.clock.Advance(s.advanceBeforeStep)
		if r := view(s.path, s.token, s.vis, s.ua); r.Status != s.wantStatus {
			t.Errorf("%s: got %d %s, want %d", s.name, r.Status, r.Body, s.wantStatus)
		}
		if got := clicks(); got != s.wantClicksAfter {
			t.Errorf("%s: clicks: got %v, want %v", s.name, got, s.wantClicksAfter)
		}
	}
	// The guard expires by TTL and stores no raw visitor id.
	if n := c.count(t, "VIEW#"+id+"#", catalog.VisitorHash("visitor-aaaa")); n != 2 {
		t.Errorf("view guards of visitor-aaaa: got %d, want 2 (two days)", n)
	}
	if n := c.count(t, "VIEW#", "visitor-"); n != 0 {
		t.Errorf("raw visitor ids stored: %d", n)
	}
	// My ads shows the clicks too.
	mine := c.do(t, "GET", "/api/v1/products/mine?status=active", ownerTok, nil).items()
	if len(mine) != 1 || mine[0]["clicks"] != float64(3) {
		t.Errorf("mine: got %v, want one active ad with 3 clicks", mine)
	}
	if counted, err := c.store.CountView(context.Background(), id, catalog.VisitorHash("visitor-zzzz"), c.clock.Now()); err != nil || !counted {
		t.Errorf("CountView: got %v %v, want counted", counted, err)
	}
}

func TestIsBot(t *testing.T) {
	tests := map[string]bool{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36": false,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile Safari/604.1": false,
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)":                 true,
		"facebookexternalhit/1.1": true,
		"Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0 Safari/537.36": true,
		"python-requests/2.32": true,
		"Go-http-client/1.1":   true,
		"":                     true,
	}
	for ua, want := range tests {
		if got := catalog.IsBot(ua); got != want {
			t.Errorf("IsBot(%q): got %v, want %v", ua, got, want)
		}
	}
}

// TestMyAdsPagination: My ads pages through a seller's own ads newest
// created first without duplicates or gaps, filters by status, and
// refuses a cursor of another list.
func TestMyAdsPagination(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	_, otherTok := c.user(t, auth.RoleUser)
	c.subscribe(t, owner, sub{remaining: 6, images: 5}) // one left: drafts need a seller who can publish
	var created []string
	for i := range 43 {
		c.clock.Advance(time.Millisecond)
		if i%10 == 0 {
			created = append(created, c.published(t, tok))
			continue
		}
		created = append(created, c.draft(t, tok))
	}
	var got []string
	cursor := ""
	for page := 0; ; page++ {
		path := "/api/v1/products/mine"
		if cursor != "" {
			path += "?cursor=" + cursor
		}
		r := c.do(t, "GET", path, tok, nil)
		if r.Status != 200 {
			t.Fatalf("page %d: got %d %s", page, r.Status, r.Body)
		}
		items := r.items()
		if want := min(20, 43-page*20); len(items) != want {
			t.Errorf("page %d: got %d items, want %d", page, len(items), want)
		}
		for _, it := range items {
			got = append(got, it["id"].(string))
		}
		cursor = r.str("nextCursor")
		if cursor == "" {
			break
		}
		if page > 3 {
			t.Fatal("too many pages")
		}
	}
	if len(got) != len(created) {
		t.Fatalf("got %d ads, want %d", len(got), len(created))
	}
	for i := range got {
		if want := created[len(created)-1-i]; got[i] != want {
			t.Errorf("position %d: got %s, want %s (newest first)", i, got[i], want)
		}
	}
	active := c.do(t, "GET", "/api/v1/products/mine?status=active", tok, nil)
	if n := len(active.items()); n != 5 || active.str("nextCursor") != "" {
		t.Errorf("active: got %d items, cursor %q, want 5 and none", n, active.str("nextCursor"))
	}
	first := c.do(t, "GET", "/api/v1/products/mine?status=draft", tok, nil)
	if n := len(first.items()); n != 20 || first.str("nextCursor") == "" {
		t.Fatalf("drafts page 1: got %d items", n)
	}
	second := c.do(t, "GET", "/api/v1/products/mine?status=draft&cursor="+first.str("nextCursor"), tok, nil)
	if n := len(second.items()); n != 18 {
		t.Errorf("drafts page 2: got %d items, want 18", n)
	}
	for _, tc := range []struct{ name, path, token string }{
		{"cursor of another status", "/api/v1/products/mine?cursor=" + first.str("nextCursor"), tok},
		{"cursor of another seller", "/api/v1/products/mine?status=draft&cursor=" + first.str("nextCursor"), otherTok},
		{"forged cursor", "/api/v1/products/mine?cursor=eyJ2IjoxfQ.AAAA", tok},
	} {
		if r := c.do(t, "GET", tc.path, tc.token, nil); r.Status != 400 || r.Code() != "invalid_cursor" {
			t.Errorf("%s: got %d %s, want 400 invalid_cursor", tc.name, r.Status, r.Body)
		}
	}
	if r := c.do(t, "GET", "/api/v1/products/mine?status=sold", tok, nil); r.Status != 400 {
		t.Errorf("unknown status: got %d", r.Status)
	}
	if r := c.do(t, "GET", "/api/v1/products/mine", otherTok, nil); r.Status != 200 || len(r.items()) != 0 {
		t.Errorf("another seller: got %d %s, want no ads", r.Status, r.Body)
	}
}

// TestExpiry: the schedule's ExpireDue expires ads past their run (and
// only those), takes them out of search, and an expired ad must be
// published again, which consumes an ad.
func TestExpiry(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	subID := c.subscribe(t, owner, sub{remaining: 3, images: 5, adDays: 1, expiresIn: 365 * 24 * time.Hour})
	short := c.published(t, tok, set("title", "Kurzlauf Schalungstafeln"))
	c.clock.Advance(12 * time.Hour)
	later := c.published(t, tok, set("title", "Langlauf Schalungstafeln"))
	inactive := c.published(t, tok, set("title", "Pausiert Schalungstafeln"))
	if r := c.do(t, "PATCH", "/api/v1/products/"+inactive+"/status", tok, map[string]any{"status": "inactive"}); r.Status != 200 {
		t.Fatalf("deactivate: got %d", r.Status)
	}
	ctx := context.Background()

	c.clock.Advance(13 * time.Hour) // 25 h after the first publication, 13 h after the others
	n, err := c.store.ExpireDue(ctx, c.clock.Now())
	if err != nil || n != 1 {
		t.Fatalf("ExpireDue: got %d, %v, want 1", n, err)
	}
	if n, err := c.store.ExpireDue(ctx, c.clock.Now()); err != nil || n != 0 {
		t.Errorf("second run: got %d, %v, want 0", n, err)
	}
	if r := c.do(t, "GET", "/api/v1/products/"+short, tok, nil); r.str("status") != "expired" {
		t.Errorf("short: got %s", r.str("status"))
	}
	if ids := c.searchIDs(t, "q=schalungstafeln"); len(ids) != 1 || ids[0] != later {
		t.Errorf("search: got %v, want only %s", ids, later)
	}
	if r := c.do(t, "PATCH", "/api/v1/products/"+short+"/status", tok, map[string]any{"status": "active"}); r.Status != 409 || r.Code() != "product_expired" {
		t.Errorf("activate expired: got %d %s", r.Status, r.Body)
	}
	c.clock.Advance(12 * time.Hour)
	// An inactive ad past its run cannot be reactivated either.
	if r := c.do(t, "PATCH", "/api/v1/products/"+inactive+"/status", tok, map[string]any{"status": "active"}); r.Status != 409 || r.Code() != "product_expired" {
		t.Errorf("activate inactive past its run: got %d %s", r.Status, r.Body)
	}
	if got := c.remaining(t, owner, subID); got != 0 {
		t.Fatalf("remaining: got %d, want 0", got)
	}
	c.subscribe(t, owner, sub{remaining: 1, images: 5})
	r := c.do(t, "POST", "/api/v1/products/"+short+"/publish", tok, nil)
	if r.Status != 200 || r.str("status") != "active" {
		t.Fatalf("publish expired again: got %d %s", r.Status, r.Body)
	}
	if ids := c.searchIDs(t, "q=kurzlauf"); len(ids) != 1 {
		t.Errorf("republished in search: got %v", ids)
	}
	if n, err := c.store.ExpireDue(ctx, c.clock.Now()); err != nil || n != 1 {
		t.Errorf("third run (the second ad's run ended): got %d, %v, want 1", n, err)
	}
}
