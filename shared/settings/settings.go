// Package settings serves GET /api/v1/settings: the public configuration
// the SPA loads at start-up (languages, currency and VAT, the Stripe
// publishable key, feature flags, the social sign-in providers and input
// limits), built once at cold start, merged with the site settings
// operators change without a deploy (site.go: the notice banner, whether
// sign-ups are open), read from the table (store.go, keys.go). It holds no
// secrets. A change reaches visitors within a minute: a warm function
// reuses what it read for CacheTTL (10 s) and the response may be cached
// for 50 s more (CacheControl).
//
// The administrators edit the site settings through the admin function
// (package admin, site_settings.go).
package settings

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/limits"
	"github.com/remat/remat/shared/money"
	"github.com/remat/remat/shared/password"
)

// Languages of the UI (spec §1): English is the default and fallback of
// the start-up configuration, French is where unprefixed paths redirect.
var Languages = langs.All

// Language defaults.
const (
	DefaultLanguage  = "en"
	FallbackLanguage = "en"
	RedirectLanguage = "fr"
)

// CacheControl lets browsers and CloudFront reuse the settings briefly:
// with CacheTTL, an administrator's change is visible within 60 seconds.
const CacheControl = "public, max-age=50"

// siteReadTimeout bounds the read of the site settings; past it the
// response carries the defaults (no notice, sign-ups open) uncached.
const siteReadTimeout = 2 * time.Second

// Settings is the response body.
type Settings struct {
	Languages            []string `json:"languages"`
	DefaultLanguage      string   `json:"defaultLanguage"`
	FallbackLanguage     string   `json:"fallbackLanguage"`
	RedirectLanguage     string   `json:"redirectLanguage"`
	Currency             string   `json:"currency"`
	VATRate              string   `json:"vatRate"`
	StripePublishableKey string   `json:"stripePublishableKey"`
	// PaymentMode is "stripe", "test" (the labelled test-mode provider) or
	// "" when payments are off.
	PaymentMode string   `json:"paymentMode"`
	Features    Features `json:"features"`
	// SocialProviders are the configured sign-in providers (never null).
	SocialProviders []string `json:"socialProviders"`
	Limits          Limits   `json:"limits"`
	// Notice is the site-wide banner to show now, or null.
	Notice *PublicNotice `json:"notice"`
	// SignupsOpen is false while new sign-ups are refused (signups_closed).
	SignupsOpen bool `json:"signupsOpen"`
}

// PublicNotice is the banner as every visitor gets it. ID changes with
// every saved change of the settings, so a visitor who dismissed one
// notice sees the next.
type PublicNotice struct {
	ID     string            `json:"id"`
	Level  NoticeLevel       `json:"level"`
	Text   map[string]string `json:"text"`
	EndsAt *string           `json:"endsAt"`
}

// WithSite returns s with site's notice (when it shows at now) and
// sign-up switch.
func (s Settings) WithSite(site Site, now time.Time) Settings {
	s.SignupsOpen = site.SignupsOpen
	s.Notice = nil
	if site.Notice.Shows(now) {
		n := &PublicNotice{ID: strconv.Itoa(site.Version), Level: site.Notice.Level, Text: site.Notice.Text}
		if !site.Notice.EndsAt.IsZero() {
			end := site.Notice.EndsAt.UTC().Format(time.RFC3339)
			n.EndsAt = &end
		}
		s.Notice = n
	}
	return s
}

// Features are the product switches.
type Features struct {
	Payments    bool `json:"payments"`
	SocialLogin bool `json:"socialLogin"`
}

// Limits are the input bounds the SPA enforces before the API does.
type Limits struct {
	ContactUs ContactUsLimits `json:"contactUs"`
	Password  PasswordLimits  `json:"password"`
}

// PasswordLimits mirror the password package's policy.
type PasswordLimits struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// ContactUsLimits mirror the contactus package's constants.
type ContactUsLimits struct {
	NameMax    int `json:"nameMax"`
	EmailMax   int `json:"emailMax"`
	SubjectMax int `json:"subjectMax"`
	MessageMax int `json:"messageMax"`
}

// FromConfig builds the settings of a deployment.
func FromConfig(cfg config.Config) Settings {
	return Settings{
		Languages:            Languages,
		DefaultLanguage:      DefaultLanguage,
		FallbackLanguage:     FallbackLanguage,
		RedirectLanguage:     RedirectLanguage,
		Currency:             money.Currency,
		VATRate:              money.SwissVAT.Percent(),
		StripePublishableKey: cfg.StripePublishableKey,
		PaymentMode:          string(cfg.PaymentMode()),
		Features: Features{
			Payments:    cfg.PaymentMode() != config.PaymentNone,
			SocialLogin: cfg.Features.SocialLogin || len(cfg.SocialProviders) > 0,
		},
		SocialProviders: append([]string{}, cfg.SocialProviders...),
		Limits: Limits{ContactUs: ContactUsLimits{
			NameMax:    limits.ContactUsName,
			EmailMax:   limits.ContactUsEmail,
			SubjectMax: limits.ContactUsSubject,
			MessageMax: limits.ContactUsMessage,
		}, Password: PasswordLimits{Min: password.MinLength, Max: password.MaxLength}},
		SignupsOpen: true,
	}
}

// NewHandler returns the settings API with s alone (no site settings:
// no notice, sign-ups open), wired with httpx's standard middleware:
//
//	GET /api/v1/settings  public; 200 Settings, Cache-Control: public, max-age=50
func NewHandler(s Settings) http.Handler {
	return NewSiteHandler(s, nil)
}

// NewSiteHandler is NewHandler with the site settings of site merged into
// each response (WithSite). When they cannot be read, the response has
// the defaults and Cache-Control: no-store, and the cause is logged.
func NewSiteHandler(s Settings, site SiteSource) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/settings", func(w http.ResponseWriter, r *http.Request) {
		body := s
		if site != nil {
			ctx, cancel := context.WithTimeout(r.Context(), siteReadTimeout)
			defer cancel()
			current, err := site.Site(ctx)
			if err != nil {
				slog.ErrorContext(r.Context(), "settings: site settings unavailable; serving defaults", "err", err.Error())
				httpx.JSON(w, http.StatusOK, body.WithSite(DefaultSite(), time.Now()))
				return
			}
			body = body.WithSite(current, time.Now())
		}
		w.Header().Set("Cache-Control", CacheControl)
		httpx.JSON(w, http.StatusOK, body)
	})
	return httpx.NewHandler(mux)
}
