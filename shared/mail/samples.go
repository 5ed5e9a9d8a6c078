package mail

import "github.com/remat/remat/shared/money"

// Sample is one e-mail with made-up data: the local cloud's mailbox shows
// every sample in every language, and the tests render them all.
type Sample struct {
	// Name is unique among the samples and safe in a URL path segment.
	Name  string
	Email Email
}

// Template is the name of the sample's template (templates/<name>.tmpl).
func (s Sample) Template() string { return s.Email.template() }

// sampleSiteURL is the site the samples link to.
const sampleSiteURL = "https://remat.ch"

// Samples returns one sample per template, plus one per variant a template
// words differently (an alert with one ad, each outcome of a report), with
// links in lang like the real e-mails of lang.
func Samples(lang string) []Sample {
	site := Footer{SiteURL: sampleSiteURL}
	base := sampleSiteURL + "/" + lang
	return []Sample{
		{"account-verification", AccountVerification{Footer: site, FirstName: "Léa", Link: base + "/email-verification/Zk3x9QmTtq2Vb8N1cWJpRy0aHsLdEfGi4uKoPjXwYzA"}},
		{"account-verification-no-name", AccountVerification{Footer: site, Link: base + "/email-verification/Zk3x9QmTtq2Vb8N1cWJpRy0aHsLdEfGi4uKoPjXwYzA"}},
		{"password-reset", PasswordReset{Footer: site, FirstName: "Marco", Link: base + "/reset-password/p7Lw2Xc0VbNm4QaSdFgHjKzT1yUiOe9rR3tYuIoPlMn"}},
		{"account-deleted", AccountDeleted{Footer: site, FirstName: "Anna", ContactURL: base + "/contact-us"}},
		{"saved-search-alert", SavedSearchAlert{
			Footer: Footer{
				SiteURL:        sampleSiteURL,
				ManageURL:      base + "/user/saved-searches",
				UnsubscribeURL: base + "/unsubscribe?token=c2F2ZWQtc2VhcmNo.c2lnbmF0dXJl",
			},
			SearchName: "Tuiles à Zurich",
			Ads: []AlertAd{
				{Title: "Dachziegel rot, 200 Stück", URL: base + "/product/01JQ0000000000000000000001", Photo: site.Home() + "/images/thumbs/01JQ0000000000000000000001.jpg", Price: money.Format(4500, money.Currency), Place: "8004 Zürich (ZH)", Km: "2.5"},
				{Title: "Tuiles plates anciennes", URL: base + "/product/01JQ0000000000000000000002", Price: money.Format(12000, money.Currency), Place: "8400 Winterthur (ZH)", Km: "20"},
				{Title: "Faîtières en terre cuite", URL: base + "/product/01JQ0000000000000000000003", Price: money.Format(850, money.Currency)},
			},
			More:      2,
			SearchURL: base + "/products?q=tuiles&lat=47.37&lon=8.54&radius=25",
		}},
		{"saved-search-alert-one-ad", SavedSearchAlert{
			Footer: Footer{
				SiteURL:        sampleSiteURL,
				ManageURL:      base + "/user/saved-searches",
				UnsubscribeURL: base + "/unsubscribe?token=c2F2ZWQtc2VhcmNo.c2lnbmF0dXJl",
			},
			SearchName: "Outils",
			Ads:        []AlertAd{{Title: "Bohrmaschine Hilti", URL: base + "/product/01JQ0000000000000000000004", Price: money.Format(8000, money.Currency), Place: "3011 Bern (BE)"}},
			SearchURL:  base + "/products?category=tools",
		}},
		{"invoice-ready", InvoiceReady{Footer: site, Number: "RE-2026-000042", Link: base + "/invoice/01JQ00000000000000000000IN"}},
		{"contact-request", ContactRequest{
			Footer: site, AdTitle: "Dachziegel rot, 200 Stück", Name: "Eva Huber", Email: "eva.huber@example.ch", Phone: "+41 79 123 45 67",
			Message:  "Bonjour,\nles tuiles sont-elles encore disponibles ? Je peux venir samedi.\nMerci, Eva",
			InboxURL: base + "/user/contacts", AdURL: base + "/product/01JQ0000000000000000000001",
		}},
		{"contact-request-no-phone", ContactRequest{
			Footer: site, AdTitle: "Bohrmaschine Hilti", Name: "Luca Rossi", Email: "luca.rossi@example.ch",
			Message:  "Is the drill still available?",
			InboxURL: base + "/user/contacts", AdURL: base + "/product/01JQ0000000000000000000004",
		}},
		{"contact-us", ContactUsMessage{
			// The contact-us function knows no site address: no site links.
			ID: "01JQ00000000000000000000CU", Name: "Anna Meier", Email: "anna.meier@example.ch",
			Subject: "Question about the Pro plan", Body: "Hello,\ncan I pay the Pro plan by invoice?\nThanks, Anna", Received: "2026-03-12T09:30:00Z",
		}},
		{"report-received", ReportReceived{
			Footer: site, ReportID: "01JQ00000000000000000000RP", AdID: "01JQ0000000000000000000001", AdTitle: "Dachziegel rot, 200 Stück",
			AdURL: base + "/product/01JQ0000000000000000000001", Reason: "suspicious", Reporter: "reporter@example.ch",
			Received: "2026-03-12T10:15:00Z", Details: "The price is far too low and the seller asks for payment in advance.",
		}},
		{"report-outcome-dismissed", ReportOutcome{Footer: site, AdTitle: "Dachziegel rot, 200 Stück", Outcome: OutcomeDismissed}},
		{"report-outcome-ad-deactivated", ReportOutcome{Footer: site, AdTitle: "Dachziegel rot, 200 Stück", Outcome: OutcomeAdDeactivated}},
		{"report-outcome-seller-suspended", ReportOutcome{Footer: site, AdTitle: "Dachziegel rot, 200 Stück", Outcome: OutcomeSellerSuspended}},
		{"moderation-notice-ad-deactivated", ModerationNotice{Footer: site, AdTitle: "Dachziegel rot, 200 Stück", Outcome: OutcomeAdDeactivated}},
		{"moderation-notice-seller-suspended", ModerationNotice{Footer: site, AdTitle: "Dachziegel rot, 200 Stück", Outcome: OutcomeSellerSuspended}},
		{"subscription-expiring", SubscriptionExpiring{
			Footer: site, FirstName: "Léa", Plan: "Pro", Date: "31.03.2026",
			RenewURL: base + "/vendre?choosePlan=true", OverviewURL: base + "/user/payment-details",
		}},
	}
}
