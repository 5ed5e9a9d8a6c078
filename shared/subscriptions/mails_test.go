package subscriptions

import (
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/accounts"
)

func TestReminderMailEveryLanguage(t *testing.T) {
	d := Due{ID: "s", PlanName: map[string]string{"en": "Pro", "de": "Profi"}, ExpiresAt: time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)}
	for _, lang := range append(accounts.Languages, "xx") {
		u := accounts.User{FirstName: "Léa", Email: "lea@example.ch", Language: lang}
		m, err := reminderMail("no-reply@remat.ch", "https://remat.example", u, d)
		if err == nil {
			err = m.Validate()
		}
		if err != nil {
			t.Errorf("%s: %v", lang, err)
		}
		// 23:30 UTC on 31 December is 1 January in Zurich.
		if !strings.Contains(m.Subject, "01.01.2027") || !strings.Contains(m.Text, "Léa") {
			t.Errorf("%s: got %q / %q", lang, m.Subject, m.Text)
		}
		wantLang := lang
		if lang == "xx" {
			wantLang = accounts.DefaultLanguage
		}
		if !strings.Contains(m.Text, "https://remat.example/"+wantLang+"/vendre?choosePlan=true") {
			t.Errorf("%s: no renewal link in %q", lang, m.Text)
		}
	}
	if m, err := reminderMail("a@b.ch", "https://x", accounts.User{Email: "e@x.ch", Language: "de"}, d); err != nil || !strings.Contains(m.Subject, "«Profi»") {
		t.Errorf("German plan name: got %q, %v", m.Subject, err)
	}
}

func TestExpiryPK(t *testing.T) {
	got := ExpiryPK(time.Date(2026, 3, 1, 23, 59, 0, 0, time.FixedZone("x", -3600)))
	if got != "SUBEXP#2026-03-02" {
		t.Errorf("got %v, want SUBEXP#2026-03-02 (UTC date)", got)
	}
}
