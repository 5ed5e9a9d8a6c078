package contactreq

import (
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/input"
)

// Limits of a request, in Unicode code points after trimming. The SPA's
// form uses the same numbers (features/contacts/contactSchema.ts).
const (
	NameMax    = 100
	EmailMax   = 254
	PhoneMax   = 30
	MessageMax = 2000
	// MaxBodyBytes bounds the request body of a submission.
	MaxBodyBytes = 16 << 10
	// phoneMinDigits is the fewest digits of a phone number.
	phoneMinDigits = 6
	// minTextLetters is the fewest letters a message must keep once its
	// links are removed; fewer makes it "links only".
	minTextLetters = 3
	// userAgentMax bounds the stored User-Agent (bytes, on a rune boundary).
	userAgentMax = 256
)

// Request is a stored contact request. AdTitle is the ad's title when the
// request was sent (the dashboard names the ad even after it changes).
type Request struct {
	ID        string
	SellerID  string
	AdID      string
	AdTitle   string
	Name      string
	Email     string
	Phone     string
	Message   string
	Read      bool
	Archived  bool
	CreatedAt time.Time
	// ReadAt is when the seller last marked it read (zero while unread).
	ReadAt time.Time
	// BuyerID is the signed-in buyer's user id, "" for visitors.
	BuyerID string
	// ClientHash is ratelimit.KeyHash of the client address.
	ClientHash string
	UserAgent  string
	// Notified reports whether the seller was e-mailed.
	Notified bool
}

// Submission is what a buyer sends. Website is the honeypot: the form
// hides it from people, so only robots fill it in.
type Submission struct {
	AdID    string
	Name    string
	Email   string
	Phone   string
	Message string
	Website string
}

// The text rules of a submission (package input).
var (
	nameText    = input.Text{Max: NameMax, Required: true}
	emailText   = input.Text{Max: EmailMax, Required: true}
	phoneText   = input.Text{Max: PhoneMax}
	messageText = input.Text{Max: MessageMax, Required: true, MultiLine: true}
)

// Normalize returns s with every field normalised (package input: NFC,
// trimmed, blanks collapsed in the one-line fields, the message's line
// breaks unified to "\n").
func (s Submission) Normalize() Submission {
	return Submission{
		AdID:    strings.TrimSpace(s.AdID),
		Name:    nameText.Normalize(s.Name),
		Email:   emailText.Normalize(s.Email),
		Phone:   phoneText.Normalize(s.Phone),
		Message: messageText.Normalize(s.Message),
		Website: strings.TrimSpace(s.Website),
	}
}

// Validate checks a normalized submission's fields and returns a
// validation_failed error naming each bad one (adId, name, email, phone,
// message) with its field code: required, invalid_characters (control
// characters, bidi overrides, a line break outside the message),
// too_long, invalid (a phone with other characters than digits, spaces
// and + ( ) . / - or fewer than 6 digits) or invalid_email. The honeypot
// and the links-only rule are spam checks (Spam), not validation.
func (s Submission) Validate() error {
	fields := map[string]string{}
	check := func(field, v string, rule input.Text) {
		if code := rule.Check(v); code != "" {
			fields[field] = code
		}
	}
	if s.AdID == "" {
		fields["adId"] = apperr.FieldRequired
	}
	check("name", s.Name, nameText)
	check("email", s.Email, emailText)
	check("phone", s.Phone, phoneText)
	check("message", s.Message, messageText)
	if _, bad := fields["email"]; !bad && !input.Email(s.Email) {
		fields["email"] = apperr.FieldInvalidEmail
	}
	if _, bad := fields["phone"]; !bad && s.Phone != "" && !validPhone(s.Phone) {
		fields["phone"] = apperr.FieldInvalid
	}
	if len(fields) > 0 {
		return apperr.Validation(fields)
	}
	return nil
}

// Spam returns the coded refusal of a valid submission that looks like
// spam, or nil: contact_request_spam when the honeypot is filled in,
// contact_request_links_only when the message is nothing but links.
func (s Submission) Spam() error {
	if s.Website != "" {
		return apperr.New(apperr.CodeContactRequestSpam, nil)
	}
	if linksOnly(s.Message) {
		return apperr.New(apperr.CodeContactRequestLinksOnly, nil)
	}
	return nil
}

// linkPattern matches web links: with a scheme, starting with www., or a
// bare host name with a common top-level domain (spam.example.com/x).
var linkPattern = regexp.MustCompile(`(?i)(?:[a-z][a-z0-9+.-]*://|www\.)\S+|\b(?:[a-z0-9-]+\.)+(?:com|net|org|info|biz|ch|de|fr|it|at|eu|io|co|ru|cn|xyz|top|online|site|shop|link|click|me|ly)\b(?:/\S*)?`)

// linksOnly reports whether message holds at least one link and, once the
// links are removed, fewer than minTextLetters letters.
func linksOnly(message string) bool {
	if !linkPattern.MatchString(message) {
		return false
	}
	letters := 0
	for _, r := range linkPattern.ReplaceAllString(message, " ") {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters < minTextLetters
}

// validPhone accepts digits with the usual separators and an optional
// leading +, with at least phoneMinDigits digits.
func validPhone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '(', r == ')', r == '.', r == '/', r == '-':
		default:
			return false
		}
	}
	return digits >= phoneMinDigits
}

// normalizeEmail is the form e-mails are rate limited in.
func normalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

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
