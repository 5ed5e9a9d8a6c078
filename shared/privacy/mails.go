package privacy

import (
	"fmt"
	"html"
	"strings"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/mail"
)

// deletedText is the deletion e-mail in one language. Greeting takes the
// first name; Contact precedes the link to the contact form.
type deletedText struct {
	Subject  string
	Greeting string
	Done     string
	Kept     string
	Again    string
	Contact  string
	Closing  string
}

// deletedTexts is the e-mail in every UI language.
var deletedTexts = map[string]deletedText{
	"en": {
		Subject:  "Your Remat account has been deleted",
		Greeting: "Hello %s,",
		Done:     "As you asked, we have deleted your Remat account. Your ads are no longer online, their photos and the messages buyers sent you have been deleted, and your personal data has been erased.",
		Kept:     "Swiss accounting law (Code of Obligations, art. 958f) requires us to keep your invoices and the records of your orders and payments for ten years. We keep them for that purpose only.",
		Again:    "You can sign up again with this e-mail address at any time.",
		Contact:  "If you did not ask for this, please contact us at once:",
		Closing:  "The Remat team",
	},
	"fr": {
		Subject:  "Votre compte Remat a été supprimé",
		Greeting: "Bonjour %s,",
		Done:     "Comme vous l'avez demandé, nous avons supprimé votre compte Remat. Vos annonces ne sont plus en ligne, leurs photos et les messages que les acheteurs vous ont envoyés ont été supprimés, et vos données personnelles ont été effacées.",
		Kept:     "Le droit comptable suisse (Code des obligations, art. 958f) nous oblige à conserver vos factures et les données de vos commandes et paiements pendant dix ans. Nous les conservons uniquement à cette fin.", //nolint:misspell // French
		Again:    "Vous pouvez vous réinscrire avec cette adresse e-mail à tout moment.",
		Contact:  "Si vous n'êtes pas à l'origine de cette demande, contactez-nous immédiatement :",
		Closing:  "L'équipe Remat",
	},
	"de": {
		Subject:  "Ihr Remat-Konto wurde gelöscht",
		Greeting: "Guten Tag %s",
		Done:     "Wie gewünscht haben wir Ihr Remat-Konto gelöscht. Ihre Inserate sind nicht mehr online, ihre Fotos und die Nachrichten, die Käuferinnen und Käufer Ihnen geschickt haben, wurden gelöscht, und Ihre Personendaten wurden entfernt.",
		Kept:     "Das Schweizer Buchführungsrecht (Obligationenrecht, Art. 958f) verpflichtet uns, Ihre Rechnungen sowie die Angaben zu Ihren Bestellungen und Zahlungen zehn Jahre lang aufzubewahren. Wir bewahren sie nur zu diesem Zweck auf.",
		Again:    "Sie können sich jederzeit wieder mit dieser E-Mail-Adresse registrieren.",
		Contact:  "Wenn Sie dies nicht veranlasst haben, kontaktieren Sie uns bitte sofort:",
		Closing:  "Ihr Remat-Team",
	},
	"it": {
		Subject:  "Il tuo account Remat è stato eliminato", //nolint:misspell // Italian
		Greeting: "Ciao %s,",
		Done:     "Come richiesto, abbiamo eliminato il tuo account Remat. I tuoi annunci non sono più online, le loro foto e i messaggi che gli acquirenti ti hanno inviato sono stati eliminati e i tuoi dati personali sono stati cancellati.", //nolint:misspell // Italian
		Kept:     "Il diritto contabile svizzero (Codice delle obbligazioni, art. 958f) ci obbliga a conservare le tue fatture e i dati dei tuoi ordini e pagamenti per dieci anni. Li conserviamo esclusivamente a questo scopo.",                //nolint:misspell // Italian
		Again:    "Puoi registrarti di nuovo con questo indirizzo e-mail in qualsiasi momento.",                                                                                                                                                   //nolint:misspell // Italian
		Contact:  "Se non hai fatto tu questa richiesta, contattaci subito:",
		Closing:  "Il team di Remat",
	},
	"sq": {
		Subject:  "Llogaria juaj në Remat u fshi",
		Greeting: "Përshëndetje %s,",
		Done:     "Siç kërkuat, e fshimë llogarinë tuaj në Remat. Njoftimet tuaja nuk janë më në internet, fotot e tyre dhe mesazhet që ju dërguan blerësit u fshinë, dhe të dhënat tuaja personale u hoqën.",
		Kept:     "Ligji zviceran i kontabilitetit (Kodi i Detyrimeve, neni 958f) na detyron t'i ruajmë faturat tuaja dhe të dhënat e porosive dhe pagesave tuaja për dhjetë vjet. I ruajmë vetëm për këtë qëllim.",
		Again:    "Mund të regjistroheni sërish me këtë adresë e-maili në çdo kohë.", //nolint:misspell // Albanian
		Contact:  "Nëse nuk e keni kërkuar ju këtë, na kontaktoni menjëherë:",
		Closing:  "Ekipi i Remat",
	},
}

// deletedMail is the e-mail telling u, in u's language, that the account
// is deleted and what is kept.
func deletedMail(u accounts.User, from, siteURL string) mail.Message {
	lang := languageOf(u)
	t, ok := deletedTexts[lang]
	if !ok {
		t = deletedTexts[accounts.DefaultLanguage]
	}
	name := strings.TrimSpace(u.FirstName)
	greeting := fmt.Sprintf(t.Greeting, name)
	if name == "" {
		greeting = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(fmt.Sprintf(t.Greeting, "")), ","))
	}
	contact := strings.TrimRight(siteURL, "/") + "/" + lang + "/contact-us"
	text := strings.Join([]string{greeting, "", t.Done, "", t.Kept, "", t.Again, "", t.Contact, contact, "", "-- ", t.Closing}, "\n")
	esc := html.EscapeString
	body := `<!doctype html><html lang="` + esc(lang) + `"><head><meta charset="utf-8"><title>` + esc(t.Subject) + `</title></head>` +
		`<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">` +
		`<p>` + esc(greeting) + `</p><p>` + esc(t.Done) + `</p><p>` + esc(t.Kept) + `</p><p>` + esc(t.Again) + `</p>` +
		`<p>` + esc(t.Contact) + ` <a href="` + esc(contact) + `">` + esc(contact) + `</a></p>` +
		`<p>` + esc(t.Closing) + `</p></body></html>`
	return mail.Message{From: from, To: []string{u.Email}, Subject: t.Subject, Text: text, HTML: body}
}
