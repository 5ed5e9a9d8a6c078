package settings

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/remat/remat/shared/config"
)

func TestGetSettings(t *testing.T) {
	cfg := config.Config{StripePublishableKey: "pk_test_abc", Features: config.Features{Payments: true}}
	rec := httptest.NewRecorder()
	NewHandler(FromConfig(cfg)).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/settings", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("status: got %v, want %v", rec.Code, http.StatusOK)
	}
	want := `{"languages":["en","fr","de","it","sq"],"defaultLanguage":"en","fallbackLanguage":"en","redirectLanguage":"fr",` +
		`"currency":"CHF","vatRate":"8.1","stripePublishableKey":"pk_test_abc","paymentMode":"stripe","features":{"payments":true,"socialLogin":false},` +
		`"socialProviders":[],` +
		`"limits":{"contactUs":{"nameMax":100,"emailMax":254,"subjectMax":150,"messageMax":5000},"password":{"min":10,"max":128}},` +
		`"notice":null,"signupsOpen":true}`
	if got := strings.TrimSpace(rec.Body.String()); got != want {
		t.Errorf("body:\ngot  %s\nwant %s", got, want)
	}
	headers := map[string]string{
		"Cache-Control":          "public, max-age=50",
		"Content-Type":           "application/json; charset=utf-8",
		"X-Content-Type-Options": "nosniff",
	}
	for k, v := range headers {
		if got := rec.Header().Get(k); got != v {
			t.Errorf("%s: got %q, want %q", k, got, v)
		}
	}
}

func TestSettingsOtherMethods(t *testing.T) {
	rec := httptest.NewRecorder()
	NewHandler(FromConfig(config.Config{})).ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/settings", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("got %v, want %v", rec.Code, http.StatusMethodNotAllowed)
	}
	if got := rec.Header().Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control: got %q, want no-store on errors", got)
	}
}

func TestSocialProviders(t *testing.T) {
	tests := []struct {
		providers []string
		social    bool
		want      string
	}{
		{nil, false, `"socialProviders":[]`},
		{[]string{"google"}, true, `"socialProviders":["google"]`},
		{[]string{"google", "facebook"}, true, `"socialProviders":["google","facebook"]`},
	}
	for _, tt := range tests {
		s := FromConfig(config.Config{SocialProviders: tt.providers})
		if s.Features.SocialLogin != tt.social {
			t.Errorf("%v: socialLogin: got %v, want %v", tt.providers, s.Features.SocialLogin, tt.social)
		}
		rec := httptest.NewRecorder()
		NewHandler(s).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/settings", nil))
		if !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%v: body: got %s, want %s", tt.providers, rec.Body.String(), tt.want)
		}
	}
}

// TestPaymentMode: Stripe with a publishable key, the test-mode provider
// without one outside production, nothing in production without one.
func TestPaymentMode(t *testing.T) {
	tests := []struct {
		cfg      config.Config
		mode     string
		payments bool
	}{
		{config.Config{Stage: config.StageProd, StripePublishableKey: "pk_live_x"}, "stripe", true},
		{config.Config{Stage: config.StageLocal, StripePublishableKey: "pk_test_x"}, "stripe", true},
		{config.Config{Stage: config.StageLocal}, "test", true},
		{config.Config{Stage: config.StageDev}, "test", true},
		{config.Config{Stage: config.StageProd}, "", false},
	}
	for _, tt := range tests {
		s := FromConfig(tt.cfg)
		if s.PaymentMode != tt.mode || s.Features.Payments != tt.payments {
			t.Errorf("%s with key %q: got mode %q payments %v, want %q %v", tt.cfg.Stage, tt.cfg.StripePublishableKey, s.PaymentMode, s.Features.Payments, tt.mode, tt.payments)
		}
	}
}
