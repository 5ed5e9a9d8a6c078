// Package settings serves GET /api/v1/settings: the public configuration
// the SPA loads at start-up (languages, currency and VAT, the Stripe
// publishable key, feature flags, the social sign-in providers and input
// limits). It holds no secrets;
// the response is built once at cold start and may be cached for a minute.
package settings

import (
	"net/http"

	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/limits"
	"github.com/remat/remat/shared/money"
	"github.com/remat/remat/shared/password"
)

// Languages of the UI (spec §1): English is the default and fallback of
// the start-up configuration, French is where unprefixed paths redirect.
var Languages = []string{"en", "fr", "de", "it", "sq"}

// Language defaults.
const (
	DefaultLanguage  = "en"
	FallbackLanguage = "en"
	RedirectLanguage = "fr"
)

// CacheControl lets browsers and CloudFront reuse the settings briefly.
const CacheControl = "public, max-age=60"

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
	}
}

// NewHandler returns the settings API, wired with httpx's standard
// middleware:
//
//	GET /api/v1/settings  public; 200 Settings, Cache-Control: public, max-age=60
func NewHandler(s Settings) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/settings", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Cache-Control", CacheControl)
		httpx.JSON(w, http.StatusOK, s)
	})
	return httpx.NewHandler(mux)
}
