package reports

import (
	"strings"
	"testing"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
)

func TestSubmissionValidate(t *testing.T) {
	ok := Submission{ProductID: "01JABCDEFGHJKMNPQRSTVWXYZ0", Reason: "errors", Email: "a@example.ch", Consent: true}
	with := func(f func(*Submission)) Submission { s := ok; f(&s); return s }
	tests := []struct {
		name    string
		in      Submission
		fields  map[string]string
		message string
	}{
		{"valid", ok, nil, ""},
		{"valid with details", with(func(s *Submission) { s.Details = "line 1\nline 2" }), nil, ""},
		{"no consent", with(func(s *Submission) { s.Consent = false }), map[string]string{"consent": apperr.FieldMustAccept}, ConsentRequired},
		{"no reason", with(func(s *Submission) { s.Reason = "" }), map[string]string{"reason": apperr.FieldRequired}, "validation failed"},
		{"unknown reason", with(func(s *Submission) { s.Reason = "spam" }), map[string]string{"reason": apperr.FieldInvalid}, "validation failed"},
		{"no product", with(func(s *Submission) { s.ProductID = "" }), map[string]string{"productId": apperr.FieldRequired}, "validation failed"},
		{"details too long", with(func(s *Submission) { s.Details = strings.Repeat("é", DetailsMax+1) }), map[string]string{"details": apperr.FieldTooLong}, "validation failed"},
		{"details at the bound", with(func(s *Submission) { s.Details = strings.Repeat("é", DetailsMax) }), nil, ""},
		{"control character", with(func(s *Submission) { s.Details = "a\x00b" }), map[string]string{"details": apperr.FieldInvalidCharacters}, "validation failed"},
		{"bidi override", with(func(s *Submission) { s.Details = "a\u202Eb" }), map[string]string{"details": apperr.FieldInvalidCharacters}, "validation failed"},
		{"zero-width details", with(func(s *Submission) { s.Details = "\u200b" }), nil, ""},
		{"invisible details", with(func(s *Submission) { s.Details = "\u202E" }), map[string]string{"details": apperr.FieldInvalidCharacters}, "validation failed"},
		{"no e-mail", with(func(s *Submission) { s.Email = "" }), map[string]string{"email": apperr.FieldRequired}, "validation failed"},
		{"display name", with(func(s *Submission) { s.Email = "Anna <a@example.ch>" }), map[string]string{"email": apperr.FieldInvalidEmail}, "validation failed"},
		{"no dot in domain", with(func(s *Submission) { s.Email = "a@localhost" }), map[string]string{"email": apperr.FieldInvalidEmail}, "validation failed"},
		{"two problems", with(func(s *Submission) { s.Consent, s.Email = false, "" }),
			map[string]string{"consent": apperr.FieldMustAccept, "email": apperr.FieldRequired}, "validation failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.in.Normalize().Validate()
			if tt.fields == nil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			e := apperr.From(err)
			if e == nil || e.Code != apperr.CodeValidationFailed || len(e.Fields) != len(tt.fields) || e.Message != tt.message {
				t.Fatalf("got %v, want validation_failed %v %q", err, tt.fields, tt.message)
			}
			for k, v := range tt.fields {
				if e.Fields[k] != v {
					t.Errorf("field %s: got %q, want %q", k, e.Fields[k], v)
				}
			}
		})
	}
}

func TestResolveValidate(t *testing.T) {
	tests := []struct {
		in    Resolve
		field string
	}{
		{Resolve{Action: "dismiss"}, ""},
		{Resolve{Action: "deactivate_ad", Note: "fake ad"}, ""},
		{Resolve{Action: "suspend_seller", Note: strings.Repeat("x", NoteMax)}, ""},
		{Resolve{Action: "delete"}, "action"},
		{Resolve{}, "action"},
		{Resolve{Action: "dismiss", Note: strings.Repeat("x", NoteMax+1)}, "note"},
		{Resolve{Action: "dismiss", Note: "fake\x00ad"}, "note"},
		{Resolve{Action: "dismiss", Note: "  \r\n\u200b "}, ""},
	}
	for _, tt := range tests {
		err := tt.in.Normalize().Validate()
		if tt.field == "" {
			if err != nil {
				t.Errorf("%+v: got %v, want nil", tt.in, err)
			}
			continue
		}
		if e := apperr.From(err); e.Code != apperr.CodeValidationFailed || e.Fields[tt.field] == "" {
			t.Errorf("%+v: got %v, want validation_failed on %s", tt.in, err, tt.field)
		}
	}
}

func TestPreferredLanguage(t *testing.T) {
	tests := map[string]string{
		"de-CH,de;q=0.9,en;q=0.8": "de",
		"es-ES,it;q=0.5":          "it",
		"SQ":                      "sq",
		"":                        "",
		"ja,zh":                   "",
	}
	for header, want := range tests {
		if got := PreferredLanguage(header); got != want {
			t.Errorf("%q: got %q, want %q", header, got, want)
		}
	}
}

func TestOutcomeMailsInEveryLanguage(t *testing.T) {
	opts := Options{From: "no-reply@remat.ch", SiteURL: "https://remat.ch"}
	for _, lang := range []string{"en", "fr", "de", "it", "sq"} {
		for _, a := range []Action{ActionDismiss, ActionDeactivateAd, ActionSuspendSeller} {
			m, err := reporterMail(Report{Email: "a@example.ch", Language: lang}, "Tiles <b>", a, opts)
			if err == nil {
				err = m.Validate()
			}
			if err != nil || !strings.Contains(m.Text, "Tiles <b>") || strings.Contains(m.HTML, "<b>") {
				t.Errorf("reporter mail %s %s: got %+v, %v", lang, a, m, err)
			}
			if a == ActionDismiss {
				continue
			}
			m, err = sellerMail(accounts.User{Email: "s@example.ch", Language: lang}, "Tiles <b>", a, opts)
			if err == nil {
				err = m.Validate()
			}
			if err != nil || !strings.Contains(m.Text, "Tiles <b>") || strings.Contains(m.HTML, "<b>") {
				t.Errorf("seller mail %s %s: got %+v, %v", lang, a, m, err)
			}
		}
	}
}
