package accounts

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/remat/remat/shared/mail"
)

// mailKind is an account e-mail with a one-time link: its template and
// the SPA page the link opens.
type mailKind int

const (
	verificationMail mailKind = iota
	resetMail
)

// page is the SPA route segment the kind's link opens.
func (k mailKind) page() string {
	if k == resetMail {
		return "reset-password"
	}
	return "email-verification"
}

// link builds {siteURL}/{lang}/{page}/{token}.
func link(siteURL, lang, page, token string) string {
	return strings.TrimRight(siteURL, "/") + "/" + lang + "/" + page + "/" + url.PathEscape(token)
}

// composeMail renders kind for u in lang (DefaultLanguage when lang is not
// a UI language) with the one-time link href.
func composeMail(kind mailKind, lang, from, siteURL string, u User, href string) (mail.Message, error) {
	lang = languageOr(lang, DefaultLanguage)
	name := strings.TrimSpace(u.FirstName)
	var e mail.Email = mail.AccountVerification{Footer: mail.Footer{SiteURL: siteURL}, FirstName: name, Link: href}
	if kind == resetMail {
		e = mail.PasswordReset{Footer: mail.Footer{SiteURL: siteURL}, FirstName: name, Link: href}
	}
	m, err := mail.Render(lang, e)
	if err != nil {
		return mail.Message{}, fmt.Errorf("accounts: compose %s mail: %w", kind.page(), err)
	}
	m.From, m.To = from, []string{u.Email}
	return m, nil
}

// sendMail e-mails u the kind's link with secret, in lang.
func (s *Service) sendMail(ctx context.Context, kind mailKind, lang string, u User, secret string) error {
	lang = languageOr(lang, DefaultLanguage)
	m, err := composeMail(kind, lang, s.opts.From, s.opts.SiteURL, u, link(s.opts.SiteURL, lang, kind.page(), secret))
	if err != nil {
		return err
	}
	if err := s.sender.Send(ctx, m); err != nil {
		return fmt.Errorf("accounts: send %s mail: %w", kind.page(), err)
	}
	return nil
}
