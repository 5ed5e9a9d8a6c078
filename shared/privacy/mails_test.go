package privacy

import (
	"reflect"
	"strings"
	"testing"

	"github.com/remat/remat/shared/accounts"
)

func TestDeletedMailInEveryLanguage(t *testing.T) {
	for _, lang := range accounts.Languages {
		t.Run(lang, func(t *testing.T) {
			text, ok := deletedTexts[lang]
			if !ok {
				t.Fatal("no texts")
			}
			v := reflect.ValueOf(text)
			for i := range v.NumField() {
				if v.Field(i).String() == "" {
					t.Errorf("%s is empty", v.Type().Field(i).Name)
				}
			}
			if !strings.Contains(text.Kept, "958f") {
				t.Errorf("Kept: got %q, want the legal basis (art. 958f)", text.Kept)
			}
			u := accounts.User{ID: "01J", FirstName: "Ana <b>", Email: "ana@example.ch", Language: lang}
			m := deletedMail(u, "no-reply@remat.ch", "https://remat.test/")
			if err := m.Validate(); err != nil {
				t.Fatal(err)
			}
			contact := "https://remat.test/" + lang + "/contact-us"
			if m.Subject != text.Subject || m.To[0] != u.Email || !strings.Contains(m.Text, contact) || !strings.Contains(m.HTML, contact) {
				t.Errorf("got %+v", m)
			}
			if strings.Contains(m.HTML, "<b>") {
				t.Error("the name is not escaped in the HTML part")
			}
		})
	}
	// Unknown languages fall back to French.
	m := deletedMail(accounts.User{Email: "x@example.ch", Language: "rm"}, "no-reply@remat.ch", "https://remat.test")
	if m.Subject != deletedTexts["fr"].Subject || !strings.HasPrefix(m.Text, "Bonjour\n") {
		t.Errorf("fallback: got %q / %q", m.Subject, m.Text[:20])
	}
}
