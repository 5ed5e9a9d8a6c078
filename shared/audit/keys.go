package audit

import (
	"time"

	"github.com/remat/remat/shared/ddb"
)

// Item type and keys of an audit entry.
//
// Item: one per administrative action, never updated or deleted.
//
//	PK = AUDIT#<targetType>#<targetId>   SK = <at>#<ulid>   type = AuditEntry
//	GSI1PK = AUDIT, GSI1SK = <at>#<ulid>
//	id, actorId, actorEmail, action, targetType, targetId, before and
//	after (JSON text of an object), at
//
// Access patterns:
//
//	Record an action
//	    Put (attribute_not_exists(PK)), inside the transaction of the
//	    change it records (TransactItem) or right after it (Record)
//	The whole log, newest first (admin), signed cursor
//	    Query GSI1 GSI1PK=AUDIT, ScanIndexForward=false
//	One target's history, newest first (?targetType=&targetId=)
//	    Query PK=AUDIT#<targetType>#<targetId>, ScanIndexForward=false
//	One target type, newest first (?targetType= alone)
//	    Query GSI1 GSI1PK=AUDIT, FilterExpression targetType = :t
//	    (administrative actions are few; the filter reads at most the
//	    entries newer than the page it fills)
//
// All entries share one GSI1 partition: administrative actions are far
// below a partition's write limit.
const (
	pkPrefix = "AUDIT#"
	gsi1PK   = "AUDIT"
	itemType = "AuditEntry"
)

func entryPK(targetType, targetID string) string { return pkPrefix + targetType + "#" + targetID }

// entrySK is the SK and GSI1SK of an entry: time, then the id.
func entrySK(at time.Time, id string) string { return ddb.TimeKey(at, id) }

// filtersHash binds a list cursor to its filters.
func filtersHash(targetType, targetID string) string {
	return ddb.FiltersHash("audit", "list", targetType, targetID)
}
