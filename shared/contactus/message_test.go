package contactus

import (
	"errors"
	"strings"
	"testing"

	"github.com/remat/remat/shared/apperr"
)

func valid() Submission {
	return Submission{Name: "Anna Muster", Email: "anna@example.ch", Subject: "Tiles", Message: "Hello"}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Submission)
		want   map[string]string // nil = valid
	}{
		{"valid", func(*Submission) {}, nil},
		{"all empty", func(s *Submission) { *s = Submission{} }, map[string]string{
			"name": "required", "email": "required", "subject": "required", "message": "required"}},
		{"whitespace only is required", func(s *Submission) { s.Name = " \t\n " }, map[string]string{"name": "required"}},

		{"name at limit", func(s *Submission) { s.Name = strings.Repeat("a", NameMax) }, nil},
		{"name over limit", func(s *Submission) { s.Name = strings.Repeat("a", NameMax+1) }, map[string]string{"name": "too_long"}},
		{"name unicode at limit", func(s *Submission) { s.Name = strings.Repeat("é", NameMax) }, nil},
		{"name emoji at limit", func(s *Submission) { s.Name = strings.Repeat("👷", NameMax) }, nil},
		{"name emoji over limit", func(s *Submission) { s.Name = strings.Repeat("👷", NameMax+1) }, map[string]string{"name": "too_long"}},
		{"name with newline", func(s *Submission) { s.Name = "Anna\nBcc: x" }, map[string]string{"name": "invalid_characters"}},
		{"name with NUL", func(s *Submission) { s.Name = "An\x00na" }, map[string]string{"name": "invalid_characters"}},
		{"name of zero-width spaces", func(s *Submission) { s.Name = "\u200b\u200b" }, map[string]string{"name": "required"}},
		{"name with a bidi override", func(s *Submission) { s.Name = "\u202Eanna" }, map[string]string{"name": "invalid_characters"}},

		{"email at limit", func(s *Submission) { s.Email = strings.Repeat("a", EmailMax-len("@example.ch")) + "@example.ch" }, nil},
		{"email over limit", func(s *Submission) { s.Email = strings.Repeat("a", EmailMax) + "@example.ch" }, map[string]string{"email": "too_long"}},
		{"email no at", func(s *Submission) { s.Email = "anna.example.ch" }, map[string]string{"email": "invalid_email"}},
		{"email no dot in domain", func(s *Submission) { s.Email = "anna@localhost" }, map[string]string{"email": "invalid_email"}},
		{"email display name", func(s *Submission) { s.Email = "Anna <anna@example.ch>" }, map[string]string{"email": "invalid_email"}},
		{"email angle brackets", func(s *Submission) { s.Email = "<anna@example.ch>" }, map[string]string{"email": "invalid_email"}},
		{"email two addresses", func(s *Submission) { s.Email = "a@example.ch, b@example.ch" }, map[string]string{"email": "invalid_email"}},
		{"email trailing dot", func(s *Submission) { s.Email = "anna@example." }, map[string]string{"email": "invalid_email"}},
		{"email double dot", func(s *Submission) { s.Email = "anna@example..ch" }, map[string]string{"email": "invalid_email"}},
		{"email domain literal", func(s *Submission) { s.Email = "anna@[192.0.2.1]" }, map[string]string{"email": "invalid_email"}},
		{"email with comment", func(s *Submission) { s.Email = "anna@example.ch (Anna)" }, map[string]string{"email": "invalid_email"}},
		{"email with newline", func(s *Submission) { s.Email = "anna@example.ch\nBcc: x@y.z" }, map[string]string{"email": "invalid_characters"}},
		{"email unicode domain", func(s *Submission) { s.Email = "anna@zürich.ch" }, nil},
		{"email plus tag", func(s *Submission) { s.Email = "anna+remat@example.co.uk" }, nil},

		{"subject at limit", func(s *Submission) { s.Subject = strings.Repeat("ü", SubjectMax) }, nil},
		{"subject over limit", func(s *Submission) { s.Subject = strings.Repeat("ü", SubjectMax+1) }, map[string]string{"subject": "too_long"}},
		{"subject with CR", func(s *Submission) { s.Subject = "a\rb" }, map[string]string{"subject": "invalid_characters"}},
		{"subject with tab is one space", func(s *Submission) { s.Subject = "a\tb" }, nil},

		{"message at limit", func(s *Submission) { s.Message = strings.Repeat("ß", MessageMax) }, nil},
		{"message over limit", func(s *Submission) { s.Message = strings.Repeat("ß", MessageMax+1) }, map[string]string{"message": "too_long"}},
		{"message newlines and tabs", func(s *Submission) { s.Message = "line 1\n\tline 2" }, nil},
		{"message NUL", func(s *Submission) { s.Message = "a\x00b" }, map[string]string{"message": "invalid_characters"}},
		{"message bell", func(s *Submission) { s.Message = "a\x07b" }, map[string]string{"message": "invalid_characters"}},
		{"message DEL", func(s *Submission) { s.Message = "a\x7fb" }, map[string]string{"message": "invalid_characters"}},
		{"message C1 control", func(s *Submission) { s.Message = "a\u0085b" }, map[string]string{"message": "invalid_characters"}},
		{"message isolate", func(s *Submission) { s.Message = "a\u2067b" }, map[string]string{"message": "invalid_characters"}},
		{"message lone CR is a line break", func(s *Submission) { s.Message = "a\rb" }, nil},
		{"message CRLF normalized", func(s *Submission) { s.Message = "a\r\nb" }, nil},

		{"several fields", func(s *Submission) {
			s.Name = ""
			s.Email = "x"
			s.Message = strings.Repeat("m", MessageMax+1)
		}, map[string]string{"name": "required", "email": "invalid_email", "message": "too_long"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := valid()
			tt.mutate(&s)
			err := s.Normalize().Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.CodeValidationFailed {
				t.Fatalf("got %v, want validation_failed", err)
			}
			if len(e.Fields) != len(tt.want) {
				t.Errorf("fields: got %v, want %v", e.Fields, tt.want)
			}
			for k, v := range tt.want {
				if e.Fields[k] != v {
					t.Errorf("field %s: got %v, want %v", k, e.Fields[k], v)
				}
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	got := Submission{Name: "  Anna ", Email: " a@b.ch\n", Subject: "\tHi ", Message: "\r\n line\r\nnext \r\n"}.Normalize()
	want := Submission{Name: "Anna", Email: "a@b.ch", Subject: "Hi", Message: "line\nnext"}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abcdef", 3, "abc"},
		{"aé", 2, "a"}, // é is two bytes: never split a rune
		{"ééé", 5, "éé"},
	}
	for _, tt := range tests {
		if got := truncate(tt.in, tt.n); got != tt.want {
			t.Errorf("truncate(%q, %d): got %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}
