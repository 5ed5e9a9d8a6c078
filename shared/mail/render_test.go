package mail

import (
	"errors"
	"html"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// sameInEveryLanguage are words a translation may keep from English, as in
// the SPA's locales.test.ts.
var sameInEveryLanguage = []string{"Remat", "CHF", "Contact", "Id", "ID"}

// usedFromGo are catalogue keys read by Go code rather than by a template.
var usedFromGo = []string{"billing.trialLine"}

func catalogue(t *testing.T) map[string]map[string]string {
	t.Helper()
	all, err := catalogues()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func placeholders(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

func isLanguageNeutral(s string) bool {
	rest := placeholder.ReplaceAllString(s, "")
	for _, w := range sameInEveryLanguage {
		rest = strings.ReplaceAll(rest, w, "")
	}
	return regexp.MustCompile(`[\s\d\p{P}\p{S}]`).ReplaceAllString(rest, "") == ""
}

func TestCataloguesHaveEveryKeyInEveryLanguage(t *testing.T) {
	files, err := fs.Glob(localeFS, "locales/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, lang := range Languages {
		want = append(want, "locales/"+lang+".json")
	}
	slices.Sort(want)
	if !slices.Equal(files, want) {
		t.Errorf("catalogue files: got %v, want %v (one per language, no other)", files, want)
	}
	all := catalogue(t)
	english := all["en"]
	for _, lang := range Languages {
		texts := all[lang]
		for key := range english {
			if _, ok := texts[key]; !ok {
				t.Errorf("%s: missing %s", lang, key)
			}
		}
		for key, s := range texts {
			en, ok := english[key]
			if !ok {
				t.Errorf("%s: %s is not in English", lang, key)
				continue
			}
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s/%s: empty", lang, key)
			}
			if got, want := placeholders(s), placeholders(en); !slices.Equal(got, want) {
				t.Errorf("%s/%s: placeholders got %v, want the English %v", lang, key, got, want)
			}
			if lang != "en" && s == en && !isLanguageNeutral(s) {
				t.Errorf("%s/%s: copied from English: %q", lang, key, s)
			}
		}
	}
}

// Every key is used: by a template (as a quoted literal) or by Go code.
func TestEveryKeyIsUsed(t *testing.T) {
	var sources strings.Builder
	names, err := fs.Glob(templateFS, "templates/*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		b, err := templateFS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sources.Write(b)
	}
	for _, key := range slices.Sorted(maps.Keys(catalogue(t)["en"])) {
		if !strings.Contains(sources.String(), `"`+key+`"`) && !slices.Contains(usedFromGo, key) {
			t.Errorf("%s: used by no template", key)
		}
	}
}

// Every template has a sample, and every template renders in every
// language: no missing key, no empty part, no placeholder left.
func TestEveryTemplateRendersInEveryLanguage(t *testing.T) {
	names, err := fs.Glob(templateFS, "templates/*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	untested := map[string]bool{}
	for _, name := range names {
		if n := strings.TrimSuffix(strings.TrimPrefix(name, "templates/"), ".tmpl"); n != "layout" {
			untested[n] = true
		}
	}
	for _, lang := range Languages {
		seen := map[string]bool{}
		for _, s := range Samples(lang) {
			if seen[s.Name] {
				t.Errorf("sample %s: name used twice", s.Name)
			}
			seen[s.Name] = true
			delete(untested, s.Template())
			t.Run(s.Name+"/"+lang, func(t *testing.T) {
				m, err := Render(lang, s.Email)
				if err != nil {
					t.Fatal(err)
				}
				m.From, m.To = "no-reply@remat.ch", []string{"someone@example.ch"}
				if err := m.Validate(); err != nil {
					t.Error(err)
				}
				parts := map[string]string{"subject": m.Subject, "text": m.Text, "html": m.HTML}
				for part, body := range parts {
					if strings.TrimSpace(body) == "" {
						t.Errorf("%s: empty", part)
					}
					for _, leftover := range []string{"{{", "}}", "<no value>", "%!", "ZgotmplZ"} {
						if strings.Contains(body, leftover) {
							t.Errorf("%s: got %q in\n%s", part, leftover, body)
						}
					}
				}
				if !strings.Contains(m.HTML, `<html lang="`+lang+`">`) || !strings.Contains(m.HTML, "<title>") {
					t.Errorf("html: want lang %s and a title:\n%s", lang, m.HTML)
				}
				closing := catalogue(t)[lang]["layout.closing"]
				if s.Template() != "contact-us" && s.Template() != "report-received" &&
					(!strings.Contains(m.Text, "\n-- \n"+closing+"\n") || !strings.Contains(m.HTML, html.EscapeString(closing))) {
					t.Errorf("want the signature %q in both parts:\n%s", closing, m.Text)
				}
				if sender := catalogue(t)[lang]["layout.sender"]; !strings.Contains(m.Text, sender) || !strings.Contains(m.HTML, html.EscapeString(sender)) {
					t.Errorf("want the sender %q in both parts", sender)
				}
			})
		}
	}
	for name := range untested {
		t.Errorf("template %s: no sample renders it", name)
	}
}

func TestFooterLinks(t *testing.T) {
	alert := SavedSearchAlert{
		Footer:     Footer{SiteURL: "https://remat.example/", ManageURL: "https://remat.example/de/user/saved-searches", UnsubscribeURL: "https://remat.example/de/unsubscribe?token=a.b"},
		SearchName: "Ziegel", Ads: []AlertAd{{Title: "T", URL: "https://remat.example/de/product/1", Price: "CHF\u00a01.00"}},
		SearchURL: "https://remat.example/de/products?q=ziegel",
	}
	m, err := Render("de", alert)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Suchaufträge verwalten: https://remat.example/de/user/saved-searches",
		"Diese Benachrichtigungen abbestellen: https://remat.example/de/unsubscribe?token=a.b",
		"Datenschutzerklärung: https://remat.example/de/privacy",
		"Allgemeine Geschäftsbedingungen: https://remat.example/de/terms",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text: want %q in\n%s", want, m.Text)
		}
	}
	for _, want := range []string{`href="https://remat.example/de/unsubscribe?token=a.b"`, `href="https://remat.example/de/terms"`, ">remat.example</a>"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("html: want %q in\n%s", want, m.HTML)
		}
	}

	// Without a site and outside alerts, the footer has no links at all.
	m, err = Render("en", ContactUsMessage{ID: "1", Name: "N", Email: "n@example.ch", Subject: "S", Body: "B", Received: "now"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "href") || strings.Contains(m.Text, "http") {
		t.Errorf("got links without a site:\n%s\n%s", m.Text, m.HTML)
	}
}

func TestRenderEscapesHTMLOnly(t *testing.T) {
	m, err := Render("fr", ContactRequest{
		Footer: Footer{SiteURL: "https://remat.ch"}, AdTitle: "Tiles\r\nBcc: x@example.com <b>", Name: `Eve "<script>"`,
		Email: "eve@example.ch", Message: "<b>hi</b> {{name}}", InboxURL: "javascript:alert(1)", AdURL: "https://remat.ch/fr/product/1",
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Nouveau message concernant votre annonce « Tiles Bcc: x@example.com <b> »" {
		t.Errorf("subject: got %q, want it on one line, unescaped", m.Subject)
	}
	if !strings.Contains(m.Text, "<b>hi</b> {{name}}") || !strings.Contains(m.Text, `Eve "<script>"`) {
		t.Errorf("text: want the values verbatim (and a value's {{name}} not expanded):\n%s", m.Text)
	}
	for _, bad := range []string{"<script>", "<b>hi", "javascript:"} {
		if strings.Contains(m.HTML, bad) {
			t.Errorf("html: got raw %q:\n%s", bad, m.HTML)
		}
	}
	if !strings.Contains(m.HTML, "&lt;b&gt;hi&lt;/b&gt;") || !strings.Contains(m.HTML, "Eve &#34;&lt;script&gt;&#34;") {
		t.Errorf("html: want the values escaped:\n%s", m.HTML)
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		name, lang, key string
		args            []any
		want            string
		err             bool
	}{
		{"filled", "de", "billing.trialLine", []any{"plan", "Pro", "months", 3}, "Pro – 3 Monate gratis", false},
		{"unknown language", "rm", "billing.trialLine", []any{"plan", "Pro", "months", 3}, "", true},
		{"unknown key", "en", "billing.nope", nil, "", true},
		{"missing value", "en", "billing.trialLine", []any{"plan", "Pro"}, "", true},
		{"unused value", "en", "billing.trialLine", []any{"plan", "Pro", "months", 3, "typo", 1}, "", true},
		{"odd arguments", "en", "billing.trialLine", []any{"plan"}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Text(tt.lang, tt.key, tt.args...)
			if (err != nil) != tt.err || got != tt.want {
				t.Errorf("got %q, %v, want %q (error %v)", got, err, tt.want, tt.err)
			}
		})
	}
	if _, err := Render("rm", PasswordReset{}); !errors.Is(err, ErrUnknownText) {
		t.Errorf("unknown language: got %v, want ErrUnknownText", err)
	}
	if _, err := Render("en", ReportOutcome{Outcome: "banned"}); err == nil {
		t.Error("unknown outcome: got nil, want an error")
	}
	if _, err := Render("en", ModerationNotice{Outcome: OutcomeDismissed}); err == nil {
		t.Error("moderation notice of a dismissed report: got nil, want an error")
	}
}
