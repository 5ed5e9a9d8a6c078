package favourites

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys of the wish list.
//
// Items:
//
//	Favourite        PK = USER#<uid>   SK = FAV#<adId>   type = Favourite
//	                 GSI1PK = FAVS#<uid>, GSI1SK = <savedAt>#<adId>
//	                 adId, title (the ad's title when saved), savedAt
//	Favourite count  PK = USER#<uid>   SK = FAVCOUNT     type = FavouriteCount
//	                 n: how many favourites the user has (the limit's counter)
//	Ad counter       AD#<adId>/STATS favourites (ADD; the item is catalog's)
//
// Access patterns:
//
//	Save (one TransactWriteItems)
//	    Put USER#uid/FAV#adId attribute_not_exists(PK)
//	    Update USER#uid/FAVCOUNT ADD n :1 IF n < MaxFavourites (or absent)
//	    Update AD#adId/STATS ADD favourites :1
//	    ConditionCheck AD#adId/AD active, not hidden, not the caller's
//	Remove (one TransactWriteItems)
//	    Delete USER#uid/FAV#adId attribute_exists(PK)
//	    Update USER#uid/FAVCOUNT ADD n :-1
//	    Update AD#adId/STATS ADD favourites :-1 IF attribute_exists(PK)
//	    (without the last action when the ad and its stats are gone)
//	Saved ids (the hearts)   Query GSI1 GSI1PK=FAVS#uid descending,
//	                         ProjectionExpression adId (at most MaxFavourites)
//	The list, newest first   Query GSI1 GSI1PK=FAVS#uid descending, signed
//	                         cursor; cards by BatchGetItem AD#id/AD (catalog)
//	Is one ad saved          GetItem USER#uid/FAV#adId
//
// Why a counter item for the limit and not a count of the list: the limit
// must hold under concurrent saves, so it is a condition inside the same
// transaction as the Put. The ad's counter is exact for the same reason:
// it moves only in the transactions that create or delete a favourite,
// and each of those is conditioned on the favourite's absence or presence.
const (
	userPKPrefix  = "USER#"
	favSKPrefix   = "FAV#"
	skCount       = "FAVCOUNT"
	gsi1Prefix    = "FAVS#"
	typeFavourite = "Favourite"
	typeCount     = "FavouriteCount"
	attrFavCount  = "favourites"
)

func userPK(uid string) string                { return userPKPrefix + uid }
func favSK(adID string) string                { return favSKPrefix + adID }
func listPK(uid string) string                { return gsi1Prefix + uid }
func listSK(at time.Time, adID string) string { return ddb.TimeKey(at, adID) }

func favKey(uid, adID string) map[string]types.AttributeValue {
	return ddb.Key(userPK(uid), favSK(adID))
}
func countKey(uid string) map[string]types.AttributeValue { return ddb.Key(userPK(uid), skCount) }
