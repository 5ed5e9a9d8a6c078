package subscriptions

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/mail"
)

// zurich prints expiry dates in Swiss local time.
var zurich = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Zurich")
	if err != nil {
		panic("subscriptions: " + err.Error())
	}
	return loc
}()

// reminderMail composes the reminder for d to u in u's language (else
// accounts.DefaultLanguage).
func reminderMail(from, siteURL string, u accounts.User, d Due) (mail.Message, error) {
	lang := u.Language
	if !slices.Contains(accounts.Languages, lang) {
		lang = accounts.DefaultLanguage
	}
	base := strings.TrimRight(siteURL, "/") + "/" + lang
	m, err := mail.Render(lang, mail.SubscriptionExpiring{
		Footer:      mail.Footer{SiteURL: siteURL},
		FirstName:   strings.TrimSpace(u.FirstName),
		Plan:        planName(d.PlanName, lang),
		Date:        d.ExpiresAt.In(zurich).Format("02.01.2006"),
		RenewURL:    base + "/vendre?choosePlan=true",
		OverviewURL: base + "/user/payment-details",
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("subscriptions: reminder for %s: %w", d.ID, err)
	}
	m.From, m.To = from, []string{u.Email}
	return m, nil
}

// sendReminder e-mails u the reminder for d.
func (s *Service) sendReminder(ctx context.Context, u accounts.User, d Due) error {
	m, err := reminderMail(s.opts.From, s.opts.SiteURL, u, d)
	if err != nil {
		return err
	}
	if err := s.mail.Send(ctx, m); err != nil {
		return fmt.Errorf("subscriptions: reminder for %s: %w", d.ID, err)
	}
	return nil
}

// planName picks lang, then English, then any translation.
func planName(names map[string]string, lang string) string {
	if s := names[lang]; s != "" {
		return s
	}
	if s := names["en"]; s != "" {
		return s
	}
	for _, l := range accounts.Languages {
		if s := names[l]; s != "" {
			return s
		}
	}
	return "Remat"
}
