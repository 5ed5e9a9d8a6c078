// Package contactreq is the contact-request domain: a buyer writes to the
// seller of an ad through the form on the ad's page (POST
// /api/v1/contact-request, open to visitors); the request is validated,
// checked against spam defences and rate limits, stored for the seller's
// dashboard and e-mailed to the seller in the seller's language with the
// buyer as Reply-To. The seller's e-mail address never reaches the buyer.
//
// Sellers list their requests newest first with the unread count the
// header badge shows (GET), read one (GET {id}), mark it read or unread or
// archive it (PATCH {id}) and delete it (DELETE {id}). Only the seller who
// received a request can see or change it: anyone else, administrators
// included, gets contact_request_not_found, exactly as for an id that does
// not exist.
//
// A request a signed-in buyer sends also records that they contacted the
// seller about the ad (Contacted, ContactedKey): what package reviews
// checks before the buyer may rate the seller.
//
// Layout: keys.go (item keys and access patterns), request.go (model,
// validation, spam checks), service.go (rules), notify.go (the e-mail),
// dynamo.go (the DynamoDB store), handler.go (routes).
package contactreq
