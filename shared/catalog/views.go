package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/remat/remat/shared/auth"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ratelimit"
)

// Limits of the view counter. The visitor id is the browser's own word: a
// client inventing a new one per request would count again and again. The
// client address (an IPv6 client's /64, see ratelimit.AddressKey) bounds
// what one client counts and what it costs.
const (
	// ViewAddressLimit views per ViewAddressWindow may come from one
	// address, whatever the ad: an ad page every two seconds for ten
	// minutes, which no one reading ads reaches, nor a few people behind
	// one office router. Beyond it a script only spends the table's
	// writes: too_many_requests.
	ViewAddressLimit  = 300
	ViewAddressWindow = 10 * time.Minute

	scopeViewAddress = "view-addr"
	// scopeViewOnce: one counted view per address, ad and UTC day (the
	// limiter's 24-hour windows start at midnight UTC, like the visitor
	// guard's day). People sharing an address count once a day per ad.
	scopeViewOnce  = "view-once"
	viewOnceWindow = 24 * time.Hour
)

// Limiter is the rate limiter the view counter consults
// (*ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// errNoLimiter: View needs WithLimiter.
var errNoLimiter = errors.New("catalog: view: no rate limiter (WithLimiter)")

// WithLimiter returns a copy of the service whose view counter limits
// client addresses with l; View fails without one.
func (s *Service) WithLimiter(l Limiter) *Service {
	c := s.copyWith(s.now, s.published)
	c.limiter = l
	return c
}

// allowView counts a view request from addr against ViewAddressLimit.
func (s *Service) allowView(ctx context.Context, addr string) error {
	if s.limiter == nil {
		return errNoLimiter
	}
	d, err := s.limiter.Allow(ctx, scopeViewAddress, ratelimit.AddressKey(addr), ViewAddressLimit, ViewAddressWindow)
	if err != nil {
		return fmt.Errorf("catalog: view: %w", err)
	}
	if !d.Allowed {
		return fmt.Errorf("catalog: view from %s: %w", ratelimit.AddressKey(addr), apperr.TooManyRequests(d.RetryAfter))
	}
	return nil
}

// firstViewToday reports whether addr has not had a view of ad id counted
// today, and marks it counted.
func (s *Service) firstViewToday(ctx context.Context, id, addr string) (bool, error) {
	d, err := s.limiter.Allow(ctx, scopeViewOnce, ratelimit.AddressKey(addr)+" "+id, 1, viewOnceWindow)
	if err != nil {
		return false, fmt.Errorf("catalog: view of ad %s: %w", id, err)
	}
	return d.Allowed, nil
}

// View counts a click on ad id by visitorID (a random id the browser
// keeps) from the client address addr unless the viewer owns the ad, the
// user agent is a bot, or this visitor or this address (an IPv6 client's
// /64) was counted for the ad today. Ads that are not active count
// nothing; unknown ads are product_not_found. One address posts at most
// ViewAddressLimit views per ViewAddressWindow, whatever the ad
// (too_many_requests).
func (s *Service) View(ctx context.Context, viewer auth.Principal, id, visitorID, userAgent, addr string) error {
	if n := len(visitorID); n < 8 || n > 100 || strings.Trim(visitorID, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return apperr.Validation(map[string]string{"visitorId": apperr.FieldInvalid})
	}
	if err := s.allowView(ctx, addr); err != nil {
		return err
	}
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return err
	}
	if a.Status != StatusActive || viewer.UserID == a.SellerID || IsBot(userAgent) {
		return nil
	}
	if first, err := s.firstViewToday(ctx, id, addr); err != nil || !first {
		return err
	}
	_, err = s.store.CountView(ctx, id, VisitorHash(visitorID), s.now().UTC())
	return err
}

// botMarkers are substrings (lower-case) of the user agents of crawlers,
// previewers, monitors and scripts.
var botMarkers = []string{
	"bot", "crawl", "spider", "slurp", "facebookexternalhit", "embedly", "preview", "headless", "lighthouse",
	"pingdom", "uptime", "monitor", "curl/", "wget/", "python-requests", "python-urllib", "go-http-client",
	"okhttp", "java/", "libwww", "httpclient", "axios/", "node-fetch", "scrapy", "phantomjs", "selenium",
}

// IsBot reports whether userAgent looks like a crawler or a script (an
// empty user agent does too).
func IsBot(userAgent string) bool {
	ua := strings.ToLower(strings.TrimSpace(userAgent))
	if ua == "" {
		return true
	}
	for _, m := range botMarkers {
		if strings.Contains(ua, m) {
			return true
		}
	}
	return false
}
