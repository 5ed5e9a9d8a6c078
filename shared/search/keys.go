// Package search is Remat's catalogue search on DynamoDB alone: an inverted
// index of posting items (one per ad and term) kept beside the ads, term
// counts for a query planner, and a planner that reads roughly as many
// items as it returns, whatever the catalogue size (docs/search.md has the
// design, the measured cost and a map from each step to its function).
//
// Index and Unindex maintain the postings of one ad; Search answers a
// Query with a Page of Cards read from the postings' projected fields (no
// read of the ad items), paginated with signed cursors.
//
// Files: the index (ad.go: an ad's terms; index.go, load.go; text.go: the
// text keys), the term counts (counts.go, filtercounts.go), and a search
// in three steps - search.go (Query, Page, Search) calls the planner
// (planner.go: newPlan checks the query and lists its terms,
// chooseAnchor picks the postings to read - the query choice - with
// geohash.go and geoplan.go for a radius),
// the execution (execution.go: run merges the anchor's streams; horizon.go
// bounds a merge's read-ahead) and the cursor (cursor.go: the state
// between pages). Nearest first reads a radius ring by ring instead
// (distance.go). Saved-search alerts match with alert.go.
package search

import (
	"time"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys of the search index.
//
// Items:
//
//	Posting      PK = IX#<term>        SK = <publishedAt fixed-width>#<adId>   type = Posting
//	             GSI2PK = IX#<term>, GSI2SK = <effective price in Rappen> (N)
//	             card fields: adId, title, brand, brandNorm, cats, cond, canton,
//	             priceRp, discountPct, effRp, postalCode, locality, lat, lon,
//	             gh (geohash, 7 chars), publishedAt, thumbKey, sellerId, toks (SS);
//	             on IX#all only, updatedAt (the sitemaps' lastmod)
//	Term count   PK = IXCOUNT          SK = <term>                             type = TermCount
//	             n: postings of the term (ADD ±1)
//	Term set     PK = AD#<adId>        SK = IXTERMS                            type = SearchTerms
//	             terms (SS), postingSK, ver (N): what Index last wrote for
//	             the ad, the base of the next diff
//	Vocabulary   PK = IXWORD / AD#<adId> SK = <word> / IXWORDS: the title
//	             words the search field suggests (see vocab.go)
//
// Terms: all, cat:<slug>, brand:<norm>, cond:new|used, canton:<XX>,
// gh4:<cell>, gh5:<cell>, gh6:<cell>, cat:<slug>|gh4:<cell>, cat:<slug>|gh5:<cell>,
// t:<token>, and each of these but all qualified by a condition: <term>~<new|used>
// (see Terms).
//
// Access patterns:
//
//	Newest first for a term       Query PK=IX#<term>, ScanIndexForward=false
//	By price for a term           Query GSI2 GSI2PK=IX#<term> [AND GSI2SK <= :max]
//	                              ScanIndexForward = asc/desc
//	Term selectivity (planner)    BatchGetItem IXCOUNT/<term> ...
//	Radius search                 one of the above per geohash cell (gh4:/gh5:/gh6:)
//	                              of the circle's cover, merged in Go
//	Index / re-index an ad        GetItem AD#id/IXTERMS (consistent), BatchWriteItem
//	                              puts and deletes of postings, then one
//	                              TransactWriteItems: ADD n ±1 on the changed
//	                              terms' IXCOUNT + Put IXTERMS IF ver = :seen
//	                              (or attribute_not_exists), so a retried or
//	                              replayed Index never counts a term twice
//	Unindex an ad                 the same with an empty term set; Delete IXTERMS
//	Sitemaps: the public ads      Query PK=IX#all by month (begins_with(SK, <yyyy-mm>)),
//	                              GetItem IXCOUNT/all (sitemap_store.go)
const (
	postingPKPrefix = "IX#"
	pkCount         = "IXCOUNT"
	adPKPrefix      = "AD#"
	skTerms         = "IXTERMS"

	typePosting = "Posting"
	typeCount   = "TermCount"
	typeTerms   = "SearchTerms"
)

// Term prefixes.
const (
	TermAll    = "all"
	termCat    = "cat:"
	termBrand  = "brand:"
	termCond   = "cond:"
	termCanton = "canton:"
	termGeo4   = "gh4:"
	termGeo5   = "gh5:"
	termGeo6   = "gh6:"
	condSep    = "~" // cat:tools~used: a term qualified by a condition
	catCellSep = "|" // cat:tools|gh4:u0qj: a cell restricted to a category
	// catCellMaxPrecision: category cells exist for gh4 and gh5 only.
	catCellMaxPrecision = 5
	termText            = "t:"
	postingGeoBits      = 7 // length of the geohash stored on a posting
)

func postingPK(term string) string { return postingPKPrefix + term }
func adPK(id string) string        { return adPKPrefix + id }

// postingSK orders postings newest first when read descending; the ad id
// makes it unique and is the tiebreaker.
func postingSK(publishedAt time.Time, adID string) string { return ddb.TimeKey(publishedAt, adID) }
