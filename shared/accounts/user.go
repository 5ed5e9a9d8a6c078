package accounts

import (
	"net/mail"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/langs"
	"github.com/remat/remat/shared/password"
)

// AccountType tells private sellers from companies.
type AccountType string

// The account types.
const (
	AccountIndividual   AccountType = "individual"
	AccountProfessional AccountType = "professional"
)

// Status is an account's standing; only active accounts may log in or
// use their tokens.
type Status string

// The statuses.
const (
	StatusActive    Status = "active"
	StatusSuspended Status = "suspended"
	StatusBanned    Status = "banned"
)

// Languages of e-mails and links; DefaultLanguage when none is given.
var Languages = langs.All

// DefaultLanguage of accounts and e-mails.
const DefaultLanguage = "fr"

// Input bounds in characters.
const (
	NameMax    = 100
	EmailMax   = 254
	PhoneMax   = 30
	CompanyMax = 150
	AddressMax = 300
	WebsiteMax = 300
	// phoneMinDigits: a Swiss number has 9 digits after the 0.
	phoneMinDigits = 6
)

// Company is a professional account's company.
type Company struct {
	Name    string `json:"name" dynamodbav:"name"`
	Email   string `json:"email" dynamodbav:"email"`
	Address string `json:"address" dynamodbav:"address"`
	Website string `json:"website" dynamodbav:"website"`
}

// User is an account. PasswordHash is empty for accounts created by social
// sign-in that never set a password.
type User struct {
	ID            string
	FirstName     string
	LastName      string
	Email         string
	Phone         string
	Language      string
	Role          auth.Role
	AccountType   AccountType
	Status        Status
	EmailVerified bool
	Company       *Company
	AvatarKey     string
	PasswordHash  string
	TokenVersion  int
	CreatedAt     time.Time
}

// NormalizeEmail is the form e-mails are compared and guarded in:
// trimmed and lower-cased (case-insensitive uniqueness).
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// validEmail accepts a bare address (no display name) with a dotted domain.
func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	_, domain, ok := strings.Cut(s, "@")
	return ok && strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
}

// validPhone accepts digits with the usual separators and an optional
// leading +, with at least phoneMinDigits digits.
func validPhone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case unicode.IsDigit(r) && r < utf8.RuneSelf:
			digits++
		case r == '+' && i == 0:
		case strings.ContainsRune(" -./()", r):
		default:
			return false
		}
	}
	return digits >= phoneMinDigits
}

// validWebsite accepts an http(s) URL with a host; a bare domain
// ("www.example.ch") is accepted and stored with https://.
func normalizeWebsite(s string) (string, bool) {
	if s == "" {
		return "", true
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || !strings.Contains(u.Hostname(), ".") || u.User != nil {
		return "", false
	}
	return s, true
}

// fieldErrors collects field codes; the first problem of a field wins.
type fieldErrors map[string]string

func (f fieldErrors) add(field, code string) {
	if code == "" {
		return
	}
	if _, ok := f[field]; !ok {
		f[field] = code
	}
}

// text checks a required single-line text field of at most max
// characters and returns it normalised (package input).
func (f fieldErrors) text(field, value string, max int) string {
	value, code := input.Text{Max: max, Required: true}.Clean(value)
	f.add(field, code)
	return value
}

// email checks a required e-mail address field.
func (f fieldErrors) email(field, value string) {
	switch {
	case value == "":
		f.add(field, apperr.FieldRequired)
	case len(value) > EmailMax:
		f.add(field, apperr.FieldTooLong)
	case !validEmail(value):
		f.add(field, apperr.FieldInvalidEmail)
	}
}

// phone checks an optional phone number: the product reaches sellers
// through the contact form and never shows their number, so an account
// needs none (a social sign-in brings none either), neither at sign-up
// nor to publish. Empty clears it.
func (f fieldErrors) phone(field, value string) {
	switch {
	case value == "":
	case utf8.RuneCountInString(value) > PhoneMax:
		f.add(field, apperr.FieldTooLong)
	case !validPhone(value):
		f.add(field, apperr.FieldInvalid)
	}
}

func (f fieldErrors) language(field, value string) {
	if value != "" && !slices.Contains(Languages, value) {
		f.add(field, apperr.FieldInvalid)
	}
}

func (f fieldErrors) password(field, value, email string) {
	f.add(field, password.Check(value, email))
}

// company validates c (prefix "company.") and returns it normalised.
func (f fieldErrors) company(c *Company) *Company {
	if c == nil {
		return nil
	}
	n := Company{
		Name:    strings.TrimSpace(c.Name),
		Email:   strings.TrimSpace(c.Email),
		Address: strings.TrimSpace(c.Address),
		Website: strings.TrimSpace(c.Website),
	}
	n.Name = f.text("company.name", n.Name, CompanyMax)
	f.email("company.email", n.Email)
	n.Address = f.text("company.address", n.Address, AddressMax)
	if utf8.RuneCountInString(n.Website) > WebsiteMax {
		f.add("company.website", apperr.FieldTooLong)
	} else if w, ok := normalizeWebsite(n.Website); ok {
		n.Website = w
	} else {
		f.add("company.website", apperr.FieldInvalid)
	}
	return &n
}

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return apperr.Validation(f)
}

// languageOr returns lang when it is a supported language, else def.
func languageOr(lang, def string) string {
	if slices.Contains(Languages, lang) {
		return lang
	}
	return def
}
