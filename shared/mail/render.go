package mail

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	texttemplate "text/template"

	"github.com/remat/remat/shared/langs"
)

// Languages are the languages of every e-mail, one catalogue
// (locales/<lang>.json) each. The catalogues hold the same keys; a test
// fails when one is missing in any language.
var Languages = langs.All

// ErrUnknownText is wrapped by Render and Text when a language, a key or a
// placeholder's value is missing: a bug, which the tests of this package
// catch for every template in every language.
var ErrUnknownText = errors.New("mail: unknown text")

// The catalogues are JSON like the SPA's (frontend/src/i18n/locales), with
// i18next's {{name}} placeholders, so the same tools and habits apply. They
// live here, not beside the SPA's files, because go:embed cannot reach
// outside this directory, and the SPA's bundle has no use for them.
//
//go:embed locales/*.json
var localeFS embed.FS

// One file per e-mail (subject, text and html parts) plus the layout.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

// catalogues maps a language to its texts, keyed by dotted path
// ("accountVerification.subject").
var catalogues = sync.OnceValues(func() (map[string]map[string]string, error) {
	out := make(map[string]map[string]string, len(Languages))
	for _, lang := range Languages {
		raw, err := localeFS.ReadFile("locales/" + lang + ".json")
		if err != nil {
			return nil, fmt.Errorf("mail: catalogue %s: %w", lang, err)
		}
		var tree map[string]any
		if err := json.Unmarshal(raw, &tree); err != nil {
			return nil, fmt.Errorf("mail: catalogue %s: %w", lang, err)
		}
		flat := map[string]string{}
		if err := flatten(tree, "", flat); err != nil {
			return nil, fmt.Errorf("mail: catalogue %s: %w", lang, err)
		}
		out[lang] = flat
	}
	return out, nil
})

func flatten(tree map[string]any, prefix string, out map[string]string) error {
	for k, v := range tree {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch v := v.(type) {
		case string:
			out[key] = v
		case map[string]any:
			if err := flatten(v, key, out); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s: want a string or an object, got %T", key, v)
		}
	}
	return nil
}

var placeholder = regexp.MustCompile(`\{\{\s*(\w+)\s*\}\}`)

// Text returns the catalogue's text key in lang with its {{name}}
// placeholders replaced: args are name, value pairs, and every placeholder
// needs one, every pair must be used. It serves the templates and the few
// texts the server writes outside e-mails (billing's trial line).
func Text(lang, key string, args ...any) (string, error) {
	all, err := catalogues()
	if err != nil {
		return "", err
	}
	texts, ok := all[lang]
	if !ok {
		return "", fmt.Errorf("%w: language %q", ErrUnknownText, lang)
	}
	s, ok := texts[key]
	if !ok {
		return "", fmt.Errorf("%w: %s/%s", ErrUnknownText, lang, key)
	}
	if len(args)%2 != 0 {
		return "", fmt.Errorf("mail: text %s: want name, value pairs, got %d arguments", key, len(args))
	}
	values := make(map[string]string, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		name, ok := args[i].(string)
		if !ok {
			return "", fmt.Errorf("mail: text %s: placeholder name %v is not a string", key, args[i])
		}
		values[name] = fmt.Sprint(args[i+1])
	}
	var missing []string
	used := map[string]bool{}
	// One pass: a value that itself contains "{{x}}" is not expanded.
	out := placeholder.ReplaceAllStringFunc(s, func(m string) string {
		name := placeholder.FindStringSubmatch(m)[1]
		v, ok := values[name]
		if !ok {
			missing = append(missing, name)
			return m
		}
		used[name] = true
		return v
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("%w: %s/%s: no value for {{%s}}", ErrUnknownText, lang, key, strings.Join(missing, "}}, {{"))
	}
	for name := range values {
		if !used[name] {
			return "", fmt.Errorf("%w: %s/%s has no {{%s}}", ErrUnknownText, lang, key, name)
		}
	}
	return out, nil
}

// set is one e-mail's templates in one language: the layout and the
// e-mail's file, parsed once as text and once as HTML.
type set struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

// sets caches parsed sets by "<template>/<lang>"; a function parses only
// the e-mails it sends.
var sets sync.Map

// funcs are the template functions in lang. t translates; link pairs a URL
// with its label for the "button" template; fail stops a render with an
// error (a branch no valid data reaches).
func funcs(lang string) map[string]any {
	return map[string]any{
		"t":    func(key string, args ...any) (string, error) { return Text(lang, key, args...) },
		"lang": func() string { return lang },
		"link": func(url, label string) struct{ URL, Label string } { return struct{ URL, Label string }{url, label} },
		"fail": func(what string, v any) (string, error) { return "", fmt.Errorf("mail: %s %v", what, v) },
	}
}

func templates(name, lang string) (*set, error) {
	key := name + "/" + lang
	if s, ok := sets.Load(key); ok {
		return s.(*set), nil
	}
	if !slices.Contains(Languages, lang) {
		return nil, fmt.Errorf("%w: language %q", ErrUnknownText, lang)
	}
	files := []string{"templates/layout.tmpl", "templates/" + name + ".tmpl"}
	text, err := texttemplate.New(path.Base(files[1])).Funcs(funcs(lang)).ParseFS(templateFS, files...)
	if err != nil {
		return nil, fmt.Errorf("mail: parse %s: %w", name, err)
	}
	html, err := htmltemplate.New(path.Base(files[1])).Funcs(funcs(lang)).ParseFS(templateFS, files...)
	if err != nil {
		return nil, fmt.Errorf("mail: parse %s: %w", name, err)
	}
	s, _ := sets.LoadOrStore(key, &set{text: text, html: html})
	return s.(*set), nil
}

// Render writes e in lang: the subject (on one line), the plain-text part
// and the HTML part, both in the shared layout. The caller fills From, To
// and ReplyTo, and chooses lang (its links carry the same language); an
// unknown lang is an error wrapping ErrUnknownText. Values are escaped in
// the HTML part and left as they are in the text part.
func Render(lang string, e Email) (Message, error) {
	name := e.template()
	s, err := templates(name, lang)
	if err != nil {
		return Message{}, fmt.Errorf("mail: render %s in %s: %w", name, lang, err)
	}
	var subject, text, html bytes.Buffer
	if err := s.text.ExecuteTemplate(&subject, "subject", e); err != nil {
		return Message{}, fmt.Errorf("mail: render %s in %s: %w", name, lang, err)
	}
	if err := s.text.ExecuteTemplate(&text, "layout.txt", e); err != nil {
		return Message{}, fmt.Errorf("mail: render %s in %s: %w", name, lang, err)
	}
	if err := s.html.ExecuteTemplate(&html, "layout.html", e); err != nil {
		return Message{}, fmt.Errorf("mail: render %s in %s: %w", name, lang, err)
	}
	return Message{
		// A value with a line break must not break the Subject header.
		Subject: strings.Join(strings.Fields(subject.String()), " "),
		Text:    text.String(),
		HTML:    html.String(),
	}, nil
}
