// Package privacy gives signed-in users the rights the Swiss Federal Act
// on Data Protection (nFADP) grants them over their account: a copy of
// their data (GET /api/v1/account/export, one JSON document) and the
// erasure of their account (DELETE /api/v1/account). The account function
// serves both; handler.go lists the routes.
//
// # Export
//
// The export reads the caller's own items only, each domain through its
// own store and a partition or index keyed by the caller's id (keys.go),
// page by page: profile and social sign-in links (never the password hash,
// the token version or table keys), ads with their photos' URLs and click
// counts, the contact requests received, the wish list, saved searches,
// reviews written, subscriptions, orders, payments and invoices. Reports a user filed cannot be listed by user (they are
// stored with the reported ad and hold only the e-mail typed in the form),
// so the document says so instead of searching the table. Five exports
// per user and hour (ratelimit).
//
// # Deletion
//
// Confirmed with the current password, or for a social-only account with
// the e-mail address typed again (accounts.Service.CheckConfirmation:
// failures count like failed logins). Administrators cannot delete their
// own account this way (admin_cannot_delete_self): another administrator
// handles it, so the back office is never left without one by accident.
//
// The steps, in this order:
//
//  1. every ad of the user: set inactive and taken out of search at once,
//     every S3 object of every photo deleted, then the ad and its items
//     (catalog.Store.EraseAd);
//  2. the contact requests received (inbox and archive), each with the
//     unread counter (contactreq.DynamoStore.Delete);
//  3. the wish list, each favourite with its ad's favourites counter
//     (favourites.Store.RemoveAll), the saved searches with their alerts
//     (alerts.Store.RemoveAll) and the reviews the user wrote, out of the
//     sellers' ratings (reviews.Store.EraseAuthor);
//  4. the profile photo (images/avatars/<uid>/...);
//  5. the entries of the administrators' user search;
//  6. the e-mail telling the user, in their language, that the account is
//     deleted and which records are kept (sent while the address still
//     exists; a failure is logged and does not stop the deletion);
//  7. one transaction: the profile anonymised (names, phone, company and
//     avatar gone, the e-mail replaced by deleted-<uid>@deleted.invalid,
//     password hash removed, status "deleted", token version bumped so
//     every session ends, out of the administrators' list), the e-mail
//     guard deleted (the address can sign up again), the social sign-in
//     links deleted, the seller's unread counter and user-search document
//     deleted, and the audit entry "account.delete" (actor: the user; no
//     personal data in before and after).
//
// Why this order: every step is idempotent and the account stays active
// and signed in until the last one, so a request that fails half-way (an
// S3 or DynamoDB error, a timeout) is finished by sending the same request
// again; nothing is left that only a lost request knew about. Inside a
// step the same holds: an ad's photos are deleted before the items that
// name them. The profile is the last thing written and the only one that
// ends the session, so there is no "deleting" state to recover from.
//
// The work of one request is bounded: after Options.Budget (20 s, below
// the HTTP API's 30 s limit) the service stops between two ads or two
// pages of requests and answers 202 account_deletion_in_progress; the
// client sends the request again (with the same confirmation) until it
// gets 200 account_deleted. Large sellers therefore need a few requests,
// never a request that times out.
//
// Kept: orders, payments, invoices (with their PDFs) and subscriptions,
// for ten years as Swiss accounting law requires (Code of Obligations,
// art. 958f); they name the account id and the invoice's customer only.
// Subscriptions are prepaid and never renew on their own, and the
// subscriptions schedule sends no reminder to an account that is not
// active, so nothing is charged or sent after the deletion. Contact
// requests the user sent to other sellers, and reports the user filed,
// stay with their recipients (they cannot be found by user either).
//
// Layout: keys.go (what is read and written, and where), service.go
// (dependencies, options), export.go (the export document), erase.go (the
// deletion), mails.go (the e-mail), handler.go (routes).
package privacy
