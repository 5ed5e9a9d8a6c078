package contactreq

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/remat/remat/shared/apperr"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*Submission)
		fields map[string]string
	}{
		{"valid", func(*Submission) {}, nil},
		{"with phone", func(s *Submission) { s.Phone = "+41 (0)79 123 45 67" }, nil},
		{"all missing", func(s *Submission) { *s = Submission{} },
			map[string]string{"adId": "required", "name": "required", "email": "required", "message": "required"}},
		{"bad email", func(s *Submission) { s.Email = "Anna <anna@example.ch>" }, map[string]string{"email": "invalid_email"}},
		{"email without dot", func(s *Submission) { s.Email = "anna@localhost" }, map[string]string{"email": "invalid_email"}},
		{"phone letters", func(s *Submission) { s.Phone = "call me" }, map[string]string{"phone": "invalid"}},
		{"phone too few digits", func(s *Submission) { s.Phone = "12 34" }, map[string]string{"phone": "invalid"}},
		{"phone too long", func(s *Submission) { s.Phone = strings.Repeat("1", PhoneMax+1) }, map[string]string{"phone": "too_long"}},
		{"name too long", func(s *Submission) { s.Name = strings.Repeat("é", NameMax+1) }, map[string]string{"name": "too_long"}},
		{"message at the bound", func(s *Submission) { s.Message = strings.Repeat("ä", MessageMax) }, nil},
		{"message too long", func(s *Submission) { s.Message = strings.Repeat("a", MessageMax+1) }, map[string]string{"message": "too_long"}},
		{"control in name", func(s *Submission) { s.Name = "An\x00na" }, map[string]string{"name": "invalid_characters"}},
		{"name of zero-width spaces", func(s *Submission) { s.Name = "\u200b\ufeff" }, map[string]string{"name": "required"}},
		{"bidi override in name", func(s *Submission) { s.Name = "\u202Eanna" }, map[string]string{"name": "invalid_characters"}},
		{"control in phone", func(s *Submission) { s.Phone = "079\x00123 45 67" }, map[string]string{"phone": "invalid_characters"}},
		{"newlines in message", func(s *Submission) { s.Message = "a\n\tb" }, nil},
		{"control in message", func(s *Submission) { s.Message = "a\x1bb" }, map[string]string{"message": "invalid_characters"}},
		{"message of blanks", func(s *Submission) { s.Message = "\n\t\u200b\n" }, map[string]string{"message": "required"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := valid()
			tt.edit(&s)
			err := s.Normalize().Validate()
			if tt.fields == nil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.CodeValidationFailed {
				t.Fatalf("got %v, want validation_failed", err)
			}
			if fmt.Sprint(e.Fields) != fmt.Sprint(tt.fields) {
				t.Errorf("fields: got %v, want %v", e.Fields, tt.fields)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	got := Submission{AdID: " x ", Name: " Anna ", Message: " a\r\nb \r\n", Website: " "}.Normalize()
	if got.AdID != "x" || got.Name != "Anna" || got.Message != "a\nb" || got.Website != "" {
		t.Errorf("got %+v, want trimmed fields and \\n line breaks", got)
	}
}

func TestSpam(t *testing.T) {
	tests := []struct {
		name    string
		message string
		website string
		code    apperr.Code
	}{
		{"plain text", "Are the tiles still available?", "", ""},
		{"text with a link", "Hello, is this like https://example.ch/tiles?", "", ""},
		{"honeypot", "Hello", "http://spam.example", apperr.CodeContactRequestSpam},
		{"one link", "https://spam.example.com/offer", "", apperr.CodeContactRequestLinksOnly},
		{"links and spaces", "http://a.example.com\n\nwww.b.example.org  https://c.example", "", apperr.CodeContactRequestLinksOnly},
		{"bare domain", "cheap-pills.shop/buy", "", apperr.CodeContactRequestLinksOnly},
		{"link with two letters", "hi https://x.example.com", "", apperr.CodeContactRequestLinksOnly},
		{"link with punctuation only", "!!! https://x.example.com ???", "", apperr.CodeContactRequestLinksOnly},
		{"no link, no letters", "12345", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Submission{Message: tt.message, Website: tt.website}.Spam()
			if tt.code == "" {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			if got := apperr.From(err).Code; got != tt.code {
				t.Errorf("got %v, want %v", got, tt.code)
			}
		})
	}
}

func TestNotificationLanguagesAndEscaping(t *testing.T) {
	r := Request{
		ID: "01JGZ0000000000000000000R1", AdID: adActive, AdTitle: "Tiles\r\nBcc: x@example.com",
		Name: "Eve <script>", Email: "eve@example.ch", Phone: "+41 79 000 00 00", Message: "<b>hi</b>",
	}
	for lang, word := range map[string]string{"en": "New message", "fr": "Nouveau message", "de": "Neue Nachricht",
		"it": "Nuovo messaggio", "sq": "Mesazh i ri", "": "Nouveau message", "xx": "Nouveau message"} {
		m, err := notification(r, lang, "no-reply@remat.ch", "seller@example.ch", "https://remat.ch")
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Validate(); err != nil {
			t.Errorf("%s: got %v, want a valid message (no line break in the subject)", lang, err)
		}
		if !strings.HasPrefix(m.Subject, word) {
			t.Errorf("%s: subject %q, want it to start with %q", lang, m.Subject, word)
		}
		if m.ReplyTo[0] != "eve@example.ch" || m.To[0] != "seller@example.ch" {
			t.Errorf("%s: got to %v reply-to %v, want the seller and the buyer", lang, m.To, m.ReplyTo)
		}
		if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<b>hi") {
			t.Errorf("%s: html not escaped: %s", lang, m.HTML)
		}
		wantLang := lang
		if lang == "" || lang == "xx" {
			wantLang = "fr"
		}
		if !strings.Contains(m.Text, "https://remat.ch/"+wantLang+"/user/contacts") || !strings.Contains(m.Text, "+41 79 000 00 00") {
			t.Errorf("%s: text %q, want the dashboard link and the phone", lang, m.Text)
		}
	}
}
