package privacy

import (
	"context"
	"fmt"
	"strings"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/mail"
)

// deletedMail is the e-mail telling u, in u's language, that the account
// is deleted and what is kept.
func deletedMail(u accounts.User, from, siteURL string) (mail.Message, error) {
	lang := languageOf(u)
	m, err := mail.Render(lang, mail.AccountDeleted{
		Footer:     mail.Footer{SiteURL: siteURL},
		FirstName:  strings.TrimSpace(u.FirstName),
		ContactURL: strings.TrimRight(siteURL, "/") + "/" + lang + "/contact-us",
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("privacy: deletion e-mail to %s: %w", u.ID, err)
	}
	m.From, m.To = from, []string{u.Email}
	return m, nil
}

// sendDeletedMail e-mails u that the account is deleted.
func (s *Service) sendDeletedMail(ctx context.Context, u accounts.User) error {
	m, err := deletedMail(u, s.opts.From, s.opts.SiteURL)
	if err != nil {
		return err
	}
	if err := s.d.Sender.Send(ctx, m); err != nil {
		return fmt.Errorf("privacy: deletion e-mail to %s: %w", u.ID, err)
	}
	return nil
}
