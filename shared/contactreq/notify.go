package contactreq

import (
	"fmt"
	"slices"
	"strings"

	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/mail"
)

// Languages of the notification; defaultLanguage when the seller's is
// unknown (the product's default, spec §1).
var languages = langs.All

const defaultLanguage = "fr"

// notification builds the e-mail to the seller about r: in lang (the
// seller's language, defaultLanguage when unknown), from from, to the
// seller's address, with Reply-To set to the buyer. siteURL is the public
// site, the base of the links to the dashboard and the ad.
func notification(r Request, lang, from, to, siteURL string) (mail.Message, error) {
	if !slices.Contains(languages, lang) {
		lang = defaultLanguage
	}
	m, err := mail.Render(lang, mail.ContactRequest{
		Footer: mail.Footer{SiteURL: siteURL},
		// A title with a line break would break the Subject header.
		AdTitle:  strings.Join(strings.Fields(r.AdTitle), " "),
		Name:     r.Name,
		Email:    r.Email,
		Phone:    r.Phone,
		Message:  r.Message,
		InboxURL: siteURL + "/" + lang + "/user/contacts",
		AdURL:    siteURL + "/" + lang + "/product/" + r.AdID,
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("contactreq: render notification %s: %w", r.ID, err)
	}
	m.From, m.To, m.ReplyTo = from, []string{to}, []string{r.Email}
	return m, nil
}
