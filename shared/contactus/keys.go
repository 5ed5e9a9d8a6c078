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
//
// Access patterns:
//
//	Get one message (admin detail, mark handled later)
//	    GetItem PK=CONTACTUS#<ulid>, SK=MESSAGE
//	List all messages, newest first (admin inbox), paginated with a signed cursor
//	    Query GSI1 GSI1PK=CONTACTUS, ScanIndexForward=false
//	    GSI1SK = <createdAt>#<ulid>
//	List open (unhandled) messages, oldest first (admin work queue)
//	    Query GSI3 GSI3PK=CONTACTUS#NEW; GSI3SK = <createdAt>#<ulid>
//	    Sparse: marking a message handled REMOVEs GSI3PK/GSI3SK.
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
	itemType      = "ContactUsMessage"
	sortTimestamp = "2006-01-02T15:04:05.000000000Z07:00"
)

func messagePK(id string) string { return pkPrefix + id }

// listSK is the GSI1SK and GSI3SK of a message: creation time, then the id
// as a tie-breaker.
func listSK(createdAt time.Time, id string) string {
	return createdAt.UTC().Format(sortTimestamp) + "#" + id
}

// listFiltersHash binds list cursors to the unfiltered newest-first list.
var listFiltersHash = ddb.FiltersHash("contactus", "list", "newest")
