package alerts

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys of saved searches.
//
// Items:
//
//	Saved search   PK = USER#<uid>        SK = SSEARCH#<id>   type = SavedSearch
//	               id, userId, name, params (the list's query string),
//	               criteria, place, frequency, paused, keys (the terms it is
//	               filed under), createdAt, lastSentAt
//	               while matches wait: GSI3PK = ALERTDUE#all (one queue for
//	               both frequencies; the sender decides by frequency),
//	               GSI3SK = <first match>#<id>
//	Search count   PK = USER#<uid>        SK = SSCOUNT        type = SavedSearchCount
//	               n (the limit's counter)
//	Filed entry    PK = ALERTIX#<term>    SK = <id>           type = SavedSearchEntry
//	               userId, criteria: enough to match an ad without another read
//	Waiting match  PK = ALERTQ#<id>       SK = <adId>         type = AlertMatch
//	               card fields, distanceKm, matchedAt, ttl (+14 days)
//
// Access patterns:
//
//	Save (one TransactWriteItems)   Put SSEARCH, Update SSCOUNT ADD n :1 IF
//	                                n < MaxSearches, Put one entry per key
//	Rename, change frequency        UpdateItem SSEARCH IF attribute_exists
//	Pause / resume                  UpdateItem SSEARCH SET paused (REMOVE the
//	                                GSI3 keys on pause)
//	Delete (one TransactWriteItems) Delete SSEARCH, Update SSCOUNT ADD n :-1,
//	                                Delete the entries (then the waiting matches)
//	A user's searches               Query PK=USER#uid begins_with(SK, SSEARCH#)
//	Match a new ad                  Query PK=ALERTIX#<term> for each of
//	                                search.AlertTerms(ad), in parallel; then
//	                                per match UpdateItem SSEARCH SET GSI3 keys
//	                                (if_not_exists) IF paused = false, PutItem
//	                                ALERTQ#id/adId
//	Due searches (the sender)       Query GSI3 GSI3PK=ALERTDUE#all
//	                                GSI3SK <= now
//	Their matches                   Query PK=ALERTQ#id
//	After sending                   BatchWriteItem deletes of the matches sent,
//	                                UpdateItem SSEARCH SET lastSentAt REMOVE
//	                                GSI3 keys IF GSI3SK = :seen
const (
	userPKPrefix  = "USER#"
	searchSKPfx   = "SSEARCH#"
	skCount       = "SSCOUNT"
	entryPKPrefix = "ALERTIX#"
	queuePKPrefix = "ALERTQ#"
	duePK         = "ALERTDUE#all"

	typeSearch = "SavedSearch"
	typeCount  = "SavedSearchCount"
	typeEntry  = "SavedSearchEntry"
	typeMatch  = "AlertMatch"

	matchTTL = 14 * 24 * time.Hour
)

func userPK(uid string) string  { return userPKPrefix + uid }
func searchSK(id string) string { return searchSKPfx + id }
func entryPK(term string) string {
	return entryPKPrefix + term
}
func queuePK(id string) string             { return queuePKPrefix + id }
func dueSK(at time.Time, id string) string { return ddb.TimeKey(at, id) }

func searchKey(uid, id string) map[string]types.AttributeValue {
	return ddb.Key(userPK(uid), searchSK(id))
}
func countKey(uid string) map[string]types.AttributeValue { return ddb.Key(userPK(uid), skCount) }
