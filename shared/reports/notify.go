package reports

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/mail"
)

// inboxLanguage is the language of the notifications to the provider's
// inbox: the provider's team reads them, whatever the reporter's language.
const inboxLanguage = "en"

// adminNotification is the e-mail to the provider's inbox about r, with
// Reply-To the reporter. The reporter's text is escaped in the HTML part
// (mail.Render).
func adminNotification(r Report, ad catalog.Ad, opts Options) (mail.Message, error) {
	m, err := mail.Render(inboxLanguage, mail.ReportReceived{
		Footer:   mail.Footer{SiteURL: opts.SiteURL},
		ReportID: r.ID,
		AdID:     ad.ID,
		AdTitle:  ad.Title,
		AdURL:    opts.SiteURL + "/" + inboxLanguage + "/product/" + ad.ID,
		Reason:   string(r.Reason),
		Reporter: r.Email,
		Received: r.CreatedAt.UTC().Format(time.RFC3339),
		Details:  r.Details,
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("reports: render notification %s: %w", r.ID, err)
	}
	m.From, m.To, m.ReplyTo = opts.From, []string{opts.Inbox}, []string{r.Email}
	return m, nil
}

// outcomes name the e-mails' wording of each action.
var outcomes = map[Action]mail.Outcome{
	ActionDismiss:       mail.OutcomeDismissed,
	ActionDeactivateAd:  mail.OutcomeAdDeactivated,
	ActionSuspendSeller: mail.OutcomeSellerSuspended,
}

// reporterMail tells the reporter of r what came of the report about the
// ad titled title, in the report's language.
func reporterMail(r Report, title string, action Action, opts Options) (mail.Message, error) {
	lang := languageOr(r.Language)
	m, err := mail.Render(lang, mail.ReportOutcome{
		Footer: mail.Footer{SiteURL: opts.SiteURL}, AdTitle: oneLine(title), Outcome: outcomes[action],
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("reports: outcome e-mail of %s: %w", r.ID, err)
	}
	m.From, m.To = opts.From, []string{r.Email}
	return m, nil
}

// sellerMail tells seller u that action was taken against the ad titled
// title or against their account, in u's language.
func sellerMail(u accounts.User, title string, action Action, opts Options) (mail.Message, error) {
	lang := languageOr(u.Language)
	m, err := mail.Render(lang, mail.ModerationNotice{
		Footer: mail.Footer{SiteURL: opts.SiteURL}, AdTitle: oneLine(title), Outcome: outcomes[action],
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("reports: moderation e-mail to %s: %w", u.ID, err)
	}
	m.From, m.To = opts.From, []string{u.Email}
	return m, nil
}

// mailReporter sends reporterMail.
func (s *Service) mailReporter(ctx context.Context, r Report, title string, action Action) error {
	m, err := reporterMail(r, title, action, s.opts)
	if err != nil {
		return err
	}
	if err := s.sender.Send(ctx, m); err != nil {
		return fmt.Errorf("reports: outcome e-mail of %s: %w", r.ID, err)
	}
	return nil
}

// mailSeller sends sellerMail.
func (s *Service) mailSeller(ctx context.Context, u accounts.User, title string, action Action) error {
	m, err := sellerMail(u, title, action, s.opts)
	if err != nil {
		return err
	}
	if err := s.sender.Send(ctx, m); err != nil {
		return fmt.Errorf("reports: moderation e-mail to %s: %w", u.ID, err)
	}
	return nil
}

// oneLine keeps a title on one line (subjects must not break).
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// languageOr returns lang when it is a UI language, else the default.
func languageOr(lang string) string {
	if slices.Contains(accounts.Languages, lang) {
		return lang
	}
	return accounts.DefaultLanguage
}

// PreferredLanguage picks the first UI language of an Accept-Language
// header ("de-CH,de;q=0.9,en;q=0.8" -> "de"); "" when none is supported.
func PreferredLanguage(header string) string {
	for _, part := range strings.Split(header, ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if slices.Contains(accounts.Languages, base) {
			return base
		}
	}
	return ""
}
