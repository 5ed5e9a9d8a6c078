// Package alerts is saved searches and their e-mail alerts: a signed-in
// user saves the product list's filters under a name, and is e-mailed the
// new ads that match, at most hourly ("instant") or once a day.
//
// Matching runs on the publish path (catalog.PublishListener): each saved
// search is filed under its most selective term, or its radius's cells
// (search.AlertKeys, the planner's own selectivity estimate), and a new ad
// reads only the saved searches filed under its own dozen or so terms
// (search.AlertTerms), then checks each exactly (search.Matches). The cost
// of a publication grows with the saved searches that share a rare term
// with the ad, not with all of them.
// A match waits in a queue under the saved search, which is marked due
// on GSI3; the scheduled sender (Sender.Run) e-mails every due search its
// waiting ads in the user's language, with a one-click unsubscribe link
// signed with the cursor key (ddb.Cursors.SignLink) and a link to the
// dashboard.
package alerts
