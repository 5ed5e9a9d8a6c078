package accounts

import (
	"fmt"
	"html"
	"net/url"
	"strings"

	"github.com/remat/remat/shared/mail"
)

// mailText is one e-mail in one language. Greeting takes the first name;
// the link follows Intro; Expiry states the lifetime.
type mailText struct {
	Subject  string
	Greeting string
	Intro    string
	Action   string
	Expiry   string
	Ignore   string
	Closing  string
}

// verificationTexts and resetTexts are the e-mails in every UI language.
var verificationTexts = map[string]mailText{
	"en": {
		Subject:  "Confirm your e-mail address for Remat",
		Greeting: "Hello %s,",
		Intro:    "Thank you for creating your Remat account. Please confirm your e-mail address to activate it:",
		Action:   "Confirm my e-mail address",
		Expiry:   "This link is valid for 24 hours and can be used once.",
		Ignore:   "If you did not create an account, you can ignore this e-mail.",
		Closing:  "The Remat team",
	},
	"fr": {
		Subject:  "Confirmez votre adresse e-mail pour Remat",
		Greeting: "Bonjour %s,",
		Intro:    "Merci d'avoir créé votre compte Remat. Veuillez confirmer votre adresse e-mail pour l'activer :",
		Action:   "Confirmer mon adresse e-mail",
		Expiry:   "Ce lien est valable 24 heures et ne peut être utilisé qu'une seule fois.",
		Ignore:   "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
		Closing:  "L'équipe Remat",
	},
	"de": {
		Subject:  "Bestätigen Sie Ihre E-Mail-Adresse für Remat",
		Greeting: "Guten Tag %s",
		Intro:    "Vielen Dank für die Eröffnung Ihres Remat-Kontos. Bitte bestätigen Sie Ihre E-Mail-Adresse, um es zu aktivieren:",
		Action:   "E-Mail-Adresse bestätigen",
		Expiry:   "Dieser Link ist 24 Stunden gültig und kann einmal verwendet werden.",
		Ignore:   "Wenn Sie kein Konto eröffnet haben, können Sie diese E-Mail ignorieren.",
		Closing:  "Ihr Remat-Team",
	},
	"it": {
		Subject:  "Conferma il tuo indirizzo e-mail per Remat",
		Greeting: "Ciao %s,",
		Intro:    "Grazie per aver creato il tuo account Remat. Conferma il tuo indirizzo e-mail per attivarlo:",
		Action:   "Conferma il mio indirizzo e-mail",
		Expiry:   "Questo link è valido 24 ore e può essere usato una sola volta.",
		Ignore:   "Se non hai creato un account, puoi ignorare questa e-mail.",
		Closing:  "Il team di Remat",
	},
	"sq": {
		Subject:  "Konfirmoni adresën tuaj të e-mailit për Remat", //nolint:misspell // Albanian
		Greeting: "Përshëndetje %s,",
		Intro:    "Faleminderit që krijuat llogarinë tuaj në Remat. Ju lutemi konfirmoni adresën tuaj të e-mailit për ta aktivizuar:", //nolint:misspell // Albanian
		Action:   "Konfirmo adresën time të e-mailit",                                                                                 //nolint:misspell // Albanian
		Expiry:   "Kjo lidhje është e vlefshme për 24 orë dhe mund të përdoret vetëm një herë.",
		Ignore:   "Nëse nuk keni krijuar një llogari, mund ta shpërfillni këtë e-mail.",
		Closing:  "Ekipi i Remat",
	},
}

