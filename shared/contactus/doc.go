// Package contactus is the contact-us domain: visitors send a message to
// the provider (POST /api/v1/contact-us), which is validated, rate limited
// per client address, stored and e-mailed to the provider's inbox with the
// visitor as Reply-To; administrators list the stored messages, all or
// open or handled ones (GET /api/v1/contact-us?status=), and mark one
// handled or reopen it (PATCH /api/v1/contact-us/{id}), which records who
// and when and is audited (package audit). The stored message is the
// source of truth: a failed e-mail never loses it.
//
// Layout: keys.go (item keys and access patterns), message.go (model and
// validation), service.go (rules), inbox.go (the administrators' side),
// notify.go (the e-mail), dynamo.go and dynamo_inbox.go (the DynamoDB
// store), handler.go (routes).
package contactus
