package contactus

import (
	"time"

	"github.com/remat/remat/shared/ddb"
)

// Item type and keys of a contact-us message.
//
// Item: one per message.
//
//	PK = CONTACTUS#<ulid>   SK = MESSAGE   type = ContactUsMessage
//	GSI1PK = CONTACTUS, GSI1SK = <createdAt>#<ulid>
//	GSI3PK = CONTACTUS#NEW or CONTACTUS#HANDLED (its status), GSI3SK = GSI1SK
//	id, name, email, subject, message, status, createdAt, clientHash,
//	userAgent, notified; once handled: handledAt, handledById,
//	handledByName, handledByEmail (removed again when reopened)
//
// Access patterns:
//
//	Get one message (mark handled or reopen)
//	    GetItem PK=CONTACTUS#<ulid>, SK=MESSAGE
//	List all messages, newest first (admin inbox), paginated with a signed cursor
//	    Query GSI1 GSI1PK=CONTACTUS, ScanIndexForward=false
//	List open or handled messages, newest first (the inbox's filter)
//	    Query GSI3 GSI3PK=CONTACTUS#NEW | CONTACTUS#HANDLED, ScanIndexForward=false
//	Mark handled or reopen (one TransactWriteItems)
//	    Update the message SET status, GSI3PK, handled* (or REMOVE them)
//	    IF status = :seen; Put the audit entry (package audit)
//	Rate limit submissions per client address
//	    ratelimit items (scope "contactus"), see package ratelimit
//
// createdAt in sort keys is UTC RFC 3339 with a fixed nine-digit fraction.
// time.RFC3339Nano drops trailing zeros, which would break lexicographic
// order ("...:05Z" sorts after "...:05.1Z"), so it is not used for keys.
// All messages share one GSI1 partition; contact-us volume is far below a
// partition's limits, so no sharding is needed.
const (
	pkPrefix      = "CONTACTUS#"
	skMessage     = "MESSAGE"
	gsi1PK        = "CONTACTUS"
	gsi3PKNew     = "CONTACTUS#NEW"
	gsi3PKHandled = "CONTACTUS#HANDLED"
	itemType      = "ContactUsMessage"
)

func messagePK(id string) string { return pkPrefix + id }

// listSK is the GSI1SK and GSI3SK of a message: creation time, then the id
// as a tie-breaker.
func listSK(createdAt time.Time, id string) string { return ddb.TimeKey(createdAt, id) }

// listFiltersHash binds list cursors to the unfiltered newest-first list.
var listFiltersHash = ddb.FiltersHash("contactus", "list", "newest")

// statusPK is the GSI3 partition of the messages in status.
func statusPK(status Status) string {
	if status == StatusHandled {
		return gsi3PKHandled
	}
	return gsi3PKNew
}

// statusFiltersHash binds list cursors to the list of one status.
func statusFiltersHash(status Status) string {
	return ddb.FiltersHash("contactus", "list", "newest", string(status))
}
