// Package reports is the ad-report domain: visitors report an ad for
// errors or as suspicious (POST /api/v1/reports, public, consent to the
// processing of their personal data required), at most one open report per
// reporter e-mail and ad; the provider's inbox is notified; administrators
// work through the queue (GET /api/v1/admin/reports, .../{id}) and resolve
// a report (POST /api/v1/admin/reports/{id}/resolve) by dismissing it,
// deactivating the ad or suspending the seller. The reporter, and the
// seller when the action touches them, are informed by e-mail in their
// language, and every resolution is recorded in the audit log.
//
// Resolving with deactivate_ad or suspend_seller also resolves every other
// open report of the same ad (same action and note; each reporter is
// informed and each resolution audited): the ad they are about is gone
// from the site. dismiss resolves only the one report, since another
// reporter may have seen another problem.
//
// Layout: keys.go (items, access patterns), report.go (model and
// validation), service.go (rules), notify.go (the e-mails), dynamo.go (the
// store), handler.go (routes).
package reports
