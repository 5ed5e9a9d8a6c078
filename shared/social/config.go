package social

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Known providers, in display order.
const (
	ProviderGoogle   = "google"
	ProviderFacebook = "facebook"
)

// Providers lists the providers the API knows.
var Providers = []string{ProviderGoogle, ProviderFacebook}

// DefaultIssuers are the issuers used when a provider's Issuer is empty.
var DefaultIssuers = map[string]string{
	ProviderGoogle:   "https://accounts.google.com",
	ProviderFacebook: "https://www.facebook.com",
}

// MinCookieKeyBytes is the shortest accepted Config.CookieKey.
const MinCookieKeyBytes = 32

// Config configures the handler.
type Config struct {
	// SiteURL is the site's origin ("https://remat.ch"): redirects to the
	// SPA and the callback URL registered with each provider
	// ({SiteURL}/api/v1/auth/oauth/{provider}/callback) are built from it.
	SiteURL string
	// Providers maps a provider name (see Providers) to its settings. A
	// provider missing here or without a ClientID is not configured.
	Providers map[string]ProviderConfig
	// CookieKey signs the flow cookie; at least MinCookieKeyBytes bytes
	// (see CookieKeyFrom).
	CookieKey []byte
	// HTTPClient talks to the providers; nil means a client with a
	// 10-second timeout.
	HTTPClient *http.Client
	// Handovers keeps the one-time codes that carry the session token to
	// the SPA (handover.go); required once a provider is configured.
	Handovers Handovers
}

// ProviderConfig is one provider's registration.
type ProviderConfig struct {
	// Issuer is the OpenID issuer URL, discovered at
	// {Issuer}/.well-known/openid-configuration; empty means the
	// provider's DefaultIssuers entry.
	Issuer       string
	ClientID     string
	ClientSecret string
	// TrustEmail treats an e-mail without an email_verified claim as
	// verified, for providers that only release verified addresses and do
	// not send the claim. An explicit email_verified=false always wins.
	TrustEmail bool
}

// Configured reports whether p can be used: it has a client id.
func (p ProviderConfig) Configured() bool { return p.ClientID != "" }

// ConfiguredProviders lists the known providers that are configured, in
// the order of Providers (for GET /settings).
func (c Config) ConfiguredProviders() []string {
	var out []string
	for _, name := range Providers {
		if c.Providers[name].Configured() {
			out = append(out, name)
		}
	}
	return out
}

// Validate reports every problem of c at once. A Config with no configured
// provider is valid whatever its other fields: every route is then 404.
func (c Config) Validate() error {
	var errs []error
	for name := range c.Providers {
		if !slices.Contains(Providers, name) {
			errs = append(errs, fmt.Errorf("social: unknown provider %q", name))
		}
	}
	if len(c.ConfiguredProviders()) == 0 {
		return errors.Join(errs...)
	}
	u, err := url.Parse(c.SiteURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		errs = append(errs, fmt.Errorf("social: SiteURL %q: want an origin like https://remat.ch", c.SiteURL))
	}
	if c.Handovers == nil {
		errs = append(errs, errors.New("social: Handovers: missing (the sign-in cannot hand its token over)"))
	}
	if len(c.CookieKey) < MinCookieKeyBytes {
		errs = append(errs, fmt.Errorf("social: CookieKey: got %d bytes, want at least %d", len(c.CookieKey), MinCookieKeyBytes))
	}
	for _, name := range c.ConfiguredProviders() {
		p := c.Providers[name]
		if p.ClientSecret == "" {
			errs = append(errs, fmt.Errorf("social: provider %s: client secret missing", name))
		}
		if iss := p.Issuer; iss != "" {
			if u, err := url.Parse(iss); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				errs = append(errs, fmt.Errorf("social: provider %s: issuer %q is not a URL", name, iss))
			}
		}
	}
	return errors.Join(errs...)
}

// CookieKeyFrom derives the cookie key from a longer-lived secret (such as
// the JWT signing key), so no extra secret has to be managed and the two
// uses never share a key.
func CookieKeyFrom(secret []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("remat social sign-in cookie v1"))
	return m.Sum(nil)
}

func (c Config) siteURL() string { return strings.TrimRight(c.SiteURL, "/") }

func (c Config) secureCookies() bool { return strings.HasPrefix(c.SiteURL, "https://") }

func (c Config) httpClient() *http.Client {
	if c.HTTPClient != nil {
		return c.HTTPClient
	}
	return &http.Client{Timeout: 10 * time.Second}
}
