package privacy

import "time"

// Items of other domains that privacy reads or erases, and how. Privacy
// owns no item of its own besides its rate-limit windows.
//
// Export (all reads consistent where the table allows, paginated):
//
//	Profile, links         GetItem USER#<uid>/PROFILE (accounts)
//	Ads                    Query GSI1 GSI1PK=SELLER#<uid> (ids), then Query PK=AD#<id>
//	                       per ad: ad, images, clicks (catalog.EachSellerAd, Record)
//	Requests received      Query GSI1 GSI1PK=SELLER#<uid>#CREQ and #CREQARCHIVE
//	                       (contactreq.DynamoStore.List, signed cursors)
//	Favourites             Query GSI1 GSI1PK=FAVS#<uid> (favourites.Store.All)
//	Subscriptions          Query PK=USER#<uid> begins_with(SK, SUB#)   (billing)
//	Payments               Query PK=USER#<uid> begins_with(SK, PAY#)   (billing)
//	Orders                 Query GSI1 GSI1PK=BUYER#<uid>, ProjectionExpression id,
//	                       then GetItem ORDER#<id>/ORDER (billing.DynamoStore.Order)
//	Invoices               Query GSI1 GSI1PK=INVOICES#<uid>, ProjectionExpression id,
//	                       then GetItem INVOICE#<id>/INVOICE (billing.DynamoStore.Invoice)
//	Rate limit             UpdateItem RATE#privacy-export#<hash uid>/W#<hour> (ratelimit)
//
// Deletion: the steps of doc.go (favourites: favourites.Store.RemoveAll,
// which also counts each ad's favourites down and deletes FAVCOUNT), then
// what is left under USER#<uid>
// (Query PK=USER#<uid>, keys only), item by item:
//
//	PROFILE      accounts     anonymised (accounts.DynamoStore.EraseUser)
//	USERIX       usersearch   emptied first (RemoveFromSearch), deleted with the profile
//	COUNTERS     contactreq   deleted with the profile, once the requests are gone
//	CONTACTED#.. contactreq   deleted (the ads the user asked sellers about)
//	RATING       reviews      deleted with the profile (the seller's rating sums)
//	SUB#...      billing      kept (the subscriptions the invoices paid for)
//	PAY#...      billing      kept (payment history: accounting records)
//	TRIAL#...    billing      kept (the free trial an order granted)
//	anything else             kept and logged, for a person to decide
//
// BUYER#, INVOICES#, COUNTERS and USERIX repeat the other domains' key
// names so that the account function does not need their internals; the
// integration tests write those items through the owning packages and
// check that the export finds them and the deletion leaves exactly the
// kept ones.
const (
	userPKPrefix       = "USER#"
	buyerGSI1Prefix    = "BUYER#"
	invoicesGSI1Prefix = "INVOICES#"
	skProfile          = "PROFILE"
	skUserSearchDoc    = "USERIX"
	skSellerCounters   = "COUNTERS"
	skContactedPrefix  = "CONTACTED#" // contactreq: the ads a buyer asked about
	skRating           = "RATING"     // reviews: the seller's rating sums
)

// keptSKPrefixes are the sort-key prefixes of the billing items a deletion
// keeps under USER#<uid>.
var keptSKPrefixes = []string{"SUB#", "PAY#", "TRIAL#"}

// Rate limit of the export.
const (
	scopeExport  = "privacy-export"
	exportLimit  = 5
	exportWindow = time.Hour
)

// Bounds of one export: the document is one Lambda response (6 MB at
// most), so very large collections are cut and the document says so.
const (
	maxExportAds      = 2000
	maxExportRequests = 5000
	requestsPageSize  = 50
)

// RetentionYears is how long invoices, orders and payments are kept after
// an account is deleted (Code of Obligations, art. 958f).
const RetentionYears = 10
