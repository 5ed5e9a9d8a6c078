package contactus

import (
	"time"
	"unicode/utf8"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/limits"
)

// Limits of a submission, in Unicode code points after trimming. They are
// the single source for validation, the settings endpoint and the SPA.
const (
	NameMax    = limits.ContactUsName
	EmailMax   = limits.ContactUsEmail
	SubjectMax = limits.ContactUsSubject
	MessageMax = limits.ContactUsMessage
	// MaxBodyBytes bounds the request body of a submission.
	MaxBodyBytes = 16 << 10
	// userAgentMax bounds the stored User-Agent (bytes, on a rune boundary).
	userAgentMax = 256
)

// Rate limit of submissions per client address.
const (
	RateScope  = "contactus"
	RateLimit  = 5
	RateWindow = time.Hour
)

// Status is a message's processing state.
type Status string

// The statuses: a message is new until an administrator handles it.
const (
	StatusNew     Status = "new"
	StatusHandled Status = "handled"
)

// Message is a stored contact-us message.
type Message struct {
	ID        string
	Name      string
	Email     string
	Subject   string
	Body      string
	Status    Status
	CreatedAt time.Time
	// ClientHash is ratelimit.KeyHash of the client address: enough to
	// correlate abuse, without storing the address.
	ClientHash string
	UserAgent  string
	// Notified reports whether the provider's inbox was e-mailed. False
	// means the admin inbox is the only place the message appears.
	Notified bool
	// HandledAt and HandledBy record when and by whom the message was
	// marked handled (zero while it is new).
	HandledAt time.Time
	HandledBy Administrator
}

// Administrator is who handled a message: the account's id, display name
// and e-mail address at the time.
type Administrator struct {
	ID    string
	Name  string
	Email string
}

// Submission is what a visitor sends.
type Submission struct {
	Name    string
	Email   string
	Subject string
	Message string
}

// The text rules of a submission (package input).
var (
	nameText    = input.Text{Max: NameMax, Required: true}
	emailText   = input.Text{Max: EmailMax, Required: true}
	subjectText = input.Text{Max: SubjectMax, Required: true}
	messageText = input.Text{Max: MessageMax, Required: true, MultiLine: true}
)

// Normalize returns s with every field normalised (package input: NFC,
// trimmed, blanks collapsed in the one-line fields, the message's line
// breaks unified to "\n" - browsers send "\r\n" for form text).
func (s Submission) Normalize() Submission {
	return Submission{
		Name:    nameText.Normalize(s.Name),
		Email:   emailText.Normalize(s.Email),
		Subject: subjectText.Normalize(s.Subject),
		Message: messageText.Normalize(s.Message),
	}
}

// Validate checks a normalized submission and returns a validation_failed
// error naming each bad field (keys name, email, subject, message) with
// one code: required (nothing visible), invalid_characters (control
// characters, bidi overrides, a line break outside the message),
// too_long or invalid_email (not one plain address such as a@example.ch:
// no display name, a dot in the domain).
func (s Submission) Validate() error {
	fields := map[string]string{}
	check := func(field, v string, rule input.Text) {
		if code := rule.Check(v); code != "" {
			fields[field] = code
		}
	}
	check("name", s.Name, nameText)
	check("email", s.Email, emailText)
	check("subject", s.Subject, subjectText)
	check("message", s.Message, messageText)
	if _, bad := fields["email"]; !bad && !input.Email(s.Email) {
		fields["email"] = apperr.FieldInvalidEmail
	}
	if len(fields) > 0 {
		return apperr.Validation(fields)
	}
	return nil
}

// truncate cuts s to at most n bytes without splitting a rune.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
