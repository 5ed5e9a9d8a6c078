// Package mail writes and sends the e-mails. Domain code depends on the
// Sender interface; functions wire the SES v2 implementation. Locally the
// SES v2 endpoint (AWS_ENDPOINT_URL_SESV2) is an emulator that keeps the
// mail in the dev mailbox, so the same code runs everywhere.
//
// Every e-mail is one template (templates/<name>.tmpl: subject, text and
// HTML parts) in one shared layout (templates/layout.tmpl: header,
// signature, footer with the sender and, for alerts, the manage and
// unsubscribe links), with its words in per-language catalogues
// (locales/<lang>.json, i18next-style {{placeholders}} like the SPA's).
// A domain fills the template's data type (emails.go) and calls Render;
// Samples feeds the tests and the local cloud's previews
// (/_dev/mailbox/previews). The catalogues also hold the server's few
// other translated texts, read with Text (billing's free-trial order line).
package mail

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

// Message is one e-mail. From and at least one To are required, and so is
// a Subject and a Text or HTML body. HTML must already be escaped by the
// caller: Send passes it through unchanged.
type Message struct {
	From    string
	To      []string
	ReplyTo []string
	Subject string
	Text    string
	HTML    string
}

// Sender sends one message. Implementations return an error when the
// provider did not accept the message; there is no retry inside.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrInvalidMessage is wrapped by Send when the message itself is unusable.
var ErrInvalidMessage = errors.New("mail: invalid message")

// Validate checks the fields every provider needs. A subject with a line
// break is rejected: it would be a header injection on any SMTP hop.
func (m Message) Validate() error {
	var problems []string
	if m.From == "" {
		problems = append(problems, "no From")
	}
	if len(m.To) == 0 {
		problems = append(problems, "no To")
	}
	if strings.TrimSpace(m.Subject) == "" {
		problems = append(problems, "no Subject")
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		problems = append(problems, "line break in Subject")
	}
	if m.Text == "" && m.HTML == "" {
		problems = append(problems, "no body")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrInvalidMessage, strings.Join(problems, ", "))
	}
	return nil
}

// SendEmailAPI is the part of the SES v2 client SESSender needs.
type SendEmailAPI interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, optFns ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

// SESSender sends through SES v2 SendEmail with Simple content in UTF-8.
type SESSender struct {
	api SendEmailAPI
}

var _ Sender = (*SESSender)(nil)

// NewSESSender returns a Sender using api (an *sesv2.Client).
func NewSESSender(api SendEmailAPI) *SESSender {
	return &SESSender{api: api}
}

const charset = "UTF-8"

// Send validates m and sends it.
func (s *SESSender) Send(ctx context.Context, m Message) error {
	if err := m.Validate(); err != nil {
		return fmt.Errorf("mail: send %q: %w", m.Subject, err)
	}
	body := &types.Body{}
	if m.Text != "" {
		body.Text = &types.Content{Data: aws.String(m.Text), Charset: aws.String(charset)}
	}
	if m.HTML != "" {
		body.Html = &types.Content{Data: aws.String(m.HTML), Charset: aws.String(charset)}
	}
	in := &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(m.From),
		Destination:      &types.Destination{ToAddresses: m.To},
		ReplyToAddresses: m.ReplyTo,
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String(charset)},
			Body:    body,
		}},
	}
	if _, err := s.api.SendEmail(ctx, in); err != nil {
		return fmt.Errorf("mail: send %q to %d recipients via SES: %w", m.Subject, len(m.To), err)
	}
	return nil
}
