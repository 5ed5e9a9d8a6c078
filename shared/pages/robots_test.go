package pages_test

import (
	"bufio"
	"strings"
	"testing"

	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/pages"
)

// robotsRules are the Allow/Disallow rules of robots.txt's group for all
// crawlers and its Sitemap lines.
type robotsRules struct {
	allow, disallow []string
	sitemaps        []string
}

func parseRobots(t *testing.T, body string) robotsRules {
	t.Helper()
	var r robotsRules
	group := false
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		field, value, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("robots.txt: line %q is not field: value", line)
		}
		value = strings.TrimSpace(value)
		switch strings.ToLower(field) {
		case "user-agent":
			group = value == "*"
		case "allow":
			if group {
				r.allow = append(r.allow, value)
			}
		case "disallow":
			if group {
				r.disallow = append(r.disallow, value)
			}
		case "sitemap":
			r.sitemaps = append(r.sitemaps, value)
		default:
			t.Fatalf("robots.txt: unknown field %q", field)
		}
	}
	return r
}

// allowed applies RFC 9309: the longest matching rule wins, Allow on a tie.
func (r robotsRules) allowed(path string) bool {
	best, allow := -1, true
	for _, p := range r.allow {
		if strings.HasPrefix(path, p) && len(p) >= best {
			best, allow = len(p), true
		}
	}
	for _, p := range r.disallow {
		if strings.HasPrefix(path, p) && len(p) > best {
			best, allow = len(p), false
		}
	}
	return allow
}

func TestRobotsTxt(t *testing.T) {
	h := newSitemaps(t, aprilAds(), testSiteURL+"/")
	rec := fetch(h, "GET", "/robots.txt")
	if rec.Code != 200 {
		t.Fatalf("status: got %d", rec.Code)
	}
	r := parseRobots(t, rec.Body.String())
	if want := []string{testSiteURL + "/sitemap.xml"}; len(r.sitemaps) != 1 || r.sitemaps[0] != want[0] {
		t.Errorf("Sitemap: got %v, want %v", r.sitemaps, want)
	}

	tests := []struct {
		path string
		want bool
	}{
		{"/", true},
		{"/fr/", true},
		{"/de/products", true},
		{"/it/products?category=tiles", true},
		{"/en/product/01HZX", true},
		{"/sq/seller/01HZX", true},
		{"/fr/vendre", true},
		{"/sitemap.xml", true},
		{"/sitemap-fr-ads-2026-04.xml", true},
		{"/images/products/x/card.webp", true},
		{"/api/v1/products", false},
		{"/api/", false},
		{"/fr/user", false},
		{"/fr/user/products", false},
		{"/de/admin/reports", false},
		{"/sq/invoice/01HZX", false},
		{"/en/choose-plan", false},
		{"/it/payment/01HZX", false},
		{"/fr/login", false},
		{"/de/account-creation", false},
		{"/en/email-verification?token=x", false},
		{"/fr/forgot-password", false},
		{"/it/reset-password/abc", false},
		{"/sq/unsubscribe/abc", false},
	}
	for _, tt := range tests {
		if got := r.allowed(tt.path); got != tt.want {
			t.Errorf("allowed(%s): got %v, want %v", tt.path, got, tt.want)
		}
	}
	// Every language: the private routes kept out, the public ones not.
	for _, lang := range langs.All {
		for _, seg := range pages.PrivateSegments {
			if r.allowed("/" + lang + "/" + seg) {
				t.Errorf("/%s/%s is not disallowed", lang, seg)
			}
		}
		public := append([]string{pages.SegProduct + "/01HZX", pages.SegSeller + "/01HZX"}, pages.StaticPublicSegments...)
		for _, seg := range public {
			if !r.allowed("/" + lang + "/" + seg) {
				t.Errorf("/%s/%s is disallowed", lang, seg)
			}
		}
	}
}
