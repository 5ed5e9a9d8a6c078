package contactreq

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/remat/remat/shared/mail"
)

// Languages of the notification; defaultLanguage when the seller's is
// unknown (the product's default, spec §1).
var languages = []string{"en", "fr", "de", "it", "sq"}

const defaultLanguage = "fr"

// noticeText is the notification in one language. Subject takes the ad's
// title; Intro the buyer's name and the title.
type noticeText struct {
	Subject  string
	Greeting string
	Intro    string
	From     string
	Phone    string
	Reply    string
	Inbox    string
	Ad       string
	Closing  string
}

var noticeTexts = map[string]noticeText{
	"en": {
		Subject:  "New message about your ad \u201c%s\u201d",
		Greeting: "Hello,",
		Intro:    "%s sent you a message about your ad \u201c%s\u201d on Remat:",
		From:     "From",
		Phone:    "Phone",
		Reply:    "Reply to this e-mail to answer the buyer directly. Your e-mail address is only revealed to the buyer when you reply.",
		Inbox:    "See all your messages",
		Ad:       "See the ad",
		Closing:  "The Remat team",
	},
	"fr": {
		Subject:  "Nouveau message concernant votre annonce \u00ab %s \u00bb",
		Greeting: "Bonjour,",
		Intro:    "%s vous a envoyé un message concernant votre annonce \u00ab %s \u00bb sur Remat :",
		From:     "De",
		Phone:    "Téléphone",
		Reply:    "Répondez à cet e-mail pour répondre directement à l'acheteur. Votre adresse e-mail ne lui est communiquée que si vous répondez.",
		Inbox:    "Voir tous vos messages",
		Ad:       "Voir l'annonce",
		Closing:  "L'équipe Remat",
	},
	"de": {
		Subject:  "Neue Nachricht zu Ihrem Inserat \u00ab%s\u00bb",
		Greeting: "Guten Tag",
		Intro:    "%s hat Ihnen auf Remat eine Nachricht zu Ihrem Inserat \u00ab%s\u00bb gesendet:",
		From:     "Von",
		Phone:    "Telefon",
		Reply:    "Antworten Sie auf diese E-Mail, um dem Käufer direkt zu antworten. Ihre E-Mail-Adresse erfährt der Käufer erst, wenn Sie antworten.",
		Inbox:    "Alle Ihre Nachrichten ansehen",
		Ad:       "Inserat ansehen",
		Closing:  "Ihr Remat-Team",
	},
	"it": {
		Subject:  "Nuovo messaggio sul tuo annuncio \u00ab%s\u00bb",
		Greeting: "Ciao,",
		Intro:    "%s ti ha inviato un messaggio sul tuo annuncio \u00ab%s\u00bb su Remat:",
		From:     "Da",
		Phone:    "Telefono",
		Reply:    "Rispondi a questa e-mail per rispondere direttamente all'acquirente. Il tuo indirizzo e-mail gli viene comunicato solo se rispondi.",
		Inbox:    "Vedi tutti i tuoi messaggi",
		Ad:       "Vedi l'annuncio",
		Closing:  "Il team di Remat",
	},
	"sq": {
		Subject:  "Mesazh i ri për njoftimin tuaj \u201c%s\u201d",
		Greeting: "Përshëndetje,",
		Intro:    "%s ju dërgoi një mesazh për njoftimin tuaj \u201c%s\u201d në Remat:",
		From:     "Nga",
		Phone:    "Telefoni",
		Reply:    "Përgjigjuni këtij e-maili për t'i shkruar drejtpërdrejt blerësit. Adresa juaj e e-mailit i bëhet e ditur blerësit vetëm kur përgjigjeni.", //nolint:misspell // Albanian
		Inbox:    "Shikoni të gjitha mesazhet tuaja",
		Ad:       "Shikoni njoftimin",
		Closing:  "Ekipi i Remat",
	},
}

// noticeHTML is rendered with html/template, which escapes every value:
// the buyer's text can never become markup in the seller's mail client.
var noticeHTML = template.Must(template.New("contactreq").Parse(`<!doctype html>
<html lang="{{.Lang}}"><body style="font-family:sans-serif">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<div style="white-space:pre-wrap;border-left:3px solid #2f7d4f;margin:1em 0;padding:0.5em 1em">{{.Message}}</div>
<table>
<tr><th align="left">{{.FromLabel}}</th><td>{{.Name}} &lt;{{.Email}}&gt;</td></tr>
{{if .Phone}}<tr><th align="left">{{.PhoneLabel}}</th><td>{{.Phone}}</td></tr>{{end}}
</table>
<p>{{.Reply}}</p>
<p><a href="{{.InboxURL}}">{{.Inbox}}</a> &middot; <a href="{{.AdURL}}">{{.AdLabel}}</a></p>
<p>{{.Closing}}</p>
</body></html>
`))

// notification builds the e-mail to the seller about r: in lang (the
// seller's language, defaultLanguage when unknown), from from, to the
// seller's address, with Reply-To set to the buyer. siteURL is the public
// site, the base of the links to the dashboard and the ad.
func notification(r Request, lang, from, to, siteURL string) (mail.Message, error) {
	if !slices.Contains(languages, lang) {
		lang = defaultLanguage
	}
	tx := noticeTexts[lang]
	// A title with a line break would break the Subject header.
	title := strings.Join(strings.Fields(r.AdTitle), " ")
	data := struct {
		Lang, Greeting, Intro, Message, FromLabel, Name, Email, PhoneLabel, Phone string
		Reply, InboxURL, Inbox, AdURL, AdLabel, Closing                           string
	}{
		Lang: lang, Greeting: tx.Greeting, Intro: fmt.Sprintf(tx.Intro, r.Name, title), Message: r.Message,
		FromLabel: tx.From, Name: r.Name, Email: r.Email, PhoneLabel: tx.Phone, Phone: r.Phone,
		Reply: tx.Reply, InboxURL: siteURL + "/" + lang + "/user/contacts", Inbox: tx.Inbox,
		AdURL: siteURL + "/" + lang + "/product/" + r.AdID, AdLabel: tx.Ad, Closing: tx.Closing,
	}
	var html bytes.Buffer
	if err := noticeHTML.Execute(&html, data); err != nil {
		return mail.Message{}, fmt.Errorf("contactreq: render notification %s: %w", r.ID, err)
	}
	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s\n\n%s\n\n%s: %s <%s>\n", data.Greeting, data.Intro, r.Message, tx.From, r.Name, r.Email)
	if r.Phone != "" {
		fmt.Fprintf(&text, "%s: %s\n", tx.Phone, r.Phone)
	}
	fmt.Fprintf(&text, "\n%s\n\n%s: %s\n%s: %s\n\n%s\n", tx.Reply, tx.Inbox, data.InboxURL, tx.Ad, data.AdURL, tx.Closing)
	return mail.Message{
		From:    from,
		To:      []string{to},
		ReplyTo: []string{r.Email},
		Subject: fmt.Sprintf(tx.Subject, title),
		Text:    text.String(),
		HTML:    html.String(),
	}, nil
}
