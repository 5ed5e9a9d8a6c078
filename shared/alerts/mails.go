package alerts

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/invoice"
	"github.com/remat/remat/shared/mail"
)

var languages = []string{"en", "fr", "de", "it", "sq"}

const defaultLanguage = "fr"

// alertText is the alert e-mail in one language. Subject and Intro take
// the saved search's name; More the number of ads not listed.
type alertText struct {
	Subject     string
	SubjectOne  string
	Greeting    string
	Intro       string
	Away        string // "%s km away"
	See         string
	More        string
	SeeAll      string
	Manage      string
	Unsubscribe string
	Why         string
	Closing     string
}

var alertTexts = map[string]alertText{
	"en": {
		Subject: "%d new ads for your search \u201c%s\u201d", SubjectOne: "A new ad for your search \u201c%s\u201d",
		Greeting: "Hello,", Intro: "New on Remat for your saved search \u201c%s\u201d:", Away: "%s km away", See: "See the ad",
		More: "and %d more", SeeAll: "See all results", Manage: "Manage your alerts", Unsubscribe: "Stop these alerts",
		Why: "You receive this e-mail because you saved this search on Remat.", Closing: "The Remat team",
	},
	"fr": {
		Subject: "%d nouvelles annonces pour votre recherche \u00ab %s \u00bb", SubjectOne: "Une nouvelle annonce pour votre recherche \u00ab %s \u00bb",
		Greeting: "Bonjour,", Intro: "Nouveau sur Remat pour votre recherche enregistrée \u00ab %s \u00bb :", Away: "à %s km", See: "Voir l'annonce",
		More: "et %d autres", SeeAll: "Voir tous les résultats", Manage: "Gérer vos alertes", Unsubscribe: "Ne plus recevoir ces alertes",
		Why: "Vous recevez cet e-mail parce que vous avez enregistré cette recherche sur Remat.", Closing: "L'équipe Remat",
	},
	"de": {
		Subject: "%d neue Inserate für Ihre Suche \u00ab%s\u00bb", SubjectOne: "Ein neues Inserat für Ihre Suche \u00ab%s\u00bb",
		Greeting: "Guten Tag", Intro: "Neu auf Remat für Ihre gespeicherte Suche \u00ab%s\u00bb:", Away: "%s km entfernt", See: "Inserat ansehen",
		More: "und %d weitere", SeeAll: "Alle Ergebnisse ansehen", Manage: "Suchaufträge verwalten", Unsubscribe: "Diese Benachrichtigungen abbestellen",
		Why: "Sie erhalten diese E-Mail, weil Sie diese Suche auf Remat gespeichert haben.", Closing: "Ihr Remat-Team",
	},
	"it": {
		Subject: "%d nuovi annunci per la tua ricerca \u00ab%s\u00bb", SubjectOne: "Un nuovo annuncio per la tua ricerca \u00ab%s\u00bb",
		Greeting: "Ciao,", Intro: "Novità su Remat per la tua ricerca salvata \u00ab%s\u00bb:", Away: "a %s km", See: "Vedi l'annuncio",
		More: "e altri %d", SeeAll: "Vedi tutti i risultati", Manage: "Gestisci i tuoi avvisi", Unsubscribe: "Non ricevere più questi avvisi",
		Why: "Ricevi questa e-mail perché hai salvato questa ricerca su Remat.", Closing: "Il team di Remat",
	},
	"sq": {
		Subject: "%d njoftime të reja për kërkimin tuaj \u201c%s\u201d", SubjectOne: "Një njoftim i ri për kërkimin tuaj \u201c%s\u201d",
		Greeting: "Përshëndetje,", Intro: "Të reja në Remat për kërkimin tuaj të ruajtur \u201c%s\u201d:", Away: "%s km larg", See: "Shikoni njoftimin",
		More: "dhe %d të tjera", SeeAll: "Shikoni të gjitha rezultatet", Manage: "Menaxhoni njoftimet tuaja", Unsubscribe: "Ndaloni këto njoftime",
		Why: "E merrni këtë e-mail sepse e keni ruajtur këtë kërkim në Remat.", Closing: "Ekipi i Remat",
	},
}

