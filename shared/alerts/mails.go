package alerts

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/money"
)

var languages = langs.All

const defaultLanguage = "fr"

// alertMail builds the alert of saved search s listing ads (newest
// first) with more not listed, in lang, to the address to.
func alertMail(s SavedSearch, ads []Match, more int, lang, from, to, siteURL, token string) (mail.Message, error) {
	if !slices.Contains(languages, lang) {
		lang = defaultLanguage
	}
	e := mail.SavedSearchAlert{
		Footer: mail.Footer{
			SiteURL:        siteURL,
			ManageURL:      siteURL + "/" + lang + "/user/saved-searches",
			UnsubscribeURL: siteURL + "/" + lang + "/unsubscribe?token=" + token,
		},
		// A name with a line break would break the Subject header.
		SearchName: strings.Join(strings.Fields(s.Name), " "),
		More:       more,
		SearchURL:  siteURL + "/" + lang + "/products?" + s.Params,
	}
	for _, m := range ads {
		a := mail.AlertAd{
			Title: m.Title, URL: siteURL + "/" + lang + "/product/" + m.AdID,
			Price: money.Format(m.EffectivePriceRp, money.Currency),
			Place: strings.TrimSpace(strings.TrimSpace(m.PostalCode+" "+m.Locality) + " " + canton(m)),
		}
		if m.ThumbKey != "" {
			a.Photo = siteURL + blob.PublicPath(m.ThumbKey)
		}
		if m.DistanceKm > 0 {
			a.Km = km(m.DistanceKm)
		}
		e.Ads = append(e.Ads, a)
	}
	msg, err := mail.Render(lang, e)
	if err != nil {
		return mail.Message{}, fmt.Errorf("alerts: render alert of %s: %w", s.ID, err)
	}
	msg.From, msg.To = from, []string{to}
	return msg, nil
}

func canton(m Match) string {
	if m.Canton == "" {
		return ""
	}
	return "(" + m.Canton + ")"
}

// km is a distance rounded to a whole kilometre (one decimal below 10),
// written the same in every language, as the site writes it ("2.5", "20").
func km(d float64) string {
	if d < 10 {
		return strconv.FormatFloat(math.Round(d*10)/10, 'f', 1, 64)
	}
	return strconv.FormatFloat(math.Round(d), 'f', 0, 64)
}
