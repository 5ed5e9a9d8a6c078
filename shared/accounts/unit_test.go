package accounts

import (
	"errors"
	"strings"
	"testing"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/mail"
)

func TestMailsInEveryLanguage(t *testing.T) {
	u := User{FirstName: `<b>Zoë</b> & "Co"`, Email: "z@example.ch"}
	for _, kind := range []mailKind{verificationMail, resetMail} {
		seen := map[string]bool{}
		for _, lang := range Languages {
			href := link("https://remat.ch/", lang, kind.page(), "tok_-9")
			m, err := composeMail(kind, lang, "no-reply@remat.ch", "https://remat.ch/", u, href)
			if err != nil {
				t.Fatalf("%s: %v", lang, err)
			}
			if seen[m.Subject] {
				t.Errorf("%s: subject %q repeats another language's", lang, m.Subject)
			}
			seen[m.Subject] = true
			if err := m.Validate(); err != nil {
				t.Errorf("%s: %v", lang, err)
			}
			if href != "https://remat.ch/"+lang+"/"+kind.page()+"/tok_-9" {
				t.Errorf("%s: link: got %q", lang, href)
			}
			if !strings.Contains(m.Text, href) || !strings.Contains(m.HTML, `href="`+href+`"`) || !strings.Contains(m.HTML, `lang="`+lang+`"`) {
				t.Errorf("%s: want the link in text and HTML", lang)
			}
			if strings.Contains(m.HTML, "<b>Zoë") || !strings.Contains(m.HTML, "&lt;b&gt;Zoë&lt;/b&gt; &amp; &#34;Co&#34;") {
				t.Errorf("%s: HTML: want the name escaped, got %s", lang, m.HTML)
			}
		}
	}
	// Unknown languages fall back to French.
	m, err := composeMail(verificationMail, "xx", "a@b.ch", "https://x/", User{Email: "z@example.ch"}, "https://x/")
	if err != nil {
		t.Fatal(err)
	}
	fr, _ := mail.Render("fr", mail.AccountVerification{})
	if m.Subject != fr.Subject || !strings.HasPrefix(m.Text, "Bonjour,\n") {
		t.Errorf("fallback: got %q / %q", m.Subject, m.Text[:20])
	}
}

func TestSecrets(t *testing.T) {
	a, ha := newSecret()
	b, hb := newSecret()
	if len(a) != 43 || a == b || ha == hb || ha != hashHex(a) || len(ha) != 64 || strings.ContainsAny(a, "+/=") {
		t.Errorf("got %q %q, want two distinct 43-char base64url tokens with hex SHA-256 hashes", a, ha)
	}
}