var alertHTML = template.Must(template.New("alert").Parse(`<!doctype html>
<html lang="{{.Lang}}"><body style="font-family:sans-serif">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<table cellpadding="6">
{{range .Ads}}<tr>
<td>{{if .Photo}}<a href="{{.URL}}"><img src="{{.Photo}}" alt="" width="120" style="border-radius:4px"></a>{{end}}</td>
<td><a href="{{.URL}}"><strong>{{.Title}}</strong></a><br>{{.Price}}{{if .Place}} &middot; {{.Place}}{{end}}{{if .Away}} &middot; {{.Away}}{{end}}</td>
</tr>{{end}}
</table>
{{if .More}}<p>{{.More}}</p>{{end}}
<p><a href="{{.SearchURL}}">{{.SeeAll}}</a></p>
<p style="color:#555;font-size:0.9em">{{.Why}}<br><a href="{{.ManageURL}}">{{.Manage}}</a> &middot; <a href="{{.UnsubscribeURL}}">{{.Unsubscribe}}</a></p>
<p>{{.Closing}}</p>
</body></html>
`))

type alertAd struct {
	Title, URL, Photo, Price, Place, Away string
}

// alertMail builds the alert of saved search s listing ads (newest
// first) with more not listed, in lang, to the address to.
func alertMail(s SavedSearch, ads []Match, more int, lang, from, to, siteURL, token string) (mail.Message, error) {
	if !slices.Contains(languages, lang) {
		lang = defaultLanguage
	}
	tx := alertTexts[lang]
	name := strings.Join(strings.Fields(s.Name), " ")
	data := struct {
		Lang, Greeting, Intro, More, SeeAll, SearchURL, Why, Manage, ManageURL, Unsubscribe, UnsubscribeURL, Closing string
		Ads                                                                                                          []alertAd
	}{
		Lang: lang, Greeting: tx.Greeting, Intro: fmt.Sprintf(tx.Intro, name), SeeAll: tx.SeeAll,
		SearchURL: siteURL + "/" + lang + "/products?" + s.Params, Why: tx.Why, Manage: tx.Manage,
		ManageURL: siteURL + "/" + lang + "/user/saved-searches", Unsubscribe: tx.Unsubscribe,
		UnsubscribeURL: siteURL + "/" + lang + "/unsubscribe?token=" + token, Closing: tx.Closing,
	}
	if more > 0 {
		data.More = fmt.Sprintf(tx.More, more)
	}
	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s\n\n", tx.Greeting, data.Intro)
	for _, m := range ads {
		a := alertAd{
			Title: m.Title, URL: siteURL + "/" + lang + "/product/" + m.AdID,
			Price: invoice.FormatAmount(m.EffectivePriceRp, "CHF", lang),
			Place: strings.TrimSpace(strings.TrimSpace(m.PostalCode+" "+m.Locality) + " " + canton(m)),
		}
		if m.ThumbKey != "" {
			a.Photo = siteURL + blob.PublicPath(m.ThumbKey)
		}
		if m.DistanceKm > 0 {
			a.Away = fmt.Sprintf(tx.Away, km(m.DistanceKm, lang))
		}
		data.Ads = append(data.Ads, a)
		fmt.Fprintf(&text, "- %s\n  %s", a.Title, a.Price)
		for _, extra := range []string{a.Place, a.Away} {
			if extra != "" {
				fmt.Fprintf(&text, " · %s", extra)
			}
		}
		fmt.Fprintf(&text, "\n  %s\n", a.URL)
	}
	if data.More != "" {
		fmt.Fprintf(&text, "\n%s\n", data.More)
	}
	fmt.Fprintf(&text, "\n%s: %s\n\n%s\n%s: %s\n%s: %s\n\n%s\n", tx.SeeAll, data.SearchURL, tx.Why, tx.Manage, data.ManageURL,
		tx.Unsubscribe, data.UnsubscribeURL, tx.Closing)
	var html bytes.Buffer
	if err := alertHTML.Execute(&html, data); err != nil {
		return mail.Message{}, fmt.Errorf("alerts: render alert of %s: %w", s.ID, err)
	}
	subject := fmt.Sprintf(tx.SubjectOne, name)
	if n := len(ads) + more; n > 1 {
		subject = fmt.Sprintf(tx.Subject, n, name)
	}
	return mail.Message{From: from, To: []string{to}, Subject: subject, Text: text.String(), HTML: html.String()}, nil
}

func canton(m Match) string {
	if m.Canton == "" {
		return ""
	}
	return "(" + m.Canton + ")"
}

// km is a distance rounded to a whole kilometre (one decimal below 10),
// with the language's decimal mark.
func km(d float64, lang string) string {
	var s string
	if d < 10 {
		s = strconv.FormatFloat(math.Round(d*10)/10, 'f', 1, 64)
	} else {
		s = strconv.FormatFloat(math.Round(d), 'f', 0, 64)
	}
	if lang != "en" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
