package contactus

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/remat/remat/shared/mail"
)

// subjectPrefix starts the subject of every notification, so the provider's
// mail rules can sort them.
const subjectPrefix = "[Remat] Contact: "

// notificationHTML is rendered with html/template, which escapes every
// value: the visitor's text can never become markup in the provider's mail
// client.
var notificationHTML = template.Must(template.New("contactus").Parse(`<!doctype html>
<html><body style="font-family:sans-serif">
<h2>New contact-us message</h2>
<table>
<tr><th align="left">From</th><td>{{.Name}} &lt;{{.Email}}&gt;</td></tr>
<tr><th align="left">Subject</th><td>{{.Subject}}</td></tr>
<tr><th align="left">Received</th><td>{{.Received}}</td></tr>
<tr><th align="left">Id</th><td>{{.ID}}</td></tr>
</table>
<div style="white-space:pre-wrap;border-top:1px solid #ccc;margin-top:1em;padding-top:1em">{{.Body}}</div>
</body></html>
`))

// notification builds the e-mail to the provider's inbox for m: from from,
// to inbox, with Reply-To set to the visitor so a reply goes straight back.
func notification(m Message, from, inbox string) (mail.Message, error) {
	received := m.CreatedAt.UTC().Format(time.RFC3339)
	data := struct {
		ID, Name, Email, Subject, Body, Received string
	}{m.ID, m.Name, m.Email, m.Subject, m.Body, received}

	var html bytes.Buffer
	if err := notificationHTML.Execute(&html, data); err != nil {
		return mail.Message{}, fmt.Errorf("contactus: render notification %s: %w", m.ID, err)
	}
	var text strings.Builder
	fmt.Fprintf(&text, "New contact-us message\n\nFrom: %s <%s>\nSubject: %s\nReceived: %s\nId: %s\n\n%s\n",
		m.Name, m.Email, m.Subject, received, m.ID, m.Body)

	return mail.Message{
		From:    from,
		To:      []string{inbox},
		ReplyTo: []string{m.Email},
		Subject: subjectPrefix + m.Subject,
		Text:    text.String(),
		HTML:    html.String(),
	}, nil
}
