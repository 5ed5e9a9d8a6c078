package settings_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/settings"
)

func TestSettingsMatchOpenAPI(t *testing.T) {
	for _, cfg := range []config.Config{
		{},
		{StripePublishableKey: "pk_test_x", Features: config.Features{Payments: true, SocialLogin: true}},
		{SocialProviders: []string{"google", "facebook"}},
	} {
		req := httptest.NewRequest(http.MethodGet, "/api/v1/settings", nil)
		rec := httptest.NewRecorder()
		settings.NewHandler(settings.FromConfig(cfg)).ServeHTTP(rec, req)
		testcloud.ValidateResponse(t, req, rec.Result())
	}
}
