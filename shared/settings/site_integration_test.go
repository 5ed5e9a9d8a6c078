package settings_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/settings"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

func get(t *testing.T, h http.Handler) (*http.Response, settings.Settings) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/api/v1/settings", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	resp := rec.Result()
	testcloud.ValidateResponse(t, req, resp)
	var body settings.Settings
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestSiteSettingsRoundTrip saves site settings in DynamoDB Local and reads
// them back through the store and the public GET /settings.
func TestSiteSettingsRoundTrip(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	store := settings.NewSiteStore(db, table)
	h := settings.NewSiteHandler(settings.FromConfig(config.Config{}), store)

	site, err := store.Site(ctx)
	if err != nil || site.Version != 0 || !site.SignupsOpen || site.Notice.Enabled {
		t.Fatalf("before any change: got %+v, %v, want the defaults", site, err)
	}
	resp, body := get(t, h)
	if body.Notice != nil || !body.SignupsOpen || resp.Header.Get("Cache-Control") != settings.CacheControl {
		t.Errorf("public before: got %+v (%s), want no notice, sign-ups open, cacheable", body, resp.Header.Get("Cache-Control"))
	}

	end := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	next := settings.Site{
		Notice: settings.Notice{Enabled: true, Level: settings.NoticeWarning, EndsAt: end, Text: map[string]string{
			"en": "Maintenance tonight", "fr": "Maintenance ce soir", "de": "Wartung heute Abend", "it": "Manutenzione stasera", "sq": "Mirëmbajtje sonte",
		}},
		SignupsOpen: false, UpdatedAt: time.Now(), UpdatedBy: "ada@remat.ch",
	}
	if err := store.Save(ctx, next, 0); err != nil {
		t.Fatalf("first save: %v", err)
	}
	if err := store.Save(ctx, next, 0); !errors.Is(err, apperr.New(apperr.CodeEditConflict, nil)) {
		t.Errorf("second save on version 0: got %v, want edit_conflict", err)
	}
	site, err = store.Site(ctx)
	if err != nil || site.Version != 1 || site.SignupsOpen || site.Notice.Text["sq"] != "Mirëmbajtje sonte" ||
		!site.Notice.EndsAt.Equal(end) || site.UpdatedBy != "ada@remat.ch" {
		t.Fatalf("after save: got %+v, %v", site, err)
	}
	if open, err := store.SignupsOpen(ctx); err != nil || open {
		t.Errorf("SignupsOpen: got %v, %v, want false", open, err)
	}
	_, body = get(t, h)
	if body.Notice == nil || body.Notice.ID != "1" || body.Notice.Level != settings.NoticeWarning ||
		body.Notice.Text["de"] != "Wartung heute Abend" || body.SignupsOpen {
		t.Errorf("public after: got %+v", body)
	}

	next.Notice.Enabled, next.SignupsOpen = false, true
	if err := store.Save(ctx, next, 1); err != nil {
		t.Fatalf("save on version 1: %v", err)
	}
	if _, body = get(t, h); body.Notice != nil || !body.SignupsOpen {
		t.Errorf("public after switching off: got %+v", body)
	}
}

// TestSiteSettingsUnavailable: without the table the public settings still
// answer, with the defaults, uncached.
func TestSiteSettingsUnavailable(t *testing.T) {
	db, _ := testcloud.DynamoDB(t)
	h := settings.NewSiteHandler(settings.FromConfig(config.Config{}), settings.NewSiteStore(db, "no-such-table"))
	resp, body := get(t, h)
	if resp.StatusCode != http.StatusOK || body.Notice != nil || !body.SignupsOpen || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("got %d %+v (%s), want 200 with the defaults, no-store", resp.StatusCode, body, resp.Header.Get("Cache-Control"))
	}
}
