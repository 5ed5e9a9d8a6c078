package contactus

import (
	"fmt"
	"time"

	"github.com/remat/remat/shared/mail"
)

// inboxLanguage is the language of the notifications: the provider's team
// reads them, whatever the visitor's language. The subject starts with
// "[Remat] Contact: " in it, so the provider's mail rules can sort them.
const inboxLanguage = "en"

// notification builds the e-mail to the provider's inbox for m: from from,
// to inbox, with Reply-To set to the visitor so a reply goes straight back.
// The visitor's text is escaped in the HTML part (mail.Render).
func notification(m Message, from, inbox string) (mail.Message, error) {
	msg, err := mail.Render(inboxLanguage, mail.ContactUsMessage{
		ID:       m.ID,
		Name:     m.Name,
		Email:    m.Email,
		Subject:  m.Subject,
		Body:     m.Body,
		Received: m.CreatedAt.UTC().Format(time.RFC3339),
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("contactus: render notification %s: %w", m.ID, err)
	}
	msg.From, msg.To, msg.ReplyTo = from, []string{inbox}, []string{m.Email}
	return msg, nil
}
