package subscriptions

import (
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/mail"
)

// reminderText is the reminder e-mail in one language. Subject and Body
// take the plan name and the expiry date, Greeting the first name.
type reminderText struct {
	Subject  string
	Greeting string
	Body     string
	After    string
	Renew    string
	Overview string
	Closing  string
}

var reminderTexts = map[string]reminderText{
	"en": {
		Subject:  "Your Remat subscription %s expires on %s",
		Greeting: "Hello %s,",
		Body:     "Your subscription %s expires on %s.",
		After:    "After that date you can no longer publish ads with it. Renew it or choose another plan in time to keep selling without interruption.",
		Renew:    "Renew or choose a plan",
		Overview: "Your subscriptions and payments",
		Closing:  "The Remat team",
	},
	"fr": {
		Subject:  "Votre abonnement Remat %s expire le %s",
		Greeting: "Bonjour %s,",
		Body:     "Votre abonnement %s expire le %s.",
		After:    "Après cette date, vous ne pourrez plus publier d’annonces avec cet abonnement. Renouvelez-le ou choisissez une autre formule à temps pour continuer à vendre sans interruption.",
		Renew:    "Renouveler ou choisir une formule",
		Overview: "Vos abonnements et paiements",
		Closing:  "L’équipe Remat",
	},
	"de": {
		Subject:  "Ihr Remat-Abonnement %s läuft am %s ab",
		Greeting: "Guten Tag %s",
		Body:     "Ihr Abonnement %s läuft am %s ab.",
		After:    "Danach können Sie damit keine Inserate mehr veröffentlichen. Verlängern Sie es rechtzeitig oder wählen Sie ein anderes Abo, um ohne Unterbruch weiter zu verkaufen.",
		Renew:    "Verlängern oder Abo wählen",
		Overview: "Ihre Abonnemente und Zahlungen",
		Closing:  "Ihr Remat-Team",
	},
	"it": {
		Subject:  "Il tuo abbonamento Remat %s scade il %s",
		Greeting: "Ciao %s,",
		Body:     "Il tuo abbonamento %s scade il %s.",
		After:    "Dopo questa data non potrai più pubblicare annunci con questo abbonamento. Rinnovalo o scegli un altro piano in tempo per continuare a vendere senza interruzioni.", //nolint:misspell // Italian
		Renew:    "Rinnova o scegli un piano",
		Overview: "I tuoi abbonamenti e pagamenti",
		Closing:  "Il team di Remat",
	},
	"sq": {
		Subject:  "Abonimi juaj Remat %s skadon më %s",
		Greeting: "Përshëndetje %s,",
		Body:     "Abonimi juaj %s skadon më %s.",
		After:    "Pas kësaj date nuk do të mund të publikoni më njoftime me të. Rinovojeni ose zgjidhni një plan tjetër në kohë për të vazhduar shitjen pa ndërprerje.",
		Renew:    "Rinovo ose zgjidh një plan",
		Overview: "Abonimet dhe pagesat tuaja",
		Closing:  "Ekipi i Remat",
	},
}

// zurich prints expiry dates in Swiss local time.
var zurich = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Zurich")
	if err != nil {
		panic("subscriptions: " + err.Error())
	}
	return loc
}()

// reminderMail composes the reminder for d to u in u's language (else
// accounts.DefaultLanguage), as plain text and escaped HTML.
func reminderMail(from, siteURL string, u accounts.User, d Due) mail.Message {
	lang := u.Language
	t, ok := reminderTexts[lang]
	if !ok {
		lang = accounts.DefaultLanguage
		t = reminderTexts[lang]
	}
	plan := planName(d.PlanName, lang)
	date := d.ExpiresAt.In(zurich).Format("02.01.2006")
	quoted := "«" + plan + "»"
	if lang == "en" || lang == "sq" {
		quoted = "“" + plan + "”"
	}
	name := strings.TrimSpace(u.FirstName)
	greeting := fmt.Sprintf(t.Greeting, name)
	if name == "" {
		greeting = strings.TrimRight(strings.TrimSpace(fmt.Sprintf(t.Greeting, "")), ",")
	}
	base := strings.TrimRight(siteURL, "/") + "/" + lang
	renew := base + "/vendre?choosePlan=true"
	overview := base + "/user/payment-details"
	body := fmt.Sprintf(t.Body, quoted, date)
	text := strings.Join([]string{
		greeting, "", body, t.After, "",
		t.Renew + ": " + renew, t.Overview + ": " + overview, "", "-- ", t.Closing,
	}, "\n")
	esc := html.EscapeString
	subject := fmt.Sprintf(t.Subject, quoted, date)
	htmlBody := `<!doctype html><html lang="` + esc(lang) + `"><head><meta charset="utf-8"><title>` + esc(subject) + `</title></head>` +
		`<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">` +
		`<p>` + esc(greeting) + `</p><p>` + esc(body) + `</p><p>` + esc(t.After) + `</p>` +
		`<p><a href="` + esc(renew) + `" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#ffffff;text-decoration:none;border-radius:4px">` + esc(t.Renew) + `</a></p>` +
		`<p style="font-size:13px"><a href="` + esc(overview) + `">` + esc(t.Overview) + `</a></p>` +
		`<p>` + esc(t.Closing) + `</p></body></html>`
	return mail.Message{From: from, To: []string{u.Email}, Subject: subject, Text: text, HTML: htmlBody}
}

// planName picks lang, then English, then any translation.
func planName(names map[string]string, lang string) string {
	if s := names[lang]; s != "" {
		return s
	}
	if s := names["en"]; s != "" {
		return s
	}
	for _, l := range accounts.Languages {
		if s := names[l]; s != "" {
			return s
		}
	}
	return "Remat"
}
