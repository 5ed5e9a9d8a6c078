package mail

import (
	"net/url"
	"strings"
)

// Email is the data of one e-mail template: the types of this file, one
// per template (templates/<name>.tmpl). The sending domain fills it with
// finished values (links, prices and dates already formatted for the
// language) and passes it to Render.
type Email interface {
	template() string
	footer() Footer
}

// Footer is what every e-mail's footer links to, embedded in each Email.
type Footer struct {
	// SiteURL is the public site: the footer names it and links to its
	// terms and privacy statement. Empty leaves the links out.
	SiteURL string
	// ManageURL and UnsubscribeURL are set on e-mails the recipient asked
	// for (saved-search alerts): the footer says why they come and links
	// to manage them and to stop them at once.
	ManageURL      string
	UnsubscribeURL string
}

func (f Footer) footer() Footer { return f }

// Home is the site's address without a trailing slash.
func (f Footer) Home() string { return strings.TrimRight(f.SiteURL, "/") }

// Host is the site's host name ("remat.ch"), or the address itself when it
// does not parse.
func (f Footer) Host() string {
	if u, err := url.Parse(f.SiteURL); err == nil && u.Host != "" {
		return u.Host
	}
	return f.Home()
}

// Page is the address of the site's page segment in lang.
func (f Footer) Page(lang, segment string) string { return f.Home() + "/" + lang + "/" + segment }

// AccountVerification asks a new user to confirm their address with Link
// (24 hours, once).
type AccountVerification struct {
	Footer
	FirstName string // empty: the greeting has no name
	Link      string
}

func (AccountVerification) template() string { return "account-verification" }

// PasswordReset sends the link to choose a new password (1 hour, once).
type PasswordReset struct {
	Footer
	FirstName string
	Link      string
}

func (PasswordReset) template() string { return "password-reset" }

// AccountDeleted confirms a deletion and says what is kept, with the
// contact form's address in case the user did not ask for it.
type AccountDeleted struct {
	Footer
	FirstName  string
	ContactURL string
}

func (AccountDeleted) template() string { return "account-deleted" }

// SavedSearchAlert lists new ads for a saved search. More counts the
// matches not listed; SearchURL opens the search. Set Footer's ManageURL
// and UnsubscribeURL.
type SavedSearchAlert struct {
	Footer
	SearchName string
	Ads        []AlertAd
	More       int
	SearchURL  string
}

func (SavedSearchAlert) template() string { return "saved-search-alert" }

// Total is the number of new ads, listed or not.
func (a SavedSearchAlert) Total() int { return len(a.Ads) + a.More }

// AlertAd is one ad of an alert, its values formatted for the language.
type AlertAd struct {
	Title string
	URL   string
	Photo string // thumbnail URL; empty when the ad has none
	Price string
	Place string // postal code, locality, canton; may be empty
	Km    string // distance in km ("2,5"); empty when unknown
}

// InvoiceReady tells a buyer their invoice Number is ready at Link.
type InvoiceReady struct {
	Footer
	Number string
	Link   string
}

func (InvoiceReady) template() string { return "invoice-ready" }

// ContactRequest forwards a buyer's message about an ad to its seller
// (Reply-To the buyer).
type ContactRequest struct {
	Footer
	AdTitle  string
	Name     string
	Email    string
	Phone    string // optional
	Message  string
	InboxURL string
	AdURL    string
}

func (ContactRequest) template() string { return "contact-request" }

// ContactUsMessage forwards a visitor's contact-us message to the
// provider's inbox. Received is already formatted.
type ContactUsMessage struct {
	Footer
	ID       string
	Name     string
	Email    string
	Subject  string
	Body     string
	Received string
}

func (ContactUsMessage) template() string { return "contact-us" }

// ReportReceived tells the provider's inbox about a new ad report.
type ReportReceived struct {
	Footer
	ReportID string
	AdID     string
	AdTitle  string
	AdURL    string
	Reason   string
	Reporter string // the reporter's e-mail address
	Received string
	Details  string
}

func (ReportReceived) template() string { return "report-received" }

// Outcome is what came of an ad report.
type Outcome string

// The outcomes of a report.
const (
	OutcomeDismissed       Outcome = "dismissed"
	OutcomeAdDeactivated   Outcome = "ad-deactivated"
	OutcomeSellerSuspended Outcome = "seller-suspended"
)

// ReportOutcome tells a reporter what came of their report about AdTitle.
type ReportOutcome struct {
	Footer
	AdTitle string
	Outcome Outcome
}

func (ReportOutcome) template() string { return "report-outcome" }

// ModerationNotice tells a seller that, after a report about AdTitle, the
// ad was deactivated or their account suspended (OutcomeDismissed is not
// sent and does not render).
type ModerationNotice struct {
	Footer
	AdTitle string
	Outcome Outcome
}

func (ModerationNotice) template() string { return "moderation-notice" }

// SubscriptionExpiring reminds a seller that Plan ends on Date, with links
// to renew and to their subscriptions.
type SubscriptionExpiring struct {
	Footer
	FirstName   string
	Plan        string
	Date        string
	RenewURL    string
	OverviewURL string
}

func (SubscriptionExpiring) template() string { return "subscription-expiring" }
