package input

import (
	"net/mail"
	"strings"
)

// Email reports whether s is one bare e-mail address that net/mail parses
// back to itself (so no display name, comments, quoting or angle
// brackets) whose domain has a dot, no empty label and is not a literal
// ([1.2.3.4]): the invalid_email rule of the public forms.
func Email(s string) bool {
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Name != "" || addr.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 {
		return false
	}
	domain := s[at+1:]
	return strings.Contains(domain, ".") &&
		!strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".") &&
		!strings.Contains(domain, "..") && !strings.HasPrefix(domain, "[")
}
