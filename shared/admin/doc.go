// Package admin is the administrators' back office API (the admin
// function, /api/v1/admin/*): the users screens (search by name or e-mail,
// an account with its ads, status changes, resending the verification
// e-mail) in this package, composed with the report queue (package
// reports) and the audit log (package audit) behind one administrators-only
// guard.
//
// A status other than active blocks login ("account status is {status},
// contact support", package accounts), ends every session (the token
// version is bumped in the same transaction as the status and its audit
// entry), and hides the account's active ads from search and product
// pages (catalog.Store.HideSellerAds); making the account active again
// shows exactly those ads again. An administrator cannot change their own
// status, nor block another administrator.
//
// Further sections are composed the same way (Section, sections.go): the
// plans sellers buy (billing.RegisterPlanAdmin) and the site settings
// operators change without a deploy (site_settings.go, package settings),
// and the category tree and brand list (taxonomy.go, catalog.Taxonomy).
//
// Layout: service.go (rules), handler.go (routes and JSON).
package admin