var resetTexts = map[string]mailText{
	"en": {
		Subject:  "Reset your Remat password",
		Greeting: "Hello %s,",
		Intro:    "We received a request to reset the password of your Remat account. Choose a new password here:",
		Action:   "Choose a new password",
		Expiry:   "This link is valid for 1 hour and can be used once.",
		Ignore:   "If you did not ask for this, ignore this e-mail: your password stays unchanged.",
		Closing:  "The Remat team",
	},
	"fr": {
		Subject:  "Réinitialisez votre mot de passe Remat",
		Greeting: "Bonjour %s,",
		Intro:    "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Remat. Choisissez un nouveau mot de passe ici :",
		Action:   "Choisir un nouveau mot de passe",
		Expiry:   "Ce lien est valable 1 heure et ne peut être utilisé qu'une seule fois.",
		Ignore:   "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
		Closing:  "L'équipe Remat",
	},
	"de": {
		Subject:  "Setzen Sie Ihr Remat-Passwort zurück",
		Greeting: "Guten Tag %s",
		Intro:    "Wir haben eine Anfrage erhalten, das Passwort Ihres Remat-Kontos zurückzusetzen. Wählen Sie hier ein neues Passwort:",
		Action:   "Neues Passwort wählen",
		Expiry:   "Dieser Link ist 1 Stunde gültig und kann einmal verwendet werden.",
		Ignore:   "Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.",
		Closing:  "Ihr Remat-Team",
	},
	"it": {
		Subject:  "Reimposta la tua password Remat",
		Greeting: "Ciao %s,",
		Intro:    "Abbiamo ricevuto una richiesta di reimpostare la password del tuo account Remat. Scegli una nuova password qui:",
		Action:   "Scegli una nuova password",
		Expiry:   "Questo link è valido 1 ora e può essere usato una sola volta.",
		Ignore:   "Se non hai fatto tu questa richiesta, ignora questa e-mail: la tua password resta invariata.",
		Closing:  "Il team di Remat",
	},
	"sq": {
		Subject:  "Rivendosni fjalëkalimin tuaj në Remat",
		Greeting: "Përshëndetje %s,",
		Intro:    "Morëm një kërkesë për të rivendosur fjalëkalimin e llogarisë suaj në Remat. Zgjidhni një fjalëkalim të ri këtu:",
		Action:   "Zgjidh një fjalëkalim të ri",
		Expiry:   "Kjo lidhje është e vlefshme për 1 orë dhe mund të përdoret vetëm një herë.",
		Ignore:   "Nëse nuk e keni kërkuar këtë, shpërfilleni këtë e-mail: fjalëkalimi juaj mbetet i pandryshuar.",
		Closing:  "Ekipi i Remat",
	},
}

// link builds {siteURL}/{lang}/{page}/{token}.
func link(siteURL, lang, page, token string) string {
	return strings.TrimRight(siteURL, "/") + "/" + lang + "/" + page + "/" + url.PathEscape(token)
}

// composeMail renders texts[lang] (falling back to DefaultLanguage) for u
// with the action link, as plain text and escaped HTML.
func composeMail(texts map[string]mailText, lang, from string, u User, href string) mail.Message {
	t, ok := texts[lang]
	if !ok {
		t = texts[DefaultLanguage]
	}
	name := strings.TrimSpace(u.FirstName)
	greeting := fmt.Sprintf(t.Greeting, name)
	if name == "" {
		greeting = strings.TrimRight(strings.TrimSpace(fmt.Sprintf(t.Greeting, "")), ",")
	}
	text := strings.Join([]string{greeting, "", t.Intro, "", href, "", t.Expiry, t.Ignore, "", "-- ", t.Closing}, "\n")
	esc := html.EscapeString
	htmlBody := `<!doctype html><html lang="` + esc(lang) + `"><head><meta charset="utf-8"><title>` + esc(t.Subject) + `</title></head>` +
		`<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">` +
		`<p>` + esc(greeting) + `</p><p>` + esc(t.Intro) + `</p>` +
		`<p><a href="` + esc(href) + `" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#ffffff;text-decoration:none;border-radius:4px">` + esc(t.Action) + `</a></p>` +
		`<p style="font-size:13px">` + esc(href) + `</p>` +
		`<p style="font-size:13px;color:#52606d">` + esc(t.Expiry) + `<br>` + esc(t.Ignore) + `</p>` +
		`<p>` + esc(t.Closing) + `</p></body></html>`
	return mail.Message{From: from, To: []string{u.Email}, Subject: t.Subject, Text: text, HTML: htmlBody}
}
