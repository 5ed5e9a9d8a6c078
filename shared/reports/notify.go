package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strings"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/mail"
)

// adminNotificationHTML is rendered with html/template: the reporter's text
// can never become markup in the provider's mail client.
var adminNotificationHTML = template.Must(template.New("report").Parse(`<!doctype html>
<html><body style="font-family:sans-serif">
<h2>New ad report</h2>
<table>
<tr><th align="left">Ad</th><td><a href="{{.Link}}">{{.Title}}</a> ({{.AdID}})</td></tr>
<tr><th align="left">Reason</th><td>{{.Reason}}</td></tr>
<tr><th align="left">Reporter</th><td>{{.Email}}</td></tr>
<tr><th align="left">Received</th><td>{{.Received}}</td></tr>
<tr><th align="left">Report</th><td>{{.ID}}</td></tr>
</table>
<div style="white-space:pre-wrap;border-top:1px solid #ccc;margin-top:1em;padding-top:1em">{{.Details}}</div>
</body></html>
`))

// adminNotification is the e-mail to the provider's inbox about r, with
// Reply-To the reporter.
func adminNotification(r Report, ad catalog.Ad, opts Options) (mail.Message, error) {
	data := struct {
		ID, AdID, Title, Link, Reason, Email, Received, Details string
	}{r.ID, ad.ID, ad.Title, opts.SiteURL + "/en/product/" + ad.ID, string(r.Reason), r.Email,
		r.CreatedAt.UTC().Format(time.RFC3339), r.Details}
	var html bytes.Buffer
	if err := adminNotificationHTML.Execute(&html, data); err != nil {
		return mail.Message{}, fmt.Errorf("reports: render notification %s: %w", r.ID, err)
	}
	text := fmt.Sprintf("New ad report\n\nAd: %s (%s)\n%s\nReason: %s\nReporter: %s\nReceived: %s\nReport: %s\n\n%s\n",
		data.Title, data.AdID, data.Link, data.Reason, data.Email, data.Received, data.ID, data.Details)
	return mail.Message{
		From: opts.From, To: []string{opts.Inbox}, ReplyTo: []string{r.Email},
		Subject: "[Remat] Ad report: " + oneLine(ad.Title), Text: text, HTML: html.String(),
	}, nil
}

// outcome is one e-mail about a resolution in one language: %s is the ad's
// title.
type outcome struct {
	Subject string
	Body    string
}

// reporterTexts tell the reporter what came of their report.
var reporterTexts = map[string]map[Action]outcome{
	"en": {
		ActionDismiss:       {"Your report about an ad on Remat", "Thank you for your report about the ad \"%s\". We reviewed it and found no breach of our rules, so the ad stays online."},
		ActionDeactivateAd:  {"Your report about an ad on Remat", "Thank you for your report about the ad \"%s\". We reviewed it and have taken the ad offline."},
		ActionSuspendSeller: {"Your report about an ad on Remat", "Thank you for your report about the ad \"%s\". We reviewed it and have suspended the seller's account; their ads are no longer shown."},
	},
	"fr": {
		ActionDismiss:       {"Votre signalement d'une annonce sur Remat", "Merci pour votre signalement de l'annonce « %s ». Nous l'avons examiné et n'avons constaté aucune infraction à nos règles : l'annonce reste en ligne."},
		ActionDeactivateAd:  {"Votre signalement d'une annonce sur Remat", "Merci pour votre signalement de l'annonce « %s ». Nous l'avons examiné et avons retiré l'annonce."},
		ActionSuspendSeller: {"Votre signalement d'une annonce sur Remat", "Merci pour votre signalement de l'annonce « %s ». Nous l'avons examiné et avons suspendu le compte du vendeur ; ses annonces ne sont plus affichées."},
	},
	"de": {
		ActionDismiss:       {"Ihre Meldung eines Inserats auf Remat", "Vielen Dank für Ihre Meldung des Inserats «%s». Wir haben sie geprüft und keinen Verstoss gegen unsere Regeln festgestellt; das Inserat bleibt online."},
		ActionDeactivateAd:  {"Ihre Meldung eines Inserats auf Remat", "Vielen Dank für Ihre Meldung des Inserats «%s». Wir haben sie geprüft und das Inserat deaktiviert."},
		ActionSuspendSeller: {"Ihre Meldung eines Inserats auf Remat", "Vielen Dank für Ihre Meldung des Inserats «%s». Wir haben sie geprüft und das Konto des Verkäufers gesperrt; seine Inserate werden nicht mehr angezeigt."},
	},
	"it": {
		ActionDismiss:       {"La tua segnalazione di un annuncio su Remat", "Grazie per la tua segnalazione dell'annuncio «%s». L'abbiamo esaminata e non abbiamo riscontrato violazioni delle nostre regole: l'annuncio resta online."},
		ActionDeactivateAd:  {"La tua segnalazione di un annuncio su Remat", "Grazie per la tua segnalazione dell'annuncio «%s». L'abbiamo esaminata e abbiamo disattivato l'annuncio."},
		ActionSuspendSeller: {"La tua segnalazione di un annuncio su Remat", "Grazie per la tua segnalazione dell'annuncio «%s». L'abbiamo esaminata e abbiamo sospeso l'account del venditore; i suoi annunci non sono più visibili."},
	},
	"sq": {
		ActionDismiss:       {"Raportimi juaj i një njoftimi në Remat", "Faleminderit për raportimin e njoftimit \"%s\". E shqyrtuam dhe nuk gjetëm shkelje të rregullave tona, prandaj njoftimi mbetet në internet."},
		ActionDeactivateAd:  {"Raportimi juaj i një njoftimi në Remat", "Faleminderit për raportimin e njoftimit \"%s\". E shqyrtuam dhe e çaktivizuam njoftimin."},
		ActionSuspendSeller: {"Raportimi juaj i një njoftimi në Remat", "Faleminderit për raportimin e njoftimit \"%s\". E shqyrtuam dhe e pezulluam llogarinë e shitësit; njoftimet e tij nuk shfaqen më."},
	},
}