func TestValidators(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"anna@example.ch", true}, {"a.b+c@sub.example.ch", true}, {"Anna <anna@example.ch>", false},
		{"anna@localhost", false}, {"anna@example.", false}, {"anna", false}, {"", false},
	}
	for _, tt := range tests {
		if got := validEmail(tt.name); got != tt.ok {
			t.Errorf("validEmail(%q): got %v, want %v", tt.name, got, tt.ok)
		}
	}
	phones := []struct {
		in string
		ok bool
	}{{"+41 79 123 45 67", true}, {"079/123.45.67", true}, {"(044) 123-45-67", true}, {"12345", false}, {"+41 79 x", false}, {"41+79123456", false}}
	for _, tt := range phones {
		if got := validPhone(tt.in); got != tt.ok {
			t.Errorf("validPhone(%q): got %v, want %v", tt.in, got, tt.ok)
		}
	}
	sites := []struct {
		in, want string
		ok       bool
	}{{"", "", true}, {"www.bau.ch", "https://www.bau.ch", true}, {"http://bau.ch/x", "http://bau.ch/x", true},
		{"javascript:alert(1)", "", false}, {"ftp://bau.ch", "", false}, {"https://user:pw@bau.ch", "", false}, {"localhost", "", false}}
	for _, tt := range sites {
		got, ok := normalizeWebsite(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("normalizeWebsite(%q): got %q %v, want %q %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSignUpInputValidate(t *testing.T) {
	base := func() SignUpInput {
		return SignUpInput{AccountType: AccountIndividual, FirstName: " Anna ", LastName: "Muster", Email: " anna@example.ch ",
			Phone: "079 123 45 67", Password: "gravel under the old bridge", IsAdult: true, AcceptRules: true}
	}
	tests := []struct {
		name   string
		mut    func(*SignUpInput)
		code   apperr.Code
		fields map[string]string
	}{
		{"valid", func(*SignUpInput) {}, "", nil},
		{"no phone", func(in *SignUpInput) { in.Phone = "  " }, "", nil},
		{"bad phone", func(in *SignUpInput) { in.Phone = "call me" }, apperr.CodeValidationFailed, map[string]string{"phone": "invalid"}},
		{"long phone", func(in *SignUpInput) { in.Phone = strings.Repeat("1", PhoneMax+1) }, apperr.CodeValidationFailed, map[string]string{"phone": "too_long"}},
		{"password is e-mail", func(in *SignUpInput) {
			in.Email = "gravel.under.bridge@example.ch"
			in.Password = "Gravel.Under.Bridge@example.ch"
		}, apperr.CodeValidationFailed, map[string]string{"password": "too_common"}},
		{"language", func(in *SignUpInput) { in.Language = "es" }, apperr.CodeValidationFailed, map[string]string{"language": "invalid"}},
		{"rules", func(in *SignUpInput) { in.AcceptRules = false }, apperr.CodeValidationFailed, map[string]string{"acceptRules": "must_accept"}},
		{"professional no company", func(in *SignUpInput) { in.AccountType = AccountProfessional }, apperr.CodeCompanyRequired, nil},
		{"professional partial company", func(in *SignUpInput) {
			in.AccountType = AccountProfessional
			in.Company = &Company{Name: "Bau AG"}
		}, apperr.CodeValidationFailed, map[string]string{"company.email": "required", "company.address": "required"}},
		{"control characters", func(in *SignUpInput) { in.LastName = "Mus\x00ter" }, apperr.CodeValidationFailed, map[string]string{"lastName": "invalid_characters"}},
		{"zero-width name", func(in *SignUpInput) { in.FirstName = "\u200b\u3164" }, apperr.CodeValidationFailed, map[string]string{"firstName": "required"}},
		{"bidi override", func(in *SignUpInput) { in.LastName = "\u202Eretsum" }, apperr.CodeValidationFailed, map[string]string{"lastName": "invalid_characters"}},
		{"company name with a control character", func(in *SignUpInput) {
			in.AccountType = AccountProfessional
			in.Company = &Company{Name: "Bau\x1b AG", Email: "info@bau.ch", Address: "Hauptstrasse 1, 8001 Zürich"}
		}, apperr.CodeValidationFailed, map[string]string{"company.name": "invalid_characters"}},
	}
	for _, tt := range tests {
		in := base()
		tt.mut(&in)
		err := in.Validate()
		if tt.code == "" {
			if err != nil || in.FirstName != "Anna" || in.Email != "anna@example.ch" || in.Company != nil || strings.TrimSpace(in.Phone) != in.Phone {
				t.Errorf("%s: got %v %+v, want valid and trimmed", tt.name, err, in)
			}
			continue
		}
		e := apperr.From(err)
		if e == nil || e.Code != tt.code {
			t.Errorf("%s: got %v, want %s", tt.name, err, tt.code)
			continue
		}
		for f, want := range tt.fields {
			if e.Fields[f] != want {
				t.Errorf("%s: field %s: got %q, want %q (%v)", tt.name, f, e.Fields[f], want, e.Fields)
			}
		}
	}
}

func TestImageError(t *testing.T) {
	tests := []struct {
		err    error
		reason string
	}{
		{&imaging.ImageError{Reason: imaging.ReasonTooSmall}, "too_small"},
		{ImageFailed("missing", nil), "missing"},
		{errors.New("s3 down"), ""},
	}
	for _, tt := range tests {
		e := apperr.From(imageError(tt.err))
		if tt.reason == "" {
			if e.Code != apperr.CodeInternal {
				t.Errorf("%v: got %s, want internal", tt.err, e.Code)
			}
			continue
		}
		if e.Code != apperr.CodeImageProcessingFailed || e.Params["reason"] != tt.reason || e.Status() != 400 {
			t.Errorf("%v: got %s %v, want image_processing_failed %s", tt.err, e.Code, e.Params, tt.reason)
		}
	}
}
