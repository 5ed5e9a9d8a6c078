package privacy

import (
	"strings"
	"testing"

	"github.com/remat/remat/shared/accounts"
)

func TestDeletedMailInEveryLanguage(t *testing.T) {
	subjects := map[string]bool{}
	for _, lang := range accounts.Languages {
		t.Run(lang, func(t *testing.T) {
			u := accounts.User{ID: "01J", FirstName: "Ana <b>", Email: "ana@example.ch", Language: lang}
			m, err := deletedMail(u, "no-reply@remat.ch", "https://remat.test/")
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Validate(); err != nil {
				t.Fatal(err)
			}
			subjects[m.Subject] = true
			contact := "https://remat.test/" + lang + "/contact-us"
			if m.To[0] != u.Email || !strings.Contains(m.Text, contact) || !strings.Contains(m.HTML, contact) {
				t.Errorf("got %+v", m)
			}
			if !strings.Contains(m.Text, "958f") || !strings.Contains(m.HTML, "958f") {
				t.Errorf("got %q, want the legal basis of what is kept (art. 958f)", m.Text)
			}
			if strings.Contains(m.HTML, "<b>") {
				t.Error("the name is not escaped in the HTML part")
			}
		})
	}
	if len(subjects) != len(accounts.Languages) {
		t.Errorf("got %d distinct subjects, want one per language", len(subjects))
	}
	// Unknown languages fall back to French.
	m, err := deletedMail(accounts.User{Email: "x@example.ch", Language: "rm"}, "no-reply@remat.ch", "https://remat.test")
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Votre compte Remat a été supprimé" || !strings.HasPrefix(m.Text, "Bonjour,\n") {
		t.Errorf("fallback: got %q / %q", m.Subject, m.Text[:20])
	}
}