// sellerTexts tell the seller what was done after a report.
var sellerTexts = map[string]map[Action]outcome{
	"en": {
		ActionDeactivateAd:  {"Your ad on Remat was deactivated", "After a report, our team reviewed your ad \"%s\" and deactivated it. If you think this is a mistake, please contact support."},
		ActionSuspendSeller: {"Your Remat account was suspended", "After a report about your ad \"%s\", our team suspended your account. Your ads are no longer shown and you cannot log in. Please contact support."},
	},
	"fr": {
		ActionDeactivateAd:  {"Votre annonce sur Remat a été désactivée", "À la suite d'un signalement, notre équipe a examiné votre annonce « %s » et l'a désactivée. Si vous pensez qu'il s'agit d'une erreur, veuillez contacter le support."},
		ActionSuspendSeller: {"Votre compte Remat a été suspendu", "À la suite d'un signalement de votre annonce « %s », notre équipe a suspendu votre compte. Vos annonces ne sont plus affichées et vous ne pouvez plus vous connecter. Veuillez contacter le support."},
	},
	"de": {
		ActionDeactivateAd:  {"Ihr Inserat auf Remat wurde deaktiviert", "Nach einer Meldung hat unser Team Ihr Inserat «%s» geprüft und deaktiviert. Wenn Sie dies für einen Irrtum halten, kontaktieren Sie bitte den Support."},
		ActionSuspendSeller: {"Ihr Remat-Konto wurde gesperrt", "Nach einer Meldung Ihres Inserats «%s» hat unser Team Ihr Konto gesperrt. Ihre Inserate werden nicht mehr angezeigt und Sie können sich nicht mehr anmelden. Bitte kontaktieren Sie den Support."},
	},
	"it": {
		ActionDeactivateAd:  {"Il tuo annuncio su Remat è stato disattivato", "In seguito a una segnalazione, il nostro team ha esaminato il tuo annuncio «%s» e lo ha disattivato. Se pensi che si tratti di un errore, contatta il supporto."},
		ActionSuspendSeller: {"Il tuo account Remat è stato sospeso", "In seguito a una segnalazione del tuo annuncio «%s», il nostro team ha sospeso il tuo account. I tuoi annunci non sono più visibili e non puoi accedere. Contatta il supporto."},
	},
	"sq": {
		ActionDeactivateAd:  {"Njoftimi juaj në Remat u çaktivizua", "Pas një raportimi, ekipi ynë e shqyrtoi njoftimin tuaj \"%s\" dhe e çaktivizoi. Nëse mendoni se është gabim, ju lutemi kontaktoni mbështetjen."},
		ActionSuspendSeller: {"Llogaria juaj në Remat u pezullua", "Pas një raportimi të njoftimit tuaj \"%s\", ekipi ynë e pezulloi llogarinë tuaj. Njoftimet tuaja nuk shfaqen më dhe nuk mund të hyni. Ju lutemi kontaktoni mbështetjen."},
	},
}

// closing ends every e-mail.
var closing = map[string]string{
	"en": "The Remat team", "fr": "L'équipe Remat", "de": "Ihr Remat-Team", "it": "Il team di Remat", "sq": "Ekipi i Remat",
}

func reporterMail(r Report, title string, action Action, from string) mail.Message {
	return outcomeMail(reporterTexts, languageOr(r.Language), action, title, from, r.Email)
}

func sellerMail(u accounts.User, title string, action Action, from string) mail.Message {
	return outcomeMail(sellerTexts, languageOr(u.Language), action, title, from, u.Email)
}

func outcomeMail(texts map[string]map[Action]outcome, lang string, action Action, title, from, to string) mail.Message {
	t := texts[lang][action]
	body := fmt.Sprintf(t.Body, oneLine(title)) + "\n\n" + closing[lang] + "\n"
	html := "<!doctype html><html><body style=\"font-family:sans-serif\"><p>" +
		template.HTMLEscapeString(fmt.Sprintf(t.Body, oneLine(title))) + "</p><p>" +
		template.HTMLEscapeString(closing[lang]) + "</p></body></html>"
	return mail.Message{From: from, To: []string{to}, Subject: t.Subject, Text: body, HTML: html}
}

// oneLine keeps a title on one line (subjects must not break).
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// languageOr returns lang when it is a UI language, else the default.
func languageOr(lang string) string {
	if slices.Contains(accounts.Languages, lang) {
		return lang
	}
	return accounts.DefaultLanguage
}

// PreferredLanguage picks the first UI language of an Accept-Language
// header ("de-CH,de;q=0.9,en;q=0.8" -> "de"); "" when none is supported.
func PreferredLanguage(header string) string {
	for _, part := range strings.Split(header, ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if slices.Contains(accounts.Languages, base) {
			return base
		}
	}
	return ""
}
