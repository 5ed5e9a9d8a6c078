package contactreq

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys of contact requests.
//
// Items:
//
//	Contact request  PK = CREQ#<ulid>          SK = CREQ       type = ContactRequest
//	                 GSI1PK = SELLER#<uid>#CREQ (inbox) or SELLER#<uid>#CREQARCHIVE
//	                 (archived), GSI1SK = <createdAt>#<ulid>
//	                 id, sellerId, adId, adTitle (at sending), name, email, phone,
//	                 message, read, archived, buyerId (signed-in buyers), clientHash
//	                 (ratelimit.KeyHash of the address), userAgent, notified,
//	                 createdAt, readAt
//	Seller counters  PK = USER#<uid>           SK = COUNTERS   type = SellerCounters
//	                 unreadContacts: how many of the seller's requests are unread
//	Contacted        PK = USER#<buyerId>       SK = CONTACTED#<adId>  type = Contacted
//	                 sellerId, firstAt, lastAt: a signed-in buyer wrote about
//	                 the ad (what a seller review's eligibility rests on)
//
// Access patterns:
//
//	Send a request (one TransactWriteItems)
//	    Put CREQ#id/CREQ attribute_not_exists(PK)
//	    Update USER#seller/COUNTERS ADD unreadContacts :1
//	    signed-in buyer: Update USER#buyer/CONTACTED#adId SET firstAt =
//	    if_not_exists(firstAt, :now), lastAt, sellerId
//	The seller's requests, newest first, inbox or archive, signed cursor
//	    Query GSI1 GSI1PK=SELLER#uid#CREQ (or #CREQARCHIVE), ScanIndexForward=false
//	Unread count (the header badge)
//	    GetItem USER#uid/COUNTERS (consistent)
//	One request (detail, owner check)
//	    GetItem CREQ#id/CREQ (consistent); a request of another seller is
//	    reported exactly like a missing one
//	Mark read / unread, archive / unarchive
//	    read changes: TransactWriteItems [Update CREQ#id/CREQ SET read, archived,
//	    GSI1PK IF sellerId = :uid AND read = :seenRead AND archived = :seenArchived,
//	    Update USER#uid/COUNTERS ADD unreadContacts :-1 or :1]
//	    only archived changes: the same Update alone
//	Delete
//	    unread: TransactWriteItems [Delete CREQ#id/CREQ IF sellerId = :uid AND
//	    read = false, Update USER#uid/COUNTERS ADD unreadContacts :-1]
//	    read: DeleteItem CREQ#id/CREQ IF sellerId = :uid AND read = true
//	Rate limits: ratelimit items, scopes below
//
// Why a counter and not a count over an index: the badge is read on every
// page of every signed-in seller, so it must cost one GetItem, not a Query
// that grows with the unread requests. The counter stays exact under
// concurrent reads, deletes and sends because every change of a request's
// read state is one transaction with the counter update, conditioned on
// the state that was read; a failed condition or a transaction conflict
// re-reads the request and decides again (a request read by one call and
// deleted by another is counted down once). Readers clamp a negative value
// to 0, which can only come from a manual edit.
//
// createdAt in sort keys is UTC RFC 3339 with a fixed nine-digit fraction
// so keys sort in time order (see contactus).
const (
	pkPrefix          = "CREQ#"
	skRequest         = "CREQ"
	userPKPrefix      = "USER#"
	skCounters        = "COUNTERS"
	gsi1Prefix        = "SELLER#"
	gsi1InboxSuffix   = "#CREQ"
	gsi1ArchiveSuffix = "#CREQARCHIVE"
	itemType          = "ContactRequest"
	countersType      = "SellerCounters"
	contactedType     = "Contacted"
	contactedPrefix   = "CONTACTED#"
	attrUnread        = "unreadContacts"
)

func requestPK(id string) string            { return pkPrefix + id }
func countersPK(uid string) string          { return userPKPrefix + uid }
func listSK(at time.Time, id string) string { return ddb.TimeKey(at, id) }

// folderPK is the GSI1PK of a seller's inbox or archive.
func folderPK(sellerID string, archived bool) string {
	if archived {
		return gsi1Prefix + sellerID + gsi1ArchiveSuffix
	}
	return gsi1Prefix + sellerID + gsi1InboxSuffix
}

// listFiltersHash binds a list cursor to the seller and the folder, so a
// cursor cannot be replayed against another seller's list.
func listFiltersHash(sellerID string, archived bool) string {
	folder := "inbox"
	if archived {
		folder = "archive"
	}
	return ddb.FiltersHash("contactreq", "list", sellerID, folder)
}

// Rate-limit scopes and budgets of sending. Per sender: the client
// address and the e-mail typed in the form (either alone is easy to
// change); per ad: protects one seller from a flood from many senders.
const (
	ScopeAddress = "creq-addr"
	ScopeEmail   = "creq-email"
	ScopeAd      = "creq-ad"
	AddressLimit = 10
	EmailLimit   = 10
	AdLimit      = 20
	RateWindow   = time.Hour
)

// ContactedKey is the key of the record that buyerID contacted the seller
// of adID (see Contacted).
func ContactedKey(buyerID, adID string) map[string]types.AttributeValue {
	return ddb.Key(userPKPrefix+buyerID, contactedPrefix+adID)
}

// Contacted is that record as stored.
type Contacted struct {
	SellerID string `dynamodbav:"sellerId"`
	FirstAt  string `dynamodbav:"firstAt"`
	LastAt   string `dynamodbav:"lastAt"`
}
