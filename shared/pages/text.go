package pages

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/remat/remat/shared/langs"
)

// texts are the page titles and descriptions of one language
// (locales/<lang>.json). The titles are the SPA's own page titles, so the
// tab does not change when the app takes over (TestTitlesMatchTheSPA).
type texts struct {
	OGLocale     string            `json:"ogLocale"`
	HomeCrumb    string            `json:"homeCrumb"`
	Titles       map[string]string `json:"titles"`
	Descriptions map[string]string `json:"descriptions"`
	Conditions   map[string]string `json:"conditions"`
}

//go:embed locales/*.json
var localeFiles embed.FS

// Keys every language must have.
var (
	titleKeys       = []string{"home", "products", "about", "howItWorks", "contactUs", "sell", "terms", "privacy", "seller", "notFound"}
	descriptionKeys = []string{"home", "products", "category", "about", "howItWorks", "contactUs", "sell", "terms", "privacy", "seller", "product"}
	conditionKeys   = []string{"new", "used"}
)

// minDescription is the shortest meta description worth showing in a
// search result (they show up to maxDescription).
const minDescription = 50

// catalogue holds every language's texts, checked complete at start.
var catalogue = mustLoadTexts()

func mustLoadTexts() map[string]texts {
	c, err := loadTexts()
	if err != nil {
		panic(err)
	}
	return c
}

func loadTexts() (map[string]texts, error) {
	out := make(map[string]texts, len(langs.All))
	for _, lang := range langs.All {
		data, err := localeFiles.ReadFile("locales/" + lang + ".json")
		if err != nil {
			return nil, fmt.Errorf("pages: texts of %s: %w", lang, err)
		}
		var t texts
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&t); err != nil {
			return nil, fmt.Errorf("pages: texts of %s: %w", lang, err)
		}
		if t.OGLocale == "" || t.HomeCrumb == "" {
			return nil, fmt.Errorf("pages: texts of %s: ogLocale and homeCrumb are required", lang)
		}
		for _, set := range []struct {
			name string
			m    map[string]string
			keys []string
		}{{"titles", t.Titles, titleKeys}, {"descriptions", t.Descriptions, descriptionKeys}, {"conditions", t.Conditions, conditionKeys}} {
			for _, k := range set.keys {
				if strings.TrimSpace(set.m[k]) == "" {
					return nil, fmt.Errorf("pages: texts of %s: %s.%s is missing", lang, set.name, k)
				}
			}
			if set.name == "descriptions" {
				for _, k := range set.keys {
					if n := utf8.RuneCountInString(set.m[k]); n < minDescription {
						return nil, fmt.Errorf("pages: texts of %s: descriptions.%s has %d characters, want at least %d", lang, k, n, minDescription)
					}
				}
			}
			if len(set.m) != len(set.keys) {
				return nil, fmt.Errorf("pages: texts of %s: %s has keys nobody uses", lang, set.name)
			}
		}
		out[lang] = t
	}
	return out, nil
}

// fill replaces each {name} of s with vars[name].
func fill(s string, vars map[string]string) string {
	for k, v := range vars {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}
